//! `/pcassessment/*`: the candidate's assessments on /my/apply: the list, opening one (which
//! starts its clock), saving one answer at a time, handing it in.

use actix_web::web;
use serde::Deserialize;

use crate::api::{answer as answered, Answer};
use crate::domain::assessment::{self, MySend, Paper};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, parse_id, AssessmentSendId};
use crate::state::AppState;
use crate::web::extract::LoggedInOneTrip;
use crate::web::form::Form;

pub async fn list(state: web::Data<AppState>, who: LoggedInOneTrip) -> ApiResult<Answer<Vec<MySend>>> {
    Ok(answered(who.run(&state.pool, move |c, s| assessment::mine(c, s.user.user_id(), now_ms())).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct IdForm {
    #[serde(default)]
    pub id: String,
}

pub async fn start(state: web::Data<AppState>, who: LoggedInOneTrip, Form(form): Form<IdForm>) -> ApiResult<Answer<Paper>> {
    let id: AssessmentSendId = parse_id(&form.id, "id")?;
    Ok(answered(who.run(&state.pool, move |c, s| assessment::start(c, s.user.user_id(), id, now_ms())).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AnswerForm {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub question: String,
    #[serde(default)]
    pub answer: String,
}

pub async fn answer(state: web::Data<AppState>, who: LoggedInOneTrip, Form(form): Form<AnswerForm>) -> ApiResult<Answer<crate::db::assessment_answer::Answer>> {
    let id: AssessmentSendId = parse_id(&form.id, "id")?;
    let question: i32 = form.question.trim().parse().ok().filter(|q| *q >= 0).ok_or_else(|| ApiError::BadInput("question must be a number".into()))?;
    let text = form.answer;
    Ok(answered(who.run(&state.pool, move |c, s| assessment::answer(c, s.user.user_id(), id, question, &text, now_ms())).await?))
}

pub async fn submit(state: web::Data<AppState>, who: LoggedInOneTrip, Form(form): Form<IdForm>) -> ApiResult<Answer<Paper>> {
    let id: AssessmentSendId = parse_id(&form.id, "id")?;
    Ok(answered(who.run(&state.pool, move |c, s| assessment::submit(c, s.user.user_id(), id, now_ms())).await?))
}
