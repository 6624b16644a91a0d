use crate::db::{interview as interview_db, interview_interviewer, DbConnection};
use crate::domain::visibility;
use crate::error::{ApiError, ApiResult};
use crate::ids::{CompanyId, InterviewId, MemberId, ResumeId};

/// The resume sent with the interview's application, to a member who may see the interview: an
/// interviewer (`member` Some) only when assigned to it, and never when the candidate blocked the
/// company; NotFound otherwise, as for any row not theirs. Gives (application, resume).
pub fn resume_for(c: &mut DbConnection, company: CompanyId, id: InterviewId, member: Option<MemberId>) -> ApiResult<(i64, ResumeId)> {
    let interview = interview_db::of_company(c, company, id)?.ok_or(ApiError::NotFound)?;
    if let Some(m) = member {
        if !interview_interviewer::is_assigned(c, id, m)? {
            return Err(ApiError::NotFound);
        }
    }
    let resume = interview_db::resume_of(c, id)?;
    // An interview is no way around the candidate's block (docs/api.md, "What a block means").
    if !visibility::may_view(c, company, resume)? {
        return Err(ApiError::NotFound);
    }
    Ok((interview.application_id.0, resume))
}
