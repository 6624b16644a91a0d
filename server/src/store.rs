//! State that every server must agree on, so that two servers, or one restarted, see the same
//! limits: windowed counters, one-time keys, short-lived values and leases. Two engines:
//! - the shared database (table `shared_keys`, db/shared_key.rs), the default: each operation is one
//!   statement, atomic on SQLite and PostgreSQL alike;
//! - Redis, when REDIS_URL is set: each operation is one command or one script, so atomic there too,
//!   and Redis expires the keys itself.

use crate::db::{shared_key, DbConnection, Pool};
use crate::ids::now_ms;

#[derive(Clone)]
pub struct SharedStore {
    engine: Engine,
}

#[derive(Clone)]
enum Engine {
    Database(Pool),
    Redis(RedisStore),
}

/// The store is down (the database is unreachable): callers fail closed.
#[derive(Debug)]
pub struct StoreError(pub String);

type StoreResult<T> = Result<T, StoreError>;

fn err(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
}

impl SharedStore {
    /// The store in the shared database.
    pub fn new(pool: Pool) -> Self {
        Self { engine: Engine::Database(pool) }
    }

    /// The store REDIS_URL names, or the database's when it is empty. Refuses an unreachable Redis:
    /// a server that silently fell back would keep limits apart from its peers.
    pub fn for_settings(settings: &crate::settings::Settings, pool: Pool) -> Result<Self, String> {
        if settings.redis_url.trim().is_empty() {
            return Ok(Self::new(pool));
        }
        Ok(Self { engine: Engine::Redis(RedisStore::connect(settings.redis_url.trim(), &settings.redis_prefix)?) })
    }

    /// Which engine holds the state, for the start-up log.
    pub fn engine_name(&self) -> &'static str {
        match self.engine {
            Engine::Database(_) => "database",
            Engine::Redis(_) => "redis",
        }
    }

    pub fn incr(&self, key: &str, window_ms: i64) -> StoreResult<i64> {
        match &self.engine {
            Engine::Database(p) => DatabaseStore(p).incr(key, window_ms),
            Engine::Redis(r) => r.incr(key, window_ms),
        }
    }

    pub fn count(&self, key: &str) -> StoreResult<i64> {
        match &self.engine {
            Engine::Database(p) => DatabaseStore(p).count(key),
            Engine::Redis(r) => r.count(key),
        }
    }

    pub fn reset(&self, key: &str) -> StoreResult<()> {
        match &self.engine {
            Engine::Database(p) => DatabaseStore(p).reset(key),
            Engine::Redis(r) => r.reset(key),
        }
    }

    pub fn put_new(&self, key: &str, value: &str, ttl_ms: i64) -> StoreResult<bool> {
        match &self.engine {
            Engine::Database(p) => DatabaseStore(p).put_new(key, value, ttl_ms),
            Engine::Redis(r) => r.put_new(key, value, ttl_ms),
        }
    }

    pub fn take(&self, key: &str) -> StoreResult<Option<String>> {
        match &self.engine {
            Engine::Database(p) => DatabaseStore(p).take(key),
            Engine::Redis(r) => r.take(key),
        }
    }

    pub fn get(&self, key: &str) -> StoreResult<Option<String>> {
        match &self.engine {
            Engine::Database(p) => DatabaseStore(p).get(key),
            Engine::Redis(r) => r.get(key),
        }
    }

    pub fn hold(&self, key: &str, holder: &str, ttl_ms: i64) -> StoreResult<bool> {
        match &self.engine {
            Engine::Database(p) => DatabaseStore(p).hold(key, holder, ttl_ms),
            Engine::Redis(r) => r.hold(key, holder, ttl_ms),
        }
    }

    /// Whether any of `keys` is live (held, or put, and not run out); changes nothing. Chat's offline
    /// notice asks it of a user's socket places (domain/chat_notice.rs).
    pub fn any_live(&self, keys: &[String]) -> StoreResult<bool> {
        match &self.engine {
            Engine::Database(p) => shared_key::any_live(&mut *p.get().map_err(err)?, keys, now_ms()).map_err(err),
            Engine::Redis(r) => {
                if keys.is_empty() {
                    return Ok(false);
                }
                let names: Vec<String> = keys.iter().map(|k| r.key(k)).collect();
                let live: i64 = redis::cmd("EXISTS").arg(names).query(&mut *r.conn()?).map_err(err)?;
                Ok(live > 0)
            }
        }
    }

    /// Publishes `message` on the Redis channel `channel` (under the store's prefix); nothing on the
    /// database engine. Chat's wake-ups ring through it (providers/wakeup.rs).
    pub fn publish(&self, channel: &str, message: &str) -> StoreResult<()> {
        match &self.engine {
            Engine::Database(_) => Ok(()),
            Engine::Redis(r) => redis::cmd("PUBLISH").arg(r.key(channel)).arg(message).query::<i64>(&mut *r.conn()?).map(|_| ()).map_err(err),
        }
    }

    /// The Redis client and the channel `channel` under the store's prefix, to subscribe with a
    /// connection of one's own; None on the database engine.
    pub fn redis_channel(&self, channel: &str) -> Option<(redis::Client, String)> {
        match &self.engine {
            Engine::Database(_) => None,
            Engine::Redis(r) => Some((r.client.clone(), r.key(channel))),
        }
    }

    /// Removes what has expired (Redis does this itself).
    pub fn sweep(&self) -> StoreResult<usize> {
        match &self.engine {
            Engine::Database(p) => DatabaseStore(p).sweep(),
            Engine::Redis(_) => Ok(0),
        }
    }
}

/// The store's operations on the `shared_keys` table. Each method's contract is the same in both
/// engines and is written once, here.
struct DatabaseStore<'a>(&'a Pool);

impl DatabaseStore<'_> {

    fn conn(&self) -> StoreResult<r2d2::PooledConnection<diesel::r2d2::ConnectionManager<DbConnection>>> {
        self.0.get().map_err(err)
    }

    /// Counts one event for `key` in its window of `window_ms`, which starts at the key's first
    /// event (not at a clock boundary, so a burst is never split across two windows); returns the
    /// count so far.
    pub fn incr(&self, key: &str, window_ms: i64) -> StoreResult<i64> {
        shared_key::incr(&mut *self.conn()?, key, window_ms, now_ms()).map_err(err)
    }

    /// The count of the key's current window, without counting.
    pub fn count(&self, key: &str) -> StoreResult<i64> {
        shared_key::count(&mut *self.conn()?, key, now_ms()).map_err(err)
    }

    /// Forgets the key's count.
    pub fn reset(&self, key: &str) -> StoreResult<()> {
        shared_key::delete(&mut *self.conn()?, key).map_err(err)?;
        Ok(())
    }

    /// Keeps `value` under `key` for `ttl_ms` unless a live value is there: true when it was put.
    pub fn put_new(&self, key: &str, value: &str, ttl_ms: i64) -> StoreResult<bool> {
        let now = now_ms();
        shared_key::put_new(&mut *self.conn()?, key, value, now + ttl_ms, now).map_err(err)
    }

    /// Takes the live value under `key`: it is gone for every server afterwards.
    pub fn take(&self, key: &str) -> StoreResult<Option<String>> {
        shared_key::take(&mut *self.conn()?, key, now_ms()).map_err(err)
    }

    /// The live value under `key`, left in place.
    pub fn get(&self, key: &str) -> StoreResult<Option<String>> {
        shared_key::get(&mut *self.conn()?, key, now_ms()).map_err(err)
    }

    /// Takes or renews the lease `key` for `holder` until `ttl_ms` from now: true while `holder` has
    /// it. One statement, so two servers asking at once cannot both get it; a lease its holder stops
    /// renewing (the server is gone) passes to the next asker once its time is up.
    pub fn hold(&self, key: &str, holder: &str, ttl_ms: i64) -> StoreResult<bool> {
        let now = now_ms();
        shared_key::hold(&mut *self.conn()?, key, holder, now + ttl_ms, now).map_err(err)
    }

    /// Removes the rows whose time is up.
    pub fn sweep(&self) -> StoreResult<usize> {
        shared_key::sweep(&mut *self.conn()?, now_ms()).map_err(err)
    }
}

/// The same operations in Redis. Counters start their window with the key's first event (SET NX PX,
/// then INCR, which keeps the expiry); one-time keys are SET NX PX and GETDEL.
#[derive(Clone)]
struct RedisStore {
    pool: r2d2::Pool<redis::Client>,
    /// For connections of one's own (chat's SUBSCRIBE).
    client: redis::Client,
    prefix: std::sync::Arc<str>,
}

/// One round trip: the window is set only by the key's first event, and INCR keeps it.
const REDIS_INCR: &str = "redis.call('SET', KEYS[1], 0, 'PX', ARGV[1], 'NX') return redis.call('INCR', KEYS[1])";
/// Takes or renews the lease for ARGV[1] when it is free or already theirs.
const REDIS_HOLD: &str = "local v = redis.call('GET', KEYS[1]) \
    if v == false or v == ARGV[1] then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end return 0";

impl RedisStore {
    fn connect(url: &str, prefix: &str) -> Result<Self, String> {
        let client = redis::Client::open(url).map_err(|e| format!("REDIS_URL: {e}"))?;
        let pool = r2d2::Pool::builder()
            .max_size(16)
            .connection_timeout(std::time::Duration::from_secs(5))
            .build(client.clone())
            .map_err(|e| format!("REDIS_URL: {e}"))?;
        Ok(Self { pool, client, prefix: prefix.into() })
    }

    fn conn(&self) -> StoreResult<r2d2::PooledConnection<redis::Client>> {
        self.pool.get().map_err(err)
    }

    fn key(&self, key: &str) -> String {
        format!("{}{key}", self.prefix)
    }

    fn incr(&self, key: &str, window_ms: i64) -> StoreResult<i64> {
        redis::Script::new(REDIS_INCR).key(self.key(key)).arg(window_ms.max(1)).invoke(&mut *self.conn()?).map_err(err)
    }

    fn count(&self, key: &str) -> StoreResult<i64> {
        let v: Option<i64> = redis::cmd("GET").arg(self.key(key)).query(&mut *self.conn()?).map_err(err)?;
        Ok(v.unwrap_or(0))
    }

    fn reset(&self, key: &str) -> StoreResult<()> {
        redis::cmd("DEL").arg(self.key(key)).query::<()>(&mut *self.conn()?).map_err(err)
    }

    fn put_new(&self, key: &str, value: &str, ttl_ms: i64) -> StoreResult<bool> {
        let set: Option<String> = redis::cmd("SET")
            .arg(self.key(key))
            .arg(value)
            .arg("PX")
            .arg(ttl_ms.max(1))
            .arg("NX")
            .query(&mut *self.conn()?)
            .map_err(err)?;
        Ok(set.is_some())
    }

    fn take(&self, key: &str) -> StoreResult<Option<String>> {
        redis::cmd("GETDEL").arg(self.key(key)).query(&mut *self.conn()?).map_err(err)
    }

    fn get(&self, key: &str) -> StoreResult<Option<String>> {
        redis::cmd("GET").arg(self.key(key)).query(&mut *self.conn()?).map_err(err)
    }

    fn hold(&self, key: &str, holder: &str, ttl_ms: i64) -> StoreResult<bool> {
        let held: i64 = redis::Script::new(REDIS_HOLD)
            .key(self.key(key))
            .arg(holder)
            .arg(ttl_ms.max(1))
            .invoke(&mut *self.conn()?)
            .map_err(err)?;
        Ok(held == 1)
    }
}
