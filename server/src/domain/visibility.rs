//! Which resumes a company may see. Every employer-facing read of a resume goes through
//! here, so a candidate's block and a resume's openness hold wherever the recruiter side reads.
//!
//! Two settings of the candidate's decide, the block first:
//! - A block covers the blocked company and every company of the same group, that is
//!   sharing its non-empty short name (blocking 深圳市腾讯计算机系统有限公司 also hides the
//!   resume from 腾讯云计算（北京）有限责任公司 when both are 腾讯). It wins over everything,
//!   applications included.
//! - The resume's openness (/pcuser/updateType, core-wasm's behaviour::Openness): `public` (the
//!   default) lets every company find and open it; `applied` and `hidden` keep it out of every
//!   search, and only a company holding an application with the resume (to one of its own jobs)
//!   may open it, so what a candidate sent stays readable by whom they sent it to.

use core_wasm::behaviour::Openness;
use diesel::prelude::*;

use crate::db::schema::{applications, companies, jobs, shields};
use crate::db::{resume, resume_openness, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, CompanyId, ResumeId, UserId};

/// The companies a block on `blocked` covers: itself and its group.
pub fn group_of(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<i64>> {
    let short = group_name(conn, company)?;
    if short.is_empty() {
        return Ok(vec![company.0]);
    }
    companies::table.filter(companies::short_name.eq(short)).select(companies::id).load(conn)
}

/// The short name that makes the company's group, or "" when it is in none (a blank short name).
pub fn group_name(conn: &mut DbConnection, company: CompanyId) -> QueryResult<String> {
    let short: Option<String> = companies::table.find(company.0).select(companies::short_name).first(conn).optional()?;
    Ok(short.filter(|s| !s.trim().is_empty()).unwrap_or_default())
}

/// The resumes blocked for `viewer` or its group.
pub fn blocked_for(conn: &mut DbConnection, viewer: CompanyId) -> QueryResult<Vec<i64>> {
    let group = group_of(conn, viewer)?;
    shields::table.filter(shields::company_id.eq_any(group)).select(shields::resume_id).load(conn)
}

/// The resumes no resume search may list, whoever searches (their openness is not public), as a
/// subquery: `resumes::id.ne_all(visibility::unsearchable())`. Blocks come on top, per viewer.
pub fn unsearchable() -> resume_openness::UnsearchableIds {
    resume_openness::unsearchable()
}

/// The resumes closed to search at or after `since`: resume search's index (search/resumes.rs) may
/// hold them until its next sync, so the query leaves them out by id meanwhile.
pub fn closed_since(conn: &mut DbConnection, since: i64) -> QueryResult<Vec<i64>> {
    resume_openness::closed_since(conn, since)
}

/// The subset of `resumes` that `viewer` may open.
pub fn visible_to(conn: &mut DbConnection, viewer: CompanyId, resumes: &[ResumeId]) -> QueryResult<Vec<ResumeId>> {
    if resumes.is_empty() {
        return Ok(Vec::new());
    }
    let group = group_of(conn, viewer)?;
    let ids: Vec<i64> = resumes.iter().map(|r| r.0).collect();
    let blocked: Vec<i64> = shields::table
        .filter(shields::resume_id.eq_any(&ids))
        .filter(shields::company_id.eq_any(&group))
        .select(shields::resume_id)
        .load(conn)?;
    let closed: Vec<i64> = resume_openness::of_resumes(conn, &ids)?
        .into_iter()
        .filter(|r| !resume_openness::read_code(&r.openness).searchable())
        .map(|r| r.resume_id.0)
        .collect();
    // A closed resume is open to the companies holding an application with it.
    let sent_to_viewer: Vec<i64> = if closed.is_empty() {
        Vec::new()
    } else {
        applications::table
            .inner_join(jobs::table)
            .filter(applications::resume_id.eq_any(&closed))
            .filter(jobs::company_id.eq(viewer.0))
            .select(applications::resume_id)
            .distinct()
            .load(conn)?
    };
    Ok(resumes
        .iter()
        .copied()
        .filter(|r| !blocked.contains(&r.0))
        .filter(|r| !closed.contains(&r.0) || sent_to_viewer.contains(&r.0))
        .collect())
}

pub fn may_view(conn: &mut DbConnection, viewer: CompanyId, resume: ResumeId) -> QueryResult<bool> {
    Ok(!visible_to(conn, viewer, &[resume])?.is_empty())
}

/// `/pcuser/updateType`: the candidate sets one of their own resumes' openness. Another user's
/// resume is NOT_FOUND. Resume search leaves out a resume closed since its index's last sync, so
/// closing holds at once; the caller syncs this server's index so that opening does too.
pub fn set_openness(conn: &mut DbConnection, user: UserId, resume: ResumeId, openness: Openness) -> ApiResult<()> {
    if !resume::is_owned(conn, user, resume)? {
        return Err(ApiError::NotFound);
    }
    crate::db::write_transaction(conn, |c| Ok(resume_openness::set(c, resume, openness, now_ms())?))
}
