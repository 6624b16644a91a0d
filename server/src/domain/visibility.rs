//! Which resumes a company may see. Every employer-facing read of a resume goes through
//! here, so a candidate's block holds wherever the recruiter side reads.
//!
//! A block covers the blocked company and every company of the same group, that is
//! sharing its non-empty short name (blocking 深圳市腾讯计算机系统有限公司 also hides the
//! resume from 腾讯云计算（北京）有限责任公司 when both are 腾讯).

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::{CompanyId, ResumeId};
use crate::db::schema::{companies, shields};

/// The companies a block on `blocked` covers: itself and its group.
pub fn group_of(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<i64>> {
    let short: Option<String> =
        companies::table.find(company.0).select(companies::short_name).first(conn).optional()?;
    match short.filter(|s| !s.trim().is_empty()) {
        Some(short) => companies::table.filter(companies::short_name.eq(short)).select(companies::id).load(conn),
        None => Ok(vec![company.0]),
    }
}

/// The subset of `resumes` that `viewer` may see.
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
    Ok(resumes.iter().copied().filter(|r| !blocked.contains(&r.0)).collect())
}

pub fn may_view(conn: &mut DbConnection, viewer: CompanyId, resume: ResumeId) -> QueryResult<bool> {
    Ok(!visible_to(conn, viewer, &[resume])?.is_empty())
}
