//! Passes the slider captcha the way our own tests may: the gap's x from the dev hint
//! (`/dev/captcha/{token}`, loopback only, since the picture no longer gives it away to a program),
//! and a person's drag to it as the track.

// Each test file uses the part it needs.
#![allow(dead_code)]

use serde_json::Value;

/// The gap's x of the picture `challenge` (the result of /slider/init) of the server at `base`.
pub fn solve(base: &str, challenge: &Value) -> i64 {
    let token = challenge["token"].as_str().expect("token");
    let hint: Value = reqwest::blocking::get(format!("{base}/dev/captcha/{token}")).expect("dev captcha hint").json().expect("json");
    hint["x"].as_i64().expect("x")
}

/// A person's drag of the piece from 0 to `x`, as the ui reports it: a minimum-jerk reach over
/// about 600 ms, a frame or so between samples, wandering a pixel or two up and down.
pub fn track(x: i64) -> String {
    let n = 36;
    let samples: Vec<String> = (0..=n)
        .map(|i| {
            let s = i as f64 / n as f64;
            let ease = 10.0 * s.powi(3) - 15.0 * s.powi(4) + 6.0 * s.powi(5);
            let t = i * 16 + (i * 7) % 5;
            let y = ((i as f64) * 0.6).sin() * 1.5;
            format!("[{t},{:.2},{y:.2},\"p\"]", x as f64 * ease)
        })
        .collect();
    format!("[{}]", samples.join(","))
}

/// A spent-once `captchaVerification` for `client` from the server at `base`: a new picture, the
/// hint's x, and a person's drag there.
pub fn verification(base: &str, client: &reqwest::blocking::Client) -> String {
    let challenge: Value = client.post(format!("{base}/ajax/slider/init")).send().expect("init").json().expect("json");
    let x = solve(base, &challenge["result"]);
    let token = challenge["result"]["token"].as_str().expect("token");
    let form = [("token", token.to_string()), ("x", x.to_string()), ("track", track(x))];
    let v: Value = client.post(format!("{base}/ajax/slider/test")).form(&form).send().expect("test").json().expect("json");
    v["result"]["captchaVerification"].as_str().unwrap_or_else(|| panic!("the slider passed: {v}")).to_string()
}
