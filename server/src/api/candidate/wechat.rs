//! /ajax/pcuser/*WeiXin*, /ajax/im/getImWxCode: binding a WeChat account to the candidate.

use actix_web::{web, HttpRequest};
use serde::{Deserialize, Serialize};

use crate::web::form::Form;
use crate::api::{answer, Answer};
use crate::web::extract::LoggedIn;
use crate::db;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::db::{user as users, wx_scene};
use crate::db::wx_scene::SceneStatus;

/// The binding as it stands, and which kind of QR code the page will show (`dev` or `official`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct WeixinSetting {
    pub bound: bool,
    #[schema(required)]
    pub nickname: Option<String>,
    pub provider: &'static str,
}

pub async fn get_weixin_setting(state: web::Data<AppState>, who: LoggedIn) -> Answer<WeixinSetting> {
    let u = who.0.user;
    answer(WeixinSetting { bound: u.wx_openid.is_some(), nickname: u.wx_nickname, provider: state.wechat.name() })
}

/// A QR code for binding; the page draws qrContent as a QR code.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WxCode {
    pub scene: String,
    pub qr_content: String,
    pub expires_at: i64,
}

pub async fn get_im_wx_code(state: web::Data<AppState>, req: HttpRequest, who: LoggedIn) -> ApiResult<Answer<WxCode>> {
    let user = who.0.user;
    if user.wx_openid.is_some() {
        return Err(ApiError::WxAlreadyBound);
    }
    let scene = wx_scene::new_scene();
    let info = req.connection_info();
    let origin = format!("{}://{}", info.scheme(), info.host());
    let (provider, s) = (state.clone(), scene.clone());
    let content = web::block(move || provider.wechat.qr_content(&s, &origin)).await?.map_err(|e| {
        tracing::warn!(detail = %e, "wechat qr code");
        ApiError::WxFailed
    })?;
    let s = scene.clone();
    let expires = db::run(&state.pool, move |c| Ok(wx_scene::create_scene(c, &s, user.user_id(), crate::providers::wechat::SCENE_TTL_SECS)?)).await?;
    Ok(answer(WxCode { scene, qr_content: content, expires_at: expires }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SceneForm {
    #[serde(default)]
    pub scene: String,
}

/// The binding, and with `scene` the state of that QR code. The page polls this while the code shows.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BindWxInfo {
    pub bound: bool,
    #[schema(required)]
    pub nickname: Option<String>,
    /// Only when a `scene` was asked about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<ScanStatus>,
}

/// A binding QR code's state: refused when the WeChat belongs to another account.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScanStatus {
    Waiting,
    Bound,
    Refused,
    Expired,
}

pub async fn get_bind_wx_info(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<SceneForm>) -> ApiResult<Answer<BindWxInfo>> {
    let uid = who.0.user.user_id();
    let scene = form.scene.trim().to_string();
    let info = db::run(&state.pool, move |c| {
        let u = users::wx_binding(c, uid)?;
        let status = if scene.is_empty() {
            None
        } else {
            Some(match wx_scene::of_user(c, &scene, uid)? {
                None => return Err(ApiError::NotFound),
                Some(s) if s.status == SceneStatus::Bound => ScanStatus::Bound,
                Some(s) if s.status == SceneStatus::Refused => ScanStatus::Refused,
                Some(s) if s.expires_at <= crate::ids::now_ms() => ScanStatus::Expired,
                Some(_) => ScanStatus::Waiting,
            })
        };
        Ok(BindWxInfo { bound: u.wx_openid.is_some(), nickname: u.wx_nickname, status })
    })
    .await?;
    Ok(answer(info))
}

pub async fn un_bind_wx(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<bool>> {
    let uid = who.0.user.user_id();
    if who.0.user.wx_openid.is_none() {
        return Err(ApiError::WxNotBound);
    }
    db::run(&state.pool, move |c| Ok(users::unbind_wx(c, uid)?)).await?;
    Ok(answer(true))
}
