//! The console's front page: how many of each thing the site holds.

use serde::Serialize;

use crate::db::{application, chat, company, company_member, company_review, job, job_report, user, DbConnection};
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
    /// Recruiters' chat messages that asked for money (the candidate saw a fraud warning): all told,
    /// and in the last 7 days.
    pub chat_money_warnings: i64,
    pub chat_money_warnings_week: i64,
}

pub fn totals(c: &mut DbConnection) -> ApiResult<Totals> {
    let companies = company::count(c)?;
    // A company without a review row is pending too, so pending ones are counted as those not decided.
    let decided = company_review::decided_count(c)?;
    let week_ago = crate::ids::now_ms() - 7 * 86_400_000;
    let (chat_money_warnings, chat_money_warnings_week) = chat::flagged_counts(c, crate::domain::chat_tools::MONEY_FLAG, week_ago)?;
    Ok(Totals {
        candidates: user::count(c)?,
        companies,
        members: company_member::count(c)?,
        open_jobs: job::open_count(c)?,
        applications: application::count(c)?,
        open_reports: job_report::open_count(c)?,
        pending_companies: companies - decided,
        chat_money_warnings,
        chat_money_warnings_week,
    })
}
