//! A candidate's moves toward a job: applying with one of their resumes, and saving it for later.
//! A closed job takes neither; an application enters the company's pipeline at its first stage.

use crate::db::application::{self, CandidateStatus, NewApplication};
use crate::db::{job, resume, saved_job, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, ApplicationId, JobId, ResumeId, UserId};

/// Applies once per job with one of the user's resumes (another user's resume is NOT_FOUND).
pub fn apply(c: &mut DbConnection, user: UserId, job: JobId, resume: ResumeId) -> ApiResult<ApplicationId> {
    if !resume::is_owned(c, user, resume)? {
        return Err(ApiError::NotFound);
    }
    if job::is_closed(c, job)? {
        return Err(ApiError::JobClosed);
    }
    if application::exists(c, user, job)? {
        return Err(ApiError::AlreadyApplied);
    }
    let id: ApplicationId = new_id();
    let now = now_ms();
    let new = NewApplication {
        id,
        user_id: user,
        job_id: job,
        resume_id: resume,
        status: CandidateStatus::Delivered,
        created_at: now,
        updated_at: now,
    };
    application::insert(c, &new)
        // Two applies racing: the unique (user, job) index answers for the slower one.
        .map_err(|e| match e {
            diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _) => ApiError::AlreadyApplied,
            other => other.into(),
        })?;
    crate::domain::pipeline::arrive(c, id.0, job.0, now)?;
    // What was sent stays what a company reads once the resume is hidden (domain/visibility.rs).
    crate::domain::visibility::keep_sent_resume(c, id, resume, now)?;
    Ok(id)
}

/// Saves an open job for the user; saving it again changes nothing.
pub fn save(c: &mut DbConnection, user: UserId, job: JobId) -> ApiResult<()> {
    if job::is_closed(c, job)? {
        return Err(ApiError::JobClosed);
    }
    Ok(saved_job::save(c, user, job, now_ms())?)
}
