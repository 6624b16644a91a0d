//! /ajax/pcuser/*: application records, saved jobs and company blocking.

use actix_web::{web, HttpResponse};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::web::form::Form;
use crate::web::paging::{PageOf, Paging};
use crate::api::ok;
use crate::db::like_escape;
use crate::ids::parse_id;
use crate::web::extract::{LoggedIn, LoggedInOneTrip};
use crate::db;
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, CompanyId, JobId, ResumeId, UserId};
use crate::db::schema::{applications, companies, jobs, resumes, saved_jobs, shields, users};
use crate::state::AppState;

/// A resume has not been updated "for a long time" after this many days.
pub const STALE_RESUME_DAYS: i64 = 30;

#[derive(Debug, Deserialize)]
pub struct PageForm {
    #[serde(default)]
    pub page: Option<String>,
    #[serde(default)]
    pub pagesize: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationItem {
    pub id: i64,
    pub job_id: i64,
    pub job_title: String,
    pub company_id: i64,
    pub company_name: String,
    pub city: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub resume_id: i64,
    pub resume_title: String,
    /// 1 delivered, 2 viewed, 3 interested, 4 interview invited, 5 not suitable.
    pub status: i32,
    pub closed: bool,
    pub applied_at: i64,
    pub updated_at: i64,
}

type ApplicationRow = (i64, i64, String, i64, String, String, i32, i32, i64, String, i32, bool, i64, i64);

pub async fn apply_list(state: web::Data<AppState>, who: LoggedInOneTrip, Form(form): Form<PageForm>) -> ApiResult<HttpResponse> {
    let result = who.run(&state.pool, move |c, session| {
        let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
        let user = session.user;
        let uid = user.id;
        // The count and the newest resume update in one trip: on PostgreSQL each trip is a round of
        // wake-ups between the server and its backend, most of a paged list's time.
        let (total, last_update): (Option<i64>, Option<i64>) = diesel::select((
            applications::table.filter(applications::user_id.eq(uid)).count().single_value(),
            resumes::table.filter(resumes::user_id.eq(uid)).select(diesel::dsl::max(resumes::updated_at)).single_value(),
        ))
        .get_result(c)?;
        let total = total.unwrap_or(0);
        let rows: Vec<ApplicationRow> = applications::table
            .inner_join(jobs::table.inner_join(companies::table))
            .inner_join(resumes::table)
            .filter(applications::user_id.eq(uid))
            .order((applications::created_at.desc(), applications::id.desc()))
            .limit(paging.pagesize)
            .offset(paging.offset())
            .select((
                applications::id,
                jobs::id,
                jobs::title,
                companies::id,
                companies::name,
                jobs::city,
                jobs::salary_min,
                jobs::salary_max,
                resumes::id,
                resumes::title,
                applications::status,
                jobs::closed,
                applications::created_at,
                applications::updated_at,
            ))
            .load(c)?;
        let list: Vec<ApplicationItem> = rows
            .into_iter()
            .map(|r| ApplicationItem {
                id: r.0, job_id: r.1, job_title: r.2, company_id: r.3, company_name: r.4, city: r.5,
                salary_min: r.6, salary_max: r.7, resume_id: r.8, resume_title: r.9, status: r.10,
                closed: r.11, applied_at: r.12, updated_at: r.13,
            })
            .collect();
        let now = now_ms();
        let update_tip = last_update.is_some_and(|u| {
            now - u > STALE_RESUME_DAYS * 86_400_000 && user.update_tip_dismissed_at.is_none_or(|d| d < u)
        });
        let page = PageOf::new(list, total, paging);
        Ok(json!({ "list": page.list, "total": page.total, "page": page.page, "pagesize": page.pagesize, "updateTip": update_tip }))
    })
    .await?;
    Ok(ok(result))
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedJobItem {
    pub job_id: i64,
    pub title: String,
    pub company_id: i64,
    pub company_name: String,
    pub city: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub experience: String,
    pub education: String,
    /// Closed since it was saved: listed, but cannot be applied for.
    pub closed: bool,
    pub applied: bool,
    pub saved_at: i64,
}

type SavedRow = (i64, String, i64, String, String, i32, i32, String, String, bool, i64);

pub async fn save_list(state: web::Data<AppState>, who: LoggedInOneTrip, Form(form): Form<PageForm>) -> ApiResult<HttpResponse> {
    let page = who.run(&state.pool, move |c, session| {
        let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
        let uid = session.user.id;
        let total: i64 = saved_jobs::table.filter(saved_jobs::user_id.eq(uid)).count().get_result(c)?;
        let rows: Vec<SavedRow> = saved_jobs::table
            .inner_join(jobs::table.inner_join(companies::table))
            .filter(saved_jobs::user_id.eq(uid))
            .order((saved_jobs::created_at.desc(), saved_jobs::job_id.desc()))
            .limit(paging.pagesize)
            .offset(paging.offset())
            .select((
                jobs::id, jobs::title, companies::id, companies::name, jobs::city, jobs::salary_min, jobs::salary_max,
                jobs::experience, jobs::education, jobs::closed, saved_jobs::created_at,
            ))
            .load(c)?;
        let job_ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
        let applied: Vec<i64> = applications::table
            .filter(applications::user_id.eq(uid))
            .filter(applications::job_id.eq_any(&job_ids))
            .select(applications::job_id)
            .load(c)?;
        let list = rows
            .into_iter()
            .map(|r| SavedJobItem {
                applied: applied.contains(&r.0),
                job_id: r.0, title: r.1, company_id: r.2, company_name: r.3, city: r.4, salary_min: r.5,
                salary_max: r.6, experience: r.7, education: r.8, closed: r.9, saved_at: r.10,
            })
            .collect();
        Ok(PageOf::new(list, total, paging))
    })
    .await?;
    Ok(ok(page))
}

#[derive(Debug, Deserialize)]
pub struct JobForm {
    #[serde(default)]
    pub jobid: String,
}

pub async fn save_job(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<JobForm>) -> ApiResult<HttpResponse> {
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    let uid = who.0.user.user_id();
    db::run(&state.pool, move |c| {
        let closed: bool = jobs::table.find(job.0).select(jobs::closed).first(c)?;
        if closed {
            return Err(ApiError::JobClosed);
        }
        let exists: i64 = saved_jobs::table
            .filter(saved_jobs::user_id.eq(uid.0))
            .filter(saved_jobs::job_id.eq(job.0))
            .count()
            .get_result(c)?;
        if exists == 0 {
            diesel::insert_into(saved_jobs::table)
                .values((saved_jobs::user_id.eq(uid.0), saved_jobs::job_id.eq(job.0), saved_jobs::created_at.eq(now_ms())))
                .execute(c)?;
        }
        Ok(())
    })
    .await?;
    Ok(ok(true))
}

pub async fn unsave_job(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<JobForm>) -> ApiResult<HttpResponse> {
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    let uid = who.0.user.user_id();
    let removed = db::run(&state.pool, move |c| {
        Ok(diesel::delete(saved_jobs::table.filter(saved_jobs::user_id.eq(uid.0)).filter(saved_jobs::job_id.eq(job.0)))
            .execute(c)?)
    })
    .await?;
    if removed == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(ok(true))
}

pub async fn clean_save_job(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<HttpResponse> {
    let uid = who.0.user.user_id();
    let removed =
        db::run(&state.pool, move |c| Ok(diesel::delete(saved_jobs::table.filter(saved_jobs::user_id.eq(uid.0))).execute(c)?))
            .await?;
    Ok(ok(removed))
}

#[derive(Debug, Deserialize)]
pub struct ShieldForm {
    #[serde(default, rename = "comId")]
    pub com_id: String,
    #[serde(default, rename = "resumeId")]
    pub resume_id: String,
}

/// The resume must be the caller's; another user's id is answered like a missing one.
fn own_resume(c: &mut db::DbConnection, user: UserId, resume: ResumeId) -> ApiResult<()> {
    let n: i64 = resumes::table
        .filter(resumes::id.eq(resume.0))
        .filter(resumes::user_id.eq(user.0))
        .count()
        .get_result(c)?;
    if n == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(())
}

pub async fn shield(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ShieldForm>) -> ApiResult<HttpResponse> {
    let company = parse_id::<CompanyId>(&form.com_id, "comId")?;
    let resume = parse_id::<ResumeId>(&form.resume_id, "resumeId")?;
    let uid = who.0.user.user_id();
    db::run(&state.pool, move |c| {
        own_resume(c, uid, resume)?;
        let _: i64 = companies::table.find(company.0).select(companies::id).first(c)?;
        let exists: i64 = shields::table
            .filter(shields::resume_id.eq(resume.0))
            .filter(shields::company_id.eq(company.0))
            .count()
            .get_result(c)?;
        if exists == 0 {
            diesel::insert_into(shields::table)
                .values((
                    shields::user_id.eq(uid.0),
                    shields::resume_id.eq(resume.0),
                    shields::company_id.eq(company.0),
                    shields::created_at.eq(now_ms()),
                ))
                .execute(c)?;
        }
        Ok(())
    })
    .await?;
    Ok(ok(true))
}

pub async fn unshield(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ShieldForm>) -> ApiResult<HttpResponse> {
    let company = parse_id::<CompanyId>(&form.com_id, "comId")?;
    let resume = parse_id::<ResumeId>(&form.resume_id, "resumeId")?;
    let uid = who.0.user.user_id();
    let removed = db::run(&state.pool, move |c| {
        Ok(diesel::delete(
            shields::table
                .filter(shields::user_id.eq(uid.0))
                .filter(shields::resume_id.eq(resume.0))
                .filter(shields::company_id.eq(company.0)),
        )
        .execute(c)?)
    })
    .await?;
    if removed == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(ok(true))
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShieldItem {
    pub com_id: i64,
    pub comname: String,
    pub short_name: String,
    pub city: String,
    pub industry: String,
    pub resume_id: i64,
    pub resume_title: String,
    pub created_at: i64,
}

pub async fn shield_list(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<HttpResponse> {
    let uid = who.0.user.id;
    let list = db::run(&state.pool, move |c| {
        let rows: Vec<(i64, String, String, String, String, i64, String, i64)> = shields::table
            .inner_join(companies::table)
            .inner_join(resumes::table)
            .filter(shields::user_id.eq(uid))
            .order(shields::created_at.desc())
            .select((
                companies::id, companies::name, companies::short_name, companies::city, companies::industry,
                resumes::id, resumes::title, shields::created_at,
            ))
            .load(c)?;
        Ok(rows
            .into_iter()
            .map(|r| ShieldItem {
                com_id: r.0, comname: r.1, short_name: r.2, city: r.3, industry: r.4, resume_id: r.5,
                resume_title: r.6, created_at: r.7,
            })
            .collect::<Vec<_>>())
    })
    .await?;
    Ok(ok(list))
}

#[derive(Debug, Deserialize)]
pub struct ShieldSearchForm {
    #[serde(default)]
    pub comname: String,
}

pub const SHIELD_SEARCH_LIMIT: i64 = 20;

/// Companies whose full or short name contains the words typed (partial Chinese names match).
pub async fn shield_search(state: web::Data<AppState>, who: LoggedInOneTrip, Form(form): Form<ShieldSearchForm>) -> ApiResult<HttpResponse> {
    let list = who.run(&state.pool, move |c, session| {
        let name = form.comname.trim().to_string();
        if name.is_empty() {
            return Err(ApiError::BadInput("comname required".into()));
        }
        if name.chars().count() > 50 {
            return Err(ApiError::BadInput("comname too long".into()));
        }
        let uid = session.user.id;
        let pattern = format!("%{}%", like_escape(&name));
        let rows: Vec<(i64, String, String, String, String)> = companies::table
            .filter(companies::name.like(pattern.clone()).escape('\\').or(companies::short_name.like(pattern).escape('\\')))
            .order((companies::name.asc(), companies::id.asc()))
            .limit(SHIELD_SEARCH_LIMIT)
            .select((companies::id, companies::name, companies::short_name, companies::city, companies::industry))
            .load(c)?;
        let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
        let blocked: Vec<i64> = shields::table
            .filter(shields::user_id.eq(uid))
            .filter(shields::company_id.eq_any(&ids))
            .select(shields::company_id)
            .load(c)?;
        Ok(rows
            .into_iter()
            .map(|r| json!({
                "comId": r.0, "comname": r.1, "shortName": r.2, "city": r.3, "industry": r.4,
                "shielded": blocked.contains(&r.0),
            }))
            .collect::<Vec<_>>())
    })
    .await?;
    Ok(ok(list))
}

/// Marks the "resume not updated for a long time" tip as seen.
pub async fn set_no_update_time_tip(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<HttpResponse> {
    let uid = who.0.user.id;
    db::run(&state.pool, move |c| {
        Ok(diesel::update(users::table.find(uid)).set(users::update_tip_dismissed_at.eq(Some(now_ms()))).execute(c)?)
    })
    .await?;
    Ok(ok(true))
}

#[derive(Debug, Deserialize)]
pub struct ApplyForm {
    #[serde(default)]
    pub jobid: String,
    #[serde(default, rename = "resumeId")]
    pub resume_id: String,
}

/// Applies once per job with one of the caller's resumes.
pub async fn apply(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ApplyForm>) -> ApiResult<HttpResponse> {
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    let resume = parse_id::<ResumeId>(&form.resume_id, "resumeId")?;
    let uid = who.0.user.user_id();
    let id = db::run(&state.pool, move |c| {
        own_resume(c, uid, resume)?;
        let closed: bool = jobs::table.find(job.0).select(jobs::closed).first(c)?;
        if closed {
            return Err(ApiError::JobClosed);
        }
        let already: i64 = applications::table
            .filter(applications::user_id.eq(uid.0))
            .filter(applications::job_id.eq(job.0))
            .count()
            .get_result(c)?;
        if already > 0 {
            return Err(ApiError::AlreadyApplied);
        }
        let id = crate::ids::next_id();
        let now = now_ms();
        diesel::insert_into(applications::table)
            .values((
                applications::id.eq(id),
                applications::user_id.eq(uid.0),
                applications::job_id.eq(job.0),
                applications::resume_id.eq(resume.0),
                applications::status.eq(1),
                applications::created_at.eq(now),
                applications::updated_at.eq(now),
            ))
            .execute(c)
            // Two applies racing: the unique (user, job) index answers for the slower one.
            .map_err(|e| match e {
                diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _) => ApiError::AlreadyApplied,
                other => other.into(),
            })?;
        crate::domain::pipeline::arrive(c, id, job.0, now)?;
        Ok(id)
    })
    .await?;
    Ok(ok(json!({ "id": id })))
}
