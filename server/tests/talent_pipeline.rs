//! Private candidates on a job's pipeline (issue 17), over HTTP on SQLite and PostgreSQL: an
//! uploaded candidate saved for a job (or added to one from its page) lands in the company's first
//! stage, is listed and counted with the applications, moves by `/comresume/move`, `bulkMove` and
//! `reject` with its history and notes, and opens through `/comtalent/get`, while applications keep
//! their contract; another company never sees or moves it, an interviewer reaches none of it, and
//! nothing on the candidate side (applications, notices, the funnel) ever holds it.

use crate::common;
use crate::common::staff;

use crate::common::{code, envelope, login, servers, TestServer};
use reqwest::blocking::{multipart, Client};
use serde_json::{json, Value};

fn ok(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, v) = s.call(client, path, form);
    assert_eq!(status, 200, "{} {path}: {v}", s.engine);
    v["result"].clone()
}

/// Sections as the recruiter saves them after the review.
fn sections(name: &str, mobile: &str) -> Value {
    json!({ "basic": { "name": name, "mobile": mobile, "city": "hangzhou", "education": "bachelor", "gender": "2" } })
}

fn unique_mobile() -> String {
    let n = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    format!("135{:08}", n % 100_000_000)
}

/// Saves a private candidate (for `job` when given); answers its id.
fn save(s: &TestServer, client: &Client, name: &str, job: Option<&str>) -> String {
    let mut form = multipart::Form::new().text("sections", sections(name, &unique_mobile()).to_string());
    if let Some(job) = job {
        form = form.text("jobId", job.to_string());
    }
    let text = format!("{name}\n手机：{}\n工作经历\n2019.07-至今 杭州某科技有限公司 前端工程师\n", unique_mobile());
    form = form.part("file", multipart::Part::bytes(text.into_bytes()).file_name("简历.txt"));
    let (status, v) = envelope(client.post(s.url("/ajax/comtalent/save")).multipart(form).send().expect("send"));
    assert_eq!(status, 200, "{} save: {v}", s.engine);
    v["result"]["id"].to_string()
}

fn stages(s: &TestServer, client: &Client) -> Vec<Value> {
    ok(s, client, "/comresume/stages", &[]).as_array().expect("stages").clone()
}

fn list(s: &TestServer, client: &Client, stage: &str, job: &str) -> Value {
    ok(s, client, "/comresume/applyresume", &[("stageId", stage), ("stageOppId", job), ("pagesize", "50")])
}

fn count_of(stages: &[Value], id: &Value) -> i64 {
    stages.iter().find(|s| &s["id"] == id).and_then(|s| s["count"].as_i64()).expect("stage")
}

fn first_job(s: &TestServer, client: &Client) -> (String, String) {
    let jobs = ok(s, client, "/comjob/list", &[]);
    let list = jobs["list"].as_array().expect("jobs");
    (list[0]["id"].to_string(), list[1]["id"].to_string())
}

#[test]
fn an_uploaded_candidate_saved_for_a_job_moves_through_its_stages_like_an_application() {
    for s in servers() {
        let a = staff::company_login(&s);
        let (job, other_job) = first_job(&s, &a);
        let before = stages(&s, &a);
        let first = before[0]["id"].clone();
        let applications_before = list(&s, &a, "0", &job)["total"].as_i64().expect("total");

        let talent = save(&s, &a, "林上传", Some(&job));
        let after = stages(&s, &a);
        assert_eq!(count_of(&after, &first), count_of(&before, &first) + 1, "{} counted in the first stage", s.engine);

        // In the job's list, first stage, beside the applications; named as docs/api.md says.
        let page = list(&s, &a, "1", &job);
        let rows = page["list"].as_array().expect("list");
        let card = rows.iter().find(|r| r["talentId"].to_string() == talent).unwrap_or_else(|| panic!("{} uploaded card: {page}", s.engine)).clone();
        assert_eq!(card["source"], "upload");
        assert_eq!(card["resumeId"], Value::Null);
        assert_eq!(card["userId"], Value::Null);
        assert_eq!(card["name"], "林上传");
        assert_eq!(card["city"], "hangzhou");
        assert_eq!(card["stageId"], first);
        assert_eq!(card["jobId"].to_string(), job);
        assert_ne!(card["applyId"].to_string(), talent, "the card's id is its place on the pipeline");
        assert_eq!(list(&s, &a, "0", &job)["total"].as_i64(), Some(applications_before + 1));
        // Newest first: the new card heads the job's list of every stage.
        assert_eq!(list(&s, &a, "0", &job)["list"][0]["talentId"].to_string(), talent);
        // The applications keep their contract.
        let all = list(&s, &a, "0", "1");
        let apply = all["list"].as_array().expect("list").iter().find(|r| r["source"] == "apply").expect("an application").clone();
        assert!(apply["resumeId"].as_i64().is_some() && apply["talentId"].is_null(), "{apply}");
        // Not on another job's pipeline.
        assert!(!list(&s, &a, "0", &other_job)["list"].as_array().expect("list").iter().any(|r| r["talentId"].to_string() == talent));

        let entry = card["applyId"].to_string();
        let second = after[1]["id"].to_string();
        let moved = ok(&s, &a, "/comresume/move", &[("applyId", &entry), ("stageId", &second)]);
        assert_eq!(moved["stageId"].to_string(), second, "{moved}");
        assert_eq!(moved["source"], "upload");
        assert!(moved["stageAt"].as_i64() >= card["stageAt"].as_i64(), "time in stage starts again");
        assert!(!list(&s, &a, "1", &job)["list"].as_array().expect("list").iter().any(|r| r["applyId"].to_string() == entry));
        assert_eq!(list(&s, &a, "2", &job)["list"].as_array().expect("list").iter().filter(|r| r["applyId"].to_string() == entry).count(), 1);

        // Bulk: an uploaded card and an application together.
        let third = after[2]["id"].to_string();
        let both = format!("{entry},{}", apply["applyId"]);
        assert_eq!(ok(&s, &a, "/comresume/bulkMove", &[("applyIds", &both), ("stageId", &third)])["moved"], 2);
        let note = ok(&s, &a, "/comresume/note", &[("applyId", &entry), ("text", "电话沟通过，下周面试")]);
        assert_eq!(note["text"], "电话沟通过，下周面试");
        let (_, v) = s.call(&a, "/comresume/note", &[("applyId", &entry), ("text", " ")]);
        assert_eq!(code(&v), "BAD_INPUT", "{v}");

        // Rejected with a notice template: moved, and no notice anywhere (it has no account).
        let templates = ok(&s, &a, "/comtemplate/list", &[]);
        let template = templates["list"].as_array().expect("templates").iter().find(|t| t["kind"] == "rejection").expect("rejection")["id"].to_string();
        let notices_before = ok(&s, &a, "/comnotice/list", &[("pagesize", "50")])["total"].clone();
        assert_eq!(ok(&s, &a, "/comresume/reject", &[("applyIds", &entry), ("template", &template)])["moved"], 1);
        assert_eq!(ok(&s, &a, "/comnotice/list", &[("pagesize", "50")])["total"], notices_before, "no notice for an uploaded candidate");

        // Its page: the pipeline it is on, the moves with who and when, the note.
        let got = ok(&s, &a, "/comtalent/get", &[("id", &talent)]);
        let pipelines = got["pipelines"].as_array().expect("pipelines");
        assert_eq!(pipelines.len(), 1, "{got}");
        let p = &pipelines[0];
        assert_eq!(p["applyId"].to_string(), entry);
        assert_eq!(p["stageName"], "不合适");
        let moves = p["moves"].as_array().expect("moves");
        assert_eq!(moves.len(), 4, "landing, move, bulk move, reject: {p}");
        assert_eq!(moves[0]["fromStage"], Value::Null);
        assert_eq!(moves[0]["toStage"], first);
        assert_eq!(moves[1]["fromStage"], first);
        assert_eq!(moves[1]["toStage"].to_string(), second);
        assert!(moves.iter().all(|m| m["memberName"].as_str().is_some_and(|n| !n.is_empty()) && m["at"].as_i64().is_some()), "{p}");
        assert_eq!(p["notes"][0]["text"], "电话沟通过，下周面试");
        // Not an application: /comresume/detail does not open it.
        let (_, v) = s.call(&a, "/comresume/detail", &[("applyId", &entry)]);
        assert_eq!(code(&v), "NOT_FOUND", "{v}");

        // Added to another job from its page: a second place, in the first stage; again: the same.
        let added = ok(&s, &a, "/comtalent/addToJob", &[("id", &talent), ("jobId", &other_job)]);
        assert_eq!(added["stageId"], first);
        assert_eq!(added["jobId"].to_string(), other_job);
        assert_eq!(ok(&s, &a, "/comtalent/addToJob", &[("id", &talent), ("jobId", &other_job)])["applyId"], added["applyId"]);
        assert!(list(&s, &a, "1", &other_job)["list"].as_array().expect("list").iter().any(|r| r["applyId"] == added["applyId"]));
        assert_eq!(ok(&s, &a, "/comtalent/list", &[("jobId", &other_job)])["list"][0]["id"].to_string(), talent, "listed under the job it was added to");
        assert_eq!(ok(&s, &a, "/comtalent/get", &[("id", &talent)])["pipelines"].as_array().map(Vec::len), Some(2));

        // Saved without a job: on no pipeline.
        let loose = save(&s, &a, "无职位者", None);
        assert_eq!(ok(&s, &a, "/comtalent/get", &[("id", &loose)])["pipelines"], json!([]));
        assert!(!list(&s, &a, "0", "1")["list"].as_array().expect("list").iter().any(|r| r["talentId"].to_string() == loose));

        // Deleted: off every pipeline, and its card is gone.
        let total = list(&s, &a, "0", "1")["total"].as_i64().expect("total");
        assert_eq!(ok(&s, &a, "/comtalent/delete", &[("id", &talent)]), true);
        assert_eq!(list(&s, &a, "0", "1")["total"].as_i64(), Some(total - 2));
        let (_, v) = s.call(&a, "/comresume/move", &[("applyId", &entry), ("stageId", &second)]);
        assert_eq!(code(&v), "NOT_FOUND", "{v}");
    }
}

#[test]
fn the_merged_list_pages_through_applications_and_uploads_in_order() {
    for s in servers() {
        let a = staff::company_login(&s);
        let (job, _) = first_job(&s, &a);
        for i in 0..3 {
            save(&s, &a, &format!("分页{i}"), Some(&job));
        }
        let whole = list(&s, &a, "0", "1");
        let total = whole["total"].as_i64().expect("total");
        let all: Vec<Value> = whole["list"].as_array().expect("list").clone();
        assert_eq!(all.len() as i64, total.min(50));
        assert!(all.iter().any(|r| r["source"] == "apply") && all.iter().filter(|r| r["source"] == "upload").count() == 3);
        let keys: Vec<(i64, i64)> = all.iter().map(|r| (r["appliedAt"].as_i64().expect("at"), r["applyId"].as_i64().expect("id"))).collect();
        assert!(keys.windows(2).all(|w| w[0] > w[1]), "newest first: {keys:?}");
        // Pages of 2 are the whole list cut in pieces.
        let mut paged: Vec<Value> = Vec::new();
        for page in 1..=(total + 1) / 2 {
            let p = ok(&s, &a, "/comresume/applyresume", &[("stageId", "0"), ("stageOppId", "1"), ("page", &page.to_string()), ("pagesize", "2")]);
            assert_eq!(p["total"].as_i64(), Some(total));
            paged.extend(p["list"].as_array().expect("list").iter().cloned());
        }
        let ids = |v: &[Value]| v.iter().map(|r| r["applyId"].to_string()).collect::<Vec<_>>();
        assert_eq!(ids(&paged), ids(&all), "{}", s.engine);
    }
}

#[test]
fn another_company_never_sees_or_moves_them_and_an_interviewer_reaches_none() {
    for s in servers() {
        let a = staff::company_login(&s);
        let (job, _) = first_job(&s, &a);
        let talent = save(&s, &a, "甲的人", Some(&job));
        let entry = list(&s, &a, "1", &job)["list"].as_array().expect("list").iter().find(|r| r["talentId"].to_string() == talent).expect("card")["applyId"].to_string();
        let a_stage = stages(&s, &a)[1]["id"].to_string();

        let b = staff::register_company(&s, &unique_mobile(), "乙公司");
        let b_job = staff::post_job(&s, &b, "乙的职位");
        let b_stage = stages(&s, &b)[1]["id"].to_string();
        let b_list = list(&s, &b, "0", "1");
        assert_eq!(b_list["total"], 0, "{} B sees nothing of A's: {b_list}", s.engine);
        assert!(stages(&s, &b).iter().all(|st| st["count"] == 0));
        assert_eq!(list(&s, &b, "0", &job)["total"], 0, "not through A's job either");
        for stage in [&b_stage, &a_stage] {
            let (_, v) = s.call(&b, "/comresume/move", &[("applyId", &entry), ("stageId", stage)]);
            assert_eq!(code(&v), "NOT_FOUND", "{v}");
            let (_, v) = s.call(&b, "/comresume/bulkMove", &[("applyIds", &entry), ("stageId", stage)]);
            assert_eq!(code(&v), "NOT_FOUND", "{v}");
        }
        let (_, v) = s.call(&b, "/comresume/reject", &[("applyIds", &entry)]);
        assert_eq!(code(&v), "NOT_FOUND", "{v}");
        let (_, v) = s.call(&b, "/comresume/note", &[("applyId", &entry), ("text", "偷看")]);
        assert_eq!(code(&v), "NOT_FOUND", "{v}");
        let (_, v) = s.call(&b, "/comtalent/addToJob", &[("id", &talent), ("jobId", &b_job)]);
        assert_eq!(code(&v), "NOT_FOUND", "{v}");
        // A cannot put its candidate on B's job, nor move its card into B's stage.
        let (_, v) = s.call(&a, "/comtalent/addToJob", &[("id", &talent), ("jobId", &b_job)]);
        assert_eq!(code(&v), "NOT_FOUND", "{v}");
        let (_, v) = s.call(&a, "/comresume/move", &[("applyId", &entry), ("stageId", &b_stage)]);
        assert_eq!(code(&v), "NOT_FOUND", "{v}");
        // Nothing of it changed.
        let got = ok(&s, &a, "/comtalent/get", &[("id", &talent)]);
        assert_eq!(got["pipelines"].as_array().map(Vec::len), Some(1));
        assert_eq!(got["pipelines"][0]["moves"].as_array().map(Vec::len), Some(1), "only its landing: {got}");
        assert_eq!(got["pipelines"][0]["notes"], json!([]));

        // An interviewer of A: no board, no moves, no adding.
        let (im, ie) = (unique_mobile(), format!("iv{}@example.com", unique_mobile()));
        let v = ok(&s, &a, "/cominterviewer/save", &[("name", "面试官"), ("mobile", &im), ("email", &ie)]);
        assert_eq!(v["invited"], true, "{v}");
        let password = staff::accept_invitation(&s, &im);
        let interviewer = staff::interviewer_login(&s, &im, &password);
        for (path, form) in [
            ("/comresume/applyresume", vec![("stageId", "0"), ("stageOppId", "1")]),
            ("/comresume/move", vec![("applyId", entry.as_str()), ("stageId", a_stage.as_str())]),
            ("/comresume/bulkMove", vec![("applyIds", entry.as_str()), ("stageId", a_stage.as_str())]),
            ("/comresume/note", vec![("applyId", entry.as_str()), ("text", "x")]),
            ("/comtalent/addToJob", vec![("id", talent.as_str()), ("jobId", job.as_str())]),
        ] {
            let (_, v) = s.call(&interviewer, path, &form);
            assert_eq!(code(&v), "FORBIDDEN_ROLE", "{path}: {v}");
        }

        // Bad ids.
        for bad in ["", "x", "-1"] {
            let (_, v) = s.call(&a, "/comtalent/addToJob", &[("id", bad), ("jobId", &job)]);
            assert_eq!(code(&v), "BAD_INPUT", "{bad}: {v}");
            let (_, v) = s.call(&a, "/comtalent/addToJob", &[("id", &talent), ("jobId", bad)]);
            assert_eq!(code(&v), "BAD_INPUT", "{bad}: {v}");
        }
    }
}

#[test]
fn a_private_candidate_never_reaches_the_candidate_side_or_the_funnel() {
    for s in servers() {
        let a = staff::company_login(&s);
        let (job, _) = first_job(&s, &a);
        let candidate = s.client();
        login(&s, &candidate);
        let applied_before = ok(&s, &candidate, "/pcuser/applyList", &[("pagesize", "50")]);
        let funnel_before = ok(&s, &a, "/comresume/hiringFunnel", &[]);
        let jobs_funnel_before = ok(&s, &a, "/comresume/funnel", &[]);

        // A private candidate with the demo candidate's own mobile, saved for a job and moved.
        let mut form = multipart::Form::new().text("sections", sections("张伟", common::DEMO_MOBILE).to_string()).text("jobId", job.clone()).text("confirmDuplicate", "1");
        form = form.part("file", multipart::Part::bytes("张伟\n手机 13800000000\n".as_bytes().to_vec()).file_name("张伟.txt"));
        let (status, v) = envelope(a.post(s.url("/ajax/comtalent/save")).multipart(form).send().expect("send"));
        assert_eq!(status, 200, "{v}");
        let talent = v["result"]["id"].to_string();
        let entry = list(&s, &a, "1", &job)["list"].as_array().expect("list").iter().find(|r| r["talentId"].to_string() == talent).expect("card")["applyId"].to_string();
        let hired = stages(&s, &a).iter().find(|st| st["status"] == 6).expect("hired")["id"].to_string();
        ok(&s, &a, "/comresume/move", &[("applyId", &entry), ("stageId", &hired)]);

        assert_eq!(ok(&s, &candidate, "/pcuser/applyList", &[("pagesize", "50")]), applied_before, "the candidate's applications are untouched");
        assert_eq!(ok(&s, &a, "/comresume/hiringFunnel", &[])["steps"], funnel_before["steps"], "the funnel counts applications only");
        assert_eq!(ok(&s, &a, "/comresume/funnel", &[]), jobs_funnel_before);
        // A candidate session reaches none of the calls.
        for path in ["/comtalent/addToJob", "/comresume/applyresume", "/comresume/move"] {
            let (_, v) = s.call(&candidate, path, &[("id", &talent), ("jobId", &job), ("applyId", &entry), ("stageId", &hired)]);
            assert_eq!(code(&v), "NOT_LOGGED_IN", "{path}: {v}");
        }
    }
}
