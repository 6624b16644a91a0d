//! SMS verification codes: the send limits, and codes kept only as HMACs bound to mobile and scene.

use base64::Engine;
use diesel::QueryResult;
use hmac::{Hmac, Mac};

use crate::db::sms_code::{self as codes, NewSmsCode};
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{next_id, now_ms};

pub const CODE_TTL_MS: i64 = 5 * 60 * 1000;
pub const MAX_ATTEMPTS: i32 = 5;
pub const DAILY_PER_MOBILE: i64 = 10;
pub const DAILY_PER_IP: i64 = 30;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scene {
    Register,
    Login,
    Reset,
    Bind,
    /// Registering a company account on the recruiter site.
    ComRegister,
    /// To the logged-in user's current mobile, proving they hold it before it is changed
    /// (accounts without a password).
    Verify,
    /// By mail, to the address a logged-in candidate binds (/pcuser/sendEmailCode): never by SMS,
    /// so `parse` (the scenes /pcuser/sendCode takes) does not know it.
    BindEmail,
}

impl Scene {
    /// The scenes a code goes by SMS for, which /pcuser/sendCode takes by name.
    pub const BY_SMS: [Scene; 6] = [Scene::Register, Scene::Login, Scene::Reset, Scene::Bind, Scene::ComRegister, Scene::Verify];

    pub fn parse(s: &str) -> Option<Self> {
        Self::BY_SMS.into_iter().find(|scene| scene.as_str() == s)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Scene::Register => "register",
            Scene::Login => "login",
            Scene::Reset => "reset",
            Scene::Bind => "bind",
            Scene::ComRegister => "comRegister",
            Scene::Verify => "verify",
            Scene::BindEmail => "bindEmail",
        }
    }
}

/// The code's HMAC under the server's key, bound to mobile and scene.
fn code_hash(key: &[u8], mobile: &str, scene: Scene, code: &str) -> String {
    let mut mac = match Hmac::<sha2::Sha256>::new_from_slice(key) {
        Ok(m) => m,
        Err(_) => return String::new(),
    };
    mac.update(format!("{mobile}\n{}\n{code}", scene.as_str()).as_bytes());
    base64::engine::general_purpose::STANDARD_NO_PAD.encode(mac.finalize().into_bytes())
}

pub fn new_code() -> String {
    format!("{:06}", rand::random::<u32>() % 1_000_000)
}

/// Checks the send limits and records a new code; the caller then hands it to the gateway.
pub fn issue(conn: &mut DbConnection, key: &[u8], mobile: &str, scene: Scene, ip: &str, min_interval_ms: i64) -> ApiResult<String> {
    let now = now_ms();
    if codes::last_sent_to(conn, mobile)?.is_some_and(|t| now - t < min_interval_ms) {
        return Err(ApiError::SmsTooFrequent);
    }
    let day_ago = now - 86_400_000;
    let per_mobile = codes::count_to_mobile_since(conn, mobile, day_ago)?;
    let per_ip = codes::count_from_ip_since(conn, ip, day_ago)?;
    if per_mobile >= DAILY_PER_MOBILE || per_ip >= DAILY_PER_IP {
        return Err(ApiError::RateLimited);
    }
    let code = new_code();
    codes::insert(
        conn,
        &NewSmsCode {
            id: next_id(),
            mobile,
            scene: scene.as_str(),
            code_hash: &code_hash(key, mobile, scene, &code),
            ip,
            created_at: now,
            expires_at: now + CODE_TTL_MS,
        },
    )?;
    Ok(code)
}

/// A code the gateway did not take is withdrawn, so it neither works nor counts against the limits.
pub fn withdraw(conn: &mut DbConnection, mobile: &str) -> QueryResult<usize> {
    codes::delete_newest(conn, mobile)
}

/// Consumes the newest live code for mobile and scene if `code` matches it. A wrong code
/// counts an attempt; after MAX_ATTEMPTS the code is dead and a new one must be sent.
pub fn verify(conn: &mut DbConnection, key: &[u8], mobile: &str, scene: Scene, code: &str) -> ApiResult<()> {
    let code = code.trim();
    if code.is_empty() {
        return Err(ApiError::CodeRequired);
    }
    let now = now_ms();
    let Some(live) = codes::newest_live(conn, mobile, scene.as_str(), now)? else {
        return Err(ApiError::CodeWrong);
    };
    // Each try claims one of the code's MAX_ATTEMPTS in one conditional UPDATE before the code is
    // compared, so parallel tries cannot all read the same count: at most MAX_ATTEMPTS are compared.
    if !codes::claim_attempt(conn, live.id, MAX_ATTEMPTS)? || code_hash(key, mobile, scene, code) != live.code_hash {
        return Err(ApiError::CodeWrong);
    }
    if !codes::consume(conn, live.id, now)? {
        return Err(ApiError::CodeWrong);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..100 {
            let c = new_code();
            assert_eq!(c.len(), 6);
            assert!(c.bytes().all(|b| b.is_ascii_digit()));
        }
    }
}
