//! Assessments over HTTP, on SQLite and PostgreSQL (issue 16): the name unique within a company
//! ("assessment name exists"), core-wasm's rules re-checked, answers saved one at a time and read
//! back after a lost connection, choices scored by the server, text scored by the company, the
//! time limit enforced by the server, the score on the pipeline card, and another company or
//! another candidate never reaching any of it.

use crate::common;

use crate::common::staff::{company_login, register_company};
use crate::common::{code, login, servers, TestServer, DEMO_PASSWORD};
use reqwest::blocking::Client;
use serde_json::{json, Value};

fn questions() -> String {
    json!([
        {"kind": "single", "text": "HTTP 404 的含义？", "options": ["服务器错误", "未找到"], "correct": [1], "score": 10},
        {"kind": "multi", "text": "哪些是 React 的 hook？", "options": ["useState", "useEffect", "fetch"], "correct": [0, 1], "score": 20},
        {"kind": "text", "text": "谈谈你对可访问性的理解", "options": [], "correct": [], "score": 30}
    ])
    .to_string()
}

/// A new job of the company and the demo candidate's application to it: (apply id, candidate).
fn application(s: &TestServer, company: &Client) -> (String, Client) {
    let title = format!("测评职位{}", common::tempdir::rand_suffix());
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
    let job = v["result"]["id"].to_string();
    let candidate = s.client();
    let user = login(s, &candidate);
    let (status, v) = s.call(&candidate, "/pcjob/apply", &[("jobid", &job), ("resumeId", &user["resumeId"].to_string())]);
    assert_eq!(status, 200, "{v}");
    let (_, v) = s.call(company, "/comresume/applyresume", &[("stageId", "0"), ("stageOppId", &job)]);
    let apply = v["result"]["list"][0]["applyId"].to_string();
    assert_ne!(apply, "null", "{v}");
    (apply, candidate)
}

#[test]
fn names_are_unique_within_a_company_and_the_rules_are_rechecked() {
    for s in servers() {
        let company = company_login(&s);
        let name = format!("前端笔试{}", common::tempdir::rand_suffix());
        let (status, v) = s.call(&company, "/comassessment/save", &[("name", &name), ("timeLimit", "30"), ("questions", &questions())]);
        assert_eq!(status, 200, "{v}");
        let id = v["result"]["id"].to_string();
        assert_eq!(v["result"]["questions"].as_array().map(Vec::len), Some(3));

        // The same name again: "assessment name exists", with or without spaces around it.
        let (status, v) = s.call(&company, "/comassessment/save", &[("name", &format!(" {name} ")), ("questions", &questions())]);
        assert_eq!((status, code(&v)), (400, "ASSESSMENT_NAME_EXISTS"), "{v}");
        assert_eq!(v["error"]["message"], "assessment name exists");
        // Saving the assessment itself under its own name is no clash.
        let (status, v) = s.call(&company, "/comassessment/save", &[("id", &id), ("name", &name), ("timeLimit", "10"), ("questions", &questions())]);
        assert_eq!((status, &v["result"]["timeLimit"]), (200, &Value::from(10)), "{v}");
        let (_, v) = s.call(&company, "/comassessment/list", &[]);
        let mine: Vec<&Value> = v["result"].as_array().expect("list").iter().filter(|a| a["name"] == name.as_str()).collect();
        assert_eq!((mine.len(), &mine[0]["maxScore"]), (1, &Value::from(60)), "{v}");

        // core-wasm's verdict comes back as FIELDS_INVALID.
        let bad = json!([{"kind": "single", "text": "?", "options": ["a", "b"], "correct": [0, 1], "score": 5}]).to_string();
        let (status, v) = s.call(&company, "/comassessment/save", &[("name", "坏题"), ("questions", &bad)]);
        assert_eq!((status, code(&v)), (400, "FIELDS_INVALID"), "{v}");
        let verdict: Value = serde_json::from_str(v["error"]["message"].as_str().expect("verdict")).expect("json");
        assert_eq!(verdict["q0.correct"]["key"], "assessment.v.correctSingle");
        let (_, v) = s.call(&company, "/comassessment/save", &[("name", "无题"), ("questions", "[]")]);
        assert_eq!(code(&v), "FIELDS_INVALID");
        let (_, v) = s.call(&company, "/comassessment/save", &[("name", "无题"), ("questions", "not json")]);
        assert_eq!(code(&v), "BAD_INPUT");

        // Another company may use the same name, and sees none of the first one's.
        let other = register_company(&s, "13755550001", &format!("别家公司{}", common::tempdir::rand_suffix()));
        let (status, v) = s.call(&other, "/comassessment/save", &[("name", &name), ("questions", &questions())]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&other, "/comassessment/list", &[]);
        assert_eq!(v["result"].as_array().map(Vec::len), Some(1), "{v}");
        let (status, v) = s.call(&other, "/comassessment/get", &[("id", &id)]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"));
        let (_, v) = s.call(&other, "/comassessment/save", &[("id", &id), ("name", "改名"), ("questions", &questions())]);
        assert_eq!(code(&v), "NOT_FOUND");
        let (_, v) = s.call(&company, "/comassessment/get", &[("id", &id)]);
        assert_eq!(v["result"]["name"], name.as_str(), "unchanged by the other company");
        // A candidate's session opens none of it.
        let candidate = s.client();
        login(&s, &candidate);
        assert_eq!(s.call(&candidate, "/comassessment/list", &[]).0, 401);
    }
}

#[test]
fn a_candidate_answers_as_they_go_and_is_scored() {
    for s in servers() {
        let company = company_login(&s);
        let name = format!("综合测评{}", common::tempdir::rand_suffix());
        let (_, v) = s.call(&company, "/comassessment/save", &[("name", &name), ("timeLimit", "30"), ("questions", &questions())]);
        let assessment = v["result"]["id"].to_string();
        let (apply, candidate) = application(&s, &company);
        // Sent from the third stage (not where an application lands): the send records that stage.
        let (_, v) = s.call(&company, "/comresume/stages", &[]);
        let third = v["result"][2]["id"].to_string();
        assert_eq!(s.call(&company, "/comresume/move", &[("applyId", &apply), ("stageId", &third)]).0, 200);

        let (status, v) = s.call(&company, "/comassessment/send", &[("applyId", &apply), ("assessmentId", &assessment)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["state"], "sent");
        assert_eq!(v["result"]["stageId"].to_string(), third, "{v}");
        let (_, v) = s.call(&company, "/comassessment/send", &[("applyId", &apply), ("assessmentId", &assessment)]);
        assert_eq!(code(&v), "ASSESSMENT_ALREADY_SENT");

        // The candidate sees it; the paper holds no right answers.
        let (_, v) = s.call(&candidate, "/pcassessment/list", &[]);
        let send = v["result"].as_array().expect("list").iter().find(|a| a["name"] == name.as_str()).expect("sent to me").clone();
        let id = send["id"].to_string();
        assert_eq!(send["state"], "sent");
        let (_, v) = s.call(&candidate, "/pcassessment/answer", &[("id", &id), ("question", "0"), ("answer", "1")]);
        assert_eq!(code(&v), "BAD_INPUT", "not started: {v}");
        let (status, v) = s.call(&candidate, "/pcassessment/start", &[("id", &id)]);
        assert_eq!(status, 200, "{v}");
        assert!(v["result"]["questions"][0].get("correct").is_none(), "{v}");
        let deadline = v["result"]["deadlineAt"].as_i64().expect("deadline");
        let now = v["result"]["now"].as_i64().expect("now");
        assert!((deadline - now - 30 * 60_000).abs() < 5_000, "30 minutes: {v}");

        // One answer at a time; a later one replaces an earlier one.
        for (q, a) in [("0", "0"), ("0", "1"), ("1", "1,0"), ("2", "可访问性让所有人都能使用网站。")] {
            let (status, v) = s.call(&candidate, "/pcassessment/answer", &[("id", &id), ("question", q), ("answer", a)]);
            assert_eq!(status, 200, "{v}");
        }
        let (_, v) = s.call(&candidate, "/pcassessment/answer", &[("id", &id), ("question", "0"), ("answer", "5")]);
        assert_eq!((code(&v), v["error"]["message"].as_str()), ("BAD_INPUT", Some("assessment.v.answerChoice")));
        let (_, v) = s.call(&candidate, "/pcassessment/answer", &[("id", &id), ("question", "9"), ("answer", "1")]);
        assert_eq!(code(&v), "BAD_INPUT");

        // A lost connection loses nothing: a new session reads every saved answer back, and the clock did not restart.
        let again = s.client();
        login(&s, &again);
        let (_, v) = s.call(&again, "/pcassessment/start", &[("id", &id)]);
        let answers = v["result"]["answers"].as_array().expect("answers").clone();
        let got: Vec<(i64, &str)> = answers.iter().map(|a| (a["question"].as_i64().unwrap_or(-1), a["answer"].as_str().unwrap_or(""))).collect();
        assert_eq!(got, vec![(0, "1"), (1, "1,0"), (2, "可访问性让所有人都能使用网站。")]);
        assert_eq!(v["result"]["deadlineAt"].as_i64(), Some(deadline));
        assert!(answers.iter().all(|a| a["score"].is_null()), "no scores while answering: {v}");

        // Another candidate, or another company, reaches none of it.
        let stranger = s.client();
        let (status, v) = s.call(&stranger, "/pclogin/login", &[("mobile", "13900000001"), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&stranger, "/pcassessment/list", &[]);
        assert!(!v["result"].as_array().expect("list").iter().any(|a| a["id"].to_string() == id), "{v}");
        for (path, form) in [
            ("/pcassessment/start", vec![("id", id.as_str())]),
            ("/pcassessment/answer", vec![("id", id.as_str()), ("question", "0"), ("answer", "0")]),
            ("/pcassessment/submit", vec![("id", id.as_str())]),
        ] {
            let (status, v) = s.call(&stranger, path, &form);
            assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{path}: {v}");
        }
        let other = register_company(&s, "13755550002", &format!("第三家公司{}", common::tempdir::rand_suffix()));
        for (path, form) in [
            ("/comassessment/results", vec![("applyId", apply.as_str())]),
            ("/comassessment/send", vec![("applyId", apply.as_str()), ("assessmentId", assessment.as_str())]),
            ("/comassessment/grade", vec![("sendId", id.as_str()), ("question", "2"), ("score", "30")]),
        ] {
            let (status, v) = s.call(&other, path, &form);
            assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{path}: {v}");
        }

        // Handing in: choices scored by the server (10 + 20), the text awaits the company.
        let (status, v) = s.call(&candidate, "/pcassessment/submit", &[("id", &id)]);
        assert_eq!((status, &v["result"]["state"]), (200, &Value::from("submitted")), "{v}");
        assert!(v["result"]["score"].is_null(), "the text is not scored yet: {v}");
        let (_, v) = s.call(&candidate, "/pcassessment/answer", &[("id", &id), ("question", "0"), ("answer", "0")]);
        assert_eq!(code(&v), "ASSESSMENT_SUBMITTED");

        let (_, v) = s.call(&company, "/comassessment/results", &[("applyId", &apply)]);
        let result = v["result"][0].clone();
        assert_eq!((&result["score"], &result["maxScore"], &result["pending"]), (&Value::from(30), &Value::from(60), &Value::from(true)), "{v}");
        assert_eq!(result["questions"][1]["correct"], json!([0, 1]));
        let card = |c: &Client| -> Value {
            let (_, v) = s.call(c, "/comresume/detail", &[("applyId", &apply)]);
            v["result"]["application"]["assessment"].clone()
        };
        assert_eq!(card(&company), json!({"score": 30, "maxScore": 60, "pending": true}));

        // The company scores the text: within the question's score only, and never a choice.
        let (_, v) = s.call(&company, "/comassessment/grade", &[("sendId", &id), ("question", "2"), ("score", "31")]);
        assert_eq!(code(&v), "BAD_INPUT");
        let (_, v) = s.call(&company, "/comassessment/grade", &[("sendId", &id), ("question", "0"), ("score", "0")]);
        assert_eq!(code(&v), "BAD_INPUT");
        let (status, v) = s.call(&company, "/comassessment/grade", &[("sendId", &id), ("question", "2"), ("score", "25")]);
        assert_eq!((status, &v["result"]["score"], &v["result"]["pending"]), (200, &Value::from(55), &Value::from(false)), "{v}");
        assert_eq!(card(&company), json!({"score": 55, "maxScore": 60, "pending": false}));
        let (_, v) = s.call(&company, "/comresume/applyresume", &[("stageId", "0"), ("stageOppId", "1"), ("pagesize", "50")]);
        let listed = v["result"]["list"].as_array().expect("list").iter().find(|a| a["applyId"].to_string() == apply).expect("card").clone();
        assert_eq!(listed["assessment"]["score"], 55, "the score on the pipeline card");
        let (_, v) = s.call(&candidate, "/pcassessment/start", &[("id", &id)]);
        assert_eq!((&v["result"]["score"], &v["result"]["maxScore"]), (&Value::from(55), &Value::from(60)));
    }
}

#[test]
fn the_server_enforces_the_time_limit() {
    for s in servers() {
        let company = company_login(&s);
        let name = format!("限时测评{}", common::tempdir::rand_suffix());
        let (_, v) = s.call(&company, "/comassessment/save", &[("name", &name), ("timeLimit", "1"), ("questions", &questions())]);
        let assessment = v["result"]["id"].to_string();
        let (apply, candidate) = application(&s, &company);
        let (_, v) = s.call(&company, "/comassessment/send", &[("applyId", &apply), ("assessmentId", &assessment)]);
        let id = v["result"]["id"].to_string();
        let (_, v) = s.call(&candidate, "/pcassessment/start", &[("id", &id)]);
        assert_eq!(v["result"]["state"], "started");
        let (status, _) = s.call(&candidate, "/pcassessment/answer", &[("id", &id), ("question", "0"), ("answer", "1")]);
        assert_eq!(status, 200);

        // The minute passes (the deadline moved back, as the clock would have it).
        s.sql(&format!("UPDATE assessment_sends SET started_at = started_at - 120000, deadline_at = deadline_at - 120000 WHERE id = {id}"));
        let (status, v) = s.call(&candidate, "/pcassessment/answer", &[("id", &id), ("question", "1"), ("answer", "0,1")]);
        assert_eq!((status, code(&v)), (400, "ASSESSMENT_TIME_UP"), "{v}");
        let (_, v) = s.call(&candidate, "/pcassessment/start", &[("id", &id)]);
        assert_eq!(v["result"]["state"], "timeUp");
        assert_eq!(v["result"]["answers"].as_array().map(Vec::len), Some(1), "only the answer given in time");
        let (_, v) = s.call(&candidate, "/pcassessment/list", &[]);
        assert!(v["result"].as_array().expect("list").iter().any(|a| a["id"].to_string() == id && a["state"] == "timeUp"));
        let (_, v) = s.call(&company, "/comassessment/results", &[("applyId", &apply)]);
        assert_eq!((&v["result"][0]["state"], &v["result"][0]["score"], &v["result"][0]["pending"]), (&Value::from("timeUp"), &Value::from(10), &Value::from(false)), "{v}");
        // Handing in late records the deadline as the time handed in.
        let (_, v) = s.call(&candidate, "/pcassessment/submit", &[("id", &id)]);
        assert_eq!(v["result"]["state"], "submitted");
        let (_, v) = s.call(&company, "/comassessment/results", &[("applyId", &apply)]);
        assert_eq!(v["result"][0]["submittedAt"], v["result"][0]["deadlineAt"]);
    }
}
