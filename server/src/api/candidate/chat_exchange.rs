//! `/chat/exchange*` and the WeChat id: the candidate's side of chat's exchange cards (issue 32; the
//! rules are domain/chat_exchange.rs's, the calls api/chat_exchange_calls.rs's).

use actix_web::web;

use crate::api::chat_exchange_calls::{self, ExchangeAnswerForm, ExchangeForm, WechatForm};
use crate::api::Answer;
use crate::domain::chat::{ChatMessage, Me};
use crate::domain::chat_exchange::{ChatWechat, ExchangeAnswered};
use crate::error::ApiResult;
use crate::state::AppState;
use crate::web::extract::LoggedIn;
use crate::web::form::Form;

/// 交换电话, 交换微信, 发送附件简历 (`fileId`: the attachment; none: the online resume).
pub async fn exchange(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ExchangeForm>) -> ApiResult<Answer<ChatMessage>> {
    chat_exchange_calls::exchange(&state, Me::Candidate(who.0.user.user_id()), form).await
}

/// 同意 / 拒绝 the recruiter's request (`fileId` with 同意 to 索取附件简历: the attachment sent).
pub async fn exchange_answer(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ExchangeAnswerForm>) -> ApiResult<Answer<ExchangeAnswered>> {
    chat_exchange_calls::exchange_answer(&state, Me::Candidate(who.0.user.user_id()), form).await
}

pub async fn wechat(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<ChatWechat>> {
    chat_exchange_calls::wechat(&state, Me::Candidate(who.0.user.user_id())).await
}

pub async fn set_wechat(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<WechatForm>) -> ApiResult<Answer<ChatWechat>> {
    chat_exchange_calls::set_wechat(&state, Me::Candidate(who.0.user.user_id()), form).await
}
