//! The login check, log-in and log-out over HTTP, on every engine.

use crate::common;

use crate::common::{code, login, servers, servers_with, DEMO_MOBILE};
use serde_json::Value;

#[test]
fn islogin_is_empty_for_a_visitor_and_the_user_record_after_login() {
    for s in servers() {
        let client = s.client();
        let (status, v) = s.call(&client, "/pclogin/islogin", &[]);
        assert_eq!((status, &v["result"]), (200, &Value::Null), "{}", s.engine);

        let user = login(&s, &client);
        for field in ["mobile", "hasPassword", "url", "name", "resumeId", "resumeType", "emptyResumeId", "zxInfo"] {
            assert!(user.get(field).is_some(), "{}: {field} missing in {user}", s.engine);
        }
        assert_eq!(user["mobile"], DEMO_MOBILE);
        assert_eq!(user["name"], "张伟");
        assert_eq!(user["hasPassword"], true);
        let resume_id = user["resumeId"].as_i64().expect("resumeId");
        assert!(resume_id > 0 && resume_id < (1 << 53));
        assert!(user["url"].as_str().expect("url").contains(&resume_id.to_string()));

        let (_, v) = s.call(&client, "/pclogin/islogin", &[("finger", "abc")]);
        assert_eq!(v["result"]["mobile"], DEMO_MOBILE, "{}", s.engine);
    }
}

#[test]
fn the_session_cookie_is_httponly_and_samesite() {
    for s in servers() {
        let client = s.client();
        let res = client
            .post(s.url("/ajax/pclogin/login"))
            .form(&[("mobile", DEMO_MOBILE), ("password", common::DEMO_PASSWORD)])
            .send()
            .expect("send");
        let cookie = res.headers().get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        assert!(cookie.starts_with("token="), "{cookie}");
        assert!(cookie.contains("HttpOnly"), "{cookie}");
        assert!(cookie.contains("SameSite=Lax"), "{cookie}");
        assert!(cookie.contains("Path=/"), "{cookie}");
    }
}

#[test]
fn the_token_also_works_from_the_authorization_header() {
    for s in servers() {
        let client = s.client();
        let res = client
            .post(s.url("/ajax/pclogin/login"))
            .form(&[("mobile", DEMO_MOBILE), ("password", common::DEMO_PASSWORD)])
            .send()
            .expect("send");
        let cookie = res.headers().get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let token = cookie.trim_start_matches("token=").split(';').next().unwrap_or("").to_string();
        assert!(token.len() > 20);
        let bare = reqwest::blocking::Client::new();
        for header in [token.clone(), format!("Bearer {token}")] {
            let res = bare.post(s.url("/ajax/pclogin/islogin")).header("Authorization", header).send().expect("send");
            let (_, v) = common::envelope(res);
            assert_eq!(v["result"]["mobile"], DEMO_MOBILE, "{}", s.engine);
        }
        let forged = format!("{}x", &token[..token.len() - 1]);
        let res = bare.post(s.url("/ajax/pclogin/islogin")).header("Authorization", forged).send().expect("send");
        assert_eq!(common::envelope(res).1["result"], Value::Null, "a forged signature is refused");
    }
}

#[test]
fn logout_revokes_the_session_on_the_server() {
    for s in servers() {
        let client = s.client();
        let res = client
            .post(s.url("/ajax/pclogin/login"))
            .form(&[("mobile", DEMO_MOBILE), ("password", common::DEMO_PASSWORD)])
            .send()
            .expect("send");
        let cookie = res.headers().get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let token = cookie.trim_start_matches("token=").split(';').next().unwrap_or("").to_string();

        let (status, v) = s.call(&client, "/pclogin/logout", &[]);
        assert_eq!((status, &v["result"]), (200, &Value::Bool(true)));
        // The old token, replayed by someone who kept it, no longer works.
        let res = reqwest::blocking::Client::new()
            .post(s.url("/ajax/pclogin/islogin"))
            .header("Authorization", token.clone())
            .send()
            .expect("send");
        assert_eq!(common::envelope(res).1["result"], Value::Null, "{}", s.engine);
        let (_, v) = s.call(&client, "/pclogin/islogin", &[]);
        assert_eq!(v["result"], Value::Null);
        // Nor on the lists that check the session inside their own database trip.
        for path in ["/pcuser/applyList", "/pcuser/saveList", "/pcuser/shieldSearch"] {
            let res = reqwest::blocking::Client::new()
                .post(s.url(&format!("/ajax{path}")))
                .header("Authorization", token.clone())
                .form(&[("page", "1"), ("pagesize", "10"), ("comname", "腾讯")])
                .send()
                .expect("send");
            let (status, v) = common::envelope(res);
            assert_eq!((status, common::code(&v)), (401, "NOT_LOGGED_IN"), "{path} {}: {v}", s.engine);
        }
    }
}

#[test]
fn wrong_passwords_and_bad_input_get_envelope_errors() {
    for s in servers() {
        let client = s.client();
        let (status, v) = s.call(&client, "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", "wrong123")]);
        assert_eq!((status, code(&v)), (400, "LOGIN_FAILED"), "{v}");
        let (_, v) = s.call(&client, "/pclogin/login", &[("mobile", "13900000009"), ("password", "whatever1")]);
        assert_eq!(code(&v), "LOGIN_FAILED", "an unknown mobile answers like a wrong password");
        let (status, v) = s.call(&client, "/pclogin/login", &[("mobile", "138"), ("password", "demo1234")]);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"));
        let (_, v) = s.call(&client, "/pclogin/login", &[("mobile", "13800000000' OR '1'='1"), ("password", "x")]);
        assert_eq!(code(&v), "BAD_INPUT");
        let (status, v) = s.call(&client, "/nope/nothing", &[]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"));
    }
}

#[test]
fn repeated_failures_lock_the_account_for_a_while() {
    for s in servers() {
        let client = s.client();
        let mobile = "13700000001";
        let mut codes = Vec::new();
        for _ in 0..7 {
            let (_, v) = s.call(&client, "/pclogin/login", &[("mobile", mobile), ("password", "wrong123")]);
            codes.push(code(&v).to_string());
        }
        assert_eq!(codes[..5], ["LOGIN_FAILED"; 5]);
        assert_eq!(codes[5..], ["RATE_LIMITED"; 2], "{}", s.engine);
        // Another account is not affected.
        login(&s, &client);
    }
}

#[test]
fn calls_from_another_site_are_refused() {
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        let res = client
            .post(s.url("/ajax/pclogin/logout"))
            .header("Origin", "https://evil.example")
            .send()
            .expect("send");
        let (status, v) = common::envelope(res);
        assert_eq!((status, code(&v)), (403, "ORIGIN_REFUSED"));
        let (_, v) = s.call(&client, "/pclogin/islogin", &[]);
        assert_eq!(v["result"]["mobile"], DEMO_MOBILE, "the refused logout changed nothing");
        let res = client.post(s.url("/ajax/pclogin/islogin")).header("Origin", &s.base).send().expect("send");
        assert_eq!(common::envelope(res).0, 200, "our own origin passes");
    }
}

#[test]
fn responses_carry_a_strict_content_security_policy() {
    for s in servers() {
        let res = s.client().post(s.url("/ajax/pclogin/islogin")).send().expect("send");
        let csp = res.headers().get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        assert!(csp.contains("default-src 'self'"), "{csp}");
        assert!(csp.contains("script-src 'self' 'wasm-unsafe-eval'"), "{csp}");
        assert!(!csp.contains("unsafe-eval'") || csp.contains("wasm-unsafe-eval"), "{csp}");
        assert_eq!(res.headers().get("x-content-type-options").and_then(|v| v.to_str().ok()), Some("nosniff"));
    }
}

#[test]
fn https_answers_tell_browsers_to_stay_on_https_and_http_ones_do_not() {
    // Only a trusted proxy may say the browser came over https.
    for s in servers() {
        let res = s.client().post(s.url("/ajax/pclogin/islogin")).header("X-Forwarded-Proto", "https").send().expect("send");
        assert_eq!(res.headers().get("strict-transport-security"), None, "an untrusted peer's X-Forwarded-Proto is ignored");
    }
    for s in servers_with(&[("TRUSTED_PROXIES", "127.0.0.1/32,::1")]) {
        let hsts = |proto: Option<&str>| {
            let mut req = s.client().post(s.url("/ajax/pclogin/islogin"));
            if let Some(p) = proto {
                req = req.header("X-Forwarded-Proto", p);
            }
            let res = req.send().expect("send");
            res.headers().get("strict-transport-security").and_then(|v| v.to_str().ok()).map(str::to_string)
        };
        assert_eq!(hsts(Some("https")).as_deref(), Some("max-age=31536000; includeSubDomains"), "{}", s.engine);
        assert_eq!(hsts(None), None, "plain http gets no HSTS");
        assert_eq!(hsts(Some("http")), None);
    }
}

#[test]
fn the_company_login_check_answers_false_without_a_recruiter_session() {
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        let (status, v) = s.call(&client, "/pclogin/isComLogin", &[]);
        assert_eq!((status, &v["result"]), (200, &Value::Bool(false)));
    }
}
