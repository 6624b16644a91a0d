//! Account rules the faces share: the mobile and password checks, and the user record that
//! islogin and a changed mobile answer with.

use serde::Serialize;

use crate::db::{self, resume, user};
use crate::error::{ApiError, ApiResult};
use crate::ids::ResumeId;
use core_wasm::account::{is_mainland_mobile, new_password_problem};

pub fn mobile_of(raw: &str) -> ApiResult<String> {
    let mobile = raw.trim().to_string();
    if mobile.is_empty() {
        return Err(ApiError::BadInput("mobile required".into()));
    }
    if !is_mainland_mobile(&mobile) {
        return Err(ApiError::BadInput("mobile".into()));
    }
    Ok(mobile)
}

/// The password rule of core-wasm and the confirmation, when one is sent.
pub fn new_password(password: &str, confirm: Option<&str>) -> ApiResult<()> {
    if let Some(problem) = new_password_problem(password) {
        return Err(ApiError::BadInput(problem.key().into()));
    }
    if confirm.is_some_and(|c| c != password) {
        return Err(ApiError::PasswordsDiffer);
    }
    Ok(())
}

/// A new candidate account for `mobile` (the caller proved it holds the phone), with an empty
/// Chinese resume, the user record's emptyResumeId; `password_hash` is None for an account made by a
/// code log-in, which can set a password later on /my/account. MOBILE_REGISTERED when it exists.
pub fn create_candidate(c: &mut db::DbConnection, mobile: &str, password_hash: Option<&str>) -> ApiResult<user::User> {
    let now = crate::ids::now_ms();
    let uid: crate::ids::UserId = crate::ids::new_id();
    let name = format!("用户{}", &mobile[mobile.len().saturating_sub(4)..]);
    db::write_transaction(c, |c| {
        user::insert(c, &user::NewUser { id: uid, mobile: Some(mobile), name: &name, password_hash, created_at: now }).map_err(|e| match e {
            diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _) => ApiError::MobileRegistered,
            other => other.into(),
        })?;
        resume::insert(c, &resume::NewResume { id: crate::ids::new_id(), user_id: uid, resume_type: 1, title: "我的简历", filled: false, created_at: now, updated_at: now })?;
        Ok(())
    })?;
    user::by_mobile(c, mobile)?.ok_or(ApiError::NotFound)
}

/// The user record of SPEC section 3.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRecord {
    pub mobile: String,
    pub has_password: bool,
    /// Where the header's "resume" link goes.
    pub url: String,
    pub name: String,
    pub resume_id: ResumeId,
    pub resume_type: i32,
    /// A resume that exists but holds nothing yet (0 when none).
    pub empty_resume_id: ResumeId,
    #[schema(required)]
    pub zx_info: Option<ZxInfo>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZxInfo {
    pub zx_login: bool,
    pub p: String,
    pub id: String,
}

pub fn user_record(conn: &mut db::DbConnection, u: &user::User) -> ApiResult<UserRecord> {
    let resumes = resume::of_user(conn, u.user_id())?;
    let first = resumes.first();
    let resume_id = first.map_or(ResumeId(0), |r| r.id);
    let url = match first {
        Some(r) if r.filled => format!("/my/preview?resumeId={}", r.id),
        Some(r) => format!("/my/edit?resumeId={}", r.id),
        None => "/my/edit".to_string(),
    };
    Ok(UserRecord {
        mobile: u.mobile.clone().unwrap_or_default(),
        has_password: u.password_hash.is_some(),
        url,
        name: u.name.clone(),
        resume_id,
        resume_type: first.map_or(1, |r| r.resume_type),
        empty_resume_id: resumes.iter().find(|r| !r.filled).map_or(ResumeId(0), |r| r.id),
        zx_info: crate::db::partner_account::link_of(conn, u.id)?.map(|l| ZxInfo { zx_login: true, p: l.platform_id, id: l.partner_user_id }),
    })
}
