//! The chat calls both sides make alike (`/chat/*` for the candidate, `/comchat/*` for a member):
//! their forms and what each does once the face's extractor has said who the caller is (`Me`).
//! The faces keep their own `start` (a job for the candidate, a resume and a job for a member).

use std::time::Duration;

use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db;
use crate::domain::chat::{self, ChatList, ChatMessage, ChatMessages, ChatRead, Me};
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, ConversationId};
use crate::providers::wakeup::Bell;
use crate::rate_limit::RateLimiter;
use crate::state::AppState;

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

/// Stores a message (or answers the one a resent client id stored) and rings the hub.
pub async fn send(state: &AppState, me: Me, form: SendForm) -> ApiResult<Answer<ChatMessage>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let checked = chat::checked_send(&form.kind, &form.text, &form.client_id)?;
    let limit = RateLimiter::new(state.store.clone(), "chat-send", chat::SENDS_PER_MINUTE, Duration::from_secs(60));
    if !limit.hit(&chat::send_limit_key(me)) {
        return Err(ApiError::RateLimited);
    }
    let client_id = form.client_id;
    let stored = db::run(&state.pool, move |c| chat::send(c, me, id, &client_id, &checked)).await?;
    state.chat.rang(Bell::Message { conversation: id, seq: stored.seq });
    Ok(answer(stored))
}

pub async fn list(state: &AppState, me: Me) -> ApiResult<Answer<ChatList>> {
    Ok(answer(db::run(&state.pool, move |c| chat::list(c, me)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MessagesForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// The last seq the client has (0 or empty: from the start).
    #[serde(default, rename = "afterSeq")]
    pub after_seq: String,
}

pub async fn messages(state: &AppState, me: Me, form: MessagesForm) -> ApiResult<Answer<ChatMessages>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let after = chat::parse_seq(&form.after_seq, "afterSeq")?;
    Ok(answer(db::run(&state.pool, move |c| chat::messages(c, me, id, after)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReadForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// Read up to this seq.
    #[serde(default)]
    pub seq: String,
}

/// Moves the caller's read mark and rings the hub, so the other side's ticks change.
pub async fn read(state: &AppState, me: Me, form: ReadForm) -> ApiResult<Answer<ChatRead>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let seq = chat::parse_seq(&form.seq, "seq")?;
    let read = db::run(&state.pool, move |c| chat::read(c, me, id, seq)).await?;
    state.chat.rang(Bell::Read { conversation: id, side: me.side(), seq: read.read_seq });
    Ok(answer(read))
}
