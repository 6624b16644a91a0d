//! A company's jobs: list, read, save (checked by core-wasm's job rules), publish, close, reopen,
//! refresh and copy. Owners and HR only.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::api::ok;
use crate::db::company_member::Role;
use crate::db::{self};
use crate::db::job_posting::JobState;
use crate::domain::job_posting;
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, JobId};
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;
use crate::web::paging::Paging;
use core_wasm::job::{check, JobDraft};

const JOB_ROLES: &[Role] = &[Role::Owner, Role::Hr];

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ListForm {
    #[serde(default)]
    pub state: String,
    pub page: Option<String>,
    pub pagesize: Option<String>,
}

pub async fn list(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ListForm>) -> ApiResult<HttpResponse> {
    who.require(JOB_ROLES)?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let filter = match form.state.trim() {
        "" => None,
        s => Some(JobState::parse(s).ok_or_else(|| ApiError::BadInput("state".into()))?),
    };
    let company = who.company();
    let (total, counts, list) =
        db::run(&state.pool, move |c| job_posting::list(c, company, filter, paging.offset(), paging.pagesize)).await?;
    Ok(ok(json!({ "total": total, "counts": counts, "list": list })))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct IdForm {
    #[serde(default)]
    pub id: String,
}

pub async fn get(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<HttpResponse> {
    who.require(JOB_ROLES)?;
    let id: JobId = parse_id(&form.id, "id")?;
    let company = who.company();
    Ok(ok(db::run(&state.pool, move |c| job_posting::get(c, company, id)).await?))
}

/// Creates or edits a job; the same rules as the form. A job whose text hits the black-word list
/// (/tag/getBlackWord) is saved but held for review (`heldWords` in the answer), not refused.
pub async fn save(
    state: web::Data<AppState>,
    who: CompanyMember,
    Form(fields): Form<std::collections::HashMap<String, String>>,
) -> ApiResult<HttpResponse> {
    who.require(JOB_ROLES)?;
    let field = |name: &str| fields.get(name).map(|v| v.trim().to_string()).unwrap_or_default();
    let id: Option<JobId> = match field("id") {
        raw if raw.is_empty() => None,
        raw => Some(parse_id(&raw, "id")?),
    };
    let draft = field("draft") == "1";
    // The job's own fields, by the names JobDraft gives them; unknown ones are ignored.
    let job: JobDraft = serde_json::from_value(serde_json::to_value(&fields).map_err(ApiError::internal)?)
        .map_err(|e| ApiError::BadInput(e.to_string()))?;
    let company = who.company();
    let saved = db::run(&state.pool, move |c| {
        let (verdict, clean) = check(&job, &[]);
        let clean = clean.ok_or_else(|| ApiError::JobInvalid(serde_json::to_string(&verdict).unwrap_or_default()))?;
        job_posting::save(c, company, id, &clean, draft)
    })
    .await?;
    Ok(ok(json!({ "id": saved.id, "state": saved.state, "heldWords": saved.held_words })))
}

async fn change(state: web::Data<AppState>, who: CompanyMember, form: IdForm, to: JobState) -> ApiResult<HttpResponse> {
    who.require(JOB_ROLES)?;
    let id: JobId = parse_id(&form.id, "id")?;
    let company = who.company();
    let job = db::run(&state.pool, move |c| job_posting::set_state(c, company, id, to)).await?;
    Ok(ok(json!({ "id": job.id, "state": job.state, "heldWords": job.held_words })))
}

pub async fn publish(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<HttpResponse> {
    change(state, who, form, JobState::Open).await
}

pub async fn close(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<HttpResponse> {
    change(state, who, form, JobState::Closed).await
}

pub async fn reopen(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<HttpResponse> {
    change(state, who, form, JobState::Open).await
}

pub async fn refresh(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<HttpResponse> {
    who.require(JOB_ROLES)?;
    let id: JobId = parse_id(&form.id, "id")?;
    let company = who.company();
    let job = db::run(&state.pool, move |c| {
        // The month's refreshes (issue 16): checked first, counted once the refresh is done.
        let now = crate::ids::now_ms();
        crate::domain::plan::check_quota(c, company, crate::domain::plan::Kind::Refresh, now)?;
        let job = job_posting::refresh(c, company, id)?;
        crate::domain::plan::use_quota(c, company, crate::domain::plan::Kind::Refresh, None, now)?;
        Ok(job)
    })
    .await?;
    Ok(ok(json!({ "id": job.id, "state": job.state, "refreshesLeft": job.refreshes_left, "refreshedAt": job.refreshed_at })))
}

pub async fn copy(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<HttpResponse> {
    who.require(JOB_ROLES)?;
    let id: JobId = parse_id(&form.id, "id")?;
    let company = who.company();
    let job = db::run(&state.pool, move |c| job_posting::copy(c, company, id)).await?;
    Ok(ok(json!({ "id": job.id, "state": job.state })))
}
