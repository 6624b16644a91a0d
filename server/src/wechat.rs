//! WeChat binding through a parametric QR code of our official account.
//!
//! The page asks for a scene (a random token tied to the caller) and shows a QR code; the
//! person scans it in WeChat; WeChat posts the scan event, with the scene, to our callback,
//! which binds the scanner's openid to the account. Three faces: `DevWeChat` (the embedded
//! default) encodes a local confirmation page instead, so the flow works on one machine;
//! `OfficialAccount` calls the WeChat API; the tests point `OfficialAccount` at a fake API.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::{web, HttpResponse};
use base64::Engine;
use diesel::prelude::*;
use serde::Deserialize;
use sha1::Digest;

use crate::db::{self, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::now_ms;
use crate::schema::{users, wx_scenes};
use crate::state::AppState;

pub const SCENE_TTL_SECS: i64 = 600;
pub const WAITING: i32 = 1;
pub const BOUND: i32 = 2;
pub const REFUSED: i32 = 3;

pub trait WeChatProvider: Send + Sync {
    fn name(&self) -> &'static str;
    /// What the QR code for `scene` encodes. Blocking.
    fn qr_content(&self, scene: &str, origin: &str) -> Result<String, String>;
    /// Whether a callback request really comes from WeChat.
    fn callback_signed(&self, signature: &str, timestamp: &str, nonce: &str) -> bool;
}

pub struct DevWeChat;

impl WeChatProvider for DevWeChat {
    fn name(&self) -> &'static str {
        "dev"
    }

    fn qr_content(&self, scene: &str, origin: &str) -> Result<String, String> {
        Ok(format!("{origin}/dev/wx/scan/{scene}"))
    }

    fn callback_signed(&self, _: &str, _: &str, _: &str) -> bool {
        false
    }
}

pub struct OfficialAccount {
    pub api_base: String,
    pub app_id: String,
    pub app_secret: String,
    /// The token configured for our callback URL in the official account's settings.
    pub callback_token: String,
    access_token: Mutex<Option<(String, Instant)>>,
}

impl OfficialAccount {
    pub fn new(api_base: String, app_id: String, app_secret: String, callback_token: String) -> Self {
        Self { api_base: api_base.trim_end_matches('/').to_string(), app_id, app_secret, callback_token, access_token: Mutex::new(None) }
    }

    fn access_token(&self) -> Result<String, String> {
        if let Ok(guard) = self.access_token.lock() {
            if let Some((token, until)) = guard.as_ref() {
                if Instant::now() < *until {
                    return Ok(token.clone());
                }
            }
        }
        let url = format!("{}/cgi-bin/token", self.api_base);
        let body: serde_json::Value = ureq::get(&url)
            .query("grant_type", "client_credential")
            .query("appid", &self.app_id)
            .query("secret", &self.app_secret)
            .timeout(Duration::from_secs(5))
            .call()
            .map_err(|e| e.to_string())?
            .into_json()
            .map_err(|e| e.to_string())?;
        let token = body["access_token"].as_str().ok_or_else(|| format!("wechat token: {body}"))?.to_string();
        let secs = body["expires_in"].as_u64().unwrap_or(7200).saturating_sub(300);
        if let Ok(mut guard) = self.access_token.lock() {
            *guard = Some((token.clone(), Instant::now() + Duration::from_secs(secs)));
        }
        Ok(token)
    }
}

/// WeChat's callback signature: SHA-1 of token, timestamp and nonce, sorted and joined.
pub fn callback_signature(token: &str, timestamp: &str, nonce: &str) -> String {
    let mut parts = [token, timestamp, nonce];
    parts.sort();
    let digest = sha1::Sha1::digest(parts.concat().as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

impl WeChatProvider for OfficialAccount {
    fn name(&self) -> &'static str {
        "official"
    }

    fn qr_content(&self, scene: &str, _origin: &str) -> Result<String, String> {
        let token = self.access_token()?;
        let url = format!("{}/cgi-bin/qrcode/create", self.api_base);
        let body: serde_json::Value = ureq::post(&url)
            .query("access_token", &token)
            .timeout(Duration::from_secs(5))
            .send_json(serde_json::json!({
                "expire_seconds": SCENE_TTL_SECS,
                "action_name": "QR_STR_SCENE",
                "action_info": { "scene": { "scene_str": scene } },
            }))
            .map_err(|e| e.to_string())?
            .into_json()
            .map_err(|e| e.to_string())?;
        body["url"].as_str().map(str::to_string).ok_or_else(|| format!("wechat qrcode: {body}"))
    }

    fn callback_signed(&self, signature: &str, timestamp: &str, nonce: &str) -> bool {
        !self.callback_token.is_empty() && callback_signature(&self.callback_token, timestamp, nonce) == signature
    }
}

pub fn provider(settings: &crate::settings::Settings) -> Box<dyn WeChatProvider> {
    let w = &settings.wechat;
    match w.wechat_provider.as_str() {
        "official" => Box::new(OfficialAccount::new(
            w.wechat_api_base.clone(),
            w.wechat_app_id.clone(),
            w.wechat_app_secret.clone(),
            w.wechat_callback_token.clone(),
        )),
        _ => Box::new(DevWeChat),
    }
}

pub fn new_scene() -> String {
    format!("bind_{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 18]>()))
}

pub fn create_scene(conn: &mut DbConnection, scene: &str, user: i64) -> QueryResult<i64> {
    let now = now_ms();
    let expires = now + SCENE_TTL_SECS * 1000;
    diesel::insert_into(wx_scenes::table)
        .values((
            wx_scenes::scene.eq(scene),
            wx_scenes::user_id.eq(user),
            wx_scenes::status.eq(WAITING),
            wx_scenes::created_at.eq(now),
            wx_scenes::expires_at.eq(expires),
        ))
        .execute(conn)?;
    Ok(expires)
}

/// A scan of `scene` by `openid`: binds it to the scene's account unless that WeChat already
/// belongs to another account. Returns the scene's new status, or None for an unknown or
/// stale scene.
pub fn scanned(conn: &mut DbConnection, scene: &str, openid: &str, nickname: &str) -> QueryResult<Option<i32>> {
    conn.transaction(|c| {
        let found: Option<(i64, i32, i64)> = wx_scenes::table
            .find(scene)
            .select((wx_scenes::user_id, wx_scenes::status, wx_scenes::expires_at))
            .first(c)
            .optional()?;
        let Some((user, WAITING, expires)) = found else { return Ok(None) };
        if expires <= now_ms() {
            return Ok(None);
        }
        let owner: Option<i64> = users::table.filter(users::wx_openid.eq(openid)).select(users::id).first(c).optional()?;
        let status = match owner {
            Some(other) if other != user => REFUSED,
            _ => {
                diesel::update(users::table.find(user))
                    .set((users::wx_openid.eq(Some(openid)), users::wx_nickname.eq(Some(nickname))))
                    .execute(c)?;
                BOUND
            }
        };
        diesel::update(wx_scenes::table.find(scene)).set(wx_scenes::status.eq(status)).execute(c)?;
        Ok(Some(status))
    })
}

/// The text of `<tag>` in a WeChat XML message, with or without CDATA.
pub fn xml_field(xml: &str, tag: &str) -> Option<String> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let start = xml.find(&open)? + open.len();
    let end = start + xml[start..].find(&close)?;
    let raw = xml[start..end].trim();
    Some(raw.strip_prefix("<![CDATA[").and_then(|r| r.strip_suffix("]]>")).unwrap_or(raw).to_string())
}

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

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn dev_page(body: &str) -> HttpResponse {
    HttpResponse::Ok().content_type("text/html; charset=utf-8").body(format!(
        "<!doctype html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>模拟微信扫码</title><style>body{{font-family:system-ui,'Noto Sans CJK SC',sans-serif;background:#ededed;margin:0}}\
         main{{max-width:380px;margin:40px auto;background:#fff;border-radius:8px;padding:24px}}h1{{font-size:18px}}\
         label{{display:block;margin:12px 0 4px;color:#666}}input{{width:100%;box-sizing:border-box;padding:8px;border:1px solid #ccc;border-radius:4px}}\
         button{{margin-top:18px;width:100%;padding:12px;border:0;border-radius:6px;background:#07c160;color:#fff;font-size:16px}}\
         p{{color:#666}}</style></head><body><main>{body}</main></body></html>"
    ))
}

/// GET /dev/wx/scan/{scene}: what the phone shows after "scanning" with the dev provider.
pub async fn dev_scan_page(path: web::Path<String>) -> HttpResponse {
    let scene = esc(&path.into_inner());
    let openid = format!("dev_{:x}", rand::random::<u64>());
    dev_page(&format!(
        "<h1>模拟微信扫码（开发环境）</h1><p>Stands in for scanning the QR code with WeChat.</p>\
         <form method=\"post\" action=\"/dev/wx/scan/{scene}\"><label for=\"nickname\">微信昵称</label>\
         <input id=\"nickname\" name=\"nickname\" value=\"微信用户\" maxlength=\"32\">\
         <label for=\"openid\">openid</label><input id=\"openid\" name=\"openid\" value=\"{openid}\" maxlength=\"64\">\
         <button type=\"submit\">确认绑定</button></form>"
    ))
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
    crate::api::form::Form(form): crate::api::form::Form<DevScanForm>,
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
        Some(BOUND) => "绑定成功，请回到电脑上查看。",
        Some(_) => "该微信已绑定其他账号。",
        None => "二维码已失效，请在电脑上刷新后重新扫码。",
    };
    Ok(dev_page(&format!("<h1>{text}</h1>")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_is_sha1_of_the_sorted_parts() {
        // sha1("123abcnonce") computed independently: sorted order is "123", "abc", "nonce".
        let sig = callback_signature("abc", "123", "nonce");
        assert_eq!(sig.len(), 40);
        assert_eq!(sig, callback_signature("abc", "123", "nonce"));
        assert_ne!(sig, callback_signature("abd", "123", "nonce"));
        let direct: String = sha1::Sha1::digest(b"123abcnonce").iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(sig, direct);
    }

    #[test]
    fn reads_fields_with_and_without_cdata() {
        let xml = "<xml><FromUserName><![CDATA[oABC]]></FromUserName><CreateTime>1700000000</CreateTime>\
                   <Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[bind_x]]></EventKey></xml>";
        assert_eq!(xml_field(xml, "FromUserName").as_deref(), Some("oABC"));
        assert_eq!(xml_field(xml, "CreateTime").as_deref(), Some("1700000000"));
        assert_eq!(xml_field(xml, "EventKey").as_deref(), Some("bind_x"));
        assert_eq!(xml_field(xml, "Missing"), None);
    }
}
