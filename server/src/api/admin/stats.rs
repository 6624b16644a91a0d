//! `/admin/stats`: how many of each thing the site holds (domain/admin/stats.rs).
//! `/admin/jobStats`: what the behaviour log counts (domain/behaviour.rs): views of job pages, saves,
//! applications and the view → apply conversion, over the site and for its most viewed jobs.
//! `/admin/statsDaily`: the site's days (domain/site_stats.rs): registrations by side, jobs
//! published, applications, interviews, views, and the site's funnel.

use actix_web::web;
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db::admin::AdminRole::{Reviewer, Super, Support};
use crate::db::{self};
use crate::domain::admin::stats::{totals, Totals};
use crate::domain::behaviour::SiteJobStats;
use crate::domain::site_stats::SiteStats;
use crate::domain::{behaviour, site_stats};
use crate::error::{ApiError, ApiResult};
use crate::ids::now_ms;
use crate::state::AppState;
use crate::web::extract::AdminSession;
use crate::web::form::Form;

/// The most viewed jobs listed.
pub const TOP_JOBS: usize = 20;
/// The longest window, in days.
pub const MAX_DAYS: i64 = 90;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DaysForm {
    #[serde(default)]
    pub days: String,
}

/// `days`: 1-90, default 30.
pub fn days_of(raw: &str) -> ApiResult<i64> {
    let t = raw.trim();
    if t.is_empty() {
        return Ok(30);
    }
    t.parse::<i64>().ok().filter(|d| (1..=MAX_DAYS).contains(d)).ok_or_else(|| ApiError::BadInput(format!("days must be 1-{MAX_DAYS}")))
}

pub async fn stats(state: web::Data<AppState>, who: AdminSession) -> ApiResult<Answer<Totals>> {
    who.require(&[Super, Reviewer, Support])?;
    Ok(answer(db::run(&state.pool, totals).await?))
}

pub async fn job_stats(state: web::Data<AppState>, who: AdminSession, Form(form): Form<DaysForm>) -> ApiResult<Answer<SiteJobStats>> {
    who.require(&[Super, Reviewer, Support])?;
    let days = days_of(&form.days)?;
    Ok(answer(db::run(&state.pool, move |c| behaviour::site_job_stats(c, days, TOP_JOBS, now_ms())).await?))
}

pub async fn stats_daily(state: web::Data<AppState>, who: AdminSession, Form(form): Form<DaysForm>) -> ApiResult<Answer<SiteStats>> {
    who.require(&[Super, Reviewer, Support])?;
    let days = days_of(&form.days)?;
    Ok(answer(db::run(&state.pool, move |c| site_stats::daily(c, days, now_ms())).await?))
}
