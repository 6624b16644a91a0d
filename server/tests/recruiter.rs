//! The recruiter site over HTTP, on SQLite and PostgreSQL: company accounts apart from candidates',
//! jobs (rules, states, search), the pipeline and the candidate's status, resume search with
//! blocking and top placement, and two companies that never see each other's rows.

use crate::common;

use crate::common::staff::{company_code, company_login, company_login_into, register_company};
use crate::common::{code, login, servers, servers_with, TestServer, COMPANY_MOBILE, DEMO_PASSWORD};
use reqwest::blocking::Client;
use serde_json::Value;

fn job_form<'a>(title: &'a str, extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut f = vec![
        ("title", title),
        ("category", "前端开发"),
        ("city", "杭州"),
        ("salaryMin", "15000"),
        ("salaryMax", "25000"),
        ("experience", "3-5年"),
        ("education", "本科"),
        ("description", "负责招聘网站前端的开发与维护，和设计、后端一起交付。"),
    ];
    f.extend_from_slice(extra);
    f
}

#[test]
fn company_and_candidate_sessions_never_open_each_others_calls() {
    for s in servers() {
        let company = s.client();
        assert_eq!(s.call(&company, "/pclogin/isComLogin", &[]).1["result"], false);
        let (status, v) = s.call(&company, "/comjob/list", &[]);
        assert_eq!((status, code(&v)), (401, "NOT_LOGGED_IN"));
        let me = company_login_into(&s, &company);
        assert_eq!(me["role"], "owner");
        assert_eq!(s.call(&company, "/pclogin/isComLogin", &[]).1["result"], true);
        // The company's cookie is not a candidate's session.
        assert!(s.call(&company, "/pclogin/islogin", &[]).1["result"].is_null());
        assert_eq!(s.call(&company, "/pcuser/applyList", &[]).0, 401);

        let candidate = s.client();
        login(&s, &candidate);
        assert_eq!(s.call(&candidate, "/pclogin/isComLogin", &[]).1["result"], false);
        assert_eq!(s.call(&candidate, "/comjob/list", &[]).0, 401);
        assert!(s.call(&candidate, "/comlogin/me", &[]).1["result"].is_null());

        let (status, v) = s.call(&s.client(), "/comlogin/login", &[("mobile", COMPANY_MOBILE), ("password", "wrong-pass1")]);
        assert_eq!((status, code(&v)), (400, "LOGIN_FAILED"));

        // Log-out ends the company session at once.
        assert_eq!(s.call(&company, "/comlogin/logout", &[]).0, 200);
        assert_eq!(s.call(&company, "/comjob/list", &[]).0, 401);
        assert_eq!(s.call(&company, "/pclogin/isComLogin", &[]).1["result"], false);
    }
}

#[test]
fn a_posted_job_is_checked_found_in_search_and_closed() {
    for s in servers_with(&[("SEARCH_SYNC_SECS", "1")]) {
        let company = company_login(&s);
        // The rules of core-wasm: required fields, salary order. A black word holds the job for
        // review instead (issue 19; server/tests/admin.rs follows it through the queue).
        let (status, v) = s.call(&company, "/comjob/save", &[("title", "")]);
        assert_eq!((status, code(&v)), (400, "JOB_INVALID"), "{v}");
        let verdict: Value = serde_json::from_str(v["error"]["message"].as_str().expect("verdict")).expect("json");
        assert_eq!(verdict["title"]["key"], "job.v.required");
        let (_, v) = s.call(&company, "/comjob/save", &job_form("前端工程师", &[("salaryMin", "30000")]));
        assert_eq!(code(&v), "JOB_INVALID");
        let (_, v) = s.call(&company, "/tag/getBlackWord", &[]);
        let word = v["result"][0].as_str().map(str::to_string);
        if let Some(word) = word {
            let title = format!("前端{word}");
            let (status, v) = s.call(&company, "/comjob/save", &job_form(&title, &[]));
            assert_eq!(status, 200, "black word {word}: {v}");
            assert_eq!((v["result"]["state"].as_str(), v["result"]["heldWords"].as_str()), (Some("closed"), Some(word.as_str())), "held: {v}");
        }

        let title = format!("招聘网站前端工程师{}", common::tempdir::rand_suffix());
        let (status, v) = s.call(&company, "/comjob/save", &job_form(&title, &[]));
        assert_eq!(status, 200, "{v}");
        let id = v["result"]["id"].as_i64().expect("id").to_string();
        assert_eq!(v["result"]["state"], "open");

        // The search index picks it up (the test servers sync every second).
        let found = (0..40).any(|_| {
            std::thread::sleep(std::time::Duration::from_millis(250));
            let (_, v) = s.call(&s.client(), "/job/search", &[("kw", &title)]);
            v["result"]["list"].as_array().is_some_and(|l| l.iter().any(|j| j["id"].to_string() == id))
        });
        assert!(found, "the new job reaches public search");

        let (_, v) = s.call(&company, "/comjob/list", &[("state", "open")]);
        assert!(v["result"]["list"].as_array().expect("list").iter().any(|j| j["id"].to_string() == id));
        assert_eq!(s.call(&company, "/comjob/close", &[("id", &id)]).1["result"]["state"], "closed");
        let gone = (0..40).any(|_| {
            std::thread::sleep(std::time::Duration::from_millis(250));
            let (_, v) = s.call(&s.client(), "/job/search", &[("kw", &title)]);
            !v["result"]["list"].as_array().is_some_and(|l| l.iter().any(|j| j["id"].to_string() == id))
        });
        assert!(gone, "a closed job leaves public search");
        assert_eq!(s.call(&company, "/comjob/reopen", &[("id", &id)]).1["result"]["state"], "open");

        // Copy makes a draft; refresh is limited per day.
        let (_, v) = s.call(&company, "/comjob/copy", &[("id", &id)]);
        assert_eq!(v["result"]["state"], "draft");
        for left in [2, 1, 0] {
            let (status, v) = s.call(&company, "/comjob/refresh", &[("id", &id)]);
            assert_eq!((status, &v["result"]["refreshesLeft"]), (200, &Value::from(left)), "{v}");
        }
        let (status, v) = s.call(&company, "/comjob/refresh", &[("id", &id)]);
        assert_eq!((status, code(&v)), (429, "REFRESH_LIMIT"));

        // The positions list by state: the counts match each state's list, every row is in the state
        // asked for, and pages do not overlap.
        let draft_id = {
            let (_, v) = s.call(&company, "/comjob/copy", &[("id", &id)]);
            v["result"]["id"].to_string()
        };
        assert_eq!(s.call(&company, "/comjob/close", &[("id", &id)]).1["result"]["state"], "closed");
        let (_, all) = s.call(&company, "/comjob/list", &[("state", ""), ("page", "1"), ("pagesize", "50")]);
        let counts = all["result"]["counts"].clone();
        let mut sum = 0;
        for (state, member) in [("open", None), ("draft", Some(&draft_id)), ("closed", Some(&id))] {
            let (_, v) = s.call(&company, "/comjob/list", &[("state", state), ("page", "1"), ("pagesize", "50")]);
            let total = v["result"]["total"].as_i64().expect("total");
            assert_eq!(Some(total), counts[state].as_i64(), "{state}: {v}");
            let list = v["result"]["list"].as_array().expect("list");
            assert!(list.iter().all(|j| j["state"] == state), "{state}: {v}");
            if let Some(want) = member {
                assert!(list.iter().any(|j| j["id"].to_string() == *want), "{state} lists {want}: {v}");
            }
            sum += total;
        }
        assert_eq!(Some(sum), all["result"]["total"].as_i64(), "{all}");
        assert!(sum >= 3, "{all}");
        let (_, first) = s.call(&company, "/comjob/list", &[("page", "1"), ("pagesize", "1")]);
        let (_, second) = s.call(&company, "/comjob/list", &[("page", "2"), ("pagesize", "1")]);
        assert_eq!(first["result"]["list"][0]["id"], all["result"]["list"][0]["id"], "newest change first");
        assert_eq!(second["result"]["list"][0]["id"], all["result"]["list"][1]["id"]);
    }
}

#[test]
fn an_application_moves_through_stages_and_the_candidate_sees_each_status() {
    for s in servers() {
        let company = company_login(&s);
        let (_, v) = s.call(&company, "/comresume/stages", &[]);
        let stages = v["result"].as_array().expect("stages").clone();
        assert!(stages.len() >= 6, "{v}");
        assert_eq!((stages[0]["name"].as_str(), &stages[0]["status"]), (Some("新投递"), &Value::from(1)));

        // The candidate applies to a new job of the company.
        let title = format!("流水线测试职位{}", common::tempdir::rand_suffix());
        let (_, v) = s.call(&company, "/comjob/save", &job_form(&title, &[]));
        let job = v["result"]["id"].as_i64().expect("id").to_string();
        let candidate = s.client();
        let user = login(&s, &candidate);
        let resume = user["resumeId"].to_string();
        let (status, v) = s.call(&candidate, "/pcjob/apply", &[("jobid", &job), ("resumeId", &resume)]);
        assert_eq!(status, 200, "{v}");

        // It lands in the first stage; the zgzx link's stageId=1&stageOppId=1 lists it too.
        let (_, v) = s.call(&company, "/comresume/applyresume", &[("stageId", "1"), ("stageOppId", "1"), ("page", "1"), ("pagesize", "50")]);
        let list = v["result"]["list"].as_array().expect("list").clone();
        let app = list.iter().find(|a| a["jobId"].to_string() == job).expect("the application in the first stage").clone();
        assert_eq!(app["name"], "张伟");
        let apply_id = app["applyId"].to_string();
        let (_, v) = s.call(&company, "/comresume/applyresume", &[("stageId", &stages[0]["id"].to_string()), ("stageOppId", &job)]);
        assert_eq!(v["result"]["total"], 1);

        let status_of = |c: &Client| -> Value {
            let (_, v) = s.call(c, "/pcuser/applyList", &[("page", "1"), ("pagesize", "50")]);
            v["result"]["list"].as_array().expect("list").iter().find(|a| a["jobId"].to_string() == job).expect("mine")["status"].clone()
        };
        assert_eq!(status_of(&candidate), 1, "delivered");
        let (status, v) = s.call(&company, "/comresume/detail", &[("applyId", &apply_id)]);
        assert_eq!(status, 200, "{v}");
        assert!(v["result"]["resume"]["sections"].is_object(), "the whole resume: {v}");
        assert_eq!(status_of(&candidate), 2, "viewed");
        for (stage, shown) in [(2usize, 3), (3, 4), (5, 5)] {
            let (status, v) = s.call(&company, "/comresume/move", &[("applyId", &apply_id), ("stageId", &stages[stage]["id"].to_string())]);
            assert_eq!(status, 200, "{v}");
            assert_eq!(v["result"]["stageId"], stages[stage]["id"]);
            assert_eq!(status_of(&candidate), shown, "stage {}", stages[stage]["name"]);
        }
        // Each stage's count (kept by triggers in pipeline_counts) is what its list holds after the moves.
        let (_, v) = s.call(&company, "/comresume/stages", &[]);
        let mut counted = 0;
        for stage in v["result"].as_array().expect("stages") {
            let (_, l) = s.call(&company, "/comresume/applyresume", &[("stageId", &stage["id"].to_string()), ("page", "1"), ("pagesize", "50")]);
            let listed = l["result"]["list"].as_array().expect("list").len() as i64;
            assert_eq!((stage["count"].as_i64(), l["result"]["total"].as_i64()), (Some(listed), Some(listed)), "{}: {l}", stage["name"]);
            counted += listed;
            let on_job = l["result"]["list"].as_array().expect("list").iter().filter(|a| a["jobId"].to_string() == job).count();
            assert_eq!(on_job, usize::from(stage["id"] == stages[5]["id"]), "the application is in the stage it moved to: {}", stage["name"]);
        }
        let (_, l) = s.call(&company, "/comresume/applyresume", &[("page", "1"), ("pagesize", "1")]);
        assert_eq!(l["result"]["total"].as_i64(), Some(counted), "all stages: {l}");
        let (_, v) = s.call(&company, "/comresume/note", &[("applyId", &apply_id), ("text", "沟通顺畅，技术扎实")]);
        assert_eq!(v["result"]["text"], "沟通顺畅，技术扎实");
        let (_, v) = s.call(&company, "/comresume/detail", &[("applyId", &apply_id)]);
        assert_eq!(v["result"]["moves"].as_array().map(Vec::len), Some(3), "every move is recorded");
        assert_eq!(v["result"]["notes"][0]["memberName"], "王经理");
        let (status, v) = s.call(&company, "/comresume/move", &[("applyId", &apply_id), ("stageId", "12345678901")]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"));
    }
}

#[test]
fn another_company_never_reads_or_changes_these_rows_and_blocking_holds() {
    for s in servers() {
        let a = company_login(&s);
        let (_, v) = s.call(&a, "/comresume/applyresume", &[("page", "1"), ("pagesize", "50")]);
        let mine = v["result"]["list"].as_array().expect("list").iter().find(|a| a["name"] == "张伟").expect("张伟 applied to A").clone();
        let apply_id = mine["applyId"].to_string();
        let resume_id = mine["resumeId"].to_string();
        let (_, v) = s.call(&a, "/comjob/list", &[]);
        let job_id = v["result"]["list"][0]["id"].to_string();

        let mobile = format!("1370000{:04}", std::process::id() % 10_000);
        let name = format!("测试公司{}", common::tempdir::rand_suffix());
        let b = register_company(&s, &mobile, &name);
        let (_, v) = s.call(&b, "/comresume/stages", &[]);
        let b_stage = v["result"][1]["id"].to_string();
        assert_eq!(code(&s.call(&b, "/comresume/detail", &[("applyId", &apply_id)]).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&b, "/comresume/move", &[("applyId", &apply_id), ("stageId", &b_stage)]).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&b, "/comjob/get", &[("id", &job_id)]).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&b, "/comjob/close", &[("id", &job_id)]).1), "NOT_FOUND");
        let (_, v) = s.call(&b, "/comresume/applyresume", &[("stageOppId", &job_id)]);
        assert_eq!(v["result"]["total"], 0);
        // A stage of A cannot be renamed by B.
        let (_, v) = s.call(&a, "/comresume/stages", &[]);
        let a_stage = v["result"][0]["id"].to_string();
        assert_eq!(code(&s.call(&b, "/comresume/saveStage", &[("id", &a_stage), ("name", "x"), ("status", "1")]).1), "NOT_FOUND");
        // The full name is unique.
        let (_, v) = s.call(&b, "/comcompany/get", &[]);
        assert_eq!(v["result"]["name"], name.as_str());
        let (_, v) = s.call(&a, "/comcompany/get", &[]);
        let a_name = v["result"]["name"].as_str().expect("name").to_string();
        let (status, v) = s.call(&b, "/comcompany/save", &[("name", &a_name)]);
        assert_eq!((status, code(&v)), (400, "COMPANY_NAME_EXISTS"));

        // Resume search: B finds the demo candidate's filled resume until the candidate blocks B.
        let found = |c: &Client| -> bool {
            let (_, v) = s.call(c, "/comresume/search", &[("keyword", "张伟"), ("page", "1"), ("pagesize", "50")]);
            v["result"]["list"].as_array().expect("list").iter().any(|r| r["resumeId"].to_string() == resume_id)
        };
        assert!(found(&b));
        assert_eq!(s.call(&b, "/comresume/resume", &[("resumeId", &resume_id)]).0, 200);
        let candidate = s.client();
        login(&s, &candidate);
        let (_, v) = s.call(&b, "/comlogin/me", &[]);
        let b_id = v["result"]["company"]["id"].to_string();
        // The candidate applies to a job of B first: B's list, its total and its first stage's count hold it.
        let title = format!("屏蔽测试职位{}", common::tempdir::rand_suffix());
        let (_, v) = s.call(&b, "/comjob/save", &job_form(&title, &[]));
        let b_job = v["result"]["id"].as_i64().expect("id").to_string();
        let (status, v) = s.call(&candidate, "/pcjob/apply", &[("jobid", &b_job), ("resumeId", &resume_id)]);
        assert_eq!(status, 200, "{v}");
        let b_list = || {
            let (_, l) = s.call(&b, "/comresume/applyresume", &[("page", "1"), ("pagesize", "50")]);
            let (_, st) = s.call(&b, "/comresume/stages", &[]);
            (l["result"]["total"].as_i64(), l["result"]["list"].as_array().map(Vec::len), st["result"][0]["count"].as_i64())
        };
        assert_eq!(b_list(), (Some(1), Some(1), Some(1)), "B holds the application");
        let (status, v) = s.call(&candidate, "/pcuser/shield", &[("comId", &b_id), ("resumeId", &resume_id)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(b_list(), (Some(0), Some(0), Some(0)), "the blocked candidate's application leaves B's list and counts");
        assert!(!found(&b), "a blocked company never finds the resume");
        assert_eq!(code(&s.call(&b, "/comresume/resume", &[("resumeId", &resume_id)]).1), "NOT_FOUND");
        assert!(found(&a), "other companies still do");
    }
}

#[test]
fn active_top_placement_ranks_first_in_resume_search_and_an_expired_one_does_not() {
    for s in servers() {
        let a = company_login(&s);
        let first = |c: &Client| -> Value {
            let (_, v) = s.call(c, "/comresume/search", &[("page", "1"), ("pagesize", "10")]);
            v["result"]["list"][0].clone()
        };
        // 李娜 (the second demo candidate) buys top placement and pays with the dev provider.
        let candidate = reqwest::blocking::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        let (status, _) = s.call(&candidate, "/pclogin/login", &[("mobile", "13900000001"), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200);
        let before = first(&a);
        let (_, v) = s.call(&candidate, "/order/create", &[("serviceCode", "resume_top_7d")]);
        let pay_url = v["result"]["payUrl"].as_str().expect("payUrl").to_string();
        assert_eq!(candidate.post(s.url(&pay_url)).send().expect("pay").status().as_u16(), 303);
        let top = first(&a);
        assert_eq!((top["name"].as_str(), &top["top"]), (Some("李娜"), &Value::Bool(true)), "{top}");
        // Expired: the order's effect ends; the ranking goes back.
        expire_top_placement(&s);
        let after = first(&a);
        assert_eq!(after["top"], false, "{after}");
        assert_eq!(after["resumeId"], before["resumeId"]);
    }
}

/// Ends every top placement now, straight in the database, as time passing would.
fn expire_top_placement(s: &TestServer) {
    s.sql("UPDATE orders SET effective_until = 1 WHERE service_code = 'resume_top_7d'");
}

#[test]
fn company_registration_checks_the_code_first_and_is_limited_per_client() {
    for s in servers() {
        let client = s.client();
        let register = |mobile: &str| {
            let form = [("mobile", mobile), ("code", "123456"), ("password", "hire2026a"), ("confirmPassword", "hire2026a"), ("companyName", "探测公司")];
            s.call(&client, "/comlogin/register", &form)
        };
        // Without the phone's code, a registered mobile answers exactly as a new one does.
        let (registered, new) = (register(COMPANY_MOBILE), register("13700000099"));
        assert_eq!(registered, new, "a wrong code must not tell whether the mobile has a company account");
        assert_eq!(code(&new.1), "CODE_WRONG");
        for i in 2..20 {
            let (status, v) = register("13700000099");
            assert_eq!((status, code(&v)), (400, "CODE_WRONG"), "try {i} is within the limit");
        }
        let (status, v) = register("13700000099");
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"), "the 21st register in a minute");
    }
}

#[test]
fn a_taken_company_name_is_refused_before_the_code_is_spent() {
    for s in servers() {
        let (client, mobile) = (s.client(), "13700000098");
        let sms = company_code(&s, &client, mobile);
        let demo = company_login(&s);
        let (_, v) = s.call(&demo, "/comcompany/get", &[]);
        let taken = v["result"]["name"].as_str().expect("the demo company's name").to_string();
        let register = |name: &str| {
            let form = [("mobile", mobile), ("code", sms.as_str()), ("password", "hire2026a"), ("confirmPassword", "hire2026a"), ("companyName", name)];
            s.call(&client, "/comlogin/register", &form)
        };
        assert_eq!(code(&register(&taken).1), "COMPANY_NAME_EXISTS");
        let (status, v) = register("名称重试科技有限公司");
        assert_eq!(status, 200, "the same code still registers under another name: {v}");
    }
}

/// Gives the companies `ids` the short name `brand`, straight in the database: the recruiter site
/// keeps short names unique, but seeded and older companies share them as a group (SPEC: a block
/// covers the blocked company's whole group).
fn set_short_names(s: &TestServer, ids: &[i64], brand: &str) {
    let ids = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    // With the key the server compares brands by, as every write of a short name sets it.
    let key = server::db::company::keys("", brand).1;
    s.sql(&format!("UPDATE companies SET short_name = '{brand}', brand_key = '{key}' WHERE id IN ({ids})"));
}

#[test]
fn blocking_one_company_of_a_group_hides_the_candidate_from_the_others_list_total_and_counts() {
    for s in servers() {
        let a = company_login(&s);
        let (_, v) = s.call(&a, "/comresume/applyresume", &[("page", "1"), ("pagesize", "50")]);
        let mine = v["result"]["list"].as_array().expect("list").iter().find(|a| a["name"] == "张伟").expect("张伟 applied to A").clone();
        let resume_id = mine["resumeId"].to_string();
        let b = register_company(&s, "13766660001", &format!("集团甲{}", common::tempdir::rand_suffix()));
        let c = register_company(&s, "13766660002", &format!("集团乙{}", common::tempdir::rand_suffix()));
        let id_of = |client: &Client| {
            let (_, v) = s.call(client, "/comlogin/me", &[]);
            v["result"]["company"]["id"].as_i64().expect("company id")
        };
        let (b_id, c_id) = (id_of(&b), id_of(&c));
        // C posts a job and the demo candidate applies to it.
        let (_, v) = s.call(&c, "/comjob/save", &job_form(&format!("集团职位{}", common::tempdir::rand_suffix()), &[]));
        let c_job = v["result"]["id"].as_i64().expect("id").to_string();
        let candidate = s.client();
        login(&s, &candidate);
        let (status, v) = s.call(&candidate, "/pcjob/apply", &[("jobid", &c_job), ("resumeId", &resume_id)]);
        assert_eq!(status, 200, "{v}");
        let c_list = || {
            let (_, l) = s.call(&c, "/comresume/applyresume", &[("page", "1"), ("pagesize", "50")]);
            let (_, j) = s.call(&c, "/comresume/applyresume", &[("stageOppId", &c_job), ("page", "1"), ("pagesize", "50")]);
            let (_, st) = s.call(&c, "/comresume/stages", &[]);
            (l["result"]["total"].as_i64(), l["result"]["list"].as_array().map(Vec::len), j["result"]["total"].as_i64(), st["result"][0]["count"].as_i64())
        };
        assert_eq!(c_list(), (Some(1), Some(1), Some(1), Some(1)), "C holds the application");
        // The candidate blocks B. Apart, B and C are strangers: C still sees the application.
        let (status, v) = s.call(&candidate, "/pcuser/shield", &[("comId", &b_id.to_string()), ("resumeId", &resume_id)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(c_list(), (Some(1), Some(1), Some(1), Some(1)), "a block of B alone leaves C's list as it was");
        // A blank short name makes no group.
        set_short_names(&s, &[b_id, c_id], "  ");
        assert_eq!(c_list(), (Some(1), Some(1), Some(1), Some(1)), "blank short names are no group");
        // One brand: B's block covers C, its list, its job's list and its stage's count.
        set_short_names(&s, &[b_id, c_id], &format!("同组{}", common::tempdir::rand_suffix()));
        assert_eq!(c_list(), (Some(0), Some(0), Some(0), Some(0)), "the group's block hides the application from C");
    }
}
