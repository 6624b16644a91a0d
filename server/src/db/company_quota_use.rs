//! `company_quota_uses`: how much of each quota a company used in a Beijing month (`YYYYMM`); the
//! kinds and the limits are domain/plan.rs's.

use diesel::prelude::*;

use crate::db::schema::company_quota_uses;
use crate::db::DbConnection;
use crate::ids::CompanyId;

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = company_quota_uses)]
pub struct QuotaUse {
    pub kind: String,
    pub used: i64,
}

/// The company's uses in `month`, one row per kind used.
pub fn of_month(c: &mut DbConnection, company: CompanyId, month: &str) -> QueryResult<Vec<QuotaUse>> {
    company_quota_uses::table
        .filter(company_quota_uses::company_id.eq(company))
        .filter(company_quota_uses::month.eq(month))
        .select(QuotaUse::as_select())
        .load(c)
}

/// The uses of `kind` in `month`; None before the first.
pub fn used(c: &mut DbConnection, company: CompanyId, month: &str, kind: &str) -> QueryResult<Option<i64>> {
    company_quota_uses::table.find((company.0, month, kind)).select(company_quota_uses::used).first(c).optional()
}

/// Counts one more use where the month's row of `kind` exists.
pub fn add_one(c: &mut DbConnection, company: CompanyId, month: &str, kind: &str) -> QueryResult<usize> {
    diesel::update(company_quota_uses::table.find((company.0, month, kind)))
        .set(company_quota_uses::used.eq(company_quota_uses::used + 1))
        .execute(c)
}

#[derive(Debug, Insertable)]
#[diesel(table_name = company_quota_uses)]
pub struct NewQuotaUse<'a> {
    pub company_id: CompanyId,
    pub month: &'a str,
    pub kind: &'a str,
    pub used: i64,
}

pub fn insert(c: &mut DbConnection, new: &NewQuotaUse) -> QueryResult<usize> {
    diesel::insert_into(company_quota_uses::table).values(new).execute(c)
}
