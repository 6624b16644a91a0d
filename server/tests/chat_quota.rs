//! Chat's daily quotas over HTTP (issue 32, "Daily quotas stop mass greeting"; domain/chat_quota.rs)
//! on SQLite, and PostgreSQL with TEST_DATABASE_URL: only a NEW conversation counts; the start past
//! the limit is CHAT_QUOTA with the next Beijing midnight and stores nothing; reopening at the limit
//! works; starts at the same time never pass the limit; a paid plan raises a member's limit.
//!
//! The day's count is filled straight in `chat_quota_uses` (what that many starts would have left)
//! rather than by opening 50 conversations. The demo candidate is never chatted with: 王芳 and 李娜 are.

use crate::common::staff::{company_login, post_job, register_company};
use crate::common::{code, TestServer, DEMO_PASSWORD};
use reqwest::blocking::Client;
use serde_json::Value;
use server::ids::{beijing_date, next_beijing_midnight, now_ms};

/// 王芳, who applied to the demo company.
const WANG_FANG: &str = "13900000002";
/// 李娜.
const LI_NA: &str = "13900000001";

/// A candidate's logged-in client and their user and resume ids.
fn sign_in(s: &TestServer, mobile: &str) -> (Client, i64, String) {
    let client = s.client();
    let (status, v) = s.call(&client, "/pclogin/login", &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
    assert_eq!(status, 200, "{} {v}", s.engine);
    use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
    use server::db::schema::users;
    let user: i64 = users::table.filter(users::mobile.eq(mobile)).select(users::id).first(&mut s.db()).expect("user");
    (client, user, v["result"]["resumeId"].to_string())
}

/// The logged-in member's id and company id.
fn member_of(s: &TestServer, company: &Client) -> (i64, i64) {
    let (_, me) = s.call(company, "/comlogin/me", &[]);
    (me["result"]["id"].as_i64().expect("member id"), me["result"]["company"]["id"].as_i64().expect("company id"))
}

/// Sets what `who` of `side` opened on `day`, straight in the table.
fn set_used(s: &TestServer, side: &str, who: i64, day: &str, used: i64) {
    s.sql(&format!("DELETE FROM chat_quota_uses WHERE side = '{side}' AND who = {who} AND day = '{day}'"));
    s.sql(&format!("INSERT INTO chat_quota_uses (side, who, day, used) VALUES ('{side}', {who}, '{day}', {used})"));
}

fn stored_used(s: &TestServer, side: &str, who: i64) -> i64 {
    use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
    use server::db::schema::chat_quota_uses as q;
    q::table
        .filter(q::side.eq(side))
        .filter(q::who.eq(who))
        .filter(q::day.eq(beijing_date(now_ms())))
        .select(q::used)
        .first::<i64>(&mut s.db())
        .unwrap_or(0)
}

fn conversations_of_user(s: &TestServer, user: i64) -> i64 {
    use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
    use server::db::schema::conversations;
    conversations::table.filter(conversations::user_id.eq(user)).count().get_result(&mut s.db()).expect("count")
}

fn conversations_of_member(s: &TestServer, member: i64) -> i64 {
    use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
    use server::db::schema::conversations;
    conversations::table.filter(conversations::member_id.eq(member)).count().get_result(&mut s.db()).expect("count")
}

fn all_messages(s: &TestServer) -> i64 {
    use diesel::{QueryDsl, RunQueryDsl};
    use server::db::schema::chat_messages;
    chat_messages::table.count().get_result(&mut s.db()).expect("count")
}

fn quota(s: &TestServer, client: &Client, path: &str) -> Value {
    let (status, v) = s.call(client, path, &[]);
    assert_eq!(status, 200, "{} {path}: {v}", s.engine);
    v["result"].clone()
}

/// A refused start: CHAT_QUOTA, 429, with the next Beijing midnight (of the instant around the call).
fn assert_refused(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) {
    let before = now_ms();
    let (status, v) = s.call(client, path, form);
    let after = now_ms();
    assert_eq!((status, code(&v)), (429, "CHAT_QUOTA"), "{} {path} {form:?}: {v}", s.engine);
    let resets = v["error"]["data"]["resetsAt"].as_i64().unwrap_or_else(|| panic!("resetsAt in {v}"));
    assert!([next_beijing_midnight(before), next_beijing_midnight(after)].contains(&resets), "{resets} is the next Beijing midnight: {v}");
    assert!(resets > after && resets - after <= 86_400_000, "{resets}");
    assert_eq!(server::ids::beijing_time(resets).split(' ').nth(1), Some("00:00:00"), "Beijing midnight");
}

/// The demo company's owner, logged in, and one of its open jobs.
fn demo_company(s: &TestServer) -> (Client, String) {
    let company = company_login(s);
    let (_, v) = s.call(&company, "/comjob/list", &[("state", "open")]);
    (company, v["result"]["list"][0]["id"].to_string())
}

fn started(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> String {
    let (status, v) = s.call(client, path, form);
    assert_eq!(status, 200, "{} {path} {form:?}: {v}", s.engine);
    v["result"]["conversationId"].to_string()
}

#[test]
fn a_candidate_past_the_daily_limit_gets_chat_quota_and_reopening_stays_free() {
    for s in crate::common::servers() {
        let (candidate, user, _) = sign_in(&s, WANG_FANG);
        let (company, job) = demo_company(&s);
        let today = beijing_date(now_ms());

        let q = quota(&s, &candidate, "/chat/quota");
        assert_eq!((q["limit"].as_i64(), q["used"].as_i64(), q["remaining"].as_i64()), (Some(50), Some(0), Some(50)), "{q}");
        assert_eq!(q["resetsAt"].as_i64(), Some(next_beijing_midnight(now_ms())), "{q}");

        // Yesterday's count is not today's; 49 today leaves one.
        let yesterday = beijing_date(now_ms() - 86_400_000);
        set_used(&s, "candidate", user, &yesterday, 50);
        set_used(&s, "candidate", user, &today, 49);
        assert_eq!(quota(&s, &candidate, "/chat/quota")["remaining"], 1);
        let conv = started(&s, &candidate, "/chat/start", &[("jobid", &job)]);
        let q = quota(&s, &candidate, "/chat/quota");
        assert_eq!((q["used"].as_i64(), q["remaining"].as_i64()), (Some(50), Some(0)), "{q}");

        // At the limit, reopening the conversation costs nothing, and nor does a new job card in it.
        let messages = all_messages(&s);
        assert_eq!(started(&s, &candidate, "/chat/start", &[("jobid", &job)]), conv);
        let second_job = post_job(&s, &company, "配额测试前端工程师");
        assert_eq!(started(&s, &candidate, "/chat/start", &[("jobid", &second_job)]), conv);
        assert_eq!(all_messages(&s), messages + 1, "the second job's card");
        assert_eq!(stored_used(&s, "candidate", user), 50);

        // A new conversation (another company's recruiter) is refused, and nothing is stored.
        let other = register_company(&s, &format!("1375{:07}", now_ms() % 10_000_000), &format!("配额测试公司{}", now_ms()));
        let other_job = post_job(&s, &other, "配额测试后端工程师");
        let messages = all_messages(&s);
        assert_refused(&s, &candidate, "/chat/start", &[("jobid", &other_job)]);
        assert_eq!(conversations_of_user(&s, user), 1, "{} no conversation stored", s.engine);
        assert_eq!(all_messages(&s), messages, "no job card stored");
        assert_eq!(stored_used(&s, "candidate", user), 50, "nothing counted");
        let (status, v) = s.call(&other, "/comchat/list", &[]);
        assert_eq!((status, v["result"]["list"].as_array().map(Vec::len)), (200, Some(0)), "{v}");

        // A new Beijing day (the count's row is the day's): the same start goes through.
        s.sql(&format!("DELETE FROM chat_quota_uses WHERE side = 'candidate' AND who = {user} AND day = '{yesterday}'"));
        s.sql(&format!("UPDATE chat_quota_uses SET day = '{yesterday}' WHERE side = 'candidate' AND who = {user} AND day = '{today}'"));
        started(&s, &candidate, "/chat/start", &[("jobid", &other_job)]);
        assert_eq!((conversations_of_user(&s, user), stored_used(&s, "candidate", user)), (2, 1));
    }
}

#[test]
fn parallel_starts_never_pass_the_limit() {
    for s in crate::common::servers() {
        let (candidate, user, _) = sign_in(&s, WANG_FANG);
        let (company, _) = demo_company(&s);
        let (_, company_id) = member_of(&s, &company);
        // Six jobs, each handed to an HR member of its own (as an owner hands a job on), so each
        // start would open a conversation of its own.
        let jobs: Vec<String> = (0..6)
            .map(|i| {
                let job = post_job(&s, &company, &format!("配额并发职位{i}"));
                let member = 9_000_000_000_i64 + i;
                s.sql(&format!(
                    "INSERT INTO company_members (id, company_id, mobile, name, password_hash, role, created_at) VALUES ({member}, {company_id}, '1366000000{i}', '招聘{i}', 'x', 'hr', 1)"
                ));
                s.sql(&format!("UPDATE job_postings SET member_id = {member} WHERE job_id = {job}"));
                job
            })
            .collect();
        set_used(&s, "candidate", user, &beijing_date(now_ms()), 48);
        let answers: Vec<(u16, Value)> = std::thread::scope(|scope| {
            let threads: Vec<_> = jobs.iter().map(|job| scope.spawn(|| s.call(&candidate, "/chat/start", &[("jobid", job)]))).collect();
            threads.into_iter().map(|t| t.join().expect("thread")).collect()
        });
        let ok = answers.iter().filter(|(status, _)| *status == 200).count();
        let refused = answers.iter().filter(|(status, v)| *status == 429 && code(v) == "CHAT_QUOTA").count();
        assert_eq!((ok, refused), (2, 4), "{} {answers:?}", s.engine);
        assert_eq!((conversations_of_user(&s, user), stored_used(&s, "candidate", user)), (2, 50), "{}", s.engine);

        // A member's too: two candidates greeted at once with one greeting left, one goes through.
        let (owner, _) = member_of(&s, &company);
        let job = post_job(&s, &company, "配额并发打招呼");
        let before = conversations_of_member(&s, owner);
        let (_, _, li_na) = sign_in(&s, LI_NA);
        let (_, _, wang_fang) = sign_in(&s, WANG_FANG);
        set_used(&s, "company", owner, &beijing_date(now_ms()), 19);
        let answers: Vec<(u16, Value)> = std::thread::scope(|scope| {
            let threads: Vec<_> = [&li_na, &wang_fang]
                .into_iter()
                .map(|resume| scope.spawn(|| s.call(&company, "/comchat/start", &[("resumeId", resume), ("jobid", &job)])))
                .collect();
            threads.into_iter().map(|t| t.join().expect("thread")).collect()
        });
        let statuses: Vec<u16> = {
            let mut v: Vec<u16> = answers.iter().map(|(st, _)| *st).collect();
            v.sort_unstable();
            v
        };
        assert_eq!(statuses, vec![200, 429], "{} {answers:?}", s.engine);
        assert_eq!((conversations_of_member(&s, owner), stored_used(&s, "company", owner)), (before + 1, 20), "{}", s.engine);
    }
}

#[test]
fn a_members_limit_is_the_company_plans_and_a_paid_plan_raises_it() {
    for s in crate::common::servers() {
        let (company, job) = demo_company(&s);
        let (owner, company_id) = member_of(&s, &company);
        let (_, _, resume) = sign_in(&s, LI_NA);
        let today = beijing_date(now_ms());

        let q = quota(&s, &company, "/comchat/quota");
        assert_eq!((q["limit"].as_i64(), q["used"].as_i64(), q["remaining"].as_i64()), (Some(20), Some(0), Some(20)), "free: {q}");
        // The plans' catalogue says what each gives.
        let (_, plans) = s.call(&company, "/complan/plans", &[]);
        let daily: Vec<i64> = plans["result"].as_array().expect("plans").iter().map(|p| p["dailyNewChats"].as_i64().expect("dailyNewChats")).collect();
        assert_eq!(daily, vec![100, 300], "{plans}");

        set_used(&s, "company", owner, &today, 20);
        assert_eq!(quota(&s, &company, "/comchat/quota")["remaining"], 0);
        let (before, messages) = (conversations_of_member(&s, owner), all_messages(&s));
        assert_refused(&s, &company, "/comchat/start", &[("resumeId", &resume), ("jobid", &job)]);
        assert_eq!((conversations_of_member(&s, owner), all_messages(&s)), (before, messages), "{} nothing stored", s.engine);
        assert_eq!(stored_used(&s, "company", owner), 20);

        // A paid 基础版 running: 100 a day, and the same greeting goes through.
        let now = now_ms();
        s.sql(&format!(
            "INSERT INTO company_orders (id, order_no, company_id, member_id, plan_code, amount_fen, status, created_at, expires_at, paid_at, effective_from, effective_until) \
             VALUES (9100000001, 'ZCQUOTA1', {company_id}, {owner}, 'basic_30d', 29900, 2, {now}, {now}, {now}, {now}, {})",
            now + 30 * 86_400_000
        ));
        let q = quota(&s, &company, "/comchat/quota");
        assert_eq!((q["limit"].as_i64(), q["used"].as_i64(), q["remaining"].as_i64()), (Some(100), Some(20), Some(80)), "basic: {q}");
        let conv = started(&s, &company, "/comchat/start", &[("resumeId", &resume), ("jobid", &job)]);
        assert_eq!(quota(&s, &company, "/comchat/quota")["used"], 21);
        // Reopening at the (paid) limit is free too.
        set_used(&s, "company", owner, &today, 100);
        assert_eq!(started(&s, &company, "/comchat/start", &[("resumeId", &resume), ("jobid", &job)]), conv);
        assert_eq!(stored_used(&s, "company", owner), 100);

        // The candidate's side has its own count: the member's starts did not touch it.
        let (candidate, user, _) = sign_in(&s, LI_NA);
        assert_eq!(quota(&s, &candidate, "/chat/quota")["used"], 0);
        assert_eq!(stored_used(&s, "candidate", user), 0);
        // Each face answers NOT_LOGGED_IN to the other's session.
        assert_eq!(code(&s.call(&candidate, "/comchat/quota", &[]).1), "NOT_LOGGED_IN");
        assert_eq!(code(&s.call(&company, "/chat/quota", &[]).1), "NOT_LOGGED_IN");
    }
}
