//! `company_quota_seen`: what a company's quota already counted in a Beijing month (a resume, a
//! file), so that opening it again that month counts nothing.

use diesel::prelude::*;

use crate::db::schema::company_quota_seen;
use crate::db::DbConnection;
use crate::ids::CompanyId;

#[derive(Debug, Insertable)]
#[diesel(table_name = company_quota_seen)]
pub struct QuotaSeen<'a> {
    pub company_id: CompanyId,
    pub month: &'a str,
    pub kind: &'a str,
    pub target: i64,
}

pub fn exists(c: &mut DbConnection, seen: &QuotaSeen) -> QueryResult<bool> {
    let found: Option<i64> = company_quota_seen::table
        .find((seen.company_id.0, seen.month, seen.kind, seen.target))
        .select(company_quota_seen::target)
        .first(c)
        .optional()?;
    Ok(found.is_some())
}

pub fn insert(c: &mut DbConnection, seen: &QuotaSeen) -> QueryResult<usize> {
    diesel::insert_into(company_quota_seen::table).values(seen).execute(c)
}
