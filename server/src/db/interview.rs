//! `interviews`: an application's interview, its time and place, where it stands and the
//! candidate's answer. The calendar and the candidate's list, which join jobs, resumes and
//! companies, are in db/interview_card.rs.

use diesel::prelude::*;

use crate::db::schema::{applications, interviews};
use crate::db::DbConnection;
use crate::ids::{ApplicationId, CompanyId, InterviewId, JobId, MemberId, NoticeTemplateId, ResumeId, UserId};

text_enum! {
    /// Where an interview stands (`interviews.state`).
    pub enum InterviewState {
        Scheduled = "scheduled",
        Cancelled = "cancelled",
    }
}

text_enum! {
    /// Why a cancelled interview was (`interviews.cancel_reason`): the candidate sees it.
    pub enum CancelReason {
        /// The company cancelled it (and every interview not cancelled has this).
        Company = "",
        /// The candidate blocked the company (domain/blocking.rs).
        Blocked = "blocked",
    }
}

text_enum! {
    /// The candidate's answer to the interview's current time (`interviews.answer`).
    pub enum Answer {
        Unanswered = "",
        Accepted = "accepted",
        Declined = "declined",
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = interviews)]
pub struct Interview {
    pub id: InterviewId,
    pub company_id: CompanyId,
    pub application_id: ApplicationId,
    pub job_id: JobId,
    pub user_id: UserId,
    pub start_at: i64,
    pub end_at: i64,
    pub contact: String,
    pub contact_phone: String,
    pub address: String,
    pub notes: String,
    pub template_id: Option<NoticeTemplateId>,
    pub state: InterviewState,
    pub answer: Answer,
    pub answered_at: Option<i64>,
    /// Goes up with each new time; the notices of a version carry it in their event key.
    pub version: i32,
    pub cancel_reason: CancelReason,
    pub created_by: MemberId,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A new interview: scheduled, version 1, not yet answered.
#[derive(Debug, Insertable)]
#[diesel(table_name = interviews)]
pub struct NewInterview<'a> {
    pub id: InterviewId,
    pub company_id: CompanyId,
    pub application_id: ApplicationId,
    pub job_id: JobId,
    pub user_id: UserId,
    pub start_at: i64,
    pub end_at: i64,
    pub contact: &'a str,
    pub contact_phone: &'a str,
    pub address: &'a str,
    pub notes: &'a str,
    pub template_id: Option<NoticeTemplateId>,
    pub state: InterviewState,
    pub version: i32,
    pub created_by: MemberId,
    pub created_at: i64,
    pub updated_at: i64,
}

pub fn insert(c: &mut DbConnection, new: &NewInterview) -> QueryResult<usize> {
    diesel::insert_into(interviews::table).values(new).execute(c)
}

/// What editing a scheduled interview changes.
#[derive(Debug, AsChangeset)]
#[diesel(table_name = interviews)]
pub struct InterviewEdit<'a> {
    pub start_at: i64,
    pub end_at: i64,
    pub contact: &'a str,
    pub contact_phone: &'a str,
    pub address: &'a str,
    pub notes: &'a str,
    pub version: i32,
    pub answer: Answer,
    pub updated_at: i64,
}

pub fn update(c: &mut DbConnection, id: InterviewId, edit: &InterviewEdit) -> QueryResult<usize> {
    diesel::update(interviews::table.find(id)).set(edit).execute(c)
}

/// The company's interview `id`.
pub fn of_company(c: &mut DbConnection, company: CompanyId, id: InterviewId) -> QueryResult<Option<Interview>> {
    interviews::table
        .filter(interviews::id.eq(id))
        .filter(interviews::company_id.eq(company))
        .select(Interview::as_select())
        .first(c)
        .optional()
}

/// The candidate's interview `id`.
pub fn of_user(c: &mut DbConnection, user: UserId, id: InterviewId) -> QueryResult<Option<Interview>> {
    interviews::table
        .filter(interviews::id.eq(id))
        .filter(interviews::user_id.eq(user))
        .select(Interview::as_select())
        .first(c)
        .optional()
}

/// The resume the interview's application carries.
pub fn resume_of(c: &mut DbConnection, id: InterviewId) -> QueryResult<ResumeId> {
    interviews::table
        .inner_join(applications::table.on(applications::id.eq(interviews::application_id)))
        .filter(interviews::id.eq(id))
        .select(applications::resume_id)
        .first(c)
}

pub fn set_answer(c: &mut DbConnection, id: InterviewId, answer: Answer, now: i64) -> QueryResult<usize> {
    diesel::update(interviews::table.find(id)).set((interviews::answer.eq(answer), interviews::answered_at.eq(Some(now)))).execute(c)
}

/// How many scheduled interviews of the candidate at the company, but `except`, overlap
/// [start, end) (touching intervals do not).
pub fn overlapping_of_user(c: &mut DbConnection, company: CompanyId, user: UserId, start: i64, end: i64, except: InterviewId) -> QueryResult<i64> {
    interviews::table
        .filter(interviews::company_id.eq(company))
        .filter(interviews::user_id.eq(user))
        .filter(interviews::state.eq(InterviewState::Scheduled))
        .filter(interviews::id.ne(except))
        .filter(interviews::start_at.lt(end))
        .filter(interviews::end_at.gt(start))
        .count()
        .get_result(c)
}

/// On PostgreSQL, holds the company's interview schedule until the transaction ends, so two saves
/// cannot both pass the overlap check. SQLite has one writer at a time anyway.
pub fn lock_schedule(c: &mut DbConnection, company: CompanyId) -> QueryResult<()> {
    if let DbConnection::Postgresql(pg) = c {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1)").bind::<diesel::sql_types::BigInt, _>(company.0).execute(pg)?;
    }
    Ok(())
}

/// The scheduled interviews, at any of `companies`, of applications carrying `resume`.
pub fn scheduled_of_resume(conn: &mut DbConnection, resume: ResumeId, companies: &[i64]) -> QueryResult<Vec<InterviewId>> {
    interviews::table
        .inner_join(applications::table.on(applications::id.eq(interviews::application_id)))
        .filter(applications::resume_id.eq(resume))
        .filter(interviews::company_id.eq_any(companies))
        .filter(interviews::state.eq(InterviewState::Scheduled))
        .select(interviews::id)
        .load(conn)
}

/// Cancels a scheduled interview for `reason`; 0 when it was no longer scheduled.
pub fn cancel(conn: &mut DbConnection, id: InterviewId, reason: CancelReason, now: i64) -> QueryResult<usize> {
    diesel::update(interviews::table.find(id).filter(interviews::state.eq(InterviewState::Scheduled)))
        .set((interviews::state.eq(InterviewState::Cancelled), interviews::cancel_reason.eq(reason), interviews::updated_at.eq(now)))
        .execute(conn)
}

/// The application of each of `ids` that exists: (interview, application).
pub fn applications_of(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    interviews::table.filter(interviews::id.eq_any(ids)).select((interviews::id, interviews::application_id)).load(conn)
}
