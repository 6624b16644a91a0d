//! A candidate blocking a company: one of their own resumes, hidden from an existing company
//! (domain/visibility.rs applies the block wherever a company reads resumes).

use crate::db::{company, resume, shield, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, CompanyId, ResumeId, UserId};

/// Another user's resume and a missing company are NOT_FOUND; blocking twice changes nothing.
pub fn block(c: &mut DbConnection, user: UserId, resume: ResumeId, company: CompanyId) -> ApiResult<()> {
    if !resume::is_owned(c, user, resume)? {
        return Err(ApiError::NotFound);
    }
    company::info(c, company)?;
    Ok(shield::block(c, user, resume, company, now_ms())?)
}
