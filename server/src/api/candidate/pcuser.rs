//! /ajax/pcuser/*: application records, saved jobs and company blocking.

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::api::{answer, Answer};
use crate::db::application::ApplicationItem;
use crate::db::saved_job::SavedJobItem;
use crate::db::shield::{CompanyToBlock, ShieldItem};
use crate::db::{self, application, saved_job, shield, user};
use crate::domain::{apply as applying, blocking};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, parse_id, CompanyId, JobId, ResumeId};
use crate::state::AppState;
use crate::web::extract::{LoggedIn, LoggedInOneTrip};
use crate::web::form::Form;
use crate::web::paging::{PageOf, Paging};

/// A resume has not been updated "for a long time" after this many days.
pub const STALE_RESUME_DAYS: i64 = 30;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PageForm {
    #[serde(default)]
    pub page: Option<String>,
    #[serde(default)]
    pub pagesize: Option<String>,
}

/// A page of the caller's applications, and whether to show the "resume not updated for a long
/// time" tip.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyList {
    pub list: Vec<ApplicationItem>,
    pub total: i64,
    pub page: i64,
    pub pagesize: i64,
    pub update_tip: bool,
}

pub async fn apply_list(state: web::Data<AppState>, who: LoggedInOneTrip, Form(form): Form<PageForm>) -> ApiResult<Answer<ApplyList>> {
    let result = who
        .run(&state.pool, move |c, session| {
            let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
            let user = session.user;
            let found = application::page_of_user(c, user.user_id(), paging.pagesize, paging.offset())?;
            let now = now_ms();
            let update_tip = found.last_resume_update.is_some_and(|u| {
                now - u > STALE_RESUME_DAYS * 86_400_000 && user.update_tip_dismissed_at.is_none_or(|d| d < u)
            });
            let page = PageOf::new(found.list, found.total, paging);
            Ok(ApplyList { list: page.list, total: page.total, page: page.page, pagesize: page.pagesize, update_tip })
        })
        .await?;
    Ok(answer(result))
}

pub async fn save_list(state: web::Data<AppState>, who: LoggedInOneTrip, Form(form): Form<PageForm>) -> ApiResult<Answer<PageOf<SavedJobItem>>> {
    let page = who
        .run(&state.pool, move |c, session| {
            let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
            let (list, total) = saved_job::page_of_user(c, session.user.user_id(), paging.pagesize, paging.offset())?;
            Ok(PageOf::new(list, total, paging))
        })
        .await?;
    Ok(answer(page))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct JobForm {
    #[serde(default)]
    pub jobid: String,
}

pub async fn save_job(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<JobForm>) -> ApiResult<Answer<bool>> {
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    let user = who.0.user.user_id();
    db::run(&state.pool, move |c| applying::save(c, user, job)).await?;
    Ok(answer(true))
}

pub async fn unsave_job(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<JobForm>) -> ApiResult<Answer<bool>> {
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    let user = who.0.user.user_id();
    let removed = db::run(&state.pool, move |c| Ok(saved_job::remove(c, user, job)?)).await?;
    if removed == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(answer(true))
}

/// Answers how many saved jobs went.
pub async fn clean_save_job(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<usize>> {
    let user = who.0.user.user_id();
    let removed = db::run(&state.pool, move |c| Ok(saved_job::remove_all(c, user)?)).await?;
    Ok(answer(removed))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ShieldForm {
    #[serde(default, rename = "comId")]
    pub com_id: String,
    #[serde(default, rename = "resumeId")]
    pub resume_id: String,
}

pub async fn shield(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ShieldForm>) -> ApiResult<Answer<bool>> {
    let company = parse_id::<CompanyId>(&form.com_id, "comId")?;
    let resume = parse_id::<ResumeId>(&form.resume_id, "resumeId")?;
    let user = who.0.user.user_id();
    db::run(&state.pool, move |c| blocking::block(c, user, resume, company)).await?;
    Ok(answer(true))
}

pub async fn unshield(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ShieldForm>) -> ApiResult<Answer<bool>> {
    let company = parse_id::<CompanyId>(&form.com_id, "comId")?;
    let resume = parse_id::<ResumeId>(&form.resume_id, "resumeId")?;
    let user = who.0.user.user_id();
    let removed = db::run(&state.pool, move |c| Ok(shield::unblock(c, user, resume, company)?)).await?;
    if removed == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(answer(true))
}

pub async fn shield_list(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<Vec<ShieldItem>>> {
    let user = who.0.user.user_id();
    let list = db::run(&state.pool, move |c| Ok(shield::list_of_user(c, user)?)).await?;
    Ok(answer(list))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ShieldSearchForm {
    #[serde(default)]
    pub comname: String,
}

pub const SHIELD_SEARCH_LIMIT: i64 = 20;
/// The most characters of the words typed.
pub const COMNAME_MAX: usize = 50;

/// Companies whose full or short name contains the words typed (partial Chinese names match).
pub async fn shield_search(state: web::Data<AppState>, who: LoggedInOneTrip, Form(form): Form<ShieldSearchForm>) -> ApiResult<Answer<Vec<CompanyToBlock>>> {
    let list = who
        .run(&state.pool, move |c, session| {
            let name = form.comname.trim().to_string();
            if name.is_empty() {
                return Err(ApiError::BadInput("comname required".into()));
            }
            if name.chars().count() > COMNAME_MAX {
                return Err(ApiError::BadInput("comname too long".into()));
            }
            Ok(shield::search_companies(c, session.user.user_id(), &name, SHIELD_SEARCH_LIMIT)?)
        })
        .await?;
    Ok(answer(list))
}

/// Marks the "resume not updated for a long time" tip as seen.
pub async fn set_no_update_time_tip(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<bool>> {
    let user = who.0.user.user_id();
    db::run(&state.pool, move |c| Ok(user::dismiss_update_tip(c, user, now_ms())?)).await?;
    Ok(answer(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ApplyForm {
    #[serde(default)]
    pub jobid: String,
    #[serde(default, rename = "resumeId")]
    pub resume_id: String,
}

/// The application made.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Applied {
    pub id: crate::ids::ApplicationId,
}

/// Applies once per job with one of the caller's resumes.
pub async fn apply(state: web::Data<AppState>, req: actix_web::HttpRequest, who: LoggedIn, Form(form): Form<ApplyForm>) -> ApiResult<Answer<Applied>> {
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    let resume = parse_id::<ResumeId>(&form.resume_id, "resumeId")?;
    let user = who.0.user.user_id();
    // Where it was made, for the company's funnel (issue 16): the page that sent the call.
    let referer = req
        .headers()
        .get(actix_web::http::header::REFERER)
        .and_then(|v| v.to_str().ok())
        .and_then(|r| url::Url::parse(r).ok())
        .map(|u| u.path().to_string());
    let source = crate::domain::hiring_funnel::source_of(referer.as_deref());
    let id = db::run(&state.pool, move |c| {
        db::write_transaction(c, |c| {
            let id = applying::apply(c, user, job, resume)?;
            crate::domain::hiring_funnel::record_source(c, id.0, source)?;
            Ok(id)
        })
    })
    .await?;
    Ok(answer(Applied { id }))
}
