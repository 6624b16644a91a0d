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

use serde::Serialize;

use crate::db::application::CandidateStatus;
use crate::db::application_move::{self, Step};
use crate::db::pipeline_stage::Stage;
use crate::db::{application_source, pipeline_view, DbConnection};
use crate::domain::pipeline;
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

#[derive(Debug, Clone, Default, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = HiringSteps)]
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

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobSteps {
    pub job_id: JobId,
    pub title: String,
    /// The job's page opened in the window (the behaviour log's day counts): the step before applying.
    pub views: i64,
    pub steps: Steps,
    pub conversion: Vec<f64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StageTime {
    pub stage_id: i64,
    pub name: String,
    pub status: CandidateStatus,
    /// Applications that spent time in the stage (a stay still going counts up to now).
    pub applications: i64,
    /// The mean stay, in hours (1 decimal).
    pub average_hours: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = HiringSource)]
pub struct Source {
    pub source: String,
    pub applications: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HiringFunnel {
    pub days: i64,
    /// The job asked for, or null for every job.
    #[schema(required)]
    pub job_id: Option<i64>,
    /// Job pages opened in the window (of the job, or of every job of the company), before applying.
    pub views: i64,
    /// steps.applied / views (0 without views), rounded to 4 places.
    pub view_conversion: f64,
    pub steps: Steps,
    /// Each step over the one before it: applied→viewed, viewed→interview, interview→offer, offer→hired.
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
        crate::db::talent::company_job_title(c, company, JobId(j))?.ok_or(ApiError::NotFound)?;
    }
    let stages = pipeline::stages(c, company)?;
    let rows = pipeline_view::arrived_since(c, company, since, job)?;
    let ids: Vec<i64> = rows.iter().map(|r| r.application_id).collect();

    let mut moves: HashMap<i64, Vec<Step>> = HashMap::new();
    let mut sources: BTreeMap<String, i64> = BTreeMap::new();
    for chunk in ids.chunks(500) {
        for step in application_move::steps_of(c, chunk)? {
            moves.entry(step.application_id).or_default().push(step);
        }
        let known = application_source::of_applications(c, chunk)?;
        let seen = known.len() as i64;
        for s in known {
            *sources.entry(s).or_default() += 1;
        }
        let unknown = chunk.len() as i64 - seen;
        if unknown > 0 {
            *sources.entry("unknown".into()).or_default() += unknown;
        }
    }

    // Where each stage stands among the steps.
    let position = |id: i64| stages.iter().position(|s| s.id == id);
    let is_interview = |s: &Stage| s.status == CandidateStatus::Interview;
    let first_interview = stages.iter().position(is_interview);
    let last_interview = stages.iter().rposition(is_interview);
    let step_of = |stage: i64| -> [bool; 3] {
        let Some(p) = position(stage) else { return [false; 3] };
        let s = &stages[p];
        if s.status == CandidateStatus::NotSuitable {
            return [false; 3];
        }
        let hired = s.status == CandidateStatus::Hired;
        let interview = hired || s.status == CandidateStatus::Interview || first_interview.is_some_and(|f| p > f);
        let offer = hired || last_interview.is_some_and(|l| p > l);
        [interview, offer, hired]
    };

    let mut total = Steps::default();
    let mut per_job: Vec<JobSteps> = Vec::new();
    let mut stays: HashMap<i64, (i64, i64)> = HashMap::new();
    for row in &rows {
        let path = moves.get(&row.application_id).map(Vec::as_slice).unwrap_or(&[]);
        let landing = path.first().and_then(|m| m.from_stage).unwrap_or(row.stage_id);
        let mut visited = vec![landing];
        visited.extend(path.iter().map(|m| m.to_stage));
        let mut reached = [true, row.viewed_at.is_some() || path.iter().any(|m| m.from_stage.is_some()), false, false, false];
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
        match per_job.iter_mut().find(|j| j.job_id == row.job_id) {
            Some(j) => j.steps.add(reached),
            None => {
                let mut steps = Steps::default();
                steps.add(reached);
                per_job.push(JobSteps { job_id: row.job_id, title: row.job_title.clone(), views: 0, steps, conversion: vec![] });
            }
        }
        // The stays: from arriving (or each move) to the next move, or now.
        let mut stage = landing;
        let mut from = row.applied_at;
        for step in path {
            let e = stays.entry(stage).or_default();
            e.0 += 1;
            e.1 += (step.at - from).max(0);
            stage = step.to_stage;
            from = step.at;
        }
        let e = stays.entry(stage).or_default();
        e.0 += 1;
        e.1 += (now - from).max(0);
    }
    // Views come first in the funnel: the job pages opened over the window's whole days.
    let own_jobs: Vec<JobId> = match job {
        Some(j) => vec![JobId(j)],
        None => crate::db::behaviour::jobs_of_company(c, company)?.into_iter().map(|j| j.id).collect(),
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
    Ok(application_source::insert(c, application, source)?)
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
