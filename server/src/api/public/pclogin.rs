//! /ajax/pclogin/*: the login check, log-in and log-out.

use actix_web::{web, HttpRequest};
use serde::Deserialize;

use crate::web::form::Form;
use crate::api::{answer, Answer};
use crate::domain::{auth, login};
use crate::web::extract::{MaybeLoggedIn};
use crate::db;
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, SessionId};
use crate::db::account_disable::{self, AccountKind};
use crate::db::{session, user};
use crate::state::AppState;
pub use crate::web::client_ip;
use crate::domain::account::{user_record, UserRecord};




/// A plain visit sends only `finger`; a partner platform's link adds platformId, id, type,
/// ts and sign (see partner.rs).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IsLoginForm {
    #[serde(default)]
    pub platform_id: Option<String>,
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    // `finger`, the visitor id the ui sends, is accepted and not needed here.
    #[serde(default)]
    pub ts: Option<String>,
    #[serde(default)]
    pub sign: Option<String>,
}

/// The caller's user record, or null for a visitor.
pub async fn islogin(state: web::Data<AppState>, req: HttpRequest, Form(form): Form<IsLoginForm>) -> ApiResult<Answer<Option<UserRecord>>> {
    if let (Some(platform), Some(id), Some(ts), Some(sign)) = (&form.platform_id, &form.id, &form.ts, &form.sign) {
        let kind = form.kind.clone().unwrap_or_default();
        if let Some(partner) = state.partners.verify(platform, id, &kind, ts, sign, now_ms() / 1000) {
            let u = db::run(&state.pool, move |c| Ok(crate::domain::partner::find_or_create(c, &partner)?)).await?;
            return Ok(start_session(&state, &req, u).await?.map(Some));
        }
    }
    // The most frequent call of all (every page asks): kept in memory for a moment (login_cache.rs),
    // else the session check and the record in one database trip.
    let Some((sid, uid)) = crate::web::extract::claimed(&state, &req) else {
        return Ok(answer(None));
    };
    if let Some(body) = state.logins.get(sid, uid) {
        return Ok(Answer::written(body));
    }
    let read_started = std::time::Instant::now();
    let record = db::run(&state.pool, move |c| match auth::live_session(c, sid, uid)? {
        Some(session) => user_record(c, &session.user).map(Some),
        None => Ok(None),
    })
    .await?;
    let Some(record) = record else {
        return Ok(answer(None));
    };
    let body = web::Bytes::from(serde_json::to_vec(&serde_json::json!({ "result": record })).map_err(ApiError::internal)?);
    state.logins.put(sid, uid, read_started, body.clone());
    Ok(Answer::written(body))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginForm {
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub password: String,
}

pub async fn login(state: web::Data<AppState>, req: HttpRequest, Form(form): Form<LoginForm>) -> ApiResult<Answer<UserRecord>> {
    let LoginForm { mobile, password } = form;
    let mobile = mobile.trim().to_string();
    if !core_wasm::account::is_mainland_mobile(&mobile) {
        return Err(ApiError::BadInput("mobile".into()));
    }
    if password.is_empty() || password.chars().count() > 64 {
        return Err(ApiError::BadInput("password".into()));
    }
    let ip = client_ip(&req);
    let guards = login::LoginGuards { face: "candidate", per_address: &state.login_per_ip, lockout: &state.candidate_lockout };
    let lookup = mobile.clone();
    let found = login::check_password(&state.pool, &guards, &mobile, &ip, password, move |c| user::by_mobile(c, &lookup)).await?;
    let Some(user) = found else { return Err(ApiError::LoginFailed) };
    guards.succeeded(&mobile, &ip);
    start_session(&state, &req, user).await
}

/// Opens a session for `user`: a sessions row, the JWT in the cookie, the user record as result.
pub async fn start_session(state: &web::Data<AppState>, req: &HttpRequest, user: user::User) -> ApiResult<Answer<UserRecord>> {
    if user.disabled {
        let id = user.id;
        let reason = db::run(&state.pool, move |c| Ok(account_disable::reason_of(c, AccountKind::User, id.0)?)).await?;
        return Err(ApiError::AccountDisabled(reason));
    }
    let now = now_ms();
    let expires = now + auth::SESSION_DAYS * 24 * 3600 * 1000;
    let sid: SessionId = new_id();
    let user_agent: String = req
        .headers()
        .get(actix_web::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .chars()
        .take(300)
        .collect();
    let ip = client_ip(req);
    let uid = user.user_id();
    let record = db::run(&state.pool, move |c| {
        session::insert(
            c,
            &session::NewSession { id: sid, user_id: uid, created_at: now, expires_at: expires, user_agent: &user_agent, ip: &ip },
        )?;
        user_record(c, &user)
    })
    .await?;
    let token = auth::issue_token(&state.keys, uid, sid, now, expires)?;
    Ok(answer(record).with_cookie(crate::web::extract::session_cookie(state, req, token, auth::SESSION_DAYS)))
}

/// A real argon2id hash of a random string, made once, verified when the mobile is unknown.
pub async fn logout(state: web::Data<AppState>, req: HttpRequest, who: MaybeLoggedIn) -> ApiResult<Answer<bool>> {
    if let Some(session) = who.0 {
        let sid = session.id;
        db::run(&state.pool, move |c| Ok(session::revoke(c, sid, now_ms())?)).await?;
    }
    Ok(answer(true).with_cookie(crate::web::extract::session_cookie(&state, &req, String::new(), 0)))
}

/// Whether the visitor has a live company session on the recruiter site (`com_token`).
pub async fn is_com_login(state: web::Data<AppState>, req: HttpRequest) -> ApiResult<Answer<bool>> {
    Ok(answer(crate::web::extract::current_member(&state, &req).await?.is_some()))
}
