use core_wasm::interview as rules;
use serde::Serialize;

use crate::db::interview::{self as interview_db, Answer, InterviewState};
use crate::db::{interview_card, DbConnection};
use crate::domain::visibility;
use crate::error::{ApiError, ApiResult};
use crate::ids::{ApplicationId, CompanyId, InterviewId, JobId, MemberId};

use super::feedback::{self, Feedback};

/// An interview as the recruiter site lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewCard {
    pub id: InterviewId,
    pub apply_id: ApplicationId,
    pub job_id: JobId,
    pub job_title: String,
    /// "" when the candidate blocked the company (`candidateBlocked`).
    pub candidate_name: String,
    /// The candidate blocked the company: the calendar says 候选人已屏蔽, and the resume, its files,
    /// feedback and edits are NOT_FOUND.
    pub candidate_blocked: bool,
    pub start: String,
    pub start_at: i64,
    pub end_at: i64,
    pub minutes: i64,
    pub contact: String,
    pub contact_phone: String,
    pub address: String,
    pub notes: String,
    pub state: InterviewState,
    pub answer: Answer,
    pub version: i32,
    pub interviewers: Vec<MemberBrief>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberBrief {
    pub id: MemberId,
    pub name: String,
}

/// The company's interviews starting in [from, to), by start; only those of `member` when given
/// (an interviewer sees only their own).
pub fn list(c: &mut DbConnection, company: CompanyId, from: i64, to: i64, member: Option<MemberId>) -> ApiResult<Vec<InterviewCard>> {
    let rows = interview_card::calendar(c, company, from, to, member)?;
    // A candidate who blocked the company leaves no name on its calendar; a hidden resume's shows as sent.
    let mut shown = Vec::with_capacity(rows.len());
    for row in rows {
        let name = visibility::shown_name(c, company, row.interview.application_id.0, row.resume_id, &row.resume_name)?;
        shown.push((row.interview, row.job_title, name));
    }
    let ids: Vec<InterviewId> = shown.iter().map(|r| r.0.id).collect();
    let people = interview_card::interviewers_of(c, &ids)?;
    Ok(shown
        .into_iter()
        .map(|(i, job_title, candidate_name)| InterviewCard {
            interviewers: people.iter().filter(|p| p.interview_id == i.id).map(|p| MemberBrief { id: p.member_id, name: p.name.clone() }).collect(),
            id: i.id,
            apply_id: i.application_id,
            job_id: i.job_id,
            job_title,
            candidate_blocked: candidate_name.is_none(),
            candidate_name: candidate_name.unwrap_or_default(),
            start: rules::format_start(i.start_at),
            start_at: i.start_at,
            end_at: i.end_at,
            minutes: (i.end_at - i.start_at) / 60_000,
            contact: i.contact,
            contact_phone: i.contact_phone,
            address: i.address,
            notes: i.notes,
            state: i.state,
            answer: i.answer,
            version: i.version,
        })
        .collect())
}

/// One interview of the company with its feedback; for an interviewer only one assigned to them
/// (else NOT_FOUND), with only their own feedback.
pub fn get(c: &mut DbConnection, company: CompanyId, id: InterviewId, member: Option<MemberId>) -> ApiResult<(InterviewCard, Vec<Feedback>)> {
    let i = interview_db::of_company(c, company, id)?.ok_or(ApiError::NotFound)?;
    let card = list(c, company, i.start_at, i.start_at + 1, member)?.into_iter().find(|x| x.id == id).ok_or(ApiError::NotFound)?;
    Ok((card, feedback::of_interview(c, id, member)?))
}
