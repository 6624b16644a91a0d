//! `notices`: the notice outbox (domain/notice.rs has the worker and the guarantee).

use crate::ids::{CompanyId, NoticeId};
use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::notices;
use crate::db::DbConnection;

text_enum! {
    /// Where a notice is on its way (domain/notice.rs has the guarantee).
    pub enum NoticeState {
        Pending = "pending",
        /// Claimed by a server until its lease runs out.
        Sending = "sending",
        Retrying = "retrying",
        Sent = "sent",
        Failed = "failed",
        /// A reminder that should no longer go (its interview moved or was cancelled).
        Withdrawn = "withdrawn",
    }
}

pub const MAIL: &str = "mail";
pub const SMS: &str = "sms";
/// A template message of the WeChat official account (chat's offline notice): the recipient is the
/// openid, the body the template's fields and link as JSON (domain/chat_notice.rs).
pub const WECHAT: &str = "wechat";
/// The event keys of chat's offline notices to candidates: kept out of the company's outbox, which
/// must not learn a candidate's email or WeChat (domain/chat_notice.rs).
pub const CHAT_TO_CANDIDATE_PREFIX: &str = "chat-offline:candidate:";

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = notices)]
pub struct Notice {
    pub id: NoticeId,
    pub company_id: CompanyId,
    pub event_key: String,
    pub recipient: String,
    pub channel: String,
    pub subject: String,
    pub body: String,
    pub attachment_name: Option<String>,
    pub attachment_type: Option<String>,
    pub attachment: Option<String>,
    pub state: NoticeState,
    pub attempts: i32,
    pub due_at: i64,
    pub lease_until: Option<i64>,
    pub last_error: Option<String>,
    pub sent_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = notices)]
pub struct NewNotice {
    pub id: NoticeId,
    pub company_id: CompanyId,
    pub event_key: String,
    pub recipient: String,
    pub channel: String,
    pub subject: String,
    pub body: String,
    pub attachment_name: Option<String>,
    pub attachment_type: Option<String>,
    pub attachment: Option<String>,
    pub state: NoticeState,
    pub due_at: i64,
    pub created_at: i64,
}

/// Inserts the notice unless one exists for its event, recipient and channel; true when inserted.
/// Safe inside a transaction on PostgreSQL (ON CONFLICT DO NOTHING aborts nothing).
pub fn insert_once(conn: &mut DbConnection, new: &NewNotice) -> QueryResult<bool> {
    let n = match conn {
        DbConnection::Postgresql(c) => diesel::insert_into(notices::table).values(new).on_conflict_do_nothing().execute(c)?,
        DbConnection::Sqlite(c) => diesel::insert_into(notices::table).values(new).on_conflict_do_nothing().execute(c)?,
    };
    Ok(n == 1)
}

/// Due: waiting and due, or claimed by a server whose lease ran out (it died, or hangs).
macro_rules! due {
    ($now:expr) => {
        notices::state
            .eq_any([NoticeState::Pending, NoticeState::Retrying])
            .and(notices::due_at.le($now))
            .or(notices::state.eq(NoticeState::Sending).and(notices::lease_until.lt($now)))
    };
}

/// Claims up to `limit` due notices for `lease_ms`: each is marked sending with its lease and one
/// more attempt, in one transaction. On PostgreSQL the rows are locked with FOR UPDATE SKIP LOCKED,
/// so servers claiming at once take different rows; on SQLite the process's write lock serialises
/// claims (one server per SQLite file).
pub fn claim(conn: &mut DbConnection, now: i64, lease_ms: i64, limit: i64) -> crate::error::ApiResult<Vec<Notice>> {
    let lease = now + lease_ms;
    if let DbConnection::Postgresql(pg) = conn {
        return Ok(pg.transaction::<_, diesel::result::Error, _>(|pg| {
            let ids: Vec<NoticeId> = notices::table
                .filter(due!(now))
                .order(notices::due_at.asc())
                .limit(limit)
                .select(notices::id)
                .for_update()
                .skip_locked()
                .load(pg)?;
            diesel::update(notices::table.filter(notices::id.eq_any(&ids)))
                .set((notices::state.eq(NoticeState::Sending), notices::lease_until.eq(Some(lease)), notices::attempts.eq(notices::attempts + 1)))
                .execute(pg)?;
            notices::table.filter(notices::id.eq_any(&ids)).order(notices::due_at.asc()).select(Notice::as_select()).load(pg)
        })?);
    }
    crate::db::write_transaction(conn, |c| {
        let ids: Vec<NoticeId> = notices::table.filter(due!(now)).order(notices::due_at.asc()).limit(limit).select(notices::id).load(c)?;
        diesel::update(notices::table.filter(notices::id.eq_any(&ids)))
            .set((notices::state.eq(NoticeState::Sending), notices::lease_until.eq(Some(lease)), notices::attempts.eq(notices::attempts + 1)))
            .execute(c)?;
        Ok(notices::table.filter(notices::id.eq_any(&ids)).order(notices::due_at.asc()).select(Notice::as_select()).load(c)?)
    })
}

/// Records the outcome of a send, if the claim (`lease`) is still ours.
pub fn finish(conn: &mut DbConnection, id: NoticeId, lease: i64, state: NoticeState, due_at: i64, error: Option<&str>, now: i64) -> QueryResult<usize> {
    diesel::update(notices::table.find(id).filter(notices::state.eq(NoticeState::Sending)).filter(notices::lease_until.eq(Some(lease))))
        .set((
            notices::state.eq(state),
            notices::due_at.eq(due_at),
            notices::lease_until.eq(None::<i64>),
            notices::last_error.eq(error),
            notices::sent_at.eq((state == NoticeState::Sent).then_some(now)),
        ))
        .execute(conn)
}

/// A notice as the company sees it in its outbox.
#[derive(Debug, Clone, Serialize, Queryable, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeRecord {
    pub id: NoticeId,
    pub event_key: String,
    pub recipient: String,
    pub channel: String,
    pub subject: String,
    pub state: NoticeState,
    pub attempts: i32,
    pub due_at: i64,
    #[schema(required)]
    pub last_error: Option<String>,
    #[schema(required)]
    pub sent_at: Option<i64>,
    pub created_at: i64,
}

/// The company's notices, newest first; only those whose event key starts with `prefix` when given.
pub fn list(conn: &mut DbConnection, company: CompanyId, prefix: Option<&str>, offset: i64, limit: i64) -> QueryResult<(i64, Vec<NoticeRecord>)> {
    let private = format!("{}%", crate::db::like_escape(CHAT_TO_CANDIDATE_PREFIX));
    let mut q = notices::table.filter(notices::company_id.eq(company)).filter(notices::event_key.not_like(private.clone()).escape('\\')).into_boxed();
    let mut count = notices::table.filter(notices::company_id.eq(company)).filter(notices::event_key.not_like(private).escape('\\')).into_boxed();
    if let Some(p) = prefix {
        let pattern = format!("{}%", crate::db::like_escape(p));
        q = q.filter(notices::event_key.like(pattern.clone()).escape('\\'));
        count = count.filter(notices::event_key.like(pattern).escape('\\'));
    }
    let total: i64 = count.count().get_result(conn)?;
    let rows = q
        .order((notices::created_at.desc(), notices::id.desc()))
        .offset(offset)
        .limit(limit)
        .select((
            notices::id,
            notices::event_key,
            notices::recipient,
            notices::channel,
            notices::subject,
            notices::state,
            notices::attempts,
            notices::due_at,
            notices::last_error,
            notices::sent_at,
            notices::created_at,
        ))
        .load(conn)?;
    Ok((total, rows))
}

/// Pending reminders of an event that should no longer go (a cancelled or moved interview).
pub fn drop_pending(conn: &mut DbConnection, event_prefix: &str, now: i64) -> QueryResult<usize> {
    let pattern = format!("{}%", crate::db::like_escape(event_prefix));
    diesel::update(
        notices::table.filter(notices::event_key.like(pattern).escape('\\')).filter(notices::state.eq_any([NoticeState::Pending, NoticeState::Retrying])),
    )
    .set((notices::state.eq(NoticeState::Withdrawn), notices::due_at.eq(now)))
    .execute(conn)
}
