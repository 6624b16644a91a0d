//! `/comchat/*`: a member's conversations with candidates (issue 32; the rules are domain/chat.rs's).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::api::chat_calls::{self, BlockForm, ReportForm, ListForm, MessagesForm, PhrasesForm, PhrasesResetForm, PhrasesSaveForm, ReadForm, RecallForm, SendForm};
use crate::api::{answer, Answer};
use crate::db;
use crate::domain::chat::{self, ChatList, ChatMessage, ChatMessages, ChatRead, Me, Started};
use crate::domain::chat_quota::{self, ChatQuota};
use crate::domain::chat_tools::{self, ChatPhrases, UnsuitableDone};
use crate::error::ApiResult;
use crate::ids::{now_ms, parse_id, ConversationId, JobId, ResumeId};
use crate::providers::wakeup::Bell;
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;
use crate::web::upload::SizeQuery;

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

/// Where the member's day of new conversations stands (what 打招呼 shows); the limit is the company's plan's.
pub async fn quota(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<Answer<ChatQuota>> {
    let me = me(&who)?;
    Ok(answer(db::run(&state.pool, move |c| chat_quota::status(c, me.opener(), now_ms())).await?))
}

pub async fn send(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<SendForm>) -> ApiResult<Answer<ChatMessage>> {
    chat_calls::send(&state, me(&who)?, form).await
}

pub async fn list(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ListForm>) -> ApiResult<Answer<ChatList>> {
    chat_calls::list(&state, me(&who)?, form).await
}

pub async fn messages(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<MessagesForm>) -> ApiResult<Answer<ChatMessages>> {
    chat_calls::messages(&state, me(&who)?, form).await
}

pub async fn read(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ReadForm>) -> ApiResult<Answer<ChatRead>> {
    chat_calls::read(&state, me(&who)?, form).await
}

/// Recalls one of the caller's messages within 2 minutes of sending.
pub async fn recall(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<RecallForm>) -> ApiResult<Answer<ChatMessage>> {
    chat_calls::recall(&state, me(&who)?, form).await
}

pub async fn phrases(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<PhrasesForm>) -> ApiResult<Answer<ChatPhrases>> {
    chat_calls::phrases(&state, me(&who)?, form).await
}

pub async fn phrases_save(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<PhrasesSaveForm>) -> ApiResult<Answer<ChatPhrases>> {
    chat_calls::phrases_save(&state, me(&who)?, form).await
}

pub async fn phrases_reset(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<PhrasesResetForm>) -> ApiResult<Answer<ChatPhrases>> {
    chat_calls::phrases_reset(&state, me(&who)?, form).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct UnsuitableForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// experience, skills, salary, education, location, filled or other (core-wasm chat_tools.rs).
    #[serde(default)]
    pub reason: String,
    /// `1`: undo 不合适 (the reason is then not needed).
    #[serde(default)]
    pub undo: String,
}

/// Marks the conversation 不合适 (the candidate gets the company's closing message), or undoes it.
pub async fn unsuitable(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<UnsuitableForm>) -> ApiResult<Answer<UnsuitableDone>> {
    let me = me(&who)?;
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let reason = match form.undo.trim() {
        "1" | "true" => None,
        "" | "0" | "false" => Some(chat_tools::parse_reason(&form.reason)?),
        _ => return Err(crate::error::ApiError::BadInput("undo must be 1 or 0".into())),
    };
    let done = db::run(&state.pool, move |c| chat_tools::unsuitable(c, me, id, reason)).await?;
    if let Some(m) = &done.message {
        state.chat.rang(Bell::Message { conversation: id, seq: m.seq });
    }
    Ok(answer(done))
}

/// `multipart/form-data` (conversationId, clientId, file): sends a picture (api/chat_calls.rs `send_picture`).
pub async fn send_picture(state: web::Data<AppState>, who: CompanyMember, req: HttpRequest, payload: web::Payload) -> ApiResult<Answer<ChatMessage>> {
    chat_calls::send_picture(&state, me(&who)?, &req, payload).await
}

/// `GET /ajax/comchat/picture/{messageId}[?size=96|240]`: a thread's picture, to its two parties only.
pub async fn picture(req: HttpRequest, state: web::Data<AppState>, who: CompanyMember, path: web::Path<String>, query: web::Query<SizeQuery>) -> ApiResult<HttpResponse> {
    chat_calls::picture(&state, me(&who)?, &req, &path.into_inner(), &query).await
}

/// Blocks the conversation (拉黑): the other side can no longer send into it.
pub async fn block(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<BlockForm>) -> ApiResult<Answer<crate::domain::chat_report::ChatBlockDone>> {
    chat_calls::block(&state, me(&who)?, form, true).await
}

/// Lifts the caller's block: sending works again.
pub async fn unblock(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<BlockForm>) -> ApiResult<Answer<crate::domain::chat_report::ChatBlockDone>> {
    chat_calls::block(&state, me(&who)?, form, false).await
}

/// Reports the conversation (举报) to the admins, with a copy of the reported message and the ten before it.
pub async fn report(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ReportForm>) -> ApiResult<Answer<crate::domain::chat_report::ChatReported>> {
    chat_calls::report(&state, me(&who)?, form).await
}
