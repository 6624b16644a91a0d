//! `/admin/login`, `/admin/logout`, `/admin/me`: an admin logs in with a password and a TOTP code
//! (enrolling the TOTP secret at the first log-in), and the session lives in the admin cookie.

use actix_web::{web, HttpRequest};
use serde::{Deserialize, Serialize};

use crate::api::{answer, Answer};
use crate::db::admin::{self as admin_db, Admin, AdminRole, Entry};
use crate::db::{self};
use crate::domain::admin::{self, admins};
use crate::domain::{auth, login};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, AdminId, SessionId};
use crate::state::AppState;
use crate::web::client_ip;
use crate::web::extract::{admin_address_allowed, admin_cookie, AdminSession, ADMIN_SCOPE};
use crate::web::form::Form;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginForm {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub otp: String,
}

/// The admin of a session.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminRecord {
    pub id: AdminId,
    pub username: String,
    #[schema(value_type = AdminRole)]
    pub role: String,
}

fn record(a: &Admin) -> AdminRecord {
    AdminRecord { id: a.id, username: a.username.clone(), role: a.role.clone() }
}

/// The TOTP secret of an admin not enrolled yet, and the otpauth address for its QR code.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Enrollment {
    pub secret: String,
    pub otpauth_url: String,
}

/// A log-in's answer: the session's admin, or (before the TOTP is enrolled) the enrolment instead.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminLogin {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub admin: Option<AdminRecord>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enroll: Option<Enrollment>,
}

/// Password, then the TOTP code. An admin not enrolled yet gets the secret (and the otpauth
/// address for the QR code) instead of a session, and enrols by logging in with a code from it.
pub async fn login(state: web::Data<AppState>, req: HttpRequest, Form(form): Form<LoginForm>) -> ApiResult<Answer<AdminLogin>> {
    if !admin_address_allowed(&state, &req) {
        return Err(ApiError::NotFound);
    }
    let ip = client_ip(&req);
    let username = form.username.trim().to_string();
    if username.is_empty() || username.chars().count() > super::admins::USERNAME_MAX || form.password.is_empty() || form.password.chars().count() > 64 {
        return Err(ApiError::BadInput("username".into()));
    }
    // A name whose codes failed too often is refused before anything else (the TOTP's own limit).
    if state.admin_otp_failures.is_blocked(&username) {
        return Err(ApiError::RateLimited);
    }
    let guards = login::LoginGuards { face: "admin", per_address: &state.login_per_ip, lockout: &state.admin_lockout };
    let lookup = username.clone();
    let found = login::check_password(&state.pool, &guards, &username, &ip, form.password.clone(), move |c| admin_db::by_username(c, &lookup)).await?;
    let audit_login = |action: &'static str, admin: Option<AdminId>, name: String, ip: String| {
        let pool = state.pool.clone();
        async move {
            db::run(&pool, move |c| {
                Ok(admin_db::audit(c, &Entry { admin_id: admin, admin_name: &name, action, ip: &ip, ..Default::default() }, now_ms())?)
            })
            .await
        }
    };
    let admin = match found {
        Some(a) if !a.disabled => a,
        Some(a) => {
            audit_login("admin.login.disabled", Some(a.id), username.clone(), ip.clone()).await?;
            return Err(ApiError::AccountDisabled(String::new()));
        }
        None => {
            audit_login("admin.login.failed", None, username.clone(), ip.clone()).await?;
            return Err(ApiError::LoginFailed);
        }
    };
    if !admin.totp_enrolled && form.otp.trim().is_empty() {
        let enroll = Enrollment { otpauth_url: admin::totp_url(&admin), secret: admin.totp_secret };
        return Ok(answer(AdminLogin { admin: None, enroll: Some(enroll) }));
    }
    // A code is taken once, and none older than the last taken, on every server (a replayed or
    // the previous window's code opens no second session). A wrong or used code answers as a wrong
    // password does, and counts toward the same lockout: the answer never tells that the password
    // was right (docs/api.md, /admin/login).
    let step_taken = match admin::totp_step(&admin, &form.otp) {
        Some(step) => {
            let store = state.store.clone();
            let id = admin.id;
            web::block(move || admin::claim_totp_step(&store, id, step)).await?.map_err(|e| ApiError::internal(e.0))?
        }
        None => false,
    };
    if !step_taken {
        state.admin_otp_failures.hit(&username);
        guards.failed(&username, &ip);
        audit_login("admin.login.otp_wrong", Some(admin.id), username.clone(), ip.clone()).await?;
        return Err(ApiError::LoginFailed);
    }
    state.admin_otp_failures.clear(&username);
    guards.succeeded(&username, &ip);
    let now = now_ms();
    let sid: SessionId = new_id();
    let opening = admin.clone();
    db::run(&state.pool, move |c| admins::open_session(c, &opening, sid, &ip, now)).await?;
    let token = auth::issue_scoped_token(&state.keys, admin.id.0, sid, now, now + admin::MAX_SESSION_MS, ADMIN_SCOPE)?;
    Ok(answer(AdminLogin { admin: Some(record(&admin)), enroll: None }).with_cookie(admin_cookie(&state, &req, token, false)))
}

pub async fn logout(state: web::Data<AppState>, req: HttpRequest, who: Option<AdminSession>) -> ApiResult<Answer<bool>> {
    if let Some(who) = who {
        let sid = who.session;
        db::run(&state.pool, move |c| Ok(admin_db::revoke_session(c, sid, now_ms())?)).await?;
    }
    Ok(answer(true).with_cookie(admin_cookie(&state, &req, String::new(), true)))
}

pub async fn me(who: AdminSession) -> Answer<AdminRecord> {
    answer(record(&who.admin))
}
