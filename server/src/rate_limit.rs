//! Limits per key (an IP, a mobile) over a window from the key's first hit, counted in the shared store so that every
//! server, and a restarted one, counts the same hits. When the store cannot answer, the limit
//! fails closed: the call is refused rather than let through uncounted.

use std::time::Duration;

use crate::store::SharedStore;

#[derive(Clone)]
pub struct RateLimiter {
    store: SharedStore,
    /// Keeps one limit's keys apart from another's.
    name: &'static str,
    limit: u32,
    window: Duration,
}

impl RateLimiter {
    pub fn new(store: SharedStore, name: &'static str, limit: u32, window: Duration) -> Self {
        Self { store, name, limit, window }
    }

    fn key(&self, key: &str) -> String {
        format!("rl:{}:{key}", self.name)
    }

    fn window_ms(&self) -> i64 {
        self.window.as_millis() as i64
    }

    /// Counts one hit; false once the key used up its window.
    pub fn hit(&self, key: &str) -> bool {
        match self.store.incr(&self.key(key), self.window_ms()) {
            Ok(n) => n <= i64::from(self.limit),
            Err(e) => {
                tracing::warn!(error = ?e, limit = self.name, "rate limit store unavailable; refusing");
                false
            }
        }
    }

    /// Whether the key is at its limit, without counting.
    pub fn is_blocked(&self, key: &str) -> bool {
        self.store.count(&self.key(key)).map_or(true, |n| n >= i64::from(self.limit))
    }

    pub fn clear(&self, key: &str) {
        if let Err(e) = self.store.reset(&self.key(key)) {
            tracing::warn!(error = ?e, limit = self.name, "rate limit not cleared");
        }
    }
}

/// Failed log-ins of one account (a mobile, an admin's name) on one face (candidate, company,
/// admin). A client (an address) is locked out of the account after `PER_CLIENT` failures in the
/// window; the account itself only after the looser `PER_ACCOUNT` from every client together. So a
/// stranger who types wrong passwords locks only their own address out, not the user on their phone,
/// nor the same mobile on another face, as the large sites do; a guesser spread over many addresses
/// still stops at the ceiling. The console's unlock starts a new generation of the account's keys on
/// every face (`unlock`), since the addresses that failed are not known to it.
#[derive(Clone)]
pub struct AccountLockout {
    store: SharedStore,
    face: &'static str,
    per_client: RateLimiter,
    per_account: RateLimiter,
}

impl AccountLockout {
    pub const PER_CLIENT: u32 = 5;
    pub const PER_ACCOUNT: u32 = 50;
    pub const WINDOW: Duration = Duration::from_secs(15 * 60);

    pub fn new(store: SharedStore, face: &'static str) -> Self {
        Self {
            per_client: RateLimiter::new(store.clone(), "login-fail", Self::PER_CLIENT, Self::WINDOW),
            per_account: RateLimiter::new(store.clone(), "login-fail-all", Self::PER_ACCOUNT, Self::WINDOW),
            store,
            face,
        }
    }

    fn generation(&self, account: &str) -> i64 {
        self.store.count(&generation_key(account)).unwrap_or(0)
    }

    fn keys(&self, account: &str, client: &str) -> (String, String) {
        let account = format!("{}:{account}:{}", self.face, self.generation(account));
        (format!("{account}:{client}"), account)
    }

    /// Whether `client` may not try `account` now.
    pub fn is_locked(&self, account: &str, client: &str) -> bool {
        let (mine, all) = self.keys(account, client);
        self.per_client.is_blocked(&mine) || self.per_account.is_blocked(&all)
    }

    /// Counts a failure; answers whether it locked the client (or the account) out.
    pub fn failed(&self, account: &str, client: &str) -> bool {
        let (mine, all) = self.keys(account, client);
        self.per_client.hit(&mine);
        self.per_account.hit(&all);
        self.per_client.is_blocked(&mine) || self.per_account.is_blocked(&all)
    }

    /// A right password: the client's failures are forgotten (the account's ceiling is not: a
    /// guesser's count is not the user's to clear).
    pub fn succeeded(&self, account: &str, client: &str) {
        self.per_client.clear(&self.keys(account, client).0);
    }

    /// Lifts every lockout of `account`, on every face and for every client.
    pub fn unlock(store: &SharedStore, account: &str) {
        if let Err(e) = store.incr(&generation_key(account), 365 * 24 * 3_600_000) {
            tracing::warn!(error = ?e, "log-in lockout not lifted");
        }
    }
}

fn generation_key(account: &str) -> String {
    format!("login-gen:{account}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn store() -> (SharedStore, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("jobseeker-limits-{}-{}", std::process::id(), crate::ids::next_id()));
        let settings = crate::settings::Settings::parse_from(["test", "--data-dir", dir.to_str().unwrap_or("/tmp")]);
        (SharedStore::new(crate::db::connect(&settings).unwrap()), dir)
    }

    #[test]
    fn allows_up_to_the_limit_per_key() {
        let (s, dir) = store();
        let rl = RateLimiter::new(s.clone(), "t", 3, Duration::from_secs(60));
        assert!(rl.hit("a") && rl.hit("a") && rl.hit("a"));
        assert!(rl.is_blocked("a"));
        assert!(!rl.hit("a"));
        assert!(rl.hit("b"));
        rl.clear("a");
        assert!(!rl.is_blocked("a"));
        assert!(rl.hit("a"));
        // Another limit over the same store counts apart; a second limiter on the same name shares.
        assert!(RateLimiter::new(s.clone(), "other", 1, Duration::from_secs(60)).hit("a"));
        let twin = RateLimiter::new(s, "t", 3, Duration::from_secs(60));
        assert!(twin.hit("a") && twin.hit("a"));
        assert!(!rl.hit("a"), "the twin's hits count here too");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_new_window_starts_afresh() {
        let (s, dir) = store();
        let rl = RateLimiter::new(s, "w", 1, Duration::from_millis(1000));
        assert!(rl.hit("k"));
        assert!(!rl.hit("k"));
        std::thread::sleep(Duration::from_millis(1100));
        assert!(rl.hit("k"));
        let _ = std::fs::remove_dir_all(dir);
    }
}
