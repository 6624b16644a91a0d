//! The exchange calls both sides make alike (`/chat/exchange*`, `/chat/*Wechat` and their `/comchat/`
//! twins; issue 32, the rules are domain/chat_exchange.rs's), once the face has said who calls.

use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db;
use crate::domain::chat::{ChatMessage, Me};
use crate::domain::chat_exchange::{self, ChatWechat, ExchangeAnswered};
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, ChatMessageId, ConversationId, ResumeFileId};
use crate::providers::wakeup::Bell;
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ExchangeForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// `phone`, `wechat` or `resume`.
    #[serde(default)]
    pub kind: String,
    /// A candidate sending a resume: the attachment sent (empty: the online resume).
    #[serde(default, rename = "fileId")]
    pub file_id: String,
}

fn optional_file(raw: &str) -> ApiResult<Option<ResumeFileId>> {
    if raw.trim().is_empty() {
        return Ok(None);
    }
    Ok(Some(parse_id::<ResumeFileId>(raw, "fileId")?))
}

/// Posts a request card (or answers the pending one of the kind) and rings the hub.
pub async fn exchange(state: &AppState, me: Me, form: ExchangeForm) -> ApiResult<Answer<ChatMessage>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let kind = core_wasm::chat::ExchangeKind::parse(form.kind.trim()).ok_or_else(|| ApiError::BadInput("kind: chat.exchangeKindUnknown".into()))?;
    let file = optional_file(&form.file_id)?;
    let card = db::run(&state.pool, move |c| chat_exchange::ask(c, me, id, kind, file)).await?;
    state.chat.rang(Bell::Message { conversation: id, seq: card.seq });
    Ok(answer(card))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ExchangeAnswerForm {
    /// The request card's id.
    #[serde(default, rename = "messageId")]
    pub message_id: String,
    /// `1` accepts (同意), `0` declines (拒绝).
    #[serde(default)]
    pub accept: String,
    /// A candidate accepting a resume request: the attachment sent (empty: the online resume).
    #[serde(default, rename = "fileId")]
    pub file_id: String,
}

/// The values `accept` takes, and whether each accepts.
pub const ACCEPT_VALUES: [(&str, bool); 2] = [("1", true), ("0", false)];

/// Answers the other side's request once, and rings the hub with the note of the answer.
pub async fn exchange_answer(state: &AppState, me: Me, form: ExchangeAnswerForm) -> ApiResult<Answer<ExchangeAnswered>> {
    let message = parse_id::<ChatMessageId>(&form.message_id, "messageId")?;
    let accept =
        ACCEPT_VALUES.iter().find(|(v, _)| *v == form.accept.trim()).map(|(_, a)| *a).ok_or_else(|| ApiError::BadInput("accept: 1 or 0".into()))?;
    let file = optional_file(&form.file_id)?;
    let answered = db::run(&state.pool, move |c| chat_exchange::answer(c, me, message, accept, file)).await?;
    state.chat.rang(Bell::Message { conversation: answered.note.conversation_id, seq: answered.note.seq });
    Ok(answer(answered))
}

pub async fn wechat(state: &AppState, me: Me) -> ApiResult<Answer<ChatWechat>> {
    Ok(answer(db::run(&state.pool, move |c| chat_exchange::wechat_of(c, me)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct WechatForm {
    /// The WeChat id (微信号): 6-20 of A-Z a-z 0-9 _ - from a letter, or a mobile number; empty removes it.
    #[serde(default, rename = "wechatId")]
    pub wechat_id: String,
}

pub async fn set_wechat(state: &AppState, me: Me, form: WechatForm) -> ApiResult<Answer<ChatWechat>> {
    Ok(answer(db::run(&state.pool, move |c| chat_exchange::set_wechat(c, me, &form.wechat_id)).await?))
}
