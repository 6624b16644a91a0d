//! `/complan/*`: the company's plan of the paid recruiter services, its monthly quotas and their
//! use, and the owner's trial application (approved in the admin console).

use actix_web::web;
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db::company_member::Role;
use crate::db::{self};
use crate::domain::plan::{self, PlanStatus};
use crate::error::ApiResult;
use crate::ids::now_ms;
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;

/// `/complan/get`: owners and HR.
pub async fn get(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<Answer<PlanStatus>> {
    who.require(&[Role::Owner, Role::Hr])?;
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| plan::status(c, company, now_ms())).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct TrialForm {
    #[serde(default)]
    pub contact: String,
    #[serde(default)]
    pub note: String,
}

/// `/complan/applyTrial`: the owner only.
pub async fn apply_trial(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<TrialForm>) -> ApiResult<Answer<PlanStatus>> {
    who.require(&[Role::Owner])?;
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| {
        plan::apply_trial(c, company, &form.contact, &form.note, now_ms())?;
        plan::status(c, company, now_ms())
    })
    .await?))
}
