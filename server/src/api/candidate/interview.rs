//! The candidate's interview invitations on /my/apply: the list, and accepting or declining.

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::api::{answer as answered, Answer};
use crate::db;
use crate::domain::interview::candidate::{self, CandidateInterview};
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, InterviewId};
use crate::state::AppState;
use crate::web::extract::LoggedIn;
use crate::web::form::Form;

/// `/pcuser/interviewList`'s answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InterviewList {
    pub list: Vec<CandidateInterview>,
}

/// The caller's interviews, newest start first.
pub async fn list(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<InterviewList>> {
    let user = who.0.user.user_id();
    let list = db::run(&state.pool, move |c| candidate::list(c, user)).await?;
    Ok(answered(InterviewList { list }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AnswerForm {
    #[serde(default)]
    pub id: String,
    /// `accept` or `decline`.
    #[serde(default)]
    pub answer: String,
}

/// The answers to an invitation, and whether each accepts.
pub const ANSWERS: [(&str, bool); 2] = [("accept", true), ("decline", false)];

pub async fn answer(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<AnswerForm>) -> ApiResult<Answer<bool>> {
    let id: InterviewId = parse_id(&form.id, "id")?;
    let accept = ANSWERS.iter().find(|(name, _)| *name == form.answer.trim()).map(|(_, accept)| *accept);
    let accept = accept.ok_or_else(|| ApiError::BadInput("answer".into()))?;
    let user = who.0.user.user_id();
    db::run(&state.pool, move |c| candidate::answer(c, user, id, accept)).await?;
    // The recruiter's thread that carries the invitation hears of it (issue 32).
    // The answer stands whatever happens here: a note that failed is only a later refresh's news.
    let notes = db::run(&state.pool, move |c| crate::domain::chat_exchange::interview_answered(c, user, id)).await.unwrap_or_else(|e| {
        tracing::warn!(error = %e, "chat: interview answer note");
        Vec::new()
    });
    for (conversation, seq) in notes {
        state.chat.rang(crate::providers::wakeup::Bell::Message { conversation, seq });
    }
    Ok(answered(true))
}
