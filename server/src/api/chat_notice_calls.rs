//! The offline-notice switch of chat (issue 32; domain/chat_notice.rs), written once for both faces:
//! `/pcuser/chatNotice` and `/pcuser/saveChatNotice` for candidates, `/comlogin/chatNotice` and
//! `/comlogin/saveChatNotice` for members.

use actix_web::web;
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db;
use crate::domain::chat::Me;
use crate::domain::chat_notice::{self, ChatNoticeSetting};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::web::extract::{CompanyMember, LoggedIn};
use crate::web::form::Form;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SwitchForm {
    /// `1`: notice me; `0`: do not.
    #[serde(default)]
    pub on: String,
}

fn parsed(form: &SwitchForm) -> ApiResult<bool> {
    match form.on.trim() {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err(ApiError::BadInput("on".into())),
    }
}

async fn setting(state: &AppState, me: Me, on: Option<bool>) -> ApiResult<Answer<ChatNoticeSetting>> {
    let wechat = state.wechat.sends_templates();
    Ok(answer(db::run(&state.pool, move |c| chat_notice::setting(c, me, wechat, on)).await?))
}

/// The candidate's switch and where their notices go.
pub async fn candidate_get(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<ChatNoticeSetting>> {
    setting(&state, Me::Candidate(who.0.user.user_id()), None).await
}

pub async fn candidate_save(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<SwitchForm>) -> ApiResult<Answer<ChatNoticeSetting>> {
    let on = parsed(&form)?;
    setting(&state, Me::Candidate(who.0.user.user_id()), Some(on)).await
}

/// The member's switch (any member may set it; only owners and HR chat).
pub async fn member_get(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<Answer<ChatNoticeSetting>> {
    setting(&state, Me::Member { id: who.member.id, company: who.company() }, None).await
}

pub async fn member_save(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<SwitchForm>) -> ApiResult<Answer<ChatNoticeSetting>> {
    let on = parsed(&form)?;
    setting(&state, Me::Member { id: who.member.id, company: who.company() }, Some(on)).await
}
