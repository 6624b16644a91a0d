//! The answers of /pclogin/islogin, kept in memory for a moment.
//!
//! Every page of the site asks islogin, so it is the most frequent call of all; answering it
//! from the database made it a fifth of what the machine can serve (docs/BENCHMARKS.md). A
//! cached answer is dropped:
//! - at once, when the same user's token makes any other call on this server (a call that may
//!   change what islogin says: a new resume, a new mobile, a log-out), after that call is done;
//! - at once, when this server revokes the user's sessions without their token (password reset);
//! - within `POLL` when any process revokes a session (another server, `jobseeker-server admin`),
//!   by `spawn_revocation_watch`, which reads the sessions revoked lately;
//! - after `TTL` in any case, the bound on how stale an answer can be after a change made on
//!   another server.
//!
//! An answer read from the database is not kept if the user's answers were dropped while it was
//! being read: it may predate the change.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::web::Bytes;

use crate::ids::{SessionId, UserId};

pub const TTL: Duration = Duration::from_secs(2);
pub const POLL: Duration = Duration::from_millis(250);
/// Past this many answers the expired ones are swept out before another is kept.
const SWEEP_ABOVE: usize = 50_000;

struct Answer {
    user: i64,
    body: Bytes,
    stored: Instant,
}

#[derive(Default)]
struct Entries {
    by_session: HashMap<i64, Answer>,
    /// When each user's answers were last dropped.
    dropped: HashMap<i64, Instant>,
}

#[derive(Default)]
pub struct LoginCache {
    entries: Mutex<Entries>,
}

impl LoginCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The answer kept for this session, if it is still good.
    pub fn get(&self, session: SessionId, user: UserId) -> Option<Bytes> {
        let e = self.lock();
        let a = e.by_session.get(&session.0).filter(|a| a.user == user.0 && a.stored.elapsed() < TTL)?;
        match e.dropped.get(&user.0) {
            Some(at) if *at >= a.stored => None,
            _ => Some(a.body.clone()),
        }
    }

    /// Keeps an answer read from the database from `read_started` on, unless the user's
    /// answers were dropped since then.
    pub fn put(&self, session: SessionId, user: UserId, read_started: Instant, body: Bytes) {
        let mut e = self.lock();
        if e.dropped.get(&user.0).is_some_and(|at| *at >= read_started) {
            return;
        }
        if e.by_session.len() >= SWEEP_ABOVE {
            sweep(&mut e);
        }
        e.by_session.insert(session.0, Answer { user: user.0, body, stored: Instant::now() });
    }

    pub fn forget_user(&self, user: UserId) {
        self.lock().dropped.insert(user.0, Instant::now());
    }

    /// Drops what has expired, so the maps stay the size of the last few seconds' users.
    pub fn sweep(&self) {
        sweep(&mut self.lock());
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().by_session.len()
    }
}

fn sweep(e: &mut Entries) {
    e.by_session.retain(|_, a| a.stored.elapsed() < TTL);
    // A drop older than TTL can only concern answers that have expired anyway.
    e.dropped.retain(|_, at| at.elapsed() < TTL);
}

/// Reads the sessions revoked in the last few seconds, every `POLL`, and drops their users'
/// answers: how a revocation by another process reaches this one. Runs on each server of a cluster:
/// the cache is this server's own, and this only reads (domain/background.rs).
pub fn spawn_revocation_watch(pool: crate::db::Pool, logins: std::sync::Arc<LoginCache>) {
    let spawned = std::thread::Builder::new().name("revocation-watch".into()).spawn(move || loop {
        std::thread::sleep(POLL);
        // Revocation times come from the revoking process's clock: look back well past POLL.
        let since = crate::ids::now_ms() - 10_000;
        let revoked = pool.get().map_err(|e| e.to_string()).and_then(|mut c| {
            crate::db::session::users_revoked_since(&mut c, since).map_err(|e| e.to_string())
        });
        match revoked {
            Ok(users) => users.into_iter().for_each(|u| logins.forget_user(u)),
            Err(e) => tracing::warn!(error = %e, "revocation watch"),
        }
        logins.sweep();
    });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "revocation watch thread");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_served_until_its_user_is_dropped() {
        let cache = LoginCache::default();
        let (s, u) = (SessionId(1), UserId(7));
        let started = Instant::now();
        cache.put(s, u, started, Bytes::from_static(b"{}"));
        assert_eq!(cache.get(s, u).as_deref(), Some(&b"{}"[..]));
        assert!(cache.get(s, UserId(8)).is_none(), "another user's token naming the session");
        cache.forget_user(u);
        assert!(cache.get(s, u).is_none());
    }

    #[test]
    fn an_answer_read_before_a_drop_is_not_kept() {
        let cache = LoginCache::default();
        let (s, u) = (SessionId(1), UserId(7));
        let started = Instant::now();
        cache.forget_user(u);
        cache.put(s, u, started, Bytes::from_static(b"{}"));
        assert!(cache.get(s, u).is_none());
        // Read after the drop: kept.
        std::thread::sleep(Duration::from_millis(2));
        cache.put(s, u, Instant::now(), Bytes::from_static(b"{}"));
        assert!(cache.get(s, u).is_some());
    }

    #[test]
    fn expired_answers_are_neither_served_nor_kept_by_a_sweep() {
        let cache = LoginCache::default();
        let old = Instant::now() - TTL - Duration::from_millis(1);
        cache.lock().by_session.insert(1, Answer { user: 7, body: Bytes::new(), stored: old });
        assert!(cache.get(SessionId(1), UserId(7)).is_none());
        cache.sweep();
        assert_eq!(cache.len(), 0);
    }
}
