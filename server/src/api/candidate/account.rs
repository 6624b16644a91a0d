//! The account settings of /my/account: password, mobile, email.


use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::web::form::Form;
use crate::api::ok;
use crate::domain::account::{mobile_of, new_password, user_record};
use crate::domain::auth;
use crate::web::extract::LoggedIn;
use crate::db;
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, UserId};
use crate::db::{session, user};
use crate::domain::sms_code::{self, Scene};
use crate::state::AppState;
use core_wasm::account::is_email;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ModifyPasswordForm {
    #[serde(default)]
    pub password: String,
    /// Required when the account has a password.
    #[serde(default, rename = "oldPassword")]
    pub old_password: String,
    #[serde(default, rename = "confirmPassword")]
    pub confirm_password: Option<String>,
}

/// Sets or changes the password; every other session of the user ends.
pub async fn modify_password(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ModifyPasswordForm>) -> ApiResult<HttpResponse> {
    new_password(&form.password, form.confirm_password.as_deref())?;
    let session = who.0;
    if let Some(current) = session.user.password_hash.clone() {
        let old = form.old_password.clone();
        if old.is_empty() {
            return Err(ApiError::BadInput("oldPassword required".into()));
        }
        if !web::block(move || auth::verify_password(&old, &current)).await? {
            return Err(ApiError::OriginalPasswordWrong);
        }
    }
    let password = form.password.clone();
    let hash = web::block(move || auth::hash_password(&password)).await??;
    let (uid, sid) = (session.user.user_id(), session.id);
    db::run(&state.pool, move |c| {
        user::set_password_hash(c, uid, &hash)?;
        session::revoke_all(c, uid, Some(sid), now_ms())?;
        Ok(())
    })
    .await?;
    Ok(ok(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ModifyMobileForm {
    #[serde(default)]
    pub mobile: String,
    /// Sent to the new mobile (scene `bind`).
    #[serde(default)]
    pub code: String,
    /// The current password, when the account has one.
    #[serde(default)]
    pub password: String,
    /// Without a password: a code sent to the current mobile (scene `verify`).
    #[serde(default, rename = "oldCode")]
    pub old_code: String,
}

pub async fn modify_mobile(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ModifyMobileForm>) -> ApiResult<HttpResponse> {
    let mobile = mobile_of(&form.mobile)?;
    let session = who.0;
    let me = session.user.clone();
    // The mobile is the log-in id: changing it asks again who this is (a session alone may be a
    // borrowed computer). The password when there is one, guarded like a log-in.
    if let Some(current) = me.password_hash.clone() {
        if form.password.is_empty() {
            return Err(ApiError::BadInput("password required".into()));
        }
        // The same count as log-in's wrong passwords, so the dialog is no side door for guessing.
        let limit_key = me.mobile.clone().unwrap_or_else(|| format!("user:{}", me.id));
        if state.login_failures_per_mobile.is_blocked(&limit_key) {
            return Err(ApiError::RateLimited);
        }
        let given = form.password.clone();
        if !web::block(move || auth::verify_password(&given, &current)).await? {
            state.login_failures_per_mobile.hit(&limit_key);
            return Err(ApiError::OriginalPasswordWrong);
        }
    }
    let key = state.keys.code_key.clone();
    let sid = session.id;
    let (old_mobile, new_mobile, uid) = (me.mobile.clone(), mobile.clone(), me.id);
    let record = db::run(&state.pool, move |c| {
        if me.mobile.as_deref() == Some(mobile.as_str()) {
            return Err(ApiError::MobileSame);
        }
        if user::by_mobile(c, &mobile)?.is_some() {
            return Err(ApiError::MobileBound);
        }
        // No password: a code to the current mobile, when there is one.
        if let (None, Some(old)) = (&me.password_hash, &me.mobile) {
            if form.old_code.trim().is_empty() {
                return Err(ApiError::BadInput("oldCode required".into()));
            }
            sms_code::verify(c, &key, old, Scene::Verify, &form.old_code)?;
        }
        sms_code::verify(c, &key, &mobile, Scene::Bind, &form.code)?;
        user::set_mobile(c, me.user_id(), &mobile).map_err(|e| match e {
            diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _) => ApiError::MobileBound,
            other => other.into(),
        })?;
        // Whoever else was logged in to the account is logged out.
        session::revoke_all(c, me.user_id(), Some(sid), now_ms())?;
        let updated = user::by_mobile(c, &mobile)?.ok_or(ApiError::NotFound)?;
        user_record(c, &updated)
    })
    .await?;
    if let Some(old) = old_mobile {
        tell_old_mobile(&state, old, &new_mobile, uid);
    }
    Ok(ok(record))
}

/// The text the old mobile gets when the log-in mobile changed: the new one masked.
pub fn mobile_changed_text(new_mobile: &str) -> String {
    format!(
        "【职达招聘】您账号的登录手机号已改为{}，此号码不再用于登录。如非本人操作，请立即通过找回密码或联系客服处理。",
        core_wasm::mask::mask_mobile(new_mobile)
    )
}

/// Tells the old number that the log-in mobile changed, after the change committed, through the SMS
/// provider (the dev outbox in dev). Off the request: a gateway that fails or hangs does not undo
/// the change or keep the caller waiting; the failure is logged.
fn tell_old_mobile(state: &AppState, old: String, new_mobile: &str, user_id: UserId) {
    let sms = state.sms.clone();
    let text = mobile_changed_text(new_mobile);
    let out_id = format!("mobile-changed-{user_id}-{}", now_ms());
    actix_web::rt::spawn(async move {
        let sent = web::block(move || sms.send_text(&old, &text, &out_id)).await;
        match sent {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(user = user_id.0, error = ?e, "the old mobile could not be told of the change"),
            Err(e) => tracing::warn!(user = user_id.0, error = %e, "the old mobile could not be told of the change"),
        }
    });
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EmailForm {
    #[serde(default)]
    pub email: String,
}

pub async fn bind_email(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<EmailForm>) -> ApiResult<HttpResponse> {
    let email = form.email.trim().to_lowercase();
    if !is_email(&email) {
        return Err(ApiError::BadInput("email".into()));
    }
    let me = who.0.user;
    db::run(&state.pool, move |c| {
        if me.email.as_deref() == Some(email.as_str()) {
            return Err(ApiError::EmailSame);
        }
        if user::email_taken_by_other(c, &email, me.user_id())? {
            return Err(ApiError::EmailBoundOther);
        }
        user::set_email(c, me.user_id(), &email)?;
        Ok(())
    })
    .await?;
    Ok(ok(true))
}

/// What /my/account shows: masked by the ui, full here for the owner only.
pub async fn account_info(who: LoggedIn) -> HttpResponse {
    let u = who.0.user;
    ok(json!({ "mobile": u.mobile, "email": u.email, "hasPassword": u.password_hash.is_some(), "name": u.name }))
}
