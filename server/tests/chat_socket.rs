//! Chat's socket, GET /ajax/chat/ws (issue 32; api/candidate/chat_ws.rs, domain/chat_live.rs), over
//! real WebSockets: delivery to the other side and the sender's other tab in order, resends, hello's
//! catch-up, read frames, refusals, another company's member, and two servers on one PostgreSQL
//! (TEST_DATABASE_URL) waking each other by NOTIFY, and by Redis (REDIS_URL) when it is reachable,
//! where a message stored with no bell at all still arrives with the next one.

use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

use crate::common::staff::register_company;
use crate::common::{self, servers, spawn_server, tempdir, TestServer, COMPANY_MOBILE, CHAT_MOBILE, DEMO_PASSWORD};
use diesel::{Connection, PgConnection, RunQueryDsl};
use reqwest::blocking::Client;
use reqwest::cookie::CookieStore;
use serde_json::{json, Value};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

type Ws = WebSocket<MaybeTlsStream<TcpStream>>;

/// A browser: a client whose cookies can be read for the socket's handshake.
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

    fn call(&self, base: &str, path: &str, form: &[(&str, &str)]) -> Value {
        let (status, v) = common::envelope(self.client.post(format!("{base}/ajax{path}")).form(form).send().expect("send"));
        assert_eq!(status, 200, "{path} {form:?}: {v}");
        v["result"].clone()
    }

    fn cookies(&self, base: &str) -> String {
        self.jar.cookies(&base.parse().expect("url")).map(|h| h.to_str().expect("ascii").to_string()).unwrap_or_default()
    }

    /// A socket to `base`'s /ajax/chat/ws with this browser's cookies and `origin`.
    fn try_socket(&self, base: &str, origin: Option<&str>) -> Result<Ws, tungstenite::Error> {
        let mut req = format!("{}/ajax/chat/ws", base.replacen("http://", "ws://", 1)).into_client_request().expect("request");
        let cookies = self.cookies(base);
        if !cookies.is_empty() {
            req.headers_mut().insert("Cookie", cookies.parse().expect("cookie"));
        }
        if let Some(origin) = origin {
            req.headers_mut().insert("Origin", origin.parse().expect("origin"));
        }
        let (ws, _) = tungstenite::connect(req)?;
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
        }
        Ok(ws)
    }

    fn socket(&self, base: &str) -> Ws {
        self.try_socket(base, Some(base)).expect("socket")
    }
}

fn candidate(base: &str) -> Browser {
    let b = Browser::new();
    b.call(base, "/pclogin/login", &[("mobile", CHAT_MOBILE), ("password", DEMO_PASSWORD)]);
    b
}

fn member(base: &str, mobile: &str, password: &str) -> Browser {
    let b = Browser::new();
    b.call(base, "/comlogin/login", &[("mobile", mobile), ("password", password)]);
    b
}

/// The next frame (a JSON text), failing after the read timeout.
fn frame(ws: &mut Ws) -> Value {
    loop {
        match ws.read().expect("frame") {
            Message::Text(t) => return serde_json::from_str(&t).expect("json"),
            Message::Ping(_) | Message::Pong(_) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
}

fn put(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string())).expect("send frame");
}

/// The frames until the pong that answers a ping sent now: everything pushed before it.
fn drain(ws: &mut Ws) -> Vec<Value> {
    put(ws, json!({"type": "ping"}));
    let mut out = Vec::new();
    loop {
        let f = frame(ws);
        if f["type"] == "pong" {
            return out;
        }
        out.push(f);
    }
}

/// The next `message` frame, skipping others (unread, read); its (seq, text, mine).
fn next_message(ws: &mut Ws) -> (i64, String, bool) {
    loop {
        let f = frame(ws);
        if f["type"] == "message" {
            assert_eq!(f["seq"], f["message"]["seq"], "{f}");
            assert_eq!(f["conversationId"], f["message"]["conversationId"], "{f}");
            return (f["seq"].as_i64().expect("seq"), f["message"]["text"].as_str().expect("text").to_string(), f["message"]["mine"] == true);
        }
    }
}

/// Waits for a frame of `kind`, skipping others.
fn next_of(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let f = frame(ws);
        if f["type"] == kind {
            return f;
        }
    }
}

/// hello's `since`: conversation id → last seq.
fn since(pairs: &[(&str, i64)]) -> Value {
    Value::Object(pairs.iter().map(|(k, v)| (k.to_string(), json!(v))).collect())
}

fn send(b: &Browser, base: &str, face: &str, conv: &str, client_id: &str, text: &str) -> Value {
    b.call(base, &format!("{face}/send"), &[("conversationId", conv), ("clientId", client_id), ("kind", "text"), ("text", text)])
}

fn open_job(b: &Browser, base: &str) -> String {
    b.call(base, "/comjob/list", &[("state", "open")])["list"][0]["id"].to_string()
}

fn stored_rows(s: &TestServer, conv: &str) -> i64 {
    use diesel::{ExpressionMethods, QueryDsl};
    use server::db::schema::chat_messages;
    let id: i64 = conv.parse().expect("id");
    chat_messages::table.filter(chat_messages::conversation_id.eq(id)).count().get_result(&mut s.db()).expect("count")
}

#[test]
fn frames_reach_both_sides_and_the_other_tab_in_order_with_catch_up_and_read_marks() {
    for s in servers() {
        let base = s.base.clone();
        let cand = candidate(&base);
        let owner = member(&base, COMPANY_MOBILE, DEMO_PASSWORD);
        let job = open_job(&owner, &base);
        // What the owner had unread before (the seeded demo conversation's message, cli/seed.rs).
        let before = owner.call(&base, "/comchat/list", &[])["list"].as_array().expect("list").iter().map(|c| c["unread"].as_i64().expect("unread")).sum::<i64>();
        let (mut tab1, mut tab2, mut rec) = (cand.socket(&base), cand.socket(&base), owner.socket(&base));

        // A brand-new conversation's first message (the job card) reaches both sides.
        let conv = cand.call(&base, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
        assert_eq!(next_message(&mut rec).0, 1, "{}", s.engine);
        assert_eq!(next_message(&mut tab2).0, 1);
        assert_eq!(next_message(&mut tab1).0, 1);

        // Sends over HTTP: the recruiter gets them, and so does the sender's other tab, in order.
        for i in 0..4 {
            send(&cand, &base, "/chat", &conv, &format!("c{i}"), &format!("hello {i}"));
        }
        for i in 0..4 {
            assert_eq!(next_message(&mut rec), (2 + i, format!("hello {i}"), false), "{}", s.engine);
            assert_eq!(next_message(&mut tab2), (2 + i, format!("hello {i}"), true));
        }
        let unread = next_of(&mut rec, "unread");
        let listed: i64 = owner.call(&base, "/comchat/list", &[])["list"].as_array().expect("list").iter().map(|c| c["unread"].as_i64().expect("unread")).sum();
        assert_eq!((unread["total"].as_i64(), listed), (Some(before + 5), before + 5), "{}: the card and four messages", s.engine);
        drain(&mut tab1);

        // A resend (same clientId) stores nothing and pushes nothing.
        let again = send(&cand, &base, "/chat", &conv, "c0", "hello 0");
        assert_eq!(again["seq"], 2);
        assert_eq!(stored_rows(&s, &conv), 5);
        send(&cand, &base, "/chat", &conv, "c4", "hello 4");
        assert_eq!(next_message(&mut rec), (6, "hello 4".into(), false), "{}: no second frame of c0", s.engine);

        // The recruiter answers over the socket: an ack, a frame to both candidate tabs; a resend
        // over the socket acks the same message and pushes nothing more.
        let frame_out = json!({"type": "send", "conversationId": conv.parse::<i64>().expect("id"), "clientId": "r1", "kind": "text", "text": "你好"});
        put(&mut rec, frame_out.clone());
        let ack = next_of(&mut rec, "ack");
        assert_eq!((ack["clientId"].as_str(), ack["message"]["seq"].as_i64(), ack["message"]["mine"].as_bool()), (Some("r1"), Some(7), Some(true)), "{ack}");
        assert_eq!(next_message(&mut tab1).0, 6);
        assert_eq!(next_message(&mut tab1), (7, "你好".into(), false));
        put(&mut rec, frame_out);
        assert_eq!(next_of(&mut rec, "ack")["message"]["seq"], 7);
        assert_eq!(stored_rows(&s, &conv), 7);

        // Bad input over the socket: an error frame naming the clientId.
        put(&mut rec, json!({"type": "send", "conversationId": conv, "clientId": "r2", "kind": "nope", "text": "x"}));
        let err = next_of(&mut rec, "error");
        assert_eq!((err["clientId"].as_str(), err["code"].as_str()), (Some("r2"), Some("BAD_INPUT")), "{err}");

        // The recruiter reads up to 7: the candidate sees the company's read mark move.
        put(&mut rec, json!({"type": "read", "conversationId": conv, "seq": 7}));
        let read = next_of(&mut tab2, "read");
        assert_eq!((read["conversationId"].to_string(), read["seq"].as_i64(), read["side"].as_str()), (conv.clone(), Some(7), Some("company")), "{read}");
        // Frames pushed before may come first; the last unread total is what was unread before.
        while next_of(&mut rec, "unread")["total"] != before {}

        // Catch-up after a gap: a tab that had up to seq 3 gets exactly 4..7, in order; a
        // conversation not listed is not replayed, an unknown one is left out.
        drop(tab1);
        let mut back = cand.socket(&base);
        put(&mut back, json!({"type": "hello", "since": since(&[(&conv, 3), ("999999", 0)])}));
        let seqs: Vec<i64> = drain(&mut back).iter().filter(|f| f["type"] == "message").map(|f| f["seq"].as_i64().expect("seq")).collect();
        assert_eq!(seqs, vec![4, 5, 6, 7], "{}", s.engine);
        put(&mut back, json!({"type": "hello", "since": {}}));
        assert!(drain(&mut back).is_empty());
    }
}

#[test]
fn the_socket_refuses_foreign_origins_and_strangers_and_keeps_others_out() {
    for s in servers() {
        let base = s.base.clone();
        let cand = candidate(&base);
        // No Origin, and another site's: refused before the upgrade.
        for origin in [None, Some("http://evil.example")] {
            match cand.try_socket(&base, origin) {
                Err(tungstenite::Error::Http(res)) => assert_eq!(res.status().as_u16(), 403, "{origin:?}"),
                other => panic!("{origin:?}: {:?}", other.map(|_| "connected")),
            }
        }
        // No cookie.
        match Browser::new().try_socket(&base, Some(&base)) {
            Err(tungstenite::Error::Http(res)) => assert_eq!(res.status().as_u16(), 401),
            other => panic!("no cookie: {:?}", other.map(|_| "connected")),
        }

        // Another company's owner is connected while the demo company and the candidate talk: it
        // hears nothing of them.
        register_company(&s, "13600000077", "别家公司");
        let other = member(&base, "13600000077", "hire2026a");
        let mut outsider = other.socket(&base);
        let owner = member(&base, COMPANY_MOBILE, DEMO_PASSWORD);
        let job = open_job(&owner, &base);
        let mut rec = owner.socket(&base);
        let conv = cand.call(&base, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
        send(&cand, &base, "/chat", &conv, "x1", "only for the demo company");
        while next_message(&mut rec).1 != "only for the demo company" {}
        assert!(drain(&mut outsider).is_empty(), "{}", s.engine);
        // Nor can it read the conversation by catch-up.
        put(&mut outsider, json!({"type": "hello", "since": since(&[(&conv, 0)])}));
        assert!(drain(&mut outsider).is_empty());
    }
}

struct Node {
    child: std::process::Child,
    base: String,
    _dir: tempdir::Dir,
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn node(database_url: &str, env: &[(&str, &str)]) -> Node {
    let dir = tempdir::Dir::new();
    let mut all = vec![("JWT_SECRET", "a-shared-jwt-secret-of-at-least-32-bytes!!")];
    all.extend_from_slice(env);
    let (child, base) = spawn_server(&dir.0, Some(database_url), &all);
    Node { child, base, _dir: dir }
}

/// The candidate on one server and the recruiter on the other: each one's messages reach the other.
fn across(a: &Node, b: &Node, database_url: &str, label: &str) {
    let cand = candidate(&a.base);
    let owner = member(&b.base, COMPANY_MOBILE, DEMO_PASSWORD);
    let job = open_job(&owner, &b.base);
    let mut tab = cand.socket(&a.base);
    let mut rec = owner.socket(&b.base);
    let conv = cand.call(&a.base, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
    for i in 0..3 {
        send(&cand, &a.base, "/chat", &conv, &format!("{label}-a{i}"), &format!("{label}: from A {i}"));
    }
    // (A new conversation's job card may come first.)
    let mut heard: Vec<String> = Vec::new();
    while heard.len() < 3 {
        let (_, text, _) = next_message(&mut rec);
        if text.starts_with(&format!("{label}: from A")) {
            heard.push(text);
        }
    }
    assert_eq!(heard, (0..3).map(|i| format!("{label}: from A {i}")).collect::<Vec<_>>());
    put(&mut rec, json!({"type": "send", "conversationId": conv, "clientId": format!("{label}-b"), "kind": "text", "text": format!("{label}: from B")}));
    let (seq, text, mine) = loop {
        let m = next_message(&mut tab);
        if m.1 == format!("{label}: from B") {
            break m;
        }
    };
    assert!(!mine, "{label}: {text}");
    put(&mut rec, json!({"type": "read", "conversationId": conv, "seq": seq}));
    assert_eq!(next_of(&mut tab, "read")["seq"], seq, "{label}");

    // A message stored without any bell (as if its wake-up were lost) reaches the recruiter with the
    // conversation's next bell: the database is the record.
    let mut db = PgConnection::establish(database_url).expect("database");
    #[derive(diesel::QueryableByName)]
    struct Stored {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        seq: i64,
    }
    let silent = diesel::sql_query(format!(
        "WITH s AS (UPDATE conversations SET last_seq = last_seq + 1 WHERE id = {conv} RETURNING last_seq, user_id) \
         INSERT INTO chat_messages (id, conversation_id, seq, sender_side, sender_id, client_id, kind, text, payload, created_at) \
         SELECT {conv} * 1000 + last_seq, {conv}, last_seq, 'candidate', user_id, '{label}-silent', 'text', '{label}: silent', '', 0 FROM s RETURNING seq"
    ))
    .get_result::<Stored>(&mut db)
    .expect("a silent message")
    .seq;
    send(&cand, &a.base, "/chat", &conv, &format!("{label}-after"), &format!("{label}: after"));
    let mut got = Vec::new();
    while got.len() < 2 {
        let (seq, text, _) = next_message(&mut rec);
        if seq >= silent {
            got.push((seq, text));
        }
    }
    assert_eq!(got, [(silent, format!("{label}: silent")), (silent + 1, format!("{label}: after"))], "{label}");
    // And from the other server's HTTP call the same way: /comchat/send on B reaches the candidate on A.
    send(&owner, &b.base, "/comchat", &conv, &format!("{label}-b2"), &format!("{label}: over HTTP"));
    while next_message(&mut tab).1 != format!("{label}: over HTTP") {}
}

#[test]
fn two_servers_on_one_postgresql_deliver_across_each_other() {
    let Some(admin) = std::env::var("TEST_DATABASE_URL").ok().filter(|u| !u.is_empty()) else { return };
    let name = format!("jobseeker_ws_{}_{}", std::process::id(), tempdir::rand_suffix());
    let mut c = PgConnection::establish(&admin).expect("TEST_DATABASE_URL reachable");
    diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut c).expect("create database");
    let mut url = url::Url::parse(&admin).expect("url");
    url.set_path(&format!("/{name}"));
    let url = url.to_string();
    {
        // LISTEN/NOTIFY.
        let a = node(&url, &[]);
        let b = node(&url, &[]);
        across(&a, &b, &url, "notify");
    }
    let redis_url = std::env::var("TEST_REDIS_URL").ok().filter(|u| !u.is_empty()).unwrap_or_else(|| "redis://127.0.0.1:6379/".into());
    if redis::Client::open(redis_url.as_str()).and_then(|c| c.get_connection()).is_ok() {
        // Redis pub/sub.
        let prefix = format!("jobseeker-ws-{}-{}:", std::process::id(), tempdir::rand_suffix());
        let env = [("REDIS_URL", redis_url.as_str()), ("REDIS_PREFIX", prefix.as_str())];
        let a = node(&url, &env);
        let b = node(&url, &env);
        across(&a, &b, &url, "redis");
    }
    let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c);
}

#[test]
fn a_user_holds_at_most_eight_sockets() {
    for s in servers() {
        let cand = candidate(&s.base);
        let mut held: Vec<Ws> = (0..8).map(|_| cand.socket(&s.base)).collect();
        match cand.try_socket(&s.base, Some(&s.base)) {
            Err(tungstenite::Error::Http(res)) => assert_eq!(res.status().as_u16(), 429, "{}", s.engine),
            other => panic!("a ninth: {:?}", other.map(|_| "connected")),
        }
        // Each held socket still answers.
        for ws in &mut held {
            assert!(drain(ws).is_empty());
        }
    }
}

#[test]
fn a_socket_closes_when_its_session_ends() {
    for s in common::servers_with(&[("CHAT_SOCKET_CHECK_SECS", "1")]) {
        let cand = candidate(&s.base);
        let mut ws = cand.socket(&s.base);
        assert!(drain(&mut ws).is_empty());
        cand.call(&s.base, "/pclogin/logout", &[]);
        // Within the next check (1 s here) the server closes it (the read timeout is 10 s: a timeout
        // is a failure, not a close).
        let started = std::time::Instant::now();
        loop {
            match ws.read() {
                Ok(Message::Close(_)) | Err(tungstenite::Error::ConnectionClosed) => break,
                Ok(Message::Ping(_) | Message::Pong(_)) => continue,
                other => panic!("{}: {other:?}", s.engine),
            }
        }
        assert!(started.elapsed() < Duration::from_secs(5), "{}: {:?}", s.engine, started.elapsed());
    }
}

/// A recall (domain/chat_tools.rs) reaches the other side's socket at once as a message frame whose
/// `recalls` names the seq, and a client that was away learns of it by hello from its last seq.
#[test]
fn a_recall_reaches_the_other_side_live_and_by_hello() {
    for s in servers() {
        let base = s.base.clone();
        let cand = candidate(&base);
        let owner = member(&base, COMPANY_MOBILE, DEMO_PASSWORD);
        let job = open_job(&owner, &base);
        let mut rec = owner.socket(&base);
        let conv = cand.call(&base, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
        assert_eq!(next_message(&mut rec).0, 1, "{}: the job card", s.engine);
        let sent = send(&cand, &base, "/chat", &conv, "oops", "发错了的消息");
        assert_eq!(next_message(&mut rec), (2, "发错了的消息".into(), false), "{}", s.engine);

        cand.call(&base, "/chat/recall", &[("messageId", &sent["id"].to_string())]);
        let f = next_of(&mut rec, "message");
        assert_eq!((f["conversationId"].to_string(), f["seq"].as_i64(), f["message"]["recalls"].as_i64()), (conv.clone(), Some(3), Some(2)), "{f}");
        assert!(!f.to_string().contains("发错了的消息"), "{f}");

        // Away since seq 2: hello brings the note; from 0, the message comes recalled.
        let mut later = owner.socket(&base);
        put(&mut later, json!({"type": "hello", "since": since(&[(&conv, 2)])}));
        let f = next_of(&mut later, "message");
        assert_eq!((f["seq"].as_i64(), f["message"]["recalls"].as_i64()), (Some(3), Some(2)), "{f}");
        put(&mut later, json!({"type": "hello", "since": since(&[(&conv, 1)])}));
        let f = next_of(&mut later, "message");
        assert_eq!((f["seq"].as_i64(), f["message"]["text"].as_str(), f["message"]["recalledAt"].is_i64()), (Some(2), Some(""), true), "{f}");
    }
}
