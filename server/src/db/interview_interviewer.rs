//! `interview_interviewers`: the company members assigned to an interview.

use diesel::prelude::*;

use crate::db::interview::InterviewState;
use crate::db::schema::{interview_interviewers, interviews};
use crate::db::DbConnection;
use crate::ids::{CompanyId, InterviewId, MemberId};

#[derive(Debug, Insertable)]
#[diesel(table_name = interview_interviewers)]
struct Assignment {
    interview_id: InterviewId,
    member_id: MemberId,
}

pub fn is_assigned(c: &mut DbConnection, interview: InterviewId, member: MemberId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        interview_interviewers::table
            .filter(interview_interviewers::interview_id.eq(interview))
            .filter(interview_interviewers::member_id.eq(member)),
    ))
    .get_result(c)
}

pub fn members_of(c: &mut DbConnection, interview: InterviewId) -> QueryResult<Vec<MemberId>> {
    interview_interviewers::table
        .filter(interview_interviewers::interview_id.eq(interview))
        .select(interview_interviewers::member_id)
        .load(c)
}

/// Assigns exactly `members` to the interview, in place of whoever was before.
pub fn assign(c: &mut DbConnection, interview: InterviewId, members: &[MemberId]) -> QueryResult<()> {
    diesel::delete(interview_interviewers::table.filter(interview_interviewers::interview_id.eq(interview))).execute(c)?;
    for &member_id in members {
        diesel::insert_into(interview_interviewers::table).values(&Assignment { interview_id: interview, member_id }).execute(c)?;
    }
    Ok(())
}

/// How many scheduled interviews at the company, but `except`, with any of `members` assigned
/// overlap [start, end) (touching intervals do not).
pub fn overlapping_of_members(c: &mut DbConnection, company: CompanyId, members: &[MemberId], start: i64, end: i64, except: InterviewId) -> QueryResult<i64> {
    interview_interviewers::table
        .inner_join(interviews::table)
        .filter(interviews::company_id.eq(company))
        .filter(interview_interviewers::member_id.eq_any(members))
        .filter(interviews::state.eq(InterviewState::Scheduled))
        .filter(interviews::id.ne(except))
        .filter(interviews::start_at.lt(end))
        .filter(interviews::end_at.gt(start))
        .count()
        .get_result(c)
}
