//! The /ajax request client's rules (SPEC sections 7, 8 and 9), free of any browser API
//! so they are tested natively; `wasm.rs` drives them with fetch.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const BASE_PATH: &str = "/ajax";
pub const TIMEOUT_MS: u32 = 10_000;
pub const TOKEN_COOKIE: &str = "token";
pub const FINGER_COOKIE: &str = "finger";
pub const REPEAT_MESSAGE: &str = "request:repeat";

/// The envelope's error object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct ApiError {
    pub code: String,
    pub message: String,
    /// What a code carries besides (docs/api.md "Envelope": CHAT_QUOTA's `{resetsAt}`); absent for the others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional, type = "Record<string, unknown>"))]
    pub data: Option<Value>,
}

/// A failure below the envelope: status 0 for repeat, time-out and network errors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct TransportError {
    pub status: u16,
    pub message: String,
}

impl TransportError {
    pub fn repeat() -> Self {
        Self { status: 0, message: REPEAT_MESSAGE.into() }
    }
}

/// What a call comes to once its response is in.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The envelope's `result` (null when absent).
    Result(Value),
    /// An `error` object: logged, and the call rejects; nothing is shown by the transport.
    Api(ApiError),
    /// 401 and 403: silently ignored.
    Ignored,
    /// Any other failing status, or a body that is not an envelope: logged, and the call rejects.
    Http(TransportError),
}

#[derive(Deserialize)]
struct Envelope {
    #[serde(default)]
    result: Option<Value>,
    #[serde(default)]
    error: Option<ApiError>,
}

pub fn interpret(status: u16, body: &str) -> Outcome {
    if status == 401 || status == 403 {
        return Outcome::Ignored;
    }
    let parsed: Option<Envelope> = serde_json::from_str(body).ok();
    match parsed {
        Some(Envelope { error: Some(e), .. }) => Outcome::Api(e),
        Some(Envelope { result, .. }) if (200..300).contains(&status) => {
            Outcome::Result(result.unwrap_or(Value::Null))
        }
        _ => Outcome::Http(TransportError {
            status,
            message: if (200..300).contains(&status) { "bad envelope".into() } else { format!("HTTP {status}") },
        }),
    }
}

/// The full URL path of a call: `/ajax` + path, whether or not the path starts with '/'.
pub fn call_url(path: &str) -> String {
    if path.starts_with('/') {
        format!("{BASE_PATH}{path}")
    } else {
        format!("{BASE_PATH}/{path}")
    }
}

/// A form body from a JSON object; null values are skipped, strings are sent as they are,
/// other scalars in their JSON spelling, arrays and objects as JSON text.
/// Keys are sorted so that the same payload always makes the same body.
pub fn form_body(payload: &BTreeMap<String, Value>) -> String {
    let mut ser = form_urlencoded::Serializer::new(String::new());
    for (k, v) in payload {
        match v {
            Value::Null => {}
            Value::String(s) => {
                ser.append_pair(k, s);
            }
            other => {
                ser.append_pair(k, &other.to_string());
            }
        }
    }
    ser.finish()
}

/// The value of cookie `name` in a `document.cookie` string, percent-decoded.
pub fn cookie_value(cookies: &str, name: &str) -> Option<String> {
    cookies.split(';').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        if k.trim() != name || v.trim().is_empty() {
            return None;
        }
        let raw = v.trim();
        Some(
            form_urlencoded::parse(format!("v={}", raw.replace('+', "%2B")).as_bytes())
                .next()
                .map(|(_, v)| v.into_owned())
                .unwrap_or_else(|| raw.to_string()),
        )
    })
}

/// The headers a call carries, from the cookies the page can read.
pub fn auth_headers(cookies: &str) -> Vec<(&'static str, String)> {
    // A value a browser would refuse as a header (control or non-ASCII characters) would make
    // fetch throw and every call fail; such a damaged cookie is left out instead.
    let usable = |v: &String| v.bytes().all(|b| (0x20..0x7f).contains(&b));
    let mut headers = Vec::new();
    if let Some(token) = cookie_value(cookies, TOKEN_COOKIE).filter(usable) {
        headers.push(("Authorization", token));
    }
    if let Some(finger) = cookie_value(cookies, FINGER_COOKIE).filter(usable) {
        headers.push(("Finger", finger));
    }
    headers
}

/// Calls in flight, keyed by URL and body: an identical second call is refused.
#[derive(Debug, Default)]
pub struct InFlight {
    keys: HashSet<String>,
}

impl InFlight {
    pub fn key(url: &str, body: &str) -> String {
        format!("{url}\n{body}")
    }

    /// Registers the call; false when an identical one is still in flight.
    pub fn begin(&mut self, key: &str) -> bool {
        self.keys.insert(key.to_string())
    }

    pub fn end(&mut self, key: &str) {
        self.keys.remove(key);
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn success_returns_the_result() {
        assert_eq!(interpret(200, r#"{"result":{"a":1}}"#), Outcome::Result(json!({"a":1})));
        assert_eq!(interpret(200, r#"{"result":null}"#), Outcome::Result(Value::Null));
        assert_eq!(interpret(200, r#"{}"#), Outcome::Result(Value::Null));
    }

    #[test]
    fn an_error_object_rejects_with_code_and_message() {
        let out = interpret(200, r#"{"error":{"code":"LOGIN_FAILED","message":"wrong"}}"#);
        assert_eq!(out, Outcome::Api(ApiError { code: "LOGIN_FAILED".into(), message: "wrong".into(), data: None }));
        let out = interpret(400, r#"{"error":{"code":"BAD_INPUT","message":"x"}}"#);
        assert!(matches!(out, Outcome::Api(ApiError { ref code, .. }) if code == "BAD_INPUT"));
    }

    #[test]
    fn an_errors_data_travels_with_it() {
        let out = interpret(429, r#"{"error":{"code":"CHAT_QUOTA","message":"used up","data":{"resetsAt":1764432000000}}}"#);
        let Outcome::Api(e) = out else { panic!("{out:?}") };
        assert_eq!((e.code.as_str(), e.data), ("CHAT_QUOTA", Some(json!({"resetsAt": 1_764_432_000_000_i64}))));
    }

    #[test]
    fn unauthorised_and_forbidden_are_ignored() {
        assert_eq!(interpret(401, ""), Outcome::Ignored);
        assert_eq!(interpret(403, r#"{"error":{"code":"X","message":"y"}}"#), Outcome::Ignored);
    }

    #[test]
    fn other_statuses_reject_with_the_status() {
        assert_eq!(interpret(502, "<html>"), Outcome::Http(TransportError { status: 502, message: "HTTP 502".into() }));
        assert!(matches!(interpret(200, "not json"), Outcome::Http(TransportError { status: 200, .. })));
    }

    #[test]
    fn urls_sit_under_the_base_path() {
        assert_eq!(call_url("/pclogin/islogin"), "/ajax/pclogin/islogin");
        assert_eq!(call_url("pcuser/saveList"), "/ajax/pcuser/saveList");
    }

    #[test]
    fn form_bodies_are_encoded_and_stable() {
        let mut p = BTreeMap::new();
        p.insert("pagesize".to_string(), json!(10));
        p.insert("page".to_string(), json!(1));
        p.insert("comname".to_string(), json!("腾讯 科技&co"));
        p.insert("skip".to_string(), Value::Null);
        p.insert("flag".to_string(), json!(true));
        assert_eq!(form_body(&p), "comname=%E8%85%BE%E8%AE%AF+%E7%A7%91%E6%8A%80%26co&flag=true&page=1&pagesize=10");
    }

    #[test]
    fn cookies_are_read_by_name() {
        let c = "a=1; token=abc.def.ghi; finger=f%201; tokenx=no";
        assert_eq!(cookie_value(c, "token").as_deref(), Some("abc.def.ghi"));
        assert_eq!(cookie_value(c, "finger").as_deref(), Some("f 1"));
        assert_eq!(cookie_value(c, "missing"), None);
        assert_eq!(cookie_value("token=", "token"), None);
        assert_eq!(
            auth_headers(c),
            vec![("Authorization", "abc.def.ghi".to_string()), ("Finger", "f 1".to_string())]
        );
        assert!(auth_headers("other=1").is_empty());
    }

    #[test]
    fn a_damaged_cookie_never_becomes_a_header_the_browser_would_refuse() {
        // Found by the transport fuzz target: %0A decodes to a newline.
        assert_eq!(auth_headers("token=abc; finger=I%0A%1A"), vec![("Authorization", "abc".to_string())]);
        assert_eq!(auth_headers("token=%E4%BD%A0; finger=f1"), vec![("Finger", "f1".to_string())]);
    }

    #[test]
    fn identical_calls_in_flight_are_refused_until_the_first_ends() {
        let mut f = InFlight::default();
        let k = InFlight::key("/ajax/pcuser/saveList", "page=1&pagesize=10");
        let other = InFlight::key("/ajax/pcuser/saveList", "page=2&pagesize=10");
        assert!(f.begin(&k));
        assert!(!f.begin(&k));
        assert!(f.begin(&other), "a different body is a different call");
        f.end(&k);
        assert!(f.begin(&k));
        assert_eq!(f.len(), 2);
        assert_eq!(TransportError::repeat(), TransportError { status: 0, message: "request:repeat".into() });
    }
}
