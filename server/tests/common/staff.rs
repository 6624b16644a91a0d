//! Logged-in clients for the staff of the site: the demo super admin (its TOTP secret read from the
//! database), new admins of a role (created by a super admin, enrolled at their first log-in), the
//! demo company's owner, the owner of a newly registered company, and an invited interviewer.

// Test helpers: a failed step panics with its message, as in a #[test] itself.
#![allow(clippy::expect_used)]

use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
use reqwest::blocking::Client;
use serde_json::Value;
use server::db::schema::admins;

use crate::common::slider;
use crate::common::{db_at, envelope, outbox_code, TestServer, COMPANY_MOBILE, DEMO_PASSWORD};

/// The TOTP secret of the admin `username` in the database at `url`.
pub fn totp_secret(url: &str, username: &str) -> String {
    admins::table.filter(admins::username.eq(username)).select(admins::totp_secret).first(&mut db_at(url)).expect("admin")
}

/// How many admin accounts the database at `url` holds.
pub fn admin_count(url: &str) -> i64 {
    admins::table.count().get_result(&mut db_at(url)).expect("count")
}

/// A code of `secret` the server will take: it takes each 30-second step once, and no step older
/// than the last it took (issue 30). The current step's, or the next one's (one step of clock skew
/// is allowed) when the current one was used here or ends within 2 s; a third log-in in one step
/// waits for the next. Every admin log-in of the tests takes its code here.
pub fn otp(secret: &str) -> String {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static LAST: Mutex<Option<HashMap<String, u64>>> = Mutex::new(None);
    loop {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_millis() as u64;
        let step = now / 30_000;
        let soonest = if 30_000 - now % 30_000 < 2_000 { step + 1 } else { step };
        {
            let mut guard = LAST.lock().unwrap_or_else(|p| p.into_inner());
            let last = guard.get_or_insert_with(HashMap::new);
            let chosen = last.get(secret).map_or(soonest, |l| soonest.max(l + 1));
            if chosen <= step + 1 {
                last.insert(secret.to_string(), chosen);
                return server::domain::admin::code_of_step(secret, chosen).expect("code");
            }
        }
        std::thread::sleep(std::time::Duration::from_millis((step + 1) * 30_000 - now + 200));
    }
}

/// The demo super admin, logged in.
pub fn super_admin(s: &TestServer) -> Client {
    super_admin_at(&s.base, &s.database_url())
}

/// The demo super admin, logged in on the server at `base` whose database is at `url` (a server of
/// a cluster, started without a TestServer).
pub fn super_admin_at(base: &str, url: &str) -> Client {
    let c = crate::common::client();
    let call = |path: &str, form: &[(&str, &str)]| envelope(c.post(format!("{base}/ajax{path}")).form(form).send().expect("send"));
    let code = otp(&totp_secret(url, "admin"));
    let (status, v) = call("/admin/login", &[("username", "admin"), ("password", DEMO_PASSWORD), ("otp", &code)]);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["result"]["admin"]["role"], "super", "{v}");
    assert_eq!(call("/admin/me", &[]).1["result"]["role"], "super", "the session is the super admin's");
    c
}

/// A new admin of `role`, created by the super admin `by` and logged in (enrolled).
pub fn admin_of_role(s: &TestServer, by: &Client, username: &str, role: &str) -> Client {
    let password = "staff2026a";
    let (status, v) = s.call(by, "/admin/admins/create", &[("username", username), ("password", password), ("role", role)]);
    assert_eq!(status, 200, "{v}");
    let c = s.client();
    let (_, v) = s.call(&c, "/admin/login", &[("username", username), ("password", password)]);
    let secret = v["result"]["enroll"]["secret"].as_str().expect("enrolment secret").to_string();
    let (status, v) = s.call(&c, "/admin/login", &[("username", username), ("password", password), ("otp", &otp(&secret))]);
    assert_eq!(status, 200, "{v}");
    c
}

/// The demo company's owner (COMPANY_MOBILE), logged in.
pub fn company_login(s: &TestServer) -> Client {
    company_login_at(&s.base)
}

/// The demo company's owner, logged in on the server at `base` (one started without a TestServer).
pub fn company_login_at(base: &str) -> Client {
    let client = crate::common::client();
    log_in_company_owner(base, &client);
    client
}

/// Logs `client` in as the demo company's owner; answers the log-in's result (the member and company).
pub fn company_login_into(s: &TestServer, client: &Client) -> Value {
    log_in_company_owner(&s.base, client)
}

fn log_in_company_owner(base: &str, client: &Client) -> Value {
    let form = [("mobile", COMPANY_MOBILE), ("password", DEMO_PASSWORD)];
    let (status, v) = envelope(client.post(format!("{base}/ajax/comlogin/login")).form(&form).send().expect("send"));
    assert_eq!(status, 200, "{v}");
    v["result"].clone()
}

/// The interviewer `mobile`, who accepted an invitation with `password` (accept_invitation), logged in.
pub fn interviewer_login(s: &TestServer, mobile: &str, password: &str) -> Client {
    let client = s.client();
    let (status, v) = s.call(&client, "/comlogin/login", &[("mobile", mobile), ("password", password)]);
    assert_eq!((status, v["result"]["role"].as_str()), (200, Some("interviewer")), "{v}");
    client
}

/// A comRegister code sent to `mobile` through the slider, read from the dev outbox.
pub fn company_code(s: &TestServer, client: &Client, mobile: &str) -> String {
    let verification = slider::verification(&s.url(""), client);
    let (status, v) = s.call(client, "/pcuser/sendCode", &[("mobile", mobile), ("captchaVerification", &verification), ("scene", "comRegister")]);
    assert_eq!(status, 200, "{v}");
    outbox_code(s, mobile)
}

/// Registers the company `name` through the slider and an SMS code; answers its owner's logged-in client.
pub fn register_company(s: &TestServer, mobile: &str, name: &str) -> Client {
    let client = s.client();
    let sms = company_code(s, &client, mobile);
    let form = [("mobile", mobile), ("code", sms.as_str()), ("password", "hire2026a"), ("confirmPassword", "hire2026a"), ("companyName", name)];
    let (status, v) = s.call(&client, "/comlogin/register", &form);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["result"]["role"], "owner");
    assert_eq!(v["result"]["company"]["name"], name);
    client
}

/// Posts an open job for the company's logged-in `company` client; answers its id.
pub fn post_job(s: &TestServer, company: &Client, title: &str) -> String {
    post_job_with(s, company, title, "负责招聘网站前端的开发与维护，和设计、后端一起交付。")["id"].to_string()
}

/// Saves a job with this title and description; answers /comjob/save's result (a job held for black
/// words says so in `heldWords`).
pub fn post_job_with(s: &TestServer, company: &Client, title: &str, description: &str) -> serde_json::Value {
    let form = [
        ("title", title),
        ("category", "前端开发"),
        ("city", "杭州"),
        ("salaryMin", "15000"),
        ("salaryMax", "25000"),
        ("experience", "3-5年"),
        ("education", "本科"),
        ("description", description),
    ];
    let (status, v) = s.call(company, "/comjob/save", &form);
    assert_eq!(status, 200, "{v}");
    v["result"].clone()
}

/// The interviewer invited at `mobile` accepts through the link of the invitation SMS (the dev
/// outbox; the notice worker sends it within a moment) and sets a password; answers it.
pub fn accept_invitation(s: &TestServer, mobile: &str) -> String {
    let token = invitation_token(s, mobile);
    let password = "interview2026";
    let form = [("token", token.as_str()), ("password", password), ("confirmPassword", password)];
    let (status, v) = s.call(&s.client(), "/comlogin/acceptInvitation", &form);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["result"]["role"], "interviewer", "{v}");
    password.to_string()
}

/// The token of the newest invitation SMS to `mobile` in the dev outbox (waiting for the worker).
pub fn invitation_token(s: &TestServer, mobile: &str) -> String {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let list: serde_json::Value = s.client().get(s.url("/dev/outbox?format=json")).send().expect("outbox").json().expect("json");
        let link = list.as_array().expect("list").iter().filter(|m| m["mobile"] == mobile).find_map(|m| {
            let rest = m["text"].as_str()?.split_once("/recruit/invite/")?.1;
            Some(rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect::<String>())
        });
        if let Some(token) = link {
            return token;
        }
        assert!(std::time::Instant::now() < until, "no invitation to {mobile} in the outbox: {list}");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}
