//! Changing the log-in mobile tells the old number (issue 20 §6): a text through the SMS provider
//! (here the Alibaba Cloud face against a fake gateway on loopback) reaches the old mobile, and the
//! new mobile gets nothing but its code; a refused change tells no one. SQLite and PostgreSQL.

use crate::common::fakes;
use crate::common::slider;

use std::time::{Duration, Instant};

use crate::common::{code, login, servers_with, DEMO_MOBILE, DEMO_PASSWORD};
use serde_json::Value;

/// The codes the gateway was asked to send to `mobile`, oldest first.
fn codes_to(sms: &fakes::FakeSms, mobile: &str) -> Vec<String> {
    sms.accepted
        .lock()
        .expect("lock")
        .iter()
        .filter(|p| p.iter().any(|(k, v)| k == "PhoneNumbers" && v == mobile))
        .filter_map(|p| p.iter().find(|(k, _)| k == "TemplateParam").map(|(_, v)| v.clone()))
        .filter_map(|param| serde_json::from_str::<Value>(&param).ok()?["code"].as_str().map(str::to_string))
        .collect()
}

/// The notices' texts (not codes) the gateway accepted for `mobile`.
fn notices_to(sms: &fakes::FakeSms, mobile: &str) -> Vec<String> {
    sms.texts().into_iter().filter(|(to, text, _)| to == mobile && !text.is_empty()).map(|(_, text, _)| text).collect()
}

#[test]
fn the_old_mobile_is_told_of_the_change_and_the_new_one_is_not() {
    let sms = fakes::fake_sms();
    let env = [
        ("SMS_PROVIDER", "aliyun"),
        ("ALIYUN_SMS_ENDPOINT", sms.url.as_str()),
        ("ALIYUN_SMS_NOTICE_TEMPLATE", "SMS_NOTICE"),
        ("SMS_MIN_INTERVAL_SECS", "0"),
        ("MAIL_PROVIDER", "smtp"),
        ("SMTP_URL", "smtp://127.0.0.1:25"),
    ];
    for (n, s) in servers_with(&env).into_iter().enumerate() {
        // Each engine's demo candidate moves to a number of its own: the gateway is shared.
        let new_mobile = format!("1350000{}{}21", n, n);
        let client = s.client();
        login(&s, &client);
        let verification = slider::verification(&s.base, &client);
        let (status, v) = s.call(&client, "/pcuser/sendCode", &[("mobile", &new_mobile), ("captchaVerification", &verification), ("scene", "bind")]);
        assert_eq!(status, 200, "{v}");
        let sent = codes_to(&sms, &new_mobile);
        let bind_code = sent.last().expect("a code to the new mobile").clone();

        // Refused (wrong password): nothing changes and nobody is told.
        let before = notices_to(&sms, DEMO_MOBILE).len();
        let (_, v) = s.call(&client, "/pcuser/modifyMobile", &[("mobile", &new_mobile), ("code", &bind_code), ("password", "wrong9999")]);
        assert_eq!(code(&v), "ORIGINAL_PASSWORD_WRONG");

        let (status, v) = s.call(&client, "/pcuser/modifyMobile", &[("mobile", &new_mobile), ("code", &bind_code), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["mobile"], new_mobile.as_str());

        let deadline = Instant::now() + Duration::from_secs(10);
        while notices_to(&sms, DEMO_MOBILE).len() == before && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let told = notices_to(&sms, DEMO_MOBILE);
        assert_eq!(told.len(), before + 1, "{}: one text to the old mobile: {told:?}", s.engine);
        let text = told.last().expect("text");
        assert!(text.contains("登录手机号已改为") && text.contains(&new_mobile[7..]) && !text.contains(&new_mobile), "{text}");
        // The new mobile got its code and nothing else, also a moment later.
        std::thread::sleep(Duration::from_millis(300));
        assert!(notices_to(&sms, &new_mobile).is_empty(), "{:?}", notices_to(&sms, &new_mobile));
        assert_eq!(codes_to(&sms, &new_mobile).len(), sent.len());
    }
}
