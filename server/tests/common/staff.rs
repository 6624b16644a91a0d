//! Logged-in clients for the staff of the site: the demo super admin (its TOTP secret read from the
//! database), new admins of a role (created by a super admin, enrolled at their first log-in), and
//! the owner of a newly registered company.

// Test helpers: a failed step panics with its message, as in a #[test] itself.
#![allow(clippy::expect_used)]

use diesel::{Connection, ExpressionMethods, PgConnection, QueryDsl, RunQueryDsl, SqliteConnection};
use reqwest::blocking::Client;

use crate::common::slider;
use crate::common::{outbox_code, TestServer, DEMO_PASSWORD};

diesel::table! {
    admins (id) {
        id -> BigInt,
        username -> Text,
        totp_secret -> Text,
    }
}

fn totp_secret(s: &TestServer, username: &str) -> String {
    let url = s.database_url();
    let q = admins::table.filter(admins::username.eq(username)).select(admins::totp_secret);
    if url.starts_with("postgres") {
        q.first(&mut PgConnection::establish(&url).expect("pg")).expect("admin")
    } else {
        q.first(&mut SqliteConnection::establish(&url).expect("sqlite")).expect("admin")
    }
}

pub fn otp(secret: &str) -> String {
    server::domain::admin::current_code(secret).expect("code")
}

/// The demo super admin, logged in.
pub fn super_admin(s: &TestServer) -> Client {
    let c = s.client();
    let code = otp(&totp_secret(s, "admin"));
    let (status, v) = s.call(&c, "/admin/login", &[("username", "admin"), ("password", DEMO_PASSWORD), ("otp", &code)]);
    assert_eq!(status, 200, "{v}");
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

/// Registers a company through the slider and an SMS code; answers its owner's logged-in client.
pub fn register_company(s: &TestServer, mobile: &str, name: &str) -> Client {
    let client = s.client();
    let verification = slider::verification(&s.url(""), &client);
    let (status, v) = s.call(&client, "/pcuser/sendCode", &[("mobile", mobile), ("captchaVerification", &verification), ("scene", "comRegister")]);
    assert_eq!(status, 200, "{v}");
    let sms = outbox_code(s, mobile);
    let form = [("mobile", mobile), ("code", sms.as_str()), ("password", "hire2026a"), ("confirmPassword", "hire2026a"), ("companyName", name)];
    let (status, v) = s.call(&client, "/comlogin/register", &form);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["result"]["role"], "owner");
    client
}

/// Posts an open job for the company's logged-in `company` client; answers its id.
pub fn post_job(s: &TestServer, company: &Client, title: &str) -> String {
    let form = [
        ("title", title),
        ("category", "前端开发"),
        ("city", "杭州"),
        ("salaryMin", "15000"),
        ("salaryMax", "25000"),
        ("experience", "3-5年"),
        ("education", "本科"),
        ("description", "负责招聘网站前端的开发与维护，和设计、后端一起交付。"),
    ];
    let (status, v) = s.call(company, "/comjob/save", &form);
    assert_eq!(status, 200, "{v}");
    v["result"]["id"].to_string()
}
