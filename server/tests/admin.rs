//! The administrator console over HTTP, on SQLite and PostgreSQL: TOTP log-in, sessions apart
//! from candidates' and companies', roles, disabling accounts, company review, job take-downs,
//! and an audit log that records every write and refuses to be changed.

use crate::common;

use crate::common::staff::{company_login, company_login_into, otp, super_admin, totp_secret};
use crate::common::{code, login, servers, TestServer, COMPANY_MOBILE, DEMO_MOBILE, DEMO_PASSWORD};
use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
use reqwest::blocking::Client;
use serde_json::Value;
use server::db::schema::audit_log;

fn audit_actions(s: &TestServer, c: &Client) -> Vec<Value> {
    let (_, v) = s.call(c, "/admin/audit/list", &[("page", "1"), ("pagesize", "50")]);
    v["result"]["list"].as_array().expect("list").clone()
}

#[test]
fn only_admin_sessions_reach_admin_calls_and_a_wrong_code_is_refused_then_limited() {
    for s in servers() {
        let candidate = s.client();
        login(&s, &candidate);
        let company = company_login(&s);
        for c in [&candidate, &company, &s.client()] {
            for path in ["/admin/me", "/admin/audit/list", "/admin/stats"] {
                assert_eq!(s.call(c, path, &[]).0, 401, "{path}");
            }
            let (status, _) = s.call(c, "/admin/user/disable", &[("mobile", DEMO_MOBILE), ("reason", "x")]);
            assert_eq!(status, 401);
        }
        // The admin's cookie opens neither a candidate's nor a company's calls.
        let admin = super_admin(&s);
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
        let (_, v) = s.call(&c, "/admin/login", &[("username", "zhao"), ("password", "wrong-pass-9"), ("otp", &otp(&enrol))]);
        assert_eq!(code(&v), "LOGIN_FAILED");
        // The wrong password above and four wrong codes: five failures, one lockout.
        for _ in 0..4 {
            let (_, v) = s.call(&c, "/admin/login", &[("username", "zhao"), ("password", "support2026"), ("otp", "000000")]);
            assert_eq!(code(&v), "LOGIN_FAILED", "a wrong code answers as a wrong password: {v}");
        }
        let (status, v) = s.call(&c, "/admin/login", &[("username", "zhao"), ("password", "support2026"), ("otp", &otp(&enrol))]);
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"), "locked after five wrong codes, even with the right one");
        let actions: Vec<String> = audit_actions(&s, &admin).iter().map(|r| r["action"].as_str().unwrap_or("").to_string()).collect();
        assert!(actions.iter().filter(|a| *a == "admin.login.otp_wrong").count() >= 4, "{actions:?}");
        assert!(actions.contains(&"admin.login.failed".to_string()));
    }
}

#[test]
fn disabling_a_candidate_ends_the_session_at_once_and_every_write_is_audited() {
    for s in servers() {
        let admin = super_admin(&s);
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
        super_admin(&s);
        let results = ["UPDATE audit_log SET reason = 'rewritten'", "DELETE FROM audit_log"].map(|q| diesel::sql_query(q).execute(&mut s.db()).is_err());
        assert_eq!(results, [true, true], "{}: UPDATE and DELETE are refused", s.engine);
        let n = diesel::sql_query("INSERT INTO audit_log (id, admin_name, action, at) VALUES (1, 'x', 'test', 1)").execute(&mut s.db());
        assert!(n.is_ok(), "appending still works");
    }
}

#[test]
fn roles_are_enforced_and_the_last_super_admin_stays() {
    for s in servers() {
        let admin = super_admin(&s);
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
            let (status, v) = s.call(&c, "/admin/login", &[("username", name), ("password", "review2026"), ("otp", &otp(&secret))]);
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
        let admin = super_admin(&s);
        let company = company_login(&s);
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
        assert_eq!(code(&v), "NOT_FOUND", "a taken-down job's text is not public: {v}");
        let (_, v) = s.call(&admin, "/admin/report/list", &[]);
        assert!(!v["result"]["list"].as_array().expect("list").iter().any(|r| r["jobId"].to_string() == job), "handled");
        assert!(audit_actions(&s, &admin).iter().any(|r| r["action"] == "job.takedown" && r["reason"] == "涉嫌收费招聘"));
    }
}

/// A server that renders the public pages (they frame a built ui's index.html).
fn servers_with_pages(extra: &[(&str, &str)]) -> Vec<TestServer> {
    let dir = std::env::temp_dir().join(format!("jobseeker-admin-pages-{}-{}", std::process::id(), common::tempdir::rand_suffix()));
    std::fs::create_dir_all(&dir).expect("ui dir");
    std::fs::write(dir.join("index.html"), "<!doctype html>\n<html lang=\"zh-CN\">\n  <head>\n    <title>职达招聘</title>\n  </head>\n  <body>\n    <div id=\"root\"></div>\n  </body>\n</html>\n")
        .expect("index");
    let ui = dir.to_string_lossy().into_owned();
    let mut env = vec![("UI_DIR", ui.as_str())];
    env.extend_from_slice(extra);
    common::servers_with(&env)
}

fn page(s: &TestServer, path: &str) -> String {
    let res = s.client().get(s.url(path)).send().expect("page");
    assert_eq!(res.status().as_u16(), 200, "{path}");
    res.text().expect("html")
}

/// The demo company's owner, logged in, and the company's id.
fn company_owner(s: &TestServer) -> (Client, String) {
    let c = s.client();
    let id = company_login_into(s, &c)["company"]["id"].to_string();
    (c, id)
}

fn png() -> Vec<u8> {
    let img = image::RgbImage::from_fn(64, 48, |x, y| image::Rgb([(x * 3) as u8, (y * 5) as u8, 90]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).expect("png");
    out.into_inner()
}

#[test]
fn a_verified_company_shows_its_badge_everywhere_and_a_new_licence_sends_it_back_to_review() {
    for s in servers_with_pages(&[]) {
        let admin = super_admin(&s);
        let (owner, company) = company_owner(&s);
        let (_, v) = s.call(&owner, "/comjob/list", &[("state", "open")]);
        let job = v["result"]["list"][0]["id"].to_string();
        let badge = "data-testid=\"company-verified\"";
        let read = |s: &TestServer| {
            let (_, d) = s.call(&s.client(), "/company/detail", &[("comId", &company)]);
            let (_, j) = s.call(&s.client(), "/job/detail", &[("jobid", &job)]);
            let cards = d["result"]["jobs"]["list"].as_array().expect("cards").clone();
            assert!(!cards.is_empty());
            let all_cards = cards.iter().all(|c| c["companyVerified"] == true);
            let no_card = cards.iter().all(|c| c["companyVerified"] == false);
            (d["result"]["company"]["verified"].clone(), j["result"]["company"]["verified"].clone(), j["result"]["job"]["companyVerified"].clone(), all_cards, no_card)
        };
        assert_eq!(read(&s), (Value::Bool(false), Value::Bool(false), Value::Bool(false), false, true), "not verified yet");
        assert!(!page(&s, &format!("/company/{company}")).contains(badge));
        assert!(!page(&s, &format!("/job/{job}")).contains(badge));

        let pending = |s: &TestServer| s.call(&admin, "/admin/stats", &[]).1["result"]["pendingCompanies"].as_i64().expect("pending");
        let before = pending(&s);
        let (status, v) = s.call(&admin, "/admin/company/review", &[("companyId", &company), ("decision", "verified"), ("note", "执照清晰")]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(pending(&s), before - 1);
        assert_eq!(read(&s), (Value::Bool(true), Value::Bool(true), Value::Bool(true), true, false), "verified: the page, the job and every card");
        let html = page(&s, &format!("/company/{company}"));
        assert!(html.contains(badge) && html.contains(">认证</span>"), "{html}");
        let html = page(&s, &format!("/job/{job}"));
        assert!(html.contains(badge) && html.contains(">认证</span>"), "{html}");
        assert!(page(&s, &format!("/company/{company}?lang=en-US")).contains(">Verified</span>"));
        let (_, v) = s.call(&s.client(), "/job/search", &[("kw", "")]);
        let list = v["result"]["list"].as_array().expect("search").clone();
        assert!(list.iter().filter(|c| c["companyId"].to_string() == company).all(|c| c["companyVerified"] == true));
        assert!(list.iter().filter(|c| c["companyId"].to_string() != company).all(|c| c["companyVerified"] == false), "only the verified company's cards");

        // A new licence: back to the queue as pending, the badge gone until a reviewer looks again.
        let form = reqwest::blocking::multipart::Form::new()
            .text("kind", "licence")
            .part("file", reqwest::blocking::multipart::Part::bytes(png()).file_name("licence.png"));
        let (status, v) = common::envelope(owner.post(s.url("/ajax/comcompany/uploadPicture")).multipart(form).send().expect("upload"));
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&admin, "/admin/company/queue", &[("status", "pending"), ("pagesize", "50")]);
        let row = v["result"]["list"].as_array().expect("queue").iter().find(|r| r["companyId"].to_string() == company).cloned();
        let row = row.unwrap_or_else(|| panic!("back in the pending queue: {v}"));
        assert!(row["licenceUrl"].is_string(), "{row}");
        assert_eq!(pending(&s), before, "pending again in the statistics");
        assert_eq!(read(&s).0, Value::Bool(false), "no badge while pending");
        assert!(!page(&s, &format!("/company/{company}")).contains(badge));
    }
}

#[test]
fn a_job_with_a_black_word_is_held_for_review_then_approved_or_taken_down_and_resubmitted() {
    for s in servers() {
        let admin = super_admin(&s);
        let (owner, _) = company_owner(&s);
        assert_eq!(s.call(&admin, "/admin/blackword/add", &[("word", "拉人头")]).0, 200);
        let form = |title: &str, description: &str| -> Vec<(String, String)> {
            [
                ("title", title), ("category", "前端开发"), ("city", "杭州"), ("salaryMin", "15000"), ("salaryMax", "25000"),
                ("experience", "3-5年"), ("education", "本科"), ("description", description),
            ]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
        };
        let save = |fields: Vec<(String, String)>| -> Value {
            let refs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            let (status, v) = s.call(&owner, "/comjob/save", &refs);
            assert_eq!(status, 200, "{v}");
            v["result"].clone()
        };
        let bad = "负责前端开发，另需拉人头发展下线，日结高薪，欢迎加入我们的团队。";
        let clean = "负责招聘网站前端的开发与维护，和设计、后端一起交付。";

        // Saved, but held: closed, out of search, the recruiter sees why, and cannot publish it.
        let held = save(form("前端工程师甲", bad));
        let job = held["id"].to_string();
        assert_eq!((held["state"].as_str(), held["heldWords"].as_str()), (Some("closed"), Some("拉人头")), "{held}");
        let (_, v) = s.call(&owner, "/comjob/get", &[("id", &job)]);
        assert_eq!(v["result"]["heldWords"], "拉人头");
        let (_, v) = s.call(&owner, "/comjob/list", &[]);
        let row = v["result"]["list"].as_array().expect("list").iter().find(|r| r["id"].to_string() == job).cloned().expect("listed");
        assert_eq!(row["heldWords"], "拉人头");
        let (_, v) = s.call(&owner, "/comjob/reopen", &[("id", &job)]);
        assert_eq!(code(&v), "JOB_HELD");
        let (_, v) = s.call(&s.client(), "/job/detail", &[("jobid", &job)]);
        assert_eq!(code(&v), "NOT_FOUND", "not public, nor its text");

        // The queue shows it with the words; approving publishes it.
        let (_, v) = s.call(&admin, "/admin/job/queue", &[]);
        let queued = v["result"]["list"].as_array().expect("queue").iter().find(|r| r["jobId"].to_string() == job).cloned().expect("queued");
        assert_eq!((queued["words"].as_str(), queued["title"].as_str()), (Some("拉人头"), Some("前端工程师甲")));
        assert_eq!(s.call(&admin, "/admin/job/approve", &[("jobId", &job), ("reason", "语境无害")]).0, 200);
        let (_, v) = s.call(&s.client(), "/job/detail", &[("jobid", &job)]);
        assert_eq!(v["result"]["job"]["closed"], false, "published");
        let (_, v) = s.call(&owner, "/comjob/get", &[("id", &job)]);
        assert_eq!((v["result"]["state"].as_str(), v["result"]["heldWords"].as_str()), (Some("open"), None));
        assert_eq!(code(&s.call(&admin, "/admin/job/approve", &[("jobId", &job)]).1), "NOT_FOUND", "no longer held");

        // Another is taken down from the queue: the company sees the reason, edits, resubmits.
        let other = save(form("前端工程师乙", bad))["id"].to_string();
        let (status, v) = s.call(&admin, "/admin/job/takedown", &[("jobId", &other), ("reason", "疑似刷单诈骗")]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&admin, "/admin/job/queue", &[]);
        assert!(!v["result"]["list"].as_array().expect("queue").iter().any(|r| r["jobId"].to_string() == other), "left the queue");
        let (_, v) = s.call(&owner, "/comjob/get", &[("id", &other)]);
        assert_eq!((v["result"]["takedownReason"].as_str(), v["result"]["heldWords"].as_str()), (Some("疑似刷单诈骗"), None));
        assert_eq!(code(&s.call(&owner, "/comjob/reopen", &[("id", &other)]).1), "JOB_TAKEN_DOWN", "not before an edit");
        let mut edit = form("前端工程师乙", clean);
        edit.push(("id".into(), other.clone()));
        let edited = save(edit);
        assert_eq!(edited["state"], "closed");
        let (_, v) = s.call(&owner, "/comjob/reopen", &[("id", &other)]);
        assert_eq!(v["result"]["state"], "open", "resubmitted: {v}");
        let (_, v) = s.call(&s.client(), "/job/detail", &[("jobid", &other)]);
        assert_eq!(v["result"]["job"]["closed"], false);

        // A held job edited clean is public at once; an open job edited to hold a word is held.
        let third = save(form("前端工程师丙", bad))["id"].to_string();
        let mut edit = form("前端工程师丙", clean);
        edit.push(("id".into(), third.clone()));
        let released = save(edit);
        assert_eq!((released["state"].as_str(), released["heldWords"].as_str()), (Some("open"), None), "{released}");
        let mut edit = form("前端工程师丙", bad);
        edit.push(("id".into(), third.clone()));
        assert_eq!(save(edit)["heldWords"], "拉人头", "an open job edited with a black word is held again");
        // A draft is held when it is published.
        let mut draft = form("前端工程师丁", bad);
        draft.push(("draft".into(), "1".into()));
        let draft = save(draft);
        assert_eq!((draft["state"].as_str(), draft["heldWords"].as_str()), (Some("draft"), None));
        let (_, v) = s.call(&owner, "/comjob/publish", &[("id", &draft["id"].to_string())]);
        assert_eq!(v["result"]["heldWords"], "拉人头", "{v}");

        let rows = audit_actions(&s, &admin);
        let approve = rows.iter().find(|r| r["action"] == "job.approve").expect("approve row");
        assert_eq!((approve["before"].as_str(), approve["after"].as_str(), approve["reason"].as_str()), (Some("held: 拉人头"), Some("open"), Some("语境无害")));
        let takedown = rows.iter().find(|r| r["action"] == "job.takedown").expect("takedown row");
        assert_eq!((takedown["before"].as_str(), takedown["reason"].as_str()), (Some("held"), Some("疑似刷单诈骗")));
    }
}

#[test]
fn disabling_a_company_closes_its_jobs_and_ends_its_members_sessions() {
    for s in common::servers_with(&[("SEARCH_SYNC_SECS", "1")]) {
        let admin = super_admin(&s);
        let (owner, company) = company_owner(&s);
        let (_, v) = s.call(&owner, "/comjob/list", &[("state", "open")]);
        let open = v["result"]["counts"]["open"].as_i64().expect("open count");
        assert!(open > 0);
        let job = v["result"]["list"][0]["id"].to_string();
        // Roles: a reviewer cannot disable a company, support cannot work the held-job queue.
        for (name, role) in [("zhou", "reviewer"), ("wu", "support")] {
            assert_eq!(s.call(&admin, "/admin/admins/create", &[("username", name), ("password", "role2026x"), ("role", role)]).0, 200);
        }
        let as_role = |name: &str| -> Client {
            let c = s.client();
            let (_, v) = s.call(&c, "/admin/login", &[("username", name), ("password", "role2026x")]);
            let secret = v["result"]["enroll"]["secret"].as_str().expect("secret").to_string();
            assert_eq!(s.call(&c, "/admin/login", &[("username", name), ("password", "role2026x"), ("otp", &otp(&secret))]).0, 200);
            c
        };
        let (reviewer, support) = (as_role("zhou"), as_role("wu"));
        assert_eq!(code(&s.call(&reviewer, "/admin/company/disable", &[("companyId", &company), ("reason", "x")]).1), "FORBIDDEN_ROLE");
        // Support reads the held-job queue (docs/api.md, the roles' table) but approves nothing.
        assert_eq!(s.call(&support, "/admin/job/queue", &[]).0, 200);
        assert_eq!(code(&s.call(&support, "/admin/job/approve", &[("jobId", &job)]).1), "FORBIDDEN_ROLE");
        let (_, v) = s.call(&admin, "/admin/company/disable", &[("companyId", &company), ("reason", "")]);
        assert_eq!(code(&v), "BAD_INPUT", "a reason is required");
        let (status, v) = s.call(&admin, "/admin/company/disable", &[("companyId", &company), ("reason", "营业执照伪造")]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["closedJobs"].as_i64(), Some(open));
        let queued = |s: &TestServer| {
            let (_, v) = s.call(&admin, "/admin/company/queue", &[("status", "pending"), ("pagesize", "50")]);
            v["result"]["list"].as_array().expect("queue").iter().find(|r| r["companyId"].to_string() == company).expect("in the queue")["disabled"].clone()
        };
        assert_eq!(queued(&s), Value::Bool(true), "the queue shows it disabled");

        assert_eq!(s.call(&owner, "/comjob/list", &[]).0, 401, "the member's session ended");
        let (_, v) = s.call(&s.client(), "/comlogin/login", &[("mobile", COMPANY_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!((code(&v), v["error"]["message"].as_str()), ("ACCOUNT_DISABLED", Some("营业执照伪造")));
        let (_, v) = s.call(&s.client(), "/job/detail", &[("jobid", &job)]);
        assert_eq!(v["result"]["job"]["closed"], true);
        let gone = (0..40).any(|_| {
            std::thread::sleep(std::time::Duration::from_millis(250));
            s.call(&s.client(), "/company/detail", &[("comId", &company)]).1["result"]["jobs"]["total"] == 0
        });
        assert!(gone, "the company's jobs left search");

        assert_eq!(s.call(&admin, "/admin/company/enable", &[("companyId", &company)]).0, 200);
        assert_eq!(queued(&s), Value::Bool(false));
        let (owner, _) = company_owner(&s);
        let (_, v) = s.call(&owner, "/comjob/get", &[("id", &job)]);
        assert_eq!(v["result"]["state"], "closed", "the jobs stay closed until the company reopens them");
        let rows = audit_actions(&s, &admin);
        let disable = rows.iter().find(|r| r["action"] == "company.disable").expect("disable row");
        assert_eq!(disable["reason"], "营业执照伪造");
        assert_eq!(disable["after"].as_str(), Some(format!("disabled, {open} jobs closed").as_str()));
        assert!(rows.iter().any(|r| r["action"] == "company.enable"));
        let (_, v) = s.call(&admin, "/admin/company/disable", &[("companyId", "999999999"), ("reason", "x")]);
        assert_eq!(code(&v), "NOT_FOUND", "{v}");
    }
}

#[test]
fn no_candidate_or_company_session_reaches_any_admin_route_of_the_document() {
    for s in servers() {
        let candidate = s.client();
        login(&s, &candidate);
        let (company, _) = company_owner(&s);
        let doc: Value = s.client().get(s.url("/ajax/openapi.json")).send().expect("document").json().expect("json");
        let mut routes = Vec::new();
        for (path, ops) in doc["paths"].as_object().expect("paths") {
            for method in ops.as_object().expect("operations").keys() {
                if path.starts_with("/ajax/admin/") && path != "/ajax/admin/login" && path != "/ajax/admin/logout" {
                    routes.push((method.clone(), path.replace("{id}", "1")));
                }
            }
        }
        assert!(routes.len() >= 30, "{routes:?}");
        for c in [&candidate, &company, &s.client()] {
            for (method, path) in &routes {
                let res = match method.as_str() {
                    "get" => c.get(s.url(path)).send(),
                    _ => c.post(s.url(path)).header("Origin", s.url("")).form(&[("mobile", DEMO_MOBILE), ("reason", "x"), ("id", "1")]).send(),
                }
                .expect("call");
                assert_eq!(res.status().as_u16(), 401, "{method} {path}");
            }
        }
        // Log-out without an admin session does nothing, and log-in still asks for everything.
        let (_, v) = s.call(&candidate, "/admin/login", &[("username", "admin"), ("password", DEMO_PASSWORD), ("otp", "000000")]);
        assert_eq!(code(&v), "LOGIN_FAILED");
    }
}

#[test]
fn unlock_dismiss_word_removal_and_admin_changes_each_leave_an_audit_row() {
    for s in servers() {
        let admin = super_admin(&s);
        let count = |action: &str| audit_actions(&s, &admin).iter().filter(|r| r["action"] == action).count();

        assert_eq!(code(&s.call(&admin, "/admin/user/unlock", &[("mobile", "123")]).1), "BAD_INPUT");
        assert_eq!(s.call(&admin, "/admin/user/unlock", &[("mobile", DEMO_MOBILE)]).0, 200);
        let row = audit_actions(&s, &admin).into_iter().find(|r| r["action"] == "account.unlock").expect("unlock row");
        assert_eq!(row["target"], format!("mobile {DEMO_MOBILE}"));

        let (company, _) = company_owner(&s);
        let (_, v) = s.call(&company, "/comjob/list", &[("state", "open")]);
        let job = v["result"]["list"][0]["id"].to_string();
        let candidate = s.client();
        login(&s, &candidate);
        assert_eq!(s.call(&candidate, "/pcjob/report", &[("jobid", &job), ("reason", "other"), ("detail", "看不出问题")]).0, 200);
        let (_, v) = s.call(&admin, "/admin/report/list", &[]);
        let report = v["result"]["list"][0]["id"].to_string();
        assert_eq!(s.call(&admin, "/admin/report/dismiss", &[("reportId", &report), ("reason", "经核实无问题")]).0, 200);
        assert_eq!(code(&s.call(&admin, "/admin/report/dismiss", &[("reportId", &report)]).1), "NOT_FOUND", "once");
        let (_, v) = s.call(&admin, "/admin/report/list", &[]);
        assert_eq!(v["result"]["total"], 0);
        let (_, v) = s.call(&s.client(), "/job/detail", &[("jobid", &job)]);
        assert_eq!(v["result"]["job"]["closed"], false, "a dismissed report leaves the job up");
        let row = audit_actions(&s, &admin).into_iter().find(|r| r["action"] == "report.dismiss").expect("dismiss row");
        assert_eq!((row["reason"].as_str(), row["after"].as_str()), (Some("经核实无问题"), Some("dismissed")));

        assert_eq!(s.call(&admin, "/admin/blackword/add", &[("word", "代刷流水")]).0, 200);
        assert_eq!(s.call(&admin, "/admin/blackword/remove", &[("word", "代刷流水")]).0, 200);
        let (_, v) = s.call(&s.client(), "/tag/getBlackWord", &[]);
        assert!(!v["result"].as_array().expect("words").iter().any(|w| w == "代刷流水"), "removed at once");
        assert_eq!(count("blackword.remove"), 1);
        assert_eq!(s.call(&admin, "/admin/blackword/remove", &[("word", "代刷流水")]).0, 200);
        assert_eq!(count("blackword.remove"), 1, "removing an absent word changes nothing and records nothing");

        let (_, v) = s.call(&admin, "/admin/admins/create", &[("username", "li.super"), ("password", "super2026"), ("role", "super")]);
        let other = v["result"]["id"].to_string();
        assert_eq!(code(&s.call(&admin, "/admin/admins/create", &[("username", "li.super"), ("password", "super2026"), ("role", "super")]).1), "BAD_INPUT", "taken");
        assert_eq!(code(&s.call(&admin, "/admin/admins/create", &[("username", "wu"), ("password", "super2026"), ("role", "boss")]).1), "BAD_INPUT");
        let row = audit_actions(&s, &admin).into_iter().find(|r| r["action"] == "admin.create").expect("create row");
        assert_eq!((row["target"].as_str(), row["after"].as_str()), (Some("li.super"), Some("super")));

        // The rule: an admin never disables themselves, even with another super admin.
        let (_, v) = s.call(&admin, "/admin/me", &[]);
        let me = v["result"]["id"].to_string();
        assert_eq!(code(&s.call(&admin, "/admin/admins/disable", &[("id", &me), ("reason", "交接")]).1), "LAST_SUPER_ADMIN");
        let li = s.client();
        let (_, v) = s.call(&li, "/admin/login", &[("username", "li.super"), ("password", "super2026")]);
        let secret = v["result"]["enroll"]["secret"].as_str().expect("secret").to_string();
        assert_eq!(s.call(&li, "/admin/login", &[("username", "li.super"), ("password", "super2026"), ("otp", &otp(&secret))]).0, 200);
        assert_eq!(s.call(&admin, "/admin/admins/disable", &[("id", &other), ("reason", "离职")]).0, 200, "another super admin may go");
        assert_eq!(s.call(&li, "/admin/me", &[]).0, 401, "their session ended");
        let (_, v) = s.call(&s.client(), "/admin/login", &[("username", "li.super"), ("password", "super2026"), ("otp", &otp(&secret))]);
        assert_eq!(code(&v), "ACCOUNT_DISABLED");
        let row = audit_actions(&s, &admin).into_iter().find(|r| r["action"] == "admin.disable").expect("disable row");
        assert_eq!((row["target"].as_str(), row["reason"].as_str(), row["after"].as_str()), (Some("li.super"), Some("离职"), Some("disabled")));
        assert_eq!(count("admin.disable"), 1, "the refused self-disable left no row");
    }
}

#[test]
fn sessions_end_after_30_idle_minutes_or_12_hours_and_the_allow_list_hides_the_console() {
    const MINUTE: i64 = 60 * 1000;
    for s in servers() {
        let admin = super_admin(&s);
        // 29 idle minutes: still in, and the idle clock restarts.
        s.sql(&format!("UPDATE admin_sessions SET last_seen_at = last_seen_at - {}", 29 * MINUTE));
        assert_eq!(s.call(&admin, "/admin/me", &[]).0, 200, "{}: 29 idle minutes", s.engine);
        s.sql(&format!("UPDATE admin_sessions SET last_seen_at = last_seen_at - {}", 31 * MINUTE));
        assert_eq!(s.call(&admin, "/admin/me", &[]).0, 401, "{}: 31 idle minutes end the session", s.engine);

        // Busy all along, but begun 12 hours ago: over.
        let admin = super_admin(&s);
        assert_eq!(s.call(&admin, "/admin/me", &[]).0, 200);
        s.sql(&format!("UPDATE admin_sessions SET created_at = created_at - {0}, expires_at = expires_at - {0}", 12 * 60 * MINUTE));
        assert_eq!(s.call(&admin, "/admin/me", &[]).0, 401, "{}: 12 hours at most", s.engine);
    }
    // The tests call from 127.0.0.1, outside the allow-list: the console is not there at all.
    for s in common::servers_with(&[("ADMIN_ALLOW", "10.0.0.0/8")]) {
        let c = s.client();
        let current = otp(&totp_secret(&s.database_url(), "admin"));
        let (status, _) = s.call(&c, "/admin/login", &[("username", "admin"), ("password", DEMO_PASSWORD), ("otp", &current)]);
        assert_eq!(status, 404, "{}: log-in from outside ADMIN_ALLOW", s.engine);
        assert_eq!(s.call(&c, "/admin/me", &[]).0, 404);
        assert_eq!(count_rows(&s, "admin.login"), 0, "no session was made");
    }
    for s in common::servers_with(&[("ADMIN_ALLOW", "10.0.0.0/8,127.0.0.1/32")]) {
        super_admin(&s);
    }
}

/// Audit rows with this action, read straight from the database (for servers whose console is hidden).
fn count_rows(s: &TestServer, action: &str) -> i64 {
    audit_log::table.filter(audit_log::action.eq(action)).count().get_result(&mut s.db()).expect("count")
}

#[test]
fn a_disabled_company_member_is_logged_out_and_told_why_and_audit_rows_keep_the_ip() {
    const MEMBER: &str = COMPANY_MOBILE;
    for s in servers() {
        let admin = super_admin(&s);
        let rows = audit_actions(&s, &admin);
        let login_row = rows.iter().find(|r| r["action"] == "admin.login").expect("login row");
        assert_eq!(login_row["ip"], "127.0.0.1", "{}: {login_row}", s.engine);

        let member = s.client();
        assert_eq!(s.call(&member, "/comlogin/login", &[("mobile", MEMBER), ("password", DEMO_PASSWORD)]).0, 200);
        assert_eq!(s.call(&member, "/comjob/list", &[]).0, 200);
        assert_eq!(s.call(&admin, "/admin/user/disable", &[("mobile", MEMBER), ("reason", "冒用企业名义")]).0, 200);
        std::thread::sleep(std::time::Duration::from_millis(1000));
        assert_eq!(s.call(&member, "/comjob/list", &[]).0, 401, "{}: the member's session ended", s.engine);
        let (_, v) = s.call(&s.client(), "/comlogin/login", &[("mobile", MEMBER), ("password", DEMO_PASSWORD)]);
        assert_eq!((code(&v), v["error"]["message"].as_str()), ("ACCOUNT_DISABLED", Some("冒用企业名义")));
        let row = audit_actions(&s, &admin).into_iter().find(|r| r["action"] == "account.disable").expect("disable row");
        assert_eq!(row["ip"], "127.0.0.1");

        assert_eq!(s.call(&admin, "/admin/user/enable", &[("mobile", MEMBER)]).0, 200);
        let member = s.client();
        assert_eq!(s.call(&member, "/comlogin/login", &[("mobile", MEMBER), ("password", DEMO_PASSWORD)]).0, 200, "enabled again");
        assert_eq!(s.call(&member, "/comjob/list", &[]).0, 200);
    }
}

#[test]
fn the_console_unlocks_a_mobile_locked_by_five_bad_log_ins() {
    for s in servers() {
        let admin = super_admin(&s);
        for _ in 0..5 {
            let (_, v) = s.call(&s.client(), "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", "wrong-pass-1")]);
            assert_eq!(code(&v), "LOGIN_FAILED");
        }
        let (status, v) = s.call(&s.client(), "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"), "{}: locked", s.engine);
        assert_eq!(s.call(&admin, "/admin/user/unlock", &[("mobile", DEMO_MOBILE)]).0, 200);
        login(&s, &s.client());
    }
}

#[test]
fn users_are_found_by_name_and_email() {
    for s in servers() {
        let admin = super_admin(&s);
        let candidate = s.client();
        login(&s, &candidate);
        s.sql(&format!("UPDATE users SET email = 'zhangwei.h19@example.com' WHERE mobile = '{DEMO_MOBILE}'"));
        for q in ["张伟", "zhangwei.h19@example"] {
            let (_, v) = s.call(&admin, "/admin/user/search", &[("q", q)]);
            let rows = v["result"].as_array().expect("rows");
            assert!(rows.iter().any(|r| r["kind"] == "candidate" && r["mobile"] == DEMO_MOBILE), "{}: {q}: {v}", s.engine);
            assert!(rows.iter().all(|r| r["mobile"] != "13900000001"), "only matches");
        }
        let (_, v) = s.call(&admin, "/admin/user/search", &[("q", "王经理")]);
        let member = v["result"].as_array().expect("rows").iter().find(|r| r["kind"] == "member").expect("the member").clone();
        assert_eq!(member["mobile"], "13700000000");
        assert!(!member["company"].as_str().unwrap_or("").is_empty());
    }
}

/// A new admin of `role`, made by the super admin `by`, logged in: (their client, their id, their TOTP secret).
fn new_admin(s: &TestServer, by: &Client, name: &str, role: &str) -> (Client, String, String) {
    let (status, v) = s.call(by, "/admin/admins/create", &[("username", name), ("password", "review2026"), ("role", role)]);
    assert_eq!(status, 200, "{v}");
    let id = v["result"]["id"].to_string();
    let c = s.client();
    let (_, v) = s.call(&c, "/admin/login", &[("username", name), ("password", "review2026")]);
    let secret = v["result"]["enroll"]["secret"].as_str().expect("secret").to_string();
    assert_eq!(s.call(&c, "/admin/login", &[("username", name), ("password", "review2026"), ("otp", &otp(&secret))]).0, 200);
    (c, id, secret)
}

#[test]
fn support_reads_the_queues_but_writes_none_and_a_super_admin_re_enables_an_admin() {
    for s in servers() {
        let admin = super_admin(&s);
        let (support, support_id, support_secret) = new_admin(&s, &admin, "zhou", "support");
        let (company, _) = company_owner(&s);
        let (_, v) = s.call(&company, "/comjob/list", &[("state", "open")]);
        let job = v["result"]["list"][0]["id"].to_string();
        let candidate = s.client();
        login(&s, &candidate);
        assert_eq!(s.call(&candidate, "/pcjob/report", &[("jobid", &job), ("reason", "fee"), ("detail", "收取押金")]).0, 200);
        assert_eq!(s.call(&admin, "/admin/blackword/add", &[("word", "日结高薪")]).0, 200);

        let (status, v) = s.call(&support, "/admin/report/list", &[]);
        assert_eq!((status, v["result"]["total"].as_i64()), (200, Some(1)), "{}: {v}", s.engine);
        let report = v["result"]["list"][0]["id"].to_string();
        let (status, v) = s.call(&support, "/admin/blackword/list", &[]);
        assert_eq!(status, 200);
        assert!(v["result"].to_string().contains("日结高薪"), "{v}");
        let (status, v) = s.call(&support, "/admin/job/queue", &[]);
        assert!(status == 200 && v["result"]["total"].is_i64(), "{v}");
        let (status, v) = s.call(&support, "/admin/company/queue", &[]);
        assert_eq!(status, 200);
        let company_id = v["result"]["list"][0]["companyId"].to_string();
        // Writes stay with reviewers and super admins.
        for (path, form) in [
            ("/admin/report/dismiss", vec![("reportId", report.as_str()), ("reason", "x")]),
            ("/admin/blackword/add", vec![("word", "代缴社保")]),
            ("/admin/blackword/remove", vec![("word", "日结高薪")]),
            ("/admin/job/approve", vec![("jobId", job.as_str())]),
            ("/admin/job/takedown", vec![("jobId", job.as_str()), ("reason", "x")]),
            ("/admin/company/review", vec![("companyId", company_id.as_str()), ("decision", "verified")]),
            ("/admin/admins/enable", vec![("id", support_id.as_str())]),
        ] {
            assert_eq!(code(&s.call(&support, path, &form).1), "FORBIDDEN_ROLE", "{}: {path}", s.engine);
        }
        let (_, v) = s.call(&admin, "/admin/report/list", &[]);
        assert_eq!(v["result"]["total"], 1, "the report is still open");

        // A company is not rejected without a reason.
        let (_, v) = s.call(&admin, "/admin/company/review", &[("companyId", &company_id), ("decision", "rejected"), ("reason", " ")]);
        assert_eq!(code(&v), "BAD_INPUT", "{}: a rejection needs its reason", s.engine);
        let (_, v) = s.call(&admin, "/admin/company/queue", &[("status", "rejected")]);
        assert_eq!(v["result"]["total"], 0, "nothing changed");
        // With a reason, rejected: the company's members read it.
        let (_, v) = s.call(&company, "/comcompany/get", &[]);
        assert_ne!(v["result"]["review"]["status"], "rejected", "{}: {v}", s.engine);
        let own = v["result"]["id"].to_string();
        assert_eq!(s.call(&admin, "/admin/company/review", &[("companyId", &own), ("decision", "rejected"), ("reason", "企业信息不完整")]).0, 200);
        let (_, v) = s.call(&company, "/comcompany/get", &[]);
        assert_eq!((v["result"]["review"]["status"].as_str(), v["result"]["review"]["reason"].as_str()), (Some("rejected"), Some("企业信息不完整")), "{v}");

        // Disabled, then enabled again by a super admin: the same password and TOTP work.
        assert_eq!(s.call(&admin, "/admin/admins/disable", &[("id", &support_id), ("reason", "休假")]).0, 200);
        assert_eq!(s.call(&support, "/admin/me", &[]).0, 401);
        let (status, v) = s.call(&admin, "/admin/admins/enable", &[("id", &support_id), ("reason", "返岗")]);
        assert_eq!(status, 200, "{v}");
        let again = s.client();
        let (status, v) = s.call(&again, "/admin/login", &[("username", "zhou"), ("password", "review2026"), ("otp", &otp(&support_secret))]);
        assert_eq!(status, 200, "{}: {v}", s.engine);
        assert_eq!(s.call(&admin, "/admin/admins/enable", &[("id", &support_id)]).0, 200, "already enabled: nothing to do");
        let rows: Vec<Value> = audit_actions(&s, &admin).into_iter().filter(|r| r["action"] == "admin.enable").collect();
        assert_eq!(rows.len(), 1, "one row for the one change: {rows:?}");
        assert_eq!((rows[0]["target"].as_str(), rows[0]["before"].as_str(), rows[0]["after"].as_str(), rows[0]["reason"].as_str()), (Some("zhou"), Some("disabled"), Some("enabled"), Some("返岗")));
        assert_eq!(code(&s.call(&admin, "/admin/admins/enable", &[("id", "999999")]).1), "NOT_FOUND");
    }
}

#[test]
fn an_account_s_detail_shows_what_it_holds_and_its_audit_rows() {
    for s in servers() {
        let admin = super_admin(&s);
        assert_eq!(s.call(&admin, "/admin/user/disable", &[("mobile", DEMO_MOBILE), ("reason", "核查中")]).0, 200);
        let (_, v) = s.call(&admin, "/admin/user/search", &[("q", DEMO_MOBILE)]);
        let id = v["result"].as_array().expect("rows").iter().find(|r| r["kind"] == "candidate").expect("candidate")["id"].to_string();
        let (status, v) = s.call(&admin, "/admin/user/detail", &[("kind", "candidate"), ("id", &id)]);
        assert_eq!(status, 200, "{v}");
        let d = &v["result"];
        assert_eq!((d["mobile"].as_str(), d["name"].as_str()), (Some(DEMO_MOBILE), Some("张伟")));
        assert_eq!((d["disabled"].as_bool(), d["disabledReason"].as_str()), (Some(true), Some("核查中")));
        assert!(d["resumes"].as_i64().is_some_and(|n| n >= 1), "{d}");
        let applications = d["applications"].as_i64().expect("applications");
        assert!(d["role"].is_null());
        let audit = d["audit"].as_array().expect("audit");
        assert!(audit.iter().any(|r| r["action"] == "account.disable" && r["reason"] == "核查中"), "{d}");
        assert!(audit.iter().all(|r| r["target"].as_str().is_some_and(|t| t.contains(DEMO_MOBILE))), "only rows about them");
        // The counts are counts: one more application shows.
        assert_eq!(s.call(&admin, "/admin/user/enable", &[("mobile", DEMO_MOBILE)]).0, 200);
        let candidate = s.client();
        let resume = login(&s, &candidate)["resumeId"].to_string();
        let (_, jobs) = s.call(&s.client(), "/job/search", &[("kw", "")]);
        let applied = jobs["result"]["list"].as_array().expect("jobs").iter().any(|j| {
            let job = j["id"].to_string();
            s.call(&candidate, "/pcjob/apply", &[("jobid", &job), ("resumeId", &resume)]).0 == 200
        });
        assert!(applied, "applied to some job");
        let (_, v) = s.call(&admin, "/admin/user/detail", &[("kind", "candidate"), ("id", &id)]);
        assert_eq!(v["result"]["applications"].as_i64(), Some(applications + 1), "{}", s.engine);

        let (_, v) = s.call(&admin, "/admin/user/search", &[("q", "13700000000")]);
        let member = v["result"].as_array().expect("rows").iter().find(|r| r["kind"] == "member").expect("member")["id"].to_string();
        let (_, v) = s.call(&admin, "/admin/user/detail", &[("kind", "member"), ("id", &member)]);
        let d = &v["result"];
        assert!(d["role"].as_str().is_some_and(|r| !r.is_empty()) && d["companyId"].is_i64() && !d["company"].as_str().unwrap_or("").is_empty(), "{d}");
        assert!(d["resumes"].is_null());
        assert_eq!(code(&s.call(&admin, "/admin/user/detail", &[("kind", "member"), ("id", &id)]).1), "NOT_FOUND", "a candidate's id is not a member's");
        assert_eq!(code(&s.call(&admin, "/admin/user/detail", &[("kind", "boss"), ("id", &id)]).1), "BAD_INPUT");
        assert_eq!(code(&s.call(&admin, "/admin/user/detail", &[("kind", "candidate"), ("id", "x")]).1), "BAD_INPUT");
        assert_eq!(s.call(&s.client(), "/admin/user/detail", &[("kind", "candidate"), ("id", &id)]).0, 401);
    }
}

#[test]
fn a_totp_code_opens_one_session_and_no_older_code_opens_another() {
    for s in servers() {
        let secret = totp_secret(&s.database_url(), "admin");
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_secs();
        let step = now / 30;
        let login = |code: &str| {
            let (status, v) = s.call(&s.client(), "/admin/login", &[("username", "admin"), ("password", DEMO_PASSWORD), ("otp", code)]);
            (status, code_of(&v))
        };
        fn code_of(v: &Value) -> String {
            code(v).to_string()
        }
        let this_step = server::domain::admin::code_of_step(&secret, step).expect("code");
        let previous = server::domain::admin::code_of_step(&secret, step - 1).expect("code");
        assert_eq!(login(&this_step), (200, String::new()), "the current code opens a session");
        assert_eq!(login(&this_step), (400, "LOGIN_FAILED".to_string()), "the same code again opens none");
        assert_eq!(login(&previous), (400, "LOGIN_FAILED".to_string()), "nor the previous window's, once a newer one was used");
        // The next step's code (one step of skew) still opens one: a second log-in need not wait.
        let next = server::domain::admin::code_of_step(&secret, step + 1).expect("code");
        assert_eq!(login(&next).0, 200);
        // Wrong codes and wrong passwords count toward one lockout: 3 + 2 lock the admin.
        let c = s.client();
        for _ in 0..3 {
            assert_eq!(code(&s.call(&c, "/admin/login", &[("username", "admin"), ("password", "wrong-pass-9"), ("otp", "000000")]).1), "LOGIN_FAILED");
        }
        for _ in 0..2 {
            assert_eq!(code(&s.call(&c, "/admin/login", &[("username", "admin"), ("password", DEMO_PASSWORD), ("otp", "000000")]).1), "LOGIN_FAILED");
        }
        let fresh = otp(&secret);
        assert_eq!(code(&s.call(&c, "/admin/login", &[("username", "admin"), ("password", DEMO_PASSWORD), ("otp", &fresh)]).1), "RATE_LIMITED");
    }
}
