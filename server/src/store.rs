//! State that every server must agree on, kept in the shared database (table `shared_keys`) so
//! that two servers, or one restarted, see the same limits: windowed counters, one-time keys and
//! short-lived values. Each operation is one statement, atomic on SQLite and PostgreSQL alike
//! (INSERT … ON CONFLICT … RETURNING and DELETE … RETURNING). Values are bound, never spliced.

use diesel::sql_types::{BigInt, Text};
use diesel::{QueryableByName, RunQueryDsl};

use crate::db::{DbConnection, Pool};
use crate::ids::now_ms;

#[derive(Clone)]
pub struct SharedStore {
    pool: Pool,
}

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

/// The store is down (the database is unreachable): callers fail closed.
#[derive(Debug)]
pub struct StoreError(pub String);

type StoreResult<T> = Result<T, StoreError>;

fn err(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
}

impl SharedStore {
    pub fn new(pool: Pool) -> Self {
        Self { pool }
    }

    fn conn(&self) -> StoreResult<r2d2::PooledConnection<diesel::r2d2::ConnectionManager<DbConnection>>> {
        self.pool.get().map_err(err)
    }

    /// Counts one event for `key` in its window of `window_ms`, which starts at the key's first
    /// event (not at a clock boundary, so a burst is never split across two windows); returns the
    /// count so far.
    pub fn incr(&self, key: &str, window_ms: i64) -> StoreResult<i64> {
        let now = now_ms();
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
        .load(&mut self.conn()?)
        .map_err(err)?;
        Ok(rows.first().map_or(0, |r| r.counter))
    }

    /// The count of the key's current window, without counting.
    pub fn count(&self, key: &str) -> StoreResult<i64> {
        let rows: Vec<Counter> = diesel::sql_query("SELECT counter FROM shared_keys WHERE key = $1 AND expires_at > $2")
            .bind::<Text, _>(key)
            .bind::<BigInt, _>(now_ms())
            .load(&mut self.conn()?)
            .map_err(err)?;
        Ok(rows.first().map_or(0, |r| r.counter))
    }

    /// Forgets the key's count.
    pub fn reset(&self, key: &str) -> StoreResult<()> {
        diesel::sql_query("DELETE FROM shared_keys WHERE key = $1").bind::<Text, _>(key).execute(&mut self.conn()?).map_err(err)?;
        Ok(())
    }

    /// Keeps `value` under `key` for `ttl_ms` unless a live value is there: true when it was put.
    pub fn put_new(&self, key: &str, value: &str, ttl_ms: i64) -> StoreResult<bool> {
        let now = now_ms();
        let mut c = self.conn()?;
        diesel::sql_query("DELETE FROM shared_keys WHERE key = $1 AND expires_at <= $2")
            .bind::<Text, _>(key)
            .bind::<BigInt, _>(now)
            .execute(&mut c)
            .map_err(err)?;
        let n = diesel::sql_query("INSERT INTO shared_keys (key, value, counter, expires_at) VALUES ($1, $2, 0, $3) ON CONFLICT (key) DO NOTHING")
            .bind::<Text, _>(key)
            .bind::<Text, _>(value)
            .bind::<BigInt, _>(now + ttl_ms)
            .execute(&mut c)
            .map_err(err)?;
        Ok(n == 1)
    }

    /// Takes the live value under `key`: it is gone for every server afterwards.
    pub fn take(&self, key: &str) -> StoreResult<Option<String>> {
        let rows: Vec<Value> = diesel::sql_query("DELETE FROM shared_keys WHERE key = $1 RETURNING value, expires_at")
            .bind::<Text, _>(key)
            .load(&mut self.conn()?)
            .map_err(err)?;
        // The row goes even when it had expired; an expired value is no value.
        let now = now_ms();
        Ok(rows.into_iter().find(|v| v.expires_at > now).map(|v| v.value))
    }

    /// The live value under `key`, left in place.
    pub fn get(&self, key: &str) -> StoreResult<Option<String>> {
        let rows: Vec<Value> = diesel::sql_query("SELECT value, expires_at FROM shared_keys WHERE key = $1 AND expires_at > $2")
            .bind::<Text, _>(key)
            .bind::<BigInt, _>(now_ms())
            .load(&mut self.conn()?)
            .map_err(err)?;
        Ok(rows.into_iter().next().map(|v| v.value))
    }

    /// Takes or renews the lease `key` for `holder` until `ttl_ms` from now: true while `holder` has
    /// it. One statement, so two servers asking at once cannot both get it; a lease its holder stops
    /// renewing (the server is gone) passes to the next asker once its time is up.
    pub fn hold(&self, key: &str, holder: &str, ttl_ms: i64) -> StoreResult<bool> {
        let now = now_ms();
        let rows: Vec<Holder> = diesel::sql_query(
            "INSERT INTO shared_keys (key, value, counter, expires_at) VALUES ($1, $2, 0, $3) \
             ON CONFLICT (key) DO UPDATE SET value = $2, expires_at = $3 \
             WHERE shared_keys.value = $2 OR shared_keys.expires_at <= $4 \
             RETURNING value",
        )
        .bind::<Text, _>(key)
        .bind::<Text, _>(holder)
        .bind::<BigInt, _>(now + ttl_ms)
        .bind::<BigInt, _>(now)
        .load(&mut self.conn()?)
        .map_err(err)?;
        Ok(rows.iter().any(|r| r.value == holder))
    }

    /// Removes the rows whose time is up.
    pub fn sweep(&self) -> StoreResult<usize> {
        diesel::sql_query("DELETE FROM shared_keys WHERE expires_at <= $1").bind::<BigInt, _>(now_ms()).execute(&mut self.conn()?).map_err(err)
    }
}
