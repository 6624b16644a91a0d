//! `/comchat/*`: a member's conversations with candidates (issue 32; the rules are domain/chat.rs's).

use std::time::Duration;

use actix_web::web;
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db;
use crate::domain::chat::{self, ChatList, ChatMessage, ChatMessages, ChatRead, Me, Started};
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, ConversationId, JobId, ResumeId};
use crate::providers::wakeup::Bell;
use crate::rate_limit::RateLimiter;
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;

/// The caller as chat knows them: an owner or HR member (FORBIDDEN_ROLE for an interviewer).
fn me(who: &CompanyMember) -> ApiResult<Me> {
    who.require(chat::CHAT_ROLES)?;
    Ok(Me::Member { id: who.member.id, company: who.company() })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StartForm {
    /// The resume greeted (one the company may see).
    #[serde(default, rename = "resumeId")]
    pub resume_id: String,
    /// One of the company's open jobs, whose card opens the thread.
    #[serde(default)]
    pub jobid: String,
}

/// Greets the candidate of a resume about one of the company's jobs: opens (or reuses) the caller's
/// conversation with them, with the job's card.
pub async fn start(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<StartForm>) -> ApiResult<Answer<Started>> {
    let resume = parse_id::<ResumeId>(&form.resume_id, "resumeId")?;
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    who.require(chat::CHAT_ROLES)?;
    let (id, company) = (who.member.id, who.company());
    let started = db::run(&state.pool, move |c| chat::start_as_member(c, id, company, resume, job)).await?;
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

pub async fn send(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<SendForm>) -> ApiResult<Answer<ChatMessage>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let checked = chat::checked_send(&form.kind, &form.text, &form.client_id)?;
    let me = me(&who)?;
    let limit = RateLimiter::new(state.store.clone(), "chat-send", chat::SENDS_PER_MINUTE, Duration::from_secs(60));
    if !limit.hit(&chat::send_limit_key(me)) {
        return Err(ApiError::RateLimited);
    }
    let client_id = form.client_id;
    let stored = db::run(&state.pool, move |c| chat::send(c, me, id, &client_id, &checked)).await?;
    state.chat.rang(Bell::Message { conversation: id, seq: stored.seq });
    Ok(answer(stored))
}

pub async fn list(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<Answer<ChatList>> {
    let me = me(&who)?;
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

pub async fn messages(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<MessagesForm>) -> ApiResult<Answer<ChatMessages>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let after = chat::parse_seq(&form.after_seq, "afterSeq")?;
    let me = me(&who)?;
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

pub async fn read(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ReadForm>) -> ApiResult<Answer<ChatRead>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let seq = chat::parse_seq(&form.seq, "seq")?;
    let me = me(&who)?;
    let read = db::run(&state.pool, move |c| chat::read(c, me, id, seq)).await?;
    state.chat.rang(Bell::Read { conversation: id, side: me.side(), seq: read.read_seq });
    Ok(answer(read))
}
