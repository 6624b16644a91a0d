//! Partner (zgzx) log-in over HTTP: only requests the partner signed log a user in.

use crate::common::servers_with;
use hmac::Mac;
use serde_json::Value;

const SECRET: &str = "zgzx-shared-secret-2026";

fn sign(platform: &str, id: &str, kind: &str, ts: &str, secret: &str) -> String {
    let message = format!("id={id}&platformId={platform}&ts={ts}&type={kind}");
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(message.as_bytes());
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

fn now_secs() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

#[test]
fn a_signed_partner_request_logs_the_user_in_with_zx_info() {
    for s in servers_with(&[("PARTNERS", &format!("zgzx01:{SECRET}"))]) {
        let client = s.client();
        let ts = now_secs().to_string();
        let sig = sign("zgzx01", "u1001", "1", &ts, SECRET);
        let (status, v) = s.call(&client, "/pclogin/islogin", &[("platformId", "zgzx01"), ("id", "u1001"), ("type", "1"), ("ts", &ts), ("sign", &sig)]);
        assert_eq!(status, 200, "{v}");
        let user = &v["result"];
        assert_eq!(user["zxInfo"]["zxLogin"], true);
        assert_eq!((user["zxInfo"]["p"].as_str(), user["zxInfo"]["id"].as_str()), (Some("zgzx01"), Some("u1001")));
        assert_eq!(user["mobile"], "", "no phone bound yet");
        assert!(user["emptyResumeId"].as_i64().unwrap() > 0);
        let first_id = user["resumeId"].clone();

        // The session sticks: a plain islogin now answers the same user.
        let (_, v) = s.call(&client, "/pclogin/islogin", &[]);
        assert_eq!(v["result"]["zxInfo"]["id"], "u1001");

        // The same link again is a replay; a fresh signature finds the same account.
        let other = s.client();
        let (_, v) = s.call(&other, "/pclogin/islogin", &[("platformId", "zgzx01"), ("id", "u1001"), ("type", "1"), ("ts", &ts), ("sign", &sig)]);
        assert_eq!(v["result"], Value::Null, "replayed");
        let ts2 = (now_secs() + 1).to_string();
        let sig2 = sign("zgzx01", "u1001", "1", &ts2, SECRET);
        let (_, v) = s.call(&other, "/pclogin/islogin", &[("platformId", "zgzx01"), ("id", "u1001"), ("type", "1"), ("ts", &ts2), ("sign", &sig2)]);
        assert_eq!(v["result"]["resumeId"], first_id, "the same account as before");
    }
}

#[test]
fn unsigned_stale_or_forged_partner_requests_get_the_empty_answer() {
    for s in servers_with(&[("PARTNERS", &format!("zgzx01:{SECRET}"))]) {
        let client = s.client();
        let now = now_secs();
        let ts = now.to_string();
        let stale = (now - 3600).to_string();
        let cases: Vec<Vec<(&str, String)>> = vec![
            vec![("platformId", "zgzx01".into()), ("id", "u1".into()), ("type", "1".into())],
            vec![("platformId", "zgzx01".into()), ("id", "u1".into()), ("type", "1".into()), ("ts", ts.clone()), ("sign", "00".repeat(32))],
            vec![("platformId", "zgzx01".into()), ("id", "u1".into()), ("type", "1".into()), ("ts", stale.clone()), ("sign", sign("zgzx01", "u1", "1", &stale, SECRET))],
            vec![("platformId", "zgzx01".into()), ("id", "u1".into()), ("type", "1".into()), ("ts", ts.clone()), ("sign", sign("zgzx01", "u1", "1", &ts, "not-the-shared-secret"))],
            vec![("platformId", "zgzx01".into()), ("id", "u2".into()), ("type", "1".into()), ("ts", ts.clone()), ("sign", sign("zgzx01", "u1", "1", &ts, SECRET))],
            vec![("platformId", "other".into()), ("id", "u1".into()), ("type", "1".into()), ("ts", ts.clone()), ("sign", sign("other", "u1", "1", &ts, SECRET))],
        ];
        for form in cases {
            let f: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let (status, v) = s.call(&client, "/pclogin/islogin", &f);
            assert_eq!((status, &v["result"]), (200, &Value::Null), "{form:?}");
            assert!(client.post(s.url("/ajax/pclogin/islogin")).send().unwrap().headers().get("set-cookie").is_none());
        }
    }
}
