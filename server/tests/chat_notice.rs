//! Chat's offline notice (issue 32; domain/chat_notice.rs): a message unread past the delay, its
//! recipient without a socket, brings exactly one notice: a text to the member, a mail to a candidate
//! with an email, a WeChat template message to a candidate who bound WeChat. None while the
//! recipient holds a socket, none within 6 hours for the same conversation, none when switched off,
//! none once read. Short settings stand in for the 10 minutes. SQLite, and PostgreSQL with
//! TEST_DATABASE_URL.

use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::staff::company_login_into;
use crate::common::{code, fakes, login_as, servers_with, set_email, TestServer, COMPANY_MOBILE, CHAT_MOBILE, DEMO_PASSWORD};
use reqwest::blocking::Client;
use serde_json::Value;

/// The delay and the loop, short; sockets' places run out 3 s after their socket closes.
const QUICK: [(&str, &str); 4] =
    [("CHAT_OFFLINE_NOTICE_AFTER_SECS", "2"), ("CHAT_OFFLINE_NOTICE_EVERY_SECS", "1"), ("CHAT_SOCKET_CHECK_SECS", "1"), ("NOTICE_POLL_MS", "100")];
const CANDIDATE_EMAIL: &str = "chat-notice@example.com";
const SIX_HOURS_MS: i64 = 6 * 3_600_000;

fn ok(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, v) = s.call(client, path, form);
    assert_eq!(status, 200, "{} {path} {form:?}: {v}", s.engine);
    v["result"].clone()
}

/// 王芳 (CHAT_MOBILE) and the demo company's owner, logged in, in a conversation the candidate opened.
fn conversation(s: &TestServer) -> (Client, Client, String) {
    let candidate = s.client();
    login_as(s, &candidate, CHAT_MOBILE);
    let company = s.client();
    company_login_into(s, &company);
    let (_, jobs) = s.call(&company, "/comjob/list", &[("state", "open")]);
    let job = jobs["result"]["list"][0]["id"].to_string();
    let conv = ok(s, &candidate, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
    (candidate, company, conv)
}

fn send(s: &TestServer, client: &Client, face: &str, conv: &str, text: &str) -> i64 {
    let id = format!("n{}", crate::common::tempdir::rand_suffix());
    ok(s, client, &format!("{face}/send"), &[("conversationId", conv), ("clientId", &id), ("kind", "text"), ("text", text)])["seq"]
        .as_i64()
        .expect("seq")
}

/// Waits up to `secs` for `found` to hold; answers whether it did.
fn within(secs: u64, mut found: impl FnMut() -> bool) -> bool {
    let until = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < until {
        if found() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    found()
}

/// The dev outbox's texts (`kind` ""), mails (`mail`) to anyone, about conversation `conv`.
fn dev_sent(s: &TestServer, kind: &str, conv: &str) -> Vec<Value> {
    let path = if kind.is_empty() { "/dev/outbox?format=json".to_string() } else { format!("/dev/outbox?format=json&kind={kind}") };
    let list: Value = s.client().get(s.url(&path)).send().expect("outbox").json().expect("json");
    let link = format!("chat?c={conv}");
    list.as_array().expect("list").iter().filter(|m| m["text"].as_str().unwrap_or("").contains(&link)).cloned().collect()
}

/// Moves a side's last notice back past the 6 hours, as time would.
fn six_hours_pass(s: &TestServer, column: &str, conv: &str) {
    assert_eq!(s.sql(&format!("UPDATE conversations SET {column} = {column} - {} WHERE id = {conv}", SIX_HOURS_MS + 1000)), 1);
}

#[test]
fn an_unread_message_brings_one_text_or_mail_and_no_more() {
    for s in servers_with(&QUICK) {
        let (candidate, company, conv) = conversation(&s);
        set_email(&s.database_url(), CHAT_MOBILE, CANDIDATE_EMAIL);

        // The candidate writes; the member is away: one text to the member's mobile, with a link and
        // without the message.
        send(&s, &candidate, "/chat", &conv, "我的期望薪资是两万五，秘密内容");
        assert!(within(20, || !dev_sent(&s, "", &conv).is_empty()), "{} the member's text", s.engine);
        std::thread::sleep(Duration::from_secs(3));
        let texts = dev_sent(&s, "", &conv);
        assert_eq!(texts.len(), 1, "{texts:?}");
        let text = texts[0]["text"].as_str().unwrap_or("");
        assert_eq!(texts[0]["mobile"], COMPANY_MOBILE);
        assert!(text.starts_with("【职达招聘】") && text.contains(&format!("/recruit/chat?c={conv}")), "{text}");
        assert!(!text.contains("秘密内容"), "no message text in a text: {text}");

        // The member answers; the candidate is away: one mail to their email.
        send(&s, &company, "/comchat", &conv, "您好，方便聊聊吗？秘密回复");
        assert!(within(20, || !dev_sent(&s, "mail", &conv).is_empty()), "{} the candidate's mail", s.engine);
        let mails = dev_sent(&s, "mail", &conv);
        assert_eq!(mails.len(), 1, "{mails:?}");
        assert_eq!(mails[0]["to"], CANDIDATE_EMAIL);
        assert!(mails[0]["subject"].as_str().unwrap_or("").contains("给你发来了新消息"), "{}", mails[0]);
        assert!(!mails[0]["text"].as_str().unwrap_or("").contains("秘密回复"), "{}", mails[0]);
        // The company's outbox does not show the candidate's notice (it names their email).
        let outbox = ok(&s, &company, "/comnotice/list", &[("pagesize", "50")]);
        let keys: Vec<&str> = outbox["list"].as_array().expect("list").iter().filter_map(|n| n["eventKey"].as_str()).collect();
        assert!(keys.iter().any(|k| k.starts_with("chat-offline:member:")), "the member's own notice shows: {keys:?}");
        assert!(keys.iter().all(|k| !k.starts_with("chat-offline:candidate:")), "{keys:?}");
        assert!(!outbox.to_string().contains(CANDIDATE_EMAIL), "{outbox}");

        // Within 6 hours another message brings nothing; once they passed, it does.
        send(&s, &company, "/comchat", &conv, "还在吗？");
        std::thread::sleep(Duration::from_secs(5));
        assert_eq!(dev_sent(&s, "mail", &conv).len(), 1, "{} none within 6 hours", s.engine);
        six_hours_pass(&s, "candidate_noticed_at", &conv);
        assert!(within(20, || dev_sent(&s, "mail", &conv).len() == 2), "{} the next one after 6 hours", s.engine);

        // Read in time: nothing.
        six_hours_pass(&s, "candidate_noticed_at", &conv);
        let seq = send(&s, &company, "/comchat", &conv, "看到请回复");
        ok(&s, &candidate, "/chat/read", &[("conversationId", &conv), ("seq", &seq.to_string())]);
        std::thread::sleep(Duration::from_secs(5));
        assert_eq!(dev_sent(&s, "mail", &conv).len(), 2, "{} none once read", s.engine);

        // Switched off: nothing; the switch is the member's own and says where notices go.
        let (status, v) = s.call(&company, "/comlogin/saveChatNotice", &[("on", "maybe")]);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{v}");
        assert_eq!(ok(&s, &company, "/comlogin/chatNotice", &[]), serde_json::json!({"on": true, "channel": "sms"}));
        assert_eq!(ok(&s, &company, "/comlogin/saveChatNotice", &[("on", "0")])["on"], false);
        assert_eq!(ok(&s, &company, "/comlogin/chatNotice", &[])["on"], false);
        six_hours_pass(&s, "member_noticed_at", &conv);
        send(&s, &candidate, "/chat", &conv, "您好，我想约个时间");
        std::thread::sleep(Duration::from_secs(5));
        assert_eq!(dev_sent(&s, "", &conv).len(), 1, "{} none when switched off", s.engine);
        // On again: a message after that is noticed.
        ok(&s, &company, "/comlogin/saveChatNotice", &[("on", "1")]);
        six_hours_pass(&s, "member_noticed_at", &conv);
        send(&s, &candidate, "/chat", &conv, "您好？");
        assert!(within(20, || dev_sent(&s, "", &conv).len() == 2), "{} noticed again once switched on", s.engine);

        // The candidate's switch.
        assert_eq!(ok(&s, &candidate, "/pcuser/chatNotice", &[]), serde_json::json!({"on": true, "channel": "mail"}));
        assert_eq!(ok(&s, &candidate, "/pcuser/saveChatNotice", &[("on", "0")])["on"], false);
        six_hours_pass(&s, "candidate_noticed_at", &conv);
        send(&s, &company, "/comchat", &conv, "明天下午可以吗");
        std::thread::sleep(Duration::from_secs(5));
        assert_eq!(dev_sent(&s, "mail", &conv).len(), 2, "{} none when the candidate switched off", s.engine);
        // Logged out, the switch is not reachable.
        let (status, v) = s.call(&s.client(), "/pcuser/saveChatNotice", &[("on", "1")]);
        assert_eq!((status, code(&v)), (401, "NOT_LOGGED_IN"), "{v}");
    }
}

/// A socket to /ajax/chat/ws as the logged-in `client` (its cookie, copied from a log-in answer).
fn socket_as_candidate(s: &TestServer) -> tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>> {
    use tungstenite::client::IntoClientRequest;
    let res = reqwest::blocking::Client::new()
        .post(s.url("/ajax/pclogin/login"))
        .form(&[("mobile", CHAT_MOBILE), ("password", DEMO_PASSWORD)])
        .send()
        .expect("log in");
    let cookie: Vec<String> =
        res.headers().get_all("set-cookie").iter().filter_map(|h| h.to_str().ok()).map(|c| c.split(';').next().unwrap_or("").to_string()).collect();
    let mut req = format!("{}/ajax/chat/ws", s.base.replacen("http://", "ws://", 1)).into_client_request().expect("request");
    req.headers_mut().insert("Cookie", cookie.join("; ").parse().expect("cookie"));
    req.headers_mut().insert("Origin", s.base.parse().expect("origin"));
    tungstenite::connect(req).expect("socket").0
}

#[test]
fn no_notice_while_the_recipient_holds_a_socket() {
    for s in servers_with(&QUICK) {
        let (_candidate, company, conv) = conversation(&s);
        set_email(&s.database_url(), CHAT_MOBILE, CANDIDATE_EMAIL);
        let mut ws = socket_as_candidate(&s);
        send(&s, &company, "/comchat", &conv, "在线吗？");
        // Held for well past the delay: nothing, though the message stays unread.
        std::thread::sleep(Duration::from_secs(6));
        assert!(dev_sent(&s, "mail", &conv).is_empty(), "{} no notice while online", s.engine);
        // Gone: once its place runs out, the notice goes.
        let _ = ws.close(None);
        drop(ws);
        assert!(within(20, || dev_sent(&s, "mail", &conv).len() == 1), "{} the notice once offline", s.engine);
    }
}

/// WeChat's API on loopback: the access token, and template messages, which it records.
struct FakeWeChat {
    base: String,
    templates: Arc<Mutex<Vec<Value>>>,
}

fn fake_wechat() -> FakeWeChat {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let templates: Arc<Mutex<Vec<Value>>> = Arc::default();
    let seen = templates.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (mut reader, request_line, body) = fakes::read_request(stream);
            let answer = if request_line.contains("/cgi-bin/token?") && request_line.contains("appid=wxnotice") {
                r#"{"access_token":"TOKEN2","expires_in":7200}"#
            } else if request_line.starts_with("POST /cgi-bin/message/template/send?access_token=TOKEN2 ") {
                seen.lock().expect("lock").push(serde_json::from_slice(&body).unwrap_or_default());
                r#"{"errcode":0,"errmsg":"ok","msgid":1}"#
            } else {
                r#"{"errcode":40001,"errmsg":"invalid credential"}"#
            };
            fakes::answer_json(&mut reader, answer);
        }
    });
    FakeWeChat { base, templates }
}

#[test]
fn a_candidate_who_bound_wechat_gets_a_template_message_and_a_member_a_text_from_the_vendor() {
    let wx = fake_wechat();
    let sms = fakes::fake_sms();
    let mut env = QUICK.to_vec();
    env.extend([
        ("WECHAT_PROVIDER", "official"),
        ("WECHAT_API_BASE", wx.base.as_str()),
        ("WECHAT_APP_ID", "wxnotice"),
        ("WECHAT_APP_SECRET", "s3cret"),
        ("WECHAT_NOTICE_TEMPLATE", "TPL_CHAT"),
        ("SMS_PROVIDER", "aliyun"),
        ("ALIYUN_SMS_ENDPOINT", sms.url.as_str()),
        ("ALIYUN_SMS_NOTICE_TEMPLATE", "SMS_NOTICE"),
    ]);
    for s in servers_with(&env) {
        let (candidate, company, conv) = conversation(&s);
        // Bound, and an email too: WeChat goes first.
        set_email(&s.database_url(), CHAT_MOBILE, CANDIDATE_EMAIL);
        let openid = format!("o{}", crate::common::tempdir::rand_suffix());
        assert_eq!(s.sql(&format!("UPDATE users SET wx_openid = '{openid}' WHERE mobile = '{CHAT_MOBILE}'")), 1);
        assert_eq!(ok(&s, &candidate, "/pcuser/chatNotice", &[])["channel"], "wechat");

        send(&s, &company, "/comchat", &conv, "秘密的面试安排");
        let mine =
            |wx: &FakeWeChat| wx.templates.lock().expect("lock").iter().filter(|t| t["touser"] == openid.as_str()).cloned().collect::<Vec<_>>();
        assert!(within(20, || !mine(&wx).is_empty()), "{} the template message", s.engine);
        std::thread::sleep(Duration::from_secs(3));
        let sent = mine(&wx);
        assert_eq!(sent.len(), 1, "{sent:?}");
        assert_eq!(sent[0]["template_id"], "TPL_CHAT");
        assert!(sent[0]["url"].as_str().unwrap_or("").ends_with(&format!("/my/chat?c={conv}")), "{}", sent[0]);
        assert!(sent[0]["data"]["first"]["value"].as_str().unwrap_or("").contains("给你发来了新消息"), "{}", sent[0]);
        assert!(!sent[0].to_string().contains("秘密"), "{}", sent[0]);

        // The candidate writes back and leaves: the member's text, through the SMS vendor.
        send(&s, &candidate, "/chat", &conv, "好的，秘密回复");
        let link = format!("/recruit/chat?c={conv}");
        let texts = |sms: &fakes::FakeSms| sms.texts().into_iter().filter(|(_, t, _)| t.contains(&link)).collect::<Vec<_>>();
        assert!(within(20, || !texts(&sms).is_empty()), "{} the member's text", s.engine);
        std::thread::sleep(Duration::from_secs(3));
        let got = texts(&sms);
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].0, COMPANY_MOBILE);
        assert!(!got[0].1.contains("秘密"), "{got:?}");
        assert!(got[0].2.starts_with("notice-"), "{got:?}");
    }
}

/// A database made before the offline notice gains its columns at start (db/mod.rs LATER_COLUMNS):
/// the switch answers, and an unread message brings the member's text.
#[test]
fn an_older_database_gains_the_notice_columns_and_notices_go() {
    use diesel::RunQueryDsl;
    let dir = crate::common::tempdir::Dir::new();
    let file = dir.0.join("jobseeker.sqlite3").to_string_lossy().into_owned();
    let (mut first, _) = crate::common::spawn_server(&dir.0, None, &[]);
    let _ = first.kill();
    let _ = first.wait();
    for (table, column) in [
        ("conversations", "candidate_noticed_at"),
        ("conversations", "member_noticed_at"),
        ("users", "chat_notice"),
        ("company_members", "chat_notice"),
    ] {
        diesel::sql_query(format!("ALTER TABLE {table} DROP COLUMN {column}")).execute(&mut crate::common::db_at(&file)).expect("drop");
    }
    let (mut server, base) = crate::common::spawn_server(&dir.0, None, &QUICK);
    let call = |client: &Client, path: &str, form: &[(&str, &str)]| {
        let (status, v) = crate::common::envelope(client.post(format!("{base}/ajax{path}")).form(form).send().expect("send"));
        assert_eq!(status, 200, "{path}: {v}");
        v["result"].clone()
    };
    let company = crate::common::staff::company_login_at(&base);
    assert_eq!(call(&company, "/comlogin/chatNotice", &[])["on"], true);
    let job = call(&company, "/comjob/list", &[("state", "open")])["list"][0]["id"].to_string();
    let candidate = crate::common::client();
    call(&candidate, "/pclogin/login", &[("mobile", CHAT_MOBILE), ("password", DEMO_PASSWORD)]);
    let conv = call(&candidate, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
    call(&candidate, "/chat/send", &[("conversationId", &conv), ("clientId", "old-1"), ("kind", "text"), ("text", "您好")]);
    let link = format!("/recruit/chat?c={conv}");
    let texted = within(20, || {
        let list: Value = crate::common::client().get(format!("{base}/dev/outbox?format=json")).send().expect("outbox").json().expect("json");
        list.as_array().expect("list").iter().any(|m| m["text"].as_str().unwrap_or("").contains(&link))
    });
    let _ = server.kill();
    let _ = server.wait();
    assert!(texted, "the member's text on an older database");
}
