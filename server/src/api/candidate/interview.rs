//! The candidate's interview invitations on /my/apply: the list, and accepting or declining.

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::api::ok;
use crate::db;
use crate::domain::interview::candidate;
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, InterviewId};
use crate::state::AppState;
use crate::web::extract::LoggedIn;
use crate::web::form::Form;

/// The caller's interviews, newest start first.
pub async fn list(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<HttpResponse> {
    let user = who.0.user.user_id();
    let list = db::run(&state.pool, move |c| candidate::list(c, user)).await?;
    Ok(ok(serde_json::json!({ "list": list })))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AnswerForm {
    #[serde(default)]
    pub id: String,
    /// `accept` or `decline`.
    #[serde(default)]
    pub answer: String,
}

pub async fn answer(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<AnswerForm>) -> ApiResult<HttpResponse> {
    let id: InterviewId = parse_id(&form.id, "id")?;
    let accept = match form.answer.trim() {
        "accept" => true,
        "decline" => false,
        _ => return Err(ApiError::BadInput("answer".into())),
    };
    let user = who.0.user.user_id();
    db::run(&state.pool, move |c| candidate::answer(c, user, id, accept)).await?;
    Ok(ok(true))
}
