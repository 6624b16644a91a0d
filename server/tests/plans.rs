//! Plans and quotas over HTTP, on SQLite and PostgreSQL (issue 16): the free monthly allowance,
//! the call past a quota refused with QUOTA_EXCEEDED (counting nothing), a resume counted once a
//! month and an applicant's resume never, the owner's trial application approved only in the admin
//! console (audited), raising the quotas; another company never seeing any of it.

use crate::common;

use crate::common::staff::{company_login, post_job, super_admin};
use crate::common::{code, login, servers, TestServer, COMPANY_MOBILE};
use reqwest::blocking::Client;
use serde_json::Value;

fn audit_actions(s: &TestServer, c: &Client) -> Vec<Value> {
    let (_, v) = s.call(c, "/admin/audit/list", &[("page", "1"), ("pagesize", "50")]);
    v["result"]["list"].as_array().expect("list").clone()
}

fn plan(s: &TestServer, c: &Client) -> Value {
    let (status, v) = s.call(c, "/complan/get", &[]);
    assert_eq!(status, 200, "{v}");
    v["result"].clone()
}

/// Sets the month's use of `kind` straight in the database (as many calls would have).
fn set_used(s: &TestServer, company: i64, month: &str, kind: &str, used: i64) {
    s.sql(&format!("DELETE FROM company_quota_uses WHERE company_id = {company} AND month = '{month}' AND kind = '{kind}'"));
    s.sql(&format!("INSERT INTO company_quota_uses (company_id, month, kind, used) VALUES ({company}, '{month}', '{kind}', {used})"));
}

#[test]
fn quotas_are_enforced_and_a_trial_is_approved_only_in_the_admin_console() {
    for s in servers() {
        let company = company_login(&s);
        let (_, me) = s.call(&company, "/comlogin/me", &[]);
        let company_id = me["result"]["company"]["id"].as_i64().expect("company id");
        let p = plan(&s, &company);
        assert_eq!((&p["plan"], &p["quotas"]["resumeViews"], &p["used"]["refreshes"]), (&Value::from("free"), &Value::from(30), &Value::from(0)), "{p}");
        let month = p["month"].as_str().expect("month").to_string();

        // Resume views: a searched resume counts once a month; an applicant's resume never.
        let (_, v) = s.call(&company, "/comresume/applyresume", &[("stageId", "0"), ("stageOppId", "1"), ("pagesize", "50")]);
        let applicants: Vec<String> = v["result"]["list"].as_array().expect("list").iter().map(|a| a["resumeId"].to_string()).collect();
        let (_, v) = s.call(&company, "/comresume/search", &[("keyword", ""), ("page", "1"), ("pagesize", "50")]);
        let hits: Vec<String> = v["result"]["list"].as_array().expect("hits").iter().map(|h| h["resumeId"].to_string()).filter(|r| !applicants.contains(r)).collect();
        assert!(!hits.is_empty(), "a searched resume that did not apply: {v}");
        for _ in 0..2 {
            let (status, v) = s.call(&company, "/comresume/resume", &[("resumeId", &hits[0])]);
            assert_eq!(status, 200, "{v}");
        }
        assert_eq!(plan(&s, &company)["used"]["resumeViews"], 1, "counted once");
        if let Some(applicant) = applicants.first() {
            assert_eq!(s.call(&company, "/comresume/resume", &[("resumeId", applicant)]).0, 200);
            assert_eq!(plan(&s, &company)["used"]["resumeViews"], 1, "an applicant's resume is free");
        }
        // Seen this month, it opens again once the month's views are used up.
        set_used(&s, company_id, &month, "resumeViews", 30);
        assert_eq!(s.call(&company, "/comresume/resume", &[("resumeId", &hits[0])]).0, 200);
        // Not seen this month (the record of it gone, as at a new month): refused, and nothing counted.
        s.sql(&format!("DELETE FROM company_quota_seen WHERE company_id = {company_id}"));
        let (status, v) = s.call(&company, "/comresume/resume", &[("resumeId", &hits[0])]);
        assert_eq!((status, code(&v)), (429, "QUOTA_EXCEEDED"), "{v}");
        assert_eq!(plan(&s, &company)["used"]["resumeViews"], 30);
        if let Some(applicant) = applicants.first() {
            assert_eq!(s.call(&company, "/comresume/resume", &[("resumeId", applicant)]).0, 200, "an applicant's resume is never refused");
        }

        // Refreshes: the 60th goes, the 61st is refused.
        let job = post_job(&s, &company, &format!("配额职位{}", common::tempdir::rand_suffix()));
        set_used(&s, company_id, &month, "refreshes", 59);
        let (status, v) = s.call(&company, "/comjob/refresh", &[("id", &job)]);
        assert_eq!(status, 200, "{v}");
        let (status, v) = s.call(&company, "/comjob/refresh", &[("id", &job)]);
        assert_eq!((status, code(&v)), (429, "QUOTA_EXCEEDED"), "{v}");
        assert_eq!(plan(&s, &company)["used"]["refreshes"], 60);

        // Downloads: a file of a searched resume counts once a month; the 10th goes, then a file not
        // fetched this month is refused and nothing is counted. The file is the seeded demo resume's,
        // given to the searched resume as another row.
        let file = (9_000_000_000_000i64 + i64::from(std::process::id() % 1000)).to_string();
        let copy = format!(
            "INSERT INTO resume_files (id, resume_id, user_id, kind, name, original_name, stored_name, thumb_name, content_type, size, created_at) \
             SELECT {file}, r.id, r.user_id, f.kind, f.name, f.original_name, f.stored_name, f.thumb_name, f.content_type, f.size, f.created_at \
             FROM resume_files f, resumes r WHERE f.kind = 'resumeFile' AND r.id = {} LIMIT 1",
            hits[0]
        );
        assert_eq!(s.sql(&copy), 1, "copy a file");
        let download = |c: &Client| {
            let res = c.get(s.url(&format!("/ajax/comresume/file/{file}"))).send().expect("send");
            let status = res.status().as_u16();
            (status, res.bytes().expect("body"))
        };
        set_used(&s, company_id, &month, "downloads", 9);
        let (status, body) = download(&company);
        assert!(status == 200 && !body.is_empty(), "{status}");
        assert_eq!(download(&company).0, 200);
        assert_eq!(plan(&s, &company)["used"]["downloads"], 10, "counted once");
        s.sql(&format!("DELETE FROM company_quota_seen WHERE company_id = {company_id}"));
        let (status, body) = download(&company);
        let v: Value = serde_json::from_slice(&body).expect("json");
        assert_eq!((status, code(&v)), (429, "QUOTA_EXCEEDED"), "{v}");
        assert_eq!(plan(&s, &company)["used"]["downloads"], 10);

        // HR may not apply for a trial (the owner only), and nothing is recorded.
        let role = |r: &str| s.sql(&format!("UPDATE company_members SET role = '{r}' WHERE mobile = '{COMPANY_MOBILE}'"));
        role("hr");
        let (status, v) = s.call(&company, "/complan/applyTrial", &[("contact", "王经理 13700000000")]);
        role("owner");
        assert_eq!((status, code(&v)), (400, "FORBIDDEN_ROLE"), "{v}");
        assert!(plan(&s, &company)["trial"].is_null(), "no trial recorded");

        // The owner applies for a trial; once pending, not again.
        let (_, v) = s.call(&company, "/complan/applyTrial", &[("contact", "")]);
        assert_eq!(code(&v), "BAD_INPUT");
        let (status, v) = s.call(&company, "/complan/applyTrial", &[("contact", "王经理 13700000000"), ("note", "想试用人才搜索")]);
        assert_eq!((status, &v["result"]["trial"]["status"]), (200, &Value::from("pending")), "{v}");
        assert_eq!(v["result"]["plan"], "free", "not before approval");
        let (_, v) = s.call(&company, "/complan/applyTrial", &[("contact", "王经理")]);
        assert_eq!(code(&v), "TRIAL_EXISTS");

        // Nobody but an admin approves it: not the company, not a candidate.
        let form = [("companyId", company_id.to_string()), ("decision", "approved".to_string())];
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let (status, _) = s.call(&company, "/admin/trial/decide", &form);
        assert_eq!(status, 401);
        let candidate = s.client();
        login(&s, &candidate);
        assert_eq!(s.call(&candidate, "/admin/trial/decide", &form).0, 401);
        assert_eq!(s.call(&candidate, "/complan/get", &[]).0, 401);
        assert_eq!(plan(&s, &company)["trial"]["status"], "pending");

        let admin = super_admin(&s);
        let (_, v) = s.call(&admin, "/admin/trial/list", &[]);
        assert!(v["result"].as_array().expect("list").iter().any(|t| t["companyId"] == company_id), "{v}");
        let (_, v) = s.call(&admin, "/admin/trial/decide", &[("companyId", &company_id.to_string()), ("decision", "rejected")]);
        assert_eq!(code(&v), "BAD_INPUT", "a rejection needs a reason");
        let (status, v) = s.call(&admin, "/admin/trial/decide", &form);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&admin, "/admin/trial/decide", &form);
        assert_eq!(code(&v), "BAD_INPUT", "decided already");
        assert!(audit_actions(&s, &admin).iter().any(|a| a["action"] == "company.trial" && a["after"] == "approved"), "audited");

        // The trial raises the quotas at once: the refresh and the view go again.
        let p = plan(&s, &company);
        assert_eq!((&p["plan"], &p["quotas"]["refreshes"], &p["trial"]["status"]), (&Value::from("trial"), &Value::from(300), &Value::from("approved")), "{p}");
        assert!(p["trial"]["endsAt"].as_i64().is_some());
        let other_job = post_job(&s, &company, &format!("配额职位{}", common::tempdir::rand_suffix()));
        assert_eq!(s.call(&company, "/comjob/refresh", &[("id", &other_job)]).0, 200);
        assert_eq!(s.call(&company, "/comresume/resume", &[("resumeId", &hits[0])]).0, 200);
        assert_eq!(plan(&s, &company)["used"]["resumeViews"], 31);
    }
}
