//! `/comresume/funnel`: each of the company's jobs with its views (job pages opened, from the
//! behaviour log), saves and applications over a window: the recruiter's funnel, views first.

use actix_web::web;
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db::company_member::Role;
use crate::db::{self};
use crate::domain::behaviour::{self, JobFunnel};
use crate::domain::hiring_funnel::{self, HiringFunnel};
use crate::error::{ApiError, ApiResult};
use crate::ids::now_ms;
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DaysForm {
    #[serde(default)]
    pub days: String,
}

pub async fn funnel(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<DaysForm>) -> ApiResult<Answer<Vec<JobFunnel>>> {
    who.require(&[Role::Owner, Role::Hr])?;
    let t = form.days.trim();
    let days = if t.is_empty() { 30 } else { t.parse::<i64>().ok().filter(|d| (1..=90).contains(d)).ok_or_else(|| ApiError::BadInput("days must be 1-90".into()))? };
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| behaviour::company_funnel(c, company, days, now_ms())).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HiringForm {
    #[serde(default)]
    pub days: String,
    #[serde(default)]
    pub job_id: String,
}

/// `/comresume/hiringFunnel` (issue 16): applied → viewed → interview → offer → hired over the
/// applications of the last `days` (1-365, default 90), of one job (`jobId`) or all; with the
/// conversions, the time in each stage and the sources.
pub async fn hiring(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<HiringForm>) -> ApiResult<Answer<HiringFunnel>> {
    who.require(&[Role::Owner, Role::Hr])?;
    let t = form.days.trim();
    let days = if t.is_empty() { 90 } else { t.parse::<i64>().ok().filter(|d| (1..=365).contains(d)).ok_or_else(|| ApiError::BadInput("days must be 1-365".into()))? };
    let j = form.job_id.trim();
    let job = if j.is_empty() || j == "0" { None } else { Some(crate::ids::parse_id::<i64>(j, "jobId")?) };
    let company = who.company();
    let now = now_ms();
    let since = now - days * 86_400_000;
    let out = db::run(&state.pool, move |c| hiring_funnel::funnel(c, company, job, days, since, now)).await?;
    Ok(answer(out))
}
