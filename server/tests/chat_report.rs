//! Chat's 拉黑 and 举报 over HTTP and the socket (issue 32, "Blocking and visibility hold here too";
//! domain/chat_report.rs): a block stops the other side's sends and the blocker's pushes, unblocking
//! restores them, starting again does not reopen a blocked pair; a report keeps a copy of the
//! reported message and the ten before it, which a later recall does not change; the admin console
//! lists it (and nothing else of the chat), only to admins, and its handling is audit-logged.
//! Outsiders get NOT_FOUND. SQLite, and PostgreSQL with TEST_DATABASE_URL.
//!
//! The candidate is 王芳 (13900000002, who applied to the demo company), never the demo candidate.

use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

use crate::common::staff::{company_login_into, register_company, super_admin};
use crate::common::{self, code, servers, TestServer, DEMO_PASSWORD};
use reqwest::blocking::Client;
use reqwest::cookie::CookieStore;
use serde_json::{json, Value};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

const WANG_FANG: &str = "13900000002";
const LI_NA: &str = "13900000001";

type Ws = WebSocket<MaybeTlsStream<TcpStream>>;

/// A browser whose cookies the socket's handshake carries.
struct Browser {
    client: Client,
    jar: Arc<reqwest::cookie::Jar>,
}

impl Browser {
    fn new() -> Browser {
        let jar = Arc::new(reqwest::cookie::Jar::default());
        let client = Client::builder().cookie_provider(jar.clone()).timeout(Duration::from_secs(20)).build().expect("client");
        Browser { client, jar }
    }

    fn socket(&self, base: &str) -> Ws {
        let mut req = format!("{}/ajax/chat/ws", base.replacen("http://", "ws://", 1)).into_client_request().expect("request");
        let cookies = self.jar.cookies(&base.parse().expect("url")).map(|h| h.to_str().expect("ascii").to_string()).unwrap_or_default();
        req.headers_mut().insert("Cookie", cookies.parse().expect("cookie"));
        req.headers_mut().insert("Origin", base.parse().expect("origin"));
        let (ws, _) = tungstenite::connect(req).expect("socket");
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
        }
        ws
    }
}

fn frame(ws: &mut Ws) -> Value {
    loop {
        match ws.read().expect("frame") {
            Message::Text(t) => return serde_json::from_str(&t).expect("json"),
            Message::Ping(_) | Message::Pong(_) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
}

/// The frames pushed before the pong that answers a ping sent now.
fn drain(ws: &mut Ws) -> Vec<Value> {
    ws.send(Message::Text(json!({"type": "ping"}).to_string())).expect("ping");
    let mut out = Vec::new();
    loop {
        let f = frame(ws);
        if f["type"] == "pong" {
            return out;
        }
        out.push(f);
    }
}

/// Frames (up to `wait`) until one of `kind` for `conv`; None when none came.
fn wait_for(ws: &mut Ws, kind: &str, conv: &str, wait: Duration) -> Option<Value> {
    let until = std::time::Instant::now() + wait;
    while std::time::Instant::now() < until {
        for f in drain(ws) {
            if f["type"] == kind && f["conversationId"].to_string() == conv {
                return Some(f);
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    None
}

fn ok(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, v) = s.call(client, path, form);
    assert_eq!(status, 200, "{} {path} {form:?}: {v}", s.engine);
    v["result"].clone()
}

fn refused(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> (u16, String, String) {
    let (status, v) = s.call(client, path, form);
    (status, code(&v).to_string(), v["error"]["message"].as_str().unwrap_or("").to_string())
}

fn candidate_login(s: &TestServer, client: &Client, mobile: &str) {
    ok(s, client, "/pclogin/login", &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
}

/// 王芳 (in a browser, for the socket) and the demo company's owner, and the conversation she
/// opened on one of its open jobs (seq 1: the job card); the job's id.
fn talk(s: &TestServer) -> (Browser, Client, String, String) {
    let candidate = Browser::new();
    candidate_login(s, &candidate.client, WANG_FANG);
    let company = s.client();
    company_login_into(s, &company);
    let job = ok(s, &company, "/comjob/list", &[("state", "open")])["list"][0]["id"].to_string();
    let conv = ok(s, &candidate.client, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
    (candidate, company, conv, job)
}

fn send(s: &TestServer, client: &Client, face: &str, conv: &str, client_id: &str, text: &str) -> Value {
    ok(s, client, &format!("{face}/send"), &[("conversationId", conv), ("clientId", client_id), ("kind", "text"), ("text", text)])
}

fn messages(s: &TestServer, client: &Client, face: &str, conv: &str) -> Value {
    ok(s, client, &format!("{face}/messages"), &[("conversationId", conv), ("afterSeq", "0")])
}

fn list_item(s: &TestServer, client: &Client, face: &str, conv: &str) -> Value {
    ok(s, client, &format!("{face}/list"), &[])["list"].as_array().expect("list").iter().find(|c| c["conversationId"].to_string() == conv).cloned().expect("in the list")
}

#[test]
fn a_block_stops_the_other_sides_sends_and_pushes_until_unblocked() {
    for s in servers() {
        let (candidate, company, conv, job) = talk(&s);
        let wang = &candidate.client;
        send(&s, &company, "/comchat", &conv, "m-1", "您好，方便聊聊吗？");
        let mut ws = candidate.socket(&s.base);
        drain(&mut ws);
        // Before the block, the company's read mark reaches her socket (so the check below can fail).
        ok(&s, &company, "/comchat/read", &[("conversationId", &conv), ("seq", "2")]);
        assert!(wait_for(&mut ws, "read", &conv, Duration::from_secs(5)).is_some(), "{}: a read frame before the block", s.engine);
        assert_eq!(list_item(&s, wang, "/chat", &conv)["blocked"], "none");

        // Outsiders and bad input change nothing: another company's member, another candidate.
        let stranger = register_company(&s, &format!("1350004{:04}", std::process::id() % 10_000), &format!("拉黑外人公司{}", common::tempdir::rand_suffix()));
        let li = s.client();
        candidate_login(&s, &li, LI_NA);
        for (client, face) in [(&stranger, "/comchat"), (&li, "/chat")] {
            for call in ["block", "unblock", "report"] {
                let (status, code_, _) = refused(&s, client, &format!("{face}/{call}"), &[("conversationId", &conv), ("reason", "other")]);
                assert_eq!((status, code_.as_str()), (404, "NOT_FOUND"), "{} {face}/{call}", s.engine);
            }
        }
        let (status, code_, _) = refused(&s, wang, "/chat/block", &[("conversationId", "abc")]);
        assert_eq!((status, code_.as_str()), (400, "BAD_INPUT"));
        assert_eq!(s.call(wang, "/comchat/block", &[("conversationId", &conv)]).0, 401, "a candidate is no member");
        assert_eq!(list_item(&s, wang, "/chat", &conv)["blocked"], "none");

        // She blocks the conversation.
        let done = ok(&s, wang, "/chat/block", &[("conversationId", &conv)]);
        assert_eq!((done["conversationId"].to_string(), done["blocked"].as_str()), (conv.clone(), Some("byMe")), "{done}");
        assert_eq!(ok(&s, wang, "/chat/block", &[("conversationId", &conv)])["blocked"], "byMe", "blocking twice");
        // Both lists and threads say so.
        assert_eq!(list_item(&s, wang, "/chat", &conv)["blocked"], "byMe");
        assert_eq!(list_item(&s, &company, "/comchat", &conv)["blocked"], "byPeer");
        assert_eq!(messages(&s, wang, "/chat", &conv)["blocked"], "byMe");
        assert_eq!(messages(&s, &company, "/comchat", &conv)["blocked"], "byPeer");
        let before = messages(&s, wang, "/chat", &conv)["lastSeq"].as_i64().expect("lastSeq");

        // The company can send nothing into it, and is told no more than that.
        let (status, code_, message) = refused(&s, &company, "/comchat/send", &[("conversationId", &conv), ("clientId", "m-2"), ("kind", "text"), ("text", "在吗？")]);
        assert_eq!((status, code_.as_str(), message.as_str()), (400, "CHAT_BLOCKED", "the other side cannot receive your messages at the moment"), "{}", s.engine);
        let (_, code_, _) = refused(&s, &company, "/comchat/exchange", &[("conversationId", &conv), ("kind", "phone")]);
        assert_eq!(code_, "CHAT_BLOCKED");
        // A resend of a message stored before the block answers the stored one (no duplicate, no error).
        assert_eq!(send(&s, &company, "/comchat", &conv, "m-1", "您好，方便聊聊吗？")["seq"], 2);
        // Greeting her again does not reopen it.
        let resume = ok(&s, wang, "/resume/list", &[])[0]["id"].to_string();
        let (status, code_, _) = refused(&s, &company, "/comchat/start", &[("resumeId", &resume), ("jobid", &job)]);
        assert_eq!((status, code_.as_str()), (400, "CHAT_BLOCKED"), "{}", s.engine);
        // The blocker may open it again (the same thread, no new card) but sends after unblocking.
        assert_eq!(ok(&s, wang, "/chat/start", &[("jobid", &job)])["conversationId"].to_string(), conv);
        let (_, code_, _) = refused(&s, wang, "/chat/send", &[("conversationId", &conv), ("clientId", "c-1"), ("kind", "text"), ("text", "你好")]);
        assert_eq!(code_, "CHAT_YOU_BLOCKED");
        // The blocked side cannot lift her block.
        assert_eq!(ok(&s, &company, "/comchat/unblock", &[("conversationId", &conv)])["blocked"], "byPeer");
        assert_eq!(messages(&s, wang, "/chat", &conv)["lastSeq"].as_i64(), Some(before), "nothing was written");

        // Nothing of the company's side reaches her socket: its read mark moves, no frame comes.
        ok(&s, &company, "/comchat/read", &[("conversationId", &conv), ("seq", &before.to_string())]);
        std::thread::sleep(Duration::from_millis(700));
        let heard: Vec<Value> = drain(&mut ws).into_iter().filter(|f| f["conversationId"].to_string() == conv).collect();
        assert!(heard.is_empty(), "{}: {heard:?}", s.engine);

        // Unblocking restores sending, and the pushes.
        assert_eq!(ok(&s, wang, "/chat/unblock", &[("conversationId", &conv)])["blocked"], "none");
        assert_eq!(list_item(&s, &company, "/comchat", &conv)["blocked"], "none");
        let sent = send(&s, &company, "/comchat", &conv, "m-3", "打扰了，还在考虑机会吗？");
        let pushed = wait_for(&mut ws, "message", &conv, Duration::from_secs(5)).expect("the message frame after unblocking");
        assert_eq!(pushed["seq"], sent["seq"]);
        send(&s, wang, "/chat", &conv, "c-2", "在的");
    }
}

#[test]
fn a_report_keeps_the_picked_message_and_the_ten_before_it_for_admins_only() {
    for s in servers() {
        let (candidate, company, conv, _) = talk(&s);
        let wang = &candidate.client;
        // A thread of 17: the job card, then 16 messages taking turns.
        let mut sent = vec![];
        for i in 0..8 {
            sent.push(send(&s, &company, "/comchat", &conv, &format!("m-{i}"), &format!("招聘方第{i}条")));
            sent.push(send(&s, wang, "/chat", &conv, &format!("c-{i}"), &format!("王芳第{i}条")));
        }
        let picked = sent.iter().find(|m| m["seq"] == 14).expect("seq 14").clone();
        assert_eq!(picked["side"], "company");

        // Bad input, her own message, another conversation's message: nothing is stored.
        let form = |reason: &'static str, detail: String, message: String, want: (u16, &'static str, &'static str)| (reason, detail, message, want);
        for (reason, detail, message, want) in [
            form("spam", String::new(), String::new(), (400, "BAD_INPUT", "reason: chat.reportReasonUnknown")),
            form("other", "字".repeat(501), String::new(), (400, "BAD_INPUT", "detail: chat.reportDetailTooLong")),
            form("other", String::new(), sent[1]["id"].to_string(), (400, "BAD_INPUT", "messageId: chat.reportOwnMessage")),
            form("other", String::new(), "999999999".into(), (404, "NOT_FOUND", "")),
            form("other", String::new(), "x".into(), (400, "BAD_INPUT", "messageId must be an id")),
        ] {
            let (status, code_, msg) = refused(&s, wang, "/chat/report", &[("conversationId", &conv), ("reason", reason), ("detail", &detail), ("messageId", &message)]);
            assert_eq!(status, want.0, "{reason} {message}: {code_} {msg}");
            assert_eq!(code_, want.1);
            if !want.2.is_empty() {
                assert_eq!(msg, want.2);
            }
        }
        let admin = super_admin(&s);
        assert_eq!(ok(&s, &admin, "/admin/chatreport/list", &[])["total"], 0, "{}: nothing stored", s.engine);

        // She reports the picked message.
        let reported = ok(&s, wang, "/chat/report", &[("conversationId", &conv), ("messageId", &picked["id"].to_string()), ("reason", "money"), ("detail", " 他让我先交培训费 ")]);
        assert_eq!(reported["messages"], 11, "{reported}");
        // She reports again without naming one: the company's latest (seq 16), which it then recalls.
        let latest = ok(&s, wang, "/chat/report", &[("conversationId", &conv), ("reason", "harassment")]);
        assert_eq!(latest["messages"], 11);
        let recalled = sent.iter().find(|m| m["seq"] == 16).expect("seq 16");
        assert_eq!(recalled["side"], "company");
        ok(&s, &company, "/comchat/recall", &[("messageId", &recalled["id"].to_string())]);
        assert_eq!(messages(&s, wang, "/chat", &conv)["list"][15]["text"], "", "recalled in the thread");
        // The company reports her (its latest from her: seq 17).
        let theirs = ok(&s, &company, "/comchat/report", &[("conversationId", &conv), ("reason", "other")]);

        // Not for anyone but admins.
        for client in [wang, &company] {
            assert_eq!(s.call(client, "/admin/chatreport/list", &[]).0, 401);
            assert_eq!(s.call(client, "/admin/chatreport/handle", &[("reportId", &theirs["reportId"].to_string()), ("action", "dismiss")]).0, 401);
        }

        let listed = ok(&s, &admin, "/admin/chatreport/list", &[]);
        assert_eq!(listed["total"], 3, "{listed}");
        let find = |id: &Value| listed["list"].as_array().expect("list").iter().find(|r| r["id"] == *id).cloned().expect("listed");
        let first = find(&reported["reportId"]);
        assert_eq!((first["reporterSide"].as_str(), first["reporterName"].as_str(), first["reportedSide"].as_str()), (Some("candidate"), Some("王芳"), Some("company")), "{first}");
        assert!(first["reportedName"].as_str().expect("name").contains('（'), "the member with their company: {first}");
        assert_eq!((first["reason"].as_str(), first["reasonName"].as_str(), first["detail"].as_str()), (Some("money"), Some("索要钱财"), Some("他让我先交培训费")));
        // Exactly the picked message and the ten before it, copied.
        let copy = first["messages"].as_array().expect("messages");
        let seqs: Vec<i64> = copy.iter().map(|m| m["seq"].as_i64().expect("seq")).collect();
        assert_eq!(seqs, (4..=14).collect::<Vec<i64>>(), "{}", s.engine);
        for m in copy {
            let original = sent.iter().find(|o| o["seq"] == m["seq"]).expect("sent");
            assert_eq!((&m["text"], &m["side"]), (&original["text"], &original["side"]));
            assert_eq!(m["reported"].as_bool(), Some(m["seq"] == 14));
        }
        // Nothing else of the chat: no message outside the copy is in the answer.
        let raw = listed.to_string();
        assert!(!raw.contains("王芳第0条") && !raw.contains("招聘方第0条"), "seq 2 and 3 are in no copy: {raw}");
        // The recall after the report changed nothing of its copy.
        let second = find(&latest["reportId"]);
        let last = second["messages"].as_array().expect("messages").last().cloned().expect("last");
        assert_eq!((last["seq"].as_i64(), &last["text"], last["recalled"].as_bool(), last["reported"].as_bool()), (Some(16), &recalled["text"], Some(false), Some(true)), "{second}");
        let third = find(&theirs["reportId"]);
        assert_eq!((third["reporterSide"].as_str(), third["reportedName"].as_str()), (Some("company"), Some("王芳")));
        assert_eq!(third["messages"].as_array().expect("messages").last().expect("last")["seq"], 17);

        // No admin call reads a conversation: the console's chat calls are the reports' two.
        let doc: Value = s.client().get(s.url("/ajax/openapi.json")).send().expect("openapi").json().expect("json");
        let admin_chat: Vec<&String> = doc["paths"].as_object().expect("paths").keys().filter(|p| p.contains("/admin/") && p.to_lowercase().contains("chat")).collect();
        assert_eq!(admin_chat, ["/ajax/admin/chatreport/handle", "/ajax/admin/chatreport/list"], "{}", s.engine);

        // Handling: bad input; dismiss; disable the reported candidate. Each in the audit log.
        let (status, code_, _) = refused(&s, &admin, "/admin/chatreport/handle", &[("reportId", &first["id"].to_string()), ("action", "ban")]);
        assert_eq!((status, code_.as_str()), (400, "BAD_INPUT"));
        let (status, code_, _) = refused(&s, &admin, "/admin/chatreport/handle", &[("reportId", &third["id"].to_string()), ("action", "disable")]);
        assert_eq!((status, code_.as_str()), (400, "BAD_INPUT"), "disabling needs a reason");
        ok(&s, &admin, "/admin/chatreport/handle", &[("reportId", &first["id"].to_string()), ("action", "dismiss"), ("reason", "已核实，无违规")]);
        let (status, code_, _) = refused(&s, &admin, "/admin/chatreport/handle", &[("reportId", &first["id"].to_string()), ("action", "dismiss")]);
        assert_eq!((status, code_.as_str()), (404, "NOT_FOUND"), "handled once");
        ok(&s, &admin, "/admin/chatreport/handle", &[("reportId", &third["id"].to_string()), ("action", "disable"), ("reason", "骚扰招聘方")]);
        let left = ok(&s, &admin, "/admin/chatreport/list", &[]);
        assert_eq!((left["total"].as_i64(), left["list"][0]["id"].to_string()), (Some(1), second["id"].to_string()), "{left}");
        let audit = ok(&s, &admin, "/admin/audit/list", &[]);
        let rows = audit["list"].as_array().expect("audit");
        let row = |action: &str| rows.iter().find(|r| r["action"] == action).cloned().unwrap_or_else(|| panic!("{action} in {audit}"));
        let dismissed = row("chatreport.dismiss");
        assert_eq!((dismissed["reason"].as_str(), dismissed["after"].as_str()), (Some("已核实，无违规"), Some("dismissed")), "{dismissed}");
        assert!(dismissed["target"].as_str().expect("target").contains(&first["id"].to_string()));
        assert_eq!(row("chatreport.disable")["after"], "disabled");
        assert_eq!(row("account.disable")["target"], format!("candidate {WANG_FANG}"));
        // Her account is disabled: she cannot log in.
        let (status, _) = s.call(&s.client(), "/pclogin/login", &[("mobile", WANG_FANG), ("password", DEMO_PASSWORD)]);
        assert_ne!(status, 200, "{}", s.engine);
    }
}
