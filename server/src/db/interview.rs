//! `interviews`: the queries a candidate's block needs (domain/blocking.rs) and the resume behind
//! an interview. The scheduling queries are still in domain/interview.rs (issue 31 moves them here).

use diesel::prelude::*;

use crate::db::schema::{applications, interviews};
use crate::db::DbConnection;
use crate::ids::{InterviewId, ResumeId};

pub const SCHEDULED: &str = "scheduled";
pub const CANCELLED: &str = "cancelled";
/// `cancel_reason` of an interview the candidate's block cancelled.
pub const BLOCKED: &str = "blocked";

/// The scheduled interviews, at any of `companies`, of applications carrying `resume`.
pub fn scheduled_of_resume(conn: &mut DbConnection, resume: ResumeId, companies: &[i64]) -> QueryResult<Vec<InterviewId>> {
    interviews::table
        .inner_join(applications::table.on(applications::id.eq(interviews::application_id)))
        .filter(applications::resume_id.eq(resume))
        .filter(interviews::company_id.eq_any(companies))
        .filter(interviews::state.eq(SCHEDULED))
        .select(interviews::id)
        .load(conn)
}

/// Cancels a scheduled interview for `reason`; 0 when it was no longer scheduled.
pub fn cancel_for(conn: &mut DbConnection, id: InterviewId, reason: &str, now: i64) -> QueryResult<usize> {
    diesel::update(interviews::table.find(id).filter(interviews::state.eq(SCHEDULED)))
        .set((interviews::state.eq(CANCELLED), interviews::cancel_reason.eq(reason), interviews::updated_at.eq(now)))
        .execute(conn)
}

/// The application of each of `ids` that exists: (interview, application).
pub fn applications_of(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    interviews::table.filter(interviews::id.eq_any(ids)).select((interviews::id, interviews::application_id)).load(conn)
}
