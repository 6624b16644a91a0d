//! `shields`: a candidate hides one of their resumes from a company (and its group: the companies
//! sharing its short name, domain/visibility.rs).

use diesel::prelude::*;
use serde::Serialize;

use crate::db::company::{self, CompanyBrief};
use crate::db::schema::{companies, resumes, shields};
use crate::db::DbConnection;
use crate::ids::{CompanyId, ResumeId, UserId};

/// Hides `resume` from `company`; hiding it again changes nothing. The caller checks that the
/// resume is the user's.
pub fn block(conn: &mut DbConnection, user: UserId, resume: ResumeId, company: CompanyId, now: i64) -> QueryResult<()> {
    let exists: bool = diesel::select(diesel::dsl::exists(
        shields::table.filter(shields::resume_id.eq(resume)).filter(shields::company_id.eq(company)),
    ))
    .get_result(conn)?;
    if !exists {
        diesel::insert_into(shields::table)
            .values((
                shields::user_id.eq(user),
                shields::resume_id.eq(resume),
                shields::company_id.eq(company),
                shields::created_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Every resume blocked for one of `companies` is blocked for `company` too (a company leaving a
/// block group keeps its blocks); `block` keeps one row a resume and company.
pub fn extend_to(conn: &mut DbConnection, companies: &[i64], company: CompanyId, now: i64) -> QueryResult<()> {
    let held: Vec<(UserId, ResumeId)> =
        shields::table.filter(shields::company_id.eq_any(companies)).select((shields::user_id, shields::resume_id)).distinct().load(conn)?;
    for (user, resume) in held {
        block(conn, user, resume, company, now)?;
    }
    Ok(())
}

/// How many rows went: 0 when there was no such block of the user's.
pub fn unblock(conn: &mut DbConnection, user: UserId, resume: ResumeId, company: CompanyId) -> QueryResult<usize> {
    diesel::delete(
        shields::table.filter(shields::user_id.eq(user)).filter(shields::resume_id.eq(resume)).filter(shields::company_id.eq(company)),
    )
    .execute(conn)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = companies)]
pub struct BlockedCompany {
    pub id: CompanyId,
    pub name: String,
    pub short_name: String,
    pub city: String,
    pub industry: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = resumes)]
pub struct BlockedResume {
    pub id: ResumeId,
    pub title: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = shields)]
pub struct ShieldRow {
    #[diesel(embed)]
    pub company: BlockedCompany,
    #[diesel(embed)]
    pub resume: BlockedResume,
    pub created_at: i64,
}

/// The JSON of one block on /my/shield.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShieldItem {
    pub com_id: CompanyId,
    pub comname: String,
    pub short_name: String,
    pub city: String,
    pub industry: String,
    pub resume_id: ResumeId,
    pub resume_title: String,
    pub created_at: i64,
}

/// The user's blocks, newest first.
pub fn list_of_user(conn: &mut DbConnection, user: UserId) -> QueryResult<Vec<ShieldItem>> {
    let rows: Vec<ShieldRow> = shields::table
        .inner_join(companies::table)
        .inner_join(resumes::table)
        .filter(shields::user_id.eq(user))
        .order(shields::created_at.desc())
        .select(ShieldRow::as_select())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|r| ShieldItem {
            com_id: r.company.id,
            comname: r.company.name,
            short_name: r.company.short_name,
            city: r.company.city,
            industry: r.company.industry,
            resume_id: r.resume.id,
            resume_title: r.resume.title,
            created_at: r.created_at,
        })
        .collect())
}

/// A company found by name, and whether the user blocked it with any resume.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyToBlock {
    pub com_id: CompanyId,
    pub comname: String,
    pub short_name: String,
    pub city: String,
    pub industry: String,
    pub shielded: bool,
}

/// Companies whose full or short name contains `words`, with the user's blocks marked.
pub fn search_companies(conn: &mut DbConnection, user: UserId, words: &str, limit: i64) -> QueryResult<Vec<CompanyToBlock>> {
    let found: Vec<CompanyBrief> = company::named_like(conn, words, limit)?;
    let ids: Vec<CompanyId> = found.iter().map(|c| c.id).collect();
    let blocked: Vec<CompanyId> = shields::table
        .filter(shields::user_id.eq(user))
        .filter(shields::company_id.eq_any(&ids))
        .select(shields::company_id)
        .load(conn)?;
    Ok(found
        .into_iter()
        .map(|c| CompanyToBlock {
            shielded: blocked.contains(&c.id),
            com_id: c.id,
            comname: c.name,
            short_name: c.short_name,
            city: c.city,
            industry: c.industry,
        })
        .collect())
}

/// The user's resumes hidden from any company of `group` (domain/visibility.rs `group_of`).
pub fn hidden_from_group(conn: &mut DbConnection, user: UserId, group: &[i64]) -> QueryResult<Vec<ResumeId>> {
    shields::table.filter(shields::user_id.eq(user)).filter(shields::company_id.eq_any(group)).select(shields::resume_id).distinct().load(conn)
}

/// The resumes blocked for any company of `group`.
pub fn blocked_for_group(conn: &mut DbConnection, group: &[i64]) -> QueryResult<Vec<i64>> {
    shields::table.filter(shields::company_id.eq_any(group)).select(shields::resume_id).load(conn)
}

/// Which of `resumes` are blocked for any company of `group`.
pub fn blocked_among(conn: &mut DbConnection, resumes: &[i64], group: &[i64]) -> QueryResult<Vec<i64>> {
    shields::table
        .filter(shields::resume_id.eq_any(resumes))
        .filter(shields::company_id.eq_any(group))
        .select(shields::resume_id)
        .load(conn)
}

/// Which of `users` blocked any company of `group` (with any of their resumes).
pub fn users_blocking_group(conn: &mut DbConnection, users: &[UserId], group: &[i64]) -> QueryResult<Vec<UserId>> {
    shields::table
        .filter(shields::user_id.eq_any(users))
        .filter(shields::company_id.eq_any(group))
        .select(shields::user_id)
        .distinct()
        .load(conn)
}
