//! `/comjob/members`, `/comjob/handOver` and `/comjob/handOverAll`: an owner hands a job, or every
//! job of a member, with its conversations, to another member who chats (issue 32; the rules are
//! domain/chat_handover.rs's). Handing over is the owner's; the list is any chatting member's.

use actix_web::web;
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db;
use crate::db::company_member::Role;
use crate::domain::chat::CHAT_ROLES;
use crate::domain::chat_handover::{self, ChatMembers, HandedOver};
use crate::error::ApiResult;
use crate::ids::{parse_id, JobId, MemberId};
use crate::providers::wakeup::Bell;
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;

/// Who may hand jobs over.
const HAND_OVER_ROLES: &[Role] = &[Role::Owner];

/// The company's owners and HR members (enabled or not) with the jobs each answers.
pub async fn members(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<Answer<ChatMembers>> {
    who.require(CHAT_ROLES)?;
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| chat_handover::members(c, company)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct HandOverForm {
    /// One of the company's jobs.
    #[serde(default)]
    pub jobid: String,
    /// The member taking it over: an enabled owner or HR member of the company.
    #[serde(default, rename = "memberId")]
    pub member_id: String,
}

fn rang(state: &AppState, done: &HandedOver) {
    for (conversation, seq) in &done.written {
        state.chat.rang(Bell::Message { conversation: *conversation, seq: *seq });
    }
}

/// Hands one job, with the conversations it opened, to another member.
pub async fn hand_over(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<HandOverForm>) -> ApiResult<Answer<HandedOver>> {
    who.require(HAND_OVER_ROLES)?;
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    let to = parse_id::<MemberId>(&form.member_id, "memberId")?;
    let company = who.company();
    let done = db::run(&state.pool, move |c| chat_handover::hand_job(c, company, job, to)).await?;
    rang(&state, &done);
    Ok(answer(done))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct HandOverAllForm {
    /// The member whose jobs and conversations go (an owner or HR member of the company, enabled or not).
    #[serde(default, rename = "fromMemberId")]
    pub from_member_id: String,
    /// The member taking them over: an enabled owner or HR member of the company, not the same.
    #[serde(default, rename = "memberId")]
    pub member_id: String,
}

/// Hands every job of a member (for instance one who leaves), with all their conversations, to another.
pub async fn hand_over_all(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<HandOverAllForm>) -> ApiResult<Answer<HandedOver>> {
    who.require(HAND_OVER_ROLES)?;
    let from = parse_id::<MemberId>(&form.from_member_id, "fromMemberId")?;
    let to = parse_id::<MemberId>(&form.member_id, "memberId")?;
    let company = who.company();
    let done = db::run(&state.pool, move |c| chat_handover::hand_all(c, company, from, to)).await?;
    rang(&state, &done);
    Ok(answer(done))
}
