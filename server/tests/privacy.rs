//! What an outside probe found (issue 30), on SQLite and PostgreSQL: a candidate's block and a
//! hidden resume hold on every employer-side call (walked from the OpenAPI document, so a call
//! added later is walked too), the duplicate check matches exact contacts among visible
//! applications only, a job that is not public has no public text, and the interview calendar
//! and a long job title no longer break interviews.

use std::collections::BTreeSet;

use reqwest::blocking::Client;
use serde_json::{json, Value};

use crate::common::staff::{company_code, interviewer_login, post_job, register_company};
use crate::common::{code, login, servers, tempdir, TestServer};

/// A mobile of this run's own (prefix + 7 digits from a process-wide counter and the pid).
fn new_mobile(prefix: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = (std::process::id() % 1000) * 10_000 + NEXT.fetch_add(1, Ordering::Relaxed) % 10_000;
    format!("{prefix}{n:07}")
}

fn save_basic(s: &TestServer, candidate: &Client, resume: &str, name: &str, email: &str) {
    let data = json!({
        "title": "隐私测试简历", "name": name, "gender": "1", "birthday": "1994-05-08", "city": "hangzhou", "workSince": "3to5",
        "education": "bachelor", "mobile": "13800000000", "email": email, "careerStatus": "open",
    });
    let (status, v) = s.call(candidate, "/resume/saveSection", &[("resumeId", resume), ("section", "basic"), ("data", &data.to_string())]);
    assert_eq!(status, 200, "{v}");
}

/// The interview's start day: far ahead, so that its reminders are pending.
fn day() -> String {
    let n = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    format!("2031-{:02}-{:02}", (n % 12) + 1, ((n / 12) % 28) + 1)
}

/// Every employer-side route of the OpenAPI document, but the ones that end or change the session
/// or the company itself (they read no candidate's data, and would end the walk).
fn employer_routes(s: &TestServer) -> Vec<(String, String)> {
    const SKIP: &[&str] = &[
        "/comlogin/login",
        "/comlogin/register",
        "/comlogin/logout",
        "/comlogin/modifyPassword",
        "/comcompany/save",
        "/comcompany/uploadPicture",
        "/comcompany/removePicture",
        "/comtemplate/delete",
        "/comtalent/delete",
        "/complan/order/create",
        "/complan/order/cancel",
        "/complan/applyTrial",
    ];
    let doc: Value = s.client().get(s.url("/ajax/openapi.json")).send().expect("openapi").json().expect("json");
    let mut routes = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        let Some(call) = path.strip_prefix("/ajax") else { continue };
        if !call.starts_with("/com") || SKIP.contains(&call) {
            continue;
        }
        for method in ["get", "post"] {
            if item.get(method).is_some() {
                routes.push((method.to_string(), call.to_string()));
            }
        }
    }
    assert!(routes.len() >= 50, "the walk covers the employer calls: {routes:?}");
    routes
}

/// What the company holds of the candidate: ids for the calls' fields.
struct Held {
    apply: String,
    interview: String,
    resume: String,
    job: String,
    files: Vec<String>,
    /// The interviewer on the interview.
    interviewer: String,
}

/// Walks every employer route as `client` with the ids of `held` in every field that takes one;
/// answers each (method path form) whose answer holds one of `secrets`, and each file route that
/// served a file.
fn walk(s: &TestServer, client: &Client, routes: &[(String, String)], held: &Held, secrets: &[&str], day: &str) -> Vec<String> {
    let mut leaks = Vec::new();
    for (method, path) in routes {
        if method == "get" {
            let mut urls = BTreeSet::new();
            for file in &held.files {
                let mut url = path.clone();
                for param in ["{id}", "{file}"] {
                    url = url.replace(param, file);
                }
                urls.insert(url.replace("{interview}", &held.interview));
            }
            for url in urls {
                let res = client.get(s.url(&format!("/ajax{url}"))).send().expect("get");
                let status = res.status().as_u16();
                let body = res.text().unwrap_or_default();
                if status == 200 && (path.contains("file") || secrets.iter().any(|x| body.contains(x))) {
                    leaks.push(format!("GET {url}: {status}"));
                }
            }
            continue;
        }
        for id in [&held.apply, &held.interview, &held.resume, &held.job] {
            let form = [
                ("id", id.as_str()),
                ("applyId", &held.apply),
                ("applyIds", &held.apply),
                ("ids", &held.apply),
                ("resumeId", &held.resume),
                ("interviewId", &held.interview),
                ("jobid", &held.job),
                ("jobId", &held.job),
                ("stageOppId", &held.job),
                ("mobile", "13800000000"),
                ("email", secrets[1]),
                ("keyword", secrets[0]),
                ("page", "1"),
                ("pagesize", "50"),
                ("from", day),
                ("days", "31"),
            ];
            let (_, v) = s.call(client, path, &form);
            let text = v.to_string();
            if let Some(x) = secrets.iter().find(|x| text.contains(*x)) {
                leaks.push(format!("POST {path} id={id}: holds {x}: {}", text.chars().take(300).collect::<String>()));
            }
        }
    }
    leaks
}

/// A fresh company B with a job the demo candidate applied to (resume renamed `name`, email
/// `email`), an interviewer, and an interview of that application with feedback; answers B's
/// owner, the interviewer, B's id and what B holds.
fn company_with_an_interview(s: &TestServer, candidate: &Client, resume: &str, day: &str) -> (Client, Client, String, Held) {
    let company = register_company(s, &new_mobile("1371"), &format!("隐私测试公司{}", tempdir::rand_suffix()));
    let (_, v) = s.call(&company, "/comlogin/me", &[]);
    let company_id = v["result"]["company"]["id"].to_string();
    let job = post_job(s, &company, &format!("隐私测试职位{}", tempdir::rand_suffix()));
    let (status, v) = s.call(candidate, "/pcjob/apply", &[("jobid", &job), ("resumeId", resume)]);
    assert_eq!(status, 200, "{v}");
    let (_, v) = s.call(&company, "/comresume/applyresume", &[("stageOppId", &job), ("page", "1"), ("pagesize", "50")]);
    let apply = v["result"]["list"][0]["applyId"].to_string();
    let iv_mobile = new_mobile("1365");
    let (status, v) = s.call(&company, "/cominterviewer/save", &[("name", "周面试"), ("mobile", &iv_mobile), ("email", &format!("iv{iv_mobile}@example.com"))]);
    assert_eq!(status, 200, "{v}");
    let (iv_id, iv_password) = (v["result"]["id"].to_string(), crate::common::staff::accept_invitation(s, &iv_mobile));
    let form = [
        ("applyId", apply.as_str()),
        ("start", &format!("{day} 10:00")),
        ("minutes", "60"),
        ("contact", "王丽"),
        ("contactPhone", "13900139000"),
        ("address", "杭州市西湖区文三路 478 号 12 楼"),
        ("interviewers", &iv_id),
    ];
    let (status, v) = s.call(&company, "/cominterview/save", &form);
    assert_eq!(status, 200, "{v}");
    let interview = v["result"]["id"].to_string();
    let interviewer = interviewer_login(s, &iv_mobile, &iv_password);
    let (status, v) = s.call(&interviewer, "/cominterview/feedback", &[("id", &interview), ("scores", r#"{"沟通":4}"#), ("comment", "表达清楚")]);
    assert_eq!(status, 200, "{v}");
    let (_, v) = s.call(candidate, "/resume/get", &[("resumeId", resume)]);
    let mut files: Vec<String> = v["result"]["photo"]["id"].as_i64().into_iter().map(|i| i.to_string()).collect();
    files.extend(v["result"]["files"]["resumeFile"].as_array().into_iter().flatten().filter_map(|f| f["id"].as_i64()).map(|i| i.to_string()));
    assert!(!files.is_empty(), "the demo resume has files: {v}");
    (company, interviewer, company_id, Held { apply, interview, resume: resume.to_string(), job, files, interviewer: iv_id })
}

/// Six hex digits of this run's own, for names and addresses no other test uses.
fn unique() -> String {
    tempdir::rand_suffix().chars().filter(char::is_ascii_hexdigit).take(6).collect()
}

/// The demo candidate, logged in, their resume renamed `<prefix><unique>` with an email of this run's
/// own: (client, resume id, name, email).
fn renamed_candidate(s: &TestServer, prefix: &str) -> (Client, String, String, String) {
    let candidate = s.client();
    let resume = login(s, &candidate)["resumeId"].to_string();
    let name = format!("{prefix}{}", unique());
    let email = format!("p{}{}@privacy.example.cn", unique(), tempdir::rand_suffix().replace('_', ""));
    save_basic(s, &candidate, &resume, &name, &email);
    (candidate, resume, name, email)
}

#[test]
fn a_block_holds_on_every_employer_call_and_cancels_the_interviews() {
    for s in servers() {
        let (candidate, resume, name, email) = renamed_candidate(&s, "屏蔽测");
        let d = day();
        let (company, interviewer, company_id, held) = company_with_an_interview(&s, &candidate, &resume, &d);
        let routes = employer_routes(&s);
        let secrets = [name.as_str(), email.as_str(), "13800000000"];

        // Before the block the walk finds the candidate: its assertions can fail. (Reads only: the
        // walk's writes would cancel the interview before the block does.)
        let reads = ["/cominterview/resume", "/cominterview/list", "/comtalent/duplicates", "/comnotice/list", "/cominterview/file/{interview}/{file}"];
        let read_routes: Vec<(String, String)> = routes.iter().filter(|(_, p)| reads.contains(&p.as_str())).cloned().collect();
        let before = walk(&s, &company, &read_routes, &held, &secrets, &d);
        for found in ["/cominterview/resume", "/cominterview/list", "/comtalent/duplicates", "/comnotice/list", "GET /cominterview/file"] {
            assert!(before.iter().any(|l| l.contains(found)), "before the block, {found} shows the candidate: {before:#?}");
        }
        assert!(!walk(&s, &interviewer, &read_routes, &held, &secrets, &d).is_empty(), "the interviewer reads the resume before the block");

        assert_eq!(s.call(&candidate, "/pcuser/shield", &[("comId", &company_id), ("resumeId", &resume)]).0, 200);
        let leaks = walk(&s, &company, &routes, &held, &secrets, &d);
        assert!(leaks.is_empty(), "{}: the blocked company still reads the candidate: {leaks:#?}", s.engine);
        let leaks = walk(&s, &interviewer, &routes, &held, &secrets, &d);
        assert!(leaks.is_empty(), "{}: its interviewer still reads the candidate: {leaks:#?}", s.engine);

        // The interview was cancelled: the company sees 候选人已屏蔽, the candidate why.
        let (_, v) = s.call(&company, "/cominterview/get", &[("id", &held.interview)]);
        let card = &v["result"]["interview"];
        assert_eq!((card["state"].as_str(), card["candidateBlocked"].as_bool(), card["candidateName"].as_str()), (Some("cancelled"), Some(true), Some("")), "{v}");
        let (_, v) = s.call(&candidate, "/pcuser/interviewList", &[]);
        let mine = v["result"]["list"].as_array().expect("list").iter().find(|i| i["id"].to_string() == held.interview).cloned().expect("the candidate's interview");
        assert_eq!((mine["state"].as_str(), mine["cancelReason"].as_str()), (Some("cancelled"), Some("blocked")), "{mine}");
        // No edit, feedback or reschedule reaches the candidate; nothing is left to go to them.
        let form = [("id", held.interview.as_str()), ("applyId", &held.apply), ("start", &format!("{d} 15:00")), ("minutes", "30"), ("contact", "王丽"), ("contactPhone", "13900139000"), ("address", "杭州"), ("interviewers", &held.interviewer)];
        assert_eq!(code(&s.call(&company, "/cominterview/save", &form).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&interviewer, "/cominterview/feedback", &[("id", &held.interview), ("scores", r#"{"沟通":5}"#)]).1), "NOT_FOUND");
        let (_, v) = s.call(&company, "/comnotice/list", &[("event", &format!("interview:{}", held.interview)), ("page", "1"), ("pagesize", "50")]);
        let list = v["result"]["list"].as_array().expect("notices").clone();
        assert!(!list.is_empty(), "the invitation and reminders are listed: {v}");
        assert!(list.iter().all(|n| n["state"] != "pending"), "every pending notice withdrawn: {v}");
        assert!(list.iter().all(|n| n["subject"] == "候选人已屏蔽" || n["channel"] == "sms"), "{v}");
    }
}

#[test]
fn a_hidden_resume_shows_only_what_was_sent_through_interviews_and_duplicates() {
    use reqwest::blocking::multipart;
    for s in servers() {
        let (candidate, resume, sent_name, email) = renamed_candidate(&s, "发送名");
        let d = day();
        let (company, interviewer, _, held) = company_with_an_interview(&s, &candidate, &resume, &d);

        // Hidden, then renamed and given a new file.
        let (status, v) = s.call(&candidate, "/pcuser/updateType", &[("resumeId", &resume), ("type", "hidden")]);
        assert_eq!(status, 200, "{v}");
        let live_name = format!("改名{}", unique());
        save_basic(&s, &candidate, &resume, &live_name, &email);
        let form = multipart::Form::new()
            .text("resumeId", resume.clone())
            .text("kind", "resumeFile")
            .part("file", multipart::Part::bytes([b"%PDF-1.4\n".as_slice(), &[b' '; 512]].concat()).file_name("隐藏后上传.pdf"));
        let (status, v) = crate::common::envelope(candidate.post(s.url("/ajax/resume/upload")).multipart(form).send().expect("upload"));
        assert_eq!(status, 200, "{v}");
        let new_file = v["result"]["files"]["resumeFile"]
            .as_array()
            .expect("files")
            .iter()
            .filter_map(|f| f["id"].as_i64())
            .map(|i| i.to_string())
            .find(|id| !held.files.contains(id))
            .expect("the new file");

        let routes = employer_routes(&s);
        let only_new = Held { files: vec![new_file.clone()], ..held };
        for (who, client) in [("owner", &company), ("interviewer", &interviewer)] {
            let leaks = walk(&s, client, &routes, &only_new, &[live_name.as_str(), "no-such-secret@x.cn", "no-such-secret"], &d);
            assert!(leaks.is_empty(), "{} {who}: the live resume of a hidden one: {leaks:#?}", s.engine);
        }
        // What was sent still shows: the name, in the calendar and the duplicate check.
        let (_, v) = s.call(&company, "/cominterview/list", &[("from", &d), ("days", "1")]);
        assert_eq!(v["result"]["list"][0]["candidateName"].as_str(), Some(sent_name.as_str()), "{v}");
        let (_, v) = s.call(&company, "/comtalent/duplicates", &[("mobile", ""), ("email", &email)]);
        let names: Vec<&str> = v["result"]["list"].as_array().expect("list").iter().filter_map(|d| d["name"].as_str()).collect();
        assert_eq!(names, [sent_name.as_str()], "{v}");
        let status = interviewer.get(s.url(&format!("/ajax/cominterview/file/{}/{}", only_new.interview, only_new.files[0]))).send().expect("get").status();
        assert_eq!(status.as_u16(), 404, "a file added after hiding");
    }
}

#[test]
fn the_duplicate_check_matches_whole_contacts_not_parts_of_them() {
    for s in servers() {
        let (candidate, resume, _, email) = renamed_candidate(&s, "全称测试");
        let company = register_company(&s, &new_mobile("1372"), &format!("查重测试公司{}", tempdir::rand_suffix()));
        let job = post_job(&s, &company, "查重测试职位");
        assert_eq!(s.call(&candidate, "/pcjob/apply", &[("jobid", &job), ("resumeId", &resume)]).0, 200);
        let found = |mobile: &str, email: &str| -> usize {
            let (status, v) = s.call(&company, "/comtalent/duplicates", &[("mobile", mobile), ("email", email)]);
            assert_eq!(status, 200, "{v}");
            v["result"]["list"].as_array().expect("list").len()
        };
        assert_eq!(found("", &email), 1, "the whole email");
        assert_eq!(found("", &email.to_uppercase()), 1, "an email in capitals is the same");
        assert_eq!(found("+86 138-0000-0000", ""), 1, "the mobile, written another way");
        // A part of the email is another address: before, LIKE matched it inside the resume's JSON.
        let part = email.split_once('@').map(|(local, domain)| format!("{}@{domain}", &local[1..])).expect("an address");
        assert_eq!(found("", &part), 0, "{part} is not {email}");
        assert_eq!(found("13800000001", ""), 0);
    }
}

#[test]
fn a_job_that_is_not_public_has_no_public_text() {
    let ui = crate::public_pages::ui_dir();
    for s in crate::common::servers_with(&[("UI_DIR", ui.as_str())]) {
        let company = register_company(&s, &new_mobile("1373"), &format!("公开测试公司{}", tempdir::rand_suffix()));
        let open = post_job(&s, &company, "公开职位");
        let (_, v) = s.call(&company, "/comjob/copy", &[("id", &open)]);
        assert_eq!(v["result"]["state"], "draft", "{v}");
        let draft = v["result"]["id"].to_string();
        let visitor = s.client();
        let detail = |id: &str| s.call(&visitor, "/job/detail", &[("jobid", id)]);
        let page = |id: &str| visitor.get(s.url(&format!("/job/{id}"))).send().expect("page").status().as_u16();
        assert_eq!(detail(&open).0, 200);
        assert_eq!(page(&open), 200);
        assert_eq!(code(&detail(&draft).1), "NOT_FOUND", "a draft");
        assert_eq!(page(&draft), 404);

        // Held for a black word: out of public view, text and page.
        let admin = crate::common::staff::super_admin(&s);
        let word = format!("违禁词{}", unique());
        assert_eq!(s.call(&admin, "/admin/blackword/add", &[("word", &word)]).0, 200);
        let saved = crate::common::staff::post_job_with(&s, &company, "前端开发", &format!("负责前端开发与维护，{word}，和设计、后端一起交付。"));
        let held = saved["id"].to_string();
        assert_eq!(saved["heldWords"].as_str(), Some(word.as_str()), "{saved}");
        assert_eq!(code(&detail(&held).1), "NOT_FOUND", "a held job");
        let res = visitor.get(s.url(&format!("/job/{held}"))).send().expect("page");
        assert_eq!(res.status().as_u16(), 404, "a held job's page");
        assert!(!res.text().unwrap_or_default().contains(&word), "the held text is not shown");
        // Its company still reads it.
        assert_eq!(s.call(&company, "/comjob/get", &[("id", &held)]).0, 200);
    }
}

#[test]
fn the_calendar_starts_today_and_a_long_job_title_does_not_stop_an_interview() {
    for s in servers() {
        let candidate = s.client();
        let me = login(&s, &candidate);
        let resume = me["resumeId"].to_string();
        let company = register_company(&s, &new_mobile("1374"), &format!("日历测试公司{}", tempdir::rand_suffix()));
        // Without `from`, today in China, not 1970.
        let (status, v) = s.call(&company, "/cominterview/list", &[]);
        assert_eq!(status, 200, "{v}");
        let now = server::ids::beijing_time(server::ids::now_ms());
        assert_eq!(v["result"]["from"].as_str().map(|f| &f[..10]), Some(&now[..10]), "{v}");

        // A 40-character title: the interviewer's reminder subject would render past 50 characters.
        let title = "高级前端开发工程师（React、TypeScript、微前端方向，杭州西湖区）".chars().chain(std::iter::repeat('岗')).take(40).collect::<String>();
        assert_eq!(title.chars().count(), 40);
        let job = post_job(&s, &company, &title);
        assert_eq!(s.call(&candidate, "/pcjob/apply", &[("jobid", &job), ("resumeId", &resume)]).0, 200);
        let (_, v) = s.call(&company, "/comresume/applyresume", &[("stageOppId", &job), ("page", "1"), ("pagesize", "50")]);
        let apply = v["result"]["list"][0]["applyId"].to_string();
        let iv_mobile = new_mobile("1366");
        let (_, v) = s.call(&company, "/cominterviewer/save", &[("name", "欧阳长名面试官"), ("mobile", &iv_mobile), ("email", &format!("iv{iv_mobile}@example.com"))]);
        let iv = v["result"]["id"].to_string();
        let form = [
            ("applyId", apply.as_str()),
            ("start", &format!("{} 10:00", day())),
            ("minutes", "60"),
            ("contact", "王丽"),
            ("contactPhone", "13900139000"),
            ("address", "杭州市西湖区文三路 478 号 12 楼"),
            ("interviewers", &iv),
        ];
        let (status, v) = s.call(&company, "/cominterview/save", &form);
        assert_eq!(status, 200, "{v}");
        let id = v["result"]["id"].to_string();
        let (_, v) = s.call(&company, "/comnotice/list", &[("event", &format!("interview:{id}")), ("page", "1"), ("pagesize", "50")]);
        let subjects: Vec<&str> = v["result"]["list"].as_array().expect("list").iter().filter_map(|n| n["subject"].as_str()).filter(|x| !x.is_empty()).collect();
        assert!(subjects.iter().any(|x| x.ends_with('…')), "the long subject is cut: {subjects:?}");
        assert!(subjects.iter().all(|x| x.chars().count() <= 50), "{subjects:?}");
    }
}

#[test]
fn the_test_endpoints_answer_only_on_loopback_where_the_dev_providers_are() {
    for s in servers() {
        let c = s.client();
        let get = |c: &Client, header: Option<(&str, &str)>| {
            let mut req = c.get(s.url("/ajax/totest/getdata"));
            if let Some((k, v)) = header {
                req = req.header(k, v);
            }
            crate::common::envelope(req.send().expect("get"))
        };
        assert_eq!(code(&get(&c, None).1), "NOT_LOGGED_IN");
        login(&s, &c);
        assert_eq!(get(&c, None).1["result"], Value::Null, "nothing kept yet");
        let (status, v) = s.call(&c, "/totest/setdata", &[("data", r#"{"step":3,"note":"测试"}"#)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(get(&c, None).1["result"], json!({"step": 3, "note": "测试"}));
        let (_, v) = s.call(&c, "/totest/setdata", &[("data", "[1,2]")]);
        assert_eq!(v["result"], json!([1, 2]));
        assert_eq!(get(&c, None).1["result"], json!([1, 2]), "the last value replaces the one before");
        let big = format!("\"{}\"", "x".repeat(4100));
        assert_eq!(code(&s.call(&c, "/totest/setdata", &[("data", &big)]).1), "BAD_INPUT", "over 4 KB");
        assert_eq!(code(&s.call(&c, "/totest/setdata", &[("data", "{not json")]).1), "BAD_INPUT");
        assert_eq!(get(&c, None).1["result"], json!([1, 2]), "a refused value changes nothing");
        // Another session has its own.
        let other = s.client();
        login(&s, &other);
        assert_eq!(get(&other, None).1["result"], Value::Null);
        // Through a proxy: not there.
        let (status, v) = get(&c, Some(("X-Forwarded-For", "203.0.113.7")));
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"));
    }
    // With real providers the routes are not there at all.
    let dir = tempdir::Dir::new();
    let env = [("SMS_PROVIDER", "aliyun"), ("WECHAT_PROVIDER", "official"), ("PAYMENT_PROVIDER", "none"), ("MAIL_PROVIDER", "smtp"), ("SMTP_URL", "smtp://127.0.0.1:25")];
    let (mut child, base) = crate::common::spawn_server(&dir.0, None, &env);
    let status = reqwest::blocking::Client::new().get(format!("{base}/ajax/totest/getdata")).send().expect("get").status().as_u16();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(status, 404);
}

/// Registers a company named `name` through the slider and an SMS code; answers the client and
/// the registration's answer.
fn try_register(s: &TestServer, mobile: &str, name: &str) -> (Client, u16, Value) {
    let client = s.client();
    let sms = company_code(s, &client, mobile);
    let form = [("mobile", mobile), ("code", sms.as_str()), ("password", "hire2026a"), ("confirmPassword", "hire2026a"), ("companyName", name)];
    let (status, v) = s.call(&client, "/comlogin/register", &form);
    (client, status, v)
}

#[test]
fn look_alike_company_names_are_refused_and_a_rename_is_reviewed_again() {
    for s in servers() {
        // The seed's 阿里巴巴（中国）有限公司 (brand 阿里巴巴), with a zero-width space, half-width brackets, spacing.
        for look_alike in ["阿里巴巴（中国）有限公司\u{200B}", "阿里巴巴(中国)有限公司", "阿里巴巴 （中国）\u{FEFF}有限公司"] {
            let (_, status, v) = try_register(&s, &new_mobile("1375"), look_alike);
            assert_eq!((status, code(&v)), (400, "COMPANY_NAME_EXISTS"), "{look_alike:?}: {v}");
        }
        let typed = format!("\u{200B}名称测试{}\u{200D}科技有限公司", tempdir::rand_suffix().replace('_', ""));
        let (company, status, v) = try_register(&s, &new_mobile("1375"), &typed);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&company, "/comcompany/get", &[]);
        let shown = v["result"]["name"].as_str().expect("name").to_string();
        assert_eq!(shown, typed.replace(['\u{200B}', '\u{200D}'], ""), "kept as typed, without the invisible characters");
        let save = |name: &str, brand: &str| s.call(&company, "/comcompany/save", &[("name", name), ("shortName", brand)]);
        let (status, v) = save(&shown, "阿里巴巴\u{200B}");
        assert_eq!((status, code(&v)), (400, "BRAND_EXISTS"), "{v}");
        assert_eq!(code(&save(&shown, "ＡＬＩＢＡＢＡ").1), "", "a brand of its own");
        let (status, v) = save(&shown, "alibaba");
        assert_eq!(status, 200, "the same brand in other letters is its own: {v}");

        // Verified, then renamed: the badge drops until a reviewer verifies again, and the log says why.
        let admin = crate::common::staff::super_admin(&s);
        let (_, v) = s.call(&company, "/comlogin/me", &[]);
        let id = v["result"]["company"]["id"].to_string();
        assert_eq!(s.call(&admin, "/admin/company/review", &[("companyId", &id), ("decision", "verified"), ("note", "营业执照已核")]).0, 200);
        let review = || s.call(&company, "/comcompany/get", &[]).1["result"]["review"]["status"].clone();
        assert_eq!(review(), "verified");
        assert_eq!(save(&shown, "alibaba").0, 200);
        assert_eq!(review(), "verified", "saving the same names keeps the badge");
        assert_eq!(save(&format!("{shown}二部"), "alibaba").0, 200);
        assert_eq!(review(), "pending", "a new full name is reviewed again");
        let (_, v) = s.call(&admin, "/admin/audit/list", &[("page", "1"), ("pagesize", "50")]);
        let row = v["result"]["list"].as_array().expect("list").iter().find(|r| r["action"] == "company.review.reset").cloned().expect("the reset is logged");
        assert_eq!(row["reason"], "full name changed", "{row}");
    }
}

#[test]
fn a_company_leaving_a_block_group_keeps_its_blocks() {
    for s in servers() {
        let candidate = s.client();
        let me = login(&s, &candidate);
        let resume = me["resumeId"].to_string();
        // Two companies of one brand group: A gets the brand first, B joins it through the seed's way
        // (straight in the database: brands are unique for companies that set their own).
        let a = register_company(&s, &new_mobile("1376"), &format!("集团甲{}", tempdir::rand_suffix()));
        let b = register_company(&s, &new_mobile("1376"), &format!("集团乙{}", tempdir::rand_suffix()));
        let brand = format!("集团{}", tempdir::rand_suffix().replace('_', ""));
        let id_of = |c: &Client| s.call(c, "/comlogin/me", &[]).1["result"]["company"]["id"].to_string();
        let (a_id, b_id) = (id_of(&a), id_of(&b));
        let key = server::db::company::keys("", &brand).1;
        s.sql(&format!("UPDATE companies SET short_name = '{brand}', brand_key = '{key}' WHERE id IN ({a_id}, {b_id})"));
        // The candidate blocks A: B, of A's group, no longer opens the resume.
        assert_eq!(s.call(&candidate, "/pcuser/shield", &[("comId", &a_id), ("resumeId", &resume)]).0, 200);
        assert_eq!(code(&s.call(&b, "/comresume/resume", &[("resumeId", &resume)]).1), "NOT_FOUND");
        // B takes another brand: the block it was under goes with it.
        let (_, v) = s.call(&b, "/comcompany/get", &[]);
        let name = v["result"]["name"].as_str().expect("name").to_string();
        let (status, v) = s.call(&b, "/comcompany/save", &[("name", &name), ("shortName", &format!("新{brand}"))]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(code(&s.call(&b, "/comresume/resume", &[("resumeId", &resume)]).1), "NOT_FOUND", "a new brand is no way out of a block");
    }
}

#[test]
fn a_huge_tag_is_refused_before_any_query() {
    for s in servers() {
        let c = s.client();
        login(&s, &c);
        let (status, v) = s.call(&c, "/tag/getSimilar", &[("tags", &"前".repeat(60_000))]);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{}", v.to_string().chars().take(200).collect::<String>());
        let many: Vec<String> = (0..40).map(|i| format!("技能技能{i}")).collect();
        let (status, v) = s.call(&c, "/tag/getSimilar", &[("tags", &serde_json::to_string(&many).expect("json"))]);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "40 tags are over 200 characters in all: {v}");
        let (status, v) = s.call(&c, "/tag/getSimilar", &[("tags", "Java,Spring")]);
        assert_eq!(status, 200, "{v}");
        assert!(v["result"].is_array());
    }
}

#[test]
fn a_visitor_views_a_job_once_a_day_however_many_events_it_sends() {
    for s in servers() {
        let company = register_company(&s, &new_mobile("1377"), &format!("浏览测试公司{}", tempdir::rand_suffix()));
        let job = post_job(&s, &company, "浏览测试职位");
        let views = || -> i64 {
            let (_, v) = s.call(&company, "/comresume/funnel", &[]);
            v["result"].as_array().expect("funnel").iter().find(|j| j["jobId"].to_string() == job).and_then(|j| j["views"].as_i64()).expect("the job")
        };
        assert_eq!(views(), 0);
        let fifty_opens: Value = Value::Array((0..50).map(|_| json!({"kind": "open", "jobId": job})).collect());
        for visitor in ["0123456789abcdef0123456789abcdef", "1123456789abcdef0123456789abcdef", "2123456789abcdef0123456789abcdef"] {
            for _ in 0..2 {
                let res = s
                    .client()
                    .post(s.url("/ajax/pcuser/addLog"))
                    .header("Cookie", format!("finger={visitor}"))
                    .form(&[("events", fifty_opens.to_string())])
                    .send()
                    .expect("send");
                let (status, v) = crate::common::envelope(res);
                assert_eq!(status, 200, "{v}");
            }
        }
        assert_eq!(views(), 3, "three visitors, 300 open events: three views");
    }
}

#[test]
fn a_forged_host_changes_no_public_link() {
    let ui = crate::public_pages::ui_dir();
    for s in crate::common::servers_with(&[("UI_DIR", ui.as_str()), ("ALLOWED_HOSTS", "www.zhida.example")]) {
        let company = register_company(&s, &new_mobile("1378"), &format!("链接测试公司{}", tempdir::rand_suffix()));
        let job = post_job(&s, &company, "链接测试职位");
        let fetch = |path: &str, headers: &[(&str, &str)]| -> String {
            let mut req = s.client().get(s.url(path));
            for (k, v) in headers {
                req = req.header(*k, *v);
            }
            let res = req.send().expect("get");
            assert_eq!(res.status().as_u16(), 200, "{path} {headers:?}");
            res.text().expect("body")
        };
        for path in ["/robots.txt", &format!("/job/{job}")] {
            // A forged Host: the first allowed host instead. Forwarded hosts from a client that is no
            // trusted proxy: ignored (the Host, this server's own address, is named).
            let own = s.base.trim_start_matches("http://").to_string();
            for (forged, named) in [
                (vec![("Host", "evil.example")], "www.zhida.example"),
                (vec![("X-Forwarded-Host", "evil.example")], own.as_str()),
                (vec![("Forwarded", "host=evil.example")], own.as_str()),
            ] {
                let body = fetch(path, &forged);
                assert!(!body.contains("evil.example"), "{path} {forged:?} names the forged host");
                assert!(body.contains(named), "{path} {forged:?}: {named} instead");
            }
            // An allowed host, and the server's own address, are believed.
            assert!(fetch(path, &[("Host", "www.zhida.example")]).contains("http://www.zhida.example/"));
        }
    }
    for s in crate::common::servers_with(&[("UI_DIR", ui.as_str())]) {
        let own = s.base.trim_start_matches("http://").to_string();
        let body = s.client().get(s.url("/robots.txt")).header("Host", "evil.example").send().expect("get").text().expect("body");
        assert!(!body.contains("evil.example") && body.contains(&own), "no ALLOWED_HOSTS: this server's own address: {body}");
    }
}

#[test]
fn a_stranger_locks_only_their_own_address_out_of_an_account() {
    for s in crate::common::servers_with(&[("TRUSTED_PROXIES", "127.0.0.1/32,::1")]) {
        let try_login = |from: &str, mobile: &str, password: &str, path: &str| -> String {
            let res = s.client().post(s.url(&format!("/ajax{path}"))).header("X-Forwarded-For", from).form(&[("mobile", mobile), ("password", password)]).send().expect("send");
            code(&crate::common::envelope(res).1).to_string()
        };
        let demo = crate::common::DEMO_MOBILE;
        for _ in 0..5 {
            assert_eq!(try_login("203.0.113.9", demo, "wrong-pass-1", "/pclogin/login"), "LOGIN_FAILED");
        }
        assert_eq!(try_login("203.0.113.9", demo, crate::common::DEMO_PASSWORD, "/pclogin/login"), "RATE_LIMITED", "the stranger's address is locked out");
        assert_eq!(try_login("198.51.100.20", demo, crate::common::DEMO_PASSWORD, "/pclogin/login"), "", "the user, elsewhere, logs in");
        assert_eq!(try_login("203.0.113.9", demo, "wrong-pass-1", "/comlogin/login"), "LOGIN_FAILED", "another face is not locked");

        // Spread over many addresses, the account's ceiling stops the guessing for everyone…
        for i in 0..10 {
            for _ in 0..5 {
                try_login(&format!("192.0.2.{}", 10 + i), demo, "wrong-pass-1", "/pclogin/login");
            }
        }
        assert_eq!(try_login("198.51.100.21", demo, crate::common::DEMO_PASSWORD, "/pclogin/login"), "RATE_LIMITED", "the account's ceiling");
        // …until the console lifts it.
        let admin = crate::common::staff::super_admin(&s);
        assert_eq!(s.call(&admin, "/admin/user/unlock", &[("mobile", demo)]).0, 200);
        assert_eq!(try_login("198.51.100.21", demo, crate::common::DEMO_PASSWORD, "/pclogin/login"), "");
        assert_eq!(try_login("203.0.113.9", demo, crate::common::DEMO_PASSWORD, "/pclogin/login"), "", "every address's lockout lifted");
    }
}

#[test]
fn an_interviewer_is_invited_and_their_number_stays_theirs() {
    for s in servers() {
        let a = register_company(&s, &new_mobile("1379"), &format!("邀请测试公司{}", tempdir::rand_suffix()));
        let other_owner = new_mobile("1379");
        register_company(&s, &other_owner, &format!("别家公司{}", tempdir::rand_suffix()));
        let invite = |mobile: &str, email: &str| s.call(&a, "/cominterviewer/save", &[("name", "吴面试"), ("mobile", mobile), ("email", email)]);
        let shape = |v: &Value| -> Vec<String> { v["result"].as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default() };

        // Another company's account and a number nobody has get the same answer.
        let (status_taken, taken) = invite(&other_owner, &format!("a{other_owner}@example.com"));
        let fresh = new_mobile("1369");
        let (status_fresh, free) = invite(&fresh, &format!("a{fresh}@example.com"));
        assert_eq!((status_taken, status_fresh), (200, 200), "{taken} {free}");
        assert_eq!((shape(&taken), taken["result"]["invited"].as_bool()), (shape(&free), Some(true)), "{taken} {free}");

        // Invited, not yet theirs: no log-in, and the number may still register a company.
        let (_, v) = s.call(&a, "/cominterviewer/list", &[]);
        let row = v["result"]["list"].as_array().expect("list").iter().find(|r| r["mobile"] == fresh.as_str()).cloned().expect("listed");
        assert_eq!(row["state"], "pending", "{row}");
        assert_eq!(code(&s.call(&s.client(), "/comlogin/login", &[("mobile", &fresh), ("password", "interview2026")]).1), "LOGIN_FAILED");
        register_company(&s, &fresh, &format!("自己的公司{}", tempdir::rand_suffix()));
        // So that number's invitation can no longer be accepted; the other company's owner's neither.
        for number in [&fresh, &other_owner] {
            let token = crate::common::staff::invitation_token(&s, number);
            let (_, v) = s.call(&s.client(), "/comlogin/invitation", &[("token", &token)]);
            assert_eq!(v["result"]["companyName"].as_str().map(|n| n.starts_with("邀请测试公司")), Some(true), "{v}");
            let form = [("token", token.as_str()), ("password", "interview2026"), ("confirmPassword", "interview2026")];
            assert_eq!(code(&s.call(&s.client(), "/comlogin/acceptInvitation", &form).1), "MOBILE_REGISTERED");
        }

        // A number that accepts logs in as the company's interviewer; the link works once.
        let joining = new_mobile("1368");
        assert_eq!(invite(&joining, &format!("j{joining}@example.com")).0, 200);
        let token = crate::common::staff::invitation_token(&s, &joining);
        let password = crate::common::staff::accept_invitation(&s, &joining);
        let form = [("token", token.as_str()), ("password", "another2026"), ("confirmPassword", "another2026")];
        assert_eq!(code(&s.call(&s.client(), "/comlogin/acceptInvitation", &form).1), "NOT_FOUND", "used");
        let iv = interviewer_login(&s, &joining, &password);
        // Removed: the session ends and the number is free to register a company.
        let (_, v) = s.call(&a, "/cominterviewer/list", &[]);
        let id = v["result"]["list"].as_array().expect("list").iter().find(|r| r["mobile"] == joining.as_str()).expect("listed")["id"].to_string();
        assert_eq!(s.call(&a, "/cominterviewer/remove", &[("id", &id)]).0, 200);
        assert_eq!(s.call(&iv, "/cominterview/list", &[]).0, 401);
        register_company(&s, &joining, &format!("离职后的公司{}", tempdir::rand_suffix()));

        // Adding is limited like the account calls.
        let limited = (0..40).any(|i| {
            let m = new_mobile("1367");
            code(&invite(&m, &format!("limit{i}{m}@example.com")).1) == "RATE_LIMITED"
        });
        assert!(limited, "40 invitations in a row are limited");
    }
}

#[test]
fn a_block_group_is_one_brand_by_key_in_every_read_and_blank_brands_make_none() {
    for s in servers() {
        let candidate = s.client();
        let resume = login(&s, &candidate)["resumeId"].to_string();
        let b = register_company(&s, &new_mobile("1374"), &format!("组测试乙{}", tempdir::rand_suffix()));
        let c = register_company(&s, &new_mobile("1374"), &format!("组测试丙{}", tempdir::rand_suffix()));
        let id_of = |client: &Client| s.call(client, "/comlogin/me", &[]).1["result"]["company"]["id"].to_string();
        let (b_id, c_id) = (id_of(&b), id_of(&c));
        let c_job = post_job(&s, &c, "组测试职位");
        assert_eq!(s.call(&candidate, "/pcjob/apply", &[("jobid", &c_job), ("resumeId", &resume)]).0, 200);
        assert_eq!(s.call(&candidate, "/pcuser/shield", &[("comId", &b_id), ("resumeId", &resume)]).0, 200);
        // What C reads of the candidate, and what C's job page tells the candidate: the three reads
        // that each wrote the group rule once (visibility, the pipeline's SQL, the job page's blocks).
        let reads = || {
            let opens = s.call(&c, "/comresume/resume", &[("resumeId", &resume)]).0 == 200;
            let (_, list) = s.call(&c, "/comresume/applyresume", &[("stageOppId", &c_job), ("page", "1"), ("pagesize", "50")]);
            let listed = list["result"]["total"].as_i64() == Some(1);
            let (_, page) = s.call(&candidate, "/job/detail", &[("jobid", &c_job)]);
            let warned = page["result"]["shieldedResumeIds"].as_array().is_some_and(|ids| ids.iter().any(|i| i.to_string() == resume));
            (opens, listed, warned)
        };
        let set_brands = |b_brand: &str, c_brand: &str| {
            for (id, brand) in [(&b_id, b_brand), (&c_id, c_brand)] {
                let key = server::db::company::keys("", brand).1;
                s.sql(&format!("UPDATE companies SET short_name = '{brand}', brand_key = '{key}' WHERE id = {id}"));
            }
        };
        assert_eq!(reads(), (true, true, false), "strangers: the block of B is not C's");
        set_brands("", "");
        assert_eq!(reads(), (true, true, false), "blank brands make no group");
        set_brands("   ", "\u{3000}");
        assert_eq!(reads(), (true, true, false), "white-space-only brands make no group");
        let brand = format!("同组{}", unique());
        set_brands(&brand, &format!(" {} ", brand.replace("同组", "同 组")));
        assert_eq!(reads(), (false, false, true), "one brand by key (spacing aside): B's block covers C in every read");
    }
}
