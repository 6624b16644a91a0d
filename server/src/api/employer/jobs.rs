//! A company's jobs: list, read, save (checked by core-wasm's job rules), publish, close, reopen,
//! refresh and copy. Owners and HR only.

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::api::{answer, Answer};
use crate::db::company_member::Role;
use crate::db::{self};
use crate::db::job_posting::{Counts, JobState};
use crate::domain::job_posting::{self, JobRow, PostedJob};
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

/// A page of the company's jobs, and how many it has in each state.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CompanyJobList {
    pub total: i64,
    pub counts: Counts,
    pub list: Vec<JobRow>,
}

pub async fn list(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ListForm>) -> ApiResult<Answer<CompanyJobList>> {
    who.require(JOB_ROLES)?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let filter = match form.state.trim() {
        "" => None,
        s => Some(JobState::parse(s).ok_or_else(|| ApiError::BadInput("state".into()))?),
    };
    let company = who.company();
    let (total, counts, list) =
        db::run(&state.pool, move |c| job_posting::list(c, company, filter, paging.offset(), paging.pagesize)).await?;
    Ok(answer(CompanyJobList { total, counts, list }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct IdForm {
    #[serde(default)]
    pub id: String,
}

pub async fn get(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<PostedJob>> {
    who.require(JOB_ROLES)?;
    let id: JobId = parse_id(&form.id, "id")?;
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| job_posting::get(c, company, id)).await?))
}

/// A job saved or moved to another state: its state, and the black words that hold it for review.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobSaved {
    pub id: JobId,
    pub state: JobState,
    #[schema(required)]
    pub held_words: Option<String>,
}

impl From<PostedJob> for JobSaved {
    fn from(job: PostedJob) -> Self {
        JobSaved { id: job.id, state: job.state, held_words: job.held_words }
    }
}

/// Creates or edits a job; the same rules as the form. A job whose text hits the black-word list
/// (/tag/getBlackWord) is saved but held for review (`heldWords` in the answer), not refused.
pub async fn save(
    state: web::Data<AppState>,
    who: CompanyMember,
    Form(fields): Form<std::collections::HashMap<String, String>>,
) -> ApiResult<Answer<JobSaved>> {
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
    let member = who.member.id;
    let saved = db::run(&state.pool, move |c| {
        let (verdict, clean) = check(&job, &[]);
        let clean = clean.ok_or_else(|| ApiError::JobInvalid(serde_json::to_string(&verdict).unwrap_or_default()))?;
        job_posting::save(c, company, member, id, &clean, draft)
    })
    .await?;
    Ok(answer(saved.into()))
}

async fn change(state: web::Data<AppState>, who: CompanyMember, form: IdForm, to: JobState) -> ApiResult<Answer<JobSaved>> {
    who.require(JOB_ROLES)?;
    let id: JobId = parse_id(&form.id, "id")?;
    let company = who.company();
    let job = db::run(&state.pool, move |c| job_posting::set_state(c, company, id, to)).await?;
    Ok(answer(job.into()))
}

pub async fn publish(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<JobSaved>> {
    change(state, who, form, JobState::Open).await
}

pub async fn close(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<JobSaved>> {
    change(state, who, form, JobState::Closed).await
}

pub async fn reopen(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<JobSaved>> {
    change(state, who, form, JobState::Open).await
}

/// A refreshed job: the refreshes its plan leaves this month, and when.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobRefreshed {
    pub id: JobId,
    pub state: JobState,
    pub refreshes_left: i32,
    #[schema(required)]
    pub refreshed_at: Option<i64>,
}

pub async fn refresh(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<JobRefreshed>> {
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
    Ok(answer(JobRefreshed { id: job.id, state: job.state, refreshes_left: job.refreshes_left, refreshed_at: job.refreshed_at }))
}

/// The copy, a draft.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct JobCopied {
    pub id: JobId,
    pub state: JobState,
}

pub async fn copy(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<JobCopied>> {
    who.require(JOB_ROLES)?;
    let id: JobId = parse_id(&form.id, "id")?;
    let company = who.company();
    let member = who.member.id;
    let job = db::run(&state.pool, move |c| job_posting::copy(c, company, member, id)).await?;
    Ok(answer(JobCopied { id: job.id, state: job.state }))
}
