//! `jobseeker-server chat-bench --pairs N --out FILE`: the chat load client's people (scripts/bench
//! --chat, bench/chat-load). Makes one company with one job, N candidates and N of its members, each
//! pair in a conversation of its own, and a live session for each person; writes one line per pair,
//! `conversationId candidateCookie memberCookie`, then exits. The cookies are signed with the keys
//! the server on the same DATA_DIR (or JWT_SECRET) loads, so the load client connects as the calls do,
//! without N password hashes and the log-in rate limits in the way.

use std::io::Write;

use crate::db::chat::{ConversationState, NewConversation};
use crate::db::company_member::{NewMember, Role};
use crate::db::session::NewSession;
use crate::db::{chat, company, company_member, job, session, user, DbConnection};
use crate::domain::auth::{self, Keys, TOKEN_COOKIE};
use crate::error::ApiError;
use crate::ids::{new_id, now_ms, CompanyId, ConversationId, JobId, MemberId, SessionId, UserId};
use crate::settings::ChatBenchArgs;
use crate::web::extract::COMPANY_TOKEN_COOKIE;

/// Sessions last a day: long enough for any run.
const SESSION_MS: i64 = 24 * 3_600_000;

pub fn run(conn: &mut DbConnection, keys: &Keys, args: &ChatBenchArgs) -> Result<String, String> {
    let fail = |e: ApiError| e.to_string();
    let now = now_ms();
    let hash = auth::hash_password("bench1234").map_err(fail)?;
    let company_id: CompanyId = new_id();
    let job_id: JobId = new_id();
    let mut lines = Vec::with_capacity(args.pairs as usize);
    crate::db::write_transaction(conn, |c| {
        let name = format!("压测公司{}", company_id.0);
        let (name_key, brand_key) = company::keys(&name, "压测");
        company::insert(
            c,
            &company::NewCompany {
                id: company_id, name: &name, short_name: "压测", industry: "互联网", company_type: "民营", company_size: "100-499人",
                city: "杭州", address: "杭州市", intro: "", created_at: now, name_key, brand_key,
            },
        )?;
        job::insert(
            c,
            &job::NewJob {
                id: job_id, company_id, title: "压测职位", city: "杭州", category: "后端开发", industry: "互联网", salary_min: 10000,
                salary_max: 20000, experience: "不限", education: "不限", description: "压测", tags: "", keywords: "", closed: false,
                created_at: now, updated_at: now,
            },
        )?;
        for i in 0..args.pairs {
            let (uid, mid): (UserId, MemberId) = (new_id(), new_id());
            let (cand_mobile, member_mobile) = (format!("166{:08}", i), format!("167{:08}", i));
            user::insert(c, &user::NewUser { id: uid, mobile: Some(&cand_mobile), name: "压测用户", password_hash: Some(&hash), created_at: now })?;
            company_member::insert(
                c,
                &NewMember { id: mid, company_id, mobile: &member_mobile, name: "压测HR", password_hash: &hash, role: Role::Hr.as_str(), created_at: now },
            )?;
            let conv: ConversationId = new_id();
            chat::insert_unless_paired(
                c,
                &NewConversation {
                    id: conv, user_id: uid, company_id, member_id: mid, job_id, resume_id: None, state: ConversationState::Open,
                    created_at: now, updated_at: now,
                },
            )?;
            let (cs, ms): (SessionId, SessionId) = (new_id(), new_id());
            session::insert(c, &NewSession { id: cs, user_id: uid, created_at: now, expires_at: now + SESSION_MS, user_agent: "chat-load", ip: "127.0.0.1" })?;
            company_member::insert_session(c, ms, mid, now, now + SESSION_MS)?;
            let candidate = auth::issue_token(keys, uid, cs, now, now + SESSION_MS)?;
            let member = auth::issue_company_token(keys, mid, ms, now, now + SESSION_MS)?;
            lines.push(format!("{} {TOKEN_COOKIE}={candidate} {COMPANY_TOKEN_COOKIE}={member}", conv.0));
        }
        Ok(())
    })
    .map_err(fail)?;
    let mut out = std::fs::File::create(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    for line in &lines {
        writeln!(out, "{line}").map_err(|e| format!("{}: {e}", args.out.display()))?;
    }
    Ok(format!("{} conversations of company {} written to {}", lines.len(), company_id.0, args.out.display()))
}
