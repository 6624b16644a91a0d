//! Handing jobs over (issue 32; domain/chat_handover.rs): an owner gives a job, or every job of a
//! member who leaves, with their conversations, to another owner or HR member. The conversation
//! keeps its id, messages and unread count; the candidate sees a note; the conflict rule when the
//! new member already talks with the candidate; who may do it and with whom. SQLite, and
//! PostgreSQL with TEST_DATABASE_URL.

use crate::common::staff::{company_login_into, post_job, register_company};
use crate::common::{code, TestServer, COMPANY_MOBILE, DEMO_PASSWORD};
use reqwest::blocking::Client;
use serde_json::Value;

/// 王芳, who applied to the demo company (not the demo candidate, whose seeded chat is the demo's).
const WANG_FANG: &str = "13900000002";

fn ok(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, v) = s.call(client, path, form);
    assert_eq!(status, 200, "{} {path} {form:?}: {v}", s.engine);
    v["result"].clone()
}

fn refused(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> (u16, String) {
    let (status, v) = s.call(client, path, form);
    (status, code(&v).to_string())
}

/// Adds a member of `role` to the demo company (with the owner's password, joined after them) and
/// logs them in; answers the client and the member's id.
fn add_member(s: &TestServer, id: i64, mobile: &str, name: &str, role: &str) -> (Client, String) {
    let added = s.sql(&format!(
        "INSERT INTO company_members (id, company_id, mobile, name, password_hash, role, created_at) \
         SELECT {id}, company_id, '{mobile}', '{name}', password_hash, '{role}', created_at + 1 FROM company_members WHERE mobile = '{COMPANY_MOBILE}'"
    ));
    assert_eq!(added, 1);
    let client = s.client();
    let me = ok(s, &client, "/comlogin/login", &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
    assert_eq!(me["id"].to_string(), id.to_string());
    (client, id.to_string())
}

fn candidate(s: &TestServer, mobile: &str) -> (Client, String) {
    let client = s.client();
    let me = ok(s, &client, "/pclogin/login", &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
    (client, me["resumeId"].to_string())
}

fn open_jobs(s: &TestServer, owner: &Client) -> Vec<String> {
    let list = ok(s, owner, "/comjob/list", &[("state", "open")]);
    list["list"].as_array().expect("list").iter().map(|j| j["id"].to_string()).collect()
}

fn messages(s: &TestServer, client: &Client, face: &str, conv: &str) -> Vec<Value> {
    let page = ok(s, client, &format!("{face}/messages"), &[("conversationId", conv), ("afterSeq", "0")]);
    assert_ne!(page["more"], true, "one page is enough here");
    page["list"].as_array().expect("list").clone()
}

fn list_item(s: &TestServer, client: &Client, face: &str, conv: &str) -> Option<Value> {
    let list = ok(s, client, &format!("{face}/list"), &[]);
    list["list"].as_array().expect("list").iter().find(|c| c["conversationId"].to_string() == conv).cloned()
}

fn send(s: &TestServer, client: &Client, face: &str, conv: &str, client_id: &str, text: &str) -> Value {
    ok(s, client, &format!("{face}/send"), &[("conversationId", conv), ("clientId", client_id), ("kind", "text"), ("text", text)])
}

fn recruiter_name(s: &TestServer, job: &str) -> String {
    let page = ok(s, &s.client(), "/job/detail", &[("jobid", job)]);
    page["recruiter"]["name"].as_str().unwrap_or_default().to_string()
}

fn ids(v: &Value) -> Vec<String> {
    v.as_array().expect("array").iter().map(|x| x.to_string()).collect()
}

#[test]
fn an_owner_hands_a_job_and_its_conversation_moves_with_its_messages_and_unread_count() {
    for s in crate::common::servers() {
        let owner = s.client();
        let owner_me = company_login_into(&s, &owner);
        let owner_id = owner_me["id"].to_string();
        let job = open_jobs(&s, &owner)[0].clone();
        let (hr, hr_id) = add_member(&s, 9_100_001, "13700000011", "李婷", "hr");
        let (_, interviewer_id) = add_member(&s, 9_100_002, "13700000012", "面试官周", "interviewer");

        // 王芳 opens a conversation on the job with its recruiter (the owner) and writes twice.
        let (me, _) = candidate(&s, WANG_FANG);
        let conv = ok(&s, &me, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
        send(&s, &me, "/chat", &conv, "hf-1", "您好，我对这个职位很感兴趣");
        send(&s, &me, "/chat", &conv, "hf-2", "请问还在招吗？");
        // Unread for the owner: the job's card the candidate's opening posted, and the two messages.
        let unread_before = list_item(&s, &owner, "/comchat", &conv).expect("the owner's")["unread"].as_i64().expect("unread");
        assert_eq!(unread_before, 3, "{}", s.engine);
        let before = messages(&s, &owner, "/comchat", &conv);

        // The chatting members, with the jobs each answers.
        let members = ok(&s, &owner, "/comjob/members", &[]);
        let listed: Vec<(String, String)> =
            members["list"].as_array().expect("list").iter().map(|m| (m["id"].to_string(), m["role"].as_str().unwrap_or("").to_string())).collect();
        assert_eq!(listed, vec![(owner_id.clone(), "owner".to_string()), (hr_id.clone(), "hr".to_string())], "no interviewer: {members}");
        assert!(ids(&members["list"][0]["jobs"]).contains(&job) && ids(&members["list"][1]["jobs"]).is_empty(), "{members}");

        // HR may not hand over; bad input, an interviewer, another company's member or job: nothing changes.
        assert_eq!(refused(&s, &hr, "/comjob/handOver", &[("jobid", &job), ("memberId", &hr_id)]), (400, "FORBIDDEN_ROLE".into()));
        assert_eq!(refused(&s, &hr, "/comjob/handOverAll", &[("fromMemberId", &owner_id), ("memberId", &hr_id)]), (400, "FORBIDDEN_ROLE".into()));
        assert_eq!(refused(&s, &owner, "/comjob/handOver", &[("jobid", "x"), ("memberId", &hr_id)]), (400, "BAD_INPUT".into()));
        assert_eq!(refused(&s, &owner, "/comjob/handOver", &[("jobid", &job), ("memberId", "")]), (400, "BAD_INPUT".into()));
        assert_eq!(refused(&s, &owner, "/comjob/handOver", &[("jobid", &job), ("memberId", &interviewer_id)]), (404, "NOT_FOUND".into()));
        let other = register_company(&s, "13700000099", "别家科技有限公司");
        let other_member = ok(&s, &other, "/comlogin/me", &[])["id"].to_string();
        let other_job = post_job(&s, &other, "别家的职位");
        assert_eq!(refused(&s, &owner, "/comjob/handOver", &[("jobid", &job), ("memberId", &other_member)]), (404, "NOT_FOUND".into()));
        assert_eq!(refused(&s, &owner, "/comjob/handOver", &[("jobid", &other_job), ("memberId", &hr_id)]), (404, "NOT_FOUND".into()));
        assert_eq!(refused(&s, &other, "/comjob/handOver", &[("jobid", &job), ("memberId", &other_member)]), (404, "NOT_FOUND".into()));
        assert_eq!(recruiter_name(&s, &job), owner_me["name"].as_str().expect("name"), "{}", s.engine);
        assert!(list_item(&s, &hr, "/comchat", &conv).is_none());

        // The owner hands the job to 李婷.
        let done = ok(&s, &owner, "/comjob/handOver", &[("jobid", &job), ("memberId", &hr_id)]);
        assert_eq!(ids(&done["jobs"]), vec![job.clone()], "{done}");
        assert!(ids(&done["moved"]).contains(&conv) && ids(&done["kept"]).is_empty(), "{} {done}", s.engine);

        // The job page's recruiter card shows her; the list says which jobs she answers.
        assert_eq!(recruiter_name(&s, &job), "李婷", "{}", s.engine);
        let members = ok(&s, &owner, "/comjob/members", &[]);
        assert!(ids(&members["list"][1]["jobs"]).contains(&job) && !ids(&members["list"][0]["jobs"]).contains(&job), "{members}");

        // The conversation is hers, with its messages and its unread count, and gone from the owner's.
        let item = list_item(&s, &hr, "/comchat", &conv).expect("in her list");
        assert_eq!(item["unread"].as_i64(), Some(unread_before), "{} {item}", s.engine);
        assert_eq!(item["peerName"].as_str().map(|n| !n.is_empty()), Some(true), "{item}");
        assert_eq!(item["lastMessage"]["handOver"]["memberName"].as_str(), Some("李婷"), "the list words the note: {item}");
        let hers = messages(&s, &hr, "/comchat", &conv);
        assert_eq!(hers.len(), before.len() + 1, "the note added: {hers:?}");
        for (a, b) in before.iter().zip(&hers) {
            assert_eq!((&a["id"], &a["seq"], &a["text"]), (&b["id"], &b["seq"], &b["text"]));
        }
        assert!(list_item(&s, &owner, "/comchat", &conv).is_none(), "{}", s.engine);
        assert_eq!(refused(&s, &owner, "/comchat/messages", &[("conversationId", &conv)]), (404, "NOT_FOUND".into()));
        assert_eq!(refused(&s, &owner, "/comchat/send", &[("conversationId", &conv), ("clientId", "o-1"), ("kind", "text"), ("text", "在吗")]).1, "NOT_FOUND");

        // The candidate's thread shows the note and goes on in the same conversation.
        let thread = messages(&s, &me, "/chat", &conv);
        let note = thread.last().expect("note");
        assert_eq!((note["kind"].as_str(), note["handOver"]["memberName"].as_str()), (Some("system"), Some("李婷")), "{note}");
        assert_eq!(note["handOver"]["jobId"].to_string(), job);
        assert!(note["handOver"]["continuedIn"].is_null());
        assert_eq!(note["seq"].as_i64(), before.last().and_then(|m| m["seq"].as_i64()).map(|n| n + 1), "the next seq");
        assert_eq!(ok(&s, &me, "/chat/start", &[("jobid", &job)])["conversationId"].to_string(), conv, "立即沟通 finds the same thread");
        assert_eq!(messages(&s, &me, "/chat", &conv).len(), thread.len(), "and adds no card: the job's is the newest");
        let reply = send(&s, &hr, "/comchat", &conv, "lt-1", "您好，这个职位由我负责，还在招");
        assert!(messages(&s, &me, "/chat", &conv).iter().any(|m| m["id"] == reply["id"]));
        send(&s, &me, "/chat", &conv, "hf-3", "好的，谢谢");
        let unread = list_item(&s, &hr, "/comchat", &conv).expect("hers")["unread"].as_i64();
        assert_eq!(unread, Some(unread_before + 1), "{}: those before and the new one", s.engine);

        // Handing it to her again moves nothing and writes nothing.
        let count = messages(&s, &me, "/chat", &conv).len();
        let again = ok(&s, &owner, "/comjob/handOver", &[("jobid", &job), ("memberId", &hr_id)]);
        assert!(ids(&again["moved"]).is_empty() && ids(&again["kept"]).is_empty(), "{again}");
        assert_eq!(messages(&s, &me, "/chat", &conv).len(), count);
    }
}

#[test]
fn when_the_new_member_already_talks_with_the_candidate_the_job_goes_on_in_their_conversation() {
    for s in crate::common::servers() {
        let owner = s.client();
        company_login_into(&s, &owner);
        let jobs = open_jobs(&s, &owner);
        let (first, second) = (jobs[0].clone(), jobs[1].clone());
        let (hr, hr_id) = add_member(&s, 9_100_011, "13700000013", "李婷", "hr");

        // 王芳 talks with the owner about the first job, and 李婷 greets her about the second.
        let (me, resume) = candidate(&s, WANG_FANG);
        let handed = ok(&s, &me, "/chat/start", &[("jobid", &first)])["conversationId"].to_string();
        send(&s, &me, "/chat", &handed, "c-1", "您好");
        let hers = ok(&s, &hr, "/comchat/start", &[("resumeId", &resume), ("jobid", &second)])["conversationId"].to_string();
        assert_ne!(hers, handed);
        send(&s, &hr, "/comchat", &hers, "h-1", "您好，看了您的简历");
        let hers_before = messages(&s, &hr, "/comchat", &hers).len();
        let owner_unread = list_item(&s, &owner, "/comchat", &handed).expect("the owner's")["unread"].clone();

        // The first job goes to 李婷: the owner's conversation stays the owner's (a pair has one
        // conversation, and two threads' seqs do not merge), and the job goes on in hers.
        let done = ok(&s, &owner, "/comjob/handOver", &[("jobid", &first), ("memberId", &hr_id)]);
        assert_eq!((ids(&done["moved"]), ids(&done["kept"])), (vec![], vec![handed.clone()]), "{} {done}", s.engine);
        assert_eq!(recruiter_name(&s, &first), "李婷");
        assert_eq!(list_item(&s, &owner, "/comchat", &handed).expect("still the owner's")["unread"], owner_unread, "unchanged");
        assert!(list_item(&s, &hr, "/comchat", &handed).is_none());

        // Her conversation got the first job's card and the note; the one left behind names where it goes on.
        let now_hers = messages(&s, &me, "/chat", &hers);
        assert_eq!(now_hers.len(), hers_before + 2, "{now_hers:?}");
        let (card, note) = (&now_hers[hers_before], &now_hers[hers_before + 1]);
        assert_eq!((card["kind"].as_str(), card["job"]["jobId"].to_string()), (Some("job"), first.clone()), "{card}");
        assert_eq!((note["handOver"]["memberName"].as_str(), note["handOver"]["continuedIn"].is_null()), (Some("李婷"), true), "{note}");
        let left = messages(&s, &me, "/chat", &handed);
        let left_note = left.last().expect("note");
        assert_eq!(left_note["handOver"]["continuedIn"].to_string(), hers, "{left_note}");
        assert_eq!(left_note["handOver"]["jobId"].to_string(), first);

        // The candidate's 立即沟通 on the first job now opens her conversation.
        assert_eq!(ok(&s, &me, "/chat/start", &[("jobid", &first)])["conversationId"].to_string(), hers);

        // Again: nothing more is written.
        let again = ok(&s, &owner, "/comjob/handOver", &[("jobid", &first), ("memberId", &hr_id)]);
        assert!(ids(&again["moved"]).is_empty() && ids(&again["kept"]).is_empty(), "{again}");
        assert_eq!(messages(&s, &me, "/chat", &hers).len(), now_hers.len());
        assert_eq!(messages(&s, &me, "/chat", &handed).len(), left.len());
    }
}

#[test]
fn a_member_who_leaves_hands_every_job_and_conversation_to_another() {
    for s in crate::common::servers() {
        let owner = s.client();
        let owner_id = company_login_into(&s, &owner)["id"].to_string();
        let mut jobs = open_jobs(&s, &owner);
        jobs.push(post_job(&s, &owner, "测试工程师"));
        let (leaving, leaving_id) = add_member(&s, 9_100_021, "13700000014", "李婷", "hr");
        let (next, next_id) = add_member(&s, 9_100_022, "13700000015", "赵敏", "hr");

        // 李婷 answers two jobs, and greets 王芳 on a third that stays the owner's.
        for job in &jobs[..2] {
            ok(&s, &owner, "/comjob/handOver", &[("jobid", job), ("memberId", &leaving_id)]);
        }
        let (me, resume) = candidate(&s, WANG_FANG);
        let conv = ok(&s, &leaving, "/comchat/start", &[("resumeId", &resume), ("jobid", &jobs[2])])["conversationId"].to_string();
        send(&s, &me, "/chat", &conv, "w-1", "您好");

        // Who may, and with whom.
        assert_eq!(refused(&s, &next, "/comjob/handOverAll", &[("fromMemberId", &leaving_id), ("memberId", &next_id)]), (400, "FORBIDDEN_ROLE".into()));
        assert_eq!(refused(&s, &owner, "/comjob/handOverAll", &[("fromMemberId", &leaving_id), ("memberId", &leaving_id)]), (400, "BAD_INPUT".into()));
        assert_eq!(refused(&s, &owner, "/comjob/handOverAll", &[("fromMemberId", "9999999"), ("memberId", &next_id)]), (404, "NOT_FOUND".into()));
        s.sql(&format!("UPDATE company_members SET disabled = TRUE WHERE id = {next_id}"));
        assert_eq!(refused(&s, &owner, "/comjob/handOverAll", &[("fromMemberId", &leaving_id), ("memberId", &next_id)]), (404, "NOT_FOUND".into()), "not to a disabled member");
        s.sql(&format!("UPDATE company_members SET disabled = FALSE WHERE id = {next_id}"));

        // She has left (disabled: her jobs fell back to the owner meanwhile); her jobs and conversations go to 赵敏.
        s.sql(&format!("UPDATE company_members SET disabled = TRUE WHERE id = {leaving_id}"));
        assert_ne!(recruiter_name(&s, &jobs[0]), "李婷");
        let done = ok(&s, &owner, "/comjob/handOverAll", &[("fromMemberId", &leaving_id), ("memberId", &next_id)]);
        let mut handed = ids(&done["jobs"]);
        handed.sort();
        let mut expected = jobs[..2].to_vec();
        expected.sort();
        assert_eq!(handed, expected, "{} {done}", s.engine);
        // Hers: 王芳's, and the seeded demo conversation, which came to her with 前端开发工程师 (cli/seed.rs).
        let moved = ids(&done["moved"]);
        assert!(moved.contains(&conv) && ids(&done["kept"]).is_empty(), "{done}");
        for other in &moved {
            assert!(list_item(&s, &next, "/comchat", other).is_some(), "{other} is 赵敏's now");
        }
        assert_eq!(recruiter_name(&s, &jobs[0]), "赵敏");
        assert_eq!(recruiter_name(&s, &jobs[1]), "赵敏");
        assert_ne!(recruiter_name(&s, &jobs[2]), "赵敏", "the owner's job stays the owner's");
        let item = list_item(&s, &next, "/comchat", &conv).expect("hers now");
        assert_eq!(item["unread"], 1, "the candidate's message: {item}");
        let note = messages(&s, &me, "/chat", &conv).last().cloned().expect("note");
        assert_eq!(note["handOver"]["memberName"].as_str(), Some("赵敏"), "{note}");
        let members = ok(&s, &owner, "/comjob/members", &[]);
        let of = |id: &str| members["list"].as_array().expect("list").iter().find(|m| m["id"].to_string() == id).cloned().expect("listed");
        assert_eq!((of(&leaving_id)["disabled"].as_bool(), ids(&of(&leaving_id)["jobs"]).len()), (Some(true), 0), "{members}");
        assert_eq!(ids(&of(&next_id)["jobs"]).len(), 2);
        assert!(!ids(&of(&owner_id)["jobs"]).is_empty());
    }
}
