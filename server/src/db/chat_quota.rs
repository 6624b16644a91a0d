//! `chat_quota_uses`: the new conversations each side opened on a Beijing day (`YYYYMMDD`); the
//! limits are domain/chat_quota.rs's.

use diesel::prelude::*;

use crate::db::chat::Side;
use crate::db::schema::chat_quota_uses;
use crate::db::DbConnection;

/// The conversations `who` (a user for the candidate side, a member for the company side) opened on `day`.
pub fn used(conn: &mut DbConnection, side: Side, who: i64, day: &str) -> QueryResult<i64> {
    Ok(chat_quota_uses::table.find((side, who, day)).select(chat_quota_uses::used).first(conn).optional()?.unwrap_or(0))
}

#[derive(Debug, Insertable)]
#[diesel(table_name = chat_quota_uses)]
struct NewUse<'a> {
    side: Side,
    who: i64,
    day: &'a str,
    used: i64,
}

/// Counts one more conversation of `who` on `day` while fewer than `limit` are counted; false (and
/// nothing counted) at the limit. One conditional UPDATE: on PostgreSQL a concurrent one waits for
/// the row and checks `used < limit` again on what the other committed, so no two take the last one
/// (SQLite's writes are one at a time already).
pub fn take_one(conn: &mut DbConnection, side: Side, who: i64, day: &str, limit: i64) -> QueryResult<bool> {
    let row = NewUse { side, who, day, used: 0 };
    match conn {
        DbConnection::Postgresql(c) => diesel::insert_into(chat_quota_uses::table).values(&row).on_conflict_do_nothing().execute(c)?,
        DbConnection::Sqlite(c) => diesel::insert_into(chat_quota_uses::table).values(&row).on_conflict_do_nothing().execute(c)?,
    };
    let taken = diesel::update(chat_quota_uses::table.find((side, who, day)).filter(chat_quota_uses::used.lt(limit)))
        .set(chat_quota_uses::used.eq(chat_quota_uses::used + 1))
        .execute(conn)?;
    Ok(taken == 1)
}
