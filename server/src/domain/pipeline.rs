//! The hiring pipeline: a company's stages, where each application stands, its moves and notes,
//! and the status the candidate sees on /my/apply (applications.status) following the stage.
//!
//! Stages are rows (Odoo's hr.recruitment.stage): each maps to a candidate-side status. Every
//! read and write here is scoped to one company; another company's application or stage is
//! NOT_FOUND. A resume its candidate blocked for the company (or its group) is left out.

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{
    application_moves, application_notes, application_stages, applications, assessment_sends, companies, company_members, jobs, pipeline_stages, resume_openness,
    resumes, shields, users,
};
use crate::db::application::CandidateStatus;
use crate::db::{pipeline_count, DbConnection};
use crate::domain::talent_pipeline::{self, UploadCard};
use crate::domain::visibility;
use crate::error::{ApiError, ApiResult};
use crate::ids::{next_id, now_ms, CompanyId, ResumeId};

/// The stages a company starts with (name, candidate-side status).
pub const DEFAULT_STAGES: &[(&str, CandidateStatus)] = &[
    ("新投递", CandidateStatus::Delivered),
    ("待沟通", CandidateStatus::Viewed),
    ("初筛通过", CandidateStatus::Interested),
    ("邀请面试", CandidateStatus::Interview),
    ("已录用", CandidateStatus::Hired),
    ("不合适", CandidateStatus::NotSuitable),
];

pub const STAGE_NAME_MAX: usize = 20;
pub const NOTE_MAX: usize = 1000;

#[derive(Debug, Clone, Queryable, Selectable, Serialize)]
#[diesel(table_name = pipeline_stages)]
#[serde(rename_all = "camelCase")]
pub struct Stage {
    pub id: i64,
    #[serde(skip)]
    pub company_id: i64,
    pub name: String,
    pub position: i32,
    pub status: i32,
    #[serde(skip)]
    pub created_at: i64,
}

/// The company's stages in order, made (with every older application placed in the first one)
/// on first use.
pub fn stages(c: &mut DbConnection, company: CompanyId) -> ApiResult<Vec<Stage>> {
    let found = load_stages(c, company)?;
    if !found.is_empty() {
        return Ok(found);
    }
    crate::db::write_transaction(c, |c| {
        if !load_stages(c, company)?.is_empty() {
            return Ok(());
        }
        let now = now_ms();
        for (i, (name, status)) in DEFAULT_STAGES.iter().enumerate() {
            diesel::insert_into(pipeline_stages::table)
                .values((
                    pipeline_stages::id.eq(next_id()),
                    pipeline_stages::company_id.eq(company.0),
                    pipeline_stages::name.eq(*name),
                    pipeline_stages::position.eq(i as i32),
                    pipeline_stages::status.eq(*status as i32),
                    pipeline_stages::created_at.eq(now),
                ))
                .execute(c)?;
        }
        let made = load_stages(c, company)?;
        let first = made.first().ok_or_else(|| ApiError::internal("no stages"))?.id;
        crate::domain::talent_pipeline::place_waiting(c, company, first)?;
        // An older application goes to the first stage showing the status it has.
        let stage_for = |status: i32| made.iter().find(|s| s.status == status).map_or(first, |s| s.id);
        let older: Vec<(i64, i64, i64, i32)> = applications::table
            .inner_join(jobs::table)
            .filter(jobs::company_id.eq(company.0))
            .select((applications::id, applications::job_id, applications::created_at, applications::status))
            .load(c)?;
        for chunk in older.chunks(500) {
            let rows: Vec<_> = chunk
                .iter()
                .map(|(id, job, at, status)| {
                    (
                        application_stages::application_id.eq(*id),
                        application_stages::company_id.eq(company.0),
                        application_stages::job_id.eq(*job),
                        application_stages::stage_id.eq(stage_for(*status)),
                        application_stages::stage_at.eq(*at),
                        application_stages::viewed_at.eq((*status > 1).then_some(*at)),
                        application_stages::applied_at.eq(*at),
                    )
                })
                .collect();
            for row in rows {
                diesel::insert_into(application_stages::table).values(row).execute(c)?;
            }
        }
        Ok(())
    })?;
    Ok(load_stages(c, company)?)
}

fn load_stages(c: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<Stage>> {
    pipeline_stages::table
        .filter(pipeline_stages::company_id.eq(company.0))
        .order((pipeline_stages::position.asc(), pipeline_stages::id.asc()))
        .select(Stage::as_select())
        .load(c)
}

/// A new application lands in its company's first stage (when the company has stages yet; else
/// `stages` places it when they are made).
pub fn arrive(c: &mut DbConnection, application: i64, job: i64, now: i64) -> ApiResult<()> {
    let company: i64 = jobs::table.find(job).select(jobs::company_id).first(c)?;
    let first: Option<i64> = pipeline_stages::table
        .filter(pipeline_stages::company_id.eq(company))
        .order((pipeline_stages::position.asc(), pipeline_stages::id.asc()))
        .select(pipeline_stages::id)
        .first(c)
        .optional()?;
    if let Some(stage) = first {
        diesel::insert_into(application_stages::table)
            .values((
                application_stages::application_id.eq(application),
                application_stages::company_id.eq(company),
                application_stages::job_id.eq(job),
                application_stages::stage_id.eq(stage),
                application_stages::stage_at.eq(now),
                application_stages::applied_at.eq(now),
            ))
            .execute(c)?;
    }
    Ok(())
}

/// The resumes blocked for the company or its group (the companies sharing its brand key, as
/// db/company.rs `group_of` defines it), as one subquery of a fixed text, prepared once: the group is
/// found inside it (`own` is the company itself), so no statement runs first to read the short name,
/// and however many resumes are blocked nothing is bound per resume.
macro_rules! blocked_resumes {
    ($company:expr) => {{
        let own = diesel::alias!(companies as own_company);
        shields::table
            .filter(shields::company_id.eq($company).or(shields::company_id.eq_any(
                companies::table
                    .filter(companies::brand_key.ne(""))
                    .filter(companies::brand_key.eq_any(own.filter(own.field(companies::id).eq($company)).select(own.field(companies::brand_key))))
                    .select(companies::id),
            )))
            .select(shields::resume_id)
    }};
}

/// The stage and job of each application to `company` from a candidate it may not see.
fn blocked_applications(c: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<(i64, i64)>> {
    // The company's test is `company_id + 0`: compared as is, SQLite would walk the company's whole
    // index (100,000 rows) instead of the blocked resumes' few applications.
    application_stages::table
        .inner_join(applications::table)
        .filter(applications::resume_id.eq_any(blocked_resumes!(company.0)))
        .filter((application_stages::company_id + 0i64).eq(company.0))
        .select((application_stages::stage_id, application_stages::job_id))
        .load(c)
}

/// One application as the recruiter lists it.
#[derive(Debug, Clone, Serialize)]
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
    pub status: i32,
    pub viewed: bool,
    pub applied_at: i64,
    pub stage_at: i64,
    /// `apply`: a candidate's application (an uploaded private candidate's card says `upload`, talent_pipeline.rs).
    pub source: &'static str,
    /// The assessments sent to it, scored together (issue 16); absent when none was sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assessment: Option<crate::domain::assessment::CardScore>,
}

type CardTuple = (i64, i64, String, i64, i64, String, Option<String>, String, String, String, i64, String, i32, Option<i64>, i64, i64);

fn card((apply_id, job_id, job_title, resume_id, user_id, name, basic, city, education, work_since, stage_id, stage_name, status, viewed, applied_at, stage_at): CardTuple) -> ApplicationCard {
    let gender = basic
        .as_deref()
        .and_then(|b| serde_json::from_str::<serde_json::Value>(b).ok())
        .and_then(|v| v.get("gender").and_then(|g| g.as_str()).map(str::to_string))
        .unwrap_or_default();
    ApplicationCard {
        apply_id, job_id, job_title, resume_id, user_id, name, gender, city, education, work_since, stage_id, stage_name, status,
        viewed: viewed.is_some(), applied_at, stage_at, source: "apply", assessment: None,
    }
}

macro_rules! card_query {
    () => {
        application_stages::table
            .inner_join(applications::table.inner_join(resumes::table))
            .inner_join(pipeline_stages::table)
            .inner_join(jobs::table.on(jobs::id.eq(application_stages::job_id)))
    };
}

macro_rules! card_columns {
    () => {
        (
            application_stages::application_id,
            application_stages::job_id,
            jobs::title,
            applications::resume_id,
            applications::user_id,
            resumes::name,
            resumes::basic,
            resumes::city,
            resumes::education,
            resumes::work_since,
            application_stages::stage_id,
            pipeline_stages::name,
            applications::status,
            application_stages::viewed_at,
            application_stages::applied_at,
            application_stages::stage_at,
        )
    };
}

/// A card of the board and the list: a candidate's application, or a private candidate the company
/// uploaded (domain/talent_pipeline.rs). Both carry `applyId`, the id the board's calls take.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
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
            let all = stages(c, company)?;
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
        stages(c, company)?;
        all = pipeline_count::total(c, company.0, stage, job)?;
    }
    let hidden = blocked_applications(c, company)?
        .iter()
        .filter(|(st, jo)| stage.is_none_or(|s| s == *st) && job.is_none_or(|j| j == *jo))
        .count() as i64;
    let applied = all - hidden;
    let uploads = crate::db::talent_pipeline::keys(c, company.0, stage, job)?;
    let window_start = (offset - uploads.len() as i64).max(0);
    // The window's cards come with it, in one statement of a fixed text (prepared once): walked in
    // the order of the company's index, each card's resume, job and stage looked up by key. Whether
    // an assessment was sent rides along, so the scores' query runs only for cards that have one.
    let mut rows = card_query!()
        .left_join(resume_openness::table.on(resume_openness::resume_id.eq(applications::resume_id)))
        .filter(application_stages::company_id.eq(company.0))
        .filter(applications::resume_id.ne_all(blocked_resumes!(company.0)))
        .into_boxed();
    if let Some(s) = stage {
        rows = rows.filter(application_stages::stage_id.eq(s));
    }
    if let Some(j) = job {
        rows = rows.filter(application_stages::job_id.eq(j));
    }
    // The resume's openness rides along too: a hidden resume's card shows it as it was sent.
    let window: Vec<(CardTuple, bool, Option<String>)> = rows
        .order((application_stages::applied_at.desc(), application_stages::application_id.desc()))
        .offset(window_start)
        .limit(offset + limit - window_start)
        .select((
            card_columns!(),
            diesel::dsl::exists(assessment_sends::table.filter(assessment_sends::application_id.eq(application_stages::application_id))),
            resume_openness::openness.nullable(),
        ))
        .load(c)?;
    let keys: Vec<(i64, i64)> = window.iter().map(|(t, _, _)| (t.14, t.0)).collect();
    let page = merge_page(&keys, window_start, &uploads, offset, limit);
    let on_page = |source: Source| page.iter().filter(|(s, _)| *s == source).map(|(_, id)| *id).collect::<Vec<i64>>();
    let page_apps = on_page(Source::Apply);
    let mut assessed = Vec::new();
    let mut hidden = Vec::new();
    let mut apps: Vec<ApplicationCard> = Vec::with_capacity(page_apps.len());
    for (tuple, sent, openness) in window.into_iter().filter(|(t, _, _)| page_apps.contains(&t.0)) {
        if sent {
            assessed.push(tuple.0);
        }
        if openness.as_deref().map(crate::db::resume_openness::read_code) == Some(core_wasm::behaviour::Openness::Hidden) {
            hidden.push(tuple.0);
        }
        apps.push(card(tuple));
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
    let found: Option<CardTuple> = card_query!()
        .filter(application_stages::company_id.eq(company.0))
        .filter(application_stages::application_id.eq(apply_id))
        .select(card_columns!())
        .first(c)
        .optional()?;
    let found = found.ok_or(ApiError::NotFound)?;
    if !visibility::may_view(c, company, ResumeId(found.3))? {
        return Err(ApiError::NotFound);
    }
    let assessed = [found.0];
    let hidden = if visibility::is_hidden(c, ResumeId(found.3))? { vec![found.0] } else { Vec::new() };
    let mut cards = vec![card(found)];
    show_as_sent(c, &mut cards, &hidden)?;
    fill_names(c, &mut cards, &assessed)?;
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

/// The member moving cards: the company, and the contact a notice names.
pub struct Sender {
    pub company: CompanyId,
    pub member: i64,
    pub contact: String,
    pub contact_phone: String,
}

/// The event a move's notice is queued under: one rejection and one offer per application however
/// often it moves (`/comresume/reject` and a move to a "not suitable" stage share the rejection's).
fn notice_event(apply: i64, stage: &Stage) -> String {
    match CandidateStatus::from_code(stage.status) {
        Some(CandidateStatus::NotSuitable) => format!("apply:{apply}:rejection"),
        Some(CandidateStatus::Hired) => format!("apply:{apply}:offer"),
        _ => format!("apply:{apply}:stage:{}", stage.id),
    }
}

/// Moves `ids` to `stage_id`, queuing `template` (the company's, else NOT_FOUND) to each moved
/// application's candidate in the move's transaction. Returns how many moved.
pub fn move_with_notice(c: &mut DbConnection, who: &Sender, ids: &[i64], stage_id: i64, template: Option<crate::ids::NoticeTemplateId>) -> ApiResult<usize> {
    let company = who.company;
    let Some(id) = template else { return move_to(c, company, who.member, ids, stage_id) };
    let draft = crate::domain::notice_template::draft_of(&crate::db::notice_template::get(c, company, id)?.ok_or(ApiError::NotFound)?);
    let stage = stages(c, company)?.into_iter().find(|s| s.id == stage_id).ok_or(ApiError::NotFound)?;
    move_to_then(c, company, who.member, ids, stage_id, &mut |c, apply| {
        let mut ctx = crate::domain::notice::application_context(c, company, crate::ids::ApplicationId(apply))?;
        ctx.values.insert("contact".into(), who.contact.clone());
        ctx.values.insert("contactPhone".into(), who.contact_phone.clone());
        crate::domain::notice::enqueue_rendered(c, company, &notice_event(apply, &stage), &draft, &ctx.values, &ctx.email, &ctx.mobile, None, now_ms())
    })
}

/// The candidate-side status for an application entering `stage`.
fn status_in(stage: &Stage, viewed: bool) -> i32 {
    match CandidateStatus::from_code(stage.status) {
        Some(CandidateStatus::Delivered) if viewed => CandidateStatus::Viewed as i32,
        Some(s) => s as i32,
        None => CandidateStatus::Delivered as i32,
    }
}

/// Moves applications to `stage_id` on behalf of `member`: each move is recorded, and the
/// candidate's status follows at once. Returns how many moved.
pub fn move_to(c: &mut DbConnection, company: CompanyId, member: i64, apply_ids: &[i64], stage_id: i64) -> ApiResult<usize> {
    move_to_then(c, company, member, apply_ids, stage_id, &mut |_, _| Ok(()))
}

/// `move_to`, calling `then` for each application moved, in the same transaction (a notice the
/// move causes is written with it). `apply_ids` may hold uploaded candidates' entries too: they move
/// alike, without `then` (they have no account to tell).
pub fn move_to_then(
    c: &mut DbConnection,
    company: CompanyId,
    member: i64,
    apply_ids: &[i64],
    stage_id: i64,
    then: &mut dyn FnMut(&mut DbConnection, i64) -> ApiResult<()>,
) -> ApiResult<usize> {
    let all = stages(c, company)?;
    let stage = all.into_iter().find(|s| s.id == stage_id).ok_or(ApiError::NotFound)?;
    let (uploads, applications) = talent_pipeline::split(c, company, apply_ids)?;
    crate::db::write_transaction(c, |c| {
        // An uploaded candidate moves like an application, minus what a candidate would hear of it.
        let moved = talent_pipeline::move_within(c, company, member, &uploads, &stage)?;
        Ok(moved + move_within(c, company, member, &applications, &stage, then)?)
    })
}

/// The moves themselves, inside the caller's write transaction.
pub fn move_within(
    c: &mut DbConnection,
    company: CompanyId,
    member: i64,
    apply_ids: &[i64],
    stage: &Stage,
    then: &mut dyn FnMut(&mut DbConnection, i64) -> ApiResult<()>,
) -> ApiResult<usize> {
    {
        let mut moved = 0;
        for &id in apply_ids {
            let app = application(c, company, id)?;
            if app.stage_id == stage.id {
                continue;
            }
            let now = now_ms();
            diesel::update(application_stages::table.find(id))
                .set((application_stages::stage_id.eq(stage.id), application_stages::stage_at.eq(now)))
                .execute(c)?;
            diesel::update(applications::table.find(id))
                .set((applications::status.eq(status_in(&stage, app.viewed)), applications::updated_at.eq(now)))
                .execute(c)?;
            diesel::insert_into(application_moves::table)
                .values((
                    application_moves::id.eq(next_id()),
                    application_moves::application_id.eq(id),
                    application_moves::from_stage.eq(Some(app.stage_id)),
                    application_moves::to_stage.eq(stage.id),
                    application_moves::member_id.eq(member),
                    application_moves::at.eq(now),
                ))
                .execute(c)?;
            then(c, id)?;
            moved += 1;
        }
        Ok(moved)
    }
}

/// The first stage whose candidate-side status is "not suitable".
pub fn not_suitable_stage(c: &mut DbConnection, company: CompanyId) -> ApiResult<i64> {
    stages(c, company)?
        .into_iter()
        .find(|s| s.status == CandidateStatus::NotSuitable as i32)
        .map(|s| s.id)
        .ok_or(ApiError::NotFound)
}

/// Opening an application: marks it viewed (the candidate's "delivered" becomes "viewed").
pub fn mark_viewed(c: &mut DbConnection, company: CompanyId, apply_id: i64) -> ApiResult<ApplicationCard> {
    let app = application(c, company, apply_id)?;
    if !app.viewed {
        let now = now_ms();
        diesel::update(application_stages::table.find(apply_id)).set(application_stages::viewed_at.eq(Some(now))).execute(c)?;
        diesel::update(applications::table.find(apply_id).filter(applications::status.eq(CandidateStatus::Delivered as i32)))
            .set((applications::status.eq(CandidateStatus::Viewed as i32), applications::updated_at.eq(now)))
            .execute(c)?;
    }
    application(c, company, apply_id)
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    pub id: i64,
    pub text: String,
    pub member_name: String,
    pub created_at: i64,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Move {
    pub from_stage: Option<i64>,
    pub to_stage: i64,
    pub member_name: String,
    pub at: i64,
}

pub fn notes(c: &mut DbConnection, company: CompanyId, apply_id: i64) -> ApiResult<Vec<Note>> {
    let rows: Vec<(i64, String, String, i64)> = application_notes::table
        .inner_join(company_members::table)
        .filter(application_notes::company_id.eq(company.0))
        .filter(application_notes::application_id.eq(apply_id))
        .order(application_notes::created_at.asc())
        .select((application_notes::id, application_notes::text, company_members::name, application_notes::created_at))
        .load(c)?;
    Ok(rows.into_iter().map(|(id, text, member_name, created_at)| Note { id, text, member_name, created_at }).collect())
}

pub fn moves(c: &mut DbConnection, apply_id: i64) -> ApiResult<Vec<Move>> {
    let rows: Vec<(Option<i64>, i64, String, i64)> = application_moves::table
        .inner_join(company_members::table)
        .filter(application_moves::application_id.eq(apply_id))
        .order(application_moves::at.asc())
        .select((application_moves::from_stage, application_moves::to_stage, company_members::name, application_moves::at))
        .load(c)?;
    Ok(rows.into_iter().map(|(from_stage, to_stage, member_name, at)| Move { from_stage, to_stage, member_name, at }).collect())
}

/// A note on an application, or on an uploaded candidate's entry.
pub fn add_note(c: &mut DbConnection, company: CompanyId, member: i64, apply_id: i64, text: &str) -> ApiResult<Note> {
    if !talent_pipeline::split(c, company, &[apply_id])?.0.is_empty() {
        return talent_pipeline::add_note(c, company, member, apply_id, text);
    }
    application(c, company, apply_id)?;
    let text = text.trim();
    if text.is_empty() || text.chars().count() > NOTE_MAX {
        return Err(ApiError::BadInput("text".into()));
    }
    let id = next_id();
    diesel::insert_into(application_notes::table)
        .values((
            application_notes::id.eq(id),
            application_notes::application_id.eq(apply_id),
            application_notes::company_id.eq(company.0),
            application_notes::member_id.eq(member),
            application_notes::text.eq(text),
            application_notes::created_at.eq(now_ms()),
        ))
        .execute(c)?;
    notes(c, company, apply_id)?.into_iter().find(|n| n.id == id).ok_or(ApiError::NotFound)
}

/// Renames a stage or, without `id`, adds one at the end.
pub fn save_stage(c: &mut DbConnection, company: CompanyId, id: Option<i64>, name: &str, status: i32) -> ApiResult<Stage> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > STAGE_NAME_MAX {
        return Err(ApiError::BadInput("name".into()));
    }
    if CandidateStatus::from_code(status).is_none() {
        return Err(ApiError::BadInput("status".into()));
    }
    let all = stages(c, company)?;
    let id = match id {
        Some(id) => {
            all.iter().find(|s| s.id == id).ok_or(ApiError::NotFound)?;
            diesel::update(pipeline_stages::table.find(id))
                .set((pipeline_stages::name.eq(name), pipeline_stages::status.eq(status)))
                .execute(c)?;
            id
        }
        None => {
            let id = next_id();
            diesel::insert_into(pipeline_stages::table)
                .values((
                    pipeline_stages::id.eq(id),
                    pipeline_stages::company_id.eq(company.0),
                    pipeline_stages::name.eq(name),
                    pipeline_stages::position.eq(all.len() as i32),
                    pipeline_stages::status.eq(status),
                    pipeline_stages::created_at.eq(now_ms()),
                ))
                .execute(c)?;
            id
        }
    };
    load_stages(c, company)?.into_iter().find(|s| s.id == id).ok_or(ApiError::NotFound)
}

/// Puts the stages in the given order; `ids` must be exactly the company's stages.
pub fn order_stages(c: &mut DbConnection, company: CompanyId, ids: &[i64]) -> ApiResult<Vec<Stage>> {
    let all = stages(c, company)?;
    let mut mine: Vec<i64> = all.iter().map(|s| s.id).collect();
    let mut given = ids.to_vec();
    mine.sort_unstable();
    given.sort_unstable();
    if mine != given {
        return Err(ApiError::BadInput("ids".into()));
    }
    crate::db::write_transaction(c, |c| {
        for (i, id) in ids.iter().enumerate() {
            diesel::update(pipeline_stages::table.find(id)).set(pipeline_stages::position.eq(i as i32)).execute(c)?;
        }
        Ok(())
    })?;
    Ok(load_stages(c, company)?)
}

/// How many cards each stage holds: applications (not blocked) and uploaded candidates.
pub fn stage_counts(c: &mut DbConnection, company: CompanyId) -> ApiResult<Vec<(i64, i64)>> {
    let mut counts = pipeline_count::by_stage(c, company.0)?;
    for (stage, _) in blocked_applications(c, company)? {
        if let Some((_, n)) = counts.iter_mut().find(|(s, _)| *s == stage) {
            *n -= 1;
        }
    }
    for (stage, n) in crate::db::talent_pipeline::stage_counts(c, company.0)? {
        match counts.iter_mut().find(|(s, _)| *s == stage) {
            Some((_, m)) => *m += n,
            None => counts.push((stage, n)),
        }
    }
    Ok(counts)
}

/// The account's name where the resume has none yet (the resume's name comes from its basics),
/// and the assessment score.
fn fill_names(c: &mut DbConnection, cards: &mut [ApplicationCard], assessed: &[i64]) -> ApiResult<()> {
    for (id, score) in crate::domain::assessment::card_scores(c, assessed, now_ms())? {
        if let Some(card) = cards.iter_mut().find(|a| a.apply_id == id) {
            card.assessment = Some(score);
        }
    }
    let missing: Vec<i64> = cards.iter().filter(|a| a.name.is_empty()).map(|a| a.user_id).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let names: Vec<(i64, String)> = users::table.filter(users::id.eq_any(missing)).select((users::id, users::name)).load(c)?;
    for a in cards.iter_mut().filter(|a| a.name.is_empty()) {
        if let Some((_, n)) = names.iter().find(|(id, _)| *id == a.user_id) {
            a.name = n.clone();
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
