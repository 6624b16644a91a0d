//! `company_disables`: companies an admin disabled, with the reason.

use diesel::prelude::*;

use crate::db::schema::company_disables;
use crate::db::DbConnection;
use crate::ids::CompanyId;

#[derive(Debug, Insertable)]
#[diesel(table_name = company_disables)]
struct NewCompanyDisable<'a> {
    company_id: CompanyId,
    reason: &'a str,
    at: i64,
}

/// Those of `ids` that are disabled.
pub fn disabled_among(c: &mut DbConnection, ids: &[CompanyId]) -> QueryResult<Vec<CompanyId>> {
    company_disables::table.filter(company_disables::company_id.eq_any(ids)).select(company_disables::company_id).load(c)
}

/// Marks the company disabled with `reason`, or enabled (None).
pub fn set(c: &mut DbConnection, company: CompanyId, reason: Option<&str>, now: i64) -> QueryResult<()> {
    diesel::delete(company_disables::table.find(company)).execute(c)?;
    if let Some(reason) = reason {
        diesel::insert_into(company_disables::table).values(&NewCompanyDisable { company_id: company, reason, at: now }).execute(c)?;
    }
    Ok(())
}
