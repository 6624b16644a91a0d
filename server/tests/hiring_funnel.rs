//! The hiring funnel over HTTP, on SQLite and PostgreSQL (issue 16): applied → viewed → interview →
//! offer → hired per job and overall, the conversions, the time in each stage, the sources read from
//! the page that applied, and another company reaching none of it.

use crate::common;

use crate::common::staff::{company_login, register_company};
use crate::common::{code, envelope, login, servers, TestServer, DEMO_PASSWORD};
use reqwest::blocking::Client;
use serde_json::json;

fn new_job(s: &TestServer, company: &Client) -> String {
    let title = format!("漏斗职位{}", common::tempdir::rand_suffix());
    let form = [
        ("title", title.as_str()),
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

/// A candidate applies with their first resume, the call sent from `page` (its Referer), if any.
fn apply(s: &TestServer, candidate: &Client, resume: &str, job: &str, page: Option<&str>) {
    let mut req = candidate.post(s.url("/ajax/pcjob/apply")).form(&[("jobid", job), ("resumeId", resume)]);
    if let Some(p) = page {
        req = req.header("Referer", s.url(p));
    }
    let (status, v) = envelope(req.send().expect("send"));
    assert_eq!(status, 200, "{v}");
}

#[test]
fn the_funnel_counts_each_step_per_job_and_overall() {
    for s in servers() {
        let company = company_login(&s);
        let job = new_job(&s, &company);
        let first = s.client();
        let user = login(&s, &first);
        apply(&s, &first, &user["resumeId"].to_string(), &job, Some(&format!("/job/{job}")));
        let second = s.client();
        let (status, v) = s.call(&second, "/pclogin/login", &[("mobile", "13900000001"), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        apply(&s, &second, &v["result"]["resumeId"].to_string(), &job, None);

        let (_, v) = s.call(&company, "/comresume/stages", &[]);
        let stages = v["result"].as_array().expect("stages").clone();
        let (_, v) = s.call(&company, "/comresume/applyresume", &[("stageId", "0"), ("stageOppId", &job)]);
        let list = v["result"]["list"].as_array().expect("list").clone();
        let first_app = list.iter().find(|a| a["name"] == "张伟").expect("张伟's")["applyId"].to_string();
        // Opened, invited to the interview, hired.
        assert_eq!(s.call(&company, "/comresume/detail", &[("applyId", &first_app)]).0, 200);
        for stage in [3usize, 4] {
            let (status, v) = s.call(&company, "/comresume/move", &[("applyId", &first_app), ("stageId", &stages[stage]["id"].to_string())]);
            assert_eq!(status, 200, "{v}");
        }

        let (status, v) = s.call(&company, "/comresume/hiringFunnel", &[("jobId", &job)]);
        assert_eq!(status, 200, "{v}");
        let f = &v["result"];
        assert_eq!(f["steps"], json!({"applied": 2, "viewed": 1, "interview": 1, "offer": 1, "hired": 1}), "{v}");
        assert_eq!(f["conversion"], json!([0.5, 1.0, 1.0, 1.0]));
        assert_eq!(f["jobs"].as_array().map(Vec::len), Some(1));
        let sources: Vec<(String, i64)> =
            f["sources"].as_array().expect("sources").iter().map(|x| (x["source"].as_str().unwrap_or("").to_string(), x["applications"].as_i64().unwrap_or(0))).collect();
        assert_eq!(sources, vec![("jobPage".to_string(), 1), ("other".to_string(), 1)]);
        // Both arrived in the first stage; one still waits there, the other left it for the interview.
        let first_stage = f["stageTimes"].as_array().expect("times").iter().find(|t| t["stageId"] == stages[0]["id"]).expect("first stage").clone();
        assert_eq!(first_stage["applications"], 2);
        let interview = f["stageTimes"].as_array().expect("times").iter().find(|t| t["stageId"] == stages[3]["id"]).expect("interview").clone();
        assert_eq!(interview["applications"], 1);
        assert!(interview["averageHours"].as_f64().is_some_and(|h| h >= 0.0 && h < 1.0), "{interview}");

        // Overall: at least this job's, with the job listed.
        let (_, v) = s.call(&company, "/comresume/hiringFunnel", &[]);
        assert!(v["result"]["steps"]["hired"].as_i64() >= Some(1), "{v}");
        assert!(v["result"]["jobs"].as_array().expect("jobs").iter().any(|j| j["jobId"].to_string() == job));
        assert!(v["result"]["jobId"].is_null());

        let (status, v) = s.call(&company, "/comresume/hiringFunnel", &[("days", "0")]);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"));
        // A candidate's session opens nothing; another company's job is NOT_FOUND.
        assert_eq!(s.call(&first, "/comresume/hiringFunnel", &[]).0, 401);
        let other = register_company(&s, "13755550003", &format!("漏斗别家{}", common::tempdir::rand_suffix()));
        let (status, v) = s.call(&other, "/comresume/hiringFunnel", &[("jobId", &job)]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"));
        let (_, v) = s.call(&other, "/comresume/hiringFunnel", &[]);
        assert_eq!(v["result"]["steps"]["applied"], 0, "none of the first company's: {v}");
        assert_eq!(v["result"]["jobs"], json!([]));
    }
}
