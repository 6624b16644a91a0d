//! The password check every face's log-in passes: the per-address limit, the face's lockout, the
//! lookup, argon2id against a dummy hash for an unknown account (so both answers take as long),
//! and the failure counted and logged. Each face calls it with its own account table, then opens
//! its own kind of session (candidate `api/public/pclogin.rs`, company `api/employer/account.rs`,
//! admin `api/admin`, which asks for the TOTP code before it counts the log-in as a success).

use actix_web::web;

use crate::db::{self, DbConnection, Pool};
use crate::domain::auth::{self, LoginOutcome};
use crate::error::{ApiError, ApiResult};
use crate::rate_limit::{AccountLockout, RateLimiter};

/// A row of an account table a face logs in to.
pub trait PasswordAccount: Send + 'static {
    /// None: the account has no password (a candidate registered by SMS code or WeChat).
    fn password_hash(&self) -> Option<&str>;
}

impl PasswordAccount for db::user::User {
    fn password_hash(&self) -> Option<&str> {
        self.password_hash.as_deref()
    }
}

impl PasswordAccount for db::company_member::Member {
    fn password_hash(&self) -> Option<&str> {
        Some(&self.password_hash)
    }
}

impl PasswordAccount for db::admin::Admin {
    fn password_hash(&self) -> Option<&str> {
        Some(&self.password_hash)
    }
}

/// One face's guards: the per-address limit all faces share, and the face's own lockout.
pub struct LoginGuards<'a> {
    /// The face's name in the auth event log: `candidate`, `company`, `admin`.
    pub face: &'static str,
    pub per_address: &'a RateLimiter,
    pub lockout: &'a AccountLockout,
}

impl LoginGuards<'_> {
    /// A log-in that passed every check: the lockout's failures are forgotten.
    pub fn succeeded(&self, account: &str, ip: &str) {
        self.lockout.succeeded(account, ip);
        auth::log_login(self.face, LoginOutcome::Success, account, ip);
    }

    /// A failed check after the password (the admin's TOTP code) counts as a failed password.
    pub fn failed(&self, account: &str, ip: &str) {
        let outcome = if self.lockout.failed(account, ip) { LoginOutcome::Lockout } else { LoginOutcome::Failure };
        auth::log_login(self.face, outcome, account, ip);
    }
}

/// The account `find` reads when `password` is its password; None when either is wrong (the
/// failure is counted and logged). `RATE_LIMITED` before any lookup when the address or the
/// account is over its limit.
pub async fn check_password<A: PasswordAccount>(
    pool: &Pool,
    guards: &LoginGuards<'_>,
    account: &str,
    ip: &str,
    password: String,
    find: impl FnOnce(&mut DbConnection) -> diesel::QueryResult<Option<A>> + Send + 'static,
) -> ApiResult<Option<A>> {
    if !guards.per_address.hit(ip) {
        return Err(ApiError::RateLimited);
    }
    if guards.lockout.is_locked(account, ip) {
        auth::log_login(guards.face, LoginOutcome::Locked, account, ip);
        return Err(ApiError::RateLimited);
    }
    let found = db::run(pool, move |c| Ok(find(c)?)).await?;
    let hash = found.as_ref().and_then(|a| a.password_hash().map(str::to_string)).unwrap_or_else(auth::dummy_hash);
    let verified = web::block(move || auth::verify_password(&password, &hash)).await?;
    match found {
        Some(a) if verified => Ok(Some(a)),
        _ => {
            guards.failed(account, ip);
            Ok(None)
        }
    }
}
