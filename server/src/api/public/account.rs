//! Accounts: the slider captcha, SMS codes, registration, log-in by code, password reset,
//! the public half of accounts (the settings are in candidate/account.rs).

use actix_web::{web, HttpRequest};
use serde::{Deserialize, Serialize};

use crate::web::form::Form;
use crate::api::{answer, Answer};
use crate::domain::account::UserRecord;
use crate::domain::captcha::Challenge;
use crate::api::public::pclogin::{client_ip, start_session};
use crate::domain::account::{create_candidate, mobile_of, new_password};
use crate::domain::auth;
use crate::web::extract::MaybeLoggedIn;
use crate::domain::captcha::TestOutcome;
use crate::db;
use crate::error::{ApiError, ApiResult};
use crate::ids::now_ms;
use crate::db::{session, user};
use crate::domain::sms_code::{self, Scene};
use crate::providers::sms::SendError;
use crate::state::AppState;

pub async fn slider_init(state: web::Data<AppState>, req: HttpRequest) -> ApiResult<Answer<Challenge>> {
    let ip = client_ip(&req);
    if !state.captcha_per_ip.hit(&ip) {
        return Err(ApiError::RateLimited);
    }
    let captcha = state.clone();
    let challenge = web::block(move || captcha.captcha.init(&ip)).await?.ok_or(ApiError::RateLimited)?;
    Ok(answer(challenge))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SliderTestForm {
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub x: String,
    /// The slide's movement, `[[t, x, y, "p"|"k"], ...]` (domain::slider_track); required.
    #[serde(default)]
    pub track: String,
}

/// A solved slider: the verification that /pcuser/sendCode spends.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SliderPassed {
    pub captcha_verification: String,
}

pub async fn slider_test(state: web::Data<AppState>, req: HttpRequest, Form(form): Form<SliderTestForm>) -> ApiResult<Answer<SliderPassed>> {
    let ip = client_ip(&req);
    if !state.captcha_per_ip.hit(&ip) {
        return Err(ApiError::RateLimited);
    }
    let x: f64 = form.x.trim().parse().map_err(|_| ApiError::BadInput("x must be a number".into()))?;
    if !x.is_finite() {
        return Err(ApiError::BadInput("x must be a number".into()));
    }
    match state.captcha.test(&ip, form.token.trim(), x, &form.track) {
        TestOutcome::Passed(verification) => Ok(answer(SliderPassed { captcha_verification: verification })),
        TestOutcome::Missed => Err(ApiError::CaptchaFailed),
        TestOutcome::LockedOut => Err(ApiError::RateLimited),
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SendCodeForm {
    #[serde(default)]
    pub mobile: String,
    #[serde(default, rename = "captchaVerification")]
    pub captcha_verification: String,
    /// register, login, reset or bind (the default: /my/account's change of mobile).
    #[serde(default)]
    pub scene: String,
}

/// A code sent: the seconds before another may be asked for.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SmsCodeSent {
    pub interval: i64,
}

/// Sends a 6-digit code to `mobile`, after a solved slider; one send per solved slider.
pub async fn send_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    who: MaybeLoggedIn,
    Form(form): Form<SendCodeForm>,
) -> ApiResult<Answer<SmsCodeSent>> {
    let mobile = mobile_of(&form.mobile)?;
    let scene = if form.scene.trim().is_empty() { Some(Scene::Bind) } else { Scene::parse(form.scene.trim()) }
        .ok_or_else(|| ApiError::BadInput("scene".into()))?;
    if matches!(scene, Scene::Bind | Scene::Verify) && who.0.is_none() {
        return Err(ApiError::NotLoggedIn);
    }
    // `verify` goes only to the caller's own mobile.
    if scene == Scene::Verify && who.0.as_ref().and_then(|s| s.user.mobile.as_deref()) != Some(mobile.as_str()) {
        return Err(ApiError::BadInput("mobile".into()));
    }
    let ip = client_ip(&req);
    if !state.account_per_ip.hit(&ip) {
        return Err(ApiError::RateLimited);
    }
    // The captcha is checked and spent before anything is looked up, so no answer below says
    // whether a phone has an account to someone who has not solved a slider.
    if !state.captcha.consume(&ip, form.captcha_verification.trim()) {
        return Err(ApiError::CaptchaRequired);
    }
    let caller = who.0.as_ref().map(|s| s.user.id);
    if scene == Scene::ComRegister {
        let m = mobile.clone();
        if db::run(&state.pool, move |c| Ok(crate::db::company_member::by_mobile(c, &m)?)).await?.is_some() {
            return Err(ApiError::MobileRegistered);
        }
    }
    // Log-in and reset codes go to any phone, account or not: the answer (body, status, and the
    // work done before it) is the same either way, and only the phone's owner, who has the code,
    // learns from loginByCode or resetPassword that there is no account.
    if matches!(scene, Scene::Register | Scene::Bind) {
        let m = mobile.clone();
        let existing = db::run(&state.pool, move |c| Ok(user::by_mobile(c, &m)?)).await?;
        match (scene, &existing) {
            (Scene::Register, Some(_)) => return Err(ApiError::MobileRegistered),
            (Scene::Bind, Some(u)) if Some(u.id) == caller => return Err(ApiError::MobileSame),
            (Scene::Bind, Some(_)) => return Err(ApiError::MobileBound),
            _ => {}
        }
    }
    let key = state.keys.code_key.clone();
    let (m, client) = (mobile.clone(), ip.clone());
    let interval_ms = state.settings.sms.sms_min_interval_secs * 1000;
    let code = db::run(&state.pool, move |c| sms_code::issue(c, &key, &m, scene, &client, interval_ms)).await?;
    let provider = state.clone();
    let m = mobile.clone();
    let sent = web::block(move || provider.sms.send_code(&m, &code)).await?;
    if let Err(e) = sent {
        let m = mobile.clone();
        db::run(&state.pool, move |c| Ok(sms_code::withdraw(c, &m)?)).await?;
        return Err(match e {
            SendError::CannotReceive => ApiError::CannotReceiveSms,
            SendError::Failed(detail) => {
                tracing::warn!(%detail, provider = state.sms.name(), "sms not sent");
                ApiError::SmsFailed
            }
        });
    }
    Ok(answer(SmsCodeSent { interval: state.settings.sms.sms_min_interval_secs }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RegisterForm {
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub password: String,
    #[serde(default, rename = "confirmPassword")]
    pub confirm_password: Option<String>,
    /// The member agreement: "1" or "true" when ticked.
    #[serde(default)]
    pub agree: String,
}

pub async fn register(state: web::Data<AppState>, req: HttpRequest, Form(form): Form<RegisterForm>) -> ApiResult<Answer<UserRecord>> {
    let mobile = mobile_of(&form.mobile)?;
    if !matches!(form.agree.trim(), "1" | "true" | "on") {
        return Err(ApiError::AgreementRequired);
    }
    new_password(&form.password, form.confirm_password.as_deref())?;
    if !state.account_per_ip.hit(&client_ip(&req)) {
        return Err(ApiError::RateLimited);
    }
    let key = state.keys.code_key.clone();
    // The code first, then the account: a wrong code reads the same for every phone, so only the
    // phone's holder learns that it is registered, and argon2 runs only for them.
    let (m, code) = (mobile.clone(), form.code.clone());
    db::run(&state.pool, move |c| {
        sms_code::verify(c, &key, &m, Scene::Register, &code)?;
        if user::by_mobile(c, &m)?.is_some() {
            return Err(ApiError::MobileRegistered);
        }
        Ok(())
    })
    .await?;
    let password = form.password.clone();
    let hash = web::block(move || auth::hash_password(&password)).await??;
    let created = db::run(&state.pool, move |c| create_candidate(c, &mobile, Some(&hash))).await?;
    start_session(&state, &req, created).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CodeLoginForm {
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub code: String,
}

pub async fn login_by_code(state: web::Data<AppState>, req: HttpRequest, Form(form): Form<CodeLoginForm>) -> ApiResult<Answer<UserRecord>> {
    let mobile = mobile_of(&form.mobile)?;
    if !state.login_per_ip.hit(&client_ip(&req)) {
        return Err(ApiError::RateLimited);
    }
    let key = state.keys.code_key.clone();
    let ip = client_ip(&req);
    // The code before the account: a wrong code reads the same for every phone. A right one logs the
    // phone's holder in, and makes the account when there is none (验证码登录即注册, as Chinese job sites
    // do), so the answer never tells whether a mobile was registered.
    let (m, code) = (mobile.clone(), form.code.clone());
    let u = db::run(&state.pool, move |c| {
        sms_code::verify(c, &key, &m, Scene::Login, &code)?;
        match user::by_mobile(c, &m)? {
            Some(u) => Ok(u),
            None => create_candidate(c, &m, None),
        }
    })
    .await
    .inspect_err(|_| auth::log_login("candidate_code", auth::LoginOutcome::Failure, &mobile, &ip))?;
    auth::log_login("candidate_code", auth::LoginOutcome::Success, &mobile, &ip);
    start_session(&state, &req, u).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ResetForm {
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub password: String,
    #[serde(default, rename = "confirmPassword")]
    pub confirm_password: Option<String>,
}

/// Forgot password: a code to the mobile sets a new password and ends every session.
pub async fn reset_password(state: web::Data<AppState>, req: HttpRequest, Form(form): Form<ResetForm>) -> ApiResult<Answer<bool>> {
    let mobile = mobile_of(&form.mobile)?;
    new_password(&form.password, form.confirm_password.as_deref())?;
    if !state.account_per_ip.hit(&client_ip(&req)) {
        return Err(ApiError::RateLimited);
    }
    let key = state.keys.code_key.clone();
    // The code before the account (a wrong code reads the same for every phone), and both before argon2.
    // An unregistered mobile with a right code gets the same answer, after the same hashing, and
    // nothing changes: the answer never tells whether a mobile was registered.
    let found = db::run(&state.pool, move |c| {
        sms_code::verify(c, &key, &mobile, Scene::Reset, &form.code)?;
        Ok(user::by_mobile(c, &mobile)?)
    })
    .await?;
    let password = form.password.clone();
    let hash = web::block(move || auth::hash_password(&password)).await??;
    let Some(u) = found else { return Ok(answer(true)) };
    db::run(&state.pool, move |c| {
        user::set_password_hash(c, u.user_id(), &hash)?;
        session::revoke_all(c, u.user_id(), None, now_ms())?;
        Ok(u.user_id())
    })
    .await
    .map(|user| state.logins.forget_user(user))?;
    Ok(answer(true))
}

