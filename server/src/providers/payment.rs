//! Payment providers. The embedded default is the dev provider: its checkout is a local page
//! on which the buyer confirms the payment, so the flow works on one machine, and its refunds
//! succeed at once. `WeChatPay` speaks WeChat Pay's API v3 for refunds (`POST
//! /v3/refund/domestic/refunds`, requests signed with the merchant's RSA key); the tests point it at
//! a fake gateway on loopback. Payment notices end in `orders::mark_paid`.

use base64::Engine;

/// One refund: `refund_no` is the same for every try of one refund, so the vendor refunds once
/// however often it is asked (WeChat Pay answers a repeated `out_refund_no` with the first refund).
#[derive(Debug, Clone)]
pub struct RefundRequest<'a> {
    pub order_no: &'a str,
    pub refund_no: &'a str,
    pub amount_fen: i64,
    /// What was paid for the order.
    pub total_fen: i64,
    pub reason: &'a str,
}

#[derive(Debug, PartialEq, Eq)]
pub enum RefundError {
    /// The vendor refused the refund (no such payment, not enough balance, amount wrong): its code.
    Refused(String),
    /// The vendor could not be reached or answered nonsense; the refund may be tried again.
    Failed(String),
}

pub trait PaymentProvider: Send + Sync {
    fn name(&self) -> &'static str;
    /// Where the buyer goes to pay the order.
    fn checkout_url(&self, order_no: &str) -> String;
    /// Blocking (called off the async workers): refunds `amount_fen` of a paid order. Ok once the
    /// vendor accepted the refund (WeChat Pay's SUCCESS or PROCESSING).
    fn refund(&self, r: &RefundRequest) -> Result<(), RefundError>;
}

pub struct DevPayment;

impl PaymentProvider for DevPayment {
    fn name(&self) -> &'static str {
        "dev"
    }

    fn checkout_url(&self, order_no: &str) -> String {
        format!("/dev/pay/{order_no}")
    }

    fn refund(&self, r: &RefundRequest) -> Result<(), RefundError> {
        if r.amount_fen <= 0 || r.amount_fen > r.total_fen {
            return Err(RefundError::Refused("INVALID_REQUEST".into()));
        }
        tracing::info!(order = r.order_no, refund = r.refund_no, amount = r.amount_fen, "dev payment: refunded");
        Ok(())
    }
}

/// WeChat Pay, API v3. Requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,
/// timestamp=…,serial_no=…,signature=…`, the signature being RSA-SHA256 (PKCS#1 v1.5) over
/// `METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n` with the merchant's private key.
pub struct WeChatPay {
    /// `https://api.mch.weixin.qq.com` (a loopback address in tests).
    pub base_url: String,
    pub mch_id: String,
    /// The serial number of the merchant's API certificate.
    pub serial_no: String,
    key: ring::signature::RsaKeyPair,
    /// Where the buyer pays (the real checkout is not built yet: PAYMENT_PROVIDER stays dev or none).
    pub checkout_base: String,
}

pub const REFUND_PATH: &str = "/v3/refund/domestic/refunds";

impl WeChatPay {
    /// `key_pem`: the merchant's private key, PKCS#8 PEM (apiclient_key.pem).
    pub fn new(base_url: &str, mch_id: &str, serial_no: &str, key_pem: &str) -> Result<Self, String> {
        let der = pem_body(key_pem).ok_or("the merchant key is not a PEM PRIVATE KEY")?;
        let key = ring::signature::RsaKeyPair::from_pkcs8(&der).map_err(|e| format!("the merchant key: {e}"))?;
        Ok(Self {
            base_url: base_url.trim_end_matches('/').to_string(),
            mch_id: mch_id.into(),
            serial_no: serial_no.into(),
            key,
            checkout_base: "/pay".into(),
        })
    }

    /// The Authorization header's value for one request.
    pub fn authorization(&self, method: &str, path: &str, timestamp: i64, nonce: &str, body: &str) -> Result<String, String> {
        let message = format!("{method}\n{path}\n{timestamp}\n{nonce}\n{body}\n");
        let mut signature = vec![0u8; self.key.public().modulus_len()];
        self.key
            .sign(&ring::signature::RSA_PKCS1_SHA256, &ring::rand::SystemRandom::new(), message.as_bytes(), &mut signature)
            .map_err(|e| format!("signing: {e}"))?;
        let signature = base64::engine::general_purpose::STANDARD.encode(signature);
        Ok(format!(
            "WECHATPAY2-SHA256-RSA2048 mchid=\"{}\",nonce_str=\"{nonce}\",timestamp=\"{timestamp}\",serial_no=\"{}\",signature=\"{signature}\"",
            self.mch_id, self.serial_no
        ))
    }
}

/// The DER inside a `-----BEGIN PRIVATE KEY-----` PEM.
fn pem_body(pem: &str) -> Option<Vec<u8>> {
    let start = pem.find("-----BEGIN PRIVATE KEY-----")? + "-----BEGIN PRIVATE KEY-----".len();
    let end = pem[start..].find("-----END PRIVATE KEY-----")? + start;
    let b64: String = pem[start..end].chars().filter(|c| !c.is_whitespace()).collect();
    base64::engine::general_purpose::STANDARD.decode(b64).ok()
}

impl PaymentProvider for WeChatPay {
    fn name(&self) -> &'static str {
        "wechatpay"
    }

    fn checkout_url(&self, order_no: &str) -> String {
        format!("{}/{order_no}", self.checkout_base)
    }

    fn refund(&self, r: &RefundRequest) -> Result<(), RefundError> {
        let body = serde_json::json!({
            "out_trade_no": r.order_no,
            "out_refund_no": r.refund_no,
            "reason": r.reason.chars().take(80).collect::<String>(),
            "amount": { "refund": r.amount_fen, "total": r.total_fen, "currency": "CNY" },
        })
        .to_string();
        let timestamp = crate::ids::now_ms() / 1000;
        let nonce = format!("{:032x}", rand::random::<u128>());
        let auth = self.authorization("POST", REFUND_PATH, timestamp, &nonce, &body).map_err(RefundError::Failed)?;
        let answer = ureq::post(&format!("{}{REFUND_PATH}", self.base_url))
            .timeout(std::time::Duration::from_secs(10))
            .set("Authorization", &auth)
            .set("Accept", "application/json")
            .set("Content-Type", "application/json")
            .set("User-Agent", "zhida-server")
            .send_string(&body);
        let (status, text) = match answer {
            Ok(res) => (res.status(), res.into_string().unwrap_or_default()),
            Err(ureq::Error::Status(code, res)) => (code, res.into_string().unwrap_or_default()),
            Err(e) => return Err(RefundError::Failed(e.to_string())),
        };
        let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        if status == 200 {
            return match json["status"].as_str() {
                Some("SUCCESS" | "PROCESSING") => Ok(()),
                Some(other) => Err(RefundError::Refused(other.to_string())),
                None => Err(RefundError::Failed(format!("no status in the answer: {text}"))),
            };
        }
        let code = json["code"].as_str().unwrap_or("").to_string();
        // 4xx with a code: the vendor's refusal. 5xx (SYSTEM_ERROR) and FREQUENCY_LIMITED: try again.
        if (400..500).contains(&status) && !code.is_empty() && code != "FREQUENCY_LIMITED" {
            Err(RefundError::Refused(code))
        } else {
            Err(RefundError::Failed(format!("HTTP {status} {code}")))
        }
    }
}

/// The configured provider: WeChat Pay when PAYMENT_PROVIDER=wechatpay (its key must read), else dev.
pub fn provider(settings: &crate::settings::Settings) -> Result<Box<dyn PaymentProvider>, String> {
    match settings.payment_provider {
        crate::settings::PaymentProviderKind::Wechatpay => {
            if settings.wechatpay_mch_id.is_empty() || settings.wechatpay_serial_no.is_empty() {
                return Err("PAYMENT_PROVIDER=wechatpay needs WECHATPAY_MCH_ID and WECHATPAY_SERIAL_NO".into());
            }
            let pem = std::fs::read_to_string(&settings.wechatpay_key_file)
                .map_err(|e| format!("WECHATPAY_KEY_FILE {}: {e}", settings.wechatpay_key_file))?;
            Ok(Box::new(WeChatPay::new(&settings.wechatpay_base_url, &settings.wechatpay_mch_id, &settings.wechatpay_serial_no, &pem)?))
        }
        _ => Ok(Box::new(DevPayment)),
    }
}
