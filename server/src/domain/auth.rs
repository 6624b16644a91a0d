//! Sessions: a JWT naming a row of `sessions`, so the server can revoke it; passwords hashed with argon2id.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::db;
use crate::error::ApiError;
use crate::ids::{now_ms, SessionId, UserId};
use crate::db::{session, user::User};

pub const TOKEN_COOKIE: &str = core_wasm::transport::TOKEN_COOKIE;
pub const SESSION_DAYS: i64 = 7;

pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// For HMACs of SMS codes, derived so that it differs from the JWT key.
    pub code_key: Vec<u8>,
}

impl Keys {
    pub fn from_secret(secret: &[u8]) -> Self {
        use hmac::Mac;
        let code_key = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret)
            .map(|mut m| {
                m.update(b"sms-codes");
                m.finalize().into_bytes().to_vec()
            })
            .unwrap_or_else(|_| secret.to_vec());
        Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), code_key }
    }

    /// JWT_SECRET, or a random key kept in DATA_DIR so sessions survive a restart.
    pub fn load(settings: &crate::settings::Settings) -> Result<Self, String> {
        if let Some(secret) = settings.jwt_secret.as_deref().filter(|s| s.len() >= 32) {
            return Ok(Self::from_secret(secret.as_bytes()));
        }
        let path = settings.data_dir.join("jwt.key");
        if let Ok(existing) = std::fs::read(&path) {
            if existing.len() >= 32 {
                return Ok(Self::from_secret(&existing));
            }
        }
        std::fs::create_dir_all(&settings.data_dir).map_err(|e| format!("data dir: {e}"))?;
        let key: [u8; 32] = rand::random();
        write_private(&path, &key).map_err(|e| format!("jwt.key: {e}"))?;
        Ok(Self::from_secret(&key))
    }
}

fn write_private(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(bytes)
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user id, as a string as RFC 7519 wants.
    pub sub: String,
    /// The session row.
    pub sid: i64,
    pub iat: i64,
    pub exp: i64,
    /// Empty for a candidate's session; `com` for a company member's (a row of company_sessions).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub scope: String,
}

/// The scope of a company member's token.
pub const COMPANY_SCOPE: &str = "com";

pub fn issue_token(keys: &Keys, user: UserId, session: SessionId, now: i64, expires: i64) -> Result<String, ApiError> {
    let claims = Claims { sub: user.0.to_string(), sid: session.0, iat: now / 1000, exp: expires / 1000, scope: String::new() };
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).map_err(ApiError::internal)
}

/// A token of another face: its account id as `sub`, a row of that face's sessions as `sid`.
pub fn issue_scoped_token(keys: &Keys, sub: i64, session: SessionId, now: i64, expires: i64, scope: &str) -> Result<String, ApiError> {
    let claims = Claims { sub: sub.to_string(), sid: session.0, iat: now / 1000, exp: expires / 1000, scope: scope.into() };
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).map_err(ApiError::internal)
}

/// A company member's token: the member id as `sub`, a company_sessions row as `sid`.
pub fn issue_company_token(keys: &Keys, member: crate::ids::MemberId, session: SessionId, now: i64, expires: i64) -> Result<String, ApiError> {
    let claims = Claims { sub: member.to_string(), sid: session.0, iat: now / 1000, exp: expires / 1000, scope: COMPANY_SCOPE.into() };
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).map_err(ApiError::internal)
}

/// Only HS256 with our key; `exp` is checked here and again against the session row.
pub fn decode_token(keys: &Keys, token: &str) -> Option<Claims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    validation.set_required_spec_claims(&["exp", "sub"]);
    jsonwebtoken::decode::<Claims>(token, &keys.decoding, &validation).ok().map(|d| d.claims)
}

/// A hash of a random password, verified against when the account is unknown so that both
/// answers take as long.
pub fn dummy_hash() -> String {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| {
        let random: [u8; 16] = rand::random();
        hash_password(&format!("{random:?}")).unwrap_or_default()
    })
    .clone()
}

pub fn hash_password(password: &str) -> Result<String, ApiError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(ApiError::internal)
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
}

/// The caller's session, looked up afresh on every call so revocation takes effect at once.
#[derive(Debug, Clone)]
pub struct Session {
    pub id: SessionId,
    pub user: User,
}

/// The live session's user, not disabled: what every logged-in call checks, inside the caller's
/// own database trip when it has one (islogin), so a request pays one trip, not two.
pub fn live_session(c: &mut db::DbConnection, sid: SessionId, uid: UserId) -> Result<Option<Session>, ApiError> {
    Ok(session::live_user(c, sid, uid, now_ms())?.filter(|u| !u.disabled).map(|user| Session { id: sid, user }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_foreign_ones_are_refused() {
        let keys = Keys::from_secret(b"0123456789abcdef0123456789abcdef");
        let now = now_ms();
        let t = issue_token(&keys, UserId(7), SessionId(9), now, now + 60_000).unwrap();
        let c = decode_token(&keys, &t).unwrap();
        assert_eq!((c.sub.as_str(), c.sid), ("7", 9));

        let other = Keys::from_secret(b"another-key-another-key-another!");
        assert!(decode_token(&other, &t).is_none(), "wrong key");

        let expired = issue_token(&keys, UserId(7), SessionId(9), now - 120_000, now - 60_000).unwrap();
        assert!(decode_token(&keys, &expired).is_none(), "expired");

        let hs512 = jsonwebtoken::encode(
            &Header::new(Algorithm::HS512),
            &Claims { sub: "7".into(), sid: 9, iat: now / 1000, exp: now / 1000 + 60, scope: String::new() },
            &EncodingKey::from_secret(b"0123456789abcdef0123456789abcdef"),
        )
        .unwrap();
        assert!(decode_token(&keys, &hs512).is_none(), "wrong algorithm");
    }

    #[test]
    fn argon2id_hashes_verify() {
        let h = hash_password("demo1234").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("demo1234", &h));
        assert!(!verify_password("demo12345", &h));
        assert!(!verify_password("demo1234", "not a hash"));
    }
}

/// What a log-in attempt came to, in the auth event log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoginOutcome {
    Success,
    Failure,
    /// This failure locked the mobile (the fifth in the window).
    Lockout,
    /// Refused without a check: the mobile is locked.
    Locked,
}

impl LoginOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Success => "success",
            Self::Failure => "failure",
            Self::Lockout => "lockout",
            Self::Locked => "locked",
        }
    }
}

/// One log-in event on the `auth` target: the face (`candidate`, `candidate_code`, `company`, `admin`), what
/// came of it, the mobile masked as the site shows it (138****0000) and the client IP. Never a
/// password, a code or a token.
pub fn log_login(face: &'static str, outcome: LoginOutcome, mobile: &str, ip: &str) {
    let mobile = core_wasm::mask::mask_mobile(mobile);
    if outcome == LoginOutcome::Success {
        tracing::info!(target: "auth", event = "login", face, outcome = outcome.as_str(), mobile = %mobile, ip, "log-in");
    } else {
        tracing::warn!(target: "auth", event = "login", face, outcome = outcome.as_str(), mobile = %mobile, ip, "log-in refused");
    }
}
