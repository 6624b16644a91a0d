//! Chat's exchange and interview cards over HTTP and the socket (issue 32; domain/chat_exchange.rs):
//! nothing revealed before consent, only the other side answers and once, outsiders and other
//! companies get NOT_FOUND, a resume exchange puts the candidate in the pipeline with source chat,
//! and an interview card is accepted in the thread. SQLite, and PostgreSQL with TEST_DATABASE_URL.

use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

use crate::common::staff::{post_job, register_company};
use crate::common::{self, code, servers, tempdir, TestServer, COMPANY_MOBILE, CHAT_MOBILE, DEMO_PASSWORD};
use reqwest::blocking::multipart;
use reqwest::blocking::Client;
use reqwest::cookie::CookieStore;
use serde_json::Value;
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

type Ws = WebSocket<MaybeTlsStream<TcpStream>>;

/// A signed-in browser whose cookies the socket's handshake can carry.
struct Browser {
    client: Client,
    jar: Arc<reqwest::cookie::Jar>,
}

impl Browser {
    fn signed_in(s: &TestServer, path: &str, mobile: &str) -> Browser {
        let jar = Arc::new(reqwest::cookie::Jar::default());
        let client = Client::builder().cookie_provider(jar.clone()).timeout(Duration::from_secs(20)).build().expect("client");
        let b = Browser { client, jar };
        b.ok(s, path, &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
        b
    }

    /// The call's raw answer: status and the body as sent.
    fn raw(&self, s: &TestServer, path: &str, form: &[(&str, &str)]) -> (u16, String) {
        let res = self.client.post(s.url(&format!("/ajax{path}"))).form(form).send().expect("send");
        (res.status().as_u16(), res.text().expect("body"))
    }

    fn call(&self, s: &TestServer, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
        let (status, body) = self.raw(s, path, form);
        (status, serde_json::from_str(&body).unwrap_or(Value::Null))
    }

    fn ok(&self, s: &TestServer, path: &str, form: &[(&str, &str)]) -> Value {
        let (status, v) = self.call(s, path, form);
        assert_eq!(status, 200, "{} {path} {form:?}: {v}", s.engine);
        v["result"].clone()
    }

    fn socket(&self, s: &TestServer) -> Ws {
        let base = s.url("");
        let mut req = format!("{}/ajax/chat/ws", base.replacen("http://", "ws://", 1)).into_client_request().expect("request");
        let cookies = self.jar.cookies(&base.parse().expect("url")).map(|h| h.to_str().expect("ascii").to_string()).unwrap_or_default();
        req.headers_mut().insert("Cookie", cookies.parse().expect("cookie"));
        req.headers_mut().insert("Origin", base.trim_end_matches('/').parse().expect("origin"));
        let (ws, _) = tungstenite::connect(req).expect("socket");
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
        }
        ws
    }
}

fn candidate(s: &TestServer) -> Browser {
    Browser::signed_in(s, "/pclogin/login", CHAT_MOBILE)
}

fn company(s: &TestServer) -> Browser {
    Browser::signed_in(s, "/comlogin/login", COMPANY_MOBILE)
}

/// Every text frame, as sent, until the `message` frame of `seq` (the hub pushes after the call answered).
fn frames_until_seq(ws: &mut Ws, seq: i64) -> Vec<String> {
    let mut out = Vec::new();
    loop {
        if let Message::Text(t) = ws.read().expect("frame") {
            let f: Value = serde_json::from_str(&t).expect("json");
            out.push(t.to_string());
            if f["type"] == "message" && f["seq"] == seq {
                return out;
            }
        }
    }
}

/// The `message` frames among `frames`, as JSON.
fn messages_in(frames: &[String]) -> Vec<Value> {
    frames.iter().filter_map(|f| serde_json::from_str::<Value>(f).ok()).filter(|f| f["type"] == "message").map(|f| f["message"].clone()).collect()
}

/// Every message of a conversation, read by `b` on `face` (`/chat`, `/comchat`), and the raw answer.
fn thread(s: &TestServer, b: &Browser, face: &str, conv: &str) -> (Vec<Value>, String) {
    let (status, body) = b.raw(s, &format!("{face}/messages"), &[("conversationId", conv), ("afterSeq", "0")]);
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).expect("json");
    (v["result"]["list"].as_array().expect("list").clone(), body)
}

fn message_by_id(list: &[Value], id: &Value) -> Value {
    list.iter().find(|m| m["id"] == *id).expect("the message").clone()
}

/// The member's mobile, as a member's own record says it.
fn member_mobile(s: &TestServer, b: &Browser) -> String {
    b.ok(s, "/comlogin/me", &[])["mobile"].as_str().expect("mobile").to_string()
}

#[test]
fn a_phone_exchange_reveals_nothing_before_consent_and_only_the_other_side_answers_once() {
    for s in servers() {
        let me = candidate(&s);
        let recruiter = company(&s);
        let job = recruiter.ok(&s, "/comjob/list", &[("state", "open")])["list"][0]["id"].to_string();
        let conv = me.ok(&s, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
        let company_mobile = member_mobile(&s, &recruiter);
        let mut candidate_ws = me.socket(&s);
        let mut company_ws = recruiter.socket(&s);

        // The recruiter asks: a request card, seq'd and pushed to both, with no value in it.
        let (status, asked_raw) = recruiter.raw(&s, "/comchat/exchange", &[("conversationId", &conv), ("kind", "phone")]);
        assert_eq!(status, 200, "{asked_raw}");
        let asked: Value = serde_json::from_str::<Value>(&asked_raw).expect("json")["result"].clone();
        assert_eq!((asked["kind"].as_str(), asked["seq"].as_i64(), asked["mine"].as_bool()), (Some("exchange"), Some(2), Some(true)), "{asked}");
        let card = &asked["exchange"];
        assert_eq!(
            (card["kind"].as_str(), card["state"].as_str(), card["asker"].as_str()),
            (Some("phone"), Some("pending"), Some("company")),
            "{card}"
        );
        assert_eq!(card["messageId"], asked["id"]);
        let pushed_candidate = frames_until_seq(&mut candidate_ws, 2);
        let pushed_company = frames_until_seq(&mut company_ws, 2);
        assert!(messages_in(&pushed_candidate).iter().any(|m| m["id"] == asked["id"] && m["exchange"]["state"] == "pending"), "{pushed_candidate:?}");
        // Asking again while it is pending answers the same card.
        assert_eq!(recruiter.ok(&s, "/comchat/exchange", &[("conversationId", &conv), ("kind", "phone")])["id"], asked["id"]);

        // Nothing anywhere holds either mobile before 同意: answers and frames, searched as sent.
        let (_, candidate_raw) = thread(&s, &me, "/chat", &conv);
        let (_, company_raw) = thread(&s, &recruiter, "/comchat", &conv);
        let (_, list_raw) = me.raw(&s, "/chat/list", &[]);
        let everything = [asked_raw.clone(), candidate_raw, company_raw, list_raw, pushed_candidate.join("\n"), pushed_company.join("\n")];
        for (i, text) in everything.iter().enumerate() {
            assert!(!text.contains(CHAT_MOBILE) && !text.contains(&company_mobile), "{} before consent, answer {i} holds a mobile: {text}", s.engine);
        }

        // Only the other side answers: the asker gets CHAT_EXCHANGE_OWN and nothing changes.
        let id = asked["id"].to_string();
        let (status, v) = recruiter.call(&s, "/comchat/exchangeAnswer", &[("messageId", &id), ("accept", "1")]);
        assert_eq!((status, code(&v)), (400, "CHAT_EXCHANGE_OWN"), "{v}");
        for (accept, field) in [("2", "accept"), ("yes", "accept")] {
            let (status, v) = me.call(&s, "/chat/exchangeAnswer", &[("messageId", &id), ("accept", accept)]);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{field}={accept}: {v}");
        }
        let (status, v) = recruiter.call(&s, "/comchat/exchange", &[("conversationId", &conv), ("kind", "email")]);
        assert_eq!((status, code(&v), v["error"]["message"].as_str()), (400, "BAD_INPUT", Some("kind: chat.exchangeKindUnknown")), "{v}");
        let (list, _) = thread(&s, &me, "/chat", &conv);
        assert_eq!((list.len(), message_by_id(&list, &asked["id"])["exchange"]["state"].as_str()), (2, Some("pending")));

        // The candidate agrees: the card and a note (the next seq) carry both mobiles, pushed to both sides.
        let answered = me.ok(&s, "/chat/exchangeAnswer", &[("messageId", &id), ("accept", "1")]);
        let (card, note) = (&answered["card"], &answered["note"]);
        assert_eq!((card["id"].clone(), card["exchange"]["state"].as_str()), (asked["id"].clone(), Some("accepted")), "{answered}");
        assert_eq!(
            (note["kind"].as_str(), note["seq"].as_i64(), note["exchange"]["messageId"].clone()),
            (Some("system"), Some(3), asked["id"].clone()),
            "{note}"
        );
        assert_eq!(
            (note["exchange"]["candidateValue"].as_str(), note["exchange"]["companyValue"].as_str()),
            (Some(CHAT_MOBILE), Some(company_mobile.as_str())),
            "{note}"
        );
        for ws in [&mut candidate_ws, &mut company_ws] {
            let pushed = messages_in(&frames_until_seq(ws, 3));
            let note = pushed.iter().find(|m| m["seq"] == 3).unwrap_or_else(|| panic!("the note was pushed: {pushed:?}"));
            assert_eq!(
                (note["exchange"]["state"].as_str(), note["exchange"]["candidateValue"].as_str()),
                (Some("accepted"), Some(CHAT_MOBILE)),
                "{note}"
            );
        }
        for (b, face) in [(&me, "/chat"), (&recruiter, "/comchat")] {
            let (list, _) = thread(&s, b, face, &conv);
            let shown = message_by_id(&list, &asked["id"])["exchange"].clone();
            assert_eq!(
                (shown["state"].as_str(), shown["candidateValue"].as_str(), shown["companyValue"].as_str()),
                (Some("accepted"), Some(CHAT_MOBILE), Some(company_mobile.as_str())),
                "{face} {shown}"
            );
        }

        // Once: a second answer, either way, is CHAT_EXCHANGE_ANSWERED and stores nothing.
        for accept in ["1", "0"] {
            let (status, v) = me.call(&s, "/chat/exchangeAnswer", &[("messageId", &id), ("accept", accept)]);
            assert_eq!((status, code(&v)), (400, "CHAT_EXCHANGE_ANSWERED"), "{v}");
        }
        assert_eq!(thread(&s, &me, "/chat", &conv).0.len(), 3);

        // The candidate asks next, the recruiter declines: nothing revealed, the card says declined.
        let second = me.ok(&s, "/chat/exchange", &[("conversationId", &conv), ("kind", "phone")]);
        assert_ne!(second["id"], asked["id"], "a new request once the last was answered");
        let declined = recruiter.ok(&s, "/comchat/exchangeAnswer", &[("messageId", &second["id"].to_string()), ("accept", "0")]);
        assert_eq!(
            (declined["card"]["exchange"]["state"].as_str(), declined["note"]["exchange"]["candidateValue"].clone()),
            (Some("declined"), Value::Null),
            "{declined}"
        );
    }
}

#[test]
fn outsiders_and_other_companies_get_not_found_for_exchanges_and_answers() {
    for s in servers() {
        let me = candidate(&s);
        let recruiter = company(&s);
        let job = recruiter.ok(&s, "/comjob/list", &[("state", "open")])["list"][0]["id"].to_string();
        let conv = me.ok(&s, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
        let asked = me.ok(&s, "/chat/exchange", &[("conversationId", &conv), ("kind", "phone")]);
        let id = asked["id"].to_string();

        let other = Browser::signed_in(&s, "/pclogin/login", "13900000001");
        let stranger_mobile = format!("1350002{:04}", std::process::id() % 10_000);
        let stranger = register_company(&s, &stranger_mobile, &format!("交换外人公司{}", tempdir::rand_suffix()));
        let (status, v) = s.call(&stranger, "/comchat/exchange", &[("conversationId", &conv), ("kind", "phone")]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{v}");
        let (status, v) = s.call(&stranger, "/comchat/exchangeAnswer", &[("messageId", &id), ("accept", "1")]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{v}");
        let (status, v) = other.call(&s, "/chat/exchange", &[("conversationId", &conv), ("kind", "wechat")]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{v}");
        let (status, v) = other.call(&s, "/chat/exchangeAnswer", &[("messageId", &id), ("accept", "1")]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{v}");
        let (status, v) = s.call(&stranger, "/comchat/application", &[("conversationId", &conv)]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{v}");
        // Still pending for the two who talk.
        assert_eq!(message_by_id(&thread(&s, &recruiter, "/comchat", &conv).0, &asked["id"])["exchange"]["state"], "pending");
    }
}

#[test]
fn wechat_ids_are_exchanged_as_set_and_a_side_without_one_is_said_so() {
    for s in servers() {
        let me = candidate(&s);
        let recruiter = company(&s);
        let job = recruiter.ok(&s, "/comjob/list", &[("state", "open")])["list"][0]["id"].to_string();
        let conv = me.ok(&s, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();

        // Asking without one's own id is refused; a bad id is BAD_INPUT with the rule's key.
        let (status, v) = recruiter.call(&s, "/comchat/exchange", &[("conversationId", &conv), ("kind", "wechat")]);
        assert_eq!((status, code(&v)), (400, "CHAT_WECHAT_MISSING"), "{v}");
        let (status, v) = recruiter.call(&s, "/comchat/setWechat", &[("wechatId", "1bad id")]);
        assert_eq!((status, code(&v), v["error"]["message"].as_str()), (400, "BAD_INPUT", Some("wechatId: chat.wechatIdBad")), "{v}");
        assert_eq!(recruiter.ok(&s, "/comchat/wechat", &[])["wechatId"], "");
        assert_eq!(recruiter.ok(&s, "/comchat/setWechat", &[("wechatId", " hr_wang2024 ")])["wechatId"], "hr_wang2024");
        assert_eq!(recruiter.ok(&s, "/comchat/wechat", &[])["wechatId"], "hr_wang2024");

        let asked = recruiter.ok(&s, "/comchat/exchange", &[("conversationId", &conv), ("kind", "wechat")]);
        let (_, raw) = thread(&s, &me, "/chat", &conv);
        assert!(!raw.contains("hr_wang2024"), "before consent: {raw}");
        // The candidate has none: accepting says so (null), which the recruiter reads as 对方未设置微信号.
        let answered = me.ok(&s, "/chat/exchangeAnswer", &[("messageId", &asked["id"].to_string()), ("accept", "1")]);
        let card = &answered["card"]["exchange"];
        assert_eq!(
            (card["state"].as_str(), card["candidateValue"].clone(), card["companyValue"].as_str()),
            (Some("accepted"), Value::Null, Some("hr_wang2024")),
            "{card}"
        );
        let shown = message_by_id(&thread(&s, &recruiter, "/comchat", &conv).0, &asked["id"])["exchange"].clone();
        assert_eq!((shown["candidateValue"].clone(), shown["companyValue"].as_str()), (Value::Null, Some("hr_wang2024")), "{shown}");

        // Set, and asked again: both ids on the card.
        me.ok(&s, "/chat/setWechat", &[("wechatId", "13800000000")]);
        let again = me.ok(&s, "/chat/exchange", &[("conversationId", &conv), ("kind", "wechat")]);
        let answered = recruiter.ok(&s, "/comchat/exchangeAnswer", &[("messageId", &again["id"].to_string()), ("accept", "1")]);
        assert_eq!(answered["card"]["exchange"]["candidateValue"].as_str(), Some("13800000000"), "{answered}");
        // Empty removes one's id.
        assert_eq!(me.ok(&s, "/chat/setWechat", &[("wechatId", "")])["wechatId"], "");
    }
}

/// Uploads an attachment to the candidate's resume: its id.
fn attachment(s: &TestServer, b: &Browser, resume: &str, bytes: &[u8]) -> String {
    let form = multipart::Form::new()
        .text("resumeId", resume.to_string())
        .text("kind", "attachment")
        .text("name", "作品集")
        .part("file", multipart::Part::bytes(bytes.to_vec()).file_name("作品集.pdf"));
    let (status, v) = common::envelope(b.client.post(s.url("/ajax/resume/upload")).multipart(form).send().expect("upload"));
    assert_eq!(status, 200, "{v}");
    let files = v["result"]["files"]["attachment"].as_array().expect("attachments").clone();
    files.last().expect("the attachment")["id"].to_string()
}

fn funnel_sources(s: &TestServer, b: &Browser, job: &str) -> Vec<(String, i64)> {
    let v = b.ok(s, "/comresume/hiringFunnel", &[("jobId", job), ("days", "30")]);
    v["sources"]
        .as_array()
        .expect("sources")
        .iter()
        .map(|x| (x["source"].as_str().unwrap_or("").to_string(), x["applications"].as_i64().unwrap_or(0)))
        .collect()
}

#[test]
fn a_resume_exchange_sends_the_chosen_file_and_puts_the_candidate_in_the_pipeline_from_chat() {
    for s in servers() {
        let me = candidate(&s);
        let resume = me.ok(&s, "/pclogin/login", &[("mobile", CHAT_MOBILE), ("password", DEMO_PASSWORD)])["resumeId"].to_string();
        let recruiter = company(&s);
        let recruiter_client = s.client();
        crate::common::staff::company_login_into(&s, &recruiter_client);
        let job = post_job(&s, &recruiter_client, &format!("简历交换测试岗位{}", tempdir::rand_suffix()));
        let conv = recruiter.ok(&s, "/comchat/start", &[("resumeId", &resume), ("jobid", &job)])["conversationId"].to_string();
        let bytes = [b"%PDF-1.4\n".as_slice(), "附件简历内容".as_bytes(), &[b' '; 600]].concat();
        let file = attachment(&s, &me, &resume, &bytes);

        // 索取附件简历: nothing reaches the company before the candidate agrees.
        let asked = recruiter.ok(&s, "/comchat/exchange", &[("conversationId", &conv), ("kind", "resume")]);
        let id = asked["id"].to_string();
        let download = |b: &Client, id: &str| b.get(s.url(&format!("/ajax/comchat/resume/{id}"))).send().expect("get");
        assert_eq!(download(&recruiter.client, &id).status().as_u16(), 404, "not before 同意");
        assert!(!funnel_sources(&s, &recruiter, &job).iter().any(|(k, _)| k == "chat"));
        // A member cannot name the file, and a file that is not the candidate's is NOT_FOUND.
        let (status, v) = recruiter.call(&s, "/comchat/exchange", &[("conversationId", &conv), ("kind", "phone"), ("fileId", &file)]);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{v}");
        let (status, v) = me.call(&s, "/chat/exchangeAnswer", &[("messageId", &id), ("accept", "1"), ("fileId", "123456789")]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{v}");

        let answered = me.ok(&s, "/chat/exchangeAnswer", &[("messageId", &id), ("accept", "1"), ("fileId", &file)]);
        let sent = &answered["card"]["exchange"]["resume"];
        assert_eq!(
            (sent["fileId"].to_string(), sent["fileName"].as_str(), sent["resumeId"].to_string()),
            (file.clone(), Some("作品集"), resume.clone()),
            "{answered}"
        );
        let application = sent["applicationId"].to_string();
        assert!(application.parse::<i64>().is_ok(), "{sent}");

        // The company reads the file through the access-checked route, and holds the application from chat.
        let res = download(&recruiter.client, &id);
        assert_eq!(res.status().as_u16(), 200);
        assert_eq!(res.bytes().expect("bytes").to_vec(), bytes);
        assert_eq!(
            funnel_sources(&s, &recruiter, &job).iter().find(|(k, _)| k == "chat").map(|(_, n)| *n),
            Some(1),
            "{:?}",
            funnel_sources(&s, &recruiter, &job)
        );
        let detail = recruiter.ok(&s, "/comresume/detail", &[("applyId", &application)]);
        assert_eq!(detail["application"]["jobId"].to_string(), job, "{detail}");
        assert_eq!(recruiter.ok(&s, "/comchat/application", &[("conversationId", &conv)])["applyId"].to_string(), application);

        // Another company's member, and the candidate's other face: NOT_FOUND / not logged in.
        let stranger =
            register_company(&s, &format!("1350003{:04}", std::process::id() % 10_000), &format!("简历外人公司{}", tempdir::rand_suffix()));
        assert_eq!(download(&stranger, &id).status().as_u16(), 404);
        assert_eq!(download(&me.client, &id).status().as_u16(), 401);
        // A card that is not a resume's is NOT_FOUND there too.
        assert_eq!(download(&recruiter.client, &conv).status().as_u16(), 404);

        // The candidate sends the online resume about another job; the recruiter takes it: its PDF.
        let second_job = post_job(&s, &recruiter_client, &format!("在线简历岗位{}", tempdir::rand_suffix()));
        recruiter.ok(&s, "/comchat/start", &[("resumeId", &resume), ("jobid", &second_job)]);
        let offered = me.ok(&s, "/chat/exchange", &[("conversationId", &conv), ("kind", "resume")]);
        assert_eq!(offered["exchange"]["asker"], "candidate");
        let taken = recruiter.ok(&s, "/comchat/exchangeAnswer", &[("messageId", &offered["id"].to_string()), ("accept", "1")]);
        assert_eq!(
            (taken["card"]["exchange"]["resume"]["fileId"].clone(), taken["card"]["exchange"]["resume"]["fileName"].as_str()),
            (Value::Null, Some("")),
            "{taken}"
        );
        let res = download(&recruiter.client, &offered["id"].to_string());
        let status = res.status().as_u16();
        // The PDF needs a CJK font on the machine (PDF_UNAVAILABLE without one, docs/api.md).
        assert!(status == 200 || status == 503, "{status}");
        if status == 200 {
            assert_eq!(res.headers()["content-type"], "application/pdf");
        }
        assert_eq!(funnel_sources(&s, &recruiter, &second_job).iter().find(|(k, _)| k == "chat").map(|(_, n)| *n), Some(1));

        // Once the candidate blocks the company it gets nothing: the file is NOT_FOUND.
        let company_id = recruiter.ok(&s, "/comlogin/me", &[])["company"]["id"].to_string();
        me.ok(&s, "/pcuser/shield", &[("comId", &company_id), ("resumeId", &resume)]);
        assert_eq!(download(&recruiter.client, &id).status().as_u16(), 404);
        let (status, v) = me.call(&s, "/chat/exchange", &[("conversationId", &conv), ("kind", "resume")]);
        assert_eq!((status, code(&v)), (400, "CHAT_COMPANY_BLOCKED"), "{v}");
    }
}

#[test]
fn an_interview_card_is_posted_from_the_thread_and_accepted_there() {
    for s in servers() {
        let me = candidate(&s);
        let resume = me.ok(&s, "/pclogin/login", &[("mobile", CHAT_MOBILE), ("password", DEMO_PASSWORD)])["resumeId"].to_string();
        let recruiter = company(&s);
        let member = recruiter.ok(&s, "/comlogin/me", &[])["id"].to_string();
        let recruiter_client = s.client();
        crate::common::staff::company_login_into(&s, &recruiter_client);
        let job = post_job(&s, &recruiter_client, &format!("面试卡片岗位{}", tempdir::rand_suffix()));
        let conv = recruiter.ok(&s, "/comchat/start", &[("resumeId", &resume), ("jobid", &job)])["conversationId"].to_string();
        let asked = me.ok(&s, "/chat/exchange", &[("conversationId", &conv), ("kind", "resume")]);
        let apply = recruiter.ok(&s, "/comchat/exchangeAnswer", &[("messageId", &asked["id"].to_string()), ("accept", "1")])["card"]["exchange"]
            ["resume"]["applicationId"]
            .to_string();
        assert_eq!(recruiter.ok(&s, "/comchat/application", &[("conversationId", &conv)])["applyId"].to_string(), apply);

        let n = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        let start = format!("2031-{:02}-{:02} 10:00", (n % 12) + 1, ((n / 12) % 28) + 1);
        let saved = recruiter.ok(
            &s,
            "/cominterview/save",
            &[
                ("applyId", &apply),
                ("start", &start),
                ("minutes", "60"),
                ("contact", "王经理"),
                ("contactPhone", "13700000000"),
                ("address", "杭州市西湖区文三路 478 号"),
                ("interviewers", &member),
            ],
        );
        let interview = saved["id"].to_string();
        let mut candidate_ws = me.socket(&s);

        // Another company cannot post it; the thread's member can, once.
        let stranger =
            register_company(&s, &format!("1350004{:04}", std::process::id() % 10_000), &format!("面试外人公司{}", tempdir::rand_suffix()));
        let (status, v) = s.call(&stranger, "/comchat/interview", &[("conversationId", &conv), ("interviewId", &interview)]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{v}");
        let card = recruiter.ok(&s, "/comchat/interview", &[("conversationId", &conv), ("interviewId", &interview)]);
        assert_eq!(
            (card["kind"].as_str(), card["interview"]["interviewId"].to_string(), card["interview"]["state"].as_str()),
            (Some("interview"), interview.clone(), Some("scheduled")),
            "{card}"
        );
        assert_eq!((card["interview"]["answer"].as_str(), card["interview"]["start"].as_str()), (Some(""), Some(start.as_str())), "{card}");
        assert_eq!(recruiter.ok(&s, "/comchat/interview", &[("conversationId", &conv), ("interviewId", &interview)])["id"], card["id"]);
        let pushed = messages_in(&frames_until_seq(&mut candidate_ws, card["seq"].as_i64().expect("seq")));
        assert!(pushed.iter().any(|m| m["id"] == card["id"] && m["interview"]["address"] == "杭州市西湖区文三路 478 号"), "{pushed:?}");

        // The candidate accepts with the interview's own call: the card reads accepted, a note is pushed.
        me.ok(&s, "/pcuser/interviewAnswer", &[("id", &interview), ("answer", "accept")]);
        let pushed = messages_in(&frames_until_seq(&mut candidate_ws, card["seq"].as_i64().expect("seq") + 1));
        let note = pushed
            .iter()
            .find(|m| m["kind"] == "system" && m["interview"]["messageId"] == card["id"])
            .unwrap_or_else(|| panic!("the note: {pushed:?}"));
        assert_eq!(note["interview"]["answer"].as_str(), Some("accepted"), "{note}");
        for (b, face) in [(&me, "/chat"), (&recruiter, "/comchat")] {
            let shown = message_by_id(&thread(&s, b, face, &conv).0, &card["id"])["interview"].clone();
            assert_eq!((shown["answer"].as_str(), shown["state"].as_str()), (Some("accepted"), Some("scheduled")), "{face} {shown}");
        }
        // /my/apply says the same.
        let mine = me.ok(&s, "/pcuser/interviewList", &[]);
        assert!(mine["list"].as_array().expect("list").iter().any(|i| i["id"].to_string() == interview && i["answer"] == "accepted"), "{mine}");
    }
}
