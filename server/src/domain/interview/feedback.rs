use std::collections::BTreeMap;

use core_wasm::interview as rules;
use serde::Serialize;

use crate::db::interview_feedback::{self as feedback_db, NewFeedback};
use crate::db::{interview_interviewer, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, CompanyId, InterviewId, MemberId};

use super::resume::resume_for;

/// Criteria one feedback may score.
pub const CRITERIA_MAX: usize = 10;
/// Characters of a criterion's name.
pub const CRITERION_CHARS: usize = 20;
/// What a criterion may score.
pub const SCORES: std::ops::RangeInclusive<i64> = 1..=5;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InterviewFeedback)]
pub struct Feedback {
    pub member_id: MemberId,
    pub name: String,
    /// Criterion -> score 1-5.
    #[schema(value_type = std::collections::BTreeMap<String, i64>)]
    pub scores: serde_json::Value,
    pub comment: String,
    pub updated_at: i64,
}

/// The interview's feedback; only `member`'s when given (an interviewer sees only their own).
pub fn of_interview(c: &mut DbConnection, id: InterviewId, member: Option<MemberId>) -> ApiResult<Vec<Feedback>> {
    Ok(feedback_db::of_interview(c, id, member)?
        .into_iter()
        .map(|row| Feedback {
            member_id: row.member_id,
            name: row.name,
            scores: serde_json::from_str(&row.scores).unwrap_or_default(),
            comment: row.comment,
            updated_at: row.updated_at,
        })
        .collect())
}

/// An interviewer's feedback on an interview assigned to them: scores 1-5 per criterion
/// (at most 10 criteria of at most 20 characters), a comment of at most 2000.
pub fn save(c: &mut DbConnection, company: CompanyId, member: MemberId, id: InterviewId, scores: &BTreeMap<String, i64>, comment: &str) -> ApiResult<()> {
    let criterion_ok = |(k, v): (&String, &i64)| !k.trim().is_empty() && k.chars().count() <= CRITERION_CHARS && SCORES.contains(v);
    if scores.is_empty() || scores.len() > CRITERIA_MAX || !scores.iter().all(criterion_ok) {
        return Err(ApiError::BadInput("scores".into()));
    }
    if comment.chars().count() > rules::COMMENT_MAX {
        return Err(ApiError::BadInput("comment".into()));
    }
    // NotFound for an interview not the company's, or whose candidate blocked it.
    resume_for(c, company, id, None)?;
    if !interview_interviewer::is_assigned(c, id, member)? {
        return Err(ApiError::NotFound);
    }
    let scores = serde_json::to_string(scores).map_err(ApiError::internal)?;
    crate::db::write_transaction(c, |c| {
        feedback_db::replace(c, &NewFeedback { interview_id: id, member_id: member, scores: &scores, comment: comment.trim(), updated_at: now_ms() })?;
        Ok(())
    })
}
