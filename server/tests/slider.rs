//! The slider over HTTP: the right x alone no longer passes, the slide's track must be a person's
//! (a drag or the keyboard), and the dev hint our own tests use is there only with dev providers.
//! How often scripts find the gap in the picture is a unit test of `draw` (domain/captcha_attacks.rs):
//! 200 tries here would meet the captcha's rate limits.

use crate::common::slider;

use crate::common::{code, servers, spawn_server, tempdir, TestServer};
use reqwest::blocking::Client;

/// A new picture and its gap's x (from the dev hint).
fn picture(s: &TestServer, client: &Client) -> (String, i64) {
    let (status, v) = s.call(client, "/slider/init", &[]);
    assert_eq!(status, 200, "{v}");
    let token = v["result"]["token"].as_str().expect("token").to_string();
    (token, slider::solve(&s.url(""), &v["result"]))
}

fn test(s: &TestServer, client: &Client, token: &str, x: i64, track: Option<&str>) -> serde_json::Value {
    let x = x.to_string();
    let mut form = vec![("token", token), ("x", x.as_str())];
    if let Some(track) = track {
        form.push(("track", track));
    }
    s.call(client, "/slider/test", &form).1
}

/// What a script sends: a straight slide at an even pace, one sample every 16 ms.
fn straight_line(x: i64) -> String {
    let samples: Vec<String> = (0..=20).map(|i| format!("[{},{},0,\"p\"]", i * 16, x as f64 * i as f64 / 20.0)).collect();
    format!("[{}]", samples.join(","))
}

/// The right arrow held: its first repeat after 500 ms, then every 33 ms; Enter 300 ms after the last.
fn held_arrow(x: i64) -> String {
    let steps = 40;
    let mut samples = vec!["[0,0,0,\"k\"]".to_string()];
    for i in 1..=steps {
        samples.push(format!("[{},{:.2},0,\"k\"]", 500 + (i - 1) * 33, x as f64 * i as f64 / steps as f64));
    }
    samples.push(format!("[{},{x},0,\"k\"]", 500 + (steps - 1) * 33 + 300));
    format!("[{}]", samples.join(","))
}

#[test]
fn the_right_x_passes_only_with_a_persons_track() {
    for s in servers() {
        // Each refused try is a miss; four stay under the lockout of five.
        let client = s.client();
        let (token, x) = picture(&s, &client);
        assert_eq!(code(&test(&s, &client, &token, x, Some(&straight_line(x)))), "CAPTCHA_FAILED", "a straight line at an even pace");
        let (token, x) = picture(&s, &client);
        assert_eq!(code(&test(&s, &client, &token, x, None)), "CAPTCHA_FAILED", "no track");
        let (token, x) = picture(&s, &client);
        let mut backwards: Vec<&str> = Vec::new();
        let person = slider::track(x);
        backwards.extend(person.trim_matches(|c| c == '[' || c == ']').split("],["));
        backwards.swap(3, 4);
        let backwards = format!("[[{}]]", backwards.join("],["));
        assert_eq!(code(&test(&s, &client, &token, x, Some(&backwards))), "CAPTCHA_FAILED", "time going backwards");
        // The picture was spent by the refused try: the right track on it no longer helps.
        assert_eq!(code(&test(&s, &client, &token, x, Some(&slider::track(x)))), "CAPTCHA_FAILED", "a spent picture");

        // A person's drag passes; so does the keyboard at a person's pace.
        let client = s.client();
        let (token, x) = picture(&s, &client);
        let v = test(&s, &client, &token, x, Some(&slider::track(x)));
        assert!(v["result"]["captchaVerification"].as_str().is_some_and(|v| !v.is_empty()), "a drag: {v}");
        let (token, x) = picture(&s, &client);
        let v = test(&s, &client, &token, x, Some(&held_arrow(x)));
        assert!(v["result"]["captchaVerification"].as_str().is_some_and(|v| !v.is_empty()), "the keyboard: {v}");
    }
}

#[test]
fn the_dev_hint_does_not_spend_the_picture_and_is_gone_with_real_providers() {
    for s in servers() {
        let client = s.client();
        let (token, x) = picture(&s, &client);
        assert_eq!(slider::solve(&s.url(""), &serde_json::json!({ "token": token })), x, "asking twice");
        let unknown = client.get(s.url("/dev/captcha/no-such-token")).send().expect("get").status().as_u16();
        assert_eq!(unknown, 404);
        let v = test(&s, &client, &token, x, Some(&slider::track(x)));
        assert!(v["result"]["captchaVerification"].is_string(), "{v}");
        let spent = client.get(s.url(&format!("/dev/captcha/{token}"))).send().expect("get").status().as_u16();
        assert_eq!(spent, 404, "a tried picture has no hint");
    }
    let dir = tempdir::Dir::new();
    // Every provider real (the dev mail outbox is a dev provider too).
    let env = [
        ("SMS_PROVIDER", "aliyun"),
        ("WECHAT_PROVIDER", "official"),
        ("PAYMENT_PROVIDER", "none"),
        ("MAIL_PROVIDER", "smtp"),
        ("SMTP_URL", "smtp://127.0.0.1:25"),
    ];
    let (mut child, base) = spawn_server(&dir.0, None, &env);
    let client = Client::new();
    let v: serde_json::Value = client.post(format!("{base}/ajax/slider/init")).send().expect("init").json().expect("json");
    let token = v["result"]["token"].as_str().expect("token");
    let status = client.get(format!("{base}/dev/captcha/{token}")).send().expect("get").status().as_u16();
    assert_eq!(status, 404, "no hint with real providers");
    let _ = child.kill();
    let _ = child.wait();
}
