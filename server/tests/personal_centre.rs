//! The personal centre's calls over HTTP: tags, applications, saved jobs, blocking.

use crate::common::{code, login, servers, TestServer, DEMO_PASSWORD};
use reqwest::blocking::Client;
use serde_json::Value;

const SECOND: &str = "13900000001";

fn login_as(s: &TestServer, client: &Client, mobile: &str) -> Value {
    let (status, v) = s.call(client, "/pclogin/login", &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
    assert_eq!(status, 200, "{v}");
    v["result"].clone()
}

fn result(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, v) = s.call(client, path, form);
    assert_eq!(status, 200, "{} {path}: {v}", s.engine);
    v["result"].clone()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().expect("array").iter().map(|x| x.as_str().expect("string").to_string()).collect()
}

#[test]
fn every_personal_centre_call_needs_a_session() {
    for s in servers() {
        let client = s.client();
        for path in [
            "/tag/getUserTags", "/tag/addTags", "/tag/getSimilar", "/pcuser/applyList", "/pcuser/saveList",
            "/pcuser/saveJob", "/pcuser/unsaveJob", "/pcuser/cleanSaveJob", "/pcuser/shield", "/pcuser/unshield",
            "/pcuser/shieldList", "/pcuser/shieldSearch", "/pcjob/apply", "/pcjob/setNoUpdateTimeTip",
        ] {
            let (status, v) = s.call(&client, path, &[]);
            assert_eq!((status, code(&v)), (401, "NOT_LOGGED_IN"), "{path}");
        }
    }
}

#[test]
fn tags_are_saved_checked_and_suggested() {
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        assert_eq!(strings(&result(&s, &client, "/tag/getUserTags", &[])), ["Java", "后端", "微服务"]);

        let saved = result(&s, &client, "/tag/addTags", &[("tags", r#"["前端"," React ","react","产品经理"]"#)]);
        assert_eq!(strings(&saved), ["前端", "React", "产品经理"]);
        assert_eq!(strings(&result(&s, &client, "/tag/getUserTags", &[])), ["前端", "React", "产品经理"]);

        // Limits: 30 per tag, 200 in all; a refused save changes nothing.
        let long = "长".repeat(31);
        let (status, v) = s.call(&client, "/tag/addTags", &[("tags", &long)]);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"));
        assert!(v["error"]["message"].as_str().unwrap_or("").starts_with("tags.tooLong"));
        let edge = "长".repeat(30);
        assert_eq!(strings(&result(&s, &client, "/tag/addTags", &[("tags", &edge)])), [edge.clone()]);
        let many: Vec<String> = (0..21).map(|i| format!("技能标签{i:02}abcd")).collect(); // 10 chars each
        let (_, v) = s.call(&client, "/tag/addTags", &[("tags", &many.join(","))]);
        assert_eq!(v["error"]["message"], "tags.totalTooLong");
        assert_eq!(strings(&result(&s, &client, "/tag/getUserTags", &[])), [edge]);

        let black = strings(&result(&s, &client, "/tag/getBlackWord", &[]));
        assert!(black.contains(&"赌博".to_string()), "{black:?}");
        let (_, v) = s.call(&client, "/tag/addTags", &[("tags", "Java,线上赌博")]);
        assert!(v["error"]["message"].as_str().unwrap_or("").starts_with("tags.blackWord"), "{v}");

        let similar = strings(&result(&s, &client, "/tag/getSimilar", &[("tags", "Java")]));
        assert!(!similar.is_empty());
        assert!(!similar.iter().any(|t| t.eq_ignore_ascii_case("java")), "the tag itself is not suggested");
        assert!(similar.contains(&"Spring".to_string()), "co-occurs with Java in a job: {similar:?}");
        let similar_fe = strings(&result(&s, &client, "/tag/getSimilar", &[("tags", "前端")]));
        assert!(similar_fe.contains(&"React".to_string()), "{similar_fe:?}");
        assert!(strings(&result(&s, &client, "/tag/getSimilar", &[("tags", "")])).is_empty());
    }
}

#[test]
fn application_records_page_through_and_apply_once() {
    for s in servers() {
        let client = s.client();
        let user = login(&s, &client);
        let resume_id = user["resumeId"].as_i64().expect("resumeId").to_string();

        let first = result(&s, &client, "/pcuser/applyList", &[("page", "1"), ("pagesize", "2")]);
        assert_eq!(first["total"], 5);
        assert_eq!(first["list"].as_array().map(Vec::len), Some(2));
        assert_eq!(first["updateTip"], true, "the demo resume is 40 days old");
        let last = result(&s, &client, "/pcuser/applyList", &[("page", "3"), ("pagesize", "2")]);
        assert_eq!(last["list"].as_array().map(Vec::len), Some(1));
        let beyond = result(&s, &client, "/pcuser/applyList", &[("page", "4"), ("pagesize", "2")]);
        assert_eq!(beyond["list"].as_array().map(Vec::len), Some(0));
        let all = result(&s, &client, "/pcuser/applyList", &[("page", "1"), ("pagesize", "50")]);
        let mut statuses: Vec<i64> = all["list"].as_array().unwrap().iter().map(|a| a["status"].as_i64().unwrap()).collect();
        statuses.sort();
        assert_eq!(statuses, [1, 2, 3, 4, 5], "each status appears in the demo data");
        let item = &all["list"][0];
        for field in ["jobTitle", "companyName", "city", "salaryMin", "salaryMax", "appliedAt", "resumeTitle", "status"] {
            assert!(item.get(field).is_some(), "{field}");
        }
        for bad in [("0", "10"), ("1", "51"), ("x", "10")] {
            let (status, v) = s.call(&client, "/pcuser/applyList", &[("page", bad.0), ("pagesize", bad.1)]);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{bad:?}");
        }

        // Apply for a saved, open job: once.
        let saved = result(&s, &client, "/pcuser/saveList", &[("page", "1"), ("pagesize", "50")]);
        let open = saved["list"].as_array().unwrap().iter().find(|j| j["closed"] == false && j["applied"] == false).unwrap();
        let job = open["jobId"].as_i64().unwrap().to_string();
        let applied = result(&s, &client, "/pcjob/apply", &[("jobid", &job), ("resumeId", &resume_id)]);
        assert!(applied["id"].as_i64().unwrap() > 0);
        let (_, v) = s.call(&client, "/pcjob/apply", &[("jobid", &job), ("resumeId", &resume_id)]);
        assert_eq!(code(&v), "ALREADY_APPLIED");
        assert_eq!(result(&s, &client, "/pcuser/applyList", &[])["total"], 6);
        let again = result(&s, &client, "/pcuser/saveList", &[("page", "1"), ("pagesize", "50")]);
        assert!(again["list"].as_array().unwrap().iter().any(|j| j["jobId"].as_i64().unwrap().to_string() == job && j["applied"] == true));

        // A closed job cannot be applied for.
        let closed = saved["list"].as_array().unwrap().iter().find(|j| j["closed"] == true).expect("a closed saved job");
        let (_, v) = s.call(&client, "/pcjob/apply", &[("jobid", &closed["jobId"].as_i64().unwrap().to_string()), ("resumeId", &resume_id)]);
        assert_eq!(code(&v), "JOB_CLOSED");

        // Dismissing the tip.
        result(&s, &client, "/pcjob/setNoUpdateTimeTip", &[]);
        assert_eq!(result(&s, &client, "/pcuser/applyList", &[])["updateTip"], false);

        // Another candidate cannot apply with this resume.
        let other = s.client();
        login_as(&s, &other, SECOND);
        let (_, v) = s.call(&other, "/pcjob/apply", &[("jobid", &job), ("resumeId", &resume_id)]);
        assert_eq!(code(&v), "NOT_FOUND");
        assert_eq!(result(&s, &other, "/pcuser/applyList", &[])["total"], 0, "nothing of the first user leaks");
    }
}

#[test]
fn saved_jobs_unsave_and_clear() {
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        let list = result(&s, &client, "/pcuser/saveList", &[("page", "1"), ("pagesize", "10")]);
        assert_eq!(list["total"], 4);
        let closed: Vec<&Value> = list["list"].as_array().unwrap().iter().filter(|j| j["closed"] == true).collect();
        assert_eq!(closed.len(), 1, "a job closed since stays listed, marked closed");
        let first = list["list"][0]["jobId"].as_i64().unwrap().to_string();

        result(&s, &client, "/pcuser/unsaveJob", &[("jobid", &first)]);
        assert_eq!(result(&s, &client, "/pcuser/saveList", &[])["total"], 3);
        let (_, v) = s.call(&client, "/pcuser/unsaveJob", &[("jobid", &first)]);
        assert_eq!(code(&v), "NOT_FOUND", "already removed");
        let (_, v) = s.call(&client, "/pcuser/unsaveJob", &[("jobid", "abc")]);
        assert_eq!(code(&v), "BAD_INPUT");

        result(&s, &client, "/pcuser/saveJob", &[("jobid", &first)]);
        result(&s, &client, "/pcuser/saveJob", &[("jobid", &first)]);
        assert_eq!(result(&s, &client, "/pcuser/saveList", &[])["total"], 4, "saving twice keeps one");
        let (_, v) = s.call(&client, "/pcuser/saveJob", &[("jobid", "999999999")]);
        assert_eq!(code(&v), "NOT_FOUND");

        // Another user's unsave touches only their own list.
        let other = s.client();
        login_as(&s, &other, SECOND);
        let (_, v) = s.call(&other, "/pcuser/unsaveJob", &[("jobid", &first)]);
        assert_eq!(code(&v), "NOT_FOUND");
        assert_eq!(result(&s, &other, "/pcuser/cleanSaveJob", &[]), 0);
        assert_eq!(result(&s, &client, "/pcuser/saveList", &[])["total"], 4);

        assert_eq!(result(&s, &client, "/pcuser/cleanSaveJob", &[]), 4);
        assert_eq!(result(&s, &client, "/pcuser/saveList", &[])["total"], 0);
    }
}

#[test]
fn companies_are_found_by_partial_names_blocked_and_unblocked() {
    for s in servers() {
        let client = s.client();
        let user = login(&s, &client);
        let resume_id = user["resumeId"].as_i64().unwrap().to_string();

        let found = result(&s, &client, "/pcuser/shieldSearch", &[("comname", "腾讯")]);
        let names: Vec<&str> = found.as_array().unwrap().iter().map(|c| c["comname"].as_str().unwrap()).collect();
        assert!(names.contains(&"深圳市腾讯计算机系统有限公司"), "{names:?}");
        let tencent = found.as_array().unwrap().iter().find(|c| c["comname"] == "深圳市腾讯计算机系统有限公司").unwrap();
        assert_eq!(tencent["shielded"], false);
        let com_id = tencent["comId"].as_i64().unwrap().to_string();
        assert_eq!(result(&s, &client, "/pcuser/shieldSearch", &[("comname", "%")]).as_array().map(Vec::len), Some(0), "LIKE wildcards are literal");
        let (_, v) = s.call(&client, "/pcuser/shieldSearch", &[("comname", " ")]);
        assert_eq!(code(&v), "BAD_INPUT");

        result(&s, &client, "/pcuser/shield", &[("comId", &com_id), ("resumeId", &resume_id)]);
        let list = result(&s, &client, "/pcuser/shieldList", &[]);
        assert_eq!(list.as_array().map(Vec::len), Some(1));
        assert_eq!(list[0]["comname"], "深圳市腾讯计算机系统有限公司");
        let found = result(&s, &client, "/pcuser/shieldSearch", &[("comname", "腾讯计算机")]);
        assert_eq!(found[0]["shielded"], true);

        // Another candidate can neither block with, nor unblock, this resume.
        let other = s.client();
        login_as(&s, &other, SECOND);
        let (_, v) = s.call(&other, "/pcuser/unshield", &[("comId", &com_id), ("resumeId", &resume_id)]);
        assert_eq!(code(&v), "NOT_FOUND");
        let (_, v) = s.call(&other, "/pcuser/shield", &[("comId", &com_id), ("resumeId", &resume_id)]);
        assert_eq!(code(&v), "NOT_FOUND");
        assert_eq!(result(&s, &other, "/pcuser/shieldList", &[]).as_array().map(Vec::len), Some(0));
        assert_eq!(result(&s, &client, "/pcuser/shieldList", &[]).as_array().map(Vec::len), Some(1));

        let (_, v) = s.call(&client, "/pcuser/shield", &[("comId", "123"), ("resumeId", &resume_id)]);
        assert_eq!(code(&v), "NOT_FOUND", "no such company");

        result(&s, &client, "/pcuser/unshield", &[("comId", &com_id), ("resumeId", &resume_id)]);
        assert_eq!(result(&s, &client, "/pcuser/shieldList", &[]).as_array().map(Vec::len), Some(0));
    }
}
