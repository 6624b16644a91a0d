//! `/dev/wx/scan/{scene}`: the dev WeChat provider's stand-in for the phone's scan.

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::api::dev::{dev_page, esc};
use crate::db;
use crate::db::wx_scene::{scanned, SceneStatus};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// GET /dev/wx/scan/{scene}: what the phone shows after "scanning" with the dev provider.
pub async fn dev_scan_page(path: web::Path<String>) -> HttpResponse {
    let scene = esc(&path.into_inner());
    let openid = format!("dev_{:x}", rand::random::<u64>());
    dev_page(
        "模拟微信扫码",
        &format!(
        "<main><h1>模拟微信扫码（开发环境）</h1><p>Stands in for scanning the QR code with WeChat.</p>\
         <form method=\"post\" action=\"/dev/wx/scan/{scene}\"><label for=\"nickname\">微信昵称</label>\
         <input id=\"nickname\" name=\"nickname\" value=\"微信用户\" maxlength=\"32\">\
         <label for=\"openid\">openid</label><input id=\"openid\" name=\"openid\" value=\"{openid}\" maxlength=\"64\">\
         <button type=\"submit\">确认绑定</button></form></main>"
    ),
    )
}

#[derive(Debug, Deserialize)]
pub struct DevScanForm {
    #[serde(default)]
    pub openid: String,
    #[serde(default)]
    pub nickname: String,
}

pub async fn dev_scan(
    state: web::Data<AppState>,
    path: web::Path<String>,
    crate::web::form::Form(form): crate::web::form::Form<DevScanForm>,
) -> ApiResult<HttpResponse> {
    let scene = path.into_inner();
    let openid: String = form.openid.trim().chars().take(64).collect();
    let nickname: String = form.nickname.trim().chars().take(32).collect();
    if openid.is_empty() {
        return Err(ApiError::BadInput("openid".into()));
    }
    let nickname = if nickname.is_empty() { "微信用户".to_string() } else { nickname };
    let status = db::run(&state.pool, move |c| Ok(scanned(c, &scene, &openid, &nickname)?)).await?;
    let text = match status {
        Some(SceneStatus::Bound) => "绑定成功，请回到电脑上查看。",
        Some(_) => "该微信已绑定其他账号。",
        None => "二维码已失效，请在电脑上刷新后重新扫码。",
    };
    Ok(dev_page("模拟微信扫码", &format!("<main><h1>{text}</h1></main>")))
}


/// GET /dev/wx/outbox: the template messages the dev official account would have sent (chat's
/// offline notice), newest first, as JSON.
pub async fn dev_wx_outbox(state: actix_web::web::Data<crate::state::AppState>) -> actix_web::HttpResponse {
    let outbox = crate::providers::wechat::DevWeChat::new(crate::providers::wechat::dev_outbox_path(&state.settings));
    actix_web::HttpResponse::Ok().json(outbox.read(50))
}
