//! Typed row ids and the generator for new ones.
//!
//! Ids are made here, not by the database, so one schema serves SQLite and PostgreSQL.
//! Layout: milliseconds since 2024-01-01 (41 bits) then a 12-bit sequence, which stays
//! below 2^53 so JavaScript reads every id exactly.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

const EPOCH_MS: u64 = 1_704_067_200_000;
const SEQ_BITS: u32 = 12;

macro_rules! id_type {
    ($($name:ident),*) => {$(
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { self.0.fmt(f) }
        }
    )*};
}
id_type!(UserId, SessionId, CompanyId, JobId, ResumeId);

pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// The last id handed out; a new one is max(last + 1, now << 12) so ids only grow.
static LAST: AtomicU64 = AtomicU64::new(0);

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
    fn ids_grow_and_stay_exact_in_javascript() {
        let a = next_id();
        let b = next_id();
        assert!(b > a);
        assert!(b < (1i64 << 53));
        let many: std::collections::HashSet<i64> = (0..10_000).map(|_| next_id()).collect();
        assert_eq!(many.len(), 10_000);
    }
}
