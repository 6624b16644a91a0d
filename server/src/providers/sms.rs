//! SMS verification codes and the gateways that deliver them.
//!
//! Three faces of one trait: `DevOutbox` (the embedded default) appends each message to
//! DATA_DIR/outbox.jsonl, listed on /dev/outbox; `Aliyun` speaks Alibaba Cloud SMS's HTTP API
//! with its request signature; the tests point `Aliyun` at a fake gateway on loopback.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use base64::Engine;
use hmac::{Hmac, Mac};

use crate::ids::now_ms;
use crate::settings::{Settings, SmsProviderKind};


#[derive(Debug)]
pub enum SendError {
    /// The gateway says the number cannot receive texts (empty, barred, not a mobile).
    CannotReceive,
    Failed(String),
}

pub trait SmsProvider: Send + Sync {
    fn name(&self) -> &'static str;
    /// Blocking: called off the async workers.
    fn send_code(&self, mobile: &str, code: &str) -> Result<(), SendError>;
    /// Blocking. A notice's whole text; `out_id` is the same for every try of one notice (the
    /// gateway's own field for the sender's reference, so a text sent twice can be told apart).
    fn send_text(&self, mobile: &str, text: &str, out_id: &str) -> Result<(), SendError>;
}

pub struct DevOutbox {
    pub path: PathBuf,
    lock: Mutex<()>,
}

impl DevOutbox {
    pub fn new(path: PathBuf) -> Self {
        Self { path, lock: Mutex::new(()) }
    }

    /// The newest messages first.
    pub fn read(&self, limit: usize) -> Vec<serde_json::Value> {
        let text = std::fs::read_to_string(&self.path).unwrap_or_default();
        text.lines().rev().take(limit).filter_map(|l| serde_json::from_str(l).ok()).collect()
    }
}

impl SmsProvider for DevOutbox {
    fn name(&self) -> &'static str {
        "dev"
    }

    fn send_code(&self, mobile: &str, code: &str) -> Result<(), SendError> {
        let line = serde_json::json!({
            "at": now_ms(),
            "mobile": mobile,
            "code": code,
            "text": format!("【职达招聘】您的验证码是{code}，5分钟内有效。如非本人操作，请忽略本短信。"),
        });
        let _guard = self.lock.lock().map_err(|_| SendError::Failed("outbox lock".into()))?;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .map_err(|e| SendError::Failed(e.to_string()))?;
        writeln!(file, "{line}").map_err(|e| SendError::Failed(e.to_string()))
    }

    fn send_text(&self, mobile: &str, text: &str, out_id: &str) -> Result<(), SendError> {
        let line = serde_json::json!({ "at": now_ms(), "mobile": mobile, "text": text, "outId": out_id });
        let _guard = self.lock.lock().map_err(|_| SendError::Failed("outbox lock".into()))?;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .map_err(|e| SendError::Failed(e.to_string()))?;
        writeln!(file, "{line}").map_err(|e| SendError::Failed(e.to_string()))
    }
}

/// Alibaba Cloud SMS (dysmsapi, API version 2017-05-25, RPC signature v1).
pub struct Aliyun {
    pub endpoint: String,
    pub access_key_id: String,
    pub access_key_secret: String,
    pub sign_name: String,
    pub template_code: String,
    /// The notices' template: `${content}`.
    pub notice_template_code: String,
}

/// What RFC 3986 leaves unencoded: letters, digits and `-_.~`; everything else is `%XX`.
const RFC3986_UNRESERVED: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');

/// RFC 3986 percent-encoding (upper-case hex) as Alibaba Cloud's signature wants it.
pub fn pct(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, RFC3986_UNRESERVED).to_string()
}

/// The `Signature` of an RPC-style request: HMAC-SHA1 over the method and the sorted, encoded query.
pub fn aliyun_signature(method: &str, params: &[(String, String)], secret: &str) -> String {
    let mut sorted: Vec<&(String, String)> = params.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let canonical: Vec<String> = sorted.iter().map(|(k, v)| format!("{}={}", pct(k), pct(v))).collect();
    let to_sign = format!("{method}&{}&{}", pct("/"), pct(&canonical.join("&")));
    let mut mac = match Hmac::<sha1::Sha1>::new_from_slice(format!("{secret}&").as_bytes()) {
        Ok(m) => m,
        Err(_) => return String::new(),
    };
    mac.update(to_sign.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

/// `YYYY-MM-DDTHH:MM:SSZ`, whole seconds: the `time` crate's RFC 3339 (no fraction when there is none).
fn iso8601_utc(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000))
        .ok()
        .and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok())
        .unwrap_or_default()
}

impl SmsProvider for Aliyun {
    fn name(&self) -> &'static str {
        "aliyun"
    }

    fn send_code(&self, mobile: &str, code: &str) -> Result<(), SendError> {
        self.send(mobile, &self.template_code, serde_json::json!({ "code": code }), None)
    }

    fn send_text(&self, mobile: &str, text: &str, out_id: &str) -> Result<(), SendError> {
        self.send(mobile, &self.notice_template_code, serde_json::json!({ "content": text }), Some(out_id))
    }
}

impl Aliyun {
    fn send(&self, mobile: &str, template: &str, param: serde_json::Value, out_id: Option<&str>) -> Result<(), SendError> {
        let mut params: Vec<(String, String)> = [
            ("AccessKeyId", self.access_key_id.as_str()),
            ("Action", "SendSms"),
            ("Format", "JSON"),
            ("PhoneNumbers", mobile),
            ("RegionId", "cn-hangzhou"),
            ("SignName", self.sign_name.as_str()),
            ("SignatureMethod", "HMAC-SHA1"),
            ("SignatureVersion", "1.0"),
            ("TemplateCode", template),
            ("Version", "2017-05-25"),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        params.push(("SignatureNonce".into(), format!("{:x}", rand::random::<u128>())));
        params.push(("TemplateParam".into(), param.to_string()));
        if let Some(out_id) = out_id {
            params.push(("OutId".into(), out_id.to_string()));
        }
        params.push(("Timestamp".into(), iso8601_utc(now_ms())));
        let signature = aliyun_signature("POST", &params, &self.access_key_secret);
        params.push(("Signature".into(), signature));
        let form: Vec<(&str, &str)> = params.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let response = ureq::post(&self.endpoint)
            .timeout(std::time::Duration::from_secs(5))
            .send_form(&form);
        let body: serde_json::Value = match response {
            Ok(r) => r.into_json().map_err(|e| SendError::Failed(e.to_string()))?,
            Err(ureq::Error::Status(_, r)) => r.into_json().unwrap_or_default(),
            Err(e) => return Err(SendError::Failed(e.to_string())),
        };
        match body.get("Code").and_then(|c| c.as_str()).unwrap_or("") {
            "OK" => Ok(()),
            "isv.MOBILE_NUMBER_ILLEGAL" | "isv.MOBILE_COUNT_OVER_LIMIT" | "isv.BLACK_KEY_CONTROL_LIMIT" => {
                Err(SendError::CannotReceive)
            }
            other => Err(SendError::Failed(format!("aliyun: {other} {}", body.get("Message").unwrap_or(&serde_json::Value::Null)))),
        }
    }
}

/// The provider the configuration names.
pub fn provider(settings: &Settings) -> Box<dyn SmsProvider> {
    let s = &settings.sms;
    match s.sms_provider {
        SmsProviderKind::Aliyun => Box::new(Aliyun {
            endpoint: s.aliyun_sms_endpoint.clone(),
            access_key_id: s.aliyun_access_key_id.clone(),
            access_key_secret: s.aliyun_access_key_secret.clone(),
            sign_name: s.aliyun_sms_sign_name.clone(),
            template_code: s.aliyun_sms_template.clone(),
            notice_template_code: settings.notices.aliyun_sms_notice_template.clone(),
        }),
        SmsProviderKind::Dev => Box::new(DevOutbox::new(settings.data_dir.join("outbox.jsonl"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_matches_the_published_rpc_example() {
        // The worked example of Alibaba Cloud's RPC signature documentation (ECS DescribeRegions):
        // the same algorithm signs dysmsapi's SendSms.
        let params: Vec<(String, String)> = [
            ("AccessKeyId", "testid"),
            ("Action", "DescribeRegions"),
            ("Format", "XML"),
            ("SignatureMethod", "HMAC-SHA1"),
            ("SignatureNonce", "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf"),
            ("SignatureVersion", "1.0"),
            ("Timestamp", "2016-02-23T12:46:24Z"),
            ("Version", "2014-05-26"),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        assert_eq!(aliyun_signature("GET", &params, "testsecret"), "OLeaidS1JvxuMvnyHOwuJ+uX5qY=");
        assert_ne!(aliyun_signature("POST", &params, "testsecret"), "OLeaidS1JvxuMvnyHOwuJ+uX5qY=");
    }

    #[test]
    fn percent_encoding_follows_rfc3986() {
        assert_eq!(pct("a b*~"), "a%20b%2A~");
        assert_eq!(pct("阿"), "%E9%98%BF");
    }

    #[test]
    fn iso_timestamps() {
        assert_eq!(iso8601_utc(1_499_827_339_000), "2017-07-12T02:42:19Z");
    }
}
