//! `/admin/trial/*`: the companies' trial applications (issue 16), listed by status and decided.

use actix_web::{web, HttpRequest};
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db::admin::AdminRole::{Reviewer, Super, Support};
use crate::db::company_trial::TrialRow;
use crate::db::{self};
use crate::domain::admin::{companies, Actor};
use crate::error::ApiResult;
use crate::ids::{parse_id, CompanyId};
use crate::state::AppState;
use crate::web::client_ip;
use crate::web::extract::AdminSession;
use crate::web::form::Form;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct TrialListForm {
    #[serde(default)]
    pub status: String,
}

/// `/admin/trial/list`: the companies' trial applications in a status (default pending).
pub async fn trial_list(state: web::Data<AppState>, who: AdminSession, Form(form): Form<TrialListForm>) -> ApiResult<Answer<Vec<TrialRow>>> {
    who.require(&[Super, Reviewer, Support])?;
    let status = if form.status.trim().is_empty() { "pending".to_string() } else { form.status.trim().to_string() };
    Ok(answer(db::run(&state.pool, move |c| crate::domain::plan::trial_queue(c, &status)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrialDecideForm {
    #[serde(default)]
    pub company_id: String,
    #[serde(default)]
    pub decision: String,
    #[serde(default)]
    pub reason: String,
}

/// `/admin/trial/decide`: approves or rejects a pending trial application, audited.
pub async fn trial_decide(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<TrialDecideForm>) -> ApiResult<Answer<bool>> {
    who.require(&[Super, Reviewer])?;
    let company: CompanyId = parse_id(&form.company_id, "companyId")?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| companies::decide_trial(c, &Actor { admin: &who.admin, ip: &ip }, company, form.decision.trim(), &form.reason)).await?;
    Ok(answer(true))
}
