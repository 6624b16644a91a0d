//! Background work, and where it runs when several servers share one database (docs/ARCHITECTURE.md,
//! "Running as a cluster"). Every loop a server starts is one of two kinds:
//!
//! Runs on each server, because what it keeps is the server's own or it only reads:
//! - `search-sync` (search/mod.rs): brings this server's own search indexes (jobs, resumes) up to
//!   date from the database; reads only.
//! - `revocation-watch` (domain/login_cache.rs): drops this server's cached islogin answers for
//!   sessions revoked anywhere; reads only.
//! - `malloc-trim` (memory.rs): this process's memory.
//! - the sitemap lists' refresh (api/public/crawl.rs): this server's copy of read-only lists.
//! - `store-sweeper` (main.rs): deletes `shared_keys` rows whose time is up. Idempotent: the rows
//!   it deletes are dead to every reader already (each read checks `expires_at`), and a second
//!   sweep finds nothing more to delete.
//!
//! Runs once across servers, agreed through the database:
//! - `order-expiry` (here): only the holder of the `lease:order-expiry` row in `shared_keys` sweeps
//!   (store.rs `hold`; one atomic statement on SQLite and PostgreSQL alike). Should two sweeps ever
//!   overlap (a holder paused past its lease), each order still expires once: the UPDATE is
//!   guarded by the pending status, and only the statement that changed a row logs it.
//! - `behaviour-purge` (here, and api/candidate/behaviour.rs): deletes the raw behaviour log older than
//!   BEHAVIOUR_LOG_DAYS (the per-day job counts stay); at most once an hour across servers, by whoever
//!   first wins `put_new("behaviour-purge")` in the shared store: a batch of /pcuser/addLog, or this loop,
//!   which asks every ten minutes so the log shrinks on a quiet site too.
//! - the notice outbox and interview reminders (recruiter tools): claim their rows with
//!   `FOR UPDATE SKIP LOCKED` on PostgreSQL, the in-process lock on SQLite.
//! - `thumbnails` (domain/thumbnails.rs): the one-off job giving pictures stored before thumbnails
//!   existed theirs; only the holder of `lease:thumbnails` works, batch by batch, its progress in the
//!   `job:thumbnails` row, so another server resumes where a stopped one left off; once that row says
//!   `done`, every server's loop ends at start.
//! - `chat-offline-notice` (domain/chat_notice.rs): only the holder of `lease:chat-offline-notice`
//!   looks for chat messages left unread while their recipient is away; should two rounds overlap,
//!   the stamp guarded by its old value lets one of them queue the notice.

use std::time::Duration;

use crate::db::{order, DbConnection, Pool};
use crate::error::ApiResult;
use crate::ids::{now_ms, UserId};
use crate::store::SharedStore;

/// Unpaid orders past their time become expired (one user's, or everyone's); each is logged once,
/// by the call that changed it. Answers how many expired.
pub fn expire_orders(conn: &mut DbConnection, user: Option<UserId>) -> ApiResult<usize> {
    let expired = order::expire_overdue(conn, user, now_ms())?;
    for o in &expired {
        tracing::info!(order_no = %o.order_no, user_id = o.user_id.0, "order expired");
    }
    // Companies' plan orders too, on the sweep across everyone (issue 16).
    let companies = if user.is_none() { crate::db::company_order::expire_overdue(conn, None, now_ms())? } else { 0 };
    Ok(expired.len() + companies)
}

/// This process's name for leases: unique across servers and restarts.
fn holder_name() -> String {
    let tag: u64 = rand::random();
    format!("{}-{tag:016x}", std::process::id())
}

/// Runs `work` every `every` on whichever server holds the lease `name`. The holder renews it on
/// each round; the lease lasts three rounds (at least 3 s), so when its server stops another
/// takes over within that time.
pub fn spawn_leased<F>(pool: Pool, name: &'static str, every: Duration, mut work: F)
where
    F: FnMut(&mut DbConnection) -> ApiResult<usize> + Send + 'static,
{
    let store = SharedStore::new(pool.clone());
    let key = format!("lease:{name}");
    let holder = holder_name();
    let ttl_ms = (every.as_millis() as i64 * 3).max(3000);
    let spawned = std::thread::Builder::new().name(name.into()).spawn(move || {
        let mut holding = false;
        loop {
            std::thread::sleep(every);
            let held = match store.hold(&key, &holder, ttl_ms) {
                Ok(h) => h,
                Err(e) => {
                    tracing::warn!(job = name, error = %e.0, "lease");
                    false
                }
            };
            if held != holding {
                tracing::info!(job = name, holder = %holder, "{}", if held { "lease taken" } else { "lease lost" });
                holding = held;
            }
            if !held {
                continue;
            }
            match pool.get().map_err(crate::error::ApiError::from).and_then(|mut c| work(&mut c)) {
                Ok(0) => {}
                Ok(n) => tracing::debug!(job = name, n, "background round"),
                Err(e) => tracing::warn!(job = name, error = ?e, "background round"),
            }
        }
    });
    if let Err(e) = spawned {
        tracing::error!(job = name, error = %e, "background thread did not start");
    }
}

/// Starts the order-expiry sweep (every ORDER_EXPIRY_SECS; 0: none, orders then expire only when
/// their owner lists them).
pub fn spawn_order_expiry(pool: Pool, every_secs: u64) {
    if every_secs == 0 {
        return;
    }
    spawn_leased(pool, "order-expiry", Duration::from_secs(every_secs), |c| expire_orders(c, None));
}

/// Starts the behaviour log's purge loop: every `every_secs` (BEHAVIOUR_PURGE_SECS, ten minutes by
/// default) it asks for the hour's turn (domain/behaviour.rs `purge_turn`), and with it deletes the
/// raw events older than `days`.
pub fn spawn_behaviour_purge(pool: Pool, days: i64, every_secs: u64) {
    let store = SharedStore::new(pool.clone());
    let every = Duration::from_secs(every_secs.max(1));
    let spawned = std::thread::Builder::new().name("behaviour-purge".into()).spawn(move || loop {
        std::thread::sleep(every);
        if !crate::domain::behaviour::purge_turn(&store) {
            continue;
        }
        match pool.get().map_err(crate::error::ApiError::from).and_then(|mut c| crate::domain::behaviour::purge(&mut c, days, now_ms())) {
            Ok(gone) => tracing::info!(gone, days, "behaviour log purged"),
            Err(e) => tracing::warn!(job = "behaviour-purge", error = ?e, "background round"),
        }
    });
    if let Err(e) = spawned {
        tracing::error!(job = "behaviour-purge", error = %e, "background thread did not start");
    }
}
