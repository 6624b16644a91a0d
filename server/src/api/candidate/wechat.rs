//! /ajax/pcuser/*WeiXin*, /ajax/im/getImWxCode: binding a WeChat account to the candidate.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::web::form::Form;
use crate::api::ok;
use crate::web::extract::LoggedIn;
use crate::db;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::db::{user as users, wx_scene};
use crate::db::wx_scene::SceneStatus;

fn binding(u: &crate::db::user::User) -> serde_json::Value {
    json!({ "bound": u.wx_openid.is_some(), "nickname": u.wx_nickname })
}

/// The binding as it stands, and which kind of QR code the page will show.
pub async fn get_weixin_setting(state: web::Data<AppState>, who: LoggedIn) -> HttpResponse {
    let mut v = binding(&who.0.user);
    v["provider"] = json!(state.wechat.name());
    ok(v)
}

/// A QR code for binding: `{scene, qrContent, expiresAt}`; the page draws qrContent as a QR code.
pub async fn get_im_wx_code(state: web::Data<AppState>, req: HttpRequest, who: LoggedIn) -> ApiResult<HttpResponse> {
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
    Ok(ok(json!({ "scene": scene, "qrContent": content, "expiresAt": expires })))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SceneForm {
    #[serde(default)]
    pub scene: String,
}

/// The binding, and with `scene` the state of that QR code: waiting, bound, refused (the
/// WeChat belongs to another account) or expired. The page polls this while the code shows.
pub async fn get_bind_wx_info(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<SceneForm>) -> ApiResult<HttpResponse> {
    let uid = who.0.user.user_id();
    let scene = form.scene.trim().to_string();
    let v = db::run(&state.pool, move |c| {
        let u = users::wx_binding(c, uid)?;
        let mut v = json!({ "bound": u.wx_openid.is_some(), "nickname": u.wx_nickname });
        if !scene.is_empty() {
            let status = match wx_scene::of_user(c, &scene, uid)? {
                None => return Err(ApiError::NotFound),
                Some(s) if s.status == SceneStatus::Bound => "bound",
                Some(s) if s.status == SceneStatus::Refused => "refused",
                Some(s) if s.expires_at <= crate::ids::now_ms() => "expired",
                Some(_) => "waiting",
            };
            v["status"] = json!(status);
        }
        Ok(v)
    })
    .await?;
    Ok(ok(v))
}

pub async fn un_bind_wx(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<HttpResponse> {
    let uid = who.0.user.user_id();
    if who.0.user.wx_openid.is_none() {
        return Err(ApiError::WxNotBound);
    }
    db::run(&state.pool, move |c| Ok(users::unbind_wx(c, uid)?)).await?;
    Ok(ok(true))
}
