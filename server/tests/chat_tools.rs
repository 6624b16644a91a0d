//! Chat's tools over HTTP (issue 32; domain/chat_tools.rs): recall and its time limit, 不合适 with
//! the company's closing template, the fraud warning on a recruiter's request for money and its
//! count in the admin console, each user's greetings and quick replies, and the list's filters and
//! search. SQLite, and PostgreSQL with TEST_DATABASE_URL.

use crate::common::staff::{company_login_into, post_job, register_company, super_admin};
use crate::common::{code, login_as, servers, TestServer, CHAT_MOBILE};
use reqwest::blocking::Client;
use serde_json::Value;

fn ok(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, v) = s.call(client, path, form);
    assert_eq!(status, 200, "{} {path} {form:?}: {v}", s.engine);
    v["result"].clone()
}

fn refused(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> (u16, String, String) {
    let (status, v) = s.call(client, path, form);
    (status, code(&v).to_string(), v["error"]["message"].as_str().unwrap_or("").to_string())
}

/// 王芳 (CHAT_MOBILE) and the demo company's owner (both logged in), their conversation about one
/// of its open jobs (the candidate opened it: seq 1 is the job card), the job's id and the resume's.
fn talk(s: &TestServer) -> (Client, Client, String, String, String) {
    let candidate = s.client();
    let resume = login_as(s, &candidate, CHAT_MOBILE)["resumeId"].to_string();
    let company = s.client();
    company_login_into(s, &company);
    let job = ok(s, &company, "/comjob/list", &[("state", "open")])["list"][0]["id"].to_string();
    let conv = ok(s, &candidate, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
    (candidate, company, conv, job, resume)
}

fn send(s: &TestServer, client: &Client, face: &str, conv: &str, client_id: &str, text: &str) -> Value {
    ok(s, client, &format!("{face}/send"), &[("conversationId", conv), ("clientId", client_id), ("kind", "text"), ("text", text)])
}

fn messages(s: &TestServer, client: &Client, face: &str, conv: &str, after: i64) -> Vec<Value> {
    ok(s, client, &format!("{face}/messages"), &[("conversationId", conv), ("afterSeq", &after.to_string())])["list"].as_array().expect("list").clone()
}

fn list_ids(s: &TestServer, client: &Client, face: &str, form: &[(&str, &str)]) -> Vec<String> {
    ok(s, client, &format!("{face}/list"), form)["list"].as_array().expect("list").iter().map(|c| c["conversationId"].to_string()).collect()
}

fn unread_of(s: &TestServer, client: &Client, face: &str, conv: &str) -> i64 {
    let list = ok(s, client, &format!("{face}/list"), &[]);
    list["list"].as_array().expect("list").iter().find(|c| c["conversationId"].to_string() == conv).map_or(-1, |c| c["unread"].as_i64().expect("unread"))
}

/// Moves a stored message's sending time `ms` back (the recall window is measured from it).
fn age_message(s: &TestServer, id: &Value, ms: i64) {
    let id = id.as_i64().expect("id");
    assert_eq!(s.sql(&format!("UPDATE chat_messages SET created_at = created_at - {ms} WHERE id = {id}")), 1);
}

#[test]
fn a_recall_within_two_minutes_hides_the_text_from_both_sides_and_reaches_catch_up() {
    for s in servers() {
        let (candidate, company, conv, _, _) = talk(&s);
        let secret = send(&s, &candidate, "/chat", &conv, "r-1", "我的手机号是13912345678，发错了");
        let kept = send(&s, &candidate, "/chat", &conv, "r-2", "您好，想了解一下这个岗位");
        // The company has read up to here (seq 3) when the recall comes.
        let seen = messages(&s, &company, "/comchat", &conv, 0);
        assert_eq!(seen.len(), 3);
        assert_eq!(unread_of(&s, &company, "/comchat", &conv), 3, "{}: the card and two messages", s.engine);

        // Just inside the window (1 min 59 s after sending).
        age_message(&s, &secret["id"], 119_000);
        let note = ok(&s, &candidate, "/chat/recall", &[("messageId", &secret["id"].to_string())]);
        assert_eq!((note["kind"].as_str(), note["seq"].as_i64(), note["recalls"].as_i64(), note["mine"].as_bool()), (Some("system"), Some(4), Some(2), Some(true)), "{note}");

        // Catch-up after the last seq the company had brings the note, which names the seq recalled.
        let after = messages(&s, &company, "/comchat", &conv, 3);
        assert_eq!(after.len(), 1, "{after:?}");
        assert_eq!((after[0]["recalls"].as_i64(), after[0]["mine"].as_bool(), after[0]["text"].as_str()), (Some(2), Some(false), Some("")));
        // The message keeps its seq; its text is returned to no one, in any answer.
        for (client, face) in [(&candidate, "/chat"), (&company, "/comchat")] {
            let all = messages(&s, client, face, &conv, 0);
            let seqs: Vec<i64> = all.iter().map(|m| m["seq"].as_i64().expect("seq")).collect();
            assert_eq!(seqs, vec![1, 2, 3, 4], "{} {face}", s.engine);
            assert_eq!((all[1]["text"].as_str(), all[1]["recalledAt"].is_i64()), (Some(""), true), "{face}: {}", all[1]);
            assert_eq!(all[2]["text"], kept["text"]);
            let (_, raw) = s.call(client, &format!("{face}/messages"), &[("conversationId", &conv)]);
            assert!(!raw.to_string().contains("13912345678"), "{face}: {raw}");
            let (_, raw) = s.call(client, &format!("{face}/list"), &[]);
            assert!(!raw.to_string().contains("13912345678"), "{face} list: {raw}");
            let item = ok(&s, client, &format!("{face}/list"), &[])["list"].as_array().expect("list").iter().find(|c| c["conversationId"].to_string() == conv).cloned().expect("item");
            assert_eq!((item["lastMessage"]["recall"].as_bool(), item["lastMessage"]["seq"].as_i64()), (Some(true), Some(4)), "{item}");
        }
        // Unread: neither the recalled message nor the note is news.
        assert_eq!(unread_of(&s, &company, "/comchat", &conv), 2, "{}: the card and the kept message", s.engine);

        // Recalled twice; the other side's message; a job card; past the window; an outsider.
        let (status, code_, _) = refused(&s, &candidate, "/chat/recall", &[("messageId", &secret["id"].to_string())]);
        assert_eq!((status, code_.as_str()), (400, "CHAT_RECALLED"));
        let reply = send(&s, &company, "/comchat", &conv, "c-1", "您好，方便发一份简历吗？");
        let (status, code_, _) = refused(&s, &candidate, "/chat/recall", &[("messageId", &reply["id"].to_string())]);
        assert_eq!((status, code_.as_str()), (400, "CHAT_RECALL_NOT_YOURS"));
        let card = &messages(&s, &candidate, "/chat", &conv, 0)[0];
        assert_eq!(card["kind"], "job");
        let (status, code_, _) = refused(&s, &candidate, "/chat/recall", &[("messageId", &card["id"].to_string())]);
        assert_eq!((status, code_.as_str()), (400, "CHAT_RECALL_NOT_YOURS"));
        age_message(&s, &kept["id"], 121_000);
        let (status, code_, _) = refused(&s, &candidate, "/chat/recall", &[("messageId", &kept["id"].to_string())]);
        assert_eq!((status, code_.as_str()), (400, "CHAT_RECALL_TOO_LATE"));
        assert_eq!(messages(&s, &company, "/comchat", &conv, 0)[2]["text"], kept["text"], "a refused recall changes nothing");
        let stranger = register_company(&s, &format!("1350002{:04}", std::process::id() % 10_000), &format!("撤回外人公司{}", crate::common::tempdir::rand_suffix()));
        let (status, code_, _) = refused(&s, &stranger, "/comchat/recall", &[("messageId", &reply["id"].to_string())]);
        assert_eq!((status, code_.as_str()), (404, "NOT_FOUND"));
        let (status, code_, _) = refused(&s, &candidate, "/chat/recall", &[("messageId", "123456789")]);
        assert_eq!((status, code_.as_str()), (404, "NOT_FOUND"));
        let (status, code_, _) = refused(&s, &candidate, "/chat/recall", &[("messageId", "abc")]);
        assert_eq!((status, code_.as_str()), (400, "BAD_INPUT"));
        // The company recalls its own, fresh message: the candidate's copy shows it recalled.
        let note = ok(&s, &company, "/comchat/recall", &[("messageId", &reply["id"].to_string())]);
        assert_eq!(note["recalls"], reply["seq"]);
        let theirs = messages(&s, &candidate, "/chat", &conv, 0);
        let recalled = theirs.iter().find(|m| m["seq"] == reply["seq"]).expect("reply");
        assert_eq!((recalled["text"].as_str(), recalled["recalledAt"].is_i64()), (Some(""), true));
    }
}

#[test]
fn unsuitable_sends_the_companys_closing_message_once_and_can_be_undone() {
    for s in servers() {
        let (candidate, company, conv, _, _) = talk(&s);
        send(&s, &candidate, "/chat", &conv, "u-1", "您好，请问这个职位还招人吗？");
        // Bad input and outsiders change nothing.
        let (status, code_, message) = refused(&s, &company, "/comchat/unsuitable", &[("conversationId", &conv), ("reason", "ugly")]);
        assert_eq!((status, code_.as_str(), message.as_str()), (400, "BAD_INPUT", "reason: chat.unsuitableReasonUnknown"));
        assert_eq!(s.call(&candidate, "/comchat/unsuitable", &[("conversationId", &conv), ("reason", "skills")]).0, 401);
        let stranger = register_company(&s, &format!("1350003{:04}", std::process::id() % 10_000), &format!("不合适外人公司{}", crate::common::tempdir::rand_suffix()));
        let (status, code_, _) = refused(&s, &stranger, "/comchat/unsuitable", &[("conversationId", &conv), ("reason", "skills")]);
        assert_eq!((status, code_.as_str()), (404, "NOT_FOUND"));
        assert_eq!(messages(&s, &candidate, "/chat", &conv, 0).len(), 2);

        let done = ok(&s, &company, "/comchat/unsuitable", &[("conversationId", &conv), ("reason", "skills")]);
        assert_eq!((done["state"].as_str(), done["unsuitableReason"].as_str()), (Some("unsuitable"), Some("skills")), "{done}");
        let closing = done["message"].clone();
        assert_eq!((closing["seq"].as_i64(), closing["side"].as_str(), closing["kind"].as_str()), (Some(3), Some("company"), Some("text")), "{closing}");
        assert!(closing["text"].as_str().expect("text").contains("暂不匹配"), "the built-in template: {closing}");
        let theirs = messages(&s, &candidate, "/chat", &conv, 2);
        assert_eq!(theirs.len(), 1);
        assert_eq!(theirs[0]["text"], closing["text"]);
        assert_eq!((theirs[0]["closing"]["builtIn"].as_bool(), theirs[0]["closing"]["reason"].as_str()), (Some(true), Some("")), "the candidate never sees the reason: {}", theirs[0]);
        assert_eq!(unread_of(&s, &candidate, "/chat", &conv), 1, "the closing message (the card is the candidate's own)");

        // Marked again: the reason changes, no second message.
        let again = ok(&s, &company, "/comchat/unsuitable", &[("conversationId", &conv), ("reason", "filled")]);
        assert_eq!((again["unsuitableReason"].as_str(), again["message"].is_null()), (Some("filled"), true));
        assert_eq!(messages(&s, &candidate, "/chat", &conv, 0).len(), 3);
        // The company's list: the filter 不合适 has it with its reason; 沟通中 does not.
        assert_eq!(list_ids(&s, &company, "/comchat", &[("filter", "unsuitable")]), vec![conv.clone()]);
        let item = &ok(&s, &company, "/comchat/list", &[("filter", "unsuitable")])["list"][0];
        assert_eq!((item["state"].as_str(), item["unsuitableReason"].as_str()), (Some("unsuitable"), Some("filled")));
        assert_eq!(list_ids(&s, &candidate, "/chat", &[("filter", "unsuitable")]), vec![conv.clone()]);
        let candidate_item = &ok(&s, &candidate, "/chat/list", &[])["list"][0];
        assert_eq!(candidate_item["unsuitableReason"], "", "the reason stays the company's");

        // Undo: open again, nothing sent.
        let undone = ok(&s, &company, "/comchat/unsuitable", &[("conversationId", &conv), ("undo", "1")]);
        assert_eq!((undone["state"].as_str(), undone["message"].is_null()), (Some("open"), true));
        assert!(list_ids(&s, &company, "/comchat", &[("filter", "unsuitable")]).is_empty());
        assert_eq!(messages(&s, &candidate, "/chat", &conv, 0).len(), 3);

        // The company edits its closing template: the next marking sends its text.
        let templates = ok(&s, &company, "/comtemplate/list", &[]);
        let template = templates.as_array().or_else(|| templates["list"].as_array()).expect("templates").iter().find(|t| t["kind"] == "chat_unsuitable").cloned().expect("chat template");
        let edited = "{{ jobTitle }}已有合适人选，谢谢您的关注，祝您求职顺利！";
        let form = [
            ("id", template["id"].to_string()),
            ("name", "沟通不合适".to_string()),
            ("mailSubject", "{{ companyName }}：{{ jobTitle }}".to_string()),
            ("mailContent", edited.to_string()),
            ("smsContent", edited.to_string()),
        ];
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        ok(&s, &company, "/comtemplate/save", &form);
        let done = ok(&s, &company, "/comchat/unsuitable", &[("conversationId", &conv), ("reason", "experience")]);
        let text = done["message"]["text"].as_str().expect("text");
        assert!(text.ends_with("已有合适人选，谢谢您的关注，祝您求职顺利！") && !text.starts_with("已有"), "rendered with the job's title: {text}");
        assert_eq!(done["message"]["closing"]["builtIn"], false);
    }
}

#[test]
fn a_recruiters_request_for_money_warns_the_candidate_and_is_counted_for_the_admin() {
    for s in servers() {
        let (candidate, company, conv, _, _) = talk(&s);
        let admin = super_admin(&s);
        let counted = |admin: &Client| ok(&s, admin, "/admin/stats", &[])["chatMoneyWarnings"].as_i64().expect("count");
        let before = counted(&admin);
        // The money words are seeded in their own category.
        let money = ok(&s, &admin, "/admin/blackword/list", &[("category", "money")]);
        for w in ["押金", "培训费", "刷单", "保证金", "服装费", "体检费"] {
            assert!(money.as_array().expect("words").iter().any(|x| x == w), "{w}: {money}");
        }

        let ask = send(&s, &company, "/comchat", &conv, "m-1", "入职前需要先交300元押金，统一购买工装");
        let fine = send(&s, &company, "/comchat", &conv, "m-2", "您好，明天方便面试吗？");
        // The candidate's copies: the warning under the first only; the recruiter's copy carries none.
        let theirs = messages(&s, &candidate, "/chat", &conv, 1);
        assert_eq!((theirs[0]["warning"].as_str(), theirs[1]["warning"].is_null()), (Some("money"), true), "{theirs:?}");
        assert!(ask["warning"].is_null() && fine["warning"].is_null(), "{ask}");
        // The candidate asking about a deposit is not flagged (the warning is about recruiters).
        send(&s, &candidate, "/chat", &conv, "m-3", "请问需要交押金吗？");
        assert_eq!(counted(&admin), before + 1, "{}", s.engine);
        assert_eq!(ok(&s, &admin, "/admin/stats", &[])["chatMoneyWarningsWeek"].as_i64(), Some(before + 1));

        // A word the admin adds to the category is in effect at once; a bad category is refused.
        let (status, code_, _) = refused(&s, &admin, "/admin/blackword/add", &[("word", "茶水费"), ("category", "cash")]);
        assert_eq!((status, code_.as_str()), (400, "BAD_INPUT"));
        ok(&s, &admin, "/admin/blackword/add", &[("word", "茶水费"), ("category", "money")]);
        assert!(ok(&s, &admin, "/admin/blackword/list", &[("category", "money")]).as_array().expect("words").iter().any(|x| x == "茶水费"));
        send(&s, &company, "/comchat", &conv, "m-4", "面试时带50元茶水费");
        assert_eq!(messages(&s, &candidate, "/chat", &conv, 0).last().expect("last")["warning"], "money");
        assert_eq!(counted(&admin), before + 2);
        // Recalled, the warning goes with the text.
        let last = messages(&s, &company, "/comchat", &conv, 0).last().cloned().expect("last");
        ok(&s, &company, "/comchat/recall", &[("messageId", &last["id"].to_string())]);
        let recalled = messages(&s, &candidate, "/chat", &conv, 0).into_iter().find(|m| m["id"] == last["id"]).expect("recalled");
        assert!(recalled["warning"].is_null() && recalled["text"] == "", "{recalled}");
    }
}

#[test]
fn each_user_keeps_greetings_and_quick_replies_within_the_limits() {
    for s in servers() {
        let (candidate, company, _, _, _) = talk(&s);
        let zh = ok(&s, &candidate, "/chat/phrases", &[]);
        assert_eq!((zh["greetingsBuiltIn"].as_bool(), zh["repliesBuiltIn"].as_bool(), zh["greetingsMax"].as_i64(), zh["repliesMax"].as_i64()), (Some(true), Some(true), Some(10), Some(20)));
        assert!(zh["greetings"][0].as_str().expect("greeting").starts_with("您好"), "{zh}");
        let en = ok(&s, &candidate, "/chat/phrases", &[("lang", "en-US")]);
        assert!(en["greetings"][0].as_str().expect("greeting").starts_with("Hello"), "{en}");
        let recruiter = ok(&s, &company, "/comchat/phrases", &[]);
        assert_ne!(recruiter["greetings"][0], zh["greetings"][0], "a recruiter's built-in greetings are their own");

        // Saving a kind writes the whole list; the default greeting comes first; the other kind stays built in.
        let texts = serde_json::json!(["您好，我有三年前端经验", "您好，请问还招人吗？"]).to_string();
        let saved = ok(&s, &candidate, "/chat/phrasesSave", &[("kind", "greeting"), ("texts", &texts), ("default", "1")]);
        assert_eq!(saved["greetings"], serde_json::json!(["您好，请问还招人吗？", "您好，我有三年前端经验"]));
        assert_eq!((saved["greetingsBuiltIn"].as_bool(), saved["repliesBuiltIn"].as_bool()), (Some(false), Some(true)));
        // Saved ones are the same in every language; the recruiter's are untouched.
        assert_eq!(ok(&s, &candidate, "/chat/phrases", &[("lang", "en-US")])["greetings"], saved["greetings"]);
        assert_eq!(ok(&s, &company, "/comchat/phrases", &[])["greetings"], recruiter["greetings"]);

        // Limits (core-wasm chat_tools.rs): each refused save changes nothing.
        let eleven = serde_json::json!((0..11).map(|i| format!("招呼{i}")).collect::<Vec<_>>()).to_string();
        let twenty = serde_json::json!((0..20).map(|i| format!("常用语{i}")).collect::<Vec<_>>()).to_string();
        let long = serde_json::json!(["长".repeat(201)]).to_string();
        for (form, message) in [
            (vec![("kind", "greeting"), ("texts", eleven.as_str())], "texts: chat.phrase.tooMany"),
            (vec![("kind", "reply"), ("texts", long.as_str())], "texts: chat.phrase.textTooLong"),
            (vec![("kind", "reply"), ("texts", "[\" \"]")], "texts: chat.phrase.textEmpty"),
            (vec![("kind", "reply"), ("texts", "[]")], "texts: chat.phrase.textEmpty"),
            (vec![("kind", "hello"), ("texts", "[\"x\"]")], "kind: chat.phrase.kindUnknown"),
        ] {
            let (status, code_, got) = refused(&s, &candidate, "/chat/phrasesSave", &form);
            assert_eq!((status, code_.as_str(), got.as_str()), (400, "BAD_INPUT", message), "{form:?}");
        }
        let (status, code_, _) = refused(&s, &candidate, "/chat/phrasesSave", &[("kind", "greeting"), ("texts", "[\"a\"]"), ("default", "3")]);
        assert_eq!((status, code_.as_str()), (400, "BAD_INPUT"));
        assert_eq!(ok(&s, &candidate, "/chat/phrases", &[])["greetings"], saved["greetings"]);
        assert_eq!(ok(&s, &company, "/comchat/phrasesSave", &[("kind", "reply"), ("texts", &twenty)])["replies"].as_array().map(Vec::len), Some(20));

        // Reset: the built-in ones again.
        let reset = ok(&s, &candidate, "/chat/phrasesReset", &[("kind", "greeting")]);
        assert_eq!((reset["greetingsBuiltIn"].as_bool(), &reset["greetings"]), (Some(true), &zh["greetings"]));
        assert_eq!(s.call(&s.client(), "/chat/phrases", &[]).0, 401);
    }
}

#[test]
fn the_list_filters_and_searches_on_the_server() {
    for s in servers() {
        let (candidate, company, conv, _, resume) = talk(&s);
        // The owner's other conversations (the seeded demo one, cli/seed.rs), left out of what the
        // company-side checks compare.
        let seeded: Vec<String> = list_ids(&s, &company, "/comchat", &[]).into_iter().filter(|id| *id != conv).collect();
        let company_ids = |form: &[(&str, &str)]| -> Vec<String> { list_ids(&s, &company, "/comchat", form).into_iter().filter(|id| !seeded.contains(id)).collect() };
        // A second conversation that another company's recruiter opened by greeting the candidate.
        let mobile = format!("1350004{:04}", std::process::id() % 10_000);
        let other = register_company(&s, &mobile, &format!("筛选测试公司{}", crate::common::tempdir::rand_suffix()));
        let other_job = post_job(&s, &other, "筛选测试数据工程师");
        let greeted = ok(&s, &other, "/comchat/start", &[("resumeId", &resume), ("jobid", &other_job)])["conversationId"].to_string();
        send(&s, &other, "/comchat", &greeted, "g-1", "您好，看了您的简历，方便聊聊吗？");

        // 新招呼: the other side wrote, the candidate never did.
        assert_eq!(list_ids(&s, &candidate, "/chat", &[("filter", "new")]), vec![greeted.clone()]);
        assert!(list_ids(&s, &candidate, "/chat", &[("filter", "talking")]).is_empty());
        send(&s, &candidate, "/chat", &conv, "f-1", "您好");
        send(&s, &company, "/comchat", &conv, "f-2", "您好，请发一份简历");
        // 沟通中: both wrote.
        assert_eq!(list_ids(&s, &candidate, "/chat", &[("filter", "talking")]), vec![conv.clone()]);
        assert_eq!(company_ids(&[("filter", "talking")]), vec![conv.clone()]);
        // 未读.
        ok(&s, &candidate, "/chat/read", &[("conversationId", &conv), ("seq", "99")]);
        assert_eq!(list_ids(&s, &candidate, "/chat", &[("filter", "unread")]), vec![greeted.clone()]);
        // Search by job, company or name, case-insensitive, on the server.
        assert_eq!(list_ids(&s, &candidate, "/chat", &[("q", "数据工程")]), vec![greeted.clone()]);
        assert_eq!(list_ids(&s, &candidate, "/chat", &[("q", "筛选测试公司")]), vec![greeted.clone()]);
        assert!(list_ids(&s, &candidate, "/chat", &[("q", "没有这个词")]).is_empty());
        assert_eq!(list_ids(&s, &candidate, "/chat", &[("filter", "new"), ("q", "数据")]), vec![greeted.clone()]);
        assert!(list_ids(&s, &candidate, "/chat", &[("filter", "talking"), ("q", "数据")]).is_empty());
        assert_eq!(list_ids(&s, &candidate, "/chat", &[]).len(), 2);
        // 已交换: an exchange card answered 同意 (as the exchange calls store it).
        assert!(list_ids(&s, &candidate, "/chat", &[("filter", "exchanged")]).is_empty());
        let card = r#"{"kind":"phone","state":"accepted"}"#;
        s.sql(&format!("UPDATE conversations SET last_seq = last_seq + 1 WHERE id = {conv}"));
        s.sql(&format!(
            "INSERT INTO chat_messages (id, conversation_id, seq, sender_side, sender_id, client_id, kind, text, payload, created_at) SELECT {id}, id, last_seq, 'company', member_id, ':exchange-test', 'exchange', '', '{card}', created_at FROM conversations WHERE id = {conv}",
            id = 9_000_000_000i64 + std::process::id() as i64,
        ));
        assert_eq!(list_ids(&s, &candidate, "/chat", &[("filter", "exchanged")]), vec![conv.clone()]);
        assert_eq!(company_ids(&[("filter", "exchanged")]), vec![conv.clone()]);
        // Bad input.
        for (form, field) in [(vec![("filter", "archived")], "filter"), (vec![("q", &*"词".repeat(51))], "q")] {
            let (status, code_, message) = refused(&s, &candidate, "/chat/list", &form);
            assert_eq!((status, code_.as_str(), message.starts_with(field)), (400, "BAD_INPUT", true), "{message}");
        }
    }
}
