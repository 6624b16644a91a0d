//! Who is calling: the session token from the cookie or header, and one extractor per role, so a
//! handler cannot forget the check.

use std::future::Future;
use std::pin::Pin;

use actix_web::cookie::{Cookie, SameSite};
use actix_web::{web, FromRequest, HttpRequest};

use crate::db;
use crate::domain::auth::{decode_token, live_session, Session, TOKEN_COOKIE};
use crate::error::{ApiError, ApiResult};
use crate::ids::{SessionId, UserId};
use crate::state::AppState;

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
        .secure(crate::web::is_https(req))
        .max_age(actix_web::cookie::time::Duration::days(max_age_days))
        .finish();
    if let Some(domain) = state.settings.cookie_domain.clone() {
        cookie.set_domain(domain);
    }
    cookie
}

/// The session and user a request's token names, if its signature and expiry hold; the
/// database still has to say whether the session is live.
pub fn claimed(state: &AppState, req: &HttpRequest) -> Option<(SessionId, UserId)> {
    let claims = token_of(req).and_then(|t| decode_token(&state.keys, &t))?;
    // A company member's token never opens a candidate's call.
    if !claims.scope.is_empty() {
        return None;
    }
    let uid = claims.sub.parse().map(UserId).ok()?;
    Some((SessionId(claims.sid), uid))
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


/// The recruiter site's cookie; apart from the candidate's `token`.
pub const COMPANY_TOKEN_COOKIE: &str = "com_token";

/// The company session a request's `com_token` names, if signed, unexpired and of company scope.
pub fn company_claimed(state: &AppState, req: &HttpRequest) -> Option<(SessionId, crate::ids::MemberId)> {
    let token = req.cookie(COMPANY_TOKEN_COOKIE).map(|c| c.value().to_string()).filter(|v| !v.is_empty())?;
    let claims = decode_token(&state.keys, &token)?;
    if claims.scope != crate::domain::auth::COMPANY_SCOPE {
        return None;
    }
    Some((SessionId(claims.sid), crate::ids::MemberId(claims.sub.parse().ok()?)))
}

/// The live member behind the request, not disabled.
pub async fn current_member(state: &AppState, req: &HttpRequest) -> Result<Option<(SessionId, crate::db::company_member::Member)>, ApiError> {
    let Some((sid, member)) = company_claimed(state, req) else { return Ok(None) };
    let now = crate::ids::now_ms();
    let found = db::run(&state.pool, move |c| {
        let found = crate::db::company_member::live_member(c, sid, member, now)?.filter(|m| !m.disabled);
        if let Some(m) = &found {
            note_active(c, m, now);
        }
        Ok(found)
    })
    .await?;
    Ok(found.map(|m| (sid, m)))
}

/// Notes that a signed-in member is at work (the active status a job's page shows,
/// domain/recruiter_card.rs), at most once per NOTE_EVERY_MS. A failure is only logged: the call
/// the member made matters more than the note.
fn note_active(c: &mut db::DbConnection, member: &crate::db::company_member::Member, now: i64) {
    let stale_before = now - crate::domain::recruiter_card::NOTE_EVERY_MS;
    if member.active_at < stale_before {
        if let Err(e) = crate::db::company_member::note_active(c, member.id, now, stale_before) {
            tracing::warn!(member = member.id.0, error = %e, "noting a member active");
        }
    }
}

/// Extractor for the recruiter site's calls: a logged-in company member (any role; handlers
/// that need more ask `CompanyMember::require`).
pub struct CompanyMember {
    pub session: SessionId,
    pub member: crate::db::company_member::Member,
}

impl CompanyMember {
    pub fn company(&self) -> crate::ids::CompanyId {
        self.member.company_id
    }

    /// FORBIDDEN_ROLE unless the member has one of `roles`.
    pub fn require(&self, roles: &[crate::db::company_member::Role]) -> ApiResult<()> {
        if roles.contains(&self.member.role()) {
            Ok(())
        } else {
            Err(ApiError::ForbiddenRole)
        }
    }
}

impl FromRequest for CompanyMember {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = req.app_data::<web::Data<AppState>>().ok_or_else(|| ApiError::internal("no state"))?;
            let (session, member) = current_member(state, &req).await?.ok_or(ApiError::NotLoggedIn)?;
            Ok(CompanyMember { session, member })
        })
    }
}

/// Extractor for the recruiter's hot read calls (the candidates list), as `LoggedInOneTrip` is for
/// the candidate's: the token is checked here, the live member inside the call's own database trip,
/// so the call makes one hand-off to a blocking thread instead of two. The member is reachable only
/// through `run`, so a handler cannot skip the check.
pub struct CompanyMemberOneTrip {
    session: SessionId,
    member: crate::ids::MemberId,
}

impl CompanyMemberOneTrip {
    /// Checks the session and the member's `roles`, then does `work` for the member on the same
    /// connection: NOT_LOGGED_IN (revoked session, disabled member) or FORBIDDEN_ROLE, and nothing done.
    pub async fn run<T, F>(self, pool: &db::Pool, roles: &'static [crate::db::company_member::Role], work: F) -> ApiResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut db::DbConnection, CompanyMember) -> ApiResult<T> + Send + 'static,
    {
        let (session, member) = (self.session, self.member);
        db::run(pool, move |c| {
            let now = crate::ids::now_ms();
            let member = crate::db::company_member::live_member(c, session, member, now)?.filter(|m| !m.disabled).ok_or(ApiError::NotLoggedIn)?;
            note_active(c, &member, now);
            let who = CompanyMember { session, member };
            who.require(roles)?;
            work(c, who)
        })
        .await
    }
}

impl FromRequest for CompanyMemberOneTrip {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let claim = req
            .app_data::<web::Data<AppState>>()
            .and_then(|state| company_claimed(state, req))
            .map(|(session, member)| CompanyMemberOneTrip { session, member })
            .ok_or(ApiError::NotLoggedIn);
        std::future::ready(claim)
    }
}

/// The recruiter site's session cookie (`max_age_days` 0 clears it).
pub fn company_cookie(state: &AppState, req: &HttpRequest, value: String, max_age_days: i64) -> Cookie<'static> {
    let mut cookie = session_cookie(state, req, value, max_age_days);
    cookie.set_name(COMPANY_TOKEN_COOKIE);
    cookie
}

/// The admin console's cookie; apart from candidates' and companies'.
pub const ADMIN_TOKEN_COOKIE: &str = "admin_token";

/// The scope of an admin's token.
pub const ADMIN_SCOPE: &str = "admin";

/// Extractor for the admin console: a live admin session (30 minutes idle, 12 hours at most),
/// refreshed by each call, from an address ADMIN_ALLOW lets in.
pub struct AdminSession {
    pub session: SessionId,
    pub admin: crate::db::admin::Admin,
}

impl AdminSession {
    pub fn role(&self) -> Option<crate::db::admin::AdminRole> {
        self.admin.role()
    }

    /// FORBIDDEN_ROLE unless the admin has one of `roles`.
    pub fn require(&self, roles: &[crate::db::admin::AdminRole]) -> ApiResult<()> {
        match self.role() {
            Some(r) if roles.contains(&r) => Ok(()),
            _ => Err(ApiError::ForbiddenRole),
        }
    }
}

/// Whether ADMIN_ALLOW (when set) lets the caller in.
pub fn admin_address_allowed(state: &AppState, req: &HttpRequest) -> bool {
    state.admin_allow.is_empty()
        || crate::web::client_ip(req).parse::<std::net::IpAddr>().is_ok_and(|ip| state.admin_allow.iter().any(|n| n.contains(&ip)))
}

impl FromRequest for AdminSession {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = req.app_data::<web::Data<AppState>>().ok_or_else(|| ApiError::internal("no state"))?;
            if !admin_address_allowed(state, &req) {
                return Err(ApiError::NotFound);
            }
            let token = req.cookie(ADMIN_TOKEN_COOKIE).map(|c| c.value().to_string()).filter(|v| !v.is_empty()).ok_or(ApiError::NotLoggedIn)?;
            let claims = decode_token(&state.keys, &token).filter(|c| c.scope == ADMIN_SCOPE).ok_or(ApiError::NotLoggedIn)?;
            let admin = crate::ids::AdminId(claims.sub.parse().map_err(|_| ApiError::NotLoggedIn)?);
            let sid = SessionId(claims.sid);
            let now = crate::ids::now_ms();
            let found = db::run(&state.pool, move |c| Ok(crate::db::admin::touch_session(c, sid, admin, now, crate::domain::admin::IDLE_MS)?)).await?;
            let admin = found.filter(|a| !a.disabled).ok_or(ApiError::NotLoggedIn)?;
            Ok(AdminSession { session: sid, admin })
        })
    }
}

/// The admin console's session cookie: a session cookie (no Max-Age), strict same-site.
pub fn admin_cookie(state: &AppState, req: &HttpRequest, value: String, clear: bool) -> Cookie<'static> {
    let mut cookie = session_cookie(state, req, value, if clear { 0 } else { 1 });
    cookie.set_name(ADMIN_TOKEN_COOKIE);
    cookie.set_same_site(SameSite::Strict);
    if !clear {
        cookie.set_max_age(None);
    }
    cookie
}
