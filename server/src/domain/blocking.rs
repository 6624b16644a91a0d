//! A candidate blocking a company: one of their own resumes, hidden from an existing company and
//! its group (domain/visibility.rs applies the block wherever a company reads resumes).
//!
//! A block also ends what the company had under way with that resume: its scheduled interviews
//! are cancelled (`cancel_reason` blocked: the candidate sees why, the company sees 候选人已屏蔽),
//! and every notice still waiting to go to the candidate for those applications and interviews
//! is withdrawn, so no reschedule, reminder or stage notice reaches the candidate afterwards.

use crate::db::{application, company, interview, notice, resume, shield, DbConnection};
use crate::domain::visibility;
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, CompanyId, ResumeId, UserId};

/// Another user's resume and a missing company are NOT_FOUND; blocking twice changes nothing.
pub fn block(c: &mut DbConnection, user: UserId, resume: ResumeId, company: CompanyId) -> ApiResult<()> {
    if !resume::is_owned(c, user, resume)? {
        return Err(ApiError::NotFound);
    }
    company::info(c, company)?;
    let group = visibility::group_of(c, company)?;
    crate::db::write_transaction(c, |c| {
        let now = now_ms();
        shield::block(c, user, resume, company, now)?;
        for id in interview::scheduled_of_resume(c, resume, &group)? {
            interview::cancel(c, id, interview::CancelReason::Blocked, now)?;
            notice::drop_pending(c, &format!("interview:{id}:"), now)?;
        }
        for apply in application::of_resume_at(c, resume, &group)? {
            notice::drop_pending(c, &format!("apply:{apply}:"), now)?;
        }
        Ok(())
    })
}
