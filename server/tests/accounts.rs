//! Accounts over HTTP: slider captcha, SMS codes (dev outbox and a fake Alibaba Cloud gateway),
//! registration, log-in by code, password reset and change, mobile and email, disabling.

use crate::common;
use crate::common::outbox_code;
use crate::common::slider;

use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use base64::Engine;
use crate::common::{code, login, servers, servers_with, TestServer, COMPANY_MOBILE, DEMO_MOBILE, DEMO_PASSWORD};
use hmac::Mac;
use reqwest::blocking::Client;
use serde_json::Value;
use server::db::schema::sms_codes;

fn verification(s: &TestServer, client: &Client) -> String {
    let (status, v) = s.call(client, "/slider/init", &[]);
    assert_eq!(status, 200, "{v}");
    let x = slider::solve(&s.url(""), &v["result"]).to_string();
    let track = slider::track(x.parse().expect("x"));
    let token = v["result"]["token"].as_str().expect("token").to_string();
    let (status, v) = s.call(client, "/slider/test", &[("token", &token), ("x", &x), ("track", &track)]);
    assert_eq!(status, 200, "the solver found the gap: {v}");
    v["result"]["captchaVerification"].as_str().expect("verification").to_string()
}

fn send_code(s: &TestServer, client: &Client, mobile: &str, scene: &str) -> (u16, Value) {
    let v = verification(s, client);
    s.call(client, "/pcuser/sendCode", &[("mobile", mobile), ("captchaVerification", &v), ("scene", scene)])
}

#[test]
fn the_slider_needs_the_right_position_and_each_verification_sends_once() {
    for s in servers() {
        let client = s.client();
        let (_, v) = s.call(&client, "/pcuser/sendCode", &[("mobile", "13600000001"), ("scene", "register")]);
        assert_eq!(code(&v), "CAPTCHA_REQUIRED");

        let (_, ch) = s.call(&client, "/slider/init", &[]);
        let x = slider::solve(&s.url(""), &ch["result"]);
        let token = ch["result"]["token"].as_str().unwrap().to_string();
        let (_, v) = s.call(&client, "/slider/test", &[("token", &token), ("x", &(x + 30).to_string()), ("track", &slider::track(x + 30))]);
        assert_eq!(code(&v), "CAPTCHA_FAILED", "30 px off");
        let (_, v) = s.call(&client, "/slider/test", &[("token", &token), ("x", &x.to_string()), ("track", &slider::track(x))]);
        assert_eq!(code(&v), "CAPTCHA_FAILED", "a missed picture cannot be tried again");
        let (_, v) = s.call(&client, "/slider/test", &[("token", "x"), ("x", "abc")]);
        assert_eq!(code(&v), "BAD_INPUT");

        let ver = verification(&s, &client);
        let form = [("mobile", "13600000001"), ("captchaVerification", ver.as_str()), ("scene", "register")];
        let (status, v) = s.call(&client, "/pcuser/sendCode", &form);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&client, "/pcuser/sendCode", &form);
        assert_eq!(code(&v), "CAPTCHA_REQUIRED", "the verification is spent");
        let (_, v) = send_code(&s, &client, "13600000001", "register");
        assert_eq!(code(&v), "SMS_TOO_FREQUENT");
        let code_sent = outbox_code(&s, "13600000001");
        assert_eq!(code_sent.len(), 6);
    }
}

#[test]
fn too_many_missed_slides_lock_the_client_out() {
    for s in servers() {
        let client = s.client();
        for _ in 0..5 {
            let (_, ch) = s.call(&client, "/slider/init", &[]);
            let token = ch["result"]["token"].as_str().unwrap().to_string();
            let (_, v) = s.call(&client, "/slider/test", &[("token", &token), ("x", "-100")]);
            assert_eq!(code(&v), "CAPTCHA_FAILED");
        }
        let (status, v) = s.call(&client, "/slider/init", &[]);
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"));
    }
}

#[test]
fn register_checks_every_rule_then_logs_in_with_an_empty_resume() {
    for s in servers() {
        let client = s.client();
        let mobile = "13600000002";
        let (_, v) = send_code(&s, &client, DEMO_MOBILE, "register");
        assert_eq!(code(&v), "MOBILE_REGISTERED");
        let (status, v) = send_code(&s, &client, mobile, "register");
        assert_eq!(status, 200, "{v}");
        let sms_code = outbox_code(&s, mobile);
        let wrong = if sms_code == "000000" { "111111" } else { "000000" };

        let base = |code: &str, pw: &str, confirm: &str, agree: &str| {
            [("mobile", mobile.to_string()), ("code", code.to_string()), ("password", pw.to_string()),
             ("confirmPassword", confirm.to_string()), ("agree", agree.to_string())]
        };
        let call = |form: [(&str, String); 5]| {
            let f: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            s.call(&client, "/pclogin/register", &f)
        };
        assert_eq!(code(&call(base(&sms_code, "lvse2026a", "lvse2026a", "0")).1), "AGREEMENT_REQUIRED");
        assert_eq!(code(&call(base(&sms_code, "lvse2026a", "abc12346", "1")).1), "PASSWORDS_DIFFER");
        let (_, v) = call(base(&sms_code, "12345678", "12345678", "1"));
        assert_eq!((code(&v), v["error"]["message"].as_str()), ("BAD_INPUT", Some("password.onlyDigits")));
        let (_, v) = call(base(&sms_code, "Password1", "Password1", "1"));
        assert_eq!((code(&v), v["error"]["message"].as_str()), ("BAD_INPUT", Some("password.common")), "among the 10,000 most common");
        assert_eq!(code(&call(base("", "lvse2026a", "lvse2026a", "1")).1), "CODE_REQUIRED");
        assert_eq!(code(&call(base(wrong, "lvse2026a", "lvse2026a", "1")).1), "CODE_WRONG");

        let (status, v) = call(base(&sms_code, "lvse2026a", "lvse2026a", "1"));
        assert_eq!(status, 200, "{v}");
        let user = &v["result"];
        assert_eq!(user["mobile"], mobile);
        assert_eq!(user["hasPassword"], true);
        assert!(user["emptyResumeId"].as_i64().unwrap() > 0, "a new candidate has an empty resume");
        assert_eq!(user["emptyResumeId"], user["resumeId"]);
        let (_, v) = s.call(&client, "/pclogin/islogin", &[]);
        assert_eq!(v["result"]["mobile"], mobile, "registering logs in");

        // The code is spent and checked before the account is looked up: without a live code a
        // registered phone answers as a new one does, so registration cannot be probed.
        assert_eq!(code(&call(base(&sms_code, "lvse2026a", "lvse2026a", "1")).1), "CODE_WRONG");
        let probe = |m: &str| {
            s.call(&client, "/pclogin/register", &[("mobile", m), ("code", wrong), ("password", "lvse2026a"), ("confirmPassword", "lvse2026a"), ("agree", "1")])
        };
        assert_eq!(probe(DEMO_MOBILE), probe("13600000003"), "a wrong code reads the same for a registered phone");
        let fresh = s.client();
        let (status, _) = s.call(&fresh, "/pclogin/login", &[("mobile", mobile), ("password", "lvse2026a")]);
        assert_eq!(status, 200);
    }
}

#[test]
fn codes_log_in_reset_passwords_and_die_after_five_wrong_tries() {
    for s in servers_with(&[("SMS_MIN_INTERVAL_SECS", "0")]) {
        let client = s.client();
        // A phone without an account gets the same answer and a code; wrong codes read the same.
        let (registered, unknown) = (send_code(&s, &client, DEMO_MOBILE, "login"), send_code(&s, &client, "13600000009", "login"));
        assert_eq!(registered, unknown, "the same status and body");
        let nobody = outbox_code(&s, "13600000009");
        let wrong = if nobody == "000000" { "111111" } else { "000000" };
        let (_, v) = s.call(&client, "/pclogin/loginByCode", &[("mobile", "13600000009"), ("code", wrong)]);
        assert_eq!(code(&v), "CODE_WRONG", "a wrong code reads the same as for an account");

        // Reset with a right code: the same answer for an unregistered phone, and nothing is made.
        let (_, v) = send_code(&s, &client, "13600000008", "reset");
        assert_eq!(v["result"]["interval"], 0, "{v}");
        let (_, v) = s.call(&client, "/pclogin/resetPassword", &[("mobile", "13600000008"), ("code", wrong), ("password", "newpass99")]);
        assert_eq!(code(&v), "CODE_WRONG");
        let nobody_reset = outbox_code(&s, "13600000008");
        let unregistered_reset = s.call(&s.client(), "/pclogin/resetPassword", &[("mobile", "13600000008"), ("code", &nobody_reset), ("password", "newpass99")]);
        let (status, v) = s.call(&s.client(), "/pclogin/login", &[("mobile", "13600000008"), ("password", "newpass99")]);
        assert_eq!((status, code(&v)), (400, "LOGIN_FAILED"), "the reset made no account: {v}");

        // Log in by code with a right code logs the phone's holder in, making the account when there
        // is none (验证码登录即注册), so the answer is a session whether or not it was registered.
        let fresh = s.client();
        let (status, v) = s.call(&fresh, "/pclogin/loginByCode", &[("mobile", "13600000009"), ("code", &nobody)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["mobile"], "13600000009");
        assert_eq!(v["result"]["hasPassword"], false, "an account made by a code has no password yet");
        assert!(v["result"]["emptyResumeId"].as_i64().unwrap() > 0, "and an empty resume");
        let (_, me) = s.call(&fresh, "/pclogin/islogin", &[]);
        assert_eq!(me["result"]["mobile"], "13600000009");
        // The next code log-in reaches the same account.
        send_code(&s, &client, "13600000009", "login");
        let again = outbox_code(&s, "13600000009");
        let (status, v2) = s.call(&s.client(), "/pclogin/loginByCode", &[("mobile", "13600000009"), ("code", &again)]);
        assert_eq!(status, 200, "{v2}");
        assert_eq!(v2["result"]["emptyResumeId"], v["result"]["emptyResumeId"], "the same account");

        // The registered phone's reset answers exactly as the unregistered one's did.
        send_code(&s, &client, "13600000009", "reset");
        let c = outbox_code(&s, "13600000009");
        let registered_reset = s.call(&s.client(), "/pclogin/resetPassword", &[("mobile", "13600000009"), ("code", &c), ("password", "newpass99")]);
        assert_eq!(registered_reset, unregistered_reset, "reset answers the same, registered or not");
        let (status, _) = s.call(&s.client(), "/pclogin/login", &[("mobile", "13600000009"), ("password", "newpass99")]);
        assert_eq!(status, 200, "and the registered one's password changed");

        // Log in by code; the code works once.
        let (status, _) = send_code(&s, &client, DEMO_MOBILE, "login");
        assert_eq!(status, 200);
        let c = outbox_code(&s, DEMO_MOBILE);
        let (status, v) = s.call(&client, "/pclogin/loginByCode", &[("mobile", DEMO_MOBILE), ("code", &c)]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&s.client(), "/pclogin/loginByCode", &[("mobile", DEMO_MOBILE), ("code", &c)]);
        assert_eq!(code(&v), "CODE_WRONG", "used up");

        // A code for logging in does not reset the password.
        send_code(&s, &client, DEMO_MOBILE, "login");
        let c = outbox_code(&s, DEMO_MOBILE);
        let (_, v) = s.call(&client, "/pclogin/resetPassword", &[("mobile", DEMO_MOBILE), ("code", &c), ("password", "newpass99")]);
        assert_eq!(code(&v), "CODE_WRONG");

        // Five wrong tries kill the code, even for the right one after.
        send_code(&s, &client, DEMO_MOBILE, "reset");
        let c = outbox_code(&s, DEMO_MOBILE);
        let wrong = if c == "000000" { "111111" } else { "000000" };
        for _ in 0..5 {
            let (_, v) = s.call(&client, "/pclogin/resetPassword", &[("mobile", DEMO_MOBILE), ("code", wrong), ("password", "newpass99")]);
            assert_eq!(code(&v), "CODE_WRONG");
        }
        let (_, v) = s.call(&client, "/pclogin/resetPassword", &[("mobile", DEMO_MOBILE), ("code", &c), ("password", "newpass99")]);
        assert_eq!(code(&v), "CODE_WRONG");

        // Reset: the old password and every session end.
        send_code(&s, &client, DEMO_MOBILE, "reset");
        let c = outbox_code(&s, DEMO_MOBILE);
        let (status, v) = s.call(&client, "/pclogin/resetPassword", &[("mobile", DEMO_MOBILE), ("code", &c), ("password", "newpass99"), ("confirmPassword", "newpass99")]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&client, "/pclogin/islogin", &[]);
        assert_eq!(v["result"], Value::Null, "sessions end on reset");
        let (_, v) = s.call(&client, "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(code(&v), "LOGIN_FAILED");
        let (status, _) = s.call(&client, "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", "newpass99")]);
        assert_eq!(status, 200);
    }
}

#[test]
fn the_captcha_is_spent_before_any_lookup_and_send_code_is_rate_limited() {
    for s in servers() {
        let client = s.client();
        // Without a solved slider, a registered and a new phone read the same: nothing is looked up.
        for mobile in [DEMO_MOBILE, "13600000011"] {
            for scene in ["register", "login", "reset"] {
                let (_, v) = s.call(&client, "/pcuser/sendCode", &[("mobile", mobile), ("captchaVerification", "forged"), ("scene", scene)]);
                assert_eq!(code(&v), "CAPTCHA_REQUIRED", "{mobile} {scene}");
            }
        }
        // With one, registration may say the phone is taken (SPEC §8).
        let (_, v) = send_code(&s, &client, DEMO_MOBILE, "register");
        assert_eq!(code(&v), "MOBILE_REGISTERED");
        // Guessing verifications is limited per client.
        let limited = (0..30).any(|_| {
            let (status, _) = s.call(&client, "/pcuser/sendCode", &[("mobile", "13600000012"), ("captchaVerification", "guess"), ("scene", "login")]);
            status == 429
        });
        assert!(limited, "30 forged verifications in a minute meet 429");
    }
}

#[test]
fn parallel_wrong_codes_are_compared_at_most_five_times() {
    // Each try from its own address (a botnet), so the per-client log-in limit does not hide the race.
    for s in servers_with(&[("SMS_MIN_INTERVAL_SECS", "0"), ("TRUSTED_PROXIES", "127.0.0.1/32")]) {
        let client = s.client();
        send_code(&s, &client, DEMO_MOBILE, "login");
        let right = outbox_code(&s, DEMO_MOBILE);
        let wrong = if right == "000000" { "111111" } else { "000000" };
        let answers: Vec<String> = std::thread::scope(|scope| {
            let tries: Vec<_> = (0..50)
                .map(|i| {
                    let s = &s;
                    scope.spawn(move || {
                        let res = s.client()
                            .post(s.url("/ajax/pclogin/loginByCode"))
                            .header("X-Forwarded-For", format!("10.9.{}.{}", i / 200, i % 200 + 1))
                            .form(&[("mobile", DEMO_MOBILE), ("code", wrong)])
                            .send()
                            .expect("send");
                        code(&common::envelope(res).1).to_string()
                    })
                })
                .collect();
            tries.into_iter().map(|t| t.join().unwrap()).collect()
        });
        assert!(answers.iter().all(|a| a == "CODE_WRONG"), "{answers:?}");
        // The row counts every compare: had tries read the count and written it back after
        // comparing (read-then-write), all 50 would have been compared and counted.
        assert_eq!(compared_tries(&s, DEMO_MOBILE), 5, "at most five of 50 parallel tries were compared");
        // Had more than five been compared against a stale count, the code would still be alive.
        let (_, v) = s.call(&client, "/pclogin/loginByCode", &[("mobile", DEMO_MOBILE), ("code", &right)]);
        assert_eq!(code(&v), "CODE_WRONG", "the code died after five tries: {v}");
        assert_eq!(compared_tries(&s, DEMO_MOBILE), 5, "a dead code is not compared");
    }
}

/// How many tries the newest code sent to `mobile` was compared against (its row's count).
fn compared_tries(s: &TestServer, mobile: &str) -> i32 {
    use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
    sms_codes::table
        .filter(sms_codes::mobile.eq(mobile))
        .order(sms_codes::created_at.desc())
        .select(sms_codes::attempts)
        .first(&mut s.db())
        .expect("the code's row")
}

#[test]
fn the_daily_cap_per_mobile_holds() {
    for s in servers_with(&[("SMS_MIN_INTERVAL_SECS", "0")]) {
        let client = s.client();
        for i in 0..10 {
            let (status, v) = send_code(&s, &client, DEMO_MOBILE, "login");
            assert_eq!(status, 200, "send {i}: {v}");
        }
        let (status, v) = send_code(&s, &client, DEMO_MOBILE, "login");
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"));
    }
}

#[test]
fn the_daily_cap_per_client_holds_and_is_the_clients_own() {
    // 29 codes this client was sent today, to as many phones, as if over the day (the per-minute
    // limits would stop 30 sends in a test long before the daily cap).
    for s in servers_with(&[("SMS_MIN_INTERVAL_SECS", "0"), ("TRUSTED_PROXIES", "127.0.0.1/32")]) {
        use diesel::{Connection, ExpressionMethods, RunQueryDsl};
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
        let rows: Vec<_> = (0..29_i64)
            .map(|i| {
                (
                    sms_codes::id.eq(9_000_000 + i),
                    sms_codes::mobile.eq(format!("1350000{i:04}")),
                    sms_codes::scene.eq("login"),
                    sms_codes::code_hash.eq("x"),
                    sms_codes::ip.eq("127.0.0.1"),
                    sms_codes::attempts.eq(0),
                    sms_codes::created_at.eq(now - 3_600_000 + i),
                    sms_codes::expires_at.eq(now - 3_000_000),
                )
            })
            .collect();
        // One row a statement: the server's connection type cannot batch an insert.
        let inserted = s.db().transaction(|c| rows.into_iter().map(|row| diesel::insert_into(sms_codes::table).values(row).execute(c)).sum::<Result<usize, diesel::result::Error>>());
        assert_eq!(inserted.expect("insert"), 29);
        let client = s.client();
        let (status, v) = send_code(&s, &client, "13600000051", "login");
        assert_eq!(status, 200, "the 30th code of the day: {v}");
        let (status, v) = send_code(&s, &client, "13600000052", "login");
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"), "the 31st, to a phone that had none");
        // Another client behind the trusted proxy has its own 30.
        let other = s.client();
        let forwarded = |path: &str, form: &[(&str, &str)]| {
            let res = other.post(s.url(&format!("/ajax{path}"))).header("X-Forwarded-For", "203.0.113.9").form(form).send().expect("send");
            common::envelope(res).1
        };
        let ch = forwarded("/slider/init", &[]);
        let x = slider::solve(&s.url(""), &ch["result"]).to_string();
        let token = ch["result"]["token"].as_str().expect("token").to_string();
        let passed = forwarded("/slider/test", &[("token", &token), ("x", &x), ("track", &slider::track(x.parse().expect("x")))]);
        let verification = passed["result"]["captchaVerification"].as_str().expect("verification").to_string();
        let v = forwarded("/pcuser/sendCode", &[("mobile", "13600000052"), ("captchaVerification", &verification), ("scene", "login")]);
        assert_eq!(v["result"]["interval"], 0, "another client is not capped: {v}");
    }
}

#[test]
fn changing_the_password_asks_for_the_old_one_and_ends_other_sessions() {
    for s in servers() {
        let (a, b) = (s.client(), s.client());
        login(&s, &a);
        login(&s, &b);
        let (_, v) = s.call(&a, "/pcuser/modifypassword", &[("password", "changed12"), ("oldPassword", "wrong999")]);
        assert_eq!(code(&v), "ORIGINAL_PASSWORD_WRONG");
        let (_, v) = s.call(&a, "/pcuser/modifypassword", &[("password", "changed12")]);
        assert_eq!(code(&v), "BAD_INPUT", "old password required when one is set");
        let (_, v) = s.call(&a, "/pcuser/modifypassword", &[("password", "short"), ("oldPassword", DEMO_PASSWORD)]);
        assert_eq!(v["error"]["message"], "password.length");
        let (_, v) = s.call(&a, "/pcuser/modifypassword", &[("password", "has space1"), ("oldPassword", DEMO_PASSWORD)]);
        assert_eq!(v["error"]["message"], "password.space");
        let (status, v) = s.call(&a, "/pcuser/modifypassword", &[("password", "changed12"), ("oldPassword", DEMO_PASSWORD), ("confirmPassword", "changed12")]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&a, "/pclogin/islogin", &[]);
        assert_eq!(v["result"]["mobile"], DEMO_MOBILE, "the caller stays logged in");
        let (_, v) = s.call(&b, "/pclogin/islogin", &[]);
        assert_eq!(v["result"], Value::Null, "the other session ended");
        let (_, v) = s.call(&b, "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(code(&v), "LOGIN_FAILED");
    }
}

#[test]
fn without_a_password_the_mobile_changes_only_with_a_code_to_the_current_one() {
    for s in servers_with(&[("SMS_MIN_INTERVAL_SECS", "0")]) {
        // An account made by code log-in has no password: the current mobile's code stands in for it.
        let (client, old, new) = (s.client(), "13600000041", "13600000042");
        send_code(&s, &client, old, "login");
        let (status, v) = s.call(&client, "/pclogin/loginByCode", &[("mobile", old), ("code", &outbox_code(&s, old))]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["hasPassword"], false);
        let (status, v) = send_code(&s, &client, new, "bind");
        assert_eq!(status, 200, "{v}");
        let bind = outbox_code(&s, new);
        let (status, v) = send_code(&s, &client, old, "verify");
        assert_eq!(status, 200, "{v}");
        let verify = outbox_code(&s, old);
        let wrong = if verify == "000000" { "111111" } else { "000000" };
        let change = |old_code: Option<&str>| {
            let mut form = vec![("mobile", new), ("code", bind.as_str())];
            form.extend(old_code.map(|c| ("oldCode", c)));
            s.call(&client, "/pcuser/modifyMobile", &form)
        };
        let (status, v) = change(None);
        assert_eq!((status, code(&v), v["error"]["message"].as_str()), (400, "BAD_INPUT", Some("oldCode required")));
        let (status, v) = change(Some(wrong));
        assert_eq!((status, code(&v)), (400, "CODE_WRONG"));
        assert_eq!(s.call(&client, "/pcuser/accountInfo", &[]).1["result"]["mobile"], old, "unchanged");
        let (status, v) = change(Some(&verify));
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["mobile"], new);
        assert_eq!(s.call(&client, "/pcuser/accountInfo", &[]).1["result"]["mobile"], new);
    }
}

#[test]
fn mobile_and_email_changes_refuse_what_belongs_to_others() {
    for s in servers_with(&[("SMS_MIN_INTERVAL_SECS", "0")]) {
        let client = s.client();
        login(&s, &client);
        let (_, v) = send_code(&s, &client, "13900000001", "bind");
        assert_eq!(code(&v), "MOBILE_BOUND");
        let (_, v) = send_code(&s, &client, DEMO_MOBILE, "bind");
        assert_eq!(code(&v), "MOBILE_SAME");
        let (status, _) = send_code(&s, &client, "13500000005", "bind");
        assert_eq!(status, 200);
        let c = outbox_code(&s, "13500000005");
        // The log-in id changes only with the current password, and nothing changes without it.
        let elsewhere = s.client();
        login(&s, &elsewhere);
        let (_, v) = s.call(&client, "/pcuser/modifyMobile", &[("mobile", "13500000005"), ("code", &c)]);
        assert_eq!((code(&v), v["error"]["message"].as_str()), ("BAD_INPUT", Some("password required")));
        let (_, v) = s.call(&client, "/pcuser/modifyMobile", &[("mobile", "13500000005"), ("code", &c), ("password", "wrong9999")]);
        assert_eq!(code(&v), "ORIGINAL_PASSWORD_WRONG");
        let (_, v) = s.call(&client, "/pcuser/accountInfo", &[]);
        assert_eq!(v["result"]["mobile"], DEMO_MOBILE, "unchanged");
        // `verify` codes go only to the caller's own mobile.
        let (_, v) = send_code(&s, &client, "13500000006", "verify");
        assert_eq!(code(&v), "BAD_INPUT");
        let (status, v) = s.call(&client, "/pcuser/modifyMobile", &[("mobile", "13500000005"), ("code", &c), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["mobile"], "13500000005");
        assert_eq!(s.call(&client, "/pclogin/islogin", &[]).1["result"]["mobile"], "13500000005", "this session goes on");
        std::thread::sleep(std::time::Duration::from_millis(600));
        assert!(s.call(&elsewhere, "/pclogin/islogin", &[]).1["result"].is_null(), "the other session ended");
        let (status, _) = s.call(&s.client(), "/pclogin/login", &[("mobile", "13500000005"), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "logs in with the new mobile");

        let (_, v) = s.call(&client, "/pcuser/bindEmail", &[("email", "not-an-email"), ("code", "123456")]);
        assert_eq!(code(&v), "BAD_INPUT");
        // An address is bound only with the code mailed to it.
        let (_, v) = s.call(&client, "/pcuser/bindEmail", &[("email", "zhangwei@example.cn")]);
        assert_eq!(code(&v), "CODE_REQUIRED");
        let (_, v) = s.call(&client, "/pcuser/bindEmail", &[("email", "zhangwei@example.cn"), ("code", "000000")]);
        assert_eq!(code(&v), "CODE_WRONG", "no code was sent: {v}");
        let (status, v) = s.call(&client, "/pcuser/sendEmailCode", &[("email", "ZhangWei@example.cn")]);
        assert_eq!((status, v["result"]["interval"].as_i64()), (200, Some(60)), "{v}");
        let (_, v) = s.call(&client, "/pcuser/sendEmailCode", &[("email", "zhangwei@example.cn")]);
        assert_eq!(code(&v), "SMS_TOO_FREQUENT", "one a minute");
        let mailed = email_code(&s, "zhangwei@example.cn");
        let wrong = if mailed == "000000" { "111111" } else { "000000" };
        assert_eq!(code(&s.call(&client, "/pcuser/bindEmail", &[("email", "zhangwei@example.cn"), ("code", wrong)]).1), "CODE_WRONG");
        assert_eq!(s.call(&client, "/pcuser/accountInfo", &[]).1["result"]["email"], Value::Null, "nothing bound by a wrong code");
        let (_, v) = s.call(&client, "/pcuser/bindEmail", &[("email", "other@example.cn"), ("code", &mailed)]);
        assert_eq!(code(&v), "CODE_WRONG", "the code is for its own address");
        let (status, v) = s.call(&client, "/pcuser/bindEmail", &[("email", "zhangwei@example.cn"), ("code", &mailed)]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&client, "/pcuser/sendEmailCode", &[("email", "ZhangWei@example.cn")]);
        assert_eq!(code(&v), "EMAIL_SAME");
        let other = s.client();
        let (st, _) = s.call(&other, "/pclogin/login", &[("mobile", "13900000001"), ("password", DEMO_PASSWORD)]);
        assert_eq!(st, 200);
        let (_, v) = s.call(&other, "/pcuser/sendEmailCode", &[("email", "zhangwei@example.cn")]);
        assert_eq!(code(&v), "EMAIL_BOUND_OTHER");
        let (_, v) = s.call(&other, "/pcuser/bindEmail", &[("email", "zhangwei@example.cn"), ("code", &mailed)]);
        assert_eq!(code(&v), "EMAIL_BOUND_OTHER");
        let (_, v) = s.call(&client, "/pcuser/accountInfo", &[]);
        assert_eq!(v["result"]["email"], "zhangwei@example.cn");
    }
}

#[test]
fn an_administrator_disables_and_enables_an_account() {
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        // The server keeps islogin's answer for a moment; the admin command is another process.
        let (_, v) = s.call(&client, "/pclogin/islogin", &[]);
        assert_eq!(v["result"]["mobile"], DEMO_MOBILE);
        let out = s.run_command(&["admin", "disable", "--mobile", DEMO_MOBILE]);
        assert!(out.contains("disabled"), "{out}");
        // Its revocation reaches the server within the revocation watch's poll (250 ms), well before
        // a cached answer would expire on its own (2 s).
        let revoked = std::time::Instant::now();
        loop {
            let (_, v) = s.call(&client, "/pclogin/islogin", &[]);
            if v["result"].is_null() {
                break;
            }
            assert!(revoked.elapsed() < std::time::Duration::from_millis(1000), "still logged in after {:?}: {v}", revoked.elapsed());
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        // No other call of this client went through in between: the drop came from the watch.
        let (_, v) = s.call(&client, "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(code(&v), "ACCOUNT_DISABLED");
        s.run_command(&["admin", "enable", "--mobile", DEMO_MOBILE]);
        login(&s, &client);
    }
}

/// A stand-in for Alibaba Cloud's SMS endpoint: checks each request's signature with the
/// shared secret and answers like the vendor.
struct FakeGateway {
    url: String,
    seen: Arc<Mutex<Vec<Vec<(String, String)>>>>,
}

fn fake_gateway(secret: &'static str) -> FakeGateway {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}/", listener.local_addr().expect("addr"));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (mut reader, _, body) = crate::common::fakes::read_request(stream);
            let params: Vec<(String, String)> = url::form_urlencoded::parse(&body).into_owned().collect();
            let signature = params.iter().find(|(k, _)| k == "Signature").map(|(_, v)| v.clone()).unwrap_or_default();
            let mut signed: Vec<&(String, String)> = params.iter().filter(|(k, _)| k != "Signature").collect();
            signed.sort();
            let enc = |s: &str| url::form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>().replace('+', "%20").replace('*', "%2A").replace("%7E", "~");
            let query: Vec<String> = signed.iter().map(|(k, v)| format!("{}={}", enc(k), enc(v))).collect();
            let to_sign = format!("POST&%2F&{}", enc(&query.join("&")));
            let mut mac = hmac::Hmac::<sha1::Sha1>::new_from_slice(format!("{secret}&").as_bytes()).expect("key");
            mac.update(to_sign.as_bytes());
            let expected = base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes());
            let phone = params.iter().find(|(k, _)| k == "PhoneNumbers").map(|(_, v)| v.clone()).unwrap_or_default();
            let answer = if signature != expected {
                r#"{"Code":"SignatureDoesNotMatch","Message":"bad signature"}"#
            } else if phone == "13100000000" {
                r#"{"Code":"isv.MOBILE_NUMBER_ILLEGAL","Message":"invalid mobile"}"#
            } else {
                r#"{"Code":"OK","Message":"OK","BizId":"900000000000000000^0"}"#
            };
            record.lock().expect("lock").push(params);
            crate::common::fakes::answer_json(&mut reader, answer);
        }
    });
    FakeGateway { url, seen }
}

#[test]
fn the_aliyun_provider_signs_its_requests_and_maps_the_vendors_answers() {
    let gateway = fake_gateway("test-secret");
    let env = [
        ("SMS_PROVIDER", "aliyun"),
        ("ALIYUN_SMS_ENDPOINT", gateway.url.as_str()),
        ("ALIYUN_ACCESS_KEY_ID", "test-id"),
        ("ALIYUN_ACCESS_KEY_SECRET", "test-secret"),
        ("ALIYUN_SMS_TEMPLATE", "SMS_000001"),
        // The dev mail outbox would keep /dev/outbox open.
        ("MAIL_PROVIDER", "smtp"),
        ("SMTP_URL", "smtp://127.0.0.1:25"),
    ];
    for s in servers_with(&env) {
        let client = s.client();
        let before = gateway.seen.lock().unwrap().len();
        let (status, v) = send_code(&s, &client, "13600000003", "register");
        assert_eq!(status, 200, "{v}");
        let seen = gateway.seen.lock().unwrap();
        assert_eq!(seen.len(), before + 1);
        let req = &seen[before];
        let get = |k: &str| req.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()).unwrap_or_default();
        assert_eq!((get("Action"), get("PhoneNumbers"), get("TemplateCode"), get("AccessKeyId")),
                   ("SendSms".into(), "13600000003".into(), "SMS_000001".into(), "test-id".into()));
        let sent: Value = serde_json::from_str(&get("TemplateParam")).expect("template param");
        let sms_code = sent["code"].as_str().expect("code").to_string();
        drop(seen);
        assert_eq!(s.client().get(s.url("/dev/outbox")).send().unwrap().status().as_u16(), 404, "no dev outbox with a real gateway");

        // The code the gateway delivered registers the account.
        let (status, v) = s.call(&client, "/pclogin/register", &[("mobile", "13600000003"), ("code", &sms_code), ("password", "lvse2026a"), ("agree", "1")]);
        assert_eq!(status, 200, "{v}");

        let (_, v) = send_code(&s, &client, "13100000000", "register");
        assert_eq!(code(&v), "CANNOT_RECEIVE_SMS");
    }
    let wrong_key = fake_gateway("another-secret");
    for s in servers_with(&[("SMS_PROVIDER", "aliyun"), ("ALIYUN_SMS_ENDPOINT", wrong_key.url.as_str()), ("ALIYUN_ACCESS_KEY_SECRET", "test-secret")]) {
        let (status, v) = send_code(&s, &s.client(), "13600000004", "register");
        assert_eq!((status, code(&v)), (502, "SMS_FAILED"), "the vendor refused our signature");
        let (status, _) = send_code(&s, &s.client(), "13600000004", "register");
        assert_eq!(status, 502, "a code the gateway did not take does not block the next try");
    }
}

#[test]
fn log_ins_successes_failures_and_lockouts_are_logged_without_secrets() {
    for s in servers_with(&[("RUST_LOG", "error,auth=info")]) {
        let client = s.client();
        let (status, _) = s.call(&client, "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200);
        // Five failures lock the mobile; the sixth try is refused unchecked.
        let wrong = "wrongpass77";
        for _ in 0..5 {
            let (_, v) = s.call(&client, "/pclogin/login", &[("mobile", "13600000021"), ("password", wrong)]);
            assert_eq!(code(&v), "LOGIN_FAILED");
        }
        let (status, _) = s.call(&client, "/pclogin/login", &[("mobile", "13600000021"), ("password", wrong)]);
        assert_eq!(status, 429);
        let (_, v) = s.call(&client, "/comlogin/login", &[("mobile", COMPANY_MOBILE), ("password", wrong)]);
        assert_eq!(code(&v), "LOGIN_FAILED");

        // The log is JSON lines; the events are those of the auth target.
        let log = s.log();
        let events: Vec<Value> = log
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|e| e["target"] == "auth" && e["fields"]["event"] == "login")
            .map(|e| e["fields"].clone())
            .collect();
        let count = |face: &str, outcome: &str, mobile: &str| events.iter().filter(|f| f["face"] == face && f["outcome"] == outcome && f["mobile"] == mobile).count();
        let masked_demo = format!("{}****{}", &DEMO_MOBILE[..3], &DEMO_MOBILE[7..]);
        assert_eq!(count("candidate", "success", &masked_demo), 1, "{} success:\n{log}", s.engine);
        assert_eq!(count("candidate", "failure", "136****0021"), 4, "{log}");
        assert_eq!(count("candidate", "lockout", "136****0021"), 1, "the fifth failure locks:\n{log}");
        assert_eq!(count("candidate", "locked", "136****0021"), 1, "the sixth is refused as locked:\n{log}");
        assert_eq!(count("company", "failure", "137****0000"), 1, "{log}");
        assert!(events.iter().all(|f| f["ip"] == "127.0.0.1"), "the client IP: {events:?}");
        // Never a password, and never a whole mobile.
        for secret in [DEMO_PASSWORD, wrong, DEMO_MOBILE, "13600000021", COMPANY_MOBILE] {
            assert!(!log.contains(secret), "{secret} in the log:\n{log}");
        }
    }
}

#[test]
fn register_and_reset_share_a_per_client_limit() {
    for s in servers() {
        let client = s.client();
        let register = [("mobile", "13600000031"), ("code", "123456"), ("password", "lvse2026a"), ("confirmPassword", "lvse2026a"), ("agree", "1")];
        for i in 0..20 {
            let (status, v) = s.call(&client, "/pclogin/register", &register);
            assert_ne!(status, 429, "try {i} is within the limit: {v}");
            assert_ne!(code(&v), "", "no code was sent, so nothing registers: {v}");
        }
        let (status, v) = s.call(&client, "/pclogin/register", &register);
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"), "the 21st register in a minute");
        let (status, v) = s.call(&client, "/pclogin/resetPassword", &[("mobile", "13600000031"), ("code", "123456"), ("password", "lvse2026a")]);
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"), "reset counts with register");
    }
}

/// The newest code mailed to `to` by the dev mail outbox (/pcuser/sendEmailCode).
pub(crate) fn email_code(s: &TestServer, to: &str) -> String {
    let mails: Value = s.client().get(s.url("/dev/outbox?format=json&kind=mail")).send().expect("outbox").json().expect("json");
    let text = mails
        .as_array()
        .expect("mails")
        .iter()
        .find(|m| m["to"] == to && m["subject"].as_str().unwrap_or("").contains("验证码"))
        .and_then(|m| m["text"].as_str())
        .unwrap_or_else(|| panic!("no code mailed to {to}: {mails}"))
        .to_string();
    let after = text.split_once("验证码：").map(|(_, rest)| rest).expect("a code in the mail");
    after.chars().take_while(char::is_ascii_digit).collect()
}
