//! `/pcjob/report`: a candidate reports a job (举报); the report waits in the admin console's queue.

use actix_web::web;
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db;
use crate::domain::moderation;
use crate::error::ApiResult;
use crate::ids::{parse_id, JobId};
use crate::state::AppState;
use crate::web::extract::LoggedIn;
use crate::web::form::Form;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReportForm {
    #[serde(default)]
    pub jobid: String,
    /// fake, fraud, discrimination, fee, contact or other.
    #[serde(default)]
    pub reason: String,
    #[serde(default)]
    pub detail: String,
}

pub async fn report(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ReportForm>) -> ApiResult<Answer<bool>> {
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    let user = who.0.user.user_id();
    db::run(&state.pool, move |c| moderation::report_job(c, user, job, form.reason.trim(), &form.detail)).await?;
    Ok(answer(true))
}
