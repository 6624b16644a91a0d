//! Chat over HTTP (issue 32; domain/chat.rs): opening from both sides, order and no gaps under
//! concurrent sends, idempotent resends, catch-up, read state and unread counts, outsiders, blocks
//! and bad input. SQLite, and PostgreSQL with TEST_DATABASE_URL.

use std::collections::BTreeSet;

use crate::common::staff::{company_login_into, post_job, register_company};
use crate::common::{code, login_as, servers, TestServer, CHAT_MOBILE, DEMO_PASSWORD};
use reqwest::blocking::Client;
use serde_json::Value;

const SECOND_CANDIDATE: &str = "13900000001";

fn ok(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, v) = s.call(client, path, form);
    assert_eq!(status, 200, "{} {path} {form:?}: {v}", s.engine);
    v["result"].clone()
}

/// The demo company's owner (logged in) and one of its open jobs.
fn demo_company(s: &TestServer) -> (Client, String) {
    let company = s.client();
    company_login_into(s, &company);
    let (_, v) = s.call(&company, "/comjob/list", &[("state", "open")]);
    (company, v["result"]["list"][0]["id"].to_string())
}

/// Every message of a conversation from `path` (`/chat` or `/comchat`), page by page.
fn all_messages(s: &TestServer, client: &Client, face: &str, conv: &str) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    loop {
        let after = out.last().map_or(0, |m| m["seq"].as_i64().expect("seq"));
        let page = ok(s, client, &format!("{face}/messages"), &[("conversationId", conv), ("afterSeq", &after.to_string())]);
        out.extend(page["list"].as_array().expect("list").iter().cloned());
        if page["more"] != true {
            return out;
        }
    }
}

fn send(s: &TestServer, client: &Client, face: &str, conv: &str, client_id: &str, text: &str) -> Value {
    ok(s, client, &format!("{face}/send"), &[("conversationId", conv), ("clientId", client_id), ("kind", "text"), ("text", text)])
}

fn stored_rows(s: &TestServer, conv: &str) -> i64 {
    use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
    use server::db::schema::chat_messages;
    let id: i64 = conv.parse().expect("id");
    chat_messages::table.filter(chat_messages::conversation_id.eq(id)).count().get_result(&mut s.db()).expect("count")
}

fn list_item(s: &TestServer, client: &Client, face: &str, conv: &str) -> Value {
    let list = ok(s, client, &format!("{face}/list"), &[]);
    list["list"].as_array().expect("list").iter().find(|c| c["conversationId"].to_string() == conv).cloned().unwrap_or(Value::Null)
}

#[test]
fn a_conversation_opens_from_both_sides_keeps_order_and_counts_what_is_unread() {
    for s in servers() {
        let candidate = s.client();
        let resume = login_as(&s, &candidate, CHAT_MOBILE)["resumeId"].to_string();
        let (company, job) = demo_company(&s);

        // The candidate opens it on a job: the job's card is its first message; opening again, even
        // several times at once, reuses it.
        let opened: BTreeSet<String> = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| ok(&s, &candidate, "/chat/start", &[("jobid", &job)])["conversationId"].to_string()))
                .collect();
            threads.into_iter().map(|t| t.join().expect("thread")).collect()
        });
        assert_eq!(opened.len(), 1, "{} one conversation: {opened:?}", s.engine);
        let conv = opened.into_iter().next().expect("conversation");
        assert_eq!(ok(&s, &candidate, "/chat/start", &[("jobid", &job)])["conversationId"].to_string(), conv);
        let first = all_messages(&s, &candidate, "/chat", &conv);
        assert_eq!(first.len(), 1, "{first:?}");
        assert_eq!((first[0]["seq"].as_i64(), first[0]["kind"].as_str(), first[0]["job"]["jobId"].to_string()), (Some(1), Some("job"), job.clone()));

        // The recruiter (the seeded job's responsible member: the company's owner) greets the same
        // resume: the same conversation; a new job adds its card, the same job none.
        assert_eq!(ok(&s, &company, "/comchat/start", &[("resumeId", &resume), ("jobid", &job)])["conversationId"].to_string(), conv);
        let other_job = post_job(&s, &company, "聊天测试前端工程师");
        assert_eq!(ok(&s, &company, "/comchat/start", &[("resumeId", &resume), ("jobid", &other_job)])["conversationId"].to_string(), conv);
        let cards = all_messages(&s, &company, "/comchat", &conv);
        assert_eq!(cards.len(), 2, "{cards:?}");
        assert_eq!((cards[1]["seq"].as_i64(), cards[1]["job"]["title"].as_str(), cards[1]["mine"].as_bool()), (Some(2), Some("聊天测试前端工程师"), Some(true)));
        assert_eq!(cards[0]["mine"], false, "the candidate's card, read by the company");

        // A send answers the stored message; a resend of its client id answers the same one and stores nothing.
        let hello = send(&s, &candidate, "/chat", &conv, "c-1", "  您好，想了解一下这个岗位  ");
        assert_eq!((hello["seq"].as_i64(), hello["text"].as_str(), hello["clientId"].as_str()), (Some(3), Some("您好，想了解一下这个岗位"), Some("c-1")));
        assert_eq!((hello["side"].as_str(), hello["mine"].as_bool(), hello["kind"].as_str()), (Some("candidate"), Some(true), Some("text")));
        let again = send(&s, &candidate, "/chat", &conv, "c-1", "another text");
        assert_eq!((again["id"].clone(), again["seq"].clone(), again["text"].clone()), (hello["id"].clone(), hello["seq"].clone(), hello["text"].clone()));
        assert_eq!(stored_rows(&s, &conv), 3);
        // The other side's client ids are its own: the same one there is a new message.
        let reply = send(&s, &company, "/comchat", &conv, "c-1", "你好，方便发一份简历吗？");
        assert_eq!((reply["seq"].as_i64(), reply["side"].as_str(), reply["mine"].as_bool()), (Some(4), Some("company"), Some(true)));

        // Concurrent sends from both sides, two threads each: every one stored once, seqs 1..n with no gap.
        let sent: Vec<(String, i64, String)> = std::thread::scope(|scope| {
            let mut threads = Vec::new();
            for (t, (client, face)) in [(&candidate, "/chat"), (&candidate, "/chat"), (&company, "/comchat"), (&company, "/comchat")].into_iter().enumerate() {
                let (s, conv) = (&s, &conv);
                threads.push(scope.spawn(move || {
                    (0..8)
                        .map(|i| {
                            let id = format!("t{t}-{i}");
                            let m = send(s, client, face, conv, &id, &format!("并发消息 {t}/{i}"));
                            // A resend in the middle of the race answers the same message.
                            let again = send(s, client, face, conv, &id, "resent");
                            assert_eq!(again["id"], m["id"], "{again}");
                            (m["id"].to_string(), m["seq"].as_i64().expect("seq"), face.to_string())
                        })
                        .collect::<Vec<_>>()
                }));
            }
            threads.into_iter().flat_map(|t| t.join().expect("thread")).collect()
        });
        assert_eq!(sent.len(), 32);
        let everything = all_messages(&s, &candidate, "/chat", &conv);
        let seqs: Vec<i64> = everything.iter().map(|m| m["seq"].as_i64().expect("seq")).collect();
        assert_eq!(seqs, (1..=36).collect::<Vec<i64>>(), "{} seqs in order without gaps", s.engine);
        let ids: BTreeSet<String> = everything.iter().map(|m| m["id"].to_string()).collect();
        assert_eq!(ids.len(), 36);
        assert_eq!(stored_rows(&s, &conv), 36);
        for (id, seq, _) in &sent {
            assert_eq!(everything[(*seq - 1) as usize]["id"].to_string(), *id, "the answer's seq is the stored one");
        }

        // Catch-up: after a seq, exactly what came after it.
        let page = ok(&s, &company, "/comchat/messages", &[("conversationId", &conv), ("afterSeq", "30")]);
        let after: Vec<i64> = page["list"].as_array().expect("list").iter().map(|m| m["seq"].as_i64().expect("seq")).collect();
        assert_eq!((after, page["more"].as_bool(), page["lastSeq"].as_i64()), ((31..=36).collect(), Some(false), Some(36)));
        assert!(ok(&s, &company, "/comchat/messages", &[("conversationId", &conv), ("afterSeq", "36")])["list"].as_array().expect("list").is_empty());

        // Unread: the other side's messages after one's read mark, counted exactly.
        let from = |side: &str, after: i64| everything.iter().filter(|m| m["side"] == side && m["seq"].as_i64().expect("seq") > after).count() as i64;
        let mine = list_item(&s, &candidate, "/chat", &conv);
        assert_eq!((mine["unread"].as_i64(), mine["lastSeq"].as_i64()), (Some(from("company", 0)), Some(36)), "{mine}");
        assert_eq!((mine["peerName"].as_str(), mine["jobTitle"].is_string()), (Some("王经理"), true), "{mine}");
        assert_eq!(mine["lastMessage"]["seq"].as_i64(), Some(36), "{mine}");
        let theirs = list_item(&s, &company, "/comchat", &conv);
        assert_eq!(theirs["unread"].as_i64(), Some(from("candidate", 0)), "{theirs}");
        assert!(!theirs["peerName"].as_str().unwrap_or("").is_empty(), "the company sees the public resume's name: {theirs}");

        let read = ok(&s, &candidate, "/chat/read", &[("conversationId", &conv), ("seq", "36")]);
        assert_eq!((read["readSeq"].as_i64(), read["unread"].as_i64()), (Some(36), Some(0)));
        assert_eq!(list_item(&s, &candidate, "/chat", &conv)["unread"].as_i64(), Some(0));
        let theirs = list_item(&s, &company, "/comchat", &conv);
        assert_eq!((theirs["peerReadSeq"].as_i64(), theirs["unread"].as_i64()), (Some(36), Some(from("candidate", 0))));
        let read = ok(&s, &company, "/comchat/read", &[("conversationId", &conv), ("seq", "20")]);
        assert_eq!((read["readSeq"].as_i64(), read["unread"].as_i64()), (Some(20), Some(from("candidate", 20))));
        // A read mark never goes back, and never past the newest message.
        let read = ok(&s, &company, "/comchat/read", &[("conversationId", &conv), ("seq", "5")]);
        assert_eq!(read["readSeq"].as_i64(), Some(20));
        let read = ok(&s, &company, "/comchat/read", &[("conversationId", &conv), ("seq", "9999")]);
        assert_eq!((read["readSeq"].as_i64(), read["unread"].as_i64()), (Some(36), Some(0)));
        // What the other side read and received shows in the thread.
        let page = ok(&s, &candidate, "/chat/messages", &[("conversationId", &conv), ("afterSeq", "36")]);
        assert_eq!((page["peerReadSeq"].as_i64(), page["peerDeliveredSeq"].as_i64(), page["readSeq"].as_i64()), (Some(36), Some(36), Some(36)));

        // A new message from the company is one unread for the candidate.
        send(&s, &company, "/comchat", &conv, "late-1", "明天上午十点可以电话沟通吗？");
        let mine = list_item(&s, &candidate, "/chat", &conv);
        assert_eq!((mine["unread"].as_i64(), mine["lastMessage"]["text"].as_str(), mine["lastMessage"]["mine"].as_bool()), (Some(1), Some("明天上午十点可以电话沟通吗？"), Some(false)));
    }
}

#[test]
fn outsiders_get_not_found_and_bad_sends_store_nothing() {
    for s in servers() {
        let candidate = s.client();
        login_as(&s, &candidate, CHAT_MOBILE);
        let (company, job) = demo_company(&s);
        let conv = ok(&s, &candidate, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
        send(&s, &candidate, "/chat", &conv, "first", "你好");
        let before = stored_rows(&s, &conv);

        // Another candidate, and another company's owner: NOT_FOUND for every call on the conversation.
        let other = s.client();
        let (status, v) = s.call(&other, "/pclogin/login", &[("mobile", SECOND_CANDIDATE), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        let stranger = register_company(&s, &format!("1350000{:04}", std::process::id() % 10_000), &format!("聊天外人公司{}", crate::common::tempdir::rand_suffix()));
        for (client, face) in [(&other, "/chat"), (&stranger, "/comchat")] {
            for (call, form) in [
                ("messages", vec![("conversationId", conv.as_str()), ("afterSeq", "0")]),
                ("send", vec![("conversationId", conv.as_str()), ("clientId", "x-1"), ("kind", "text"), ("text", "hi")]),
                ("read", vec![("conversationId", conv.as_str()), ("seq", "1")]),
            ] {
                let (status, v) = s.call(client, &format!("{face}/{call}"), &form);
                assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{} {face}/{call}: {v}", s.engine);
            }
            let list = ok(&s, client, &format!("{face}/list"), &[]);
            assert!(list["list"].as_array().expect("list").iter().all(|c| c["conversationId"].to_string() != conv), "{list}");
        }
        // No such conversation is the same answer; the faces' sessions do not cross.
        let (status, v) = s.call(&candidate, "/chat/messages", &[("conversationId", "123456789")]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{v}");
        assert_eq!(s.call(&candidate, "/comchat/list", &[]).0, 401);
        assert_eq!(s.call(&company, "/chat/list", &[]).0, 401);
        assert_eq!(s.call(&s.client(), "/chat/list", &[]).0, 401);

        // Bad input: BAD_INPUT naming the field and the rule (core-wasm chat.rs), and nothing stored.
        let long = "长".repeat(1001);
        let edge = "长".repeat(1000);
        for (client_id, kind, text, message) in [
            ("b-1", "text", long.as_str(), "text: chat.textTooLong"),
            ("b-2", "text", "   ", "text: chat.textEmpty"),
            ("b-3", "video", "hi", "kind: chat.kindUnknown"),
            ("b-4", "job", "hi", "kind: chat.kindNotTyped"),
            ("bad id", "text", "hi", "clientId: chat.clientIdBad"),
            ("", "text", "hi", "clientId: chat.clientIdBad"),
            (&"x".repeat(65), "text", "hi", "clientId: chat.clientIdBad"),
        ] {
            let (status, v) = s.call(&candidate, "/chat/send", &[("conversationId", &conv), ("clientId", client_id), ("kind", kind), ("text", text)]);
            assert_eq!((status, code(&v), v["error"]["message"].as_str()), (400, "BAD_INPUT", Some(message)), "{client_id} {kind}");
        }
        for (field, value) in [("conversationId", "abc"), ("afterSeq", "-1")] {
            let mut form = vec![("conversationId", conv.as_str()), ("afterSeq", "0")];
            form.retain(|(k, _)| *k != field);
            form.push((field, value));
            let (status, v) = s.call(&candidate, "/chat/messages", &form);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{field}={value}: {v}");
        }
        assert_eq!(stored_rows(&s, &conv), before, "a refused send stores nothing");
        assert_eq!(send(&s, &candidate, "/chat", &conv, "edge", &edge)["text"].as_str().map(|t| t.chars().count()), Some(1000));
    }
}

#[test]
fn a_company_the_candidate_blocked_cannot_greet_them_and_loses_the_thread() {
    for s in servers() {
        let candidate = s.client();
        let resume = login_as(&s, &candidate, CHAT_MOBILE)["resumeId"].to_string();
        let mobile = format!("1350001{:04}", std::process::id() % 10_000);
        let company = register_company(&s, &mobile, &format!("屏蔽聊天公司{}", crate::common::tempdir::rand_suffix()));
        let company_id = ok(&s, &company, "/comlogin/me", &[])["company"]["id"].to_string();
        let job = post_job(&s, &company, "聊天屏蔽测试岗位");

        // Before the block it greets the (public) resume, and the candidate sees it.
        let conv = ok(&s, &company, "/comchat/start", &[("resumeId", &resume), ("jobid", &job)])["conversationId"].to_string();
        send(&s, &company, "/comchat", &conv, "hello", "您好，看到您的简历，方便聊聊吗？");
        assert_eq!(list_item(&s, &candidate, "/chat", &conv)["unread"].as_i64(), Some(2), "the card and the greeting");

        assert_eq!(s.call(&candidate, "/pcuser/shield", &[("comId", &company_id), ("resumeId", &resume)]).0, 200);
        let (status, v) = s.call(&company, "/comchat/start", &[("resumeId", &resume), ("jobid", &job)]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{v}");
        for (call, form) in [
            ("messages", vec![("conversationId", conv.as_str())]),
            ("send", vec![("conversationId", conv.as_str()), ("clientId", "after-block"), ("kind", "text"), ("text", "还在吗？")]),
            ("read", vec![("conversationId", conv.as_str()), ("seq", "2")]),
        ] {
            let (status, v) = s.call(&company, &format!("/comchat/{call}"), &form);
            assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{} /comchat/{call}: {v}", s.engine);
        }
        assert!(ok(&s, &company, "/comchat/list", &[])["list"].as_array().expect("list").is_empty());
        assert_eq!(stored_rows(&s, &conv), 2, "nothing reached the candidate after the block");
        // The candidate keeps their side of it.
        assert_eq!(all_messages(&s, &candidate, "/chat", &conv).len(), 2);
    }
}

#[test]
fn sends_are_limited_per_user_and_a_refused_one_stores_nothing() {
    for s in servers() {
        let candidate = s.client();
        login_as(&s, &candidate, CHAT_MOBILE);
        let (company, job) = demo_company(&s);
        let conv = ok(&s, &candidate, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
        for i in 0..60 {
            send(&s, &candidate, "/chat", &conv, &format!("r-{i}"), "在吗？");
        }
        let (status, v) = s.call(&candidate, "/chat/send", &[("conversationId", &conv), ("clientId", "r-60"), ("kind", "text"), ("text", "在吗？")]);
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"), "{v}");
        assert_eq!(stored_rows(&s, &conv), 61, "the card and 60 messages");
        // The limit is the user's: the other side still sends.
        assert_eq!(send(&s, &company, "/comchat", &conv, "r-0", "在的")["seq"].as_i64(), Some(62));
    }
}

/// A database made before `job_postings.member_id` gains the column at start (db/mod.rs
/// LATER_COLUMNS); a job posted then names its member, whom the candidate's chat on it reaches.
#[test]
fn an_older_database_gains_the_jobs_responsible_member_and_chats_reach_them() {
    use diesel::{QueryDsl, RunQueryDsl};
    use server::db::schema::{conversations, job_postings};
    let dir = crate::common::tempdir::Dir::new();
    let file = dir.0.join("jobseeker.sqlite3").to_string_lossy().into_owned();
    let (mut first, _) = crate::common::spawn_server(&dir.0, None, &[]);
    let _ = first.kill();
    let _ = first.wait();
    diesel::sql_query("ALTER TABLE job_postings DROP COLUMN member_id").execute(&mut crate::common::db_at(&file)).expect("drop");
    for start in 0..2 {
        let (mut server, base) = crate::common::spawn_server(&dir.0, None, &[]);
        let company = crate::common::staff::company_login_at(&base);
        let call = |client: &Client, path: &str, form: &[(&str, &str)]| {
            let (status, v) = crate::common::envelope(client.post(format!("{base}/ajax{path}")).form(form).send().expect("send"));
            assert_eq!(status, 200, "start {start} {path}: {v}");
            v["result"].clone()
        };
        let member = call(&company, "/comlogin/me", &[])["id"].as_i64().expect("member id");
        let form = [
            ("title", "负责人测试岗位"), ("category", "前端开发"), ("city", "杭州"), ("salaryMin", "15000"), ("salaryMax", "25000"),
            ("experience", "3-5年"), ("education", "本科"), ("description", "负责招聘网站前端的开发与维护，和设计、后端一起交付。"),
        ];
        let job = call(&company, "/comjob/save", &form)["id"].as_i64().expect("job id");
        let candidate = crate::common::client();
        call(&candidate, "/pclogin/login", &[("mobile", CHAT_MOBILE), ("password", DEMO_PASSWORD)]);
        let conv = call(&candidate, "/chat/start", &[("jobid", &job.to_string())])["conversationId"].as_i64().expect("conversation");
        let _ = server.kill();
        let _ = server.wait();
        let c = &mut crate::common::db_at(&file);
        let posted: Option<i64> = job_postings::table.find(job).select(job_postings::member_id).first(c).expect("posting");
        assert_eq!(posted, Some(member), "start {start}: the job names who posted it");
        let reached: i64 = conversations::table.find(conv).select(conversations::member_id).first(c).expect("conversation");
        assert_eq!(reached, member, "start {start}: the chat reaches the job's member");
    }
}

#[test]
fn the_demo_candidate_and_the_demo_company_talk_in_the_seeded_conversation() {
    for s in servers() {
        let candidate = s.client();
        crate::common::login(&s, &candidate);
        let (company, _) = demo_company(&s);
        let mine = ok(&s, &candidate, "/chat/list", &[]);
        let theirs = ok(&s, &company, "/comchat/list", &[]);
        let (mine, theirs) = (mine["list"].as_array().expect("list").clone(), theirs["list"].as_array().expect("list").clone());
        assert_eq!((mine.len(), theirs.len()), (1, 1), "{}: one demo conversation: {mine:?}", s.engine);
        let conv = mine[0]["conversationId"].to_string();
        assert_eq!(theirs[0]["conversationId"].to_string(), conv);
        // One unread message each way.
        assert_eq!((mine[0]["unread"].as_i64(), theirs[0]["unread"].as_i64()), (Some(1), Some(1)), "{}", s.engine);

        let thread = all_messages(&s, &company, "/comchat", &conv);
        let kinds: Vec<&str> = thread.iter().map(|m| m["kind"].as_str().expect("kind")).collect();
        assert_eq!(kinds.first(), Some(&"job"), "{kinds:?}");
        assert_eq!(kinds.last(), Some(&"interview"), "{kinds:?}");
        assert!(thread.iter().map(|m| m["seq"].as_i64().expect("seq")).eq(1..=thread.len() as i64), "seqs without gaps");
        // The phone exchange was accepted: the card shows both mobiles to the company.
        let card = thread.iter().find(|m| m["kind"] == "exchange").expect("an exchange card");
        let shown = card.to_string();
        assert!(shown.contains(crate::common::DEMO_MOBILE) && shown.contains(crate::common::COMPANY_MOBILE), "{card}");
        assert_eq!(card["exchange"]["state"], "accepted", "{card}");
        // The interview card is for tomorrow, not yet answered; the story took two days.
        let interview = thread.last().expect("card");
        assert!(interview["interview"]["startAt"].as_i64().expect("startAt") > now_ms(), "{interview}");
        let times: Vec<i64> = thread.iter().map(|m| m["createdAt"].as_i64().expect("createdAt")).collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]) && times[times.len() - 1] - times[0] > 6 * 3_600_000, "{times:?}");
        assert!(times[times.len() - 1] <= now_ms());
        // Both filters a user would try find it.
        for filter in ["talking", "exchanged"] {
            let listed = ok(&s, &candidate, "/chat/list", &[("filter", filter)]);
            assert_eq!(listed["list"].as_array().expect("list").len(), 1, "{filter}");
        }
    }
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_millis() as i64
}
