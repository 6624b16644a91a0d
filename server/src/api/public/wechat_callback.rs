//! `/wx/callback`: the WeChat official account's server calls us here (URL check, scan events).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::db;
use crate::db::wx_scene::scanned;
use crate::error::ApiResult;
use crate::providers::wechat::xml_field;
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct CallbackQuery {
    #[serde(default)]
    pub signature: String,
    #[serde(default)]
    pub timestamp: String,
    #[serde(default)]
    pub nonce: String,
    #[serde(default)]
    pub echostr: String,
}

/// GET /wx/callback: WeChat checks the URL by having us echo `echostr`.
pub async fn callback_check(state: web::Data<AppState>, q: web::Query<CallbackQuery>) -> HttpResponse {
    if state.wechat.callback_signed(&q.signature, &q.timestamp, &q.nonce) {
        HttpResponse::Ok().content_type("text/plain").body(q.echostr.clone())
    } else {
        HttpResponse::Forbidden().finish()
    }
}

/// POST /wx/callback: events from WeChat; a scan (or a first follow by scanning) binds.
pub async fn callback(state: web::Data<AppState>, q: web::Query<CallbackQuery>, body: web::Bytes) -> ApiResult<HttpResponse> {
    if !state.wechat.callback_signed(&q.signature, &q.timestamp, &q.nonce) {
        return Ok(HttpResponse::Forbidden().finish());
    }
    let xml = String::from_utf8_lossy(&body).into_owned();
    let event = xml_field(&xml, "Event").unwrap_or_default();
    let key = xml_field(&xml, "EventKey").unwrap_or_default();
    let openid = xml_field(&xml, "FromUserName").unwrap_or_default();
    let scene = match event.as_str() {
        "SCAN" => key,
        "subscribe" => key.strip_prefix("qrscene_").unwrap_or("").to_string(),
        _ => String::new(),
    };
    if scene.starts_with("bind_") && !openid.is_empty() {
        db::run(&state.pool, move |c| Ok(scanned(c, &scene, &openid, "微信用户")?)).await?;
    }
    // WeChat wants "success" (or an empty body) so it does not retry.
    Ok(HttpResponse::Ok().content_type("text/plain").body("success"))
}

