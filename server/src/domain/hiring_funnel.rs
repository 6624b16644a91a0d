//! The hiring funnel of a company (issue 16): of the applications that arrived in a window, how many
//! were viewed, reached an interview, an offer, a hire; the conversion between the steps; the time
//! spent in each stage; and where the applications came from. Per job and overall.
//!
//! "Reached" reads the application's whole path (its landing stage, every move, where it is now), so a
//! candidate turned down after the interview still counts as interviewed. The steps follow the
//! company's stages and the candidate-side status each maps to:
//! - interview: a stage showing "interview" or "hired", or placed after the first "interview" stage;
//! - offer: a stage placed after the last "interview" stage (a stage the company adds for offers), or
//!   a "hired" one;
//! - hired: a stage showing "hired".
//!
//! A "not suitable" stage never counts as a step. Resumes blocked for the company are left out.

use std::collections::{BTreeMap, HashMap};

use diesel::prelude::*;
use serde::Serialize;

use crate::db::application::CandidateStatus;
use crate::db::schema::{application_moves, application_sources, application_stages, applications, jobs, shields};
use crate::db::DbConnection;
use crate::domain::{pipeline, visibility};
use crate::error::{ApiError, ApiResult};
use crate::ids::{CompanyId, JobId};

pub const STEPS: [&str; 5] = ["applied", "viewed", "interview", "offer", "hired"];

/// `part / whole` rounded to 4 places; 0 when `whole` is 0.
pub fn rate(part: i64, whole: i64) -> f64 {
    if whole > 0 {
        (part as f64 / whole as f64 * 10_000.0).round() / 10_000.0
    } else {
        0.0
    }
}

#[derive(Debug, Clone, Default, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Steps {
    pub applied: i64,
    pub viewed: i64,
    pub interview: i64,
    pub offer: i64,
    pub hired: i64,
}

impl Steps {
    fn as_array(&self) -> [i64; 5] {
        [self.applied, self.viewed, self.interview, self.offer, self.hired]
    }

    fn add(&mut self, reached: [bool; 5]) {
        let [a, v, i, o, h] = reached;
        self.applied += i64::from(a);
        self.viewed += i64::from(v);
        self.interview += i64::from(i);
        self.offer += i64::from(o);
        self.hired += i64::from(h);
    }

    /// Each step over the one before it (0 when the one before is 0), rounded to 4 places.
    fn conversion(&self) -> Vec<f64> {
        let a = self.as_array();
        a.windows(2).map(|w| rate(w[1], w[0])).collect()
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JobSteps {
    pub job_id: JobId,
    pub title: String,
    /// The job's page opened in the window (the behaviour log's day counts): the step before applying.
    pub views: i64,
    pub steps: Steps,
    pub conversion: Vec<f64>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StageTime {
    pub stage_id: i64,
    pub name: String,
    pub status: i32,
    /// Applications that spent time in the stage (a stay still going counts up to now).
    pub applications: i64,
    /// The mean stay, in hours (1 decimal).
    pub average_hours: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Source {
    pub source: String,
    pub applications: i64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HiringFunnel {
    pub days: i64,
    /// The job asked for, or null for every job.
    pub job_id: Option<i64>,
    /// Job pages opened in the window (of the job, or of every job of the company), before applying.
    pub views: i64,
    /// steps.applied / views (0 without views), rounded to 4 places.
    pub view_conversion: f64,
    pub steps: Steps,
    pub conversion: Vec<f64>,
    pub stage_times: Vec<StageTime>,
    pub sources: Vec<Source>,
    /// Every job of the company with an application in the window (only the asked job when one is).
    pub jobs: Vec<JobSteps>,
}

/// The funnel of applications that arrived since `since` (ms), of one job or all.
pub fn funnel(c: &mut DbConnection, company: CompanyId, job: Option<i64>, days: i64, since: i64, now: i64) -> ApiResult<HiringFunnel> {
    if let Some(j) = job {
        // Another company's job is NOT_FOUND, not an empty funnel.
        let mine: Option<i64> = jobs::table.filter(jobs::id.eq(j)).filter(jobs::company_id.eq(company)).select(jobs::id).first(c).optional()?;
        mine.ok_or(ApiError::NotFound)?;
    }
    let stages = pipeline::stages(c, company)?;
    let group = visibility::group_of(c, company)?;
    let blocked: Vec<i64> = shields::table.filter(shields::company_id.eq_any(group)).select(shields::resume_id).load(c)?;

    let mut q = application_stages::table
        .inner_join(applications::table)
        .inner_join(jobs::table.on(jobs::id.eq(application_stages::job_id)))
        .filter(application_stages::company_id.eq(company))
        .filter(application_stages::applied_at.ge(since))
        .filter(applications::resume_id.ne_all(blocked))
        .into_boxed();
    if let Some(j) = job {
        q = q.filter(application_stages::job_id.eq(j));
    }
    let rows: Vec<(i64, JobId, String, i64, Option<i64>, i64)> = q
        .select((
            application_stages::application_id,
            application_stages::job_id,
            jobs::title,
            application_stages::stage_id,
            application_stages::viewed_at,
            application_stages::applied_at,
        ))
        .load(c)?;
    let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();

    let mut moves: HashMap<i64, Vec<(Option<i64>, i64, i64)>> = HashMap::new();
    let mut sources: BTreeMap<String, i64> = BTreeMap::new();
    for chunk in ids.chunks(500) {
        let found: Vec<(i64, Option<i64>, i64, i64)> = application_moves::table
            .filter(application_moves::application_id.eq_any(chunk))
            .order((application_moves::at.asc(), application_moves::id.asc()))
            .select((application_moves::application_id, application_moves::from_stage, application_moves::to_stage, application_moves::at))
            .load(c)?;
        for (app, from, to, at) in found {
            moves.entry(app).or_default().push((from, to, at));
        }
        let known: Vec<(i64, String)> = application_sources::table
            .filter(application_sources::application_id.eq_any(chunk))
            .select((application_sources::application_id, application_sources::source))
            .load(c)?;
        let mut seen = 0;
        for (_, s) in known {
            *sources.entry(s).or_default() += 1;
            seen += 1;
        }
        let unknown = chunk.len() as i64 - seen;
        if unknown > 0 {
            *sources.entry("unknown".into()).or_default() += unknown;
        }
    }

    // Where each stage stands among the steps.
    let position = |id: i64| stages.iter().position(|s| s.id == id);
    let is = |status: CandidateStatus| move |s: &&pipeline::Stage| s.status == status as i32;
    let first_interview = stages.iter().position(|s| is(CandidateStatus::Interview)(&s));
    let last_interview = stages.iter().rposition(|s| is(CandidateStatus::Interview)(&s));
    let step_of = |stage: i64| -> [bool; 3] {
        let Some(p) = position(stage) else { return [false; 3] };
        let s = &stages[p];
        if s.status == CandidateStatus::NotSuitable as i32 {
            return [false; 3];
        }
        let hired = s.status == CandidateStatus::Hired as i32;
        let interview = hired || s.status == CandidateStatus::Interview as i32 || first_interview.is_some_and(|f| p > f);
        let offer = hired || last_interview.is_some_and(|l| p > l);
        [interview, offer, hired]
    };

    let mut total = Steps::default();
    let mut per_job: Vec<JobSteps> = Vec::new();
    let mut stays: HashMap<i64, (i64, i64)> = HashMap::new();
    for (app, job_id, title, current, viewed_at, applied_at) in &rows {
        let path = moves.get(app).map(Vec::as_slice).unwrap_or(&[]);
        let landing = path.first().and_then(|m| m.0).unwrap_or(*current);
        let mut visited = vec![landing];
        visited.extend(path.iter().map(|m| m.1));
        let mut reached = [true, viewed_at.is_some() || path.iter().any(|m| m.0.is_some()), false, false, false];
        for stage in &visited {
            let [i, o, h] = step_of(*stage);
            reached[2] |= i;
            reached[3] |= o;
            reached[4] |= h;
        }
        // A later step implies the ones before it.
        for k in (1..4).rev() {
            reached[k] |= reached[k + 1];
        }
        total.add(reached);
        match per_job.iter_mut().find(|j| j.job_id == *job_id) {
            Some(j) => j.steps.add(reached),
            None => {
                let mut steps = Steps::default();
                steps.add(reached);
                per_job.push(JobSteps { job_id: *job_id, title: title.clone(), views: 0, steps, conversion: vec![] });
            }
        }
        // The stays: from arriving (or each move) to the next move, or now.
        let mut stage = landing;
        let mut from = *applied_at;
        for (_, to, at) in path {
            let e = stays.entry(stage).or_default();
            e.0 += 1;
            e.1 += (at - from).max(0);
            stage = *to;
            from = *at;
        }
        let e = stays.entry(stage).or_default();
        e.0 += 1;
        e.1 += (now - from).max(0);
    }
    // Views come first in the funnel: the job pages opened over the window's whole days.
    let own_jobs: Vec<JobId> = match job {
        Some(j) => vec![JobId(j)],
        None => jobs::table.filter(jobs::company_id.eq(company)).select(jobs::id).load(c)?,
    };
    let (since_day, _) = crate::domain::behaviour::window_start(days, now);
    let mut views_of: HashMap<JobId, i64> = HashMap::new();
    for d in crate::db::behaviour::day_counts_since(c, &since_day, Some(&own_jobs))? {
        if d.kind == core_wasm::behaviour::EventKind::Open.code() {
            *views_of.entry(d.job_id).or_default() += d.count;
        }
    }
    let views: i64 = views_of.values().sum();
    let view_conversion = rate(total.applied, views);
    for j in &mut per_job {
        j.conversion = j.steps.conversion();
        j.views = views_of.get(&j.job_id).copied().unwrap_or(0);
    }
    per_job.sort_by(|a, b| b.steps.applied.cmp(&a.steps.applied).then(a.job_id.cmp(&b.job_id)));

    let stage_times = stages
        .iter()
        .map(|s| {
            let (n, ms) = stays.get(&s.id).copied().unwrap_or((0, 0));
            let average_hours = if n > 0 { (ms as f64 / n as f64 / 3_600_000.0 * 10.0).round() / 10.0 } else { 0.0 };
            StageTime { stage_id: s.id, name: s.name.clone(), status: s.status, applications: n, average_hours }
        })
        .collect();
    let mut sources: Vec<Source> = sources.into_iter().map(|(source, applications)| Source { source, applications }).collect();
    sources.sort_by(|a, b| b.applications.cmp(&a.applications).then(a.source.cmp(&b.source)));

    Ok(HiringFunnel { days, job_id: job, views, view_conversion, conversion: total.conversion(), steps: total, stage_times, sources, jobs: per_job })
}

/// Where an application was made, from the page that sent `/pcjob/apply` (its Referer's path):
/// `jobPage` (the job's page), `saved` (the saved jobs of /my/collect), `mobile` (the touch site),
/// `partner` (the zgzx frame), `other`.
pub fn source_of(referer_path: Option<&str>) -> &'static str {
    match referer_path {
        Some(p) if p.starts_with("/zgzx") => "partner",
        Some(p) if p == "/m" || p.starts_with("/m/") => "mobile",
        Some(p) if p.starts_with("/job/") => "jobPage",
        Some(p) if p.starts_with("/my/collect") => "saved",
        _ => "other",
    }
}

/// Records where an application was made.
pub fn record_source(c: &mut DbConnection, application: i64, source: &str) -> ApiResult<()> {
    diesel::insert_into(application_sources::table)
        .values((application_sources::application_id.eq(application), application_sources::source.eq(source)))
        .execute(c)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_come_from_the_page_that_applied() {
        assert_eq!(source_of(Some("/job/123")), "jobPage");
        assert_eq!(source_of(Some("/m/job/123")), "mobile");
        assert_eq!(source_of(Some("/zgzx/job/1")), "partner");
        assert_eq!(source_of(Some("/my/collect")), "saved");
        assert_eq!(source_of(Some("/")), "other");
        assert_eq!(source_of(None), "other");
    }

    #[test]
    fn conversion_is_each_step_over_the_one_before() {
        let s = Steps { applied: 4, viewed: 2, interview: 1, offer: 0, hired: 0 };
        assert_eq!(s.conversion(), vec![0.5, 0.5, 0.0, 0.0]);
    }
}
