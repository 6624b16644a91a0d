//! The console's front page: how many of each thing the site holds.

use serde::Serialize;

use crate::db::{application, company, company_member, company_review, job, job_report, user, DbConnection};
use crate::error::ApiResult;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SiteTotals)]
pub struct Totals {
    pub candidates: i64,
    pub companies: i64,
    pub members: i64,
    pub open_jobs: i64,
    pub applications: i64,
    pub open_reports: i64,
    pub pending_companies: i64,
}

pub fn totals(c: &mut DbConnection) -> ApiResult<Totals> {
    let companies = company::count(c)?;
    // A company without a review row is pending too, so pending ones are counted as those not decided.
    let decided = company_review::decided_count(c)?;
    Ok(Totals {
        candidates: user::count(c)?,
        companies,
        members: company_member::count(c)?,
        open_jobs: job::open_count(c)?,
        applications: application::count(c)?,
        open_reports: job_report::open_count(c)?,
        pending_companies: companies - decided,
    })
}
