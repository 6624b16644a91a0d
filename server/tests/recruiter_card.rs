//! The job page's recruiter (issue 32, domain/recruiter_card.rs): who answers a job's chats, with
//! the name and title they set in their account and an active-status bucket they can turn off.
//! SQLite, and PostgreSQL with TEST_DATABASE_URL.

use crate::common::staff::company_login_into;
use crate::common::{code, servers, TestServer};
use serde_json::Value;

/// One of the demo company's open jobs, as a visitor's `/job/detail` answers it.
fn job_page(s: &TestServer, job: &str) -> Value {
    let (status, v) = s.call(&s.client(), "/job/detail", &[("jobid", job)]);
    assert_eq!(status, 200, "{} {v}", s.engine);
    v["result"].clone()
}

#[test]
fn a_job_page_shows_its_recruiter_as_they_chose() {
    for s in servers() {
        let owner = s.client();
        let me = company_login_into(&s, &owner);
        let member_id = me["id"].to_string();
        let (_, jobs) = s.call(&owner, "/comjob/list", &[("state", "open")]);
        let job = jobs["result"]["list"][0]["id"].to_string();

        // The owner answers the seeded job's chats; their log-in just now counts as activity.
        let page = job_page(&s, &job);
        assert_eq!(page["recruiter"]["name"], me["name"], "{} {page}", s.engine);
        assert_eq!(page["recruiter"]["active"], "justNow", "{}", s.engine);
        assert!(page["recruiter"].get("mobile").is_none() && page["recruiter"].get("id").is_none(), "{}", page["recruiter"]);

        // Bad input changes nothing.
        let long_title = "经".repeat(core_wasm::company::MEMBER_TITLE_MAX + 1);
        for (form, field) in [
            (vec![("name", "  "), ("title", "HR经理")], "name"),
            (vec![("name", "王女士"), ("title", long_title.as_str())], "title"),
            (vec![("name", "王女士"), ("title", ""), ("showActive", "yes")], "showActive"),
        ] {
            let (status, v) = s.call(&owner, "/comlogin/saveProfile", &form);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{} {form:?}: {v}", s.engine);
            assert_eq!(v["error"]["message"], field, "{v}");
        }
        assert_eq!(job_page(&s, &job)["recruiter"]["name"], me["name"]);

        // Name and title as saved; the active status hidden when turned off.
        let (status, v) = s.call(&owner, "/comlogin/saveProfile", &[("name", " 王女士 "), ("title", "HR经理"), ("showActive", "0")]);
        assert_eq!(status, 200, "{v}");
        assert_eq!((v["result"]["name"].as_str(), v["result"]["title"].as_str(), v["result"]["showActive"].as_bool()), (Some("王女士"), Some("HR经理"), Some(false)));
        let recruiter = job_page(&s, &job)["recruiter"].clone();
        assert_eq!((recruiter["name"].as_str(), recruiter["title"].as_str()), (Some("王女士"), Some("HR经理")), "{recruiter}");
        assert!(recruiter["active"].is_null(), "{recruiter}");
        let (_, me_now) = s.call(&owner, "/comlogin/me", &[]);
        assert_eq!(me_now["result"]["showActive"], false);

        // Shown again, the bucket follows the last activity: two days ago, then over a month ago
        // (nothing then), without a recruiter call between (which would note them active now).
        let (status, _) = s.call(&owner, "/comlogin/saveProfile", &[("name", "王女士"), ("title", "HR经理"), ("showActive", "1")]);
        assert_eq!(status, 200);
        let now = server::ids::now_ms();
        s.sql(&format!("UPDATE company_members SET active_at = {} WHERE id = {member_id}", now - 2 * 86_400_000 - 60_000));
        assert_eq!(job_page(&s, &job)["recruiter"]["active"], "threeDays", "{}", s.engine);
        s.sql(&format!("UPDATE company_members SET active_at = {} WHERE id = {member_id}", now - 40 * 86_400_000));
        assert!(job_page(&s, &job)["recruiter"]["active"].is_null());

        // The next recruiter call notes them at work again.
        let (status, _) = s.call(&owner, "/comjob/list", &[("state", "open")]);
        assert_eq!(status, 200);
        assert_eq!(job_page(&s, &job)["recruiter"]["active"], "justNow", "{}", s.engine);
    }
}
