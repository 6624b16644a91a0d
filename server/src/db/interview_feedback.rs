//! `interview_feedback`: an interviewer's scores and comment on an interview, one per member.

use diesel::prelude::*;

use crate::db::schema::{company_members, interview_feedback};
use crate::db::DbConnection;
use crate::ids::{InterviewId, MemberId};

#[derive(Debug, Insertable)]
#[diesel(table_name = interview_feedback)]
pub struct NewFeedback<'a> {
    pub interview_id: InterviewId,
    pub member_id: MemberId,
    /// JSON: criterion -> score.
    pub scores: &'a str,
    pub comment: &'a str,
    pub updated_at: i64,
}

/// Writes the member's feedback, in place of what they gave before.
pub fn replace(c: &mut DbConnection, new: &NewFeedback) -> QueryResult<usize> {
    diesel::delete(interview_feedback::table.find((new.interview_id, new.member_id))).execute(c)?;
    diesel::insert_into(interview_feedback::table).values(new).execute(c)
}

/// A member's feedback with their name.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = interview_feedback)]
pub struct FeedbackRow {
    pub member_id: MemberId,
    #[diesel(select_expression = company_members::name)]
    pub name: String,
    pub scores: String,
    pub comment: String,
    pub updated_at: i64,
}

/// The interview's feedback; only `member`'s when given.
pub fn of_interview(c: &mut DbConnection, interview: InterviewId, member: Option<MemberId>) -> QueryResult<Vec<FeedbackRow>> {
    let mut q = interview_feedback::table
        .inner_join(company_members::table)
        .filter(interview_feedback::interview_id.eq(interview))
        .into_boxed();
    if let Some(m) = member {
        q = q.filter(interview_feedback::member_id.eq(m));
    }
    q.select(FeedbackRow::as_select()).load(c)
}
