//! `saved_jobs`: the jobs a candidate keeps to look at again.

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{companies, jobs, saved_jobs};
use crate::db::{application, DbConnection};
use crate::ids::{CompanyId, JobId, UserId};

/// Saves `job` for `user`; saving it again changes nothing.
pub fn save(conn: &mut DbConnection, user: UserId, job: JobId, now: i64) -> QueryResult<()> {
    let exists: bool = diesel::select(diesel::dsl::exists(
        saved_jobs::table.filter(saved_jobs::user_id.eq(user)).filter(saved_jobs::job_id.eq(job)),
    ))
    .get_result(conn)?;
    if !exists {
        diesel::insert_into(saved_jobs::table)
            .values((saved_jobs::user_id.eq(user), saved_jobs::job_id.eq(job), saved_jobs::created_at.eq(now)))
            .execute(conn)?;
    }
    Ok(())
}

/// How many rows went: 0 when the job was not saved.
pub fn remove(conn: &mut DbConnection, user: UserId, job: JobId) -> QueryResult<usize> {
    diesel::delete(saved_jobs::table.filter(saved_jobs::user_id.eq(user)).filter(saved_jobs::job_id.eq(job))).execute(conn)
}

pub fn remove_all(conn: &mut DbConnection, user: UserId) -> QueryResult<usize> {
    diesel::delete(saved_jobs::table.filter(saved_jobs::user_id.eq(user))).execute(conn)
}

/// Which of `jobs` the user saved.
pub fn saved_among(conn: &mut DbConnection, user: UserId, jobs: &[JobId]) -> QueryResult<Vec<JobId>> {
    saved_jobs::table
        .filter(saved_jobs::user_id.eq(user))
        .filter(saved_jobs::job_id.eq_any(jobs))
        .select(saved_jobs::job_id)
        .load(conn)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = jobs)]
pub struct SavedJob {
    pub id: JobId,
    pub title: String,
    pub city: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub experience: String,
    pub education: String,
    pub closed: bool,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = companies)]
pub struct SavedCompany {
    pub id: CompanyId,
    pub name: String,
}

/// A saved job with its company, as /my/saved lists it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = saved_jobs)]
pub struct SavedRow {
    #[diesel(embed)]
    pub job: SavedJob,
    #[diesel(embed)]
    pub company: SavedCompany,
    pub created_at: i64,
}

/// The JSON of one saved job.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedJobItem {
    pub job_id: JobId,
    pub title: String,
    pub company_id: CompanyId,
    pub company_name: String,
    pub city: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub experience: String,
    pub education: String,
    /// Closed since it was saved: listed, but cannot be applied for.
    pub closed: bool,
    pub applied: bool,
    pub saved_at: i64,
}

/// A page of the user's saved jobs, newest first, each flagged when the user applied for it; and the total.
pub fn page_of_user(conn: &mut DbConnection, user: UserId, limit: i64, offset: i64) -> QueryResult<(Vec<SavedJobItem>, i64)> {
    let total: i64 = saved_jobs::table.filter(saved_jobs::user_id.eq(user)).count().get_result(conn)?;
    let rows: Vec<SavedRow> = saved_jobs::table
        .inner_join(jobs::table.inner_join(companies::table))
        .filter(saved_jobs::user_id.eq(user))
        .order((saved_jobs::created_at.desc(), saved_jobs::job_id.desc()))
        .limit(limit)
        .offset(offset)
        .select(SavedRow::as_select())
        .load(conn)?;
    let ids: Vec<JobId> = rows.iter().map(|r| r.job.id).collect();
    let applied = application::applied_among(conn, user, &ids)?;
    let list = rows
        .into_iter()
        .map(|r| SavedJobItem {
            applied: applied.contains(&r.job.id),
            job_id: r.job.id,
            title: r.job.title,
            company_id: r.company.id,
            company_name: r.company.name,
            city: r.job.city,
            salary_min: r.job.salary_min,
            salary_max: r.job.salary_max,
            experience: r.job.experience,
            education: r.job.education,
            closed: r.job.closed,
            saved_at: r.created_at,
        })
        .collect();
    Ok((list, total))
}
