//! `/comchat/exchange*`, the WeChat id, the exchanged resume and interview cards: a member's side of
//! chat's cards (issue 32; the rules are domain/chat_exchange.rs's).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::api::chat_exchange_calls::{self, ExchangeAnswerForm, ExchangeForm, WechatForm};
use crate::api::{answer, Answer};
use crate::db;
use crate::domain::chat::{self, ChatMessage, Me};
use crate::domain::chat_exchange::{self, ChatApplication, ChatWechat, ExchangeAnswered, ExchangedFile};
use crate::error::ApiResult;
use crate::ids::{parse_id, ChatMessageId, ConversationId, InterviewId};
use crate::providers::wakeup::Bell;
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::file_answer::{self, Disposition, FileAnswer, Sharing};
use crate::web::form::Form;

/// The caller as chat knows them: an owner or HR member (FORBIDDEN_ROLE for an interviewer).
fn me(who: &CompanyMember) -> ApiResult<Me> {
    who.require(chat::CHAT_ROLES)?;
    Ok(Me::Member { id: who.member.id, company: who.company() })
}

/// 交换电话, 交换微信, 求简历.
pub async fn exchange(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ExchangeForm>) -> ApiResult<Answer<ChatMessage>> {
    chat_exchange_calls::exchange(&state, me(&who)?, form).await
}

/// 同意 / 拒绝 the candidate's request (a resume they send enters the pipeline).
pub async fn exchange_answer(
    state: web::Data<AppState>,
    who: CompanyMember,
    Form(form): Form<ExchangeAnswerForm>,
) -> ApiResult<Answer<ExchangeAnswered>> {
    chat_exchange_calls::exchange_answer(&state, me(&who)?, form).await
}

pub async fn wechat(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<Answer<ChatWechat>> {
    chat_exchange_calls::wechat(&state, me(&who)?).await
}

pub async fn set_wechat(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<WechatForm>) -> ApiResult<Answer<ChatWechat>> {
    chat_exchange_calls::set_wechat(&state, me(&who)?, form).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ConversationForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
}

/// The application the thread's 约面试 opens the interview form with (null: none yet).
pub async fn application(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ConversationForm>) -> ApiResult<Answer<ChatApplication>> {
    let me = me(&who)?;
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    Ok(answer(db::run(&state.pool, move |c| chat_exchange::application_of(c, me, id)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct InterviewCardForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// An interview of the company's with the thread's candidate (`/cominterview/save`'s id).
    #[serde(default, rename = "interviewId")]
    pub interview_id: String,
}

/// Posts the invitation card of an interview scheduled with the interview form.
pub async fn interview(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<InterviewCardForm>) -> ApiResult<Answer<ChatMessage>> {
    let me = me(&who)?;
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let interview = parse_id::<InterviewId>(&form.interview_id, "interviewId")?;
    let card = db::run(&state.pool, move |c| chat_exchange::post_interview(c, me, id, interview)).await?;
    state.chat.rang(Bell::Message { conversation: id, seq: card.seq });
    Ok(answer(card))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ResumeQuery {
    /// `zh-CN` or `en-US`: the online resume's PDF labels.
    #[serde(default)]
    pub lang: String,
}

/// `GET /ajax/comchat/resume/{messageId}`: the resume an accepted exchange sent: the attachment, or the
/// online resume's PDF. NOT_FOUND for anyone but the conversation's member.
pub async fn resume_file(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: CompanyMember,
    path: web::Path<String>,
    query: web::Query<ResumeQuery>,
) -> ApiResult<HttpResponse> {
    let me = me(&who)?;
    let message = parse_id::<ChatMessageId>(&path.into_inner(), "id")?;
    match db::run(&state.pool, move |c| chat_exchange::exchanged_file(c, me, message)).await? {
        ExchangedFile::Attachment(f) => {
            let file = FileAnswer {
                stored: &f.stored_name,
                content_type: &f.content_type,
                disposition: Disposition::Attachment(&f.original_name),
                sharing: Sharing::Private,
            };
            file_answer::send(&req, &state.storage, file).await
        }
        ExchangedFile::Online(view, photo) => file_answer::send_resume_pdf(&state.storage, *view, photo, &query.lang).await,
    }
}
