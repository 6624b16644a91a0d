//! Chat's daily quotas (issue 32, "Daily quotas stop mass greeting"): how many NEW conversations a
//! side may open on a Beijing day, resetting at Beijing midnight.
//!
//! - A candidate opens at most CANDIDATE_DAILY_NEW_CHATS a day (立即沟通 on jobs).
//! - A member (owner or HR) opens at most what the company's plan gives each member a day
//!   (domain/plan.rs: free 20, trial 50, 基础版 100, 专业版 300): 打招呼 from resume search, the
//!   pipeline or an application.
//! - Only a conversation that did not exist counts: reopening the pair's conversation, or a job card
//!   added to it, costs nothing. The count is taken in the transaction that creates the conversation
//!   (domain/chat.rs `open`), by one conditional update (db/chat_quota.rs), so starts at the same
//!   time never pass the limit; over it the start is CHAT_QUOTA with the reset time, and the
//!   transaction stores nothing.

use serde::Serialize;

use crate::db::chat::Side;
use crate::db::{chat_quota, DbConnection};
use crate::domain::plan;
use crate::error::{ApiError, ApiResult};
use crate::ids::{beijing_date, next_beijing_midnight, CompanyId, MemberId, UserId};

/// The new conversations a candidate may open a Beijing day.
pub const CANDIDATE_DAILY_NEW_CHATS: i64 = 50;

/// Who opens a conversation, as the quota counts them.
#[derive(Debug, Clone, Copy)]
pub enum Opener {
    Candidate(UserId),
    Member { id: MemberId, company: CompanyId },
}

impl Opener {
    fn key(self) -> (Side, i64) {
        match self {
            Opener::Candidate(u) => (Side::Candidate, u.0),
            Opener::Member { id, .. } => (Side::Company, id.0),
        }
    }

    fn limit(self, c: &mut DbConnection, now: i64) -> ApiResult<i64> {
        Ok(match self {
            Opener::Candidate(_) => CANDIDATE_DAILY_NEW_CHATS,
            Opener::Member { company, .. } => plan::daily_new_chats(c, company, now)?,
        })
    }
}

/// Where the caller's day stands: `/chat/quota`, `/comchat/quota`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatQuota {
    /// New conversations the caller may open a Beijing day.
    pub limit: i64,
    /// Opened today.
    pub used: i64,
    /// Still to open today: limit - used, never below 0.
    pub remaining: i64,
    /// When the count starts again: the next Beijing midnight, ms.
    pub resets_at: i64,
}

pub fn status(c: &mut DbConnection, who: Opener, now: i64) -> ApiResult<ChatQuota> {
    let limit = who.limit(c, now)?;
    let (side, id) = who.key();
    let used = chat_quota::used(c, side, id, &beijing_date(now))?;
    Ok(ChatQuota { limit, used, remaining: (limit - used).max(0), resets_at: next_beijing_midnight(now) })
}

/// Counts one new conversation of `who` today, inside the caller's write transaction; CHAT_QUOTA
/// (with the next Beijing midnight) when today's are used up, the caller's transaction then rolling
/// back whatever it stored.
pub fn take(c: &mut DbConnection, who: Opener, now: i64) -> ApiResult<()> {
    let limit = who.limit(c, now)?;
    let (side, id) = who.key();
    if chat_quota::take_one(c, side, id, &beijing_date(now), limit)? {
        Ok(())
    } else {
        Err(ApiError::ChatQuota { resets_at: next_beijing_midnight(now) })
    }
}
