//! /ajax/pcuser/*WeiXin*, /ajax/im/getImWxCode: binding a WeChat account to the candidate.

use actix_web::{web, HttpRequest, HttpResponse};
use diesel::prelude::*;
use serde::Deserialize;
use serde_json::json;

use crate::web::form::Form;
use crate::api::ok;
use crate::web::extract::LoggedIn;
use crate::db;
use crate::error::{ApiError, ApiResult};
use crate::db::schema::{users, wx_scenes};
use crate::state::AppState;
use crate::db::wx_scene;

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
    let expires = db::run(&state.pool, move |c| Ok(wx_scene::create_scene(c, &s, user.id, crate::providers::wechat::SCENE_TTL_SECS)?)).await?;
    Ok(ok(json!({ "scene": scene, "qrContent": content, "expiresAt": expires })))
}

#[derive(Debug, Deserialize)]
pub struct SceneForm {
    #[serde(default)]
    pub scene: String,
}

/// The binding, and with `scene` the state of that QR code: waiting, bound, refused (the
/// WeChat belongs to another account) or expired. The page polls this while the code shows.
pub async fn get_bind_wx_info(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<SceneForm>) -> ApiResult<HttpResponse> {
    let uid = who.0.user.id;
    let scene = form.scene.trim().to_string();
    let v = db::run(&state.pool, move |c| {
        let u: (Option<String>, Option<String>) =
            users::table.find(uid).select((users::wx_openid, users::wx_nickname)).first(c)?;
        let mut v = json!({ "bound": u.0.is_some(), "nickname": u.1 });
        if !scene.is_empty() {
            let found: Option<(i32, i64)> = wx_scenes::table
                .find(&scene)
                .filter(wx_scenes::user_id.eq(uid))
                .select((wx_scenes::status, wx_scenes::expires_at))
                .first(c)
                .optional()?;
            let status = match found {
                None => return Err(ApiError::NotFound),
                Some((wx_scene::BOUND, _)) => "bound",
                Some((wx_scene::REFUSED, _)) => "refused",
                Some((_, expires)) if expires <= crate::ids::now_ms() => "expired",
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
    let uid = who.0.user.id;
    if who.0.user.wx_openid.is_none() {
        return Err(ApiError::WxNotBound);
    }
    db::run(&state.pool, move |c| {
        Ok(diesel::update(users::table.find(uid))
            .set((users::wx_openid.eq(None::<String>), users::wx_nickname.eq(None::<String>)))
            .execute(c)?)
    })
    .await?;
    Ok(ok(true))
}
