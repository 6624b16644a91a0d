//! A fake WeChat Pay API v3 on loopback: `POST /v3/refund/domestic/refunds`. It checks each
//! request's Authorization (merchant id, serial number, and the RSA-SHA256 signature over
//! `METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n` with the merchant's public key), refunds once per
//! `out_refund_no` (a repeated number answers the first refund, as WeChat Pay does), refuses a
//! refund above the order's total, and can be told to refuse an order (NOT_ENOUGH) or to fail the
//! first requests (500 SYSTEM_ERROR).

// Test helpers: a failed step panics with its message, as in a #[test] itself.
#![allow(clippy::expect_used)]

use std::collections::{BTreeMap, HashSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use base64::Engine;
use serde_json::{json, Value};

pub const MCH_ID: &str = "1900000109";
pub const SERIAL_NO: &str = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1";
/// The merchant key the server is given (PKCS#8 PEM), made for these tests only.
pub const KEY_PEM: &str = include_str!("../data/wechatpay_test_key.pem");

#[derive(Debug, Clone)]
pub struct Refunded {
    pub out_trade_no: String,
    pub out_refund_no: String,
    pub refund: i64,
    pub total: i64,
    pub reason: String,
}

#[derive(Default)]
pub struct State {
    /// Accepted refunds by out_refund_no.
    pub refunds: Mutex<BTreeMap<String, Refunded>>,
    /// Orders whose refunds are refused with NOT_ENOUGH.
    pub refuse: Mutex<HashSet<String>>,
    /// Answer this many requests with 500 SYSTEM_ERROR.
    pub fail_first: AtomicUsize,
    /// Requests that arrived, and those whose signature did not verify.
    pub requests: AtomicUsize,
    pub bad_signatures: AtomicUsize,
}

pub struct FakeWeChatPay {
    pub base: String,
    pub state: Arc<State>,
}

impl FakeWeChatPay {
    pub fn refunds(&self) -> Vec<Refunded> {
        self.state.refunds.lock().expect("refunds").values().cloned().collect()
    }
}

/// The public key of KEY_PEM, as ring verifies with it.
fn public_key() -> Vec<u8> {
    let body: String = KEY_PEM.lines().filter(|l| !l.starts_with("-----")).collect();
    let der = base64::engine::general_purpose::STANDARD.decode(body).expect("pem");
    let pair = ring::signature::RsaKeyPair::from_pkcs8(&der).expect("pkcs8");
    use ring::signature::KeyPair;
    pair.public_key().as_ref().to_vec()
}

/// The fields of `WECHATPAY2-SHA256-RSA2048 k="v",…`.
fn auth_fields(header: &str) -> Option<BTreeMap<String, String>> {
    let rest = header.strip_prefix("WECHATPAY2-SHA256-RSA2048 ")?;
    Some(
        rest.split(',')
            .filter_map(|kv| {
                let (k, v) = kv.split_once('=')?;
                Some((k.trim().to_string(), v.trim().trim_matches('"').to_string()))
            })
            .collect(),
    )
}

fn verified(method: &str, path: &str, auth: &str, body: &str, key: &[u8]) -> bool {
    let Some(f) = auth_fields(auth) else { return false };
    if f.get("mchid").map(String::as_str) != Some(MCH_ID) || f.get("serial_no").map(String::as_str) != Some(SERIAL_NO) {
        return false;
    }
    let (Some(ts), Some(nonce), Some(sig)) = (f.get("timestamp"), f.get("nonce_str"), f.get("signature")) else { return false };
    let Ok(sig) = base64::engine::general_purpose::STANDARD.decode(sig) else { return false };
    let message = format!("{method}\n{path}\n{ts}\n{nonce}\n{body}\n");
    ring::signature::UnparsedPublicKey::new(&ring::signature::RSA_PKCS1_2048_8192_SHA256, key).verify(message.as_bytes(), &sig).is_ok()
}

fn answer(state: &State, method: &str, path: &str, auth: &str, body: &str, key: &[u8]) -> (u16, Value) {
    state.requests.fetch_add(1, Ordering::SeqCst);
    if method != "POST" || path != "/v3/refund/domestic/refunds" {
        return (404, json!({ "code": "NOT_FOUND", "message": "no such API" }));
    }
    if !verified(method, path, auth, body, key) {
        state.bad_signatures.fetch_add(1, Ordering::SeqCst);
        return (401, json!({ "code": "SIGN_ERROR", "message": "签名错误" }));
    }
    if state.fail_first.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_ok() {
        return (500, json!({ "code": "SYSTEM_ERROR", "message": "系统错误" }));
    }
    let v: Value = serde_json::from_str(body).unwrap_or_default();
    let (Some(trade), Some(refund_no), Some(refund), Some(total)) =
        (v["out_trade_no"].as_str(), v["out_refund_no"].as_str(), v["amount"]["refund"].as_i64(), v["amount"]["total"].as_i64())
    else {
        return (400, json!({ "code": "PARAM_ERROR", "message": "参数错误" }));
    };
    let mut refunds = state.refunds.lock().expect("refunds");
    let body_of = |r: &Refunded| json!({ "refund_id": format!("50000{}", r.out_refund_no.len()), "out_refund_no": r.out_refund_no, "out_trade_no": r.out_trade_no, "status": "PROCESSING", "amount": { "refund": r.refund, "total": r.total } });
    if let Some(r) = refunds.get(refund_no) {
        return (200, body_of(r));
    }
    if state.refuse.lock().expect("refuse").contains(trade) {
        return (403, json!({ "code": "NOT_ENOUGH", "message": "基本账户余额不足" }));
    }
    if v["amount"]["currency"] != "CNY" || refund <= 0 || refund > total {
        return (400, json!({ "code": "INVALID_REQUEST", "message": "退款金额不正确" }));
    }
    let r = Refunded { out_trade_no: trade.into(), out_refund_no: refund_no.into(), refund, total, reason: v["reason"].as_str().unwrap_or("").into() };
    let out = body_of(&r);
    refunds.insert(refund_no.into(), r);
    (200, out)
}

pub fn fake_wechatpay() -> FakeWeChatPay {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let state = Arc::new(State::default());
    let shared = state.clone();
    let key = public_key();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let state = shared.clone();
            let key = key.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().expect("clone"));
                let mut line = String::new();
                if reader.read_line(&mut line).is_err() {
                    return;
                }
                let mut parts = line.split_whitespace();
                let (method, path) = (parts.next().unwrap_or("").to_string(), parts.next().unwrap_or("").to_string());
                let (mut length, mut auth) = (0usize, String::new());
                loop {
                    let mut h = String::new();
                    if reader.read_line(&mut h).unwrap_or(0) == 0 || h.trim().is_empty() {
                        break;
                    }
                    if let Some((name, value)) = h.split_once(':') {
                        match name.trim().to_ascii_lowercase().as_str() {
                            "content-length" => length = value.trim().parse().unwrap_or(0),
                            "authorization" => auth = value.trim().to_string(),
                            _ => {}
                        }
                    }
                }
                let mut body = vec![0u8; length];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                let (status, v) = answer(&state, &method, &path, &auth, &String::from_utf8_lossy(&body), &key);
                let text = v.to_string();
                let mut out = stream;
                let _ = write!(
                    out,
                    "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
                    text.len()
                );
            });
        }
    });
    FakeWeChatPay { base, state }
}
