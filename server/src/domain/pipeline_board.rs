//! The recruiter's board as it reads: the cards of a stage (or all), of a job (or all), a page at a
//! time, merging a company's applications (domain/pipeline.rs) with the private candidates it
//! uploaded (domain/talent_pipeline.rs), each application's card with its assessment scores
//! (domain/assessment.rs). Blocked candidates' applications are left out.

use core_wasm::behaviour::Openness;
use serde::Serialize;

use crate::db::application::CandidateStatus;
use crate::db::pipeline_view::{self, CardRow};
use crate::db::{pipeline_count, DbConnection};
use crate::domain::assessment::{self, CardScore};
use crate::domain::talent_pipeline::{self, UploadCard};
use crate::domain::{pipeline, visibility};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, CompanyId, UserId};

/// One application as the recruiter lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationCard {
    pub apply_id: i64,
    pub job_id: i64,
    pub job_title: String,
    pub resume_id: i64,
    pub user_id: i64,
    pub name: String,
    pub gender: String,
    pub city: String,
    pub education: String,
    pub work_since: String,
    pub stage_id: i64,
    pub stage_name: String,
    pub status: CandidateStatus,
    pub viewed: bool,
    pub applied_at: i64,
    pub stage_at: i64,
    /// `apply`: a candidate's application (an uploaded private candidate's card says `upload`, talent_pipeline.rs).
    #[schema(schema_with = apply_source_schema)]
    pub source: &'static str,
    /// The assessments sent to it, scored together (issue 16); absent when none was sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assessment: Option<CardScore>,
}

/// `source` of an application's card in the OpenAPI document: `apply`.
fn apply_source_schema() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new().schema_type(utoipa::openapi::schema::Type::String).enum_values(Some(["apply"])).build()
}

fn card(row: CardRow) -> ApplicationCard {
    let gender = row
        .basic
        .as_deref()
        .and_then(|b| serde_json::from_str::<serde_json::Value>(b).ok())
        .and_then(|v| v.get("gender").and_then(|g| g.as_str()).map(str::to_string))
        .unwrap_or_default();
    ApplicationCard {
        apply_id: row.application_id,
        job_id: row.job_id,
        job_title: row.job_title,
        resume_id: row.resume_id.0,
        user_id: row.user_id.0,
        name: row.name,
        gender,
        city: row.city,
        education: row.education,
        work_since: row.work_since,
        stage_id: row.stage_id,
        stage_name: row.stage_name,
        status: row.status,
        viewed: row.viewed_at.is_some(),
        applied_at: row.applied_at,
        stage_at: row.stage_at,
        source: "apply",
        assessment: None,
    }
}

/// A card of the board and the list: a candidate's application, or a private candidate the company
/// uploaded (domain/talent_pipeline.rs). Both carry `applyId`, the id the board's calls take.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[schema(as = BoardCard)]
pub enum Card {
    Apply(ApplicationCard),
    Upload(UploadCard),
}

/// Which table a card of a merged page comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Apply,
    Upload,
}

/// One page of two lists merged, both sorted by (at, id) newest first, without reading either to
/// the page: `uploads` is all of the uploaded side's keys (a company's uploads are few), `window`
/// the applications' keys from `window_start` on, at most `offset + limit - window_start` of them
/// (`window_start` = `offset - uploads.len()`, or 0). An application before the window has fewer
/// than `offset` cards before it, and one after it at least `offset + limit`, so both are off the
/// page; an upload's place is exact wherever it could be on the page.
pub fn merge_page(window: &[(i64, i64)], window_start: i64, uploads: &[(i64, i64)], offset: i64, limit: i64) -> Vec<(Source, i64)> {
    let mut placed: Vec<(i64, Source, i64)> = Vec::new();
    for (k, w) in window.iter().enumerate() {
        let at = window_start + k as i64 + uploads.partition_point(|u| u > w) as i64;
        placed.push((at, Source::Apply, w.1));
    }
    for (j, u) in uploads.iter().enumerate() {
        let at = j as i64 + window_start + window.partition_point(|w| w > u) as i64;
        placed.push((at, Source::Upload, u.1));
    }
    placed.retain(|(at, _, _)| *at >= offset && *at < offset + limit);
    placed.sort_by_key(|(at, _, _)| *at);
    placed.into_iter().map(|(_, s, id)| (s, id)).collect()
}

/// Which stage a list is of.
#[derive(Debug, Clone, Copy)]
pub enum StageChoice {
    /// Every stage.
    All,
    /// The stage at this place, 1 the first (the zgzx header's link sends `stageId=1`).
    Place(usize),
    /// The stage with this id.
    Id(i64),
}

/// The applications and uploaded candidates in a stage (or all), of a job (or all), newest first, one page.
pub fn list(
    c: &mut DbConnection,
    company: CompanyId,
    stage: StageChoice,
    job: Option<i64>,
    offset: i64,
    limit: i64,
) -> ApiResult<(i64, Vec<Card>)> {
    // The stages are read only to turn a place into an id; an empty list makes them (`stages`), in
    // case the company has none yet and its applications wait to be placed.
    let stage = match stage {
        StageChoice::All => None,
        StageChoice::Place(n) => {
            let all = pipeline::stages(c, company)?;
            Some(n.checked_sub(1).and_then(|i| all.get(i)).map(|s| s.id).ok_or(ApiError::NotFound)?)
        }
        StageChoice::Id(id) => Some(id),
    };
    // The total is every application in the list less the blocked candidates' ones: the first from
    // pipeline_counts (kept by triggers), the blocked resumes' few applications found by index
    // (applications_resume). Counting the company's rows cost 4 ms at 100,000 applications, and
    // joining each to its application 22 ms at 20,000 (docs/BENCHMARKS.md).
    let mut all = pipeline_count::total(c, company.0, stage, job)?;
    if all == 0 && stage.is_none() {
        pipeline::stages(c, company)?;
        all = pipeline_count::total(c, company.0, stage, job)?;
    }
    let hidden = pipeline_view::blocked(c, company)?
        .iter()
        .filter(|b| stage.is_none_or(|s| s == b.stage_id) && job.is_none_or(|j| j == b.job_id))
        .count() as i64;
    let applied = all - hidden;
    let uploads = crate::db::talent_pipeline::keys(c, company.0, stage, job)?;
    let window_start = (offset - uploads.len() as i64).max(0);
    let window = pipeline_view::window(c, company, stage, job, window_start, offset + limit - window_start)?;
    let keys: Vec<(i64, i64)> = window.iter().map(|w| (w.card.applied_at, w.card.application_id)).collect();
    let page = merge_page(&keys, window_start, &uploads, offset, limit);
    let on_page = |source: Source| page.iter().filter(|(s, _)| *s == source).map(|(_, id)| *id).collect::<Vec<i64>>();
    let page_apps = on_page(Source::Apply);
    let mut assessed = Vec::new();
    let mut hidden = Vec::new();
    let mut apps: Vec<ApplicationCard> = Vec::with_capacity(page_apps.len());
    for w in window.into_iter().filter(|w| page_apps.contains(&w.card.application_id)) {
        if w.assessed {
            assessed.push(w.card.application_id);
        }
        if w.openness == Some(Openness::Hidden) {
            hidden.push(w.card.application_id);
        }
        apps.push(card(w.card));
    }
    show_as_sent(c, &mut apps, &hidden)?;
    fill_names(c, &mut apps, &assessed)?;
    let page_uploads = on_page(Source::Upload);
    let mut ups = if page_uploads.is_empty() { Vec::new() } else { talent_pipeline::cards(c, company, &page_uploads)? };
    let cards = page
        .iter()
        .filter_map(|(source, id)| match source {
            Source::Apply => apps.iter().position(|a| a.apply_id == *id).map(|i| Card::Apply(apps.swap_remove(i))),
            Source::Upload => ups.iter().position(|u| u.apply_id == *id).map(|i| Card::Upload(ups.swap_remove(i))),
        })
        .collect();
    Ok((applied + uploads.len() as i64, cards))
}

/// The company's card `id`: an application (as `application`) or an uploaded candidate's entry.
pub fn any_card(c: &mut DbConnection, company: CompanyId, id: i64) -> ApiResult<Card> {
    match talent_pipeline::split(c, company, &[id])?.0.first() {
        Some(_) => Ok(Card::Upload(talent_pipeline::entry(c, company, id)?)),
        None => Ok(Card::Apply(application(c, company, id)?)),
    }
}

/// The company's application, unless its resume is blocked for the company: NOT_FOUND otherwise.
pub fn application(c: &mut DbConnection, company: CompanyId, apply_id: i64) -> ApiResult<ApplicationCard> {
    let found = pipeline::visible_application(c, company, apply_id)?;
    let hidden = if visibility::is_hidden(c, found.resume_id)? { vec![apply_id] } else { Vec::new() };
    let mut cards = vec![card(found)];
    show_as_sent(c, &mut cards, &hidden)?;
    fill_names(c, &mut cards, &[apply_id])?;
    cards.pop().ok_or(ApiError::NotFound)
}

/// The cards of `hidden` applications (their resume is hidden) show the resume as it was sent with
/// each (application_resumes), as their page does: what the candidate changed since stays theirs.
/// An application older than that table shows no resume fields (the account's name fills in).
fn show_as_sent(c: &mut DbConnection, cards: &mut [ApplicationCard], hidden: &[i64]) -> ApiResult<()> {
    for card in cards.iter_mut().filter(|a| hidden.contains(&a.apply_id)) {
        let sent = crate::db::application_resume::of_application(c, card.apply_id)?;
        let basic = sent.as_deref().and_then(|s| serde_json::from_str::<serde_json::Value>(s).ok()).and_then(|v| v.pointer("/sections/basic").cloned());
        let field = |name: &str| basic.as_ref().and_then(|b| b.get(name)).and_then(|v| v.as_str()).unwrap_or_default().to_string();
        card.name = field("name");
        card.gender = field("gender");
        card.city = field("city");
        card.education = field("education");
        card.work_since = field("workSince");
    }
    Ok(())
}

/// The account's name where the resume has none yet (the resume's name comes from its basics),
/// and the assessment score.
fn fill_names(c: &mut DbConnection, cards: &mut [ApplicationCard], assessed: &[i64]) -> ApiResult<()> {
    for (id, score) in assessment::card_scores(c, assessed, now_ms())? {
        if let Some(card) = cards.iter_mut().find(|a| a.apply_id == id) {
            card.assessment = Some(score);
        }
    }
    let missing: Vec<UserId> = cards.iter().filter(|a| a.name.is_empty()).map(|a| UserId(a.user_id)).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let names = crate::db::user::names_of(c, &missing)?;
    for a in cards.iter_mut().filter(|a| a.name.is_empty()) {
        if let Some(n) = names.iter().find(|n| n.id.0 == a.user_id) {
            a.name = n.name.clone();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every page of two lists merged through windows is the page of the naive merge.
    #[test]
    fn merged_pages_match_the_whole_merge() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as i64
        };
        for round in 0..200 {
            let (na, nu) = ((next() % 40) as usize, (next() % 12) as usize);
            let mut id = 0;
            let mut make = |n: usize, next: &mut dyn FnMut() -> i64| {
                let mut v: Vec<(i64, i64)> = (0..n)
                    .map(|_| {
                        id += 1;
                        (next() % 10, id + round * 1000)
                    })
                    .collect();
                v.sort_by(|a, b| b.cmp(a));
                v
            };
            let apps = make(na, &mut next);
            let uploads = make(nu, &mut next);
            let mut all: Vec<((i64, i64), Source)> = apps.iter().map(|k| (*k, Source::Apply)).chain(uploads.iter().map(|k| (*k, Source::Upload))).collect();
            all.sort_by(|a, b| b.0.cmp(&a.0));
            for limit in [1i64, 3, 7] {
                for offset in 0..(na + nu + 2) as i64 {
                    let start = (offset - uploads.len() as i64).max(0);
                    let end = (offset + limit) as usize;
                    let window: Vec<(i64, i64)> = apps.iter().skip(start as usize).take(end.saturating_sub(start as usize)).copied().collect();
                    let got = merge_page(&window, start, &uploads, offset, limit);
                    let want: Vec<(Source, i64)> = all.iter().skip(offset as usize).take(limit as usize).map(|(k, s)| (*s, k.1)).collect();
                    assert_eq!(got, want, "apps {apps:?} uploads {uploads:?} offset {offset} limit {limit}");
                }
            }
        }
    }
}
