//! `job_moderation`: jobs held for review because their text hit black words, and jobs a
//! reviewer took down, each with its reason.

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{companies, job_moderation, jobs};
use crate::db::DbConnection;
use crate::ids::{CompanyId, JobId};

text_enum! {
    pub enum ModerationStatus {
        /// Held for review: the reason is the black words it hit, separated by 、.
        Queued = "queued",
        /// Taken down by a reviewer: the reason is the one its company sees.
        TakenDown = "taken_down",
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = job_moderation)]
pub struct Moderation {
    pub status: ModerationStatus,
    pub reason: String,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = job_moderation)]
struct NewModeration<'a> {
    job_id: JobId,
    status: ModerationStatus,
    reason: &'a str,
    updated_at: i64,
}

/// The job's moderation, None when it has none.
pub fn of_job(c: &mut DbConnection, job: JobId) -> QueryResult<Option<Moderation>> {
    job_moderation::table.find(job).select(Moderation::as_select()).first(c).optional()
}

/// Whether the job waits in the review queue.
pub fn is_held(c: &mut DbConnection, job: JobId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(job_moderation::table.find(job).filter(job_moderation::status.eq(ModerationStatus::Queued)))).get_result(c)
}

/// The job's moderation becomes `status` with `reason`, replacing any before it.
pub fn put(c: &mut DbConnection, job: JobId, status: ModerationStatus, reason: &str, now: i64) -> QueryResult<()> {
    diesel::delete(job_moderation::table.find(job)).execute(c)?;
    diesel::insert_into(job_moderation::table).values(&NewModeration { job_id: job, status, reason, updated_at: now }).execute(c)?;
    Ok(())
}

/// The job has no moderation any more.
pub fn remove(c: &mut DbConnection, job: JobId) -> QueryResult<usize> {
    diesel::delete(job_moderation::table.find(job)).execute(c)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = job_moderation)]
pub struct JobReason {
    pub job_id: JobId,
    pub reason: String,
}

/// The reasons of those of `jobs` in `status`.
pub fn reasons_among(c: &mut DbConnection, jobs: &[JobId], status: ModerationStatus) -> QueryResult<Vec<JobReason>> {
    job_moderation::table
        .filter(job_moderation::job_id.eq_any(jobs))
        .filter(job_moderation::status.eq(status))
        .select(JobReason::as_select())
        .load(c)
}

/// A job in the review queue, as the console lists it.
#[derive(Debug, Serialize, Queryable, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeldJobRow {
    pub job_id: JobId,
    pub title: String,
    pub company_id: CompanyId,
    pub company: String,
    /// The black words its text hit, separated by 、.
    pub words: String,
    pub held_at: i64,
}

/// Jobs held for review, oldest first (the queue's order), with how many there are.
pub fn held_page(c: &mut DbConnection, offset: i64, limit: i64) -> QueryResult<(i64, Vec<HeldJobRow>)> {
    let total = job_moderation::table.filter(job_moderation::status.eq(ModerationStatus::Queued)).count().get_result(c)?;
    let rows = job_moderation::table
        .inner_join(jobs::table.inner_join(companies::table))
        .filter(job_moderation::status.eq(ModerationStatus::Queued))
        .order((job_moderation::updated_at.asc(), job_moderation::job_id.asc()))
        .offset(offset.max(0))
        .limit(limit.max(0))
        .select((jobs::id, jobs::title, companies::id, companies::name, job_moderation::reason, job_moderation::updated_at))
        .load(c)?;
    Ok((total, rows))
}
