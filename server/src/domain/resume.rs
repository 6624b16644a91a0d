//! Which resume a call means, and making a candidate's first one.

use crate::db::resume::{self, ResumeRow};
use crate::db::DbConnection;
use crate::error::ApiResult;
use crate::ids::{new_id, now_ms, parse_id, ResumeId, UserId};

pub const CHINESE: i32 = 1;
pub const ENGLISH: i32 = 2;

/// The resume a call means: `resumeId` when given (it must be the caller's), else the caller's
/// first one, made (an empty Chinese resume) when the caller has none yet.
pub fn resolve(c: &mut DbConnection, user: UserId, raw_id: &str) -> ApiResult<ResumeRow> {
    if !raw_id.trim().is_empty() {
        let id = parse_id::<ResumeId>(raw_id, "resumeId")?;
        return Ok(resume::owned(c, user, id)?);
    }
    if let Some(first) = resume::of_user(c, user)?.first() {
        return Ok(resume::owned(c, user, first.id)?);
    }
    let id = create(c, user, CHINESE)?;
    Ok(resume::owned(c, user, id)?)
}

pub fn create(c: &mut DbConnection, user: UserId, resume_type: i32) -> ApiResult<ResumeId> {
    let now = now_ms();
    let id: ResumeId = new_id();
    resume::insert(
        c,
        &resume::NewResume { id, user_id: user, resume_type, title: "", filled: false, created_at: now, updated_at: now },
    )?;
    Ok(id)
}

