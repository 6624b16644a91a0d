//! Typed row ids and the generator for new ones.
//!
//! Ids are made here, not by the database, so one schema serves SQLite and PostgreSQL.
//! Layout: milliseconds since 2024-01-01 (41 bits) then a 12-bit sequence, which stays
//! below 2^53 so JavaScript reads every id exactly.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use diesel_derive_newtype::DieselNewType;
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiResult};

const EPOCH_MS: u64 = 1_704_067_200_000;
const SEQ_BITS: u32 = 12;

macro_rules! id_type {
    ($($name:ident),*) => {$(
        /// A BigInt column in diesel (DieselNewType: ToSql, FromSql, Queryable, AsExpression) and a
        /// plain number in JSON (an integer schema of its own name in the OpenAPI document).
        #[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, DieselNewType, utoipa::ToSchema)]
        #[serde(transparent)]
        pub struct $name(pub i64);
        impl From<i64> for $name {
            fn from(id: i64) -> Self { Self(id) }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { self.0.fmt(f) }
        }
    )*};
}
id_type!(UserId, SessionId, CompanyId, JobId, ResumeId, ResumeEntryId, ResumeFileId, ApplicationId);
// One per table with its own `id` (issue 14): a function taking an interview's id cannot be given a
// notice's. Pipeline stages, application moves and notes keep i64 for now (domain/pipeline.rs).
id_type!(
    MemberId,
    AdminId,
    AuditId,
    OrderId,
    CompanyOrderId,
    RefundId,
    CompanyFileId,
    NoticeId,
    NoticeTemplateId,
    InterviewId,
    AssessmentId,
    AssessmentSendId,
    TalentId,
    TalentEntryId,
    TalentMoveId,
    TalentNoteId,
    JobReportId,
    BehaviourEventId,
    ConversationId,
    ChatMessageId,
    ChatPhraseId,
    ChatReportId
);

/// A positive id from a form field; anything else is BAD_INPUT naming the field.
pub fn parse_id<T: From<i64>>(raw: &str, field: &str) -> ApiResult<T> {
    raw.trim()
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .map(T::from)
        .ok_or_else(|| ApiError::BadInput(format!("{field} must be an id")))
}

/// Ids separated by commas (empty pieces skipped); any piece that is not an id is BAD_INPUT.
pub fn parse_id_list<T: From<i64>>(raw: &str, field: &str) -> ApiResult<Vec<T>> {
    raw.split(',').filter(|s| !s.trim().is_empty()).map(|s| parse_id(s, field)).collect()
}

pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// Beijing time: UTC+8 all year, no daylight saving.
const BEIJING_OFFSET_MS: i64 = 8 * 3_600_000;

/// The wall-clock date and time in Beijing at `ms` since the epoch, by the `time` crate's calendar
/// (it replaced a hand-written days-to-civil-date conversion). Instants outside the years
/// -9999..=9999 read as the epoch.
fn beijing(ms: i64) -> time::PrimitiveDateTime {
    let local_ms = i128::from(ms.saturating_add(BEIJING_OFFSET_MS));
    let at = time::OffsetDateTime::from_unix_timestamp_nanos(local_ms * 1_000_000).unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    time::PrimitiveDateTime::new(at.date(), at.time())
}

/// `YYYYMMDD` of the instant in Beijing time (UTC+8, no daylight saving).
pub fn beijing_date(ms: i64) -> String {
    let d = beijing(ms).date();
    format!("{:04}{:02}{:02}", d.year(), u8::from(d.month()), d.day())
}

/// The next Beijing midnight after the instant (ms): when a Beijing day's counts start again.
pub fn next_beijing_midnight(ms: i64) -> i64 {
    const DAY_MS: i64 = 86_400_000;
    (ms.saturating_add(BEIJING_OFFSET_MS).div_euclid(DAY_MS) + 1) * DAY_MS - BEIJING_OFFSET_MS
}

/// ISO 8601 with Beijing's offset (`2026-11-24T18:00:00+08:00`): dates in sitemaps and structured data.
pub fn beijing_iso(ms: i64) -> String {
    let t = beijing(ms);
    format!("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}+08:00", t.year(), u8::from(t.month()), t.day(), t.hour(), t.minute(), t.second())
}

/// `YYYY-MM-DD HH:MM:SS` in Beijing time.
pub fn beijing_time(ms: i64) -> String {
    let t = beijing(ms);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
        t.year(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second()
    )
}

/// The last id handed out; a new one is max(last + 1, now << 12) so ids only grow.
static LAST: AtomicU64 = AtomicU64::new(0);

/// A new id of a row of the table `T` names (`MemberId`, `NoticeId`, …).
pub fn new_id<T: From<i64>>() -> T {
    T::from(next_id())
}

pub fn next_id() -> i64 {
    let floor = ((now_ms() as u64).saturating_sub(EPOCH_MS)) << SEQ_BITS;
    let mut last = LAST.load(Ordering::Relaxed);
    loop {
        let candidate = floor.max(last + 1);
        match LAST.compare_exchange_weak(last, candidate, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return candidate as i64,
            Err(seen) => last = seen,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beijing_dates() {
        assert_eq!(beijing_date(0), "19700101");
        assert_eq!(beijing_date(1_704_067_200_000), "20240101"); // 2024-01-01 00:00 UTC
        assert_eq!(beijing_date(1_704_038_400_000), "20240101"); // 2023-12-31 16:00 UTC = midnight in Beijing
        assert_eq!(beijing_date(1_704_038_399_999), "20231231");
        assert_eq!(beijing_date(1_709_164_800_000), "20240229"); // leap day
    }

    #[test]
    fn next_beijing_midnights() {
        // 2023-12-31 16:00 UTC is midnight in Beijing: the next one is a day on.
        assert_eq!(next_beijing_midnight(1_704_038_400_000), 1_704_038_400_000 + 86_400_000);
        assert_eq!(next_beijing_midnight(1_704_038_399_999), 1_704_038_400_000);
        assert_eq!(next_beijing_midnight(1_704_067_200_000), 1_704_124_800_000); // 08:00 in Beijing
        assert_eq!(beijing_time(next_beijing_midnight(1_709_164_800_000 + 3_723_000)), "2024-03-01 00:00:00");
    }

    #[test]
    fn beijing_times() {
        // Expected values as the hand-written conversion this replaced gave them.
        assert_eq!(beijing_time(0), "1970-01-01 08:00:00");
        assert_eq!(beijing_time(1_704_038_399_999), "2023-12-31 23:59:59");
        assert_eq!(beijing_time(1_704_038_400_000), "2024-01-01 00:00:00");
        assert_eq!(beijing_time(1_709_164_800_000 + 3_723_000), "2024-02-29 09:02:03");
        assert_eq!(beijing_time(-1), "1970-01-01 07:59:59");
        assert_eq!(beijing_date(-28_800_001), "19691231");
    }

    #[test]
    fn ids_grow_and_stay_exact_in_javascript() {
        let a = next_id();
        let b = next_id();
        assert!(b > a);
        assert!(b < (1i64 << 53));
        let many: std::collections::HashSet<i64> = (0..10_000).map(|_| next_id()).collect();
        assert_eq!(many.len(), 10_000);
    }
}
