//! A server configured for production fails closed: dev providers only on loopback or with
//! DEV_MODE, unknown provider names refuse to start, /dev/* is gone with real providers, and
//! limits key on the real client behind trusted proxies only.

use crate::common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{code, servers_with, spawn_server, tempdir};

/// Starts the server with `env` and waits for it to exit (Some(stderr)) or to listen (None).
fn start_or_refuse(env: &[(&str, &str)]) -> Option<String> {
    let dir = tempdir::Dir::new();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jobseeker-server"));
    cmd.env("PORT", "0").env("HOST", "127.0.0.1").env("DATA_DIR", &dir.0).env("RUST_LOG", "error").env_remove("DATABASE_URL");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("start");
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let out = child.wait_with_output().expect("output");
            assert!(!status.success(), "a refused start exits non-zero");
            return Some(String::from_utf8_lossy(&out.stderr).into_owned());
        }
        // Still running after the checks that come first: it got past them.
        if Instant::now() > until || dir.0.join("jobseeker.sqlite3").exists() {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn dev_providers_need_loopback_or_dev_mode_and_unknown_names_refuse_to_start() {
    let refused = start_or_refuse(&[("HOST", "0.0.0.0")]).expect("dev providers on a public address refuse to start");
    assert!(refused.contains("SMS_PROVIDER=dev") && refused.contains("DEV_MODE"), "{refused}");
    assert!(start_or_refuse(&[("HOST", "0.0.0.0"), ("DEV_MODE", "1")]).is_none(), "DEV_MODE=1 allows a trial install");
    assert!(
        start_or_refuse(&[
            ("HOST", "0.0.0.0"),
            ("SMS_PROVIDER", "aliyun"),
            ("WECHAT_PROVIDER", "official"),
            ("PAYMENT_PROVIDER", "none"),
            ("MAIL_PROVIDER", "smtp"),
            ("SMTP_URL", "smtp://127.0.0.1:25")
        ])
        .is_none(),
        "real providers start anywhere"
    );
    let mail_dev = start_or_refuse(&[("HOST", "0.0.0.0"), ("SMS_PROVIDER", "aliyun"), ("WECHAT_PROVIDER", "official"), ("PAYMENT_PROVIDER", "none")])
        .expect("the dev mail outbox on a public address refuses to start");
    assert!(mail_dev.contains("MAIL_PROVIDER=dev"), "{mail_dev}");
    for typo in [("MAIL_PROVIDER", "smpt"), ("SMS_PROVIDER", "Aliyun"), ("SMS_PROVIDER", "aliyn"), ("WECHAT_PROVIDER", "offical"), ("TRUSTED_PROXIES", "10.0.0.0/33")] {
        assert!(start_or_refuse(&[typo]).is_some(), "{typo:?} refuses to start");
    }
}

#[test]
fn with_real_providers_the_dev_pages_are_gone() {
    let dir = tempdir::Dir::new();
    let env = [
        ("SMS_PROVIDER", "aliyun"),
        ("WECHAT_PROVIDER", "official"),
        ("PAYMENT_PROVIDER", "none"),
        ("MAIL_PROVIDER", "smtp"),
        ("SMTP_URL", "smtp://127.0.0.1:25"),
        ("RUST_LOG", "error"),
    ];
    let (mut child, base) = spawn_server(&dir.0, None, &env);
    let stderr = std::fs::read_to_string(dir.0.join("server.log")).expect("stderr");
    assert!(!stderr.contains("DEV PROVIDERS ARE ON"), "no warning with real providers: {stderr}");
    let client = reqwest::blocking::Client::new();
    for path in ["/dev/outbox", "/dev/wx/scan/bind_x", "/dev/pay/ZD2026"] {
        let status = client.get(format!("{base}{path}")).send().expect("get").status().as_u16();
        assert_eq!(status, 404, "{path}");
    }
    let _ = child.kill();
    let _ = child.wait();
    // The default (dev) on loopback still has them, for scripts/run, and says so on stderr at
    // start even when the log shows errors only.
    for s in servers_with(&[("RUST_LOG", "error")]) {
        assert_eq!(s.client().get(s.url("/dev/outbox")).send().expect("get").status().as_u16(), 200);
        let stderr = s.log();
        assert!(stderr.contains("WARNING: DEV PROVIDERS ARE ON") && stderr.contains("never expose this server"), "{stderr}");
    }
}

#[test]
fn the_access_log_names_the_client_a_trusted_proxy_forwarded() {
    for s in servers_with(&[("TRUSTED_PROXIES", "127.0.0.1/32,::1"), ("RUST_LOG", "error,http=info")]) {
        let res = s.client().post(s.url("/ajax/pclogin/islogin")).header("X-Forwarded-For", "203.0.113.77").send().expect("send");
        assert_eq!(res.status().as_u16(), 200);
        // The access log line is written once the answer is out; give it a moment.
        let until = Instant::now() + Duration::from_secs(5);
        while !s.log().contains("/ajax/pclogin/islogin") && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(50));
        }
        let log = s.log();
        let line = log.lines().find(|l| l.contains("/ajax/pclogin/islogin")).unwrap_or_else(|| panic!("no access log line:\n{log}"));
        assert!(line.contains("203.0.113.77 POST /ajax/pclogin/islogin"), "the forwarded client, not the proxy: {line}");
    }
}

#[test]
fn the_dev_pages_refuse_whatever_a_proxy_forwarded() {
    // nginx on the same host reaches us from 127.0.0.1: its forwarding headers tell it apart.
    for s in servers_with(&[("TRUSTED_PROXIES", "127.0.0.1/32,::1")]) {
        let status = |header: Option<(&str, &str)>| {
            let mut req = s.client().get(s.url("/dev/outbox"));
            if let Some((k, v)) = header {
                req = req.header(k, v);
            }
            req.send().expect("get").status().as_u16()
        };
        assert_eq!(status(None), 200, "a direct caller on loopback still reads it");
        assert_eq!(status(Some(("X-Forwarded-For", "203.0.113.7"))), 404);
        assert_eq!(status(Some(("X-Forwarded-For", "127.0.0.1"))), 404, "a loopback client through the proxy too");
        assert_eq!(status(Some(("X-Real-IP", "203.0.113.7"))), 404);
        assert_eq!(status(Some(("Forwarded", "for=203.0.113.7"))), 404);
    }
}

fn failed_logins(s: &common::TestServer, forwarded_for: &str, n: usize) -> Vec<String> {
    let client = s.client();
    (0..n)
        .map(|i| {
            let mobile = format!("1355555{i:04}");
            let res = client
                .post(s.url("/ajax/pclogin/login"))
                .header("X-Forwarded-For", forwarded_for)
                .form(&[("mobile", mobile.as_str()), ("password", "wrong-pass-1")])
                .send()
                .expect("send");
            code(&common::envelope(res).1).to_string()
        })
        .collect()
}

#[test]
fn limits_key_on_the_client_a_trusted_proxy_names_and_ignore_others_headers() {
    // Behind a trusted proxy (the tests' loopback), each forwarded client has its own 30 a minute.
    for s in servers_with(&[("TRUSTED_PROXIES", "127.0.0.1/32,::1")]) {
        let first = failed_logins(&s, "203.0.113.7", 31);
        assert!(first[..30].iter().all(|c| c == "LOGIN_FAILED"), "{first:?}");
        assert_eq!(first[30], "RATE_LIMITED");
        assert_eq!(failed_logins(&s, "198.51.100.9", 1), ["LOGIN_FAILED"], "another client behind the proxy is not limited");
        // A client cannot pick its key by prepending a forged address: the right-most untrusted one counts.
        assert_eq!(failed_logins(&s, "192.0.2.1, 203.0.113.7", 1), ["RATE_LIMITED"]);
    }
    // Without trusted proxies the header is ignored: the peer is the key whatever it claims.
    for s in servers_with(&[]) {
        let first = failed_logins(&s, "203.0.113.7", 30);
        assert!(first.iter().all(|c| c == "LOGIN_FAILED"), "{first:?}");
        assert_eq!(failed_logins(&s, "198.51.100.9", 1), ["RATE_LIMITED"], "a forged header does not buy a new limit");
    }
}

#[test]
fn the_demo_admin_is_never_made_on_a_public_address() {
    // DEV_MODE lets the dev providers run on 0.0.0.0; it must not bring the demo admin with it.
    for s in servers_with(&[("HOST", "0.0.0.0"), ("DEV_MODE", "1"), ("RUST_LOG", "info")]) {
        assert_eq!(crate::common::staff::admin_count(&s.database_url()), 0, "{}: no admin row", s.engine);
        let log = s.log();
        assert!(log.contains("search index ready"), "{}: past the point where the demo admin is made: {log}", s.engine);
        assert!(!log.contains("admin TOTP secret:"), "{}: {log}", s.engine);
        let (_, v) = s.call(&s.client(), "/admin/login", &[("username", "admin"), ("password", common::DEMO_PASSWORD), ("otp", "000000")]);
        assert_eq!(code(&v), "LOGIN_FAILED", "{}", s.engine);
    }
    // The loopback default does make it (what makes the check above able to fail).
    for s in servers_with(&[("RUST_LOG", "info")]) {
        assert_eq!(crate::common::staff::admin_count(&s.database_url()), 1);
        assert!(s.log().contains("admin TOTP secret:"));
    }
}
