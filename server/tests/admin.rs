//! The administrator console over HTTP, on SQLite and PostgreSQL: TOTP log-in, sessions apart
//! from candidates' and companies', roles, disabling accounts, company review, job take-downs,
//! and an audit log that records every write and refuses to be changed.

mod common;

use common::{code, login, servers, TestServer, DEMO_MOBILE, DEMO_PASSWORD};
use diesel::{Connection, PgConnection, QueryDsl, RunQueryDsl, SqliteConnection};
use reqwest::blocking::Client;
use serde_json::Value;

diesel::table! {
    admins (id) {
        id -> BigInt,
        username -> Text,
        totp_secret -> Text,
    }
}

diesel::table! {
    audit_log (id) {
        id -> BigInt,
        action -> Text,
        reason -> Text,
    }
}

/// Runs `f` on a connection to the server's database.
fn with_db<T>(s: &TestServer, f: impl Fn(&mut dyn FnMut(&str) -> Result<usize, diesel::result::Error>) -> T, secret_of: Option<&str>) -> (T, Option<String>) {
    let url = s.database_url();
    macro_rules! on {
        ($conn:expr) => {{
            let mut conn = $conn;
            let secret = secret_of.map(|u| {
                use diesel::ExpressionMethods;
                admins::table.filter(admins::username.eq(u)).select(admins::totp_secret).first::<String>(&mut conn).expect("admin")
            });
            let out = f(&mut |sql: &str| diesel::sql_query(sql).execute(&mut conn));
            (out, secret)
        }};
    }
    if url.starts_with("postgres") {
        on!(PgConnection::establish(&url).expect("pg"))
    } else {
        on!(SqliteConnection::establish(&url).expect("sqlite"))
    }
}

fn secret(s: &TestServer, username: &str) -> String {
    with_db(s, |_| (), Some(username)).1.expect("secret")
}

fn code_now(secret: &str) -> String {
    server::domain::admin::current_code(secret).expect("code")
}

fn admin_login(s: &TestServer) -> Client {
    let c = s.client();
    let otp = code_now(&secret(s, "admin"));
    let (status, v) = s.call(&c, "/admin/login", &[("username", "admin"), ("password", DEMO_PASSWORD), ("otp", &otp)]);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["result"]["admin"]["role"], "super");
    c
}

fn audit_actions(s: &TestServer, c: &Client) -> Vec<Value> {
    let (_, v) = s.call(c, "/admin/audit/list", &[("page", "1"), ("pagesize", "50")]);
    v["result"]["list"].as_array().expect("list").clone()
}

#[test]
fn only_admin_sessions_reach_admin_calls_and_a_wrong_code_is_refused_then_limited() {
    for s in servers() {
        let candidate = s.client();
        login(&s, &candidate);
        let company = s.client();
        let (status, _) = s.call(&company, "/comlogin/login", &[("mobile", "13700000000"), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200);
        for c in [&candidate, &company, &s.client()] {
            for path in ["/admin/me", "/admin/audit/list", "/admin/stats"] {
                assert_eq!(s.call(c, path, &[]).0, 401, "{path}");
            }
            let (status, _) = s.call(c, "/admin/user/disable", &[("mobile", DEMO_MOBILE), ("reason", "x")]);
            assert_eq!(status, 401);
        }
        // The admin's cookie opens neither a candidate's nor a company's calls.
        let admin = admin_login(&s);
        assert!(s.call(&admin, "/pclogin/islogin", &[]).1["result"].is_null());
        assert_eq!(s.call(&admin, "/comjob/list", &[]).0, 401);

        // A new admin enrols a TOTP secret at first log-in; a wrong code is refused, five lock.
        let out = s.run_command(&["admin", "create", "--username", "zhao", "--role", "support", "--password", "support2026"]);
        assert!(out.contains("TOTP secret"), "{out}");
        let c = s.client();
        let (_, v) = s.call(&c, "/admin/login", &[("username", "zhao"), ("password", "support2026")]);
        let enrol = v["result"]["enroll"]["secret"].as_str().expect("enrolment secret").to_string();
        assert!(v["result"]["enroll"]["otpauthUrl"].as_str().is_some_and(|u| u.starts_with("otpauth://totp/")), "{v}");
        assert_eq!(s.call(&c, "/admin/me", &[]).0, 401, "no session before the code");
        let (_, v) = s.call(&c, "/admin/login", &[("username", "zhao"), ("password", "wrong-pass-9"), ("otp", &code_now(&enrol))]);
        assert_eq!(code(&v), "LOGIN_FAILED");
        for _ in 0..5 {
            let (_, v) = s.call(&c, "/admin/login", &[("username", "zhao"), ("password", "support2026"), ("otp", "000000")]);
            assert!(matches!(code(&v), "OTP_WRONG"), "{v}");
        }
        let (status, v) = s.call(&c, "/admin/login", &[("username", "zhao"), ("password", "support2026"), ("otp", &code_now(&enrol))]);
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"), "locked after five wrong codes, even with the right one");
        let actions: Vec<String> = audit_actions(&s, &admin).iter().map(|r| r["action"].as_str().unwrap_or("").to_string()).collect();
        assert!(actions.iter().filter(|a| *a == "admin.login.otp_wrong").count() >= 5, "{actions:?}");
        assert!(actions.contains(&"admin.login.failed".to_string()));
    }
}

#[test]
fn disabling_a_candidate_ends_the_session_at_once_and_every_write_is_audited() {
    for s in servers() {
        let admin = admin_login(&s);
        let candidate = s.client();
        login(&s, &candidate);
        // Warm the islogin cache: the disable must still reach it.
        assert!(!s.call(&candidate, "/pclogin/islogin", &[]).1["result"].is_null());
        let (status, v) = s.call(&admin, "/admin/user/disable", &[("mobile", DEMO_MOBILE), ("reason", "发布违规信息")]);
        assert_eq!(status, 200, "{v}");
        std::thread::sleep(std::time::Duration::from_millis(1000));
        assert!(s.call(&candidate, "/pclogin/islogin", &[]).1["result"].is_null(), "session ended within a second");
        let (_, v) = s.call(&s.client(), "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(code(&v), "ACCOUNT_DISABLED");
        assert_eq!(v["error"]["message"], "发布违规信息", "the reason reaches the log-in page");
        let (_, v) = s.call(&admin, "/admin/user/search", &[("q", DEMO_MOBILE)]);
        let row = v["result"].as_array().expect("rows").iter().find(|r| r["kind"] == "candidate").expect("the candidate").clone();
        assert_eq!((row["disabled"].as_bool(), row["disabledReason"].as_str()), (Some(true), Some("发布违规信息")));
        let (_, v) = s.call(&admin, "/admin/user/disable", &[("mobile", DEMO_MOBILE), ("reason", "")]);
        assert_eq!(code(&v), "BAD_INPUT", "a reason is required");
        assert_eq!(s.call(&admin, "/admin/user/enable", &[("mobile", DEMO_MOBILE)]).0, 200);
        login(&s, &s.client());

        // Company review, a black word, a take-down: each leaves its row.
        let (_, v) = s.call(&admin, "/admin/company/queue", &[("status", "pending")]);
        let company = v["result"]["list"][0]["companyId"].to_string();
        assert_eq!(s.call(&admin, "/admin/company/review", &[("companyId", &company), ("decision", "verified"), ("note", "营业执照已核")]).0, 200);
        let (_, v) = s.call(&admin, "/admin/company/queue", &[("status", "verified")]);
        assert!(v["result"]["list"].as_array().expect("list").iter().any(|r| r["companyId"].to_string() == company));
        assert_eq!(s.call(&admin, "/admin/blackword/add", &[("word", "刷单返利")]).0, 200);
        let (_, v) = s.call(&s.client(), "/tag/getBlackWord", &[]);
        assert!(v["result"].as_array().expect("words").iter().any(|w| w == "刷单返利"), "in effect at once");

        let rows = audit_actions(&s, &admin);
        for action in ["account.disable", "account.enable", "company.review", "blackword.add", "admin.login"] {
            let row = rows.iter().find(|r| r["action"] == action).unwrap_or_else(|| panic!("no {action} in {rows:?}"));
            assert_eq!(row["admin"], "admin");
            assert!(row["at"].as_i64().is_some_and(|t| t > 0));
        }
        let disable = rows.iter().find(|r| r["action"] == "account.disable").expect("disable row");
        assert_eq!((disable["reason"].as_str(), disable["before"].as_str(), disable["after"].as_str()), (Some("发布违规信息"), Some("enabled"), Some("disabled")));
        assert!(rows.windows(2).all(|w| w[0]["at"].as_i64() >= w[1]["at"].as_i64()), "newest first");
    }
}

#[test]
fn the_audit_log_cannot_be_changed_even_by_sql() {
    for s in servers() {
        admin_login(&s);
        let (results, _) = with_db(
            &s,
            |exec| [exec("UPDATE audit_log SET reason = 'rewritten'"), exec("DELETE FROM audit_log")].map(|r| r.is_err()),
            None,
        );
        assert_eq!(results, [true, true], "{}: UPDATE and DELETE are refused", s.engine);
        let (n, _) = with_db(&s, |exec| exec("INSERT INTO audit_log (id, admin_name, action, at) VALUES (1, 'x', 'test', 1)").is_ok(), None);
        assert!(n, "appending still works");
    }
}

#[test]
fn roles_are_enforced_and_the_last_super_admin_stays() {
    for s in servers() {
        let admin = admin_login(&s);
        let (_, v) = s.call(&admin, "/admin/me", &[]);
        let me = v["result"]["id"].to_string();
        let (status, v) = s.call(&admin, "/admin/admins/disable", &[("id", &me)]);
        assert_eq!((status, code(&v)), (400, "LAST_SUPER_ADMIN"));

        for (name, role) in [("qian", "support"), ("sun", "reviewer")] {
            let (status, v) = s.call(&admin, "/admin/admins/create", &[("username", name), ("password", "review2026"), ("role", role)]);
            assert_eq!(status, 200, "{v}");
        }
        let as_role = |name: &str| -> Client {
            let c = s.client();
            let (_, v) = s.call(&c, "/admin/login", &[("username", name), ("password", "review2026")]);
            let secret = v["result"]["enroll"]["secret"].as_str().expect("secret").to_string();
            let (status, v) = s.call(&c, "/admin/login", &[("username", name), ("password", "review2026"), ("otp", &code_now(&secret))]);
            assert_eq!(status, 200, "{v}");
            c
        };
        let support = as_role("qian");
        let reviewer = as_role("sun");
        let (_, v) = s.call(&support, "/admin/company/queue", &[]);
        let company = v["result"]["list"][0]["companyId"].to_string();
        assert_eq!(code(&s.call(&support, "/admin/company/review", &[("companyId", &company), ("decision", "verified")]).1), "FORBIDDEN_ROLE");
        assert_eq!(code(&s.call(&reviewer, "/admin/user/disable", &[("mobile", DEMO_MOBILE), ("reason", "x")]).1), "FORBIDDEN_ROLE");
        assert_eq!(code(&s.call(&reviewer, "/admin/admins/list", &[]).1), "FORBIDDEN_ROLE");
        assert_eq!(s.call(&reviewer, "/admin/company/review", &[("companyId", &company), ("decision", "rejected"), ("reason", "执照模糊")]).0, 200);
    }
}

#[test]
fn a_reported_job_taken_down_leaves_search_and_its_company_sees_why() {
    for s in servers() {
        let admin = admin_login(&s);
        let company = s.client();
        s.call(&company, "/comlogin/login", &[("mobile", "13700000000"), ("password", DEMO_PASSWORD)]);
        let (_, v) = s.call(&company, "/comjob/list", &[("state", "open")]);
        let job = v["result"]["list"][0]["id"].to_string();
        let candidate = s.client();
        login(&s, &candidate);
        let (status, v) = s.call(&candidate, "/pcjob/report", &[("jobid", &job), ("reason", "fraud"), ("detail", "要求先交培训费")]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&admin, "/admin/report/list", &[]);
        assert!(v["result"]["list"].as_array().expect("list").iter().any(|r| r["jobId"].to_string() == job && r["reason"] == "fraud"));
        assert_eq!(s.call(&admin, "/admin/job/takedown", &[("jobId", &job), ("reason", "涉嫌收费招聘")]).0, 200);
        let (_, v) = s.call(&company, "/comjob/get", &[("id", &job)]);
        assert_eq!((v["result"]["state"].as_str(), v["result"]["takedownReason"].as_str()), (Some("closed"), Some("涉嫌收费招聘")));
        let (_, v) = s.call(&s.client(), "/job/detail", &[("jobid", &job)]);
        assert_eq!(v["result"]["job"]["closed"], true, "{v}");
        let (_, v) = s.call(&admin, "/admin/report/list", &[]);
        assert!(!v["result"]["list"].as_array().expect("list").iter().any(|r| r["jobId"].to_string() == job), "handled");
        assert!(audit_actions(&s, &admin).iter().any(|r| r["action"] == "job.takedown" && r["reason"] == "涉嫌收费招聘"));
    }
}
