//! The hiring pipeline: a company's stages, where each application stands, its moves and notes,
//! and the status the candidate sees on /my/apply (applications.status) following the stage.
//! The cards themselves are read in domain/pipeline_board.rs.
//!
//! Stages are rows (Odoo's hr.recruitment.stage): each maps to a candidate-side status. Every
//! read and write here is scoped to one company; another company's application or stage is
//! NOT_FOUND. A resume its candidate blocked for the company (or its group) is left out.

use crate::db::application::{self as application_rows, CandidateStatus};
use crate::db::application_move::{self, NewMove};
use crate::db::application_note::{self, NewNote};
use crate::db::application_stage::{self, Placement};
use crate::db::pipeline_stage::{self, Stage};
use crate::db::pipeline_view::{self, CardRow};
use crate::db::{pipeline_count, DbConnection};
use crate::domain::pipeline_log::{note_text, Move, Note};
use crate::domain::{talent_pipeline, visibility};
use crate::error::{ApiError, ApiResult};
use crate::ids::{next_id, now_ms, CompanyId, JobId, MemberId};

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

/// The company's stages in order, made (with every older application placed in the first one)
/// on first use.
pub fn stages(c: &mut DbConnection, company: CompanyId) -> ApiResult<Vec<Stage>> {
    let found = pipeline_stage::of_company(c, company)?;
    if !found.is_empty() {
        return Ok(found);
    }
    crate::db::write_transaction(c, |c| {
        if !pipeline_stage::of_company(c, company)?.is_empty() {
            return Ok(());
        }
        let now = now_ms();
        for (i, (name, status)) in DEFAULT_STAGES.iter().enumerate() {
            let stage = Stage { id: next_id(), company_id: company, name: (*name).to_string(), position: i as i32, status: *status, created_at: now };
            pipeline_stage::insert(c, &stage)?;
        }
        let made = pipeline_stage::of_company(c, company)?;
        let first = made.first().ok_or_else(|| ApiError::internal("no stages"))?.id;
        talent_pipeline::place_waiting(c, company, first)?;
        // An older application goes to the first stage showing the status it has.
        let stage_for = |status: CandidateStatus| made.iter().find(|s| s.status == status).map_or(first, |s| s.id);
        for older in application_rows::of_company(c, company)? {
            let at = older.created_at;
            application_stage::insert(
                c,
                &Placement {
                    application_id: older.id,
                    company_id: company,
                    job_id: older.job_id,
                    stage_id: stage_for(older.status),
                    stage_at: at,
                    viewed_at: (older.status != CandidateStatus::Delivered).then_some(at),
                    applied_at: at,
                },
            )?;
        }
        Ok(())
    })?;
    Ok(pipeline_stage::of_company(c, company)?)
}

/// A new application lands in its company's first stage (when the company has stages yet; else
/// `stages` places it when they are made).
pub fn arrive(c: &mut DbConnection, application: i64, job: i64, now: i64) -> ApiResult<()> {
    let company = crate::db::job::company_of(c, JobId(job))?;
    if let Some(stage) = pipeline_stage::first_of(c, company)? {
        let placement = Placement { application_id: application, company_id: company, job_id: job, stage_id: stage, stage_at: now, viewed_at: None, applied_at: now };
        application_stage::insert(c, &placement)?;
    }
    Ok(())
}

/// The company's application as its card's row, unless its resume is blocked for the company:
/// NOT_FOUND otherwise.
pub fn visible_application(c: &mut DbConnection, company: CompanyId, apply_id: i64) -> ApiResult<CardRow> {
    let found = pipeline_view::card(c, company, apply_id)?.ok_or(ApiError::NotFound)?;
    if !visibility::may_view(c, company, found.resume_id)? {
        return Err(ApiError::NotFound);
    }
    Ok(found)
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
    match stage.status {
        CandidateStatus::NotSuitable => format!("apply:{apply}:rejection"),
        CandidateStatus::Hired => format!("apply:{apply}:offer"),
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
fn status_in(stage: &Stage, viewed: bool) -> CandidateStatus {
    match stage.status {
        CandidateStatus::Delivered if viewed => CandidateStatus::Viewed,
        status => status,
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
    let mut moved = 0;
    for &id in apply_ids {
        let app = visible_application(c, company, id)?;
        if app.stage_id == stage.id {
            continue;
        }
        let now = now_ms();
        application_stage::set_stage(c, id, stage.id, now)?;
        application_rows::set_status(c, id, status_in(stage, app.viewed_at.is_some()), now)?;
        let record = NewMove { id: next_id(), application_id: id, from_stage: Some(app.stage_id), to_stage: stage.id, member_id: MemberId(member), at: now };
        application_move::insert(c, &record)?;
        then(c, id)?;
        moved += 1;
    }
    Ok(moved)
}

/// The first stage whose candidate-side status is "not suitable".
pub fn not_suitable_stage(c: &mut DbConnection, company: CompanyId) -> ApiResult<i64> {
    stages(c, company)?.into_iter().find(|s| s.status == CandidateStatus::NotSuitable).map(|s| s.id).ok_or(ApiError::NotFound)
}

/// Opening an application: marks it viewed (the candidate's "delivered" becomes "viewed").
pub fn mark_viewed(c: &mut DbConnection, company: CompanyId, apply_id: i64) -> ApiResult<()> {
    let app = visible_application(c, company, apply_id)?;
    if app.viewed_at.is_none() {
        let now = now_ms();
        application_stage::set_viewed(c, apply_id, now)?;
        application_rows::mark_viewed(c, apply_id, now)?;
    }
    Ok(())
}

pub fn notes(c: &mut DbConnection, company: CompanyId, apply_id: i64) -> ApiResult<Vec<Note>> {
    Ok(application_note::of_application(c, company, apply_id)?.into_iter().map(Note::from).collect())
}

pub fn moves(c: &mut DbConnection, apply_id: i64) -> ApiResult<Vec<Move>> {
    Ok(application_move::of_application(c, apply_id)?.into_iter().map(Move::from).collect())
}

/// A note on an application, or on an uploaded candidate's entry.
pub fn add_note(c: &mut DbConnection, company: CompanyId, member: i64, apply_id: i64, text: &str) -> ApiResult<Note> {
    if !talent_pipeline::split(c, company, &[apply_id])?.0.is_empty() {
        return talent_pipeline::add_note(c, company, member, apply_id, text);
    }
    visible_application(c, company, apply_id)?;
    let text = note_text(text)?;
    let id = next_id();
    application_note::insert(c, &NewNote { id, application_id: apply_id, company_id: company, member_id: MemberId(member), text, created_at: now_ms() })?;
    notes(c, company, apply_id)?.into_iter().find(|n| n.id == id).ok_or(ApiError::NotFound)
}

/// Renames a stage or, without `id`, adds one at the end.
pub fn save_stage(c: &mut DbConnection, company: CompanyId, id: Option<i64>, name: &str, status: i32) -> ApiResult<Stage> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > STAGE_NAME_MAX {
        return Err(ApiError::BadInput("name".into()));
    }
    let status = CandidateStatus::from_code(status).ok_or_else(|| ApiError::BadInput("status".into()))?;
    let all = stages(c, company)?;
    let id = match id {
        Some(id) => {
            all.iter().find(|s| s.id == id).ok_or(ApiError::NotFound)?;
            pipeline_stage::rename(c, id, name, status)?;
            id
        }
        None => {
            let id = next_id();
            let stage = Stage { id, company_id: company, name: name.to_string(), position: all.len() as i32, status, created_at: now_ms() };
            pipeline_stage::insert(c, &stage)?;
            id
        }
    };
    pipeline_stage::of_company(c, company)?.into_iter().find(|s| s.id == id).ok_or(ApiError::NotFound)
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
            pipeline_stage::set_position(c, *id, i as i32)?;
        }
        Ok(())
    })?;
    Ok(pipeline_stage::of_company(c, company)?)
}

/// How many cards each stage holds: applications (not blocked) and uploaded candidates.
pub fn stage_counts(c: &mut DbConnection, company: CompanyId) -> ApiResult<Vec<(i64, i64)>> {
    let mut counts = pipeline_count::by_stage(c, company.0)?;
    for blocked in pipeline_view::blocked(c, company)? {
        if let Some((_, n)) = counts.iter_mut().find(|(s, _)| *s == blocked.stage_id) {
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
