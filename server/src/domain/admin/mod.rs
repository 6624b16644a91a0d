//! What administrators do, each write with its audit row in the same transaction. This module holds
//! the admins' own second factor (TOTP), their session limits and who acts (`Actor`, whose `audit`
//! writes the row); the areas are below it, and the review queues that other faces feed (company
//! verification, job moderation) are domain/company_review.rs and domain/moderation.rs.

pub mod accounts;
pub mod admins;
pub mod companies;
pub mod stats;

use totp_rs::{Algorithm, Secret, TOTP};

use crate::db::admin::{self, Admin, Entry};
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, AdminId};

pub const ISSUER: &str = "职达招聘 admin";
/// Sessions end after 30 idle minutes, and after 12 hours whatever happens.
pub const IDLE_MS: i64 = 30 * 60 * 1000;
pub const MAX_SESSION_MS: i64 = 12 * 3600 * 1000;
pub const REASON_MAX: usize = 200;

/// A new random TOTP secret, base32.
pub fn new_totp_secret() -> String {
    Secret::generate_secret().to_encoded().to_string()
}

fn totp(secret: &str, username: &str) -> Option<TOTP> {
    let bytes = Secret::Encoded(secret.to_string()).to_bytes().ok()?;
    TOTP::new(Algorithm::SHA1, 6, 1, 30, bytes, Some(ISSUER.to_string()), username.to_string()).ok()
}

/// The 30-second step `code` belongs to, when it is the admin's code for the current step or one
/// step either side (clock skew). The caller refuses a step already used (`claim_totp_step`).
pub fn totp_step(a: &Admin, code: &str) -> Option<u64> {
    let code = code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let t = totp(&a.totp_secret, &a.username)?;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).ok()?.as_secs();
    let step = now / t.step;
    // Each step on its own (the code of one step is compared in constant time by totp-rs's check
    // with no skew), so that the step that matched is known.
    let exact = TOTP { skew: 0, ..t.clone() };
    [step.saturating_sub(1), step, step + 1].into_iter().find(|s| exact.check(code, s * t.step))
}

/// How long a used step is remembered: longer than the three steps a code is accepted in.
const USED_STEP_TTL_MS: i64 = 4 * 30 * 1000;

/// Takes `step` for the admin, once across every server (the shared store): false when it, or a
/// later step, was used already. Taking a step also marks the two before it used, so the previous
/// window's code (accepted for clock skew) cannot open a second session after a newer one.
pub fn claim_totp_step(store: &crate::store::SharedStore, admin: AdminId, step: u64) -> Result<bool, crate::store::StoreError> {
    if !store.put_new(&format!("admin-otp-step:{}:{step}", admin.0), "1", USED_STEP_TTL_MS)? {
        return Ok(false);
    }
    for older in [step.saturating_sub(1), step.saturating_sub(2)] {
        store.put_new(&format!("admin-otp-step:{}:{older}", admin.0), "1", USED_STEP_TTL_MS)?;
    }
    Ok(true)
}

/// The otpauth:// address an authenticator app reads from the enrolment QR code.
pub fn totp_url(a: &Admin) -> String {
    totp(&a.totp_secret, &a.username).map(|t| t.get_url()).unwrap_or_default()
}

/// The code of `step` (30-second steps since 1970) for a secret (tests choose a step not yet used).
pub fn code_of_step(secret: &str, step: u64) -> Option<String> {
    Some(totp(secret, "x")?.generate(step * 30))
}

/// Who does an admin write, from where.
pub struct Actor<'a> {
    pub admin: &'a Admin,
    pub ip: &'a str,
}

impl Actor<'_> {
    /// The audit row of a write the actor made now.
    pub fn audit(&self, c: &mut DbConnection, action: &str, target: &str, before: Option<String>, after: Option<String>, reason: &str) -> ApiResult<()> {
        admin::audit(
            c,
            &Entry { admin_id: Some(self.admin.id), admin_name: &self.admin.username, action, target, before, after, reason, ip: self.ip },
            now_ms(),
        )?;
        Ok(())
    }
}

/// The reason an admin gave, trimmed: at most REASON_MAX characters, and not empty when `required`.
pub fn reason_of(reason: &str, required: bool) -> ApiResult<String> {
    let r = reason.trim();
    if (required && r.is_empty()) || r.chars().count() > REASON_MAX {
        return Err(ApiError::BadInput("reason".into()));
    }
    Ok(r.to_string())
}
