//! WeChat binding through a parametric QR code of our official account.
//!
//! The page asks for a scene (a random token tied to the caller) and shows a QR code; the
//! person scans it in WeChat; WeChat posts the scan event, with the scene, to our callback,
//! which binds the scanner's openid to the account. Three faces: `DevWeChat` (the embedded
//! default) encodes a local confirmation page instead, so the flow works on one machine;
//! `OfficialAccount` calls the WeChat API; the tests point `OfficialAccount` at a fake API.
//!
//! The same account sends template messages (模板消息) to users who bound it: chat's offline notice
//! (domain/chat_notice.rs, sent by the notice outbox's worker). The dev face appends them to
//! DATA_DIR/wx_outbox.jsonl, listed on /dev/wx/outbox.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use sha1::Digest;

use crate::providers::sms::SendError;
use crate::settings::{Settings, WeChatProviderKind};

/// How long a binding QR code stays valid.
pub const SCENE_TTL_SECS: i64 = 600;

/// A template message as the notice outbox keeps it (a `wechat` notice's body, in JSON): the
/// template's values by field name, and where tapping it leads.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct TemplateMessage {
    pub url: String,
    pub fields: serde_json::Map<String, serde_json::Value>,
}

pub trait WeChatProvider: Send + Sync {
    fn name(&self) -> &'static str;
    /// What the QR code for `scene` encodes. Blocking.
    fn qr_content(&self, scene: &str, origin: &str) -> Result<String, String>;
    /// Whether a callback request really comes from WeChat.
    fn callback_signed(&self, signature: &str, timestamp: &str, nonce: &str) -> bool;
    /// Whether template messages can go out (the real face needs WECHAT_NOTICE_TEMPLATE).
    fn sends_templates(&self) -> bool;
    /// Sends the template message to `openid`: `fields` are the template's values by name, `url`
    /// what tapping it opens. Blocking. CannotReceive when WeChat refuses the user for good (they
    /// unfollowed the account, or the openid is not ours).
    fn send_template(&self, openid: &str, fields: &serde_json::Map<String, serde_json::Value>, url: &str) -> Result<(), SendError>;
}

/// The embedded default: a local scan page, and template messages kept in a file.
pub struct DevWeChat {
    pub outbox: std::path::PathBuf,
    lock: Mutex<()>,
}

impl DevWeChat {
    pub fn new(outbox: std::path::PathBuf) -> Self {
        Self { outbox, lock: Mutex::new(()) }
    }

    /// The template messages "sent", newest first.
    pub fn read(&self, limit: usize) -> Vec<serde_json::Value> {
        let text = std::fs::read_to_string(&self.outbox).unwrap_or_default();
        text.lines().rev().take(limit).filter_map(|l| serde_json::from_str(l).ok()).collect()
    }
}

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

    fn sends_templates(&self) -> bool {
        true
    }

    fn send_template(&self, openid: &str, fields: &serde_json::Map<String, serde_json::Value>, url: &str) -> Result<(), SendError> {
        use std::io::Write;
        let line = serde_json::json!({ "at": crate::ids::now_ms(), "openid": openid, "data": fields, "url": url });
        let _guard = self.lock.lock().map_err(|_| SendError::Failed("wechat outbox lock".into()))?;
        let mut file =
            std::fs::OpenOptions::new().create(true).append(true).open(&self.outbox).map_err(|e| SendError::Failed(e.to_string()))?;
        writeln!(file, "{line}").map_err(|e| SendError::Failed(e.to_string()))
    }
}

pub struct OfficialAccount {
    pub api_base: String,
    pub app_id: String,
    pub app_secret: String,
    /// The token configured for our callback URL in the official account's settings.
    pub callback_token: String,
    /// The template of chat's offline notice (WECHAT_NOTICE_TEMPLATE); empty: none is sent.
    pub notice_template: String,
    access_token: Mutex<Option<(String, Instant)>>,
}

impl OfficialAccount {
    pub fn new(api_base: String, app_id: String, app_secret: String, callback_token: String) -> Self {
        Self {
            api_base: api_base.trim_end_matches('/').to_string(),
            app_id,
            app_secret,
            callback_token,
            notice_template: String::new(),
            access_token: Mutex::new(None),
        }
    }

    /// Forgets the cached access token (WeChat said it is no longer valid).
    fn drop_access_token(&self) {
        if let Ok(mut guard) = self.access_token.lock() {
            *guard = None;
        }
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
            .map_err(|e| without_url("wechat token", e))?
            .into_json()
            .map_err(|e| format!("wechat token: {e}"))?;
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
            .map_err(|e| without_url("wechat qrcode", e))?
            .into_json()
            .map_err(|e| format!("wechat qrcode: {e}"))?;
        body["url"].as_str().map(str::to_string).ok_or_else(|| format!("wechat qrcode: {body}"))
    }

    fn callback_signed(&self, signature: &str, timestamp: &str, nonce: &str) -> bool {
        !self.callback_token.is_empty() && callback_signature(&self.callback_token, timestamp, nonce) == signature
    }

    fn sends_templates(&self) -> bool {
        !self.notice_template.trim().is_empty()
    }

    /// POST cgi-bin/message/template/send; WeChat answers errcode 0 when it took the message.
    fn send_template(&self, openid: &str, fields: &serde_json::Map<String, serde_json::Value>, url: &str) -> Result<(), SendError> {
        let token = self.access_token().map_err(SendError::Failed)?;
        let data: serde_json::Map<String, serde_json::Value> =
            fields.iter().map(|(k, v)| (k.clone(), serde_json::json!({ "value": v }))).collect();
        let body: serde_json::Value = ureq::post(&format!("{}/cgi-bin/message/template/send", self.api_base))
            .query("access_token", &token)
            .timeout(Duration::from_secs(5))
            .send_json(serde_json::json!({ "touser": openid, "template_id": self.notice_template, "url": url, "data": data }))
            .map_err(|e| SendError::Failed(without_url("wechat template", e)))?
            .into_json()
            .map_err(|e| SendError::Failed(format!("wechat template: {e}")))?;
        match body["errcode"].as_i64().unwrap_or(-1) {
            0 => Ok(()),
            // 40003 an openid not of this account, 43004 the user unfollowed it: retrying cannot help.
            40003 | 43004 => Err(SendError::CannotReceive),
            // The access token expired or was replaced: the next try fetches a new one.
            40001 | 42001 | 40014 => {
                self.drop_access_token();
                Err(SendError::Failed(format!("wechat template: errcode {}", body["errcode"])))
            }
            code => Err(SendError::Failed(format!("wechat template: errcode {code} {}", body["errmsg"].as_str().unwrap_or("")))),
        }
    }
}

/// A failed call to the WeChat API, described without its URL: ureq's own text holds the URL with
/// its query, and the query holds the app secret or an access token, which must never reach a log.
fn without_url(call: &str, e: ureq::Error) -> String {
    match e {
        ureq::Error::Status(status, _) => format!("{call}: HTTP {status}"),
        ureq::Error::Transport(t) => format!("{call}: {}", t.kind()),
    }
}

pub fn provider(settings: &Settings) -> std::sync::Arc<dyn WeChatProvider> {
    let w = &settings.wechat;
    match w.wechat_provider {
        WeChatProviderKind::Official => {
            let mut account = OfficialAccount::new(
                w.wechat_api_base.clone(),
                w.wechat_app_id.clone(),
                w.wechat_app_secret.clone(),
                w.wechat_callback_token.clone(),
            );
            account.notice_template = w.wechat_notice_template.trim().to_string();
            std::sync::Arc::new(account)
        }
        WeChatProviderKind::Dev => std::sync::Arc::new(DevWeChat::new(dev_outbox_path(settings))),
    }
}

/// Where the dev face keeps its template messages.
pub fn dev_outbox_path(settings: &Settings) -> std::path::PathBuf {
    settings.data_dir.join("wx_outbox.jsonl")
}

/// The text of the first `<tag>` in a WeChat XML message, with or without CDATA, trimmed.
/// Read by quick-xml, so entities (`&amp;`, `&#38;`) are resolved; None when the tag is missing
/// or the XML is broken before it closes.
pub fn xml_field(xml: &str, tag: &str) -> Option<String> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut inside = false;
    let mut text = String::new();
    loop {
        match reader.read_event().ok()? {
            Event::Start(e) if !inside && e.name().as_ref() == tag => inside = true,
            Event::Empty(e) if !inside && e.name().as_ref() == tag => return Some(String::new()),
            Event::End(e) if inside && e.name().as_ref() == tag => return Some(text.trim().to_string()),
            Event::Text(t) if inside => text.push_str(&t.xml10_content()),
            Event::CData(c) if inside => text.push_str(&c.into_inner()),
            Event::GeneralRef(r) if inside => match r.resolve_char_ref().ok()? {
                Some(ch) => text.push(ch),
                None => text.push_str(quick_xml::escape::resolve_predefined_entity(&r)?),
            },
            Event::Eof => return None,
            _ => {}
        }
    }
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

    /// A server on loopback that answers every request with `status` and an empty JSON body.
    fn answering(status: u16) -> String {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let mut stream = stream;
                let mut buf = [0u8; 4096];
                let _ = std::io::Read::read(&mut stream, &mut buf);
                let _ = std::io::Write::write_all(&mut stream, format!("HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{{}}").as_bytes());
            }
        });
        base
    }

    #[test]
    fn the_app_secret_never_reaches_an_error_text() {
        const SECRET: &str = "s3cr3t-app-secret-value";
        let closed = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
            format!("http://{}", l.local_addr().expect("addr"))
        };
        for base in [answering(500), answering(403), closed] {
            let wx = OfficialAccount::new(base.clone(), "wxappid".into(), SECRET.into(), "cb".into());
            let error = wx.qr_content("scene1", "http://localhost").expect_err("the API failed");
            assert!(error.starts_with("wechat token: "), "{error}");
            assert!(!error.contains(SECRET) && !error.contains("secret="), "{base}: {error}");
        }
    }

    #[test]
    fn reads_fields_with_and_without_cdata() {
        let xml = "<xml><FromUserName><![CDATA[oABC]]></FromUserName><CreateTime>1700000000</CreateTime>\
                   <Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[bind_x]]></EventKey></xml>";
        assert_eq!(xml_field(xml, "FromUserName").as_deref(), Some("oABC"));
        assert_eq!(xml_field(xml, "CreateTime").as_deref(), Some("1700000000"));
        assert_eq!(xml_field(xml, "EventKey").as_deref(), Some("bind_x"));
        assert_eq!(xml_field(xml, "Missing"), None);
        assert_eq!(xml_field("<xml><A> x &amp; y&#33; </A></xml>", "A").as_deref(), Some("x & y!"));
        assert_eq!(xml_field("<xml><A>never closed</xml>", "A"), None);
    }
}
