//! `/admin/job/*`, `/admin/report/*`, `/admin/blackword/*`: job moderation (domain/moderation.rs):
//! the queue of jobs held for black words, approving and taking down jobs, candidates' reports,
//! and the black-word list.

use actix_web::{web, HttpRequest};
use serde::Deserialize;

use super::audit::PageForm;
use crate::api::{answer, Answer};
use crate::db::admin::AdminRole::{Reviewer, Super, Support};
use crate::db::job_moderation::HeldJobRow;
use crate::db::job_report::ReportRow;
use crate::db::{self, black_word, job_moderation, job_report};
use crate::domain::admin::Actor;
use crate::domain::moderation;
use crate::error::ApiResult;
use crate::ids::{parse_id, JobId, JobReportId};
use crate::state::AppState;
use crate::web::client_ip;
use crate::web::extract::AdminSession;
use crate::web::form::Form;
use crate::web::paging::{Listed, Paging};

/// `/admin/job/queue`: jobs held because their text hit the black-word list, oldest first.
pub async fn job_queue(state: web::Data<AppState>, who: AdminSession, Form(form): Form<PageForm>) -> ApiResult<Answer<Listed<HeldJobRow>>> {
    who.require(&[Super, Reviewer, Support])?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let (total, list) = db::run(&state.pool, move |c| Ok(job_moderation::held_page(c, paging.offset(), paging.pagesize)?)).await?;
    Ok(answer(Listed::new(total, list)))
}

/// `/admin/job/approve`: a held job is published.
pub async fn job_approve(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<TakedownForm>) -> ApiResult<Answer<bool>> {
    who.require(&[Super, Reviewer])?;
    let job: JobId = parse_id(&form.job_id, "jobId")?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| moderation::approve_job(c, &Actor { admin: &who.admin, ip: &ip }, job, &form.reason)).await?;
    Ok(answer(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TakedownForm {
    #[serde(default)]
    pub job_id: String,
    #[serde(default)]
    pub reason: String,
}

pub async fn job_takedown(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<TakedownForm>) -> ApiResult<Answer<bool>> {
    who.require(&[Super, Reviewer])?;
    let job: JobId = parse_id(&form.job_id, "jobId")?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| moderation::take_down_job(c, &Actor { admin: &who.admin, ip: &ip }, job, &form.reason)).await?;
    Ok(answer(true))
}

pub async fn report_list(state: web::Data<AppState>, who: AdminSession, Form(form): Form<PageForm>) -> ApiResult<Answer<Listed<ReportRow>>> {
    who.require(&[Super, Reviewer, Support])?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let (total, list) = db::run(&state.pool, move |c| Ok(job_report::open_page(c, paging.offset(), paging.pagesize)?)).await?;
    Ok(answer(Listed::new(total, list)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DismissForm {
    #[serde(default)]
    pub report_id: String,
    #[serde(default)]
    pub reason: String,
}

pub async fn report_dismiss(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<DismissForm>) -> ApiResult<Answer<bool>> {
    who.require(&[Super, Reviewer])?;
    let report: JobReportId = parse_id(&form.report_id, "reportId")?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| moderation::dismiss_report(c, &Actor { admin: &who.admin, ip: &ip }, report, &form.reason)).await?;
    Ok(answer(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct WordListForm {
    /// Empty: every word; `money`: the words of chat's fraud warning only.
    #[serde(default)]
    pub category: String,
}

pub async fn blackword_list(state: web::Data<AppState>, who: AdminSession, Form(form): Form<WordListForm>) -> ApiResult<Answer<Vec<String>>> {
    who.require(&[Super, Reviewer, Support])?;
    let category = moderation::parse_category(&form.category)?;
    Ok(answer(
        db::run(&state.pool, move |c| Ok(if category.is_empty() { black_word::all(c)? } else { black_word::of_category(c, category)? })).await?,
    ))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct WordForm {
    #[serde(default)]
    pub word: String,
    /// Added to: empty (jobs and tags) or `money` (asks for money: chat's fraud warning).
    #[serde(default)]
    pub category: String,
}

async fn blackword_set(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, form: WordForm, present: bool) -> ApiResult<Answer<bool>> {
    who.require(&[Super, Reviewer])?;
    let ip = client_ip(&req);
    let category = moderation::parse_category(&form.category)?;
    db::run(&state.pool, move |c| moderation::set_black_word_in(c, &Actor { admin: &who.admin, ip: &ip }, &form.word, category, present)).await?;
    Ok(answer(true))
}

pub async fn blackword_add(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<WordForm>) -> ApiResult<Answer<bool>> {
    blackword_set(state, req, who, form, true).await
}

pub async fn blackword_remove(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<WordForm>) -> ApiResult<Answer<bool>> {
    blackword_set(state, req, who, form, false).await
}

/// `/admin/chatreport/list`: open chat reports, newest first, each with its copied messages and
/// nothing else of the conversation (domain/chat_report.rs).
pub async fn chat_report_list(
    state: web::Data<AppState>,
    who: AdminSession,
    Form(form): Form<PageForm>,
) -> ApiResult<Answer<Listed<crate::domain::chat_report::AdminChatReport>>> {
    who.require(&[Super, Reviewer, Support])?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let (total, list) = db::run(&state.pool, move |c| crate::domain::chat_report::admin_list(c, paging.offset(), paging.pagesize)).await?;
    Ok(answer(Listed::new(total, list)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatReportHandleForm {
    #[serde(default)]
    pub report_id: String,
    /// `dismiss` (reviewers) or `disable` (support: the reported account is disabled).
    #[serde(default)]
    pub action: String,
    /// Required to disable.
    #[serde(default)]
    pub reason: String,
}

/// `/admin/chatreport/handle`: closes a chat report, dismissing it or disabling the reported
/// account; both are audit-logged.
pub async fn chat_report_handle(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<ChatReportHandleForm>) -> ApiResult<Answer<bool>> {
    use crate::domain::chat_report::{self, Handling};
    let how = Handling::parse(&form.action)?;
    match how {
        Handling::Dismiss => who.require(&[Super, Reviewer])?,
        Handling::Disable => who.require(&[Super, Support])?,
    }
    let report: crate::ids::ChatReportId = parse_id(&form.report_id, "reportId")?;
    let ip = client_ip(&req);
    let disabled = db::run(&state.pool, move |c| chat_report::handle(c, &Actor { admin: &who.admin, ip: &ip }, report, how, &form.reason)).await?;
    if let Some(u) = disabled {
        state.logins.forget_user(u);
    }
    Ok(answer(true))
}
