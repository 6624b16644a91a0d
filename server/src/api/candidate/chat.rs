//! `/chat/*`: the candidate's conversations with recruiters (issue 32; the rules are domain/chat.rs's).

use std::time::Duration;

use actix_web::web;
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db;
use crate::domain::chat::{self, ChatList, ChatMessage, ChatMessages, ChatRead, Me, Started};
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, ConversationId, JobId};
use crate::providers::wakeup::Bell;
use crate::rate_limit::RateLimiter;
use crate::state::AppState;
use crate::web::extract::LoggedIn;
use crate::web::form::Form;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StartForm {
    #[serde(default)]
    pub jobid: String,
}

/// Opens (or reuses) the conversation with the job's recruiter, with the job's card.
pub async fn start(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<StartForm>) -> ApiResult<Answer<Started>> {
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    let user = who.0.user.user_id();
    let started = db::run(&state.pool, move |c| chat::start_as_candidate(c, user, job)).await?;
    if let Some(seq) = started.card_seq {
        state.chat.rang(Bell::Message { conversation: started.conversation_id, seq });
    }
    Ok(answer(started))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SendForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// The client's own id of the message (1-64 of A-Z a-z 0-9 _ -); a resend answers the stored one.
    #[serde(default, rename = "clientId")]
    pub client_id: String,
    /// `text` or `emoji`.
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub text: String,
}

pub async fn send(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<SendForm>) -> ApiResult<Answer<ChatMessage>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let checked = chat::checked_send(&form.kind, &form.text, &form.client_id)?;
    let me = Me::Candidate(who.0.user.user_id());
    let limit = RateLimiter::new(state.store.clone(), "chat-send", chat::SENDS_PER_MINUTE, Duration::from_secs(60));
    if !limit.hit(&chat::send_limit_key(me)) {
        return Err(ApiError::RateLimited);
    }
    let client_id = form.client_id;
    let stored = db::run(&state.pool, move |c| chat::send(c, me, id, &client_id, &checked)).await?;
    state.chat.rang(Bell::Message { conversation: id, seq: stored.seq });
    Ok(answer(stored))
}

pub async fn list(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<ChatList>> {
    let me = Me::Candidate(who.0.user.user_id());
    let list = db::run(&state.pool, move |c| chat::list(c, me)).await?;
    Ok(answer(list))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MessagesForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// The last seq the client has (0 or empty: from the start).
    #[serde(default, rename = "afterSeq")]
    pub after_seq: String,
}

pub async fn messages(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<MessagesForm>) -> ApiResult<Answer<ChatMessages>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let after = chat::parse_seq(&form.after_seq, "afterSeq")?;
    let me = Me::Candidate(who.0.user.user_id());
    let page = db::run(&state.pool, move |c| chat::messages(c, me, id, after)).await?;
    Ok(answer(page))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReadForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// Read up to this seq.
    #[serde(default)]
    pub seq: String,
}

pub async fn read(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ReadForm>) -> ApiResult<Answer<ChatRead>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let seq = chat::parse_seq(&form.seq, "seq")?;
    let me = Me::Candidate(who.0.user.user_id());
    let read = db::run(&state.pool, move |c| chat::read(c, me, id, seq)).await?;
    state.chat.rang(Bell::Read { conversation: id, side: me.side(), seq: read.read_seq });
    Ok(answer(read))
}
