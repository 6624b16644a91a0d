//! Fixed-window counters in memory, per key (an IP, a mobile). One process only: a
//! deployment with several servers would keep these in a shared store.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug)]
pub struct RateLimiter {
    limit: u32,
    window: Duration,
    hits: Mutex<HashMap<String, (Instant, u32)>>,
}

impl RateLimiter {
    pub fn new(limit: u32, window: Duration) -> Self {
        Self { limit, window, hits: Mutex::new(HashMap::new()) }
    }

    /// Counts one hit; false once the key used up its window.
    pub fn hit(&self, key: &str) -> bool {
        let now = Instant::now();
        let mut hits = match self.hits.lock() {
            Ok(h) => h,
            Err(poisoned) => poisoned.into_inner(),
        };
        if hits.len() > 100_000 {
            let window = self.window;
            hits.retain(|_, (start, _)| now.duration_since(*start) < window);
        }
        let entry = hits.entry(key.to_string()).or_insert((now, 0));
        if now.duration_since(entry.0) >= self.window {
            *entry = (now, 0);
        }
        entry.1 += 1;
        entry.1 <= self.limit
    }

    /// Whether the key is over its limit, without counting.
    pub fn is_blocked(&self, key: &str) -> bool {
        let hits = match self.hits.lock() {
            Ok(h) => h,
            Err(poisoned) => poisoned.into_inner(),
        };
        hits.get(key)
            .is_some_and(|(start, n)| Instant::now().duration_since(*start) < self.window && *n >= self.limit)
    }

    pub fn clear(&self, key: &str) {
        if let Ok(mut hits) = self.hits.lock() {
            hits.remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allows_up_to_the_limit_per_key() {
        let rl = RateLimiter::new(3, Duration::from_secs(60));
        assert!(rl.hit("a") && rl.hit("a") && rl.hit("a"));
        assert!(rl.is_blocked("a"));
        assert!(!rl.hit("a"));
        assert!(rl.hit("b"));
        rl.clear("a");
        assert!(!rl.is_blocked("a"));
        assert!(rl.hit("a"));
    }

    #[test]
    fn a_new_window_starts_afresh() {
        // A window long enough that a loaded machine cannot let it pass between the first two hits.
        let rl = RateLimiter::new(1, Duration::from_millis(1000));
        assert!(rl.hit("k"));
        assert!(!rl.hit("k"));
        std::thread::sleep(Duration::from_millis(1100));
        assert!(rl.hit("k"));
    }
}
