//! The admin console's statistics (`/admin/statsDaily`): per Beijing day over a window, the
//! registrations by side (candidates, companies), jobs published, applications, interviews
//! scheduled and job pages opened (the behaviour log's day counts, domain/behaviour.rs); and the
//! site's funnel over the applications of the window: job pages opened → applied → viewed by the
//! company → interview → hired.
//!
//! "Offer" is a stage a company adds to its own pipeline (domain/hiring_funnel.rs) and has no
//! meaning across companies, so the site's funnel goes from the interview to the hire.

use std::collections::{HashMap, HashSet};

use core_wasm::behaviour::EventKind;
use serde::Serialize;

use crate::db::application::CandidateStatus;
use crate::db::behaviour as log;
use crate::db::site_stats as reads;
use crate::db::DbConnection;
use crate::domain::behaviour::window_start;
use crate::domain::hiring_funnel::rate;
use crate::error::ApiResult;
use crate::ids::beijing_date;

const DAY_MS: i64 = 86_400_000;

/// One Beijing day's counts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StatsDay)]
pub struct DayRow {
    /// `YYYY-MM-DD`.
    pub day: String,
    pub candidates: i64,
    pub companies: i64,
    pub jobs: i64,
    pub applications: i64,
    pub interviews: i64,
    pub views: i64,
}

impl DayRow {
    fn add(&mut self, other: &DayRow) {
        self.candidates += other.candidates;
        self.companies += other.companies;
        self.jobs += other.jobs;
        self.applications += other.applications;
        self.interviews += other.interviews;
        self.views += other.views;
    }
}

/// The site's funnel over the window's applications, job page openings first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteFunnel {
    pub views: i64,
    pub applied: i64,
    pub viewed: i64,
    pub interview: i64,
    pub hired: i64,
}

impl SiteFunnel {
    /// Each step over the one before it (0 when the one before is 0), rounded to 4 places.
    fn conversion(&self) -> Vec<f64> {
        let a = [self.views, self.applied, self.viewed, self.interview, self.hired];
        a.windows(2).map(|w| rate(w[1], w[0])).collect()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteStats {
    pub days: i64,
    /// Oldest day first, every day of the window (today included), zeros too.
    pub series: Vec<DayRow>,
    /// The series added up (`day` empty).
    pub totals: DayRow,
    pub funnel: SiteFunnel,
    /// views→applied, applied→viewed, viewed→interview, interview→hired.
    pub conversion: Vec<f64>,
}

fn dashed(day: &str) -> String {
    format!("{}-{}-{}", &day[0..4], &day[4..6], &day[6..8])
}

/// The window's statistics: the last `days` Beijing days up to `now`.
pub fn daily(c: &mut DbConnection, days: i64, now: i64) -> ApiResult<SiteStats> {
    let (since_day, since) = window_start(days, now);
    let mut series: Vec<DayRow> = Vec::new();
    let mut at = since;
    while at <= now {
        series.push(DayRow { day: beijing_date(at), ..DayRow::default() });
        at += DAY_MS;
    }
    let index: HashMap<String, usize> = series.iter().enumerate().map(|(i, d)| (d.day.clone(), i)).collect();
    let mut bump = |ms: i64, field: fn(&mut DayRow) -> &mut i64| {
        if let Some(&i) = index.get(&beijing_date(ms)) {
            *field(&mut series[i]) += 1;
        }
    };

    reads::users_created_since(c, since)?.into_iter().for_each(|t| bump(t, |d| &mut d.candidates));
    reads::companies_created_since(c, since)?.into_iter().for_each(|t| bump(t, |d| &mut d.companies));
    // A job posted on the recruiter site counts when published (a draft never is); a job without a
    // posting row (imported, demo data) when it was made.
    for job in reads::jobs_since(c, since)? {
        match (job.posting, job.published_at) {
            (None, _) => bump(job.created_at, |d| &mut d.jobs),
            (Some(_), Some(published)) => bump(published, |d| &mut d.jobs),
            (Some(_), None) => {}
        }
    }
    let applied = reads::applications_since(c, since)?;
    applied.iter().for_each(|a| bump(a.created_at, |d| &mut d.applications));
    reads::interviews_created_since(c, since)?.into_iter().for_each(|t| bump(t, |d| &mut d.interviews));
    let counts = log::day_counts_since(c, &since_day, None)?;
    for d in counts.iter().filter(|d| d.kind == EventKind::Open.code()) {
        if let Some(&i) = index.get(&d.day) {
            series[i].views += d.count;
        }
    }

    // The funnel of the window's applications: an interview of any of them counts, whenever made.
    let ids: Vec<i64> = applied.iter().map(|a| a.id).collect();
    let mut interviewed: HashSet<i64> = HashSet::new();
    for chunk in ids.chunks(500) {
        interviewed.extend(reads::interviewed_among(c, chunk)?);
    }
    let mut funnel = SiteFunnel { views: series.iter().map(|d| d.views).sum(), ..SiteFunnel::default() };
    for a in &applied {
        let hired = a.status == CandidateStatus::Hired.code();
        let interview = hired || a.status == CandidateStatus::Interview.code() || interviewed.contains(&a.id);
        let viewed = interview || a.status != CandidateStatus::Delivered.code() || a.viewed_at.is_some();
        funnel.applied += 1;
        funnel.viewed += i64::from(viewed);
        funnel.interview += i64::from(interview);
        funnel.hired += i64::from(hired);
    }

    let mut totals = DayRow::default();
    for d in &mut series {
        totals.add(d);
        d.day = dashed(&d.day);
    }
    Ok(SiteStats { days, series, totals, conversion: funnel.conversion(), funnel })
}
