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

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{application_stages, applications, job_postings, jobs};
use crate::db::job_moderation::{self, ModerationStatus};
use crate::db::DbConnection;
use crate::domain::moderation;
use crate::error::{ApiError, ApiResult};
use crate::ids::{beijing_date, new_id, now_ms, CompanyId, JobId};
use core_wasm::job::CleanJob;

pub const REFRESHES_PER_DAY: i32 = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    Draft,
    Open,
    Closed,
}

impl JobState {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "draft" => Some(Self::Draft),
            "open" => Some(Self::Open),
            "closed" => Some(Self::Closed),
            _ => None,
        }
    }

    fn of(closed: bool, published_at: Option<Option<i64>>) -> Self {
        match (closed, published_at) {
            (false, _) => Self::Open,
            (true, Some(None)) => Self::Draft,
            (true, _) => Self::Closed,
        }
    }
}

#[derive(Debug, Serialize)]
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
    pub refreshed_at: Option<i64>,
    /// Why a reviewer took the job down, while it is down.
    pub takedown_reason: Option<String>,
    /// The black words that hold the job for review, while it waits (它正在等待审核).
    pub held_words: Option<String>,
}

type JobTuple = (JobId, String, String, String, i32, i32, String, String, String, String, String, bool, i64, i64);
type PostingTuple = (String, i32, i32, String, Option<i64>, Option<i64>, String, i32);

fn load(c: &mut DbConnection, company: CompanyId, id: JobId) -> ApiResult<PostedJob> {
    let j: JobTuple = jobs::table
        .filter(jobs::id.eq(id))
        .filter(jobs::company_id.eq(company))
        .select((
            jobs::id, jobs::title, jobs::category, jobs::city, jobs::salary_min, jobs::salary_max, jobs::experience, jobs::education,
            jobs::tags, jobs::keywords, jobs::description, jobs::closed, jobs::created_at, jobs::updated_at,
        ))
        .first(c)
        .optional()?
        .ok_or(ApiError::NotFound)?;
    let p: Option<PostingTuple> = job_postings::table
        .find(id)
        .select((
            job_postings::district, job_postings::salary_months, job_postings::headcount, job_postings::contact,
            job_postings::published_at, job_postings::refreshed_at, job_postings::refresh_day, job_postings::refresh_count,
        ))
        .first(c)
        .optional()?;
    let (district, salary_months, headcount, contact, published, refreshed_at, day, count) =
        p.map_or((String::new(), 12, 0, String::new(), None, None, String::new(), 0), |p| (p.0, p.1, p.2, p.3, Some(p.4), p.5, p.6, p.7));
    let today = beijing_date(now_ms());
    let moderation = job_moderation::of_job(c, id)?;
    let of_status = |wanted: ModerationStatus| moderation.as_ref().filter(|m| m.status == wanted).map(|m| m.reason.clone());
    let (takedown_reason, held_words) = (of_status(ModerationStatus::TakenDown), of_status(ModerationStatus::Queued));
    Ok(PostedJob {
        id: j.0, title: j.1, category: j.2, city: j.3, district, salary_min: j.4, salary_max: j.5, salary_months,
        experience: j.6, education: j.7, headcount, tags: j.8, keywords: j.9, description: j.10, contact,
        state: JobState::of(j.11, published),
        refreshes_left: if day == today { (REFRESHES_PER_DAY - count).max(0) } else { REFRESHES_PER_DAY },
        created_at: j.12, updated_at: j.13, refreshed_at, takedown_reason, held_words,
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
/// text hits a black word is held for review instead; a held job edited clean is public again.
pub fn save(c: &mut DbConnection, company: CompanyId, id: Option<JobId>, job: &CleanJob, draft: bool) -> ApiResult<PostedJob> {
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
                diesel::update(jobs::table.find(id))
                    .set((
                        jobs::title.eq(&job.title), jobs::city.eq(&job.city), jobs::category.eq(&job.category),
                        jobs::salary_min.eq(job.salary_min as i32), jobs::salary_max.eq(job.salary_max as i32),
                        jobs::experience.eq(&job.experience), jobs::education.eq(&job.education),
                        jobs::description.eq(&job.description), jobs::tags.eq(&tags), jobs::keywords.eq(&keywords),
                        jobs::updated_at.eq(now),
                    ))
                    .execute(c)?;
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
                diesel::insert_into(jobs::table)
                    .values((
                        jobs::id.eq(id), jobs::company_id.eq(company), jobs::title.eq(&job.title), jobs::city.eq(&job.city),
                        jobs::category.eq(&job.category), jobs::salary_min.eq(job.salary_min as i32),
                        jobs::salary_max.eq(job.salary_max as i32), jobs::experience.eq(&job.experience),
                        jobs::education.eq(&job.education), jobs::description.eq(&job.description), jobs::tags.eq(&tags),
                        jobs::keywords.eq(&keywords), jobs::closed.eq(draft), jobs::created_at.eq(now), jobs::updated_at.eq(now),
                    ))
                    .execute(c)?;
                ensure_posting(c, company, id, Some((!draft).then_some(now)))?;
                id
            }
        };
        diesel::update(job_postings::table.find(id))
            .set((
                job_postings::district.eq(&job.district),
                job_postings::salary_months.eq(job.salary_months as i32),
                job_postings::headcount.eq(job.headcount as i32),
                job_postings::contact.eq(&job.contact),
            ))
            .execute(c)?;
        let state = load(c, company, id)?.state;
        if !words.is_empty() && (state == JobState::Open || held_before) {
            moderation::hold_job(c, id, &words, now)?;
        }
        Ok(id)
    })?;
    load(c, company, id)
}

/// The posting row of a job, made for a seeded job on its first change (published when it was made).
fn ensure_posting(c: &mut DbConnection, company: CompanyId, id: JobId, published_at: Option<Option<i64>>) -> ApiResult<()> {
    let exists: i64 = job_postings::table.filter(job_postings::job_id.eq(id)).count().get_result(c)?;
    if exists == 0 {
        let published = match published_at {
            Some(p) => p,
            None => Some(jobs::table.find(id).select(jobs::created_at).first(c)?),
        };
        diesel::insert_into(job_postings::table)
            .values((job_postings::job_id.eq(id), job_postings::company_id.eq(company), job_postings::published_at.eq(published)))
            .execute(c)?;
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
        diesel::update(jobs::table.find(id)).set((jobs::closed.eq(to != JobState::Open), jobs::updated_at.eq(now))).execute(c)?;
        if job.state == JobState::Draft {
            // First publication: it is new in "latest".
            diesel::update(jobs::table.find(id)).set(jobs::created_at.eq(now)).execute(c)?;
            diesel::update(job_postings::table.find(id)).set(job_postings::published_at.eq(Some(now))).execute(c)?;
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
        let (day, count): (String, i32) =
            job_postings::table.find(id).select((job_postings::refresh_day, job_postings::refresh_count)).first(c)?;
        let count = if day == today { count + 1 } else { 1 };
        diesel::update(job_postings::table.find(id))
            .set((job_postings::refresh_day.eq(&today), job_postings::refresh_count.eq(count), job_postings::refreshed_at.eq(Some(now))))
            .execute(c)?;
        diesel::update(jobs::table.find(id)).set((jobs::created_at.eq(now), jobs::updated_at.eq(now))).execute(c)?;
        Ok(())
    })?;
    load(c, company, id)
}

/// A new draft with the job's fields.
pub fn copy(c: &mut DbConnection, company: CompanyId, id: JobId) -> ApiResult<PostedJob> {
    let j = load(c, company, id)?;
    let clean = CleanJob {
        title: j.title, category: j.category, city: j.city, district: j.district, salary_min: j.salary_min.into(),
        salary_max: j.salary_max.into(), salary_months: j.salary_months.into(), experience: j.experience,
        education: j.education, headcount: j.headcount.into(),
        tags: core_wasm::job::split_list(&j.tags), keywords: core_wasm::job::split_list(&j.keywords),
        description: j.description, contact: j.contact,
    };
    save(c, company, None, &clean, true)
}

#[derive(Debug, Serialize)]
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
    pub refreshed_at: Option<i64>,
    /// Why a reviewer took the job down, while it is down (the list marks it; editing resubmits).
    pub takedown_reason: Option<String>,
    /// The black words that hold it for review, while it waits (the list marks it).
    pub held_words: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Counts {
    pub open: i64,
    pub draft: i64,
    pub closed: i64,
}

type ListTuple = (JobId, String, String, String, i32, i32, bool, i64, i64, Option<i64>, Option<i64>, Option<i64>);

/// The company's jobs in a state (or all), newest change first, with application counts. The state
/// is decided in SQL (open: not closed; draft: closed with a posting never published; closed: the rest
/// of the closed), so only the page's rows are read, whatever the number of jobs.
pub fn list(c: &mut DbConnection, company: CompanyId, state: Option<JobState>, offset: i64, limit: i64) -> ApiResult<(i64, Counts, Vec<JobRow>)> {
    crate::domain::pipeline::stages(c, company)?;
    let of_company = || jobs::table.left_join(job_postings::table).filter(jobs::company_id.eq(company));
    let open: i64 = of_company().filter(jobs::closed.eq(false)).count().get_result(c)?;
    let all_closed: i64 = of_company().filter(jobs::closed.eq(true)).count().get_result(c)?;
    let draft: i64 = of_company()
        .filter(jobs::closed.eq(true))
        .filter(job_postings::job_id.is_not_null())
        .filter(job_postings::published_at.is_null())
        .count()
        .get_result(c)?;
    let counts = Counts { open, draft, closed: all_closed - draft };
    macro_rules! page_where {
        ($query:expr) => {
            $query
                .order((jobs::updated_at.desc(), jobs::id.desc()))
                .offset(offset.max(0))
                .limit(limit.max(0))
                .select((
                    jobs::id, jobs::title, jobs::city, jobs::category, jobs::salary_min, jobs::salary_max, jobs::closed, jobs::created_at,
                    jobs::updated_at, job_postings::job_id.nullable(), job_postings::published_at.nullable(), job_postings::refreshed_at.nullable(),
                ))
                .load::<ListTuple>(c)?
        };
    }
    let (total, page) = match state {
        None => (open + all_closed, page_where!(of_company())),
        Some(JobState::Open) => (open, page_where!(of_company().filter(jobs::closed.eq(false)))),
        Some(JobState::Draft) => (
            draft,
            page_where!(of_company()
                .filter(jobs::closed.eq(true))
                .filter(job_postings::job_id.is_not_null())
                .filter(job_postings::published_at.is_null())),
        ),
        Some(JobState::Closed) => (
            all_closed - draft,
            page_where!(of_company()
                .filter(jobs::closed.eq(true))
                .filter(job_postings::job_id.is_null().or(job_postings::published_at.is_not_null()))),
        ),
    };
    let ids: Vec<JobId> = page.iter().map(|r| r.0).collect();
    // (job, applications, opened ones): counted by the database, not read row by row.
    let per_job: Vec<(JobId, i64, i64)> = application_stages::table
        .inner_join(applications::table)
        .filter(application_stages::job_id.eq_any(&ids))
        .group_by(application_stages::job_id)
        .select((application_stages::job_id, diesel::dsl::count_star(), diesel::dsl::count(application_stages::viewed_at)))
        .load(c)?;
    let taken_down = job_moderation::reasons_among(c, &ids, ModerationStatus::TakenDown)?;
    let held = job_moderation::reasons_among(c, &ids, ModerationStatus::Queued)?;
    let list = page
        .into_iter()
        .map(|r| {
            // No posting row: a seeded job, published when made.
            let published = if r.9.is_some() { Some(r.10) } else { Some(Some(r.7)) };
            let (applications, opened) = per_job.iter().find(|(j, _, _)| *j == r.0).map_or((0, 0), |(_, n, v)| (*n, *v));
            JobRow {
                id: r.0, title: r.1, city: r.2, category: r.3, salary_min: r.4, salary_max: r.5, state: JobState::of(r.6, published),
                applications, new_applications: applications - opened,
                created_at: r.7, updated_at: r.8, refreshed_at: r.11,
                takedown_reason: taken_down.iter().find(|m| m.job_id == r.0).map(|m| m.reason.clone()),
                held_words: held.iter().find(|m| m.job_id == r.0).map(|m| m.reason.clone()),
            }
        })
        .collect();
    Ok((total, counts, list))
}
