//! What the server-rendered public pages and the sitemaps ask of `jobs`, `job_postings` and
//! `job_moderation`: whether a job is public, and the open jobs and their companies in id order.

use diesel::dsl::{count_star, max};
use diesel::prelude::*;

use crate::db::job_moderation::ModerationStatus;
use crate::db::schema::{job_moderation, job_postings, jobs};
use crate::db::DbConnection;
use crate::ids::JobId;

/// Where a job stands for a visitor of its page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Open,
    /// Closed by its company at `since` (ms).
    Closed { since: i64 },
    /// A draft never published, or no such job: nothing to show.
    Missing,
    /// Taken down by a reviewer: gone at once.
    TakenDown,
    /// Held for review because its text hit black words (domain/moderation.rs `hold_job`): its text is
    /// not public until a reviewer approves it.
    Held,
}

impl Standing {
    /// Whether the job's page and its text may be shown to anyone but its company: open, or closed
    /// after being published (marked closed). A draft, a held and a taken-down job are not. This is
    /// the one rule for the job's page, /job/detail and the mobile twins (docs/api.md, "When a job
    /// is public"); lists (search, a company's jobs, sitemaps) take only open jobs, and every job
    /// that is not public is closed.
    pub fn shows_page(self) -> bool {
        matches!(self, Standing::Open | Standing::Closed { .. })
    }
}

/// The job's standing.
pub fn standing(c: &mut DbConnection, job: JobId) -> QueryResult<Standing> {
    let row: Option<(bool, i64, Option<i64>, Option<i64>, Option<ModerationStatus>)> = jobs::table
        .left_join(job_postings::table)
        .left_join(job_moderation::table)
        .filter(jobs::id.eq(job))
        .select((jobs::closed, jobs::updated_at, job_postings::job_id.nullable(), job_postings::published_at.nullable(), job_moderation::status.nullable()))
        .first(c)
        .optional()?;
    Ok(match row {
        None => Standing::Missing,
        Some((.., Some(ModerationStatus::TakenDown))) => Standing::TakenDown,
        Some((.., Some(ModerationStatus::Queued))) => Standing::Held,
        // A posting row without a publication date is a draft (domain/job_posting.rs).
        Some((true, _, Some(_), None, _)) => Standing::Missing,
        Some((true, since, ..)) => Standing::Closed { since },
        Some((false, ..)) => Standing::Open,
    })
}

/// A URL of a sitemap: the row's id and when it last changed (ms).
#[derive(Debug, Clone, Copy, Queryable)]
pub struct Entry {
    pub id: i64,
    pub changed: i64,
}

/// Open jobs with ids above `after`, in id order, at most `limit`.
pub fn open_jobs_after(c: &mut DbConnection, after: i64, limit: i64) -> QueryResult<Vec<Entry>> {
    jobs::table
        .filter(jobs::closed.eq(false))
        .filter(jobs::id.gt(after))
        .order(jobs::id.asc())
        .select((jobs::id, jobs::updated_at))
        .limit(limit)
        .load(c)
}

/// The id of every `step`-th open job (the 1st, the step+1-th, …): where each sitemap file starts.
/// One pass over the open jobs' ids (8 MB at a million), not one OFFSET scan per file.
pub fn open_job_boundaries(c: &mut DbConnection, step: i64) -> QueryResult<Vec<i64>> {
    let ids: Vec<i64> = jobs::table.filter(jobs::closed.eq(false)).order(jobs::id.asc()).select(jobs::id).load(c)?;
    Ok(ids.into_iter().step_by(step.max(1) as usize).collect())
}

/// Companies with at least one open job, in id order, with their newest job change.
pub fn companies_with_open_jobs(c: &mut DbConnection) -> QueryResult<Vec<Entry>> {
    let rows: Vec<(i64, Option<i64>)> = jobs::table
        .filter(jobs::closed.eq(false))
        .group_by(jobs::company_id)
        .select((jobs::company_id, max(jobs::updated_at)))
        .order(jobs::company_id.asc())
        .load(c)?;
    Ok(rows.into_iter().map(|(id, changed)| Entry { id, changed: changed.unwrap_or(0) }).collect())
}

/// Open jobs per (city, category), with the newest change: the landing pages worth a URL.
pub fn open_by_city_and_category(c: &mut DbConnection) -> QueryResult<Vec<(String, String, i64, i64)>> {
    let rows: Vec<(String, String, i64, Option<i64>)> = jobs::table
        .filter(jobs::closed.eq(false))
        .group_by((jobs::city, jobs::category))
        .select((jobs::city, jobs::category, count_star(), max(jobs::updated_at)))
        .order((jobs::city.asc(), jobs::category.asc()))
        .load(c)?;
    Ok(rows.into_iter().map(|(city, category, n, changed)| (city, category, n, changed.unwrap_or(0))).collect())
}
