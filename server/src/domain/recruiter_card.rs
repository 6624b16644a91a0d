//! What a job's page shows of the member who answers its chats (issue 32, domain/chat.rs
//! `responsible`): their name, title and how recently they worked, as Boss直聘 shows a recruiter
//! before the candidate taps 立即沟通.
//!
//! The active status is a bucket, never a time: 刚刚活跃, 今日活跃, 3日内活跃, 本周活跃, 本月活跃, and
//! nothing for a member last seen longer ago, or who turned it off in their account. A member is
//! seen working whenever a signed-in recruiter call reaches the server (web/extract.rs), written at
//! most once per NOTE_EVERY_MS, so a busy member costs one write every few minutes.

use serde::Serialize;

use crate::db::{company_member, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{beijing_date, JobId};

/// How long a noted active time stands before the next call notes it again.
pub const NOTE_EVERY_MS: i64 = 5 * 60_000;

const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 24 * 60 * MINUTE_MS;

/// How recently a member worked, as candidates see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ActiveBucket {
    /// In the last 15 minutes (刚刚活跃).
    JustNow,
    /// Earlier on the same Beijing day (今日活跃).
    Today,
    /// In the last 3 days (3日内活跃).
    ThreeDays,
    /// In the last 7 days (本周活跃).
    ThisWeek,
    /// In the last 30 days (本月活跃).
    ThisMonth,
}

/// The bucket of a member last active at `active_at` (ms; 0 never), seen at `now`; None when older
/// than a month or never.
pub fn bucket(active_at: i64, now: i64) -> Option<ActiveBucket> {
    if active_at <= 0 || active_at > now {
        return (active_at > now).then_some(ActiveBucket::JustNow);
    }
    let ago = now - active_at;
    Some(if ago <= 15 * MINUTE_MS {
        ActiveBucket::JustNow
    } else if beijing_date(active_at) == beijing_date(now) {
        ActiveBucket::Today
    } else if ago <= 3 * DAY_MS {
        ActiveBucket::ThreeDays
    } else if ago <= 7 * DAY_MS {
        ActiveBucket::ThisWeek
    } else if ago <= 30 * DAY_MS {
        ActiveBucket::ThisMonth
    } else {
        return None;
    })
}

/// The recruiter a job's page shows.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recruiter {
    pub name: String,
    /// '' when the member gave none.
    pub title: String,
    /// None when older than a month, never seen, or turned off by the member.
    pub active: Option<ActiveBucket>,
}

/// The recruiter of `job`; None when the company has no member who may chat.
pub fn of_job(c: &mut DbConnection, job: JobId, now: i64) -> ApiResult<Option<Recruiter>> {
    let member = match crate::domain::chat::responsible(c, job) {
        Ok((_, member)) => member,
        Err(ApiError::NotFound) => return Ok(None),
        Err(e) => return Err(e),
    };
    let (name, title, active_at, show_active) = company_member::card_of(c, member)?;
    Ok(Some(Recruiter { name, title, active: if show_active { bucket(active_at, now) } else { None } }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-28 12:00 Beijing (04:00 UTC).
    const NOON: i64 = 1_795_838_400_000;

    #[test]
    fn buckets_by_how_long_ago() {
        assert_eq!(crate::ids::beijing_iso(NOON), "2026-11-28T12:00:00+08:00");
        assert_eq!(bucket(0, NOON), None);
        assert_eq!(bucket(NOON - 14 * MINUTE_MS, NOON), Some(ActiveBucket::JustNow));
        assert_eq!(bucket(NOON - 11 * 60 * MINUTE_MS, NOON), Some(ActiveBucket::Today));
        // 13 hours before Beijing noon is the day before.
        assert_eq!(bucket(NOON - 13 * 60 * MINUTE_MS, NOON), Some(ActiveBucket::ThreeDays));
        assert_eq!(bucket(NOON - 3 * DAY_MS - MINUTE_MS, NOON), Some(ActiveBucket::ThisWeek));
        assert_eq!(bucket(NOON - 8 * DAY_MS, NOON), Some(ActiveBucket::ThisMonth));
        assert_eq!(bucket(NOON - 31 * DAY_MS, NOON), None);
        // Another server's clock a little ahead.
        assert_eq!(bucket(NOON + 1000, NOON), Some(ActiveBucket::JustNow));
    }
}
