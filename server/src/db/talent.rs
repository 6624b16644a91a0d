//! `talent_candidates`: a company's private candidates (issue 17), and the duplicate checks
//! against them and against the company's applicants. Every query takes the company: another
//! company's rows are never read.

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{applications, jobs, resumes, talent_candidates, talent_pipeline, users};
use crate::db::{like_escape, DbConnection};
use crate::ids::{ApplicationId, CompanyId, JobId, MemberId, ResumeId, TalentId};

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = talent_candidates)]
pub struct Talent {
    pub id: TalentId,
    pub company_id: CompanyId,
    pub job_id: Option<JobId>,
    pub name: String,
    pub mobile: String,
    pub email: String,
    pub sections: String,
    pub original_name: String,
    pub stored_name: String,
    pub content_type: String,
    pub file_size: i64,
    pub created_by: MemberId,
    pub created_at: i64,
}

/// A row of the list: no sections, with its job's title.
#[derive(Debug, Clone, Queryable, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TalentItem {
    pub id: TalentId,
    pub name: String,
    pub mobile: String,
    pub email: String,
    #[schema(required)]
    pub job_id: Option<JobId>,
    #[schema(required)]
    pub job_title: Option<String>,
    pub original_name: String,
    pub created_at: i64,
}

pub fn insert(conn: &mut DbConnection, t: &Talent) -> QueryResult<usize> {
    diesel::insert_into(talent_candidates::table).values(t).execute(conn)
}

/// The company's candidate `id`; another company's is None.
pub fn get(conn: &mut DbConnection, company: CompanyId, id: TalentId) -> QueryResult<Option<Talent>> {
    talent_candidates::table
        .filter(talent_candidates::company_id.eq(company))
        .filter(talent_candidates::id.eq(id))
        .select(Talent::as_select())
        .first(conn)
        .optional()
}

pub fn delete(conn: &mut DbConnection, company: CompanyId, id: TalentId) -> QueryResult<usize> {
    diesel::delete(talent_candidates::table.filter(talent_candidates::company_id.eq(company)).filter(talent_candidates::id.eq(id))).execute(conn)
}

/// The columns of a list row.
macro_rules! item_columns {
    () => {
        (
            talent_candidates::id,
            talent_candidates::name,
            talent_candidates::mobile,
            talent_candidates::email,
            talent_candidates::job_id,
            jobs::title.nullable(),
            talent_candidates::original_name,
            talent_candidates::created_at,
        )
    };
}

/// A page of the company's candidates, newest first: by name, mobile or email containing
/// `keyword`, and by job when `job` is given (saved for it or on its pipeline).
pub fn page(conn: &mut DbConnection, company: CompanyId, keyword: &str, job: Option<JobId>, limit: i64, offset: i64) -> QueryResult<(i64, Vec<TalentItem>)> {
    let filtered = || {
        let mut q = talent_candidates::table.left_join(jobs::table).filter(talent_candidates::company_id.eq(company)).into_boxed();
        if !keyword.is_empty() {
            let p = format!("%{}%", like_escape(keyword));
            q = q.filter(
                talent_candidates::name
                    .like(p.clone())
                    .escape('\\')
                    .or(talent_candidates::mobile.like(p.clone()).escape('\\'))
                    .or(talent_candidates::email.like(p.to_lowercase()).escape('\\')),
            );
        }
        if let Some(job) = job {
            // Saved for the job, or put on its pipeline since.
            let on_pipeline = talent_pipeline::table.filter(talent_pipeline::job_id.eq(job)).select(talent_pipeline::talent_id);
            q = q.filter(talent_candidates::job_id.eq(job).or(talent_candidates::id.eq_any(on_pipeline)));
        }
        q
    };
    let total: i64 = filtered().count().get_result(conn)?;
    let list = filtered()
        .order((talent_candidates::created_at.desc(), talent_candidates::id.desc()))
        .limit(limit)
        .offset(offset)
        .select(item_columns!())
        .load::<TalentItem>(conn)?;
    Ok((total, list))
}

/// The company's candidates with this normalised mobile or email (an empty one matches nothing).
pub fn same_contact(conn: &mut DbConnection, company: CompanyId, mobile: &str, email: &str) -> QueryResult<Vec<TalentItem>> {
    let mut out: Vec<TalentItem> = Vec::new();
    for (column_is_mobile, value) in [(true, mobile), (false, email)] {
        if value.is_empty() {
            continue;
        }
        let q = talent_candidates::table.left_join(jobs::table).filter(talent_candidates::company_id.eq(company)).into_boxed();
        let q = if column_is_mobile { q.filter(talent_candidates::mobile.eq(value)) } else { q.filter(talent_candidates::email.eq(value)) };
        for row in q.order(talent_candidates::created_at.desc()).limit(20).select(item_columns!()).load::<TalentItem>(conn)? {
            if !out.iter().any(|o| o.id == row.id) {
                out.push(row);
            }
        }
    }
    Ok(out)
}

/// An application to one of the company's jobs that may carry a mobile or email: the caller
/// confirms the exact match (domain/talent.rs) and the company's right to see it (visibility).
#[derive(Debug, Clone, Queryable)]
pub struct ApplicantMatch {
    pub application_id: ApplicationId,
    pub resume_id: ResumeId,
    pub job_title: String,
    pub user_name: String,
    pub user_mobile: Option<String>,
    pub user_email: Option<String>,
    pub basic: Option<String>,
    pub created_at: i64,
}

diesel::define_sql_function!(#[sql_name = "lower"] fn lower_nullable(x: diesel::sql_types::Nullable<diesel::sql_types::Text>) -> diesel::sql_types::Nullable<diesel::sql_types::Text>);

/// Applications to the company's jobs whose candidate's account mobile or email is the given one,
/// or whose resume's basics hold it somewhere (a narrowing only: the match is confirmed on the
/// parsed value). Only the company's own applicants: whether anyone else has an account is never told.
pub fn applicants_with_contact(conn: &mut DbConnection, company: CompanyId, mobile: &str, email: &str) -> QueryResult<Vec<ApplicantMatch>> {
    let mut out: Vec<ApplicantMatch> = Vec::new();
    for (is_mobile, value) in [(true, mobile), (false, email)] {
        if value.is_empty() {
            continue;
        }
        let q = applications::table
            .inner_join(jobs::table)
            .inner_join(users::table.on(users::id.eq(applications::user_id)))
            .inner_join(resumes::table)
            .filter(jobs::company_id.eq(company))
            .into_boxed();
        let inside = format!("%{}%", like_escape(value));
        let q = if is_mobile {
            q.filter(users::mobile.eq(value).or(resumes::basic.like(inside).escape('\\')))
        } else {
            q.filter(lower_nullable(users::email).eq(value).or(lower_nullable(resumes::basic).like(inside).escape('\\')))
        };
        let rows: Vec<ApplicantMatch> = q
            .order(applications::created_at.desc())
            .limit(50)
            .select((
                applications::id,
                applications::resume_id,
                jobs::title,
                users::name,
                users::mobile,
                users::email,
                resumes::basic,
                applications::created_at,
            ))
            .load(conn)?;
        for row in rows {
            if !out.iter().any(|o| o.application_id == row.application_id) {
                out.push(row);
            }
        }
    }
    Ok(out)
}

/// The title of the company's job `job`; another company's job is None.
pub fn company_job_title(conn: &mut DbConnection, company: CompanyId, job: JobId) -> QueryResult<Option<String>> {
    jobs::table.filter(jobs::company_id.eq(company)).filter(jobs::id.eq(job)).select(jobs::title).first(conn).optional()
}
