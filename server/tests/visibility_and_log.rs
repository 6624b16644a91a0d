//! Issue 23 over HTTP, on SQLite and PostgreSQL: /pcuser/updateType (a resume's openness: public,
//! applied-only, hidden) as every company-side read of a resume sees it, and /pcuser/addLog (the
//! behaviour log: shape, kinds, batch size, rate, visitors, retention, recommendations), and resume
//! search's index (issue 15): what a candidate writes reaches it within SEARCH_SYNC_SECS, a block
//! holds at once, a disabled candidate leaves it.

use crate::common;

use crate::common::staff::{company_login, register_company, super_admin};
use crate::common::{code, login, servers, servers_with, TestServer, DEMO_PASSWORD};
use diesel::sql_types::BigInt;
use diesel::{QueryableByName, RunQueryDsl};
use reqwest::blocking::Client;
use serde_json::{json, Value};

const SECOND_MOBILE: &str = "13900000001";

#[derive(QueryableByName)]
struct N {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// A number `sql` selects as `n`.
fn count(s: &TestServer, sql: &str) -> i64 {
    let rows: Vec<N> = diesel::sql_query(sql).load(&mut s.db()).expect(sql);
    rows.first().map_or(0, |r| r.n)
}

fn found_in_search(s: &TestServer, company: &Client, resume: &str) -> bool {
    let (status, v) = s.call(company, "/comresume/search", &[("page", "1"), ("pagesize", "50")]);
    assert_eq!(status, 200, "{v}");
    v["result"]["list"].as_array().expect("list").iter().any(|r| r["resumeId"].to_string() == resume)
}

fn type_of(s: &TestServer, candidate: &Client, resume: &str) -> Value {
    let (status, v) = s.call(candidate, "/pcuser/typeList", &[]);
    assert_eq!(status, 200, "{v}");
    v["result"].as_array().expect("list").iter().find(|r| r["resumeId"].to_string() == resume).expect("my resume")["type"].clone()
}

fn set_type(s: &TestServer, candidate: &Client, resume: &str, kind: &str) -> (u16, Value) {
    s.call(candidate, "/pcuser/updateType", &[("resumeId", resume), ("type", kind)])
}

#[test]
fn openness_decides_who_finds_and_who_opens_a_resume() {
    for s in servers() {
        let candidate = s.client();
        let me = login(&s, &candidate);
        let resume = me["resumeId"].to_string();
        // Company A holds an application with the resume (demo data); company B, a new one, none.
        let a = company_login(&s);
        let (_, v) = s.call(&a, "/comresume/applyresume", &[("page", "1"), ("pagesize", "50")]);
        let sent = v["result"]["list"].as_array().expect("list").iter().find(|x| x["resumeId"].to_string() == resume).expect("an application to A").clone();
        let apply_id = sent["applyId"].to_string();
        let b = other_company(&s);

        assert_eq!(type_of(&s, &candidate, &resume), "public", "the default");
        assert!(found_in_search(&s, &a, &resume) && found_in_search(&s, &b, &resume));
        assert_eq!(s.call(&b, "/comresume/resume", &[("resumeId", &resume)]).0, 200);

        for kind in ["hidden", "applied"] {
            let (status, v) = set_type(&s, &candidate, &resume, kind);
            assert_eq!((status, &v["result"]), (200, &Value::Bool(true)), "{kind}: {v}");
            assert_eq!(type_of(&s, &candidate, &resume), kind);
            assert!(!found_in_search(&s, &b, &resume), "{kind}: no search finds it");
            assert!(!found_in_search(&s, &a, &resume), "{kind}: not even the company holding an application");
            let (status, v) = s.call(&b, "/comresume/resume", &[("resumeId", &resume)]);
            assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{kind}: B cannot open it by id");
            // A, holding the demo application, reads it with the application (live or as sent); by id,
            // only applied-only: a hidden resume is never opened by id.
            let (status, v) = s.call(&a, "/comresume/detail", &[("applyId", &apply_id)]);
            assert_eq!(status, 200, "{kind}: {v}");
            assert!(v["result"]["resume"]["sections"].is_object(), "{kind}: the resume with the application");
            let (by_id, _) = s.call(&a, "/comresume/resume", &[("resumeId", &resume)]);
            assert_eq!(by_id, if kind == "applied" { 200 } else { 404 }, "{kind}: A by id");
        }
        // An application older than application_resumes (no resume kept with it): its hidden resume
        // is not shown in its place; applied-only, the live one is.
        s.sql(&format!("DELETE FROM application_resumes WHERE application_id = {apply_id}"));
        assert_eq!(set_type(&s, &candidate, &resume, "hidden").0, 200);
        let (status, v) = s.call(&a, "/comresume/detail", &[("applyId", &apply_id)]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "hidden, nothing kept: {v}");
        assert_eq!(set_type(&s, &candidate, &resume, "applied").0, 200);
        assert_eq!(s.call(&a, "/comresume/detail", &[("applyId", &apply_id)]).0, 200, "applied-only, nothing kept: the live resume");

        // The application path still works while the resume is hidden: B gets it and reads what was sent.
        assert_eq!(set_type(&s, &candidate, &resume, "hidden").0, 200);
        let title = format!("可见性测试职位{}", common::tempdir::rand_suffix());
        let (status, v) = s.call(&b, "/comjob/save", &job_form(&title));
        assert_eq!(status, 200, "{v}");
        let job = v["result"]["id"].to_string();
        let (status, v) = s.call(&candidate, "/pcjob/apply", &[("jobid", &job), ("resumeId", &resume)]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&b, "/comresume/applyresume", &[("page", "1"), ("pagesize", "50")]);
        let b_apply = v["result"]["list"].as_array().expect("list").iter().find(|x| x["jobId"].to_string() == job).expect("B got the application")["applyId"].to_string();
        let assessment_in_detail = |company: &Client| {
            let (status, v) = s.call(company, "/comresume/detail", &[("applyId", &b_apply)]);
            assert_eq!(status, 200, "{v}");
            v["result"]["resume"]["sections"]["assessment"]["selfAssessment"].clone()
        };
        let sent = assessment_in_detail(&b);
        assert_eq!(code(&s.call(&b, "/comresume/resume", &[("resumeId", &resume)]).1), "NOT_FOUND", "hidden: not by id");
        assert!(!found_in_search(&s, &b, &resume), "still no search finds it");

        // The candidate edits the resume after applying: hidden, B still reads the version sent;
        // applied-only, B reads the edit, in the application and by id.
        let edited = "认真负责，".repeat(100);
        let (status, v) = s.call(&candidate, "/resume/saveSection", &[("resumeId", &resume), ("section", "assessment"), ("data", &json!({ "selfAssessment": edited }).to_string())]);
        assert_eq!(status, 200, "{v}");
        assert_ne!(sent, json!(edited), "the edit changes the resume");
        assert_eq!(assessment_in_detail(&b), sent, "hidden: the resume as sent");
        assert_eq!(set_type(&s, &candidate, &resume, "applied").0, 200);
        assert_eq!(assessment_in_detail(&b), json!(edited), "applied-only: the live resume");
        let (status, v) = s.call(&b, "/comresume/resume", &[("resumeId", &resume)]);
        assert_eq!((status, &v["result"]["sections"]["assessment"]["selfAssessment"]), (200, &json!(edited)), "{v}");
        assert_eq!(set_type(&s, &candidate, &resume, "hidden").0, 200);
        assert_eq!(assessment_in_detail(&b), sent, "hidden again: the resume as sent");

        // A block still wins over an application.
        let (_, v) = s.call(&b, "/comlogin/me", &[]);
        let b_id = v["result"]["company"]["id"].to_string();
        assert_eq!(s.call(&candidate, "/pcuser/shield", &[("comId", &b_id), ("resumeId", &resume)]).0, 200);
        assert_eq!(code(&s.call(&b, "/comresume/resume", &[("resumeId", &resume)]).1), "NOT_FOUND");
        assert_eq!(s.call(&candidate, "/pcuser/unshield", &[("comId", &b_id), ("resumeId", &resume)]).0, 200);

        // Public again: found again.
        assert_eq!(set_type(&s, &candidate, &resume, "public").0, 200);
        assert!(found_in_search(&s, &a, &resume));
    }
}

#[test]
fn update_type_refuses_bad_input_other_users_resumes_and_visitors() {
    for s in servers() {
        let candidate = s.client();
        let me = login(&s, &candidate);
        let resume = me["resumeId"].to_string();
        let other = s.client();
        let (status, v) = s.call(&other, "/pclogin/login", &[("mobile", SECOND_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        let other_resume = v["result"]["resumeId"].to_string();
        assert_ne!(other_resume, resume);

        for (id, kind) in [(resume.as_str(), "secret"), (resume.as_str(), ""), (resume.as_str(), "Hidden"), ("abc", "hidden"), ("", "hidden"), ("-1", "hidden")] {
            let (status, v) = set_type(&s, &candidate, id, kind);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{id:?} {kind:?}: {v}");
        }
        assert_eq!(type_of(&s, &candidate, &resume), "public", "nothing changed");

        let (status, v) = set_type(&s, &candidate, &other_resume, "hidden");
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "another user's resume: {v}");
        assert_eq!(type_of(&s, &other, &other_resume), "public", "李娜's resume untouched");
        assert_eq!(count(&s, &format!("SELECT COUNT(*) AS n FROM resume_openness WHERE resume_id = {other_resume}")), 0);
        let (status, v) = set_type(&s, &candidate, "12345678901234", "hidden");
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"));

        let visitor = s.client();
        let (status, v) = set_type(&s, &visitor, &resume, "hidden");
        assert_eq!((status, code(&v)), (401, "NOT_LOGGED_IN"));
        assert_eq!(s.call(&visitor, "/pcuser/typeList", &[]).0, 401);
        // The company's session is not a candidate's either.
        let company = company_login(&s);
        assert_eq!(set_type(&s, &company, &resume, "hidden").0, 401);
        assert_eq!(type_of(&s, &candidate, &resume), "public");
    }
}

fn events(list: &Value) -> String {
    list.to_string()
}

fn add_log(s: &TestServer, client: &Client, list: &Value) -> (u16, Value) {
    s.call(client, "/pcuser/addLog", &[("events", &events(list))])
}

/// Every open job: id, category, city.
fn all_jobs(s: &TestServer) -> Vec<Value> {
    let (status, v) = s.call(&s.client(), "/job/search", &[("page", "1"), ("pagesize", "50")]);
    assert_eq!(status, 200, "{v}");
    v["result"]["list"].as_array().expect("list").clone()
}

#[test]
fn add_log_checks_shape_drops_unknown_kinds_and_limits_batches() {
    for s in servers() {
        let candidate = s.client();
        login(&s, &candidate);
        let jobs = all_jobs(&s);
        let job = jobs[0]["id"].to_string();
        let list = json!([
            {"kind": "view", "jobId": job},
            {"kind": "open", "jobId": job},
            {"kind": "search", "keyword": "前端", "city": "北京"},
            {"kind": "hover", "jobId": job},
            {"kind": "open", "jobId": "99999999999"}
        ]);
        let (status, v) = add_log(&s, &candidate, &list);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"], json!({"stored": 3, "dropped": 2}), "an unknown kind and a job that does not exist are dropped");
        let uid = count(&s, "SELECT id AS n FROM users WHERE mobile = '13800000000'");
        assert_eq!(count(&s, &format!("SELECT COUNT(*) AS n FROM behaviour_events WHERE user_id = {uid}")), 3);
        assert_eq!(count(&s, &format!("SELECT COUNT(*) AS n FROM behaviour_events WHERE user_id = {uid} AND kind = 'search' AND keyword = '前端'")), 1);
        assert_eq!(count(&s, &format!("SELECT CAST(COALESCE(SUM(count), 0) AS BIGINT) AS n FROM job_event_days WHERE job_id = {job} AND kind = 'open'")), 1, "counted for the statistics");
        // The event carries the job's category, whatever the client says.
        let category = jobs[0]["category"].as_str().expect("category").to_string();
        assert_eq!(count(&s, &format!("SELECT COUNT(*) AS n FROM behaviour_events WHERE user_id = {uid} AND kind = 'open' AND category = '{category}'")), 1);

        for bad in ["", "{}", "[1]", "not json", r#"[{"kind":"open"}]"#, r#"[{"kind":"open","jobId":"x"}]"#, r#"[{"kind":"search","keyword":5}]"#] {
            let (status, v) = s.call(&candidate, "/pcuser/addLog", &[("events", bad)]);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{bad:?}: {v}");
        }
        let long = json!([{"kind": "search", "keyword": "字".repeat(51)}]);
        assert_eq!(code(&add_log(&s, &candidate, &long).1), "BAD_INPUT");
        let too_many = Value::Array(vec![json!({"kind": "view", "jobId": job}); 51]);
        assert_eq!(code(&add_log(&s, &candidate, &too_many).1), "BAD_INPUT", "more than 50 events");
        let full = Value::Array(vec![json!({"kind": "view", "jobId": job}); 50]);
        assert_eq!(add_log(&s, &candidate, &full).1["result"]["stored"], 50);
        assert_eq!(count(&s, &format!("SELECT COUNT(*) AS n FROM behaviour_events WHERE user_id = {uid}")), 53, "nothing of a refused batch was kept");

        // Per session: 20 batches a minute (the refused ones above did not count, the 2 good ones did).
        let one = json!([{"kind": "view", "jobId": job}]);
        let mut answers = Vec::new();
        for _ in 0..19 {
            answers.push(add_log(&s, &candidate, &one).0);
        }
        assert_eq!(answers.iter().filter(|a| **a == 200).count(), 18, "{answers:?}");
        let (status, v) = add_log(&s, &candidate, &one);
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"));
        // Another session is counted apart.
        let again = s.client();
        login(&s, &again);
        assert_eq!(add_log(&s, &again, &one).0, 200);
    }
}

#[test]
fn visitors_are_logged_by_finger_only_and_old_events_go() {
    for s in servers() {
        let job = all_jobs(&s)[0]["id"].to_string();
        // An event older than BEHAVIOUR_LOG_DAYS (30), and one within it: the first batch sweeps.
        let day = 86_400_000_i64;
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("time").as_millis() as i64;
        s.sql(&format!("INSERT INTO behaviour_events (id, user_id, finger, kind, job_id, category, city, keyword, at) VALUES (1, NULL, 'oldfinger1', 'open', {job}, '', '', '', {})", now - 31 * day));
        s.sql(&format!("INSERT INTO behaviour_events (id, user_id, finger, kind, job_id, category, city, keyword, at) VALUES (2, NULL, 'oldfinger1', 'open', {job}, '', '', '', {})", now - 29 * day));

        let visitor = s.client();
        let none = json!([{"kind": "open", "jobId": job}]);
        let (status, v) = add_log(&s, &visitor, &none);
        assert_eq!((status, &v["result"]["stored"]), (200, &json!(0)), "no finger cookie: nothing logged");
        assert_eq!(count(&s, "SELECT COUNT(*) AS n FROM behaviour_events WHERE id = 1"), 1, "a batch that stores nothing sweeps nothing");

        let finger = "0123456789abcdef0123456789abcdef";
        let list = json!([{"kind": "open", "jobId": job}, {"kind": "search", "keyword": "张伟 13800000000", "city": "上海", "salary": "15-25k", "comSize": "100-499"}]);
        let res = visitor
            .post(s.url("/ajax/pcuser/addLog"))
            .header("Cookie", format!("finger={finger}"))
            .form(&[("events", events(&list))])
            .send()
            .expect("send");
        let (status, v) = common::envelope(res);
        assert_eq!((status, &v["result"]["stored"]), (200, &json!(2)), "{v}");
        assert_eq!(count(&s, &format!("SELECT COUNT(*) AS n FROM behaviour_events WHERE finger = '{finger}' AND user_id IS NULL")), 2);
        assert_eq!(count(&s, &format!("SELECT COUNT(*) AS n FROM behaviour_events WHERE finger = '{finger}' AND keyword <> ''")), 0, "no keyword kept for a visitor");
        assert_eq!(count(&s, &format!("SELECT COUNT(*) AS n FROM behaviour_events WHERE finger = '{finger}' AND city = '上海'")), 1);
        let filters = text(&s, &format!("SELECT filters AS w FROM behaviour_events WHERE finger = '{finger}' AND kind = 'search'"));
        assert_eq!(serde_json::from_str::<Value>(&filters).ok(), Some(json!({"salary": "15-25k", "comSize": "100-499"})), "the search's other filters kept");
        assert_eq!(count(&s, "SELECT COUNT(*) AS n FROM behaviour_events WHERE id = 1"), 0, "older than 30 days: deleted");
        assert_eq!(count(&s, "SELECT COUNT(*) AS n FROM behaviour_events WHERE id = 2"), 1, "within 30 days: kept");

        // A logged-in candidate's events never carry a finger.
        let candidate = s.client();
        login(&s, &candidate);
        let res = candidate
            .post(s.url("/ajax/pcuser/addLog"))
            .header("Cookie", format!("finger={finger}"))
            .form(&[("events", events(&none))])
            .send()
            .expect("send");
        assert_eq!(common::envelope(res).0, 200);
        assert_eq!(count(&s, "SELECT COUNT(*) AS n FROM behaviour_events WHERE user_id IS NOT NULL AND finger <> ''"), 0);

        // A finger that is not one the ui makes is not logged.
        let res = s.client().post(s.url("/ajax/pcuser/addLog")).header("Cookie", "finger=x").form(&[("events", events(&none))]).send().expect("send");
        assert_eq!(common::envelope(res).1["result"]["stored"], 0);
    }
}

#[test]
fn the_background_purge_honours_behaviour_log_days_and_keeps_the_daily_counts() {
    for s in servers_with(&[("BEHAVIOUR_LOG_DAYS", "3"), ("BEHAVIOUR_PURGE_SECS", "1")]) {
        let job = all_jobs(&s)[0]["id"].to_string();
        let day = 86_400_000_i64;
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("time").as_millis() as i64;
        // Raw events four and two days old (the default 30 days would keep both), and a daily count
        // of four days ago; no batch is sent, so only the background loop can sweep.
        s.sql(&format!("INSERT INTO behaviour_events (id, user_id, finger, kind, job_id, category, city, keyword, at) VALUES (11, NULL, 'loopfinger1', 'open', {job}, '', '', '', {})", now - 4 * day));
        s.sql(&format!("INSERT INTO behaviour_events (id, user_id, finger, kind, job_id, category, city, keyword, at) VALUES (12, NULL, 'loopfinger1', 'open', {job}, '', '', '', {})", now - 2 * day));
        s.sql(&format!("INSERT INTO job_event_days (day, job_id, kind, count) VALUES ('20200101', {job}, 'open', 5)"));
        // The loop may have taken this hour's turn before the rows were there: give the turn back.
        s.sql("DELETE FROM shared_keys WHERE key LIKE '%behaviour-purge%'");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while count(&s, "SELECT COUNT(*) AS n FROM behaviour_events WHERE id = 11") > 0 {
            assert!(std::time::Instant::now() < deadline, "the purge loop did not sweep within 20 s");
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        assert_eq!(count(&s, "SELECT COUNT(*) AS n FROM behaviour_events WHERE id = 12"), 1, "within BEHAVIOUR_LOG_DAYS (3): kept");
        assert_eq!(
            count(&s, &format!("SELECT count AS n FROM job_event_days WHERE day = '20200101' AND job_id = {job} AND kind = 'open'")),
            5,
            "the daily counts outlive the raw events"
        );
    }
}

#[test]
fn opening_jobs_of_one_category_changes_the_recommendations() {
    for s in servers() {
        let candidate = s.client();
        login(&s, &candidate);
        let home = |c: &Client| -> Vec<Value> {
            let (status, v) = s.call(c, "/site/home", &[]);
            assert_eq!(status, 200, "{v}");
            v["result"]["recommended"].as_array().expect("recommended").clone()
        };
        let other = s.client();
        let (_, v) = s.call(&other, "/pclogin/login", &[("mobile", SECOND_MOBILE), ("password", DEMO_PASSWORD)]);
        assert!(v["result"].is_object(), "{v}");
        let other_before = home(&other);
        let before = home(&candidate);
        assert!(!before.is_empty(), "the demo candidate's tags recommend some jobs");
        let shown: Vec<String> = before.iter().map(|j| j["category"].as_str().unwrap_or("").to_string()).collect();
        // As the candidate sees them: jobs applied for are never recommended.
        let (_, v) = s.call(&candidate, "/job/search", &[("page", "1"), ("pagesize", "50")]);
        let jobs: Vec<Value> = v["result"]["list"].as_array().expect("list").iter().filter(|j| j["applied"] == false).cloned().collect();
        let category = jobs
            .iter()
            .filter_map(|j| j["category"].as_str())
            .find(|c| !c.is_empty() && !shown.iter().any(|s| s == c))
            .expect("a category the tags do not recommend")
            .to_string();
        let opened: Vec<Value> = jobs.iter().filter(|j| j["category"] == category.as_str()).map(|j| json!({"kind": "open", "jobId": j["id"].to_string()})).collect();
        assert!(!opened.is_empty());
        let (status, v) = add_log(&s, &candidate, &Value::Array(opened));
        assert_eq!(status, 200, "{v}");

        let after = home(&candidate);
        assert!(after.iter().any(|j| j["category"] == category.as_str()), "{category} recommended after opening its jobs: {after:?}");
        assert!(after.iter().any(|j| before.iter().any(|b| b["id"] == j["id"])), "the tags still weigh");
        // One candidate's log does not change another's.
        let ids = |list: Vec<Value>| list.into_iter().map(|j| j["id"].clone()).collect::<Vec<_>>();
        assert_eq!(ids(home(&other)), ids(other_before));
    }
}

#[test]
fn the_city_of_opened_jobs_weighs_in_the_recommendations() {
    for s in servers() {
        // A new candidate: no tags, no applications, so the list is the log's alone.
        let newcomer = register_candidate(&s);
        let recommended = || -> Vec<Value> {
            let (status, v) = s.call(&newcomer, "/site/home", &[]);
            assert_eq!(status, 200, "{v}");
            v["result"]["recommended"].as_array().expect("recommended").clone()
        };
        assert!(recommended().is_empty(), "nothing to go on yet");
        let (_, v) = s.call(&newcomer, "/job/search", &[("page", "1"), ("pagesize", "50")]);
        let jobs = v["result"]["list"].as_array().expect("list").clone();
        let field = |j: &Value, k: &str| j[k].as_str().unwrap_or("").to_string();
        // A category with jobs in two cities.
        let (x, y) = jobs
            .iter()
            .flat_map(|a| jobs.iter().map(move |b| (a, b)))
            .find(|(a, b)| field(a, "category") == field(b, "category") && !field(a, "city").is_empty() && !field(b, "city").is_empty() && field(a, "city") != field(b, "city"))
            .expect("one category in two cities");
        let open = |job: &Value, times: usize| {
            let list = Value::Array(vec![json!({"kind": "open", "jobId": job["id"].to_string()}); times]);
            assert_eq!(add_log(&s, &newcomer, &list).0, 200);
        };

        open(x, 1);
        let first = recommended();
        assert!(!first.is_empty() && first.iter().all(|j| j["category"] == x["category"]), "{first:?}");
        assert_eq!(first[0]["city"], x["city"], "the opened job's city first: {first:?}");
        // The same category, opened more in the other city: that city comes first now.
        open(y, 2);
        let second = recommended();
        assert_eq!(second[0]["city"], y["city"], "the most opened city first: {second:?}");
    }
}

#[derive(QueryableByName)]
struct Word {
    #[diesel(sql_type = diesel::sql_types::Text)]
    w: String,
}

/// The text `sql` selects as `w`.
fn text(s: &TestServer, sql: &str) -> String {
    let rows: Vec<Word> = diesel::sql_query(sql).load(&mut s.db()).expect(sql);
    rows.into_iter().next().map(|r| r.w).unwrap_or_default()
}

/// A visitor (no session, the `finger` cookie) opens the job once.
fn visitor_opens(s: &TestServer, finger: &str, job: &str) {
    let res = s
        .client()
        .post(s.url("/ajax/pcuser/addLog"))
        .header("Cookie", format!("finger={finger}"))
        .form(&[("events", events(&json!([{"kind": "open", "jobId": job}])))])
        .send()
        .expect("send");
    assert_eq!(common::envelope(res).1["result"]["stored"], 1);
}

fn funnel_of(s: &TestServer, company: &Client, job: &str) -> Option<Value> {
    let (status, v) = s.call(company, "/comresume/funnel", &[]);
    assert_eq!(status, 200, "{v}");
    v["result"].as_array().expect("list").iter().find(|j| j["jobId"].to_string() == job).cloned()
}

#[test]
fn views_and_applications_reach_the_recruiter_funnel_and_the_admin_statistics() {
    for s in servers() {
        let company = company_login(&s);
        let title = format!("漏斗测试职位{}", common::tempdir::rand_suffix());
        let (status, v) = s.call(&company, "/comjob/save", &job_form(&title));
        assert_eq!(status, 200, "{v}");
        let job = v["result"]["id"].to_string();
        let f = funnel_of(&s, &company, &job).expect("the new job in the funnel");
        assert_eq!((f["views"].as_i64(), f["applications"].as_i64(), f["title"].as_str()), (Some(0), Some(0), Some(title.as_str())));

        // The candidate sees it in a list, opens it, saves it and applies; a visitor opens it too.
        let candidate = s.client();
        let me = login(&s, &candidate);
        let list = json!([{"kind": "view", "jobId": job}, {"kind": "open", "jobId": job}, {"kind": "save", "jobId": job}]);
        assert_eq!(add_log(&s, &candidate, &list).1["result"]["stored"], 3);
        visitor_opens(&s, "fedcba9876543210fedcba9876543210", &job);
        let (status, v) = s.call(&candidate, "/pcjob/apply", &[("jobid", &job), ("resumeId", &me["resumeId"].to_string())]);
        assert_eq!(status, 200, "{v}");

        let f = funnel_of(&s, &company, &job).expect("the job");
        assert_eq!(
            (f["impressions"].as_i64(), f["views"].as_i64(), f["saves"].as_i64(), f["applications"].as_i64(), f["conversion"].as_f64()),
            (Some(1), Some(2), Some(1), Some(1), Some(0.5)),
            "{f}"
        );
        for bad in ["0", "91", "x", "-3"] {
            let (status, v) = s.call(&company, "/comresume/funnel", &[("days", bad)]);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "days={bad}");
        }
        // Another company never sees this company's jobs; a candidate's session is no company's.
        let other = other_company(&s);
        assert!(funnel_of(&s, &other, &job).is_none());
        assert_eq!(s.call(&candidate, "/comresume/funnel", &[]).0, 401);

        let admin = super_admin(&s);
        let (status, v) = s.call(&admin, "/admin/jobStats", &[("days", "7")]);
        assert_eq!(status, 200, "{v}");
        let r = &v["result"];
        assert!(r["views"].as_i64().unwrap_or(0) >= 2 && r["applications"].as_i64().unwrap_or(0) >= 1, "{r}");
        let top = r["top"].as_array().expect("top").iter().find(|j| j["jobId"].to_string() == job).cloned().expect("the job among the most viewed");
        assert_eq!((top["views"].as_i64(), top["applications"].as_i64(), top["conversion"].as_f64()), (Some(2), Some(1), Some(0.5)), "{top}");
        // The site's conversion is its applications per view.
        let (views, applications) = (r["views"].as_f64().expect("views"), r["applications"].as_f64().expect("applications"));
        assert!((r["conversion"].as_f64().expect("conversion") - applications / views).abs() < 1e-9, "{r}");
        assert_eq!(code(&s.call(&admin, "/admin/jobStats", &[("days", "365")]).1), "BAD_INPUT");
        assert_eq!(s.call(&candidate, "/admin/jobStats", &[]).0, 401);
        assert_eq!(s.call(&company, "/admin/jobStats", &[]).0, 401);
    }
}

fn job_form(title: &str) -> Vec<(&str, &str)> {
    vec![
        ("title", title),
        ("category", "前端开发"),
        ("city", "杭州"),
        ("salaryMin", "15000"),
        ("salaryMax", "25000"),
        ("experience", "3-5年"),
        ("education", "本科"),
        ("description", "负责招聘网站前端的开发与维护，和设计、后端一起交付。"),
    ]
}

use crate::common::slider;

/// A code the dev SMS outbox shows for `mobile`, sent after a solved slider for `scene`.
fn sms_code(s: &TestServer, client: &Client, mobile: &str, scene: &str) -> String {
    let verification = slider::verification(&s.url(""), client);
    let (status, v) = s.call(client, "/pcuser/sendCode", &[("mobile", mobile), ("captchaVerification", &verification), ("scene", scene)]);
    assert_eq!(status, 200, "{v}");
    let list: Value = s.client().get(s.url("/dev/outbox?format=json")).send().expect("outbox").json().expect("json");
    list.as_array().expect("list").iter().rev().find(|m| m["mobile"] == mobile).and_then(|m| m["code"].as_str()).expect("code").to_string()
}

/// A mobile nobody has, starting with `prefix` (4 digits).
fn new_mobile(prefix: &str) -> String {
    let nanos = u64::from_str_radix(&common::tempdir::rand_suffix(), 16).unwrap_or(7);
    format!("{prefix}{:07}", nanos % 10_000_000)
}

/// A second company with no application from anybody.
fn other_company(s: &TestServer) -> Client {
    register_company(s, &new_mobile("1371"), &format!("可见性测试公司{}", common::tempdir::rand_suffix()))
}

/// A new candidate, logged in.
fn register_candidate(s: &TestServer) -> Client {
    let mobile = new_mobile("1362");
    let client = s.client();
    let sms = sms_code(s, &client, &mobile, "register");
    let form = [("mobile", mobile.as_str()), ("code", sms.as_str()), ("password", "lvse2026a"), ("confirmPassword", "lvse2026a"), ("agree", "1")];
    let (status, v) = s.call(&client, "/pclogin/register", &form);
    assert_eq!(status, 200, "{v}");
    client
}

/// Today's row of /admin/statsDaily (the last of the series) and the funnel.
fn today(s: &TestServer, admin: &Client) -> (Value, Value) {
    let (status, v) = s.call(admin, "/admin/statsDaily", &[("days", "7")]);
    assert_eq!(status, 200, "{v}");
    let series = v["result"]["series"].as_array().expect("series");
    assert_eq!(series.len(), 7, "every day of the window, zeros too");
    (series[6].clone(), v["result"]["funnel"].clone())
}

#[test]
fn daily_statistics_count_registrations_jobs_applications_interviews_and_views() {
    for s in servers() {
        let admin = super_admin(&s);
        let (before, funnel_before) = today(&s, &admin);
        let n = |v: &Value, k: &str| v[k].as_i64().unwrap_or(-1);

        // A candidate and a company register; the company publishes a job and saves a draft.
        let newcomer = register_candidate(&s);
        let company = other_company(&s);
        let (status, v) = s.call(&company, "/comjob/save", &job_form(&format!("统计测试职位{}", common::tempdir::rand_suffix())));
        assert_eq!(status, 200, "{v}");
        let job = v["result"]["id"].to_string();
        // A candidate opens it twice (one view: once a visitor a day), a visitor once; the candidate
        // applies, and the company invites them to an interview.
        let candidate = s.client();
        let me = login(&s, &candidate);
        let opened = json!([{"kind": "open", "jobId": job}, {"kind": "open", "jobId": job}]);
        assert_eq!(add_log(&s, &candidate, &opened).1["result"]["stored"], 2);
        visitor_opens(&s, "a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5", &job);
        let (status, v) = s.call(&candidate, "/pcjob/apply", &[("jobid", &job), ("resumeId", &me["resumeId"].to_string())]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&company, "/comresume/applyresume", &[("stageOppId", &job), ("page", "1"), ("pagesize", "50")]);
        let apply = v["result"]["list"][0]["applyId"].to_string();
        let (status, v) = s.call(&company, "/cominterviewer/save", &[("name", "赵统计"), ("mobile", &new_mobile("1360")), ("email", &format!("t{}@example.com", common::tempdir::rand_suffix()))]);
        assert_eq!(status, 200, "{v}");
        let interviewer = v["result"]["id"].to_string();
        let form = [
            ("applyId", apply.as_str()), ("start", "2031-03-03 10:00"), ("minutes", "30"), ("contact", "王丽"),
            ("contactPhone", "13800138000"), ("address", "杭州市西湖区文三路 478 号"), ("interviewers", interviewer.as_str()),
        ];
        let (status, v) = s.call(&company, "/cominterview/save", &form);
        assert_eq!(status, 200, "{v}");

        let (after, funnel) = today(&s, &admin);
        for (k, d) in [("candidates", 1), ("companies", 1), ("jobs", 1), ("applications", 1), ("interviews", 1), ("views", 2)] {
            assert_eq!(n(&after, k) - n(&before, k), d, "{k}: {before} → {after}");
        }
        for (k, d) in [("views", 2), ("applied", 1), ("viewed", 1), ("interview", 1), ("hired", 0)] {
            assert_eq!(n(&funnel, k) - n(&funnel_before, k), d, "funnel {k}: {funnel_before} → {funnel}");
        }

        // The recruiter's funnel puts the job's views before its applications.
        let (status, v) = s.call(&company, "/comresume/hiringFunnel", &[("jobId", &job), ("days", "30")]);
        assert_eq!(status, 200, "{v}");
        let r = &v["result"];
        assert_eq!((r["views"].as_i64(), r["steps"]["applied"].as_i64(), r["viewConversion"].as_f64()), (Some(2), Some(1), Some(0.5)), "{r}");
        let (_, v) = s.call(&company, "/comresume/hiringFunnel", &[("days", "30")]);
        assert_eq!((v["result"]["views"].as_i64(), v["result"]["jobs"][0]["views"].as_i64()), (Some(2), Some(2)), "{v}");

        for bad in ["0", "91", "x"] {
            let (status, v) = s.call(&admin, "/admin/statsDaily", &[("days", bad)]);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "days={bad}");
        }
        assert_eq!(s.call(&newcomer, "/admin/statsDaily", &[]).0, 401);
        assert_eq!(s.call(&company, "/admin/statsDaily", &[]).0, 401);
    }
}

/// What navigator.sendBeacon sends: a POST of an urlencoded body, the session cookie, and the page's Origin.
#[test]
fn a_beacon_from_our_pages_is_taken_and_one_from_another_site_refused() {
    for s in servers() {
        let candidate = s.client();
        login(&s, &candidate);
        let job = all_jobs(&s)[0]["id"].to_string();
        let mine = s.url("");
        let own = mine.trim_end_matches('/');
        let before = count(&s, &format!("SELECT COUNT(*) AS n FROM behaviour_events WHERE job_id = {job}"));
        let beacon = |origin: &str| {
            let res = candidate
                .post(s.url("/ajax/pcuser/addLog"))
                .header("Origin", origin)
                .header("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
                .body(format!("events={}", url::form_urlencoded::byte_serialize(events(&json!([{"kind": "open", "jobId": job}])).as_bytes()).collect::<String>()))
                .send()
                .expect("send");
            common::envelope(res)
        };
        let (status, v) = beacon("https://jobs.example.net");
        assert_eq!((status, code(&v)), (403, "ORIGIN_REFUSED"), "{v}");
        assert_eq!(count(&s, &format!("SELECT COUNT(*) AS n FROM behaviour_events WHERE job_id = {job}")), before, "nothing stored");
        let (status, v) = beacon(own);
        assert_eq!((status, v["result"]["stored"].as_i64()), (200, Some(1)), "{v}");
        assert_eq!(count(&s, &format!("SELECT COUNT(*) AS n FROM behaviour_events WHERE job_id = {job}")), before + 1);
    }
}

/// The personal-information section as the resume editor saves it, with this title and name.
fn save_basic(s: &TestServer, candidate: &Client, resume: &str, title: &str, name: &str) {
    let data = json!({
        "title": title, "name": name, "gender": "2", "birthday": "1995-03-08", "city": "chengdu", "workSince": "3to5",
        "education": "master", "mobile": "13600000000", "email": "search@example.cn", "careerStatus": "open",
    });
    let (status, v) = s.call(candidate, "/resume/saveSection", &[("resumeId", resume), ("section", "basic"), ("data", &data.to_string())]);
    assert_eq!(status, 200, "{v}");
}

/// The resume ids a company's search for `keyword` (with `filters`) finds, and the total.
fn search_ids(s: &TestServer, company: &Client, keyword: &str, filters: &[(&str, &str)]) -> (i64, Vec<String>) {
    let mut form = vec![("keyword", keyword), ("page", "1"), ("pagesize", "50")];
    form.extend_from_slice(filters);
    let (status, v) = s.call(company, "/comresume/search", &form);
    assert_eq!(status, 200, "{v}");
    let ids = v["result"]["list"].as_array().expect("list").iter().map(|r| r["resumeId"].to_string()).collect();
    (v["result"]["total"].as_i64().expect("total"), ids)
}

/// Polls until `found` answers `want` or 10 s pass; answers how long it took.
fn until(want: bool, found: impl Fn() -> bool) -> std::time::Duration {
    let started = std::time::Instant::now();
    while found() != want {
        assert!(started.elapsed() < std::time::Duration::from_secs(10), "still {} after 10 s", !want);
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    started.elapsed()
}

#[test]
fn a_filled_resume_reaches_resume_search_after_the_sync_and_a_block_hides_it_at_once() {
    for s in servers_with(&[("SEARCH_SYNC_SECS", "1")]) {
        let candidate = register_candidate(&s);
        let (_, v) = s.call(&candidate, "/resume/get", &[]);
        let resume = v["result"]["id"].to_string();
        let a = company_login(&s);
        let b = other_company(&s);
        let b_finds = |keyword: &str| search_ids(&s, &b, keyword, &[]).1.contains(&resume);
        assert!(!b_finds(""), "an unfilled resume is not in resume search");

        save_basic(&s, &candidate, &resume, "量子纠缠观测员", "雷蕾");
        let took = until(true, || b_finds("纠缠观测"));
        assert!(took < std::time::Duration::from_secs(5), "within SEARCH_SYNC_SECS (1 s) and a little: {took:?}");
        // Found by a piece of the title, one character of it, the whole of it, and the two-character name.
        for keyword in ["纠缠观测", "缠", "量子纠缠观测员", "雷蕾", "蕾"] {
            assert!(b_finds(keyword), "{keyword}");
        }
        assert!(!b_finds("纠缠雷达"), "every part of the keyword must be there");
        // Filters: the city, education and years of work it was saved with.
        let filtered = |f: &[(&str, &str)]| search_ids(&s, &b, "雷蕾", f).1.contains(&resume);
        assert!(filtered(&[("city", "chengdu"), ("education", "master"), ("experience", "3-5")]));
        assert!(!filtered(&[("city", "beijing")]) && !filtered(&[("education", "bachelor")]) && !filtered(&[("experience", "1-3")]));

        // A block holds at once (the index does not know of it: the query leaves the resume out).
        let (_, v) = s.call(&b, "/comlogin/me", &[]);
        let b_id = v["result"]["company"]["id"].to_string();
        let (total_before, _) = search_ids(&s, &b, "", &[]);
        assert_eq!(s.call(&candidate, "/pcuser/shield", &[("comId", &b_id), ("resumeId", &resume)]).0, 200);
        assert!(!b_finds("雷蕾") && !b_finds(""), "blocked");
        assert_eq!(search_ids(&s, &b, "", &[]).0, total_before - 1, "the total too");
        assert!(search_ids(&s, &a, "雷蕾", &[]).1.contains(&resume), "another company still finds it");
        assert_eq!(s.call(&candidate, "/pcuser/unshield", &[("comId", &b_id), ("resumeId", &resume)]).0, 200);
        assert!(b_finds("雷蕾"), "unblocked");

        // An edit replaces what the resume is found by.
        save_basic(&s, &candidate, &resume, "深海潜水教练", "雷蕾");
        until(true, || b_finds("潜水教练"));
        assert!(!b_finds("纠缠观测"));

        // A disabled candidate leaves resume search at the next sync, and comes back when enabled.
        let mobile = text(&s, &format!("SELECT mobile AS w FROM users WHERE id = (SELECT user_id FROM resumes WHERE id = {resume})"));
        let admin = super_admin(&s);
        let (status, v) = s.call(&admin, "/admin/user/disable", &[("mobile", &mobile), ("reason", "测试")]);
        assert_eq!(status, 200, "{v}");
        until(false, || b_finds("雷蕾"));
        assert_eq!(s.call(&admin, "/admin/user/enable", &[("mobile", &mobile)]).0, 200);
        until(true, || b_finds("雷蕾"));
    }
}

#[test]
fn a_blocking_candidates_applications_leave_the_companys_lists_and_their_totals() {
    for s in servers() {
        let candidate = s.client();
        let resume = login(&s, &candidate)["resumeId"].to_string();
        let a = company_login(&s);
        let list = |stage: &str, job: &str| -> (i64, Vec<Value>) {
            let (status, v) = s.call(&a, "/comresume/applyresume", &[("stageId", stage), ("stageOppId", job), ("page", "1"), ("pagesize", "50")]);
            assert_eq!(status, 200, "{v}");
            (v["result"]["total"].as_i64().expect("total"), v["result"]["list"].as_array().expect("list").clone())
        };
        let (all, rows) = list("0", "1");
        let mine: Vec<&Value> = rows.iter().filter(|r| r["resumeId"].to_string() == resume).collect();
        assert!(!mine.is_empty(), "the demo candidate applied to A");
        let (stage, job) = (mine[0]["stageId"].to_string(), mine[0]["jobId"].to_string());
        let in_stage = |st: &str, jo: &str| rows.iter().filter(|r| r["resumeId"].to_string() == resume && (st == "0" || r["stageId"].to_string() == st) && (jo == "1" || r["jobId"].to_string() == jo)).count() as i64;
        let before = [(stage.as_str(), "1"), ("0", job.as_str()), (stage.as_str(), job.as_str())].map(|(st, jo)| (st, jo, list(st, jo).0, in_stage(st, jo)));

        let (_, v) = s.call(&a, "/comlogin/me", &[]);
        let a_id = v["result"]["company"]["id"].to_string();
        assert_eq!(s.call(&candidate, "/pcuser/shield", &[("comId", &a_id), ("resumeId", &resume)]).0, 200);
        let (after, rows) = list("0", "1");
        assert_eq!(after, all - mine.len() as i64, "every stage and job");
        assert!(!rows.iter().any(|r| r["resumeId"].to_string() == resume));
        for (st, jo, total, theirs) in before {
            assert!(theirs > 0);
            assert_eq!(list(st, jo).0, total - theirs, "stage {st}, job {jo}");
        }
        assert_eq!(s.call(&candidate, "/pcuser/unshield", &[("comId", &a_id), ("resumeId", &resume)]).0, 200);
        assert_eq!(list("0", "1").0, all);
    }
}

/// A database made before `behaviour_events.filters` existed gains the column at start
/// (db/mod.rs LATER_COLUMNS), and a search with filters is stored in it; a second start leaves it be.
#[test]
fn an_older_database_gains_the_search_filters_column_at_start() {
    let dir = common::tempdir::Dir::new();
    let file = dir.0.join("jobseeker.sqlite3");
    let (mut first, _) = common::spawn_server(&dir.0, None, &[]);
    let _ = first.kill();
    let _ = first.wait();
    {
        let mut c = common::db_at(&file.to_string_lossy());
        diesel::sql_query("ALTER TABLE behaviour_events DROP COLUMN filters").execute(&mut c).unwrap();
        assert!(diesel::sql_query("SELECT filters FROM behaviour_events").execute(&mut c).is_err(), "the column is gone, as in an older database");
    }
    for start in 0..2 {
        let (mut server, base) = common::spawn_server(&dir.0, None, &[]);
        let list = json!([{"kind": "search", "keyword": "java", "salary": "15-25k"}]);
        let (status, v) = common::envelope(
            Client::new()
                .post(format!("{base}/ajax/pcuser/addLog"))
                .header("Cookie", "finger=0123456789abcdef0123456789abcdef")
                .form(&[("events", events(&list))])
                .send()
                .unwrap(),
        );
        let _ = server.kill();
        let _ = server.wait();
        assert_eq!((status, &v["result"]["stored"]), (200, &json!(1)), "start {start}: {v}");
        let mut c = common::db_at(&file.to_string_lossy());
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = BigInt)]
            n: i64,
        }
        let rows: Vec<Row> = diesel::sql_query("SELECT COUNT(*) AS n FROM behaviour_events WHERE filters <> ''").load(&mut c).unwrap();
        assert_eq!(rows[0].n, start + 1, "start {start}: the search's filters are stored");
    }
}

#[test]
fn a_hidden_resumes_card_and_files_are_what_was_sent() {
    use reqwest::blocking::multipart;
    for s in servers() {
        let candidate = s.client();
        let me = login(&s, &candidate);
        let resume = me["resumeId"].to_string();
        let b = other_company(&s);
        let (status, v) = s.call(&b, "/comjob/save", &job_form(&format!("隐藏卡片职位{}", common::tempdir::rand_suffix())));
        assert_eq!(status, 200, "{v}");
        let job = v["result"]["id"].to_string();
        let (status, v) = s.call(&candidate, "/pcjob/apply", &[("jobid", &job), ("resumeId", &resume)]);
        assert_eq!(status, 200, "{v}");
        let card = || {
            let (_, v) = s.call(&b, "/comresume/applyresume", &[("page", "1"), ("pagesize", "50")]);
            v["result"]["list"].as_array().expect("list").iter().find(|x| x["jobId"].to_string() == job).expect("B's application").clone()
        };
        let as_sent = card();
        let apply_id = as_sent["applyId"].to_string();
        let sent_file = {
            let (_, v) = s.call(&candidate, "/resume/get", &[("resumeId", &resume)]);
            v["result"]["files"]["resumeFile"][0]["id"].as_i64().expect("the seeded resume file")
        };
        let download = |id: i64| b.get(s.url(&format!("/ajax/comresume/file/{id}"))).send().expect("download").status().as_u16();

        // Hidden, then edited and given a new file: B's card and the files it may download are as sent.
        assert_eq!(set_type(&s, &candidate, &resume, "hidden").0, 200);
        save_basic(&s, &candidate, &resume, "隐藏后的标题", "改名后");
        let form = multipart::Form::new()
            .text("resumeId", resume.clone())
            .text("kind", "resumeFile")
            .part("file", multipart::Part::bytes([b"%PDF-1.4\n".as_slice(), &[b' '; 512]].concat()).file_name("隐藏后上传.pdf"));
        let (status, v) = common::envelope(candidate.post(s.url("/ajax/resume/upload")).multipart(form).send().expect("upload"));
        assert_eq!(status, 200, "{v}");
        let new_file = v["result"]["files"]["resumeFile"].as_array().expect("files").iter().filter_map(|f| f["id"].as_i64()).find(|id| *id != sent_file).expect("the new file");
        let hidden = card();
        for field in ["name", "gender", "city", "education", "workSince"] {
            assert_eq!(hidden[field], as_sent[field], "hidden: the card's {field} is as sent");
        }
        assert_ne!(as_sent["name"], "改名后", "the edit changed the name");
        let (_, detail) = s.call(&b, "/comresume/detail", &[("applyId", &apply_id)]);
        assert_eq!(detail["result"]["resume"]["sections"]["basic"]["name"], as_sent["name"], "the page agrees with the card");
        assert_eq!(download(sent_file), 200, "a file sent with the application");
        assert_eq!(download(new_file), 404, "a file added after hiding");

        // Applied-only: B reads the live resume, card and files.
        assert_eq!(set_type(&s, &candidate, &resume, "applied").0, 200);
        assert_eq!(card()["name"], "改名后", "applied-only: the live name");
        assert_eq!(download(new_file), 200, "applied-only: the live files");
    }
}
