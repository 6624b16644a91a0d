//! `/comassessment/*`: the company's assessments, sending one to an application, reading its
//! answers and scoring text answers. Owners and HR.

use actix_web::web;
use core_wasm::assessment::{AssessmentDraft, Question};
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db::company_member::Role;
use crate::db::{self};
use crate::domain::assessment::{self, CompanySend, Full, Summary};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, parse_id, ApplicationId, AssessmentId, AssessmentSendId};
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;

const ROLES: &[Role] = &[Role::Owner, Role::Hr];

pub async fn list(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<Answer<Vec<Summary>>> {
    who.require(ROLES)?;
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| assessment::list(c, company)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct IdForm {
    #[serde(default)]
    pub id: String,
}

pub async fn get(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<Full>> {
    who.require(ROLES)?;
    let id: AssessmentId = parse_id(&form.id, "id")?;
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| assessment::get(c, company, id)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveForm {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub time_limit: String,
    /// JSON: a list of core-wasm's assessment::Question.
    #[serde(default)]
    #[schema(example = r#"[{"kind":"single","text":"HTTP 404 的含义？","options":["服务器错误","未找到"],"correct":[1],"score":10}]"#)]
    pub questions: String,
}

/// `/comassessment/save`: `id` absent for a new one.
pub async fn save(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<SaveForm>) -> ApiResult<Answer<Full>> {
    who.require(ROLES)?;
    let id: Option<AssessmentId> = if form.id.trim().is_empty() { None } else { Some(parse_id(&form.id, "id")?) };
    let t = form.time_limit.trim();
    let time_limit = if t.is_empty() { 0 } else { t.parse::<i64>().map_err(|_| ApiError::BadInput("timeLimit must be a number".into()))? };
    let questions: Vec<Question> =
        serde_json::from_str(&form.questions).map_err(|e| ApiError::BadInput(format!("questions: not a list of questions: {e}")))?;
    let draft = AssessmentDraft { name: form.name, time_limit, questions };
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| assessment::save(c, company, id, &draft, now_ms())).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendForm {
    #[serde(default)]
    pub apply_id: String,
    #[serde(default)]
    pub assessment_id: String,
}

/// `/comassessment/send`: to the application, at its current stage.
pub async fn send(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<SendForm>) -> ApiResult<Answer<CompanySend>> {
    who.require(ROLES)?;
    let apply: ApplicationId = parse_id(&form.apply_id, "applyId")?;
    let id: AssessmentId = parse_id(&form.assessment_id, "assessmentId")?;
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| assessment::send(c, company, apply, id, now_ms())).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyForm {
    #[serde(default)]
    pub apply_id: String,
}

/// `/comassessment/results`: what was sent to the application, with answers and scores.
pub async fn results(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ApplyForm>) -> ApiResult<Answer<Vec<CompanySend>>> {
    who.require(ROLES)?;
    let apply: ApplicationId = parse_id(&form.apply_id, "applyId")?;
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| assessment::of_application(c, company, apply, now_ms())).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GradeForm {
    #[serde(default)]
    pub send_id: String,
    #[serde(default)]
    pub question: String,
    #[serde(default)]
    pub score: String,
}

/// `/comassessment/grade`: the score of a text answer.
pub async fn grade(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<GradeForm>) -> ApiResult<Answer<CompanySend>> {
    who.require(ROLES)?;
    let send: AssessmentSendId = parse_id(&form.send_id, "sendId")?;
    let question: i32 = form.question.trim().parse().ok().filter(|q| *q >= 0).ok_or_else(|| ApiError::BadInput("question must be a number".into()))?;
    let score: i64 = form.score.trim().parse().map_err(|_| ApiError::BadInput("score must be a number".into()))?;
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| assessment::grade(c, company, send, question, score, now_ms())).await?))
}
