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
