//! Sessions: a JWT naming a row of `sessions`, so the server can revoke it.

use std::future::Future;
use std::pin::Pin;

use actix_web::cookie::{Cookie, SameSite};
use actix_web::{web, FromRequest, HttpRequest};
use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::db;
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, SessionId, UserId};
use crate::models::{session, user::User};
use crate::state::AppState;

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
}

pub fn issue_token(keys: &Keys, user: UserId, session: SessionId, now: i64, expires: i64) -> Result<String, ApiError> {
    let claims = Claims { sub: user.0.to_string(), sid: session.0, iat: now / 1000, exp: expires / 1000 };
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).map_err(ApiError::internal)
}

/// Only HS256 with our key; `exp` is checked here and again against the session row.
pub fn decode_token(keys: &Keys, token: &str) -> Option<Claims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    validation.set_required_spec_claims(&["exp", "sub"]);
    jsonwebtoken::decode::<Claims>(token, &keys.decoding, &validation).ok().map(|d| d.claims)
}

/// The token from the cookie, else from Authorization (raw, as the ui sends it, or `Bearer …`).
pub fn token_of(req: &HttpRequest) -> Option<String> {
    if let Some(c) = req.cookie(TOKEN_COOKIE) {
        if !c.value().is_empty() {
            return Some(c.value().to_string());
        }
    }
    let header = req.headers().get(actix_web::http::header::AUTHORIZATION)?.to_str().ok()?.trim();
    let raw = header.strip_prefix("Bearer ").unwrap_or(header).trim();
    (!raw.is_empty()).then(|| raw.to_string())
}

pub fn session_cookie(state: &AppState, req: &HttpRequest, value: String, max_age_days: i64) -> Cookie<'static> {
    let mut cookie = Cookie::build(TOKEN_COOKIE, value)
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(req.connection_info().scheme() == "https")
        .max_age(actix_web::cookie::time::Duration::days(max_age_days))
        .finish();
    if let Some(domain) = state.settings.cookie_domain.clone() {
        cookie.set_domain(domain);
    }
    cookie
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

/// The session and user a request's token names, if its signature and expiry hold; the
/// database still has to say whether the session is live.
pub fn claimed(state: &AppState, req: &HttpRequest) -> Option<(SessionId, UserId)> {
    let claims = token_of(req).and_then(|t| decode_token(&state.keys, &t))?;
    let uid = claims.sub.parse().map(UserId).ok()?;
    Some((SessionId(claims.sid), uid))
}

/// The live session's user, not disabled: what every logged-in call checks, inside the caller's
/// own database trip when it has one (islogin), so a request pays one trip, not two.
pub fn live_session(c: &mut db::DbConnection, sid: SessionId, uid: UserId) -> Result<Option<Session>, ApiError> {
    Ok(session::live_user(c, sid, uid, now_ms())?.filter(|u| !u.disabled).map(|user| Session { id: sid, user }))
}

pub async fn current_session(state: &AppState, req: &HttpRequest) -> Result<Option<Session>, ApiError> {
    let Some((sid, uid)) = claimed(state, req) else { return Ok(None) };
    db::run(&state.pool, move |c| live_session(c, sid, uid)).await
}

/// Extractor for handlers that need a logged-in candidate: a handler cannot forget the check.
pub struct LoggedIn(pub Session);

impl FromRequest for LoggedIn {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = req.app_data::<web::Data<AppState>>().ok_or_else(|| ApiError::internal("no state"))?;
            current_session(state, &req).await?.map(LoggedIn).ok_or(ApiError::NotLoggedIn)
        })
    }
}

/// Extractor for hot read calls: a caller whose token is signed and unexpired, whose session
/// `run` confirms inside the call's own database trip. A separate trip for the check was one more
/// hand-off to a blocking thread and, on PostgreSQL, one more round of wake-ups with its backend,
/// per call. The user is reachable only through `run`, so a handler cannot skip the check.
pub struct LoggedInOneTrip {
    session: SessionId,
    user: UserId,
}

impl LoggedInOneTrip {
    /// Checks the session, then does `work` for its user on the same connection: NOT_LOGGED_IN,
    /// and nothing done, when the session was revoked or the user disabled.
    pub async fn run<T, F>(self, pool: &db::Pool, work: F) -> ApiResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut db::DbConnection, Session) -> ApiResult<T> + Send + 'static,
    {
        let (sid, uid) = (self.session, self.user);
        db::run(pool, move |c| {
            let session = live_session(c, sid, uid)?.ok_or(ApiError::NotLoggedIn)?;
            work(c, session)
        })
        .await
    }
}

impl FromRequest for LoggedInOneTrip {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let claim = req
            .app_data::<web::Data<AppState>>()
            .and_then(|state| claimed(state, req))
            .map(|(session, user)| LoggedInOneTrip { session, user })
            .ok_or(ApiError::NotLoggedIn);
        std::future::ready(claim)
    }
}

/// Extractor for calls that answer both visitors and users.
pub struct MaybeLoggedIn(pub Option<Session>);

impl FromRequest for MaybeLoggedIn {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = req.app_data::<web::Data<AppState>>().ok_or_else(|| ApiError::internal("no state"))?;
            Ok(MaybeLoggedIn(current_session(state, &req).await?))
        })
    }
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
            &Claims { sub: "7".into(), sid: 9, iat: now / 1000, exp: now / 1000 + 60 },
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
