//! The behaviour log (/pcuser/addLog): what candidates and visitors do on the site, kept for two
//! uses and no longer than needed.
//! - Recommendations: "recommended for you" weighs the categories and cities of the jobs the
//!   candidate opened lately beside their interest tags (`recommend`).
//! - Statistics: job events are counted per day in `job_event_days` as they arrive; the raw
//!   events are deleted after BEHAVIOUR_LOG_DAYS (default 30, `purge_if_due`).
//!
//! A visitor (not logged in) is logged against the `finger` cookie only: no user, no keyword, no
//! IP or browser; their job events keep the job's category and city, which are the job's.

use std::collections::HashMap;

use core_wasm::behaviour::{Batch, EventKind};

use crate::db::behaviour::{self as log, Actor, NewEvent};
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{beijing_date, new_id, JobId};
use crate::search::{Filter, JobQuery, SearchIndex};
use crate::store::SharedStore;

/// The finger cookie's value as the ui makes it (lib/finger.ts: 32 hex digits); anything else
/// is not logged.
pub fn valid_finger(f: &str) -> bool {
    (8..=64).contains(&f.len()) && f.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// What one batch came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct Recorded {
    pub stored: usize,
    /// Events of unknown kinds, and job events naming no job.
    pub dropped: usize,
}

/// A job's views in the statistics and the funnel count one visitor once a day, and at most this
/// many jobs of one visitor an hour (more is a crawler or a script, not a person reading jobs).
pub const VIEWED_JOBS_PER_HOUR: i64 = 60;

/// Whether this view of `job` by `actor` counts: its first of the day (China), and within the
/// visitor's hourly number of jobs. The raw event is logged either way (recommendations read it).
fn view_counts(store: &SharedStore, actor: &Actor, job: JobId, day: &str) -> bool {
    let who = match actor {
        Actor::User(u) => format!("u{}", u.0),
        Actor::Visitor(f) => format!("f{f}"),
    };
    // A store that is down counts nothing rather than everything.
    if !store.put_new(&format!("viewed:{who}:{}:{day}", job.0), "1", 36 * 3_600_000).unwrap_or(false) {
        return false;
    }
    store.incr(&format!("viewed-jobs:{who}"), 3_600_000).map(|n| n <= VIEWED_JOBS_PER_HOUR).unwrap_or(false)
}

/// Stores a checked batch for `actor` at `now`, and counts its job events per day (a view once per
/// visitor, job and day: `view_counts`).
pub fn record(c: &mut DbConnection, store: &SharedStore, actor: &Actor, batch: Batch, now: i64) -> ApiResult<Recorded> {
    let job_ids: Vec<JobId> = batch.events.iter().filter_map(|e| e.job_id).map(JobId).collect();
    let places = if job_ids.is_empty() { Vec::new() } else { log::job_places(c, &job_ids)? };
    let (user_id, finger) = match actor {
        Actor::User(u) => (Some(*u), String::new()),
        Actor::Visitor(f) => (None, f.clone()),
    };
    let mut dropped = batch.dropped;
    let mut rows = Vec::with_capacity(batch.events.len());
    for e in batch.events {
        let (category, city) = match e.job_id {
            Some(id) => match places.iter().find(|p| p.id.0 == id) {
                Some(p) => (p.category.clone(), p.city.clone()),
                None => {
                    dropped += 1;
                    continue;
                }
            },
            None => (e.category, e.city),
        };
        let keyword = if user_id.is_some() { e.keyword } else { String::new() };
        let filters = if e.filters.is_empty() { String::new() } else { serde_json::Value::Object(e.filters.into_iter().map(|(k, v)| (k, v.into())).collect()).to_string() };
        rows.push(NewEvent {
            id: new_id(),
            user_id,
            finger: finger.clone(),
            kind: e.kind.code().to_string(),
            job_id: e.job_id.map(JobId),
            category,
            city,
            keyword,
            filters,
            at: now,
        });
    }
    let day = beijing_date(now);
    let mut per_job: HashMap<(JobId, String), i64> = HashMap::new();
    for r in &rows {
        if let Some(job) = r.job_id {
            if r.kind == EventKind::Open.code() && !view_counts(store, actor, job, &day) {
                continue;
            }
            *per_job.entry((job, r.kind.clone())).or_default() += 1;
        }
    }
    let stored = crate::db::write_transaction(c, |c| {
        let n = log::insert(c, &rows)?;
        for ((job, kind), count) in &per_job {
            log::count_day(c, &day, *job, kind, *count)?;
        }
        Ok(n)
    })?;
    Ok(Recorded { stored, dropped })
}

/// Deletes the raw events older than `days` days; how many went.
pub fn purge(c: &mut DbConnection, days: i64, now: i64) -> ApiResult<usize> {
    Ok(log::delete_before(c, now - days.max(1) * 86_400_000)?)
}

/// The raw log is swept at most this often across servers.
pub const PURGE_EVERY_MS: i64 = 3_600_000;

/// Whether this caller takes this hour's sweep (the first across servers to put the key in the shared
/// store); both the batches (api/candidate/behaviour.rs) and the background loop (domain/background.rs) ask.
pub fn purge_turn(store: &SharedStore) -> bool {
    store.put_new("behaviour-purge", "1", PURGE_EVERY_MS).unwrap_or(false)
}

/// How far back recommendations look at opened jobs, and how many they weigh.
const INTEREST_DAYS: i64 = 14;
const INTEREST_EVENTS: i64 = 50;

/// The categories and cities of the jobs the actor opened lately, most opened first (ties: the
/// most recent first).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Interests {
    pub categories: Vec<String>,
    pub cities: Vec<String>,
}

fn ranked(values: impl Iterator<Item = String>) -> Vec<String> {
    let mut order: Vec<(String, usize, usize)> = Vec::new();
    for (i, v) in values.enumerate() {
        if v.is_empty() {
            continue;
        }
        match order.iter_mut().find(|(k, _, _)| *k == v) {
            Some(e) => e.1 += 1,
            None => order.push((v, 1, i)),
        }
    }
    order.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
    order.into_iter().map(|(k, _, _)| k).collect()
}

pub fn interests(c: &mut DbConnection, actor: &Actor, now: i64) -> ApiResult<Interests> {
    let opened = log::recent_places(c, actor, EventKind::Open.code(), now - INTEREST_DAYS * 86_400_000, INTEREST_EVENTS)?;
    Ok(Interests {
        categories: ranked(opened.iter().map(|p| p.category.clone())),
        cities: ranked(opened.iter().map(|p| p.city.clone())),
    })
}

/// "Recommended for you": jobs for the interest tags (any word) and the newest jobs of the category the
/// candidate opened most lately (in their most opened city when that city has some), taken in
/// turn, without `exclude` (jobs applied for), at most `limit`. Without opened jobs this is the
/// tags' list alone, as before the log.
pub fn recommend(c: &mut DbConnection, search: &SearchIndex, actor: &Actor, tags: &[String], exclude: Vec<i64>, limit: usize, now: i64) -> ApiResult<Vec<i64>> {
    let by_tags = if tags.is_empty() {
        Vec::new()
    } else {
        search
            .search(&JobQuery { text: tags.join(" "), any_word: true, exclude: exclude.clone(), limit, ..JobQuery::default() })
            .map_err(ApiError::internal)?
            .ids
    };
    let interests = interests(c, actor, now)?;
    let mut by_interest = Vec::new();
    if let Some(category) = interests.categories.first() {
        // The newest of the category: the tags need not match there (they are the other half).
        let query = |filters: Vec<(Filter, String)>| JobQuery { filters, exclude: exclude.clone(), limit, ..JobQuery::default() };
        let mut filters = vec![(Filter::Category, category.clone())];
        if let Some(city) = interests.cities.first() {
            filters.push((Filter::City, city.clone()));
            by_interest = search.search(&query(filters.clone())).map_err(ApiError::internal)?.ids;
            filters.pop();
        }
        if by_interest.len() < limit / 2 {
            let more = search.search(&query(filters)).map_err(ApiError::internal)?.ids;
            for id in more {
                if !by_interest.contains(&id) {
                    by_interest.push(id);
                }
            }
        }
    }
    let mut out: Vec<i64> = Vec::with_capacity(limit);
    let (mut a, mut b) = (by_interest.into_iter(), by_tags.into_iter());
    loop {
        let (x, y) = (a.next(), b.next());
        if x.is_none() && y.is_none() {
            break;
        }
        for id in [x, y].into_iter().flatten() {
            if out.len() < limit && !out.contains(&id) {
                out.push(id);
            }
        }
    }
    Ok(out)
}

/// One job's funnel over a window: seen in lists, opened, saved, applied for (applications, from the
/// applications themselves), and applications per opening.
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobFunnel {
    pub job_id: JobId,
    pub title: String,
    pub closed: bool,
    pub impressions: i64,
    pub views: i64,
    pub saves: i64,
    pub applications: i64,
    /// applications / views, 0 without views.
    pub conversion: f64,
}

/// The Beijing day `days` days before `now`, and that day's first millisecond as a bound for the
/// applications (a day's counts are whole days, so the window starts at a day boundary).
pub fn window_start(days: i64, now: i64) -> (String, i64) {
    let since = now - (days.max(1) - 1) * 86_400_000;
    let day = beijing_date(since);
    // Beijing midnight of that day: UTC+8.
    let start = (since + 8 * 3_600_000) / 86_400_000 * 86_400_000 - 8 * 3_600_000;
    (day, start)
}

fn funnels(c: &mut DbConnection, jobs: Vec<log::JobTitle>, days: i64, now: i64, only: Option<&[JobId]>) -> ApiResult<Vec<JobFunnel>> {
    let (since_day, since) = window_start(days, now);
    let counts = log::day_counts_since(c, &since_day, only)?;
    let applied = log::applied_jobs_since(c, since, only)?;
    Ok(jobs
        .into_iter()
        .map(|j| {
            let sum = |kind: EventKind| counts.iter().filter(|d| d.job_id == j.id && d.kind == kind.code()).map(|d| d.count).sum::<i64>();
            let views = sum(EventKind::Open);
            let applications = applied.iter().filter(|a| **a == j.id).count() as i64;
            JobFunnel {
                job_id: j.id,
                title: j.title,
                closed: j.closed,
                impressions: sum(EventKind::View),
                views,
                saves: sum(EventKind::Save),
                applications,
                conversion: if views > 0 { applications as f64 / views as f64 } else { 0.0 },
            }
        })
        .collect())
}

/// The recruiter's funnel: each of the company's jobs over the last `days` days, views before
/// applications, newest job first.
pub fn company_funnel(c: &mut DbConnection, company: crate::ids::CompanyId, days: i64, now: i64) -> ApiResult<Vec<JobFunnel>> {
    let jobs = log::jobs_of_company(c, company)?;
    let ids: Vec<JobId> = jobs.iter().map(|j| j.id).collect();
    funnels(c, jobs, days, now, Some(&ids))
}

/// The site's totals over the last `days` days and its `top` most viewed jobs.
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteJobStats {
    pub days: i64,
    pub impressions: i64,
    pub views: i64,
    pub saves: i64,
    pub applications: i64,
    pub conversion: f64,
    pub top: Vec<JobFunnel>,
}

pub fn site_job_stats(c: &mut DbConnection, days: i64, top: usize, now: i64) -> ApiResult<SiteJobStats> {
    let (since_day, since) = window_start(days, now);
    let counts = log::day_counts_since(c, &since_day, None)?;
    let applied = log::applied_jobs_since(c, since, None)?;
    let total = |kind: EventKind| counts.iter().filter(|d| d.kind == kind.code()).map(|d| d.count).sum::<i64>();
    let mut views_per_job: HashMap<JobId, i64> = HashMap::new();
    for d in counts.iter().filter(|d| d.kind == EventKind::Open.code()) {
        *views_per_job.entry(d.job_id).or_default() += d.count;
    }
    let mut ranked: Vec<(JobId, i64)> = views_per_job.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let ids: Vec<JobId> = ranked.iter().take(top).map(|(id, _)| *id).collect();
    let mut jobs = log::job_titles(c, &ids)?;
    jobs.sort_by_key(|j| ids.iter().position(|id| *id == j.id));
    let views = total(EventKind::Open);
    let applications = applied.len() as i64;
    Ok(SiteJobStats {
        days,
        impressions: total(EventKind::View),
        views,
        saves: total(EventKind::Save),
        applications,
        conversion: if views > 0 { applications as f64 / views as f64 } else { 0.0 },
        top: funnels(c, jobs, days, now, Some(&ids))?,
    })
}
