//! A company's jobs as the recruiter manages them: draft, open, closed; refresh and copy.
//!
//! The public pages and the search index read `jobs`; the recruiter-side fields and the state
//! live beside it in `job_postings`. A draft is a closed job never published. Every change
//! writes `jobs.updated_at`, which the search index follows within SEARCH_SYNC_SECS.
//! Seeded jobs have no posting row: they read as published when they were made.
//!
//! Posting is moderated after publication, but a job whose text hits the black-word list is held
//! instead (domain/moderation.rs `hold_job`): closed, out of search, in the reviewers' queue, and shown to
//! the recruiter as awaiting review with the words (`heldWords`). Every way to the public (saving
//! an open job, publishing a draft, reopening) checks the words; a held job cannot be published or
//! reopened by its company (`JOB_HELD`), nor a taken-down one before it is edited (`JOB_TAKEN_DOWN`).

use serde::Serialize;

use crate::db::job::{JobEdit, NewJob};
use crate::db::job_moderation::{self, ModerationStatus};
use crate::db::job_posting::{self as posting, Counts, JobState, NewPosting, PostingEdit};
use crate::db::DbConnection;
use crate::domain::moderation;
use crate::error::{ApiError, ApiResult};
use crate::ids::{beijing_date, new_id, now_ms, CompanyId, JobId, MemberId};
use core_wasm::job::CleanJob;

pub const REFRESHES_PER_DAY: i32 = 3;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostedJob {
    pub id: JobId,
    pub title: String,
    pub category: String,
    pub city: String,
    pub district: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub salary_months: i32,
    pub experience: String,
    pub education: String,
    pub headcount: i32,
    pub tags: String,
    pub keywords: String,
    pub description: String,
    pub contact: String,
    pub state: JobState,
    pub refreshes_left: i32,
    pub created_at: i64,
    pub updated_at: i64,
    #[schema(required)]
    pub refreshed_at: Option<i64>,
    /// Why a reviewer took the job down, while it is down.
    #[schema(required)]
    pub takedown_reason: Option<String>,
    /// The black words that hold the job for review, while it waits (它正在等待审核).
    #[schema(required)]
    pub held_words: Option<String>,
}

fn load(c: &mut DbConnection, company: CompanyId, id: JobId) -> ApiResult<PostedJob> {
    let j = crate::db::job::of_company(c, company, id)?.ok_or(ApiError::NotFound)?;
    let p = posting::of_job(c, id)?;
    let published = p.as_ref().map(|p| p.published_at);
    // No posting row: a seeded job, read with the table's defaults.
    let p = p.unwrap_or(posting::Posting {
        district: String::new(),
        salary_months: 12,
        headcount: 0,
        contact: String::new(),
        published_at: None,
        refreshed_at: None,
        refresh_day: String::new(),
        refresh_count: 0,
    });
    let today = beijing_date(now_ms());
    let moderation = job_moderation::of_job(c, id)?;
    let of_status = |wanted: ModerationStatus| moderation.as_ref().filter(|m| m.status == wanted).map(|m| m.reason.clone());
    let (takedown_reason, held_words) = (of_status(ModerationStatus::TakenDown), of_status(ModerationStatus::Queued));
    Ok(PostedJob {
        id: j.id, title: j.title, category: j.category, city: j.city, district: p.district, salary_min: j.salary_min,
        salary_max: j.salary_max, salary_months: p.salary_months, experience: j.experience, education: j.education,
        headcount: p.headcount, tags: j.tags, keywords: j.keywords, description: j.description, contact: p.contact,
        state: JobState::of(j.closed, published),
        refreshes_left: if p.refresh_day == today { (REFRESHES_PER_DAY - p.refresh_count).max(0) } else { REFRESHES_PER_DAY },
        created_at: j.created_at, updated_at: j.updated_at, refreshed_at: p.refreshed_at, takedown_reason, held_words,
    })
}

pub fn get(c: &mut DbConnection, company: CompanyId, id: JobId) -> ApiResult<PostedJob> {
    load(c, company, id)
}

/// The black words a job's text holds (title, description, benefits, skills).
fn black_words_of(c: &mut DbConnection, title: &str, description: &str, tags: &str, keywords: &str) -> ApiResult<Vec<String>> {
    Ok(crate::db::black_word::hits(c, &[title, description, tags, keywords])?)
}

/// Creates (publishing at once unless `draft`) or edits a job of `company`. A job to be public whose
/// text hits a black word is held for review instead; a held job edited clean is public again. The
/// member who creates a job is its responsible member (who answers its chats, issue 32).
pub fn save(c: &mut DbConnection, company: CompanyId, member: MemberId, id: Option<JobId>, job: &CleanJob, draft: bool) -> ApiResult<PostedJob> {
    let now = now_ms();
    let tags = job.tags.join(",");
    let keywords = job.keywords.join(",");
    let id = crate::db::write_transaction(c, |c| {
        let words = black_words_of(c, &job.title, &job.description, &tags, &keywords)?;
        let held_before = match id {
            Some(id) => job_moderation::is_held(c, id)?,
            None => false,
        };
        let id = match id {
            Some(id) => {
                load(c, company, id)?;
                let fields = JobEdit {
                    title: &job.title,
                    city: &job.city,
                    category: &job.category,
                    salary_min: job.salary_min as i32,
                    salary_max: job.salary_max as i32,
                    experience: &job.experience,
                    education: &job.education,
                    description: &job.description,
                    tags: &tags,
                    keywords: &keywords,
                    updated_at: now,
                };
                crate::db::job::edit(c, id, &fields)?;
                ensure_posting(c, company, id, None)?;
                // Editing a taken-down job resubmits it: the company reopens it once fixed.
                // A held job edited clean is public at once (it was held only for its words).
                moderation::resubmitted(c, id)?;
                if held_before && words.is_empty() {
                    moderation::release_job(c, id, now)?;
                }
                id
            }
            None => {
                let id: JobId = new_id();
                let new = NewJob {
                    id,
                    company_id: company,
                    title: &job.title,
                    city: &job.city,
                    category: &job.category,
                    industry: "",
                    salary_min: job.salary_min as i32,
                    salary_max: job.salary_max as i32,
                    experience: &job.experience,
                    education: &job.education,
                    description: &job.description,
                    tags: &tags,
                    keywords: &keywords,
                    closed: draft,
                    created_at: now,
                    updated_at: now,
                };
                crate::db::job::insert(c, &new)?;
                ensure_posting(c, company, id, Some((!draft).then_some(now)))?;
                posting::set_member(c, id, member)?;
                id
            }
        };
        let fields = PostingEdit {
            district: &job.district,
            salary_months: job.salary_months as i32,
            headcount: job.headcount as i32,
            contact: &job.contact,
        };
        posting::edit(c, id, &fields)?;
        let state = load(c, company, id)?.state;
        if !words.is_empty() && (state == JobState::Open || held_before) {
            moderation::hold_job(c, id, &words, now)?;
        }
        Ok(id)
    })?;
    load(c, company, id)
}

/// The posting row of a job, made for a seeded job on its first change (published when it was made).
pub(crate) fn ensure_posting(c: &mut DbConnection, company: CompanyId, id: JobId, published_at: Option<Option<i64>>) -> ApiResult<()> {
    if !posting::exists(c, id)? {
        let published_at = match published_at {
            Some(p) => p,
            None => Some(crate::db::job::created_at(c, id)?),
        };
        posting::insert(c, &NewPosting { job_id: id, company_id: company, published_at })?;
    }
    Ok(())
}

/// Publishes a draft, closes an open job or reopens a closed one.
pub fn set_state(c: &mut DbConnection, company: CompanyId, id: JobId, to: JobState) -> ApiResult<PostedJob> {
    let job = load(c, company, id)?;
    let now = now_ms();
    let allowed = matches!(
        (job.state, to),
        (JobState::Draft, JobState::Open) | (JobState::Open, JobState::Closed) | (JobState::Closed, JobState::Open)
    );
    if to == JobState::Open && job.held_words.is_some() {
        return Err(ApiError::JobHeld);
    }
    if to == JobState::Open && job.takedown_reason.is_some() {
        return Err(ApiError::JobTakenDown);
    }
    if !allowed {
        return Err(ApiError::BadInput(format!("a {:?} job cannot become {:?}", job.state, to)));
    }
    crate::db::write_transaction(c, |c| {
        ensure_posting(c, company, id, None)?;
        crate::db::job::set_closed(c, id, to != JobState::Open, now)?;
        if job.state == JobState::Draft {
            // First publication: it is new in "latest".
            crate::db::job::set_created_at(c, id, now)?;
            posting::set_published(c, id, now)?;
        }
        if to == JobState::Open {
            // Black words added since it was written hold it now.
            let words = black_words_of(c, &job.title, &job.description, &job.tags, &job.keywords)?;
            if !words.is_empty() {
                moderation::hold_job(c, id, &words, now)?;
            }
        }
        Ok(())
    })?;
    load(c, company, id)
}

/// Raises an open job in the newest-first order (its posting time becomes now), a few times a day.
pub fn refresh(c: &mut DbConnection, company: CompanyId, id: JobId) -> ApiResult<PostedJob> {
    let job = load(c, company, id)?;
    if job.state != JobState::Open {
        return Err(ApiError::JobClosed);
    }
    if job.refreshes_left <= 0 {
        return Err(ApiError::RefreshLimit);
    }
    let now = now_ms();
    let today = beijing_date(now);
    crate::db::write_transaction(c, |c| {
        ensure_posting(c, company, id, None)?;
        let p = posting::of_job(c, id)?.ok_or(ApiError::NotFound)?;
        let count = if p.refresh_day == today { p.refresh_count + 1 } else { 1 };
        posting::record_refresh(c, id, &today, count, now)?;
        crate::db::job::raise(c, id, now)?;
        Ok(())
    })?;
    load(c, company, id)
}

/// A new draft with the job's fields.
pub fn copy(c: &mut DbConnection, company: CompanyId, member: MemberId, id: JobId) -> ApiResult<PostedJob> {
    let j = load(c, company, id)?;
    let clean = CleanJob {
        title: j.title, category: j.category, city: j.city, district: j.district, salary_min: j.salary_min.into(),
        salary_max: j.salary_max.into(), salary_months: j.salary_months.into(), experience: j.experience,
        education: j.education, headcount: j.headcount.into(),
        tags: core_wasm::job::split_list(&j.tags), keywords: core_wasm::job::split_list(&j.keywords),
        description: j.description, contact: j.contact,
    };
    save(c, company, member, None, &clean, true)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobRow {
    pub id: JobId,
    pub title: String,
    pub city: String,
    pub category: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub state: JobState,
    pub applications: i64,
    pub new_applications: i64,
    pub created_at: i64,
    pub updated_at: i64,
    #[schema(required)]
    pub refreshed_at: Option<i64>,
    /// Why a reviewer took the job down, while it is down (the list marks it; editing resubmits).
    #[schema(required)]
    pub takedown_reason: Option<String>,
    /// The black words that hold it for review, while it waits (the list marks it).
    #[schema(required)]
    pub held_words: Option<String>,
}

/// The company's jobs in a state (or all), newest change first, with application counts.
pub fn list(c: &mut DbConnection, company: CompanyId, state: Option<JobState>, offset: i64, limit: i64) -> ApiResult<(i64, Counts, Vec<JobRow>)> {
    crate::domain::pipeline::stages(c, company)?;
    let counts = posting::counts(c, company)?;
    let total = match state {
        None => counts.open + counts.draft + counts.closed,
        Some(JobState::Open) => counts.open,
        Some(JobState::Draft) => counts.draft,
        Some(JobState::Closed) => counts.closed,
    };
    let page = posting::page(c, company, state, offset, limit)?;
    let ids: Vec<JobId> = page.iter().map(|r| r.id).collect();
    let per_job = posting::application_counts(c, &ids)?;
    let taken_down = job_moderation::reasons_among(c, &ids, ModerationStatus::TakenDown)?;
    let held = job_moderation::reasons_among(c, &ids, ModerationStatus::Queued)?;
    let list = page
        .into_iter()
        .map(|r| {
            let (applications, opened) = per_job.iter().find(|n| n.job_id == r.id).map_or((0, 0), |n| (n.applications, n.opened));
            let state = r.state();
            JobRow {
                id: r.id, title: r.title, city: r.city, category: r.category, salary_min: r.salary_min,
                salary_max: r.salary_max, state, applications, new_applications: applications - opened,
                created_at: r.created_at, updated_at: r.updated_at, refreshed_at: r.refreshed_at,
                takedown_reason: taken_down.iter().find(|m| m.job_id == r.id).map(|m| m.reason.clone()),
                held_words: held.iter().find(|m| m.job_id == r.id).map(|m| m.reason.clone()),
            }
        })
        .collect();
    Ok((total, counts, list))
}
