//! The account settings of /my/account: password, mobile, email.


use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::web::form::Form;
use crate::api::{answer, Answer};
use crate::domain::account::{mobile_of, new_password, user_record, UserRecord};
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
pub async fn modify_password(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ModifyPasswordForm>) -> ApiResult<Answer<bool>> {
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
    Ok(answer(true))
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

pub async fn modify_mobile(state: web::Data<AppState>, req: actix_web::HttpRequest, who: LoggedIn, Form(form): Form<ModifyMobileForm>) -> ApiResult<Answer<UserRecord>> {
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
        let ip = crate::web::client_ip(&req);
        if state.candidate_lockout.is_locked(&limit_key, &ip) {
            return Err(ApiError::RateLimited);
        }
        let given = form.password.clone();
        if !web::block(move || auth::verify_password(&given, &current)).await? {
            state.candidate_lockout.failed(&limit_key, &ip);
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
    Ok(answer(record))
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

/// The address a candidate may bind: a valid one, not theirs already, nobody else's.
fn bindable_email(c: &mut crate::db::DbConnection, me: &crate::db::user::User, email: &str) -> ApiResult<()> {
    if me.email.as_deref() == Some(email) {
        return Err(ApiError::EmailSame);
    }
    if user::email_taken_by_other(c, email, me.user_id())? {
        return Err(ApiError::EmailBoundOther);
    }
    Ok(())
}

/// `/pcuser/sendEmailCode`: a code by mail to the address the caller wants to bind, so that only an
/// address they read is bound (interview invitations go to it). One a minute and 10 a day an
/// address, 30 a day from one IP (sms_code's limits, under the scene `bindEmail`).
pub async fn send_email_code(state: web::Data<AppState>, req: actix_web::HttpRequest, who: LoggedIn, Form(form): Form<EmailForm>) -> ApiResult<Answer<EmailCodeSent>> {
    let email = form.email.trim().to_lowercase();
    if !is_email(&email) {
        return Err(ApiError::BadInput("email".into()));
    }
    let ip = crate::web::client_ip(&req);
    if !state.account_per_ip.hit(&ip) {
        return Err(ApiError::RateLimited);
    }
    let me = who.0.user;
    let key = state.keys.code_key.clone();
    let to = email.clone();
    let code = db::run(&state.pool, move |c| {
        bindable_email(c, &me, &to)?;
        sms_code::issue(c, &key, &to, sms_code::Scene::BindEmail, &ip, EMAIL_CODE_INTERVAL_SECS * 1000)
    })
    .await?;
    let mail = crate::providers::mail::Mail {
        message_id: format!("bind-email-{}@{}", crate::ids::now_ms(), crate::domain::notice::mail_domain(&state.settings.notices)),
        to: email.clone(),
        subject: "职达招聘邮箱验证码 · Your 职达招聘 email code".into(),
        text: format!(
            "您正在职达招聘绑定此邮箱，验证码：{code}，5 分钟内有效。如非本人操作，请忽略本邮件。\n\nYour code to bind this address to your 职达招聘 account: {code}. It is valid for 5 minutes. If this was not you, ignore this mail."
        ),
        attachments: Vec::new(),
    };
    let provider = state.mail.clone();
    if let Err(e) = web::block(move || provider.send(&mail)).await? {
        db::run(&state.pool, move |c| Ok(sms_code::withdraw(c, &email)?)).await?;
        tracing::warn!(error = ?e, provider = state.mail.name(), "email code not sent");
        return Err(ApiError::MailFailed);
    }
    Ok(answer(EmailCodeSent { interval: EMAIL_CODE_INTERVAL_SECS }))
}

/// A code mailed: the seconds before another may be asked for.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EmailCodeSent {
    pub interval: i64,
}

/// Seconds between two email codes to one address.
const EMAIL_CODE_INTERVAL_SECS: i64 = 60;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BindEmailForm {
    #[serde(default)]
    pub email: String,
    /// The code /pcuser/sendEmailCode mailed to `email`.
    #[serde(default)]
    pub code: String,
}

/// Binds the address once the code mailed to it is given: CODE_REQUIRED without one, CODE_WRONG
/// for a wrong or stale one (5 tries a code).
pub async fn bind_email(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<BindEmailForm>) -> ApiResult<Answer<bool>> {
    let email = form.email.trim().to_lowercase();
    if !is_email(&email) {
        return Err(ApiError::BadInput("email".into()));
    }
    if form.code.trim().is_empty() {
        return Err(ApiError::CodeRequired);
    }
    let me = who.0.user;
    let key = state.keys.code_key.clone();
    db::run(&state.pool, move |c| {
        bindable_email(c, &me, &email)?;
        sms_code::verify(c, &key, &email, sms_code::Scene::BindEmail, form.code.trim())?;
        user::set_email(c, me.user_id(), &email)?;
        Ok(())
    })
    .await?;
    Ok(answer(true))
}

/// What /my/account shows: masked by the ui, full here for the owner only.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountInfo {
    #[schema(required)]
    pub mobile: Option<String>,
    #[schema(required)]
    pub email: Option<String>,
    pub has_password: bool,
    pub name: String,
}

pub async fn account_info(who: LoggedIn) -> Answer<AccountInfo> {
    let u = who.0.user;
    answer(AccountInfo { mobile: u.mobile, email: u.email, has_password: u.password_hash.is_some(), name: u.name })
}
