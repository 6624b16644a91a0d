//! `shared_keys`: the shared store's rows in the database (store.rs has the contract of each
//! operation, the same for Redis). Each operation is one statement, atomic on SQLite and PostgreSQL
//! alike (INSERT … ON CONFLICT … RETURNING and DELETE … RETURNING); values are bound, never spliced.
//! The table is kept out of schema.rs: these statements are raw SQL, which the DSL cannot express
//! as one statement on both backends.

use diesel::sql_types::{BigInt, Text};
use diesel::{QueryResult, QueryableByName, RunQueryDsl};

use crate::db::DbConnection;

#[derive(QueryableByName)]
struct Counter {
    #[diesel(sql_type = BigInt)]
    counter: i64,
}

#[derive(QueryableByName)]
struct Value {
    #[diesel(sql_type = Text)]
    value: String,
    #[diesel(sql_type = BigInt)]
    expires_at: i64,
}

#[derive(QueryableByName)]
struct Holder {
    #[diesel(sql_type = Text)]
    value: String,
}

/// Counts one event for `key` in a window that starts at its first event and ends `window_ms` later;
/// returns the count so far.
pub fn incr(conn: &mut DbConnection, key: &str, window_ms: i64, now: i64) -> QueryResult<i64> {
    let rows: Vec<Counter> = diesel::sql_query(
        "INSERT INTO shared_keys (key, value, counter, expires_at) VALUES ($1, '', 1, $2) \
         ON CONFLICT (key) DO UPDATE SET \
         counter = CASE WHEN shared_keys.expires_at <= $3 THEN 1 ELSE shared_keys.counter + 1 END, \
         expires_at = CASE WHEN shared_keys.expires_at <= $3 THEN $2 ELSE shared_keys.expires_at END \
         RETURNING counter",
    )
    .bind::<Text, _>(key)
    .bind::<BigInt, _>(now + window_ms)
    .bind::<BigInt, _>(now)
    .load(conn)?;
    Ok(rows.first().map_or(0, |r| r.counter))
}

/// The count of the key's window live at `now`.
pub fn count(conn: &mut DbConnection, key: &str, now: i64) -> QueryResult<i64> {
    let rows: Vec<Counter> = diesel::sql_query("SELECT counter FROM shared_keys WHERE key = $1 AND expires_at > $2")
        .bind::<Text, _>(key)
        .bind::<BigInt, _>(now)
        .load(conn)?;
    Ok(rows.first().map_or(0, |r| r.counter))
}

pub fn delete(conn: &mut DbConnection, key: &str) -> QueryResult<usize> {
    diesel::sql_query("DELETE FROM shared_keys WHERE key = $1").bind::<Text, _>(key).execute(conn)
}

/// Puts `value` under `key` until `expires_at` unless a value live at `now` is there: true when put.
pub fn put_new(conn: &mut DbConnection, key: &str, value: &str, expires_at: i64, now: i64) -> QueryResult<bool> {
    diesel::sql_query("DELETE FROM shared_keys WHERE key = $1 AND expires_at <= $2")
        .bind::<Text, _>(key)
        .bind::<BigInt, _>(now)
        .execute(conn)?;
    let n = diesel::sql_query("INSERT INTO shared_keys (key, value, counter, expires_at) VALUES ($1, $2, 0, $3) ON CONFLICT (key) DO NOTHING")
        .bind::<Text, _>(key)
        .bind::<Text, _>(value)
        .bind::<BigInt, _>(expires_at)
        .execute(conn)?;
    Ok(n == 1)
}

/// Deletes the key's row and returns its value if it was live at `now`.
pub fn take(conn: &mut DbConnection, key: &str, now: i64) -> QueryResult<Option<String>> {
    let rows: Vec<Value> = diesel::sql_query("DELETE FROM shared_keys WHERE key = $1 RETURNING value, expires_at")
        .bind::<Text, _>(key)
        .load(conn)?;
    // The row goes even when it had expired; an expired value is no value.
    Ok(rows.into_iter().find(|v| v.expires_at > now).map(|v| v.value))
}

/// The value under `key` live at `now`, left in place.
pub fn get(conn: &mut DbConnection, key: &str, now: i64) -> QueryResult<Option<String>> {
    let rows: Vec<Value> = diesel::sql_query("SELECT value, expires_at FROM shared_keys WHERE key = $1 AND expires_at > $2")
        .bind::<Text, _>(key)
        .bind::<BigInt, _>(now)
        .load(conn)?;
    Ok(rows.into_iter().next().map(|v| v.value))
}

/// Takes or renews the lease `key` for `holder` until `expires_at`, when it is free, run out at `now`
/// or already theirs: true while `holder` has it. One statement, so two askers cannot both get it.
pub fn hold(conn: &mut DbConnection, key: &str, holder: &str, expires_at: i64, now: i64) -> QueryResult<bool> {
    let rows: Vec<Holder> = diesel::sql_query(
        "INSERT INTO shared_keys (key, value, counter, expires_at) VALUES ($1, $2, 0, $3) \
         ON CONFLICT (key) DO UPDATE SET value = $2, expires_at = $3 \
         WHERE shared_keys.value = $2 OR shared_keys.expires_at <= $4 \
         RETURNING value",
    )
    .bind::<Text, _>(key)
    .bind::<Text, _>(holder)
    .bind::<BigInt, _>(expires_at)
    .bind::<BigInt, _>(now)
    .load(conn)?;
    Ok(rows.iter().any(|r| r.value == holder))
}

/// Puts `value` under `key` until `expires_at`, whatever was there (a background job's progress).
pub fn set(conn: &mut DbConnection, key: &str, value: &str, expires_at: i64) -> QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO shared_keys (key, value, counter, expires_at) VALUES ($1, $2, 0, $3) \
         ON CONFLICT (key) DO UPDATE SET value = $2, expires_at = $3",
    )
    .bind::<Text, _>(key)
    .bind::<Text, _>(value)
    .bind::<BigInt, _>(expires_at)
    .execute(conn)?;
    Ok(())
}

/// Deletes the rows whose time is up at `now`.
pub fn sweep(conn: &mut DbConnection, now: i64) -> QueryResult<usize> {
    diesel::sql_query("DELETE FROM shared_keys WHERE expires_at <= $1").bind::<BigInt, _>(now).execute(conn)
}

/// Whether any of `keys` is live at `now` (a chat user's socket places, domain/chat_notice.rs).
/// Reads only; one lookup by the primary key per key.
pub fn any_live(conn: &mut DbConnection, keys: &[String], now: i64) -> QueryResult<bool> {
    for key in keys {
        if get(conn, key, now)?.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}
