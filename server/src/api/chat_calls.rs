//! The chat calls both sides make alike (`/chat/*` for the candidate, `/comchat/*` for a member):
//! their forms and what each does once the face's extractor has said who the caller is (`Me`).
//! The faces keep their own `start` (a job for the candidate, a resume and a job for a member).

use std::time::Duration;

use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db;
use crate::domain::chat::{self, ChatList, ChatMessage, ChatMessages, ChatRead, Me};
use crate::domain::chat_report::{self, ChatBlockDone, ChatReported};
use crate::domain::chat_tools::{self, ChatPhrases, ListFilter};
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, ChatMessageId, ConversationId};
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

pub async fn list(state: &AppState, me: Me, form: ListForm) -> ApiResult<Answer<ChatList>> {
    let filter = ListFilter::parse(&form.filter)?;
    Ok(answer(db::run(&state.pool, move |c| chat_tools::list_filtered(c, me, filter, &form.q)).await?))
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

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ListForm {
    /// `all` (or empty), `unread`, `new` (新招呼: the other side wrote, the caller never did),
    /// `talking` (沟通中), `exchanged` (已交换), `unsuitable` (不合适).
    #[serde(default)]
    pub filter: String,
    /// Keeps the conversations whose other side's name, job or company holds it (at most 50 characters).
    #[serde(default)]
    pub q: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RecallForm {
    #[serde(default, rename = "messageId")]
    pub message_id: String,
}

/// Recalls the caller's message (within 2 minutes) and rings the hub with the recall's note, which
/// both sides' sockets receive as a message (its `recalls` names the seq recalled).
pub async fn recall(state: &AppState, me: Me, form: RecallForm) -> ApiResult<Answer<ChatMessage>> {
    let id = parse_id::<ChatMessageId>(&form.message_id, "messageId")?;
    let note = db::run(&state.pool, move |c| chat_tools::recall(c, me, id)).await?;
    state.chat.rang(Bell::Message { conversation: note.conversation_id, seq: note.seq });
    Ok(answer(note))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PhrasesForm {
    /// The language of the built-in phrases for a user who never saved theirs: `en-US`, else zh-CN.
    #[serde(default)]
    pub lang: String,
}

pub async fn phrases(state: &AppState, me: Me, form: PhrasesForm) -> ApiResult<Answer<ChatPhrases>> {
    Ok(answer(db::run(&state.pool, move |c| chat_tools::phrases(c, me, &form.lang)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PhrasesSaveForm {
    /// `greeting` or `reply`.
    #[serde(default)]
    pub kind: String,
    /// The whole list of the kind, a JSON array of strings (each 1-200 characters; at most 10
    /// greetings, 20 quick replies).
    #[serde(default)]
    pub texts: String,
    /// For greetings, the index in `texts` of the default one (0 when empty).
    #[serde(default)]
    pub default: String,
    #[serde(default)]
    pub lang: String,
}

pub async fn phrases_save(state: &AppState, me: Me, form: PhrasesSaveForm) -> ApiResult<Answer<ChatPhrases>> {
    let kind = chat_tools::parse_kind(&form.kind)?;
    let texts: Vec<String> = serde_json::from_str(&form.texts).map_err(|_| ApiError::BadInput("texts must be a JSON array of strings".into()))?;
    let default = if form.default.trim().is_empty() {
        0
    } else {
        form.default.trim().parse::<usize>().map_err(|_| ApiError::BadInput("default must be a whole number from 0".into()))?
    };
    Ok(answer(db::run(&state.pool, move |c| chat_tools::save_phrases(c, me, kind, &texts, default, &form.lang)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PhrasesResetForm {
    /// `greeting` or `reply`.
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub lang: String,
}

/// Deletes the caller's phrases of a kind: the built-in ones are theirs again.
pub async fn phrases_reset(state: &AppState, me: Me, form: PhrasesResetForm) -> ApiResult<Answer<ChatPhrases>> {
    let kind = chat_tools::parse_kind(&form.kind)?;
    Ok(answer(db::run(&state.pool, move |c| chat_tools::reset_phrases(c, me, kind, &form.lang)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BlockForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
}

/// Blocks (拉黑, `on`) or unblocks the conversation for the caller (domain/chat_report.rs).
pub async fn block(state: &AppState, me: Me, form: BlockForm, on: bool) -> ApiResult<Answer<ChatBlockDone>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    Ok(answer(db::run(&state.pool, move |c| chat_report::set_blocked(c, me, id, on)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReportForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// The other side's message reported; empty: their latest.
    #[serde(default, rename = "messageId")]
    pub message_id: String,
    /// harassment, fraud, money, ads, vulgar or other (core-wasm chat_report.rs).
    #[serde(default)]
    pub reason: String,
    /// Optional, at most 500 characters.
    #[serde(default)]
    pub detail: String,
}

/// Reports (举报) the conversation: the admin console's queue gets the reported message and the ten
/// before it, copied.
pub async fn report(state: &AppState, me: Me, form: ReportForm) -> ApiResult<Answer<ChatReported>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let message = if form.message_id.trim().is_empty() { None } else { Some(parse_id::<ChatMessageId>(&form.message_id, "messageId")?) };
    let (reason, detail) =
        core_wasm::chat_report::check_report(&form.reason, &form.detail).map_err(|p| ApiError::BadInput(format!("{}: {}", p.field(), p.key())))?;
    Ok(answer(db::run(&state.pool, move |c| chat_report::report(c, me, id, message, reason, &detail)).await?))
}
