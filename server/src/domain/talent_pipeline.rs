//! A company's private candidates on its jobs' pipelines (issue 17): an uploaded candidate saved
//! for a job lands in the company's first stage and moves through its stages like an application,
//! with moves (who, when) and notes, but it has no account: no candidate-side status follows the
//! stage, no notice is ever sent, and nothing the candidate side reads holds it (schema.sql,
//! `talent_pipeline`). Every read and write is scoped to one company: another company's entry is
//! NOT_FOUND. Owners and HR only, as the talent pool and the board.

use serde::Serialize;
use serde_json::Value;

use crate::db::application::CandidateStatus;
use crate::db::pipeline_stage::{self, Stage};
use crate::db::talent::{self as talent_rows};
use crate::db::talent_pipeline::{self as rows, EntryRow, NewEntry};
use crate::db::DbConnection;
use crate::domain::pipeline_log::{note_text, Move, Note};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, CompanyId, JobId, MemberId, ResumeId, TalentEntryId, TalentId, UserId};

/// An uploaded candidate's card on the board and in the list: the fields of an application's card
/// (`applyId` is the entry's id, which the board's calls take), with `source: "upload"`, its
/// `talentId`, and `resumeId`, `userId` null (no candidate account).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadCard {
    pub apply_id: i64,
    pub talent_id: TalentId,
    /// `upload`.
    #[schema(schema_with = upload_source_schema)]
    pub source: &'static str,
    pub job_id: JobId,
    pub job_title: String,
    #[schema(required)]
    pub resume_id: Option<ResumeId>,
    #[schema(required)]
    pub user_id: Option<UserId>,
    pub name: String,
    pub gender: String,
    pub city: String,
    pub education: String,
    pub work_since: String,
    pub stage_id: i64,
    pub stage_name: String,
    /// The stage's status (there is no candidate-side status to follow it).
    pub status: CandidateStatus,
    pub viewed: bool,
    pub applied_at: i64,
    pub stage_at: i64,
}

/// `source` of an uploaded candidate's card in the OpenAPI document: `upload`.
fn upload_source_schema() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new().schema_type(utoipa::openapi::schema::Type::String).enum_values(Some(["upload"])).build()
}

pub fn card(row: EntryRow) -> UploadCard {
    let basic: Value = serde_json::from_str::<Value>(&row.sections).ok().and_then(|s| s.get("basic").cloned()).unwrap_or(Value::Null);
    let field = |k: &str| basic.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    UploadCard {
        apply_id: row.id.0,
        talent_id: row.talent_id,
        source: "upload",
        job_id: row.job_id,
        job_title: row.job_title,
        resume_id: None,
        user_id: None,
        name: row.name,
        gender: field("gender"),
        city: field("city"),
        education: field("education"),
        work_since: field("workSince"),
        stage_id: row.stage_id,
        stage_name: row.stage_name,
        status: row.stage_status,
        viewed: true,
        applied_at: row.added_at,
        stage_at: row.stage_at,
    }
}

/// Puts the company's candidate `talent` on `job`'s pipeline in the first stage, on behalf of
/// `member`; a candidate already there keeps its entry. Returns the entry, or None while the company
/// has no stages (domain/pipeline.rs `stages` places it when they are made). Inside the caller's transaction.
pub fn arrive(c: &mut DbConnection, company: CompanyId, talent: TalentId, job: JobId, member: MemberId, at: i64) -> ApiResult<Option<TalentEntryId>> {
    if let Some(id) = rows::on_job(c, company, talent, job)? {
        return Ok(Some(id));
    }
    let Some(stage) = pipeline_stage::first_of(c, company)? else { return Ok(None) };
    let id = new_id();
    rows::insert(c, &NewEntry { id, talent_id: talent, company_id: company, job_id: job, stage_id: stage, member_id: member, at }, new_id())?;
    Ok(Some(id))
}

/// The candidates saved for a job before the company had stages, into `first` (when the stages are made).
pub fn place_waiting(c: &mut DbConnection, company: CompanyId, first: i64) -> ApiResult<()> {
    for (talent, job, by, at) in rows::waiting(c, company)? {
        rows::insert(c, &NewEntry { id: new_id(), talent_id: talent, company_id: company, job_id: job, stage_id: first, member_id: by, at }, new_id())?;
    }
    Ok(())
}

/// `/comtalent/addToJob`: the company's candidate onto the company's job's pipeline (NOT_FOUND for
/// another company's either). The caller has made the stages first.
pub fn add_to_job(c: &mut DbConnection, company: CompanyId, member: MemberId, talent: TalentId, job: JobId) -> ApiResult<UploadCard> {
    talent_rows::get(c, company, talent)?.ok_or(ApiError::NotFound)?;
    talent_rows::company_job_title(c, company, job)?.ok_or(ApiError::NotFound)?;
    let id = crate::db::write_transaction(c, |c| arrive(c, company, talent, job, member, now_ms()))?.ok_or_else(|| ApiError::internal("no stages"))?;
    entry(c, company, id.0)
}

/// The company's entry (a board id: the board's calls name entries and applications alike); NOT_FOUND otherwise.
pub fn entry(c: &mut DbConnection, company: CompanyId, id: i64) -> ApiResult<UploadCard> {
    rows::entry(c, company, TalentEntryId(id))?.map(card).ok_or(ApiError::NotFound)
}

/// The company's entries among `ids`, as cards.
pub fn cards(c: &mut DbConnection, company: CompanyId, ids: &[i64]) -> ApiResult<Vec<UploadCard>> {
    let ids: Vec<TalentEntryId> = ids.iter().copied().map(TalentEntryId).collect();
    Ok(rows::entries(c, company, &ids)?.into_iter().map(card).collect())
}

/// Which of `ids` are the company's entries (the rest are applications, or nothing of the company's).
pub fn split(c: &mut DbConnection, company: CompanyId, ids: &[i64]) -> ApiResult<(Vec<i64>, Vec<i64>)> {
    let entries: Vec<TalentEntryId> = ids.iter().copied().map(TalentEntryId).collect();
    let mine = rows::company_entry_ids(c, company, &entries)?;
    Ok(ids.iter().partition(|id| mine.contains(&TalentEntryId(**id))))
}

/// Moves entries to `stage`, recording each move; inside the caller's write transaction. Returns how many moved.
pub fn move_within(c: &mut DbConnection, company: CompanyId, member: i64, ids: &[i64], stage: &Stage) -> ApiResult<usize> {
    let member = MemberId(member);
    let mut moved = 0;
    for id in ids.iter().copied().map(TalentEntryId) {
        let e = rows::entry(c, company, id)?.ok_or(ApiError::NotFound)?;
        if e.stage_id == stage.id {
            continue;
        }
        let now = now_ms();
        rows::set_stage(c, company, id, stage.id, now)?;
        rows::insert_move(c, new_id(), id, Some(e.stage_id), stage.id, member, now)?;
        moved += 1;
    }
    Ok(moved)
}

pub fn add_note(c: &mut DbConnection, company: CompanyId, member: i64, entry_id: i64, text: &str) -> ApiResult<Note> {
    let (member, entry_id) = (MemberId(member), TalentEntryId(entry_id));
    rows::entry(c, company, entry_id)?.ok_or(ApiError::NotFound)?;
    let text = note_text(text)?;
    let id = new_id();
    rows::insert_note(c, id, company, entry_id, member, text, now_ms())?;
    rows::notes(c, company, &[entry_id])?.into_iter().find(|n| n.id == id).map(Note::from).ok_or(ApiError::NotFound)
}

/// One entry of a candidate as its page shows it: the card, its notes and its moves.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TalentPipelineEntry)]
pub struct EntryDetail {
    #[serde(flatten)]
    pub card: UploadCard,
    pub notes: Vec<Note>,
    pub moves: Vec<Move>,
}

/// The pipelines a candidate of the company is on, oldest first.
pub fn of_talent(c: &mut DbConnection, company: CompanyId, talent: TalentId) -> ApiResult<Vec<EntryDetail>> {
    let entries = rows::of_talent(c, company, talent)?;
    let ids: Vec<TalentEntryId> = entries.iter().map(|e| e.id).collect();
    let mut notes = rows::notes(c, company, &ids)?;
    let mut moves = rows::moves(c, company, &ids)?;
    Ok(entries
        .into_iter()
        .map(|e| {
            let id = e.id;
            EntryDetail {
                card: card(e),
                notes: notes.extract_if(.., |n| n.entry_id == id).map(Note::from).collect(),
                moves: moves.extract_if(.., |(e, _)| *e == id).map(|(_, m)| Move::from(m)).collect(),
            }
        })
        .collect())
}
