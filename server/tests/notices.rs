//! Notice templates and the notice outbox over HTTP, on SQLite and PostgreSQL: the template rules
//! (strict variables, limits after rendering, unique names), the outbox against a fake SMTP server
//! and a fake SMS gateway that fail first, a company that never reaches another's rows, and a
//! server killed (SIGKILL) between the commit and the send and in the middle of a send.

use crate::common;
use crate::common::fakes;

use std::time::{Duration, Instant};

use crate::common::staff::{company_login, company_login_at, register_company};
use crate::common::{code, login, servers, servers_with, set_email, spawn_server, tempdir, TestServer, DEMO_PASSWORD};
use diesel::{Connection, PgConnection, RunQueryDsl};
use reqwest::blocking::Client;
use serde_json::Value;

const CANDIDATE_EMAIL: &str = "zhangwei@example.com";

fn call(client: &Client, base: &str, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    common::envelope(client.post(format!("{base}/ajax{path}")).form(form).send().expect("send"))
}

/// A new job of the demo company, the demo candidate's application to it (with an email on the
/// account); returns the application's id.
fn application(base: &str, database_url: &str, company: &Client) -> String {
    let title = format!("通知测试职位{}", tempdir::rand_suffix());
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
    let (status, v) = call(company, base, "/comjob/save", &form);
    assert_eq!(status, 200, "{v}");
    let job = v["result"]["id"].to_string();
    let candidate = Client::builder().cookie_store(true).build().expect("client");
    let (status, v) = call(&candidate, base, "/pclogin/login", &[("mobile", common::DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
    assert_eq!(status, 200, "{v}");
    set_email(database_url, common::DEMO_MOBILE, CANDIDATE_EMAIL);
    let resume = v["result"]["resumeId"].to_string();
    let (status, v) = call(&candidate, base, "/pcjob/apply", &[("jobid", &job), ("resumeId", &resume)]);
    assert_eq!(status, 200, "{v}");
    let (_, v) = call(company, base, "/comresume/applyresume", &[("stageOppId", &job), ("page", "1"), ("pagesize", "50")]);
    v["result"]["list"][0]["applyId"].to_string()
}

fn template_of_kind(base: &str, company: &Client, kind: &str) -> String {
    let (status, v) = call(company, base, "/comtemplate/list", &[]);
    assert_eq!(status, 200, "{v}");
    v["result"]["list"].as_array().expect("list").iter().find(|t| t["kind"] == kind).expect("default template")["id"].to_string()
}

fn notices_of(base: &str, company: &Client, event: &str) -> Vec<Value> {
    let (status, v) = call(company, base, "/comnotice/list", &[("event", event), ("pagesize", "50")]);
    assert_eq!(status, 200, "{v}");
    v["result"]["list"].as_array().expect("list").clone()
}

/// Waits until every notice of the event is in a final state; returns them.
fn settled(base: &str, company: &Client, event: &str, expect: usize, within: Duration) -> Vec<Value> {
    let start = Instant::now();
    loop {
        let list = notices_of(base, company, event);
        if list.len() == expect && list.iter().all(|n| n["state"] == "sent" || n["state"] == "failed") {
            return list;
        }
        assert!(start.elapsed() < within, "notices of {event} not settled: {list:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn save(s: &TestServer, client: &Client, form: &[(&str, &str)]) -> (u16, Value) {
    s.call(client, "/comtemplate/save", form)
}

#[test]
fn templates_follow_the_rules_and_stay_within_their_company() {
    for s in servers() {
        let company = company_login(&s);
        let (_, v) = s.call(&company, "/comtemplate/list", &[]);
        let kinds: Vec<&str> = v["result"]["list"].as_array().expect("list").iter().filter_map(|t| t["kind"].as_str()).collect();
        assert_eq!(kinds, ["invitation", "reschedule", "cancellation", "rejection", "offer", "chat_unsuitable"], "{v}");
        assert_eq!(v["result"]["list"][0]["name"], "面试邀请");

        // id absent: a new template.
        let good = [("name", "终面邀请"), ("mailSubject", "{{ companyName }}终面"), ("mailContent", "{{ candidateName }}您好，{{ interviewTime }}见。"), ("smsContent", "{{ candidateName }}：{{ interviewTime }}终面")];
        let (status, v) = save(&s, &company, &good);
        assert_eq!(status, 200, "{v}");
        let id = v["result"]["id"].as_i64().expect("id").to_string();

        // An unknown variable is refused, named.
        let (status, v) = save(&s, &company, &[("name", "坏模板"), ("mailSubject", "面试"), ("mailContent", "{{ salary }}元"), ("smsContent", "好")]);
        assert_eq!((status, code(&v)), (400, "FIELDS_INVALID"), "{v}");
        assert!(v["error"]["message"].as_str().expect("message").contains("salary"), "{v}");
        // Strict: a misspelt one too, and in the subject or the SMS.
        let (_, v) = save(&s, &company, &[("name", "坏模板"), ("mailSubject", "{{ companyname }}"), ("mailContent", "好"), ("smsContent", "好")]);
        assert!(code(&v) == "FIELDS_INVALID" && v["error"]["message"].as_str().unwrap_or("").contains("companyname"), "{v}");

        // The same name in the company, new or renamed, is refused: "template name exists".
        let (status, v) = save(&s, &company, &[("name", "面试邀请"), ("mailSubject", "a"), ("mailContent", "b"), ("smsContent", "c")]);
        assert_eq!((status, code(&v)), (400, "TEMPLATE_NAME_EXISTS"), "{v}");
        assert_eq!(v["error"]["message"], "template name exists");
        let renamed = [("id", id.as_str()), ("name", "面试邀请"), ("mailSubject", "a"), ("mailContent", "b"), ("smsContent", "c")];
        assert_eq!(code(&save(&s, &company, &renamed).1), "TEMPLATE_NAME_EXISTS");
        // Saving itself under its own name is fine.
        let same = [("id", id.as_str()), ("name", "终面邀请"), ("mailSubject", "终面"), ("mailContent", "b"), ("smsContent", "c")];
        assert_eq!(save(&s, &company, &same).0, 200);

        // Limits as written and after rendering.
        let long_name = "名".repeat(51);
        assert_eq!(code(&save(&s, &company, &[("name", &long_name), ("mailSubject", "a"), ("mailContent", "b"), ("smsContent", "c")]).1), "FIELDS_INVALID");
        let subject = format!("{}{{{{ address }}}}", "字".repeat(37));
        let (_, v) = save(&s, &company, &[("name", "长标题"), ("mailSubject", &subject), ("mailContent", "b"), ("smsContent", "c")]);
        assert!(v["error"]["message"].as_str().unwrap_or("").contains("tooLongRendered"), "{v}");
        let sms = format!("{}{{{{ address }}}}", "字".repeat(180));
        let (_, v) = save(&s, &company, &[("name", "长短信"), ("mailSubject", "a"), ("mailContent", "b"), ("smsContent", &sms)]);
        assert!(v["error"]["message"].as_str().unwrap_or("").contains("smsContent"), "{v}");
        let exactly = "字".repeat(200);
        assert_eq!(save(&s, &company, &[("name", "长短信"), ("mailSubject", "a"), ("mailContent", "b"), ("smsContent", &exactly)]).0, 200);
        // The mail: 5000 characters go, 5001 are refused, named.
        let mail = "字".repeat(5000);
        assert_eq!(save(&s, &company, &[("name", "长邮件"), ("mailSubject", "a"), ("mailContent", &mail), ("smsContent", "c")]).0, 200);
        let mail = "字".repeat(5001);
        let (status, v) = save(&s, &company, &[("name", "长邮件二"), ("mailSubject", "a"), ("mailContent", &mail), ("smsContent", "c")]);
        assert_eq!((status, code(&v)), (400, "FIELDS_INVALID"), "{v}");
        assert!(v["error"]["message"].as_str().unwrap_or("").contains("mailContent"), "{v}");

        // Another company: none of these rows.
        let mobile = format!("1370001{:04}", std::process::id() % 10_000);
        let other = register_company(&s, &mobile, &format!("通知测试公司{}", tempdir::rand_suffix()));
        let (_, v) = s.call(&other, "/comtemplate/list", &[]);
        assert!(v["result"]["list"].as_array().expect("list").iter().all(|t| t["id"].to_string() != id), "{v}");
        let theirs = [("id", id.as_str()), ("name", "偷改"), ("mailSubject", "a"), ("mailContent", "b"), ("smsContent", "c")];
        assert_eq!(code(&save(&s, &other, &theirs).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&other, "/comtemplate/delete", &[("id", &id)]).1), "NOT_FOUND");
        // Its own "面试邀请" does not clash with ours.
        let (_, v) = s.call(&other, "/comtemplate/list", &[]);
        assert_eq!(v["result"]["list"][0]["name"], "面试邀请");

        assert_eq!(s.call(&company, "/comtemplate/delete", &[("id", &id)]).0, 200);
        assert_eq!(code(&s.call(&company, "/comtemplate/delete", &[("id", &id)]).1), "NOT_FOUND");
        assert_eq!(s.call(&s.client(), "/comtemplate/list", &[]).0, 401);
    }
}

#[test]
fn a_move_to_hired_sends_the_chosen_offer_once_and_another_company_neither_lends_a_template_nor_reads_ours() {
    for s in servers() {
        let company = company_login_at(&s.base);
        let apply = application(&s.base, &s.database_url(), &company);
        let offer = template_of_kind(&s.base, &company, "offer");
        let (_, v) = s.call(&company, "/comresume/stages", &[]);
        let stage_named = |name: &str| v["result"].as_array().expect("stages").iter().find(|st| st["name"] == name).expect("stage")["id"].to_string();
        let (first, hired) = (stage_named("新投递"), stage_named("已录用"));
        let event = format!("apply:{apply}:offer");

        // Another company's template: refused, and nothing moves or is queued.
        let other = register_company(&s, &format!("1370002{:04}", std::process::id() % 10_000), &format!("通知测试公司{}", tempdir::rand_suffix()));
        let theirs = template_of_kind(&s.base, &other, "offer");
        let (status, v) = s.call(&company, "/comresume/move", &[("applyId", &apply), ("stageId", &hired), ("template", &theirs)]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{} {v}", s.engine);
        assert_eq!(code(&s.call(&company, "/comresume/bulkMove", &[("applyIds", &apply), ("stageId", &hired), ("template", &theirs)]).1), "NOT_FOUND");
        assert_eq!(code(&s.call(&company, "/comresume/move", &[("applyId", &apply), ("stageId", &hired), ("template", "x")]).1), "BAD_INPUT");
        let (_, v) = s.call(&company, "/comresume/detail", &[("applyId", &apply)]);
        assert_eq!(v["result"]["application"]["stageId"].to_string(), first, "{v}");
        assert!(notices_of(&s.base, &company, &format!("apply:{apply}")).is_empty());

        // Our offer template: a mail and a text to the candidate, rendered.
        let (status, v) = s.call(&company, "/comresume/move", &[("applyId", &apply), ("stageId", &hired), ("template", &offer)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["stageId"].to_string(), hired, "{v}");
        let list = notices_of(&s.base, &company, &event);
        assert_eq!(list.len(), 2, "{} {list:?}", s.engine);
        let mail = list.iter().find(|n| n["channel"] == "mail").expect("mail");
        assert_eq!(mail["recipient"], CANDIDATE_EMAIL);
        assert!(mail["subject"].as_str().is_some_and(|t| t.contains("录用通知")), "{mail}");
        assert_eq!(list.iter().find(|n| n["channel"] == "sms").expect("sms")["recipient"], common::DEMO_MOBILE);

        // Moved away and hired again in bulk: the offer was sent, nothing new is queued.
        assert_eq!(s.call(&company, "/comresume/move", &[("applyId", &apply), ("stageId", &first)]).0, 200);
        let (status, v) = s.call(&company, "/comresume/bulkMove", &[("applyIds", &apply), ("stageId", &hired), ("template", &offer)]);
        assert_eq!((status, v["result"]["moved"].as_i64()), (200, Some(1)), "{v}");
        assert_eq!(notices_of(&s.base, &company, &event).len(), 2);
        // A move without a template queues nothing.
        assert_eq!(s.call(&company, "/comresume/move", &[("applyId", &apply), ("stageId", &first)]).0, 200);
        assert_eq!(notices_of(&s.base, &company, &format!("apply:{apply}")).len(), 2);

        // The limits are checked again with the real values when sending: a text that fits as written (200) and
        // with the sample job title (9 characters) but not with this job's (13 or more) is refused, and the
        // card stays where it was.
        let sms = format!("{}{{{{jobTitle}}}}", "字".repeat(188));
        let (status, v) = save(&s, &company, &[("name", "刚好的短信"), ("mailSubject", "a"), ("mailContent", "b"), ("smsContent", &sms)]);
        assert_eq!(status, 200, "{v}");
        let tight = v["result"]["id"].to_string();
        let (status, v) = s.call(&company, "/comresume/reject", &[("applyIds", &apply), ("template", &tight)]);
        assert_eq!((status, code(&v)), (400, "FIELDS_INVALID"), "{v}");
        assert!(v["error"]["message"].as_str().unwrap_or("").contains("smsContent"), "{v}");
        let (_, v) = s.call(&company, "/comresume/detail", &[("applyId", &apply)]);
        assert_eq!(v["result"]["application"]["stageId"].to_string(), first, "{v}");
        assert!(notices_of(&s.base, &company, &format!("apply:{apply}:rejection")).is_empty());

        // The other company reads none of our notices, filtered by our application or not.
        assert!(notices_of(&s.base, &other, &format!("apply:{apply}")).is_empty());
        let (status, v) = s.call(&other, "/comnotice/list", &[("pagesize", "50")]);
        assert_eq!(status, 200, "{v}");
        assert!(v["result"]["list"].as_array().expect("list").iter().all(|n| !n["eventKey"].as_str().unwrap_or("").starts_with(&format!("apply:{apply}:"))), "{v}");
        assert_eq!(v["result"]["total"], 0, "{v}");
    }
}

fn vendor_env<'a>(smtp: &'a fakes::FakeSmtp, sms: &'a fakes::FakeSms, extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut env = vec![
        ("MAIL_PROVIDER", "smtp"),
        ("SMTP_URL", smtp.url.as_str()),
        ("MAIL_FROM", "职达招聘 <noreply@zhida.example.cn>"),
        ("SMS_PROVIDER", "aliyun"),
        ("ALIYUN_SMS_ENDPOINT", sms.url.as_str()),
        ("ALIYUN_SMS_NOTICE_TEMPLATE", "SMS_NOTICE"),
        ("NOTICE_POLL_MS", "100"),
        ("NOTICE_RETRY_BASE_SECS", "1"),
    ];
    env.extend_from_slice(extra);
    env
}

#[test]
fn the_outbox_retries_a_vendor_that_fails_first_and_sends_each_notice_once() {
    let smtp = fakes::fake_smtp();
    let sms = fakes::fake_sms();
    for s in servers_with(&vendor_env(&smtp, &sms, &[])) {
        let company = company_login_at(&s.base);
        let apply = application(&s.base, &s.database_url(), &company);
        let template = template_of_kind(&s.base, &company, "rejection");
        let (mail_before, sms_before) = (smtp.accepted.lock().unwrap().len(), sms.accepted.lock().unwrap().len());
        smtp.behaviour.fail_first.store(1, std::sync::atomic::Ordering::SeqCst);
        sms.behaviour.fail_first.store(1, std::sync::atomic::Ordering::SeqCst);

        let (status, v) = s.call(&company, "/comresume/reject", &[("applyIds", &apply), ("template", &template)]);
        assert_eq!(status, 200, "{v}");
        let event = format!("apply:{apply}:rejection");
        let list = settled(&s.base, &company, &event, 2, Duration::from_secs(20));
        for n in &list {
            assert_eq!((n["state"].as_str(), n["attempts"].as_i64()), (Some("sent"), Some(2)), "{} {n}", s.engine);
        }
        let mail_id = list.iter().find(|n| n["channel"] == "mail").expect("mail")["id"].to_string();
        let sms_id = list.iter().find(|n| n["channel"] == "sms").expect("sms")["id"].to_string();

        let mails = smtp.accepted.lock().unwrap()[mail_before..].to_vec();
        assert_eq!(mails.len(), 1, "{mails:?}");
        assert_eq!(mails[0].to, [CANDIDATE_EMAIL]);
        assert_eq!(mails[0].header("Message-ID"), Some(format!("<notice-{mail_id}@zhida.example.cn>")));
        let texts = sms.texts()[sms_before..].to_vec();
        assert_eq!(texts.len(), 1, "{texts:?}");
        assert_eq!(texts[0].0, common::DEMO_MOBILE);
        assert!(texts[0].1.contains("张伟") && texts[0].1.contains("暂不匹配"), "{texts:?}");
        assert_eq!(texts[0].2, format!("notice-{sms_id}"));

        // The same event again (moved away and rejected once more) queues nothing new.
        let (_, v) = s.call(&company, "/comresume/stages", &[]);
        let first = v["result"][0]["id"].to_string();
        assert_eq!(s.call(&company, "/comresume/move", &[("applyId", &apply), ("stageId", &first)]).0, 200);
        assert_eq!(s.call(&company, "/comresume/reject", &[("applyIds", &apply), ("template", &template)]).0, 200);
        std::thread::sleep(Duration::from_millis(600));
        assert_eq!(notices_of(&s.base, &company, &event).len(), 2);
        assert_eq!(smtp.accepted.lock().unwrap().len(), mail_before + 1);
        assert_eq!(sms.accepted.lock().unwrap().len(), sms_before + 1);

        // A template of another company cannot be used; a candidate never reaches the outbox.
        assert_eq!(code(&s.call(&company, "/comresume/reject", &[("applyIds", &apply), ("template", "123456789")]).1), "NOT_FOUND");
        let candidate = s.client();
        login(&s, &candidate);
        assert_eq!(s.call(&candidate, "/comnotice/list", &[]).0, 401);
    }
}

#[test]
fn a_vendor_refusing_for_good_fails_the_notice_at_once() {
    let smtp = fakes::fake_smtp();
    let sms = fakes::fake_sms();
    for s in servers_with(&vendor_env(&smtp, &sms, &[("NOTICE_MAX_ATTEMPTS", "2")])) {
        let company = company_login_at(&s.base);
        let apply = application(&s.base, &s.database_url(), &company);
        let template = template_of_kind(&s.base, &company, "rejection");
        // Both fail more often than the notices may try.
        smtp.behaviour.fail_first.store(5, std::sync::atomic::Ordering::SeqCst);
        sms.behaviour.fail_first.store(5, std::sync::atomic::Ordering::SeqCst);
        assert_eq!(s.call(&company, "/comresume/reject", &[("applyIds", &apply), ("template", &template)]).0, 200);
        let list = settled(&s.base, &company, &format!("apply:{apply}:rejection"), 2, Duration::from_secs(20));
        for n in &list {
            assert_eq!((n["state"].as_str(), n["attempts"].as_i64()), (Some("failed"), Some(2)), "{n}");
            assert!(n["lastError"].as_str().is_some_and(|e| !e.is_empty()), "{n}");
        }
        smtp.behaviour.fail_first.store(0, std::sync::atomic::Ordering::SeqCst);
        sms.behaviour.fail_first.store(0, std::sync::atomic::Ordering::SeqCst);
    }
}

/// The database for a server that is killed and started again: SQLite in `dir`, or a fresh
/// PostgreSQL database when TEST_DATABASE_URL is set.
fn engines(dir: &std::path::Path) -> Vec<(Option<String>, String)> {
    let mut list = vec![(None, dir.join("jobseeker.sqlite3").to_string_lossy().into_owned())];
    if let Ok(admin) = std::env::var("TEST_DATABASE_URL") {
        if !admin.is_empty() {
            let name = format!("jobseeker_kill_{}_{}", std::process::id(), tempdir::rand_suffix());
            let mut c = PgConnection::establish(&admin).expect("pg");
            diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut c).expect("create");
            let mut url = url::Url::parse(&admin).expect("url");
            url.set_path(&format!("/{name}"));
            list.push((Some(url.to_string()), url.to_string()));
        }
    }
    list
}

#[test]
fn a_server_killed_between_commit_and_send_and_mid_send_loses_nothing_and_sends_nothing_twice() {
    use std::sync::atomic::Ordering::SeqCst;
    let smtp = fakes::fake_smtp();
    let sms = fakes::fake_sms();
    for (database, database_url) in engines(&tempdir::Dir::new().0) {
        let dir = tempdir::Dir::new();
        let engine_url = database.clone().unwrap_or_else(|| dir.0.join("jobseeker.sqlite3").to_string_lossy().into_owned());
        let _ = database_url;
        let (mail_before, sms_before) = (smtp.accepted.lock().unwrap().len(), sms.accepted.lock().unwrap().len());
        let arrived_before = smtp.behaviour.arrived.load(SeqCst);

        // 1. A worker that would not look for a minute: the notices are committed, not sent.
        let idle = vendor_env(&smtp, &sms, &[("NOTICE_POLL_MS", "60000"), ("NOTICE_LEASE_SECS", "2")]);
        let (mut child, base) = spawn_server(&dir.0, database.as_deref(), &idle);
        let company = company_login_at(&base);
        let apply = application(&base, &engine_url, &company);
        let template = template_of_kind(&base, &company, "rejection");
        let (status, v) = call(&company, &base, "/comresume/reject", &[("applyIds", &apply), ("template", &template)]);
        assert_eq!(status, 200, "{v}");
        let event = format!("apply:{apply}:rejection");
        assert!(notices_of(&base, &company, &event).iter().all(|n| n["state"] == "pending"));
        child.kill().expect("SIGKILL");
        child.wait().expect("wait");

        // 2. Started again, it claims them; the SMTP server holds its answer to the mail, and the
        //    server is killed while it waits (the text is claimed, not yet sent).
        smtp.behaviour.hold_first.store(1, SeqCst);
        *smtp.behaviour.hold.lock().unwrap() = Duration::from_secs(3);
        let busy = vendor_env(&smtp, &sms, &[("NOTICE_LEASE_SECS", "2")]);
        let (mut child, _) = spawn_server(&dir.0, database.as_deref(), &busy);
        let start = Instant::now();
        while smtp.behaviour.arrived.load(SeqCst) == arrived_before {
            assert!(start.elapsed() < Duration::from_secs(20), "the mail never reached the SMTP server");
            std::thread::sleep(Duration::from_millis(20));
        }
        child.kill().expect("SIGKILL");
        child.wait().expect("wait");
        std::thread::sleep(Duration::from_secs(4));
        assert_eq!(smtp.accepted.lock().unwrap().len(), mail_before, "the mail was not accepted: its sender died first");
        assert_eq!(sms.accepted.lock().unwrap().len(), sms_before, "the text was claimed, not sent");

        // 3. Started a third time: once the leases run out both go, once.
        let (mut child, base) = spawn_server(&dir.0, database.as_deref(), &busy);
        let company = company_login_at(&base);
        let list = settled(&base, &company, &event, 2, Duration::from_secs(30));
        assert!(list.iter().all(|n| n["state"] == "sent"), "{list:?}");
        std::thread::sleep(Duration::from_secs(3));
        let mails = smtp.accepted.lock().unwrap()[mail_before..].to_vec();
        let texts = sms.texts()[sms_before..].to_vec();
        assert_eq!(mails.len(), 1, "exactly one mail accepted: {mails:?}");
        assert_eq!(texts.len(), 1, "exactly one text accepted: {texts:?}");
        assert_eq!(smtp.behaviour.arrived.load(SeqCst), arrived_before + 2, "the mail was on the wire twice, accepted once");
        let _ = child.kill();
        let _ = child.wait();
        if let (Some(url), Ok(admin)) = (&database, std::env::var("TEST_DATABASE_URL")) {
            let name = url.rsplit('/').next().unwrap_or_default().to_string();
            if let Ok(mut c) = PgConnection::establish(&admin) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c);
            }
        }
    }
}

/// Two servers on one PostgreSQL database, both running the outbox worker: every notice goes out
/// once (their claims skip each other's rows). SQLite is single-node by nature: its claim is the
/// process's write lock, so two processes on one file are not a supported set-up.
#[test]
fn two_servers_on_one_database_send_each_notice_once() {
    let Ok(admin) = std::env::var("TEST_DATABASE_URL") else {
        eprintln!("two_servers_on_one_database_send_each_notice_once: TEST_DATABASE_URL unset, PostgreSQL part skipped");
        return;
    };
    let smtp = fakes::fake_smtp();
    let sms = fakes::fake_sms();
    let name = format!("jobseeker_pair_{}_{}", std::process::id(), tempdir::rand_suffix());
    let mut c = PgConnection::establish(&admin).expect("pg");
    diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut c).expect("create");
    let mut url = url::Url::parse(&admin).expect("url");
    url.set_path(&format!("/{name}"));
    let database = url.to_string();
    let env = vendor_env(&smtp, &sms, &[("NOTICE_POLL_MS", "20"), ("JWT_SECRET", "two-servers-share-this-secret-0123456789")]);
    let (dir_a, dir_b) = (tempdir::Dir::new(), tempdir::Dir::new());
    let (mut a, base_a) = spawn_server(&dir_a.0, Some(&database), &env);
    let (mut b, base_b) = spawn_server(&dir_b.0, Some(&database), &env);

    // Six rejections, each a mail and a text, queued through A and through B in turn.
    let (company_a, company_b) = (company_login_at(&base_a), company_login_at(&base_b));
    let template = template_of_kind(&base_a, &company_a, "rejection");
    let mut events = Vec::new();
    for i in 0..6 {
        let (base, company) = if i % 2 == 0 { (&base_a, &company_a) } else { (&base_b, &company_b) };
        let apply = application(base, &database, company);
        let (status, v) = call(company, base, "/comresume/reject", &[("applyIds", &apply), ("template", &template)]);
        assert_eq!(status, 200, "{v}");
        events.push(format!("apply:{apply}:rejection"));
    }
    for event in &events {
        let list = settled(&base_a, &company_a, event, 2, Duration::from_secs(30));
        assert!(list.iter().all(|n| n["state"] == "sent" && n["attempts"] == 1), "{list:?}");
    }
    std::thread::sleep(Duration::from_secs(1));
    let mails = smtp.accepted.lock().unwrap().clone();
    let mut ids: Vec<String> = mails.iter().filter_map(|m| m.header("Message-ID")).collect();
    ids.sort();
    ids.dedup();
    assert_eq!((mails.len(), ids.len()), (6, 6), "six mails, each once: {ids:?}");
    let mut texts: Vec<String> = sms.texts().into_iter().map(|t| t.2).collect();
    assert_eq!(texts.len(), 6, "{texts:?}");
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), 6, "six texts, each once");

    for child in [&mut a, &mut b] {
        let _ = child.kill();
        let _ = child.wait();
    }
    let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c);
}
