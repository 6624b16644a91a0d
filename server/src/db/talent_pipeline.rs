//! `talent_pipeline`, `talent_moves`, `talent_notes`: a company's private candidates on its jobs'
//! pipelines (issue 17). Every query takes the company: another company's entries are never read,
//! moved or noted.

use diesel::prelude::*;

use crate::db::application::CandidateStatus;
use crate::db::schema::{company_members, jobs, pipeline_stages, talent_candidates, talent_moves, talent_notes, talent_pipeline};
use crate::db::DbConnection;
use crate::ids::{CompanyId, JobId, MemberId, TalentEntryId, TalentId, TalentMoveId, TalentNoteId};

/// One entry with what its card shows: the job's title, the stage, the candidate's name and sections.
#[derive(Debug, Clone, Queryable)]
pub struct EntryRow {
    pub id: TalentEntryId,
    pub talent_id: TalentId,
    pub job_id: JobId,
    pub job_title: String,
    pub stage_id: i64,
    pub stage_name: String,
    pub stage_status: CandidateStatus,
    pub stage_at: i64,
    pub added_at: i64,
    pub name: String,
    pub sections: String,
}

macro_rules! entry_query {
    () => {
        talent_pipeline::table
            .inner_join(talent_candidates::table)
            .inner_join(jobs::table.on(jobs::id.eq(talent_pipeline::job_id)))
            .inner_join(pipeline_stages::table)
    };
}

macro_rules! entry_columns {
    () => {
        (
            talent_pipeline::id,
            talent_pipeline::talent_id,
            talent_pipeline::job_id,
            jobs::title,
            talent_pipeline::stage_id,
            pipeline_stages::name,
            pipeline_stages::status,
            talent_pipeline::stage_at,
            talent_pipeline::added_at,
            talent_candidates::name,
            talent_candidates::sections,
        )
    };
}

/// What an entry is made with.
pub struct NewEntry {
    pub id: TalentEntryId,
    pub talent_id: TalentId,
    pub company_id: CompanyId,
    pub job_id: JobId,
    pub stage_id: i64,
    pub member_id: MemberId,
    pub at: i64,
}

/// Makes the entry and records its landing (a move from nowhere, by the member who added it).
pub fn insert(c: &mut DbConnection, e: &NewEntry, move_id: TalentMoveId) -> QueryResult<()> {
    diesel::insert_into(talent_pipeline::table)
        .values((
            talent_pipeline::id.eq(e.id),
            talent_pipeline::talent_id.eq(e.talent_id),
            talent_pipeline::company_id.eq(e.company_id),
            talent_pipeline::job_id.eq(e.job_id),
            talent_pipeline::stage_id.eq(e.stage_id),
            talent_pipeline::stage_at.eq(e.at),
            talent_pipeline::added_at.eq(e.at),
            talent_pipeline::added_by.eq(e.member_id),
        ))
        .execute(c)?;
    insert_move(c, move_id, e.id, None, e.stage_id, e.member_id, e.at)
}

/// The company's entry `id`; another company's is None.
pub fn entry(c: &mut DbConnection, company: CompanyId, id: TalentEntryId) -> QueryResult<Option<EntryRow>> {
    entry_query!()
        .filter(talent_pipeline::company_id.eq(company))
        .filter(talent_pipeline::id.eq(id))
        .select(entry_columns!())
        .first(c)
        .optional()
}

/// The company's entries among `ids`.
pub fn entries(c: &mut DbConnection, company: CompanyId, ids: &[TalentEntryId]) -> QueryResult<Vec<EntryRow>> {
    entry_query!()
        .filter(talent_pipeline::company_id.eq(company))
        .filter(talent_pipeline::id.eq_any(ids))
        .select(entry_columns!())
        .load(c)
}

/// The entries of one private candidate, oldest first.
pub fn of_talent(c: &mut DbConnection, company: CompanyId, talent: TalentId) -> QueryResult<Vec<EntryRow>> {
    entry_query!()
        .filter(talent_pipeline::company_id.eq(company))
        .filter(talent_pipeline::talent_id.eq(talent))
        .order((talent_pipeline::added_at.asc(), talent_pipeline::id.asc()))
        .select(entry_columns!())
        .load(c)
}

/// The entry of a candidate on a job, if it is there.
pub fn on_job(c: &mut DbConnection, company: CompanyId, talent: TalentId, job: JobId) -> QueryResult<Option<TalentEntryId>> {
    talent_pipeline::table
        .filter(talent_pipeline::company_id.eq(company))
        .filter(talent_pipeline::talent_id.eq(talent))
        .filter(talent_pipeline::job_id.eq(job))
        .select(talent_pipeline::id)
        .first(c)
        .optional()
}

/// Which of `ids` are the company's entries.
pub fn company_entry_ids(c: &mut DbConnection, company: CompanyId, ids: &[TalentEntryId]) -> QueryResult<Vec<TalentEntryId>> {
    talent_pipeline::table
        .filter(talent_pipeline::company_id.eq(company))
        .filter(talent_pipeline::id.eq_any(ids))
        .select(talent_pipeline::id)
        .load(c)
}

/// The sort keys (added_at, id) of the entries in a stage (or all) and of a job (or all), newest first.
pub fn keys(c: &mut DbConnection, company: i64, stage: Option<i64>, job: Option<i64>) -> QueryResult<Vec<(i64, i64)>> {
    let mut q = talent_pipeline::table.filter(talent_pipeline::company_id.eq(company)).into_boxed();
    if let Some(s) = stage {
        q = q.filter(talent_pipeline::stage_id.eq(s));
    }
    if let Some(j) = job {
        q = q.filter(talent_pipeline::job_id.eq(j));
    }
    q.order((talent_pipeline::added_at.desc(), talent_pipeline::id.desc())).select((talent_pipeline::added_at, talent_pipeline::id)).load(c)
}

/// How many entries each stage holds.
pub fn stage_counts(c: &mut DbConnection, company: i64) -> QueryResult<Vec<(i64, i64)>> {
    talent_pipeline::table
        .filter(talent_pipeline::company_id.eq(company))
        .group_by(talent_pipeline::stage_id)
        .select((talent_pipeline::stage_id, diesel::dsl::count_star()))
        .load(c)
}

pub fn set_stage(c: &mut DbConnection, company: CompanyId, id: TalentEntryId, stage: i64, at: i64) -> QueryResult<usize> {
    diesel::update(talent_pipeline::table.filter(talent_pipeline::company_id.eq(company)).filter(talent_pipeline::id.eq(id)))
        .set((talent_pipeline::stage_id.eq(stage), talent_pipeline::stage_at.eq(at)))
        .execute(c)
}

pub fn insert_move(c: &mut DbConnection, id: TalentMoveId, entry: TalentEntryId, from: Option<i64>, to: i64, member: MemberId, at: i64) -> QueryResult<()> {
    diesel::insert_into(talent_moves::table)
        .values((
            talent_moves::id.eq(id),
            talent_moves::entry_id.eq(entry),
            talent_moves::from_stage.eq(from),
            talent_moves::to_stage.eq(to),
            talent_moves::member_id.eq(member),
            talent_moves::at.eq(at),
        ))
        .execute(c)
        .map(|_| ())
}

/// A move as the history shows it: from, to, the member's name, when.
#[derive(Debug, Clone, Queryable)]
pub struct MoveRow {
    pub from_stage: Option<i64>,
    pub to_stage: i64,
    pub member_name: String,
    pub at: i64,
}

/// The moves of the company's entries `entries`, oldest first, with their entry.
pub fn moves(c: &mut DbConnection, company: CompanyId, entries: &[TalentEntryId]) -> QueryResult<Vec<(TalentEntryId, MoveRow)>> {
    let rows: Vec<(TalentEntryId, Option<i64>, i64, String, i64)> = talent_moves::table
        .inner_join(company_members::table)
        .inner_join(talent_pipeline::table.on(talent_pipeline::id.eq(talent_moves::entry_id)))
        .filter(talent_pipeline::company_id.eq(company))
        .filter(talent_moves::entry_id.eq_any(entries))
        .order((talent_moves::at.asc(), talent_moves::id.asc()))
        .select((talent_moves::entry_id, talent_moves::from_stage, talent_moves::to_stage, company_members::name, talent_moves::at))
        .load(c)?;
    Ok(rows.into_iter().map(|(e, from_stage, to_stage, member_name, at)| (e, MoveRow { from_stage, to_stage, member_name, at })).collect())
}

pub fn insert_note(c: &mut DbConnection, id: TalentNoteId, company: CompanyId, entry: TalentEntryId, member: MemberId, text: &str, at: i64) -> QueryResult<()> {
    diesel::insert_into(talent_notes::table)
        .values((
            talent_notes::id.eq(id),
            talent_notes::entry_id.eq(entry),
            talent_notes::company_id.eq(company),
            talent_notes::member_id.eq(member),
            talent_notes::text.eq(text),
            talent_notes::created_at.eq(at),
        ))
        .execute(c)
        .map(|_| ())
}

/// A note as shown: id, text, the member's name, when; with its entry.
#[derive(Debug, Clone, Queryable)]
pub struct NoteRow {
    pub entry_id: TalentEntryId,
    pub id: TalentNoteId,
    pub text: String,
    pub member_name: String,
    pub created_at: i64,
}

/// The company's notes on `entries`, oldest first.
pub fn notes(c: &mut DbConnection, company: CompanyId, entries: &[TalentEntryId]) -> QueryResult<Vec<NoteRow>> {
    talent_notes::table
        .inner_join(company_members::table)
        .filter(talent_notes::company_id.eq(company))
        .filter(talent_notes::entry_id.eq_any(entries))
        .order((talent_notes::created_at.asc(), talent_notes::id.asc()))
        .select((talent_notes::entry_id, talent_notes::id, talent_notes::text, company_members::name, talent_notes::created_at))
        .load(c)
}

/// Removes a candidate's entries with their moves and notes (the candidate is being deleted).
pub fn delete_of_talent(c: &mut DbConnection, company: CompanyId, talent: TalentId) -> QueryResult<()> {
    let ids: Vec<TalentEntryId> = talent_pipeline::table
        .filter(talent_pipeline::company_id.eq(company))
        .filter(talent_pipeline::talent_id.eq(talent))
        .select(talent_pipeline::id)
        .load(c)?;
    diesel::delete(talent_notes::table.filter(talent_notes::entry_id.eq_any(&ids))).execute(c)?;
    diesel::delete(talent_moves::table.filter(talent_moves::entry_id.eq_any(&ids))).execute(c)?;
    diesel::delete(talent_pipeline::table.filter(talent_pipeline::id.eq_any(&ids))).execute(c)?;
    Ok(())
}

/// The company's candidates saved for a job that are on no pipeline yet (saved before the
/// company had stages): (candidate, job, who saved it, when).
pub fn waiting(c: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<(TalentId, JobId, MemberId, i64)>> {
    let rows: Vec<(TalentId, Option<JobId>, MemberId, i64)> = talent_candidates::table
        .left_join(
            talent_pipeline::table.on(talent_pipeline::talent_id
                .eq(talent_candidates::id)
                .and(talent_pipeline::job_id.nullable().eq(talent_candidates::job_id))),
        )
        .filter(talent_candidates::company_id.eq(company))
        .filter(talent_candidates::job_id.is_not_null())
        .filter(talent_pipeline::id.nullable().is_null())
        .select((talent_candidates::id, talent_candidates::job_id, talent_candidates::created_by, talent_candidates::created_at))
        .load(c)?;
    Ok(rows.into_iter().filter_map(|(t, j, by, at)| j.map(|j| (t, j, by, at))).collect())
}
