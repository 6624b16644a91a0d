//! `/chat/*`: the candidate's conversations with recruiters (issue 32; the rules are domain/chat.rs's).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::api::chat_calls::{self, BlockForm, ReportForm, ListForm, MessagesForm, PhrasesForm, PhrasesResetForm, PhrasesSaveForm, ReadForm, RecallForm, SendForm};
use crate::api::{answer, Answer};
use crate::db;
use crate::domain::chat::{self, ChatList, ChatMessage, ChatMessages, ChatRead, Me, Started};
use crate::domain::chat_quota::{self, ChatQuota};
use crate::domain::chat_tools::ChatPhrases;
use crate::error::ApiResult;
use crate::ids::{now_ms, parse_id, JobId};
use crate::providers::wakeup::Bell;
use crate::state::AppState;
use crate::web::extract::LoggedIn;
use crate::web::form::Form;
use crate::web::upload::SizeQuery;

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

/// Where the candidate's day of new conversations stands (what 立即沟通 shows).
pub async fn quota(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<ChatQuota>> {
    let me = Me::Candidate(who.0.user.user_id());
    Ok(answer(db::run(&state.pool, move |c| chat_quota::status(c, me.opener(), now_ms())).await?))
}

pub async fn send(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<SendForm>) -> ApiResult<Answer<ChatMessage>> {
    chat_calls::send(&state, Me::Candidate(who.0.user.user_id()), form).await
}

pub async fn list(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ListForm>) -> ApiResult<Answer<ChatList>> {
    chat_calls::list(&state, Me::Candidate(who.0.user.user_id()), form).await
}

pub async fn messages(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<MessagesForm>) -> ApiResult<Answer<ChatMessages>> {
    chat_calls::messages(&state, Me::Candidate(who.0.user.user_id()), form).await
}

pub async fn read(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ReadForm>) -> ApiResult<Answer<ChatRead>> {
    chat_calls::read(&state, Me::Candidate(who.0.user.user_id()), form).await
}

/// Recalls one of the caller's messages within 2 minutes of sending.
pub async fn recall(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<RecallForm>) -> ApiResult<Answer<ChatMessage>> {
    chat_calls::recall(&state, Me::Candidate(who.0.user.user_id()), form).await
}

pub async fn phrases(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<PhrasesForm>) -> ApiResult<Answer<ChatPhrases>> {
    chat_calls::phrases(&state, Me::Candidate(who.0.user.user_id()), form).await
}

pub async fn phrases_save(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<PhrasesSaveForm>) -> ApiResult<Answer<ChatPhrases>> {
    chat_calls::phrases_save(&state, Me::Candidate(who.0.user.user_id()), form).await
}

pub async fn phrases_reset(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<PhrasesResetForm>) -> ApiResult<Answer<ChatPhrases>> {
    chat_calls::phrases_reset(&state, Me::Candidate(who.0.user.user_id()), form).await
}

/// `multipart/form-data` (conversationId, clientId, file): sends a picture (api/chat_calls.rs `send_picture`).
pub async fn send_picture(state: web::Data<AppState>, who: LoggedIn, req: HttpRequest, payload: web::Payload) -> ApiResult<Answer<ChatMessage>> {
    chat_calls::send_picture(&state, Me::Candidate(who.0.user.user_id()), &req, payload).await
}

/// `GET /ajax/chat/picture/{messageId}[?size=96|240]`: a thread's picture, to its two parties only.
pub async fn picture(req: HttpRequest, state: web::Data<AppState>, who: LoggedIn, path: web::Path<String>, query: web::Query<SizeQuery>) -> ApiResult<HttpResponse> {
    chat_calls::picture(&state, Me::Candidate(who.0.user.user_id()), &req, &path.into_inner(), &query).await
}

/// Blocks the conversation (拉黑): the other side can no longer send into it.
pub async fn block(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<BlockForm>) -> ApiResult<Answer<crate::domain::chat_report::ChatBlockDone>> {
    chat_calls::block(&state, Me::Candidate(who.0.user.user_id()), form, true).await
}

/// Lifts the caller's block: sending works again.
pub async fn unblock(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<BlockForm>) -> ApiResult<Answer<crate::domain::chat_report::ChatBlockDone>> {
    chat_calls::block(&state, Me::Candidate(who.0.user.user_id()), form, false).await
}

/// Reports the conversation (举报) to the admins, with a copy of the reported message and the ten before it.
pub async fn report(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ReportForm>) -> ApiResult<Answer<crate::domain::chat_report::ChatReported>> {
    chat_calls::report(&state, Me::Candidate(who.0.user.user_id()), form).await
}
