use core_wasm::interview as rules;
use serde::Serialize;

use crate::db::interview::{self as interview_db, Answer, CancelReason, InterviewState};
use crate::db::{interview_card, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, ApplicationId, InterviewId, JobId, UserId};

/// An interview as the candidate sees it on /my/apply.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateInterview {
    pub id: InterviewId,
    pub apply_id: ApplicationId,
    pub job_id: JobId,
    pub job_title: String,
    pub company_name: String,
    pub start: String,
    pub start_at: i64,
    pub minutes: i64,
    pub address: String,
    pub contact: String,
    pub contact_phone: String,
    pub notes: String,
    pub state: InterviewState,
    /// Why a cancelled interview was: "" (the company cancelled) or "blocked" (the candidate blocked it).
    pub cancel_reason: CancelReason,
    pub answer: Answer,
}

/// The candidate's interviews, newest start first.
pub fn list(c: &mut DbConnection, user: UserId) -> ApiResult<Vec<CandidateInterview>> {
    Ok(interview_card::of_candidate(c, user)?
        .into_iter()
        .map(|row| {
            let i = row.interview;
            CandidateInterview {
                id: i.id,
                apply_id: i.application_id,
                job_id: i.job_id,
                job_title: row.job_title,
                company_name: if row.company_short_name.trim().is_empty() { row.company_name } else { row.company_short_name },
                start: rules::format_start(i.start_at),
                start_at: i.start_at,
                minutes: (i.end_at - i.start_at) / 60_000,
                address: i.address,
                contact: i.contact,
                contact_phone: i.contact_phone,
                notes: i.notes,
                state: i.state,
                cancel_reason: i.cancel_reason,
                answer: i.answer,
            }
        })
        .collect())
}

/// The candidate accepts or declines a scheduled interview of theirs (NOT_FOUND for another's).
pub fn answer(c: &mut DbConnection, user: UserId, id: InterviewId, accept: bool) -> ApiResult<()> {
    crate::db::write_transaction(c, |c| {
        let i = interview_db::of_user(c, user, id)?.ok_or(ApiError::NotFound)?;
        if i.state != InterviewState::Scheduled {
            return Err(ApiError::BadInput("the interview is cancelled".into()));
        }
        interview_db::set_answer(c, id, if accept { Answer::Accepted } else { Answer::Declined }, now_ms())?;
        Ok(())
    })
}
