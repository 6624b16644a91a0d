//! The interview with what its lists show beside it: on the recruiter's calendar the job, the
//! candidate's resume and the interviewers; on the candidate's /my/apply the job and the company.

use diesel::prelude::*;

use crate::db::interview::Interview;
use crate::db::schema::{applications, companies, company_members, interview_interviewers, interviews, jobs, resumes};
use crate::db::DbConnection;
use crate::ids::{CompanyId, InterviewId, MemberId, ResumeId, UserId};

/// The calendar reads at most this many interviews at once.
const CALENDAR_MAX: i64 = 500;
/// The candidate's list holds at most this many.
const CANDIDATE_MAX: i64 = 200;

/// An interview on the company's calendar, with its job and the resume the application carries.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = interviews)]
pub struct CalendarRow {
    #[diesel(embed)]
    pub interview: Interview,
    #[diesel(select_expression = jobs::title)]
    pub job_title: String,
    /// The resume's name as it is now (what the company may see of it is domain/visibility.rs's).
    #[diesel(select_expression = resumes::name)]
    pub resume_name: String,
    #[diesel(select_expression = resumes::id)]
    pub resume_id: ResumeId,
}

/// The company's interviews starting in [from, to), by start; only those `member` is assigned to
/// when given.
pub fn calendar(c: &mut DbConnection, company: CompanyId, from: i64, to: i64, member: Option<MemberId>) -> QueryResult<Vec<CalendarRow>> {
    let mut q = interviews::table
        .inner_join(applications::table.on(applications::id.eq(interviews::application_id)).inner_join(resumes::table))
        .inner_join(jobs::table.on(jobs::id.eq(interviews::job_id)))
        .filter(interviews::company_id.eq(company))
        .filter(interviews::start_at.ge(from))
        .filter(interviews::start_at.lt(to))
        .into_boxed();
    if let Some(m) = member {
        let mine = interview_interviewers::table.filter(interview_interviewers::member_id.eq(m)).select(interview_interviewers::interview_id);
        q = q.filter(interviews::id.eq_any(mine));
    }
    q.order((interviews::start_at.asc(), interviews::id.asc())).limit(CALENDAR_MAX).select(CalendarRow::as_select()).load(c)
}

/// A member assigned to an interview.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = interview_interviewers)]
pub struct AssignedMember {
    pub interview_id: InterviewId,
    pub member_id: MemberId,
    #[diesel(select_expression = company_members::name)]
    pub name: String,
}

/// The members assigned to each of `ids`.
pub fn interviewers_of(c: &mut DbConnection, ids: &[InterviewId]) -> QueryResult<Vec<AssignedMember>> {
    interview_interviewers::table
        .inner_join(company_members::table)
        .filter(interview_interviewers::interview_id.eq_any(ids))
        .select(AssignedMember::as_select())
        .load(c)
}

/// An interview on the candidate's list, with its job and company.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = interviews)]
pub struct CandidateRow {
    #[diesel(embed)]
    pub interview: Interview,
    #[diesel(select_expression = jobs::title)]
    pub job_title: String,
    #[diesel(select_expression = companies::name)]
    pub company_name: String,
    #[diesel(select_expression = companies::short_name)]
    pub company_short_name: String,
}

/// The candidate's interviews, newest start first.
pub fn of_candidate(c: &mut DbConnection, user: UserId) -> QueryResult<Vec<CandidateRow>> {
    interviews::table
        .inner_join(jobs::table.on(jobs::id.eq(interviews::job_id)))
        .inner_join(companies::table.on(companies::id.eq(interviews::company_id)))
        .filter(interviews::user_id.eq(user))
        .order(interviews::start_at.desc())
        .limit(CANDIDATE_MAX)
        .select(CandidateRow::as_select())
        .load(c)
}
