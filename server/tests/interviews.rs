//! Interviewers and interview invitations over HTTP, on SQLite and PostgreSQL: uniqueness messages,
//! the interviewer role seeing only its own interviews, removal ending sessions, overlap edge cases
//! (touching, cancelled, editing itself), the required prompts, the invitation's notices (mail with
//! an .ics in the dev outbox, SMS, reminders, reschedule, cancellation), the candidate's answer, and
//! another company never reaching any of it.

use crate::common;

use crate::common::staff::{accept_invitation, company_login, interviewer_login, register_company};
use crate::common::{code, servers, set_email, tempdir, TestServer, COMPANY_MOBILE, DEMO_PASSWORD};
use reqwest::blocking::Client;
use serde_json::Value;

const SECOND_MOBILE: &str = "13900000001";

fn login_as(s: &TestServer, path: &str, mobile: &str, password: &str) -> Client {
    let client = s.client();
    let (status, v) = s.call(&client, path, &[("mobile", mobile), ("password", password)]);
    assert_eq!(status, 200, "{mobile}: {v}");
    client
}

/// A new job of the demo company and an application to it by the candidate `mobile`.
fn application(s: &TestServer, company: &Client, mobile: &str) -> (String, Client) {
    let (apply, _, candidate) = application_on_job(s, company, mobile);
    (apply, candidate)
}

/// `application`, with the new job's id: (applyId, jobId, the candidate's client).
fn application_on_job(s: &TestServer, company: &Client, mobile: &str) -> (String, String, Client) {
    let title = format!("面试测试职位{}", tempdir::rand_suffix());
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
    let (status, v) = s.call(&candidate, "/pclogin/login", &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
    assert_eq!(status, 200, "{v}");
    let resume = v["result"]["resumeId"].to_string();
    let (status, v) = s.call(&candidate, "/pcjob/apply", &[("jobid", &job), ("resumeId", &resume)]);
    assert_eq!(status, 200, "{v}");
    let (_, v) = s.call(company, "/comresume/applyresume", &[("stageOppId", &job), ("page", "1"), ("pagesize", "50")]);
    (v["result"]["list"][0]["applyId"].to_string(), job, candidate)
}

fn add_interviewer(s: &TestServer, company: &Client, name: &str, mobile: &str, email: &str) -> (String, String) {
    let (status, v) = s.call(company, "/cominterviewer/save", &[("name", name), ("mobile", mobile), ("email", email)]);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["result"]["invited"], true, "{v}");
    (v["result"]["id"].to_string(), accept_invitation(s, mobile))
}

/// A day far enough ahead that the reminders are in the future, unique per run.
fn day() -> String {
    let n = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    format!("2030-{:02}-{:02}", (n % 12) + 1, ((n / 12) % 28) + 1)
}

fn interview<'a>(apply: &'a str, start: &'a str, minutes: &'a str, interviewers: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("applyId", apply),
        ("start", start),
        ("minutes", minutes),
        ("contact", "王丽"),
        ("contactPhone", "13800138000"),
        ("address", "杭州市西湖区文三路 478 号 12 楼"),
        ("interviewers", interviewers),
    ]
}

fn save(s: &TestServer, c: &Client, form: &[(&str, &str)]) -> (u16, Value) {
    s.call(c, "/cominterview/save", form)
}

#[test]
fn interviewers_are_unique_in_the_company_see_only_their_interviews_and_lose_their_sessions_when_removed() {
    for s in servers() {
        let company = company_login(&s);
        let suffix = format!("{:04}", std::process::id() % 10_000);
        let (m1, m2) = (format!("1360000{suffix}"), format!("1360001{suffix}"));
        let (a, a_password) = add_interviewer(&s, &company, "李强", &m1, &format!("li{suffix}@example.com"));
        let (b, _) = add_interviewer(&s, &company, "陈静", &m2, &format!("chen{suffix}@example.com"));

        // SPEC §8: phone or email duplicates an existing one.
        let (status, v) = s.call(&company, "/cominterviewer/save", &[("name", "重复"), ("mobile", &m1), ("email", "other@example.com")]);
        assert_eq!((status, code(&v)), (400, "INTERVIEWER_MOBILE_EXISTS"), "{v}");
        assert_eq!(v["error"]["message"], "an interviewer with this phone exists", "{v}");
        let (_, v) = s.call(&company, "/cominterviewer/save", &[("name", "重复"), ("mobile", "13600009999"), ("email", &format!("LI{suffix}@example.com"))]);
        assert_eq!(code(&v), "INTERVIEWER_EMAIL_EXISTS", "{v}");
        assert_eq!(v["error"]["message"], "an interviewer with this email exists", "{v}");
        let (_, v) = s.call(&company, "/cominterviewer/save", &[("name", "老板"), ("mobile", COMPANY_MOBILE), ("email", "boss@example.com")]);
        assert_eq!(code(&v), "INTERVIEWER_MOBILE_EXISTS", "the owner's mobile is in the company: {v}");
        let (_, v) = s.call(&company, "/cominterviewer/save", &[("id", &b), ("name", "陈静"), ("mobile", &m1), ("email", "x@example.com")]);
        assert_eq!(code(&v), "INTERVIEWER_MOBILE_EXISTS", "editing into another's mobile: {v}");
        let (_, v) = s.call(&company, "/cominterviewer/save", &[("name", ""), ("mobile", "123"), ("email", "x")]);
        assert_eq!(code(&v), "FIELDS_INVALID");
        let (_, v) = s.call(&company, "/cominterviewer/list", &[]);
        assert_eq!(v["result"]["list"].as_array().expect("list").iter().filter(|i| i["mobile"] == m1.as_str()).count(), 1);

        // Two interviews; A is on the first only.
        let (apply, job, _) = application_on_job(&s, &company, common::DEMO_MOBILE);
        let (apply2, _) = application(&s, &company, SECOND_MOBILE);
        let d = day();
        let (s1, s2) = (format!("{d} 10:00"), format!("{d} 14:00"));
        let (status, v) = save(&s, &company, &interview(&apply, &s1, "60", &a));
        assert_eq!(status, 200, "{v}");
        let mine = v["result"]["id"].to_string();
        let (_, v) = save(&s, &company, &interview(&apply2, &s2, "60", &b));
        let theirs = v["result"]["id"].to_string();

        // A logs in with the interviewer role and sees only their interview.
        let interviewer = interviewer_login(&s, &m1, &a_password);
        let (_, v) = s.call(&interviewer, "/comlogin/me", &[]);
        assert_eq!(v["result"]["role"], "interviewer");
        let (_, v) = s.call(&interviewer, "/cominterview/list", &[("from", &d), ("days", "1"), ("interviewer", &b)]);
        let ids: Vec<String> = v["result"]["list"].as_array().expect("list").iter().map(|i| i["id"].to_string()).collect();
        assert_eq!(ids, [mine.clone()], "{v}");
        assert_eq!(code(&s.call(&interviewer, "/cominterview/get", &[("id", &theirs)]).1), "NOT_FOUND");
        let (status, v) = s.call(&interviewer, "/cominterview/get", &[("id", &mine)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["interview"]["candidateName"], "张伟");
        for call in ["/comresume/applyresume", "/cominterviewer/list", "/comtemplate/list", "/comnotice/list"] {
            assert_eq!(code(&s.call(&interviewer, call, &[]).1), "FORBIDDEN_ROLE", "{call}");
        }
        assert_eq!(code(&save(&s, &interviewer, &interview(&apply, &format!("{d} 18:00"), "30", &a)).1), "FORBIDDEN_ROLE");

        // Feedback: a score per criterion and a comment, on their own interview only.
        let scores = r#"{"技术能力":4,"沟通":5}"#;
        let (status, v) = s.call(&interviewer, "/cominterview/feedback", &[("id", &mine), ("scores", scores), ("comment", "基础扎实")]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(code(&s.call(&interviewer, "/cominterview/feedback", &[("id", &theirs), ("scores", scores)]).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&interviewer, "/cominterview/feedback", &[("id", &mine), ("scores", r#"{"技术能力":6}"#)]).1), "BAD_INPUT");
        let (_, v) = s.call(&company, "/cominterview/get", &[("id", &mine)]);
        assert_eq!(v["result"]["feedback"][0]["scores"]["沟通"], 5, "{v}");
        assert_eq!(v["result"]["feedback"][0]["comment"], "基础扎实");

        // The candidate's whole resume, with its files, on their own interview only.
        let (status, v) = s.call(&interviewer, "/cominterview/resume", &[("id", &mine)]);
        assert_eq!(status, 200, "{v}");
        assert!(v["result"].to_string().contains("张伟"), "{v}");
        let photo = v["result"]["photo"]["id"].as_i64().expect("the demo resume's photo").to_string();
        let get = |c: &Client, path: String| c.get(s.url(&path)).send().expect("send").status().as_u16();
        assert_eq!(get(&interviewer, format!("/ajax/cominterview/file/{mine}/{photo}")), 200);
        assert_eq!(get(&interviewer, format!("/ajax/cominterview/file/{theirs}/{photo}")), 404, "not assigned to that one");
        // Its thumbnails (issue 38) by the same route and checks: refused where the original is.
        for size in ["96", "240"] {
            assert_eq!(get(&interviewer, format!("/ajax/cominterview/file/{mine}/{photo}?size={size}")), 200);
            assert_eq!(get(&interviewer, format!("/ajax/cominterview/file/{theirs}/{photo}?size={size}")), 404, "not assigned to that one");
        }
        let (_, v) = s.call(&company, "/cominterview/resume", &[("id", &theirs)]);
        let other_file = v["result"]["photo"]["id"].as_i64().or_else(|| v["result"]["files"].as_object().and_then(|m| m.values().flat_map(|l| l.as_array().cloned().unwrap_or_default()).next()).and_then(|f| f["id"].as_i64()));
        if let Some(f) = other_file {
            assert_eq!(get(&interviewer, format!("/ajax/cominterview/file/{mine}/{f}")), 404, "a file of another resume");
        }
        assert_eq!(code(&s.call(&interviewer, "/cominterview/resume", &[("id", &theirs)]).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&interviewer, "/comresume/detail", &[("applyId", &apply)]).1), "FORBIDDEN_ROLE", "the pipeline stays closed");

        // Removed: the next call is logged out, and logging in again fails.
        assert_eq!(s.call(&company, "/cominterviewer/remove", &[("id", &a)]).0, 200);
        assert_eq!(s.call(&interviewer, "/cominterview/list", &[]).0, 401);
        let (_, v) = s.call(&s.client(), "/comlogin/login", &[("mobile", &m1), ("password", &a_password)]);
        assert_eq!(code(&v), "LOGIN_FAILED", "the number is nobody's account any more: {v}");
        // Added again with the same mobile: the same interviewer, invited again.
        let (status, v) = s.call(&company, "/cominterviewer/save", &[("name", "李强"), ("mobile", &m1), ("email", &format!("li{suffix}@example.com"))]);
        assert_eq!(status, 200, "{v}");
        assert_eq!((v["result"]["id"].to_string(), v["result"]["invited"].as_bool()), (a.clone(), Some(true)));

        // Another company reaches none of it.
        let other = register_company(&s, &format!("1370002{suffix}"), &format!("面试测试公司{}", tempdir::rand_suffix()));
        assert_eq!(code(&s.call(&other, "/cominterview/get", &[("id", &mine)]).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&other, "/cominterview/resume", &[("id", &mine)]).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&other, "/cominterview/cancel", &[("id", &mine)]).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&other, "/cominterviewer/remove", &[("id", &b)]).1), "NOT_FOUND");
        let late = format!("{d} 20:00");
        assert_eq!(code(&save(&s, &other, &interview(&apply, &late, "30", &b)).1), "NOT_FOUND");
        let mut with_job = interview(&apply, &late, "30", &b);
        with_job.push(("jobId", &job));
        assert_eq!(code(&save(&s, &other, &with_job).1), "NOT_FOUND", "naming our job does not open our application");
        let (_, v) = s.call(&other, "/cominterview/list", &[("from", &d)]);
        assert!(v["result"]["list"].as_array().expect("list").is_empty(), "{v}");
        // An interviewer of the other company cannot be put on ours.
        let (_, v) = s.call(&company, "/cominterview/save", &[("id", &mine), ("applyId", &apply), ("start", &s1), ("minutes", "60"), ("contact", "王丽"), ("contactPhone", "13800138000"), ("address", "杭州"), ("interviewers", "123456789")]);
        assert_eq!(code(&v), "BAD_INPUT", "{v}");
    }
}

#[test]
fn overlaps_are_refused_but_touching_cancelled_and_the_edited_one_are_not() {
    for s in servers() {
        let company = company_login(&s);
        let suffix = format!("{:04}", std::process::id() % 10_000);
        let (a, _) = add_interviewer(&s, &company, "周敏", &format!("1360002{suffix}"), &format!("zhou{suffix}@example.com"));
        let (b, _) = add_interviewer(&s, &company, "吴迪", &format!("1360003{suffix}"), &format!("wu{suffix}@example.com"));
        let (apply, _) = application(&s, &company, common::DEMO_MOBILE);
        let (apply2, _) = application(&s, &company, SECOND_MOBILE);
        let d = day();
        let at = |t: &str| format!("{d} {t}");

        let (status, v) = save(&s, &company, &interview(&apply, &at("10:00"), "60", &a));
        assert_eq!(status, 200, "{v}");
        let first = v["result"]["id"].to_string();

        // Same candidate, overlapping by a minute: refused.
        let (status, v) = save(&s, &company, &interview(&apply, &at("10:59"), "30", &b));
        assert_eq!((status, code(&v)), (400, "INTERVIEW_CONFLICT"), "{v}");
        // Same interviewer, another candidate, inside it: refused.
        assert_eq!(code(&save(&s, &company, &interview(&apply2, &at("10:15"), "15", &a)).1), "INTERVIEW_CONFLICT");
        // Covering it entirely: refused.
        assert_eq!(code(&save(&s, &company, &interview(&apply2, &at("09:00"), "180", &a)).1), "INTERVIEW_CONFLICT");
        // Touching at either end: fine.
        let (status, v) = save(&s, &company, &interview(&apply, &at("11:00"), "30", &b));
        assert_eq!(status, 200, "touching after: {v}");
        let (status, v) = save(&s, &company, &interview(&apply2, &at("09:30"), "30", &a));
        assert_eq!(status, 200, "touching before: {v}");
        // Another interviewer and another candidate at the same time as the first: fine.
        let (status, v) = save(&s, &company, &interview(&apply2, &at("10:00"), "60", &b));
        assert_eq!(status, 200, "{v}");

        // Editing itself (same time, other details) does not conflict with itself.
        let ten = at("10:00");
        let mut edit = interview(&apply, &ten, "60", &a);
        edit.push(("id", &first));
        edit.push(("notes", "请带作品集"));
        let (status, v) = save(&s, &company, &edit);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["id"].to_string(), first);

        // Cancelled ones do not count.
        assert_eq!(s.call(&company, "/cominterview/cancel", &[("id", &first)]).0, 200);
        let (status, v) = save(&s, &company, &interview(&apply, &at("10:00"), "60", &a));
        assert_eq!(status, 200, "the slot of a cancelled interview: {v}");
        assert_eq!(code(&s.call(&company, "/cominterview/cancel", &[("id", &first)]).1), "BAD_INPUT", "cancelled twice");

        // SPEC §8 required prompts: date, candidate (job), interviewer, contact.
        let (status, v) = save(&s, &company, &[("minutes", "60")]);
        assert_eq!((status, code(&v)), (400, "FIELDS_INVALID"));
        let message = v["error"]["message"].as_str().expect("message").to_string();
        for key in ["interview.dateRequired", "interview.candidateRequired", "interview.interviewerRequired", "interview.contactRequired"] {
            assert!(message.contains(key), "{key} in {message}");
        }
        assert_eq!(code(&save(&s, &company, &interview(&apply, "2030-02-30 10:00", "60", &a)).1), "FIELDS_INVALID");
        assert_eq!(code(&save(&s, &company, &interview(&apply, &at("10:00"), "600", &a)).1), "FIELDS_INVALID");
    }
}

#[test]
fn an_invitation_mails_an_ics_texts_moves_the_application_and_the_candidate_answers() {
    for s in servers() {
        let company = company_login(&s);
        let suffix = format!("{:04}", std::process::id() % 10_000);
        let (a, _) = add_interviewer(&s, &company, "郑好", &format!("1360004{suffix}"), &format!("zheng{suffix}@example.com"));
        set_email(&s.database_url(), common::DEMO_MOBILE, "zhangwei@example.com");
        let (apply, candidate) = application(&s, &company, common::DEMO_MOBILE);
        let d = day();
        let start = format!("{d} 15:00");
        let (status, v) = save(&s, &company, &interview(&apply, &start, "45", &a));
        assert_eq!(status, 200, "{v}");
        let id = v["result"]["id"].to_string();

        // The application is in the interview stage; the candidate sees status 4 and the invitation.
        let (_, v) = s.call(&candidate, "/pcuser/applyList", &[("page", "1"), ("pagesize", "50")]);
        let mine = v["result"]["list"].as_array().expect("list").iter().find(|x| x["id"].to_string() == apply).cloned().expect("the application");
        assert_eq!(mine["status"], 4, "{mine}");
        let (_, v) = s.call(&candidate, "/pcuser/interviewList", &[]);
        let inv = v["result"]["list"].as_array().expect("list").iter().find(|i| i["id"].to_string() == id).expect("the invitation").clone();
        assert_eq!((inv["start"].as_str(), inv["minutes"].as_i64(), inv["answer"].as_str()), (Some(start.as_str()), Some(45), Some("")));
        assert_eq!(s.call(&candidate, "/pcuser/interviewAnswer", &[("id", &id), ("answer", "accept")]).0, 200);
        let (_, v) = s.call(&candidate, "/pcuser/interviewList", &[]);
        assert_eq!(v["result"]["list"].as_array().expect("list").iter().find(|i| i["id"].to_string() == id).expect("inv")["answer"], "accepted");
        // Another candidate cannot answer it.
        let other = login_as(&s, "/pclogin/login", SECOND_MOBILE, DEMO_PASSWORD);
        assert_eq!(code(&s.call(&other, "/pcuser/interviewAnswer", &[("id", &id), ("answer", "decline")]).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&candidate, "/pcuser/interviewAnswer", &[("id", &id), ("answer", "maybe")]).1), "BAD_INPUT");

        // Notices: invitation by mail and SMS (sent by the dev providers), two reminders pending.
        let prefix = format!("interview:{id}:");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        let list = loop {
            let (_, v) = s.call(&company, "/comnotice/list", &[("event", &prefix), ("pagesize", "50")]);
            let list = v["result"]["list"].as_array().expect("list").clone();
            if list.iter().filter(|n| n["eventKey"].as_str().unwrap_or("").ends_with(":invite")).all(|n| n["state"] == "sent") {
                break list;
            }
            assert!(std::time::Instant::now() < deadline, "{list:?}");
            std::thread::sleep(std::time::Duration::from_millis(100));
        };
        let keys: Vec<(String, String)> = list.iter().map(|n| (n["eventKey"].as_str().unwrap_or("").to_string(), n["channel"].as_str().unwrap_or("").to_string())).collect();
        for event in ["v1:invite", "v1:remind24", "v1:remind1"] {
            for channel in ["mail", "sms"] {
                assert!(keys.contains(&(format!("{prefix}{event}"), channel.to_string())), "{event} {channel} in {keys:?}");
            }
        }
        let mails: Value = s.client().get(s.url("/dev/outbox?format=json&kind=mail")).send().expect("outbox").json().expect("json");
        let mail = mails.as_array().expect("mails").iter().find(|m| m["to"] == "zhangwei@example.com" && m["text"].as_str().unwrap_or("").contains(&start)).expect("the invitation mail").clone();
        assert!(mail["subject"].as_str().expect("subject").contains("面试邀请"), "{mail}");
        let ics = &mail["attachments"][0];
        assert_eq!(ics["filename"], "interview.ics");
        use base64::Engine;
        let text = String::from_utf8(base64::engine::general_purpose::STANDARD.decode(ics["base64"].as_str().expect("data")).expect("b64")).expect("utf8");
        assert!(text.contains("BEGIN:VCALENDAR") && text.contains("BEGIN:VEVENT") && text.contains(&format!("interview-{id}@")), "{text}");
        assert!(text.contains("METHOD:REQUEST"), "{text}");
        let texts: Value = s.client().get(s.url("/dev/outbox?format=json")).send().expect("outbox").json().expect("json");
        assert!(texts.as_array().expect("texts").iter().any(|t| t["mobile"] == common::DEMO_MOBILE && t["text"].as_str().unwrap_or("").contains(&start)), "{texts}");

        // A new time: the reschedule notice, the old reminders withdrawn, new ones queued, asked again.
        let later = format!("{d} 16:30");
        let mut edit = interview(&apply, &later, "45", &a);
        edit.push(("id", &id));
        assert_eq!(save(&s, &company, &edit).0, 200);
        let (_, v) = s.call(&company, "/comnotice/list", &[("event", &prefix), ("pagesize", "50")]);
        let list = v["result"]["list"].as_array().expect("list").clone();
        let state_of = |key: &str| list.iter().find(|n| n["eventKey"] == format!("{prefix}{key}")).map(|n| n["state"].as_str().unwrap_or("").to_string());
        assert_eq!(state_of("v1:remind24").as_deref(), Some("withdrawn"));
        assert!(state_of("v2:reschedule").is_some() && state_of("v2:remind1").as_deref() == Some("pending"), "{list:?}");
        let (_, v) = s.call(&candidate, "/pcuser/interviewList", &[]);
        assert_eq!(v["result"]["list"].as_array().expect("list").iter().find(|i| i["id"].to_string() == id).expect("inv")["answer"], "");

        // Cancelled: the cancellation notice, the reminders withdrawn.
        assert_eq!(s.call(&company, "/cominterview/cancel", &[("id", &id)]).0, 200);
        let (_, v) = s.call(&company, "/comnotice/list", &[("event", &prefix), ("pagesize", "50")]);
        let list = v["result"]["list"].as_array().expect("list").clone();
        assert!(list.iter().any(|n| n["eventKey"] == format!("{prefix}v2:cancel")), "{list:?}");
        assert!(list.iter().filter(|n| n["eventKey"].as_str().unwrap_or("").contains("remind")).all(|n| n["state"] == "withdrawn"), "{list:?}");
        let (_, v) = s.call(&candidate, "/pcuser/interviewList", &[]);
        assert_eq!(v["result"]["list"].as_array().expect("list").iter().find(|i| i["id"].to_string() == id).expect("inv")["state"], "cancelled");
    }
}

#[test]
fn the_form_names_the_job_and_an_application_of_another_job_is_refused() {
    for s in servers() {
        let company = company_login(&s);
        let suffix = format!("{:04}", (std::process::id() + 3) % 10_000);
        let (a, _) = add_interviewer(&s, &company, "冯七", &format!("1360007{suffix}"), &format!("feng{suffix}@example.com"));
        let (apply, job, _) = application_on_job(&s, &company, common::DEMO_MOBILE);
        let (apply2, job2, _) = application_on_job(&s, &company, SECOND_MOBILE);
        let d = day();
        let at = |t: &str| format!("{d} {t}");
        let with_job = |apply: &str, job: &str, start: &str| {
            let mut form: Vec<(String, String)> = interview(apply, start, "30", &a).into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            form.push(("jobId".into(), job.into()));
            form
        };
        let send = |form: Vec<(String, String)>| {
            let pairs: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            save(&s, &company, &pairs)
        };
        let verdict = |v: &Value| -> Value { serde_json::from_str(v["error"]["message"].as_str().unwrap_or("")).unwrap_or(Value::Null) };

        // The job named but blank: the form's required prompt; not an id: invalid.
        let (status, v) = send(with_job(&apply, "", &at("09:00")));
        assert_eq!((status, code(&v)), (400, "FIELDS_INVALID"), "{v}");
        assert_eq!(verdict(&v)["jobId"]["key"], "interview.jobRequired", "{v}");
        let (_, v) = send(with_job(&apply, "abc", &at("09:00")));
        assert_eq!(verdict(&v)["jobId"]["key"], "interview.invalid", "{v}");
        // An application of another job of the company: refused on the candidate, nothing saved.
        let (status, v) = send(with_job(&apply, &job2, &at("09:00")));
        assert_eq!((status, code(&v)), (400, "FIELDS_INVALID"), "{v}");
        assert_eq!(verdict(&v)["applyId"]["key"], "interview.notOnJob", "{v}");
        let (_, v) = s.call(&company, "/cominterview/list", &[("from", &d), ("days", "1")]);
        let on = |apply: &str| v["result"]["list"].as_array().expect("list").iter().filter(|i| i["applyId"].to_string() == apply).count();
        assert_eq!(on(&apply), 0, "{v}");
        // A job of no application at all: the same.
        assert_eq!(verdict(&send(with_job(&apply2, "123456789", &at("09:00"))).1)["applyId"]["key"], "interview.notOnJob");

        // The right job: saved on it; and a client that names no job (the first contract) still works.
        let (status, v) = send(with_job(&apply, &job, &at("09:00")));
        assert_eq!(status, 200, "{v}");
        let id = v["result"]["id"].to_string();
        let (_, v) = s.call(&company, "/cominterview/get", &[("id", &id)]);
        assert_eq!(v["result"]["interview"]["jobId"].to_string(), job, "{v}");
        assert_eq!(v["result"]["interview"]["applyId"].to_string(), apply, "{v}");
        let (status, v) = save(&s, &company, &interview(&apply2, &at("10:00"), "30", &a));
        assert_eq!(status, 200, "no jobId: the application's job: {v}");
        let (_, v) = s.call(&company, "/cominterview/get", &[("id", &v["result"]["id"].to_string())]);
        assert_eq!(v["result"]["interview"]["jobId"].to_string(), job2, "{v}");
        // Editing with the job named keeps working; with another job it is refused.
        let mut edit = with_job(&apply, &job, &at("09:00"));
        edit.push(("id".into(), id.clone()));
        assert_eq!(send(edit).0, 200);
        let mut edit = with_job(&apply, &job2, &at("09:00"));
        edit.push(("id".into(), id));
        assert_eq!(verdict(&send(edit).1)["applyId"]["key"], "interview.notOnJob");
    }
}

#[test]
fn the_candidate_declines_an_invitation_and_the_company_sees_it() {
    for s in servers() {
        let company = company_login(&s);
        let suffix = format!("{:04}", (std::process::id() + 5) % 10_000);
        let (a, _) = add_interviewer(&s, &company, "卫八", &format!("1360008{suffix}"), &format!("wei{suffix}@example.com"));
        let (apply, candidate) = application(&s, &company, SECOND_MOBILE);
        let start = format!("{} 13:00", day());
        let (status, v) = save(&s, &company, &interview(&apply, &start, "30", &a));
        assert_eq!(status, 200, "{v}");
        let id = v["result"]["id"].to_string();
        let answer_of = |v: &Value| v["result"]["list"].as_array().expect("list").iter().find(|i| i["id"].to_string() == id).expect("the invitation")["answer"].clone();
        let (_, v) = s.call(&candidate, "/pcuser/interviewList", &[]);
        assert_eq!(answer_of(&v), "");

        let (status, v) = s.call(&candidate, "/pcuser/interviewAnswer", &[("id", &id), ("answer", "decline")]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&candidate, "/pcuser/interviewList", &[]);
        assert_eq!(answer_of(&v), "declined");
        let (_, v) = s.call(&company, "/cominterview/get", &[("id", &id)]);
        assert_eq!(v["result"]["interview"]["answer"], "declined", "{v}");
        let (_, v) = s.call(&company, "/cominterview/list", &[("from", &start[..10]), ("days", "1")]);
        assert_eq!(answer_of(&v), "declined", "the calendar card: {v}");
    }
}

#[test]
fn the_assigned_interviewers_are_reminded_and_one_taken_off_is_not() {
    for s in servers() {
        let company = company_login(&s);
        let suffix = format!("{:04}", (std::process::id() + 7) % 10_000);
        let (mobile_a, mobile_b) = (format!("1360005{suffix}"), format!("1360006{suffix}"));
        let (a, _) = add_interviewer(&s, &company, "钱一", &mobile_a, &format!("qian{suffix}@example.com"));
        let (b, _) = add_interviewer(&s, &company, "孙二", &mobile_b, &format!("sun{suffix}@example.com"));
        let (apply, _) = application(&s, &company, common::DEMO_MOBILE);
        let start = format!("{} 11:00", day());
        let (status, v) = save(&s, &company, &interview(&apply, &start, "60", &a));
        assert_eq!(status, 200, "{v}");
        let id = v["result"]["id"].to_string();
        let prefix = format!("interview:{id}:");
        let notices = || {
            let (_, v) = s.call(&company, "/comnotice/list", &[("event", &prefix), ("pagesize", "50")]);
            v["result"]["list"].as_array().expect("list").clone()
        };
        // (recipient, state) of the interviewers' reminders.
        let reminders = |list: &[Value]| -> Vec<(String, String, String)> {
            list.iter()
                .filter(|n| n["eventKey"].as_str().unwrap_or("").contains(":remind-iv"))
                .map(|n| (n["recipient"].as_str().unwrap_or("").to_string(), n["channel"].as_str().unwrap_or("").to_string(), n["state"].as_str().unwrap_or("").to_string()))
                .collect()
        };

        // A is reminded 24 h and 1 h before, by mail and SMS, due then.
        let list = notices();
        let of_a: Vec<_> = reminders(&list).into_iter().filter(|(r, _, state)| (r == &mobile_a || r.starts_with("qian")) && state == "pending").collect();
        assert_eq!(of_a.len(), 4, "two times, two channels: {list:?}");
        let invite_at = list.iter().find(|n| n["eventKey"] == format!("{prefix}v1:remind1")).and_then(|n| n["dueAt"].as_i64()).expect("the candidate's 1 h reminder");
        let due: Vec<i64> = list.iter().filter(|n| n["recipient"] == mobile_a.as_str()).filter_map(|n| n["dueAt"].as_i64()).collect();
        assert!(due.contains(&invite_at) && due.contains(&(invite_at - 23 * 3600 * 1000)), "1 h and 24 h before: {due:?}");
        assert!(!reminders(&list).iter().any(|(r, _, _)| r == &mobile_b), "B is not on it yet");

        // Same time, B instead of A: A's reminders are withdrawn, B's queued, the candidate's kept.
        let mut edit = interview(&apply, &start, "60", &b);
        edit.push(("id", &id));
        assert_eq!(save(&s, &company, &edit).0, 200);
        let list = notices();
        let now = reminders(&list);
        assert!(now.iter().filter(|(r, _, _)| r == &mobile_a || r.starts_with("qian")).all(|(_, _, state)| state == "withdrawn"), "{now:?}");
        assert_eq!(now.iter().filter(|(r, _, state)| (r == &mobile_b || r.starts_with("sun")) && state == "pending").count(), 4, "{now:?}");
        assert!(list.iter().any(|n| n["eventKey"] == format!("{prefix}v1:remind24") && n["state"] == "pending"), "the candidate's reminder stays: {list:?}");

        // Cancelled: every reminder is withdrawn, the interviewers' too.
        assert_eq!(s.call(&company, "/cominterview/cancel", &[("id", &id)]).0, 200);
        let now = reminders(&notices());
        assert!(!now.is_empty() && now.iter().all(|(_, _, state)| state == "withdrawn"), "{now:?}");
    }
}

#[test]
fn the_chosen_template_is_what_is_mailed_another_company_s_is_refused_and_the_owner_reads_one_interviewer_s_week() {
    for s in servers() {
        let company = company_login(&s);
        let suffix = format!("{:04}", std::process::id() % 10_000);
        let (a, _) = add_interviewer(&s, &company, "钱进", &format!("1360005{suffix}"), &format!("qian{suffix}@example.com"));
        let (b, _) = add_interviewer(&s, &company, "孙悦", &format!("1360006{suffix}"), &format!("sun{suffix}@example.com"));
        let email = format!("chosen{suffix}@example.com");
        set_email(&s.database_url(), common::DEMO_MOBILE, &email);
        let (apply, _) = application(&s, &company, common::DEMO_MOBILE);
        let (apply2, _) = application(&s, &company, SECOND_MOBILE);

        // Our own template, with words the default invitation lacks.
        let marker = format!("终面请带作品集{suffix}");
        let mail = format!("{{{{ candidateName }}}}您好，{marker}，{{{{ interviewTime }}}}见。");
        let name = format!("终面邀请{suffix}");
        let form = [("name", name.as_str()), ("mailSubject", "{{ companyName }}终面通知"), ("mailContent", mail.as_str()), ("smsContent", "{{ candidateName }}：{{ interviewTime }}终面")];
        let (status, v) = s.call(&company, "/comtemplate/save", &form);
        assert_eq!(status, 200, "{v}");
        let ours = v["result"]["id"].to_string();
        // Another company's template: refused, and nothing is scheduled.
        let other = register_company(&s, &format!("1370003{suffix}"), &format!("面试测试公司{}", tempdir::rand_suffix()));
        let (_, v) = s.call(&other, "/comtemplate/list", &[]);
        let theirs = v["result"]["list"][0]["id"].to_string();
        let d = day();
        let start = format!("{d} 09:00");
        let mut form = interview(&apply, &start, "30", &a);
        form.push(("template", &theirs));
        let (status, v) = save(&s, &company, &form);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{v}");
        let (_, v) = s.call(&company, "/cominterview/list", &[("from", &d), ("days", "1")]);
        assert_eq!(v["result"]["list"].as_array().expect("list").len(), 0, "{v}");

        form.pop();
        form.push(("template", &ours));
        form.push(("notes", "请带作品集和身份证"));
        let (status, v) = save(&s, &company, &form);
        assert_eq!(status, 200, "{v}");
        let first = v["result"]["id"].to_string();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        let sent = loop {
            let mails: Value = s.client().get(s.url("/dev/outbox?format=json&kind=mail")).send().expect("outbox").json().expect("json");
            if let Some(m) = mails.as_array().expect("mails").iter().find(|m| m["to"] == email.as_str()) {
                break m.clone();
            }
            assert!(std::time::Instant::now() < deadline, "no mail to {email}");
            std::thread::sleep(std::time::Duration::from_millis(100));
        };
        assert!(sent["subject"].as_str().is_some_and(|t| t.ends_with("终面通知")), "{sent}");
        let text = sent["text"].as_str().expect("text");
        assert!(text.contains(&marker) && text.contains(&start) && !text.contains("诚邀您参加面试"), "{text}");

        // The notes read back.
        let (_, v) = s.call(&company, "/cominterview/get", &[("id", &first)]);
        assert_eq!(v["result"]["interview"]["notes"], "请带作品集和身份证", "{v}");

        // The owner reads one interviewer's week, or everyone's.
        let (status, v) = save(&s, &company, &interview(&apply2, &format!("{d} 11:00"), "30", &b));
        assert_eq!(status, 200, "{v}");
        let second = v["result"]["id"].to_string();
        let week = |who: Option<&str>| {
            let mut q = vec![("from", d.as_str()), ("days", "7")];
            q.extend(who.map(|w| ("interviewer", w)));
            let (status, v) = s.call(&company, "/cominterview/list", &q);
            assert_eq!(status, 200, "{v}");
            v["result"]["list"].as_array().expect("list").iter().map(|i| i["id"].to_string()).collect::<Vec<_>>()
        };
        assert_eq!(week(Some(&a)), [first.clone()]);
        assert_eq!(week(Some(&b)), [second.clone()]);
        assert_eq!(week(None), [first, second]);
        assert_eq!(code(&s.call(&company, "/cominterview/list", &[("from", &d), ("interviewer", "x")]).1), "BAD_INPUT");
    }
}
