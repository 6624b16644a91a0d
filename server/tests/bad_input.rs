//! Hostile input against every call: each parameter in turn missing, oversized, wrongly typed,
//! SQL, script and path injection, control characters; whole bodies too large or of another
//! type; and other users' ids. Every answer must be an envelope (never a 5xx, never a panic),
//! every write must be refused, and afterwards the caller's and the other user's data read
//! back exactly as before.

use crate::common::{code, login, servers, TestServer, DEMO_PASSWORD};
use reqwest::blocking::Client;
use serde_json::Value;

const OTHER_MOBILE: &str = "13900000001";

/// A call, whether it writes, and each parameter with a harmless value: one that is well formed
/// but names nothing that exists (or is wrong), so that with any one parameter made hostile the
/// call still has no business succeeding.
struct Call {
    path: &'static str,
    writes: bool,
    params: &'static [(&'static str, &'static str)],
}

const CALLS: &[Call] = &[
    Call { path: "/site/config", writes: false, params: &[] },
    Call { path: "/pclogin/login", writes: true, params: &[("mobile", "13800000000"), ("password", "wrong-pass-1")] },
    Call { path: "/pclogin/isComLogin", writes: false, params: &[] },
    Call {
        path: "/pclogin/register",
        writes: true,
        params: &[("mobile", "13700000077"), ("code", "000000"), ("password", "lvse2026a"), ("confirmPassword", "lvse2026a")],
    },
    Call { path: "/pclogin/loginByCode", writes: true, params: &[("mobile", "13800000000"), ("code", "000000")] },
    Call {
        path: "/pclogin/resetPassword",
        writes: true,
        params: &[("mobile", "13800000000"), ("code", "000000"), ("password", "lvse2026a")],
    },
    Call { path: "/slider/test", writes: true, params: &[("token", "no-such-token"), ("x", "10")] },
    Call {
        path: "/pcuser/sendCode",
        writes: true,
        params: &[("mobile", "13700000078"), ("captchaVerification", "no-such-ticket"), ("scene", "register")],
    },
    Call {
        path: "/pcuser/modifypassword",
        writes: true,
        params: &[("password", "lvse2026a"), ("oldPassword", "not-the-old-1"), ("confirmPassword", "lvse2026a")],
    },
    Call { path: "/pcuser/modifyMobile", writes: true, params: &[("mobile", "13700000079"), ("code", "000000")] },
    Call { path: "/pcuser/sendEmailCode", writes: true, params: &[("email", "")] },
    Call { path: "/pcuser/bindEmail", writes: true, params: &[("email", ""), ("code", "000000")] },
    Call { path: "/pcuser/accountInfo", writes: false, params: &[] },
    Call { path: "/pcuser/getWeiXinSetting", writes: false, params: &[] },
    Call { path: "/pcuser/getBindWxInfo", writes: false, params: &[("scene", "no-such-scene")] },
    Call { path: "/tag/getUserTags", writes: false, params: &[] },
    Call { path: "/tag/getSimilar", writes: false, params: &[("tags", "Java")] },
    Call { path: "/tag/getBlackWord", writes: false, params: &[] },
    Call { path: "/pcuser/applyList", writes: false, params: &[("page", "1"), ("pagesize", "10")] },
    Call { path: "/pcjob/apply", writes: true, params: &[("jobid", "424242"), ("resumeId", "424242")] },
    Call { path: "/pcuser/saveList", writes: false, params: &[("page", "1"), ("pagesize", "10")] },
    Call { path: "/pcuser/saveJob", writes: true, params: &[("jobid", "424242")] },
    Call { path: "/pcuser/unsaveJob", writes: true, params: &[("jobid", "424242")] },
    Call { path: "/pcuser/shieldSearch", writes: false, params: &[("comname", "腾讯")] },
    Call { path: "/pcuser/shield", writes: true, params: &[("comId", "424242"), ("resumeId", "424242")] },
    Call { path: "/pcuser/unshield", writes: true, params: &[("comId", "424242"), ("resumeId", "424242")] },
    Call { path: "/pcuser/shieldList", writes: false, params: &[] },
    Call { path: "/order/services", writes: false, params: &[] },
    Call { path: "/order/create", writes: true, params: &[("serviceCode", "no_such_service")] },
    Call { path: "/order/cancel", writes: true, params: &[("orderNo", "NO-SUCH-ORDER")] },
    Call { path: "/order/orderList", writes: false, params: &[("current", "1"), ("pagesize", "10")] },
    Call { path: "/site/home", writes: false, params: &[] },
    Call { path: "/job/filters", writes: false, params: &[] },
    Call {
        path: "/job/search",
        writes: false,
        params: &[("kw", "前端"), ("city", "北京"), ("salary", "10000-15000"), ("sort", "newest"), ("page", "1"), ("pagesize", "20")],
    },
    Call { path: "/job/detail", writes: false, params: &[("jobid", "424242")] },
    Call { path: "/company/detail", writes: false, params: &[("comId", "424242"), ("page", "1")] },
    Call { path: "/resume/list", writes: false, params: &[] },
    Call { path: "/resume/get", writes: false, params: &[("resumeId", "424242")] },
    Call { path: "/resume/create", writes: true, params: &[("resumeType", "1")] },
    Call {
        path: "/resume/saveSection",
        writes: true,
        params: &[("resumeId", "424242"), ("section", "basic"), ("data", "{}"), ("itemId", "424242")],
    },
    Call { path: "/resume/deleteItem", writes: true, params: &[("resumeId", "424242"), ("section", "work"), ("itemId", "424242")] },
    Call {
        path: "/resume/moveItem",
        writes: true,
        params: &[("resumeId", "424242"), ("section", "work"), ("itemId", "424242"), ("direction", "up")],
    },
    Call { path: "/resume/deleteFile", writes: true, params: &[("resumeId", "424242"), ("fileId", "424242")] },
    Call { path: "/resume/exportJson", writes: false, params: &[("resumeId", "424242")] },
];

/// Values no parameter should take harm from.
fn hostile_values() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        " ",
        "abc",
        "-1",
        "0",
        "1.5",
        "1e9",
        "NaN",
        "99999999999999999999999999",
        // Fit a 64-bit number but overflow once multiplied by a page size (fuzzing found the first).
        "955116111111111109",
        "18446744073709551615",
        "-9223372036854775809",
        "1' OR '1'='1",
        "1; DROP TABLE users; --",
        "' UNION SELECT password_hash FROM users --",
        "<script>alert(1)</script>",
        "\"><img src=x onerror=alert(1)>",
        "javascript:alert(1)",
        "../../../../etc/passwd",
        "\u{0}",
        "%00%ff",
        "\u{202e}\u{feff}",
        "{\"$gt\":\"\"}",
        "[1,2,3]",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push("x".repeat(5_000));
    v.push("😀".repeat(2_000));
    v
}

/// What the caller can see of their own account: compared before and after the onslaught.
fn snapshot(s: &TestServer, client: &Client) -> Vec<Value> {
    [
        ("/pclogin/islogin", vec![]),
        ("/pcuser/accountInfo", vec![]),
        ("/pcuser/getWeiXinSetting", vec![]),
        ("/tag/getUserTags", vec![]),
        ("/pcuser/applyList", vec![("page", "1"), ("pagesize", "50")]),
        ("/pcuser/saveList", vec![("page", "1"), ("pagesize", "50")]),
        ("/pcuser/shieldList", vec![]),
        ("/order/orderList", vec![("current", "1"), ("pagesize", "50")]),
        ("/resume/list", vec![]),
        ("/resume/get", vec![]),
    ]
    .into_iter()
    .map(|(path, form)| {
        let (status, v) = s.call(client, path, &form);
        assert_eq!(status, 200, "{} {path}: {v}", s.engine);
        v["result"].clone()
    })
    .collect()
}

/// The answer is JSON in the envelope and no 5xx; returns whether it was a success.
fn check_envelope(s: &TestServer, label: &str, status: u16, text: &str) -> bool {
    assert!(status < 500, "{} {label}: HTTP {status}: {text}", s.engine);
    let v: Value = serde_json::from_str(text).unwrap_or_else(|_| panic!("{} {label}: not JSON ({status}): {text}", s.engine));
    let is_error = v.get("error").is_some_and(|e| e["code"].is_string() && e["message"].is_string());
    let is_result = v.get("result").is_some();
    assert!(is_error ^ is_result, "{} {label}: not an envelope: {text}", s.engine);
    assert_eq!(is_error, status != 200, "{} {label}: status {status} for {text}", s.engine);
    is_result
}

fn post_form(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> (u16, String) {
    let res = client.post(s.url(&format!("/ajax{path}"))).form(form).send().expect("send");
    let status = res.status().as_u16();
    (status, res.text().expect("body"))
}

#[test]
fn every_call_survives_every_hostile_parameter_and_nothing_changes() {
    let hostile = hostile_values();
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        let before = snapshot(&s, &client);

        for call in CALLS {
            // Each parameter in turn: missing, then each hostile value.
            for (i, (name, _)) in call.params.iter().enumerate() {
                let others: Vec<(&str, &str)> = call.params.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, p)| *p).collect();
                let (status, text) = post_form(&s, &client, call.path, &others);
                let ok = check_envelope(&s, &format!("{} without {name}", call.path), status, &text);
                assert!(!(ok && call.writes), "{} {}: a write without {name} succeeded: {text}", s.engine, call.path);
                for value in &hostile {
                    let mut form = others.clone();
                    form.insert(i, (name, value.as_str()));
                    let (status, text) = post_form(&s, &client, call.path, &form);
                    let label = format!("{} {name}={:.40}", call.path, value);
                    let ok = check_envelope(&s, &label, status, &text);
                    assert!(!(ok && call.writes), "{} {label}: a hostile write succeeded: {text}", s.engine);
                }
            }
            // Whole bodies: too large, repeated keys, array syntax, JSON, binary.
            let huge = format!("{}={}", call.params.first().map_or("x", |p| p.0), "y".repeat(70_000));
            let repeated: String = call.params.iter().map(|(k, v)| format!("{k}={v}&{k}=1")).collect::<Vec<_>>().join("&");
            let arrays: String = call.params.iter().map(|(k, v)| format!("{k}[]={v}")).collect::<Vec<_>>().join("&");
            let bodies: [(&str, Vec<u8>, &str); 5] = [
                ("huge", huge.into_bytes(), "application/x-www-form-urlencoded"),
                ("repeated keys", repeated.into_bytes(), "application/x-www-form-urlencoded"),
                ("array keys", arrays.into_bytes(), "application/x-www-form-urlencoded"),
                ("json", br#"{"mobile":"13800000000","jobid":1}"#.to_vec(), "application/json"),
                ("binary", vec![0xff, 0xfe, 0x00, 0x25, 0x32, 0x26, 0x3d, 0x3d, 0x80], "application/octet-stream"),
            ];
            for (label, body, content_type) in bodies {
                let res = client
                    .post(s.url(&format!("/ajax{}", call.path)))
                    .header("Content-Type", content_type)
                    .body(body)
                    .send()
                    .expect("send");
                let status = res.status().as_u16();
                let text = res.text().expect("body");
                let ok = check_envelope(&s, &format!("{} {label} body", call.path), status, &text);
                assert!(!(ok && call.writes), "{} {} {label} body: a write succeeded: {text}", s.engine, call.path);
            }
        }

        // The session survived and nothing the caller owns changed.
        assert_eq!(snapshot(&s, &client), before, "{}: state changed under hostile input", s.engine);
        // The server still serves ordinary calls.
        let (status, v) = s.call(&client, "/pcuser/saveList", &[("page", "1"), ("pagesize", "10")]);
        assert_eq!(status, 200, "{v}");
    }
}

#[test]
fn another_users_ids_reach_nothing() {
    for s in servers() {
        // The other user saves a job, blocks a company and opens an order.
        let other = s.client();
        let (status, v) = s.call(&other, "/pclogin/login", &[("mobile", OTHER_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        let other_resume = v["result"]["resumeId"].to_string().trim_matches('"').to_string();

        let me = s.client();
        let mine = login(&s, &me);
        let my_resume = mine["resumeId"].to_string().trim_matches('"').to_string();
        let (_, saved) = s.call(&me, "/pcuser/saveList", &[("page", "1"), ("pagesize", "10")]);
        let job = saved["result"]["list"][0]["jobId"].to_string();
        assert!(job.parse::<i64>().is_ok(), "a saved job id to borrow: {saved}");
        let (_, found) = s.call(&me, "/pcuser/shieldSearch", &[("comname", "有限公司")]);
        let company = found["result"]
            .as_array()
            .and_then(|list| list.last())
            .map(|c| c["comId"].to_string())
            .expect("a company to block");

        let (_, v) = s.call(&other, "/pcuser/saveJob", &[("jobid", &job)]);
        assert_eq!(v["result"], Value::Bool(true), "{v}");
        let (_, v) = s.call(&other, "/pcuser/shield", &[("comId", &company), ("resumeId", &other_resume)]);
        assert_eq!(v["result"], Value::Bool(true), "{v}");
        let (_, v) = s.call(&other, "/order/create", &[("serviceCode", "resume_refresh_30d")]);
        let order_no = v["result"]["orderNo"].as_str().expect("order number").to_string();
        let (_, scene) = s.call(&other, "/im/getImWxCode", &[]);
        let other_scene = scene["result"]["scene"].as_str().expect("a scene").to_string();
        let other_before = snapshot(&s, &other);

        // I use their ids: every attempt is refused and touches nothing of theirs.
        let my_before = snapshot(&s, &me);
        let attempts: Vec<(&str, Vec<(&str, &str)>)> = vec![
            ("/pcuser/unshield", vec![("comId", &company), ("resumeId", &other_resume)]),
            ("/pcuser/shield", vec![("comId", &company), ("resumeId", &other_resume)]),
            ("/pcjob/apply", vec![("jobid", &job), ("resumeId", &other_resume)]),
            ("/order/cancel", vec![("orderNo", &order_no)]),
        ];
        for (path, form) in attempts {
            let (status, v) = s.call(&me, path, &form);
            assert!(status == 400 || status == 404, "{} {path} with the other user's ids: {status} {v}", s.engine);
            assert!(["NOT_FOUND", "BAD_INPUT"].contains(&code(&v)), "{} {path}: {v}", s.engine);
        }
        // Their binding scene tells me nothing about it.
        let (_, v) = s.call(&me, "/pcuser/getBindWxInfo", &[("scene", &other_scene)]);
        assert!(v["result"].get("status").is_none_or(Value::is_null), "{} scene of another user: {v}", s.engine);

        assert_eq!(snapshot(&s, &other), other_before, "{}: the other user's data changed", s.engine);
        assert_eq!(snapshot(&s, &me), my_before, "{}: my data changed", s.engine);
        assert_ne!(my_resume, other_resume);
    }
}

#[test]
fn hostile_text_that_is_allowed_is_stored_as_text() {
    // Tags are free text: markup and quotes are kept verbatim (the ui shows them as text, which
    // the browser tests check); they are never interpreted as SQL.
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        let tags = r#"["<b>粗体</b>","O'Reilly","1' OR '1'='1"]"#;
        let (status, v) = s.call(&client, "/tag/addTags", &[("tags", tags)]);
        assert_eq!(status, 200, "{} {v}", s.engine);
        let (_, v) = s.call(&client, "/tag/getUserTags", &[]);
        assert_eq!(v["result"], serde_json::json!(["<b>粗体</b>", "O'Reilly", "1' OR '1'='1"]), "{}", s.engine);
        // And the other users are still there.
        let other = s.client();
        let (status, v) = s.call(&other, "/pclogin/login", &[("mobile", OTHER_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
    }
}
