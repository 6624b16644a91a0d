//! Chat's doorbell between servers (issue 32, "Several servers"): when a server stores a message or
//! moves a read mark it rings the others, which read what changed from the database and push it to
//! their sockets (domain/chat_live.rs). A bell carries only the conversation and the seq; the
//! database is the record, so a bell lost costs latency, never a message.
//! - `Local`: one server (SQLite, or PostgreSQL alone): nothing to ring, the server's own hub was
//!   rung already.
//! - `Postgres`: `pg_notify` on the shared database, heard by a connection of its own that LISTENs.
//! - `Redis`: PUBLISH on the shared store's Redis (REDIS_URL), heard by a SUBSCRIBE connection.

use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use crate::db::chat::{self as db_chat, Side};
use crate::db::Pool;
use crate::ids::ConversationId;
use crate::store::SharedStore;

/// What changed in a conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bell {
    /// Messages were stored, the newest with `seq`.
    Message { conversation: ConversationId, seq: i64 },
    /// `side`'s read mark moved to `seq`.
    Read { conversation: ConversationId, side: Side, seq: i64 },
}

impl Bell {
    pub fn conversation(&self) -> ConversationId {
        match self {
            Bell::Message { conversation, .. } | Bell::Read { conversation, .. } => *conversation,
        }
    }

    /// `m:<conversation>:<seq>` or `r:<conversation>:<side>:<seq>`.
    pub fn payload(&self) -> String {
        match self {
            Bell::Message { conversation, seq } => format!("m:{conversation}:{seq}"),
            Bell::Read { conversation, side, seq } => format!("r:{conversation}:{}:{seq}", side.code()),
        }
    }

    pub fn parse(payload: &str) -> Option<Bell> {
        let parts: Vec<&str> = payload.split(':').collect();
        match parts.as_slice() {
            ["m", c, s] => Some(Bell::Message { conversation: ConversationId(c.parse().ok()?), seq: s.parse().ok()? }),
            ["r", c, side, s] => Some(Bell::Read { conversation: ConversationId(c.parse().ok()?), side: Side::from_code(side)?, seq: s.parse().ok()? }),
            _ => None,
        }
    }
}

/// How a server rings the others and hears them.
pub trait Wakeup: Send + Sync {
    fn name(&self) -> &'static str;
    /// Rings the other servers (best effort: a failure is logged; blocking, called off the async
    /// workers).
    fn ring(&self, bell: Bell);
    /// Starts hearing the others: each bell heard is sent to `heard`, for as long as the server runs.
    fn listen(&self, heard: Sender<Bell>);
}

/// The wake-up for the settings: Redis when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY when the
/// database is PostgreSQL, else local.
pub fn for_settings(settings: &crate::settings::Settings, pool: &Pool, store: &SharedStore) -> Box<dyn Wakeup> {
    if store.redis_channel(CHANNEL).is_some() {
        return Box::new(Redis { store: store.clone() });
    }
    let url = crate::db::database_url(settings);
    if url.starts_with("postgres") {
        return Box::new(Postgres { pool: pool.clone(), url });
    }
    Box::new(Local)
}

/// The Redis channel's name (under REDIS_PREFIX) and PostgreSQL's is db::chat::WAKE_CHANNEL.
const CHANNEL: &str = "chat_wake";
/// How long a lost listening connection waits before it connects again.
const RECONNECT: Duration = Duration::from_secs(1);

/// A thread that could not be started (the process is out of threads): logged; chat then delivers
/// less (no bells heard, or none delivered) until the server restarts, and clients catch up by hello.
pub fn spawn_failed<T>(name: &str, e: std::io::Error) -> T
where
    T: Default,
{
    tracing::error!(error = %e, thread = name, "chat: a thread could not start");
    T::default()
}

pub struct Local;

impl Wakeup for Local {
    fn name(&self) -> &'static str {
        "local"
    }
    fn ring(&self, _bell: Bell) {}
    fn listen(&self, _heard: Sender<Bell>) {}
}

pub struct Postgres {
    pool: Pool,
    url: String,
}

/// How often the listening connection reads what arrived (libpq has no wait diesel exposes): the
/// most a bell waits before it is heard.
const PG_POLL: Duration = Duration::from_millis(5);
/// How often the listening connection makes a round trip, to find out it is gone.
const PG_CHECK: Duration = Duration::from_secs(5);

impl Wakeup for Postgres {
    fn name(&self) -> &'static str {
        "postgresql"
    }

    fn ring(&self, bell: Bell) {
        let rung = self.pool.get().map_err(|e| e.to_string()).and_then(|mut c| db_chat::notify(&mut c, &bell.payload()).map_err(|e| e.to_string()));
        if let Err(e) = rung {
            tracing::warn!(error = %e, "chat: NOTIFY failed; the other servers push it on their next bell");
        }
    }

    fn listen(&self, heard: Sender<Bell>) {
        let url = self.url.clone();
        std::thread::Builder::new()
            .name("chat-listen".into())
            .spawn(move || loop {
                let mut conn = match db_chat::listening(&url) {
                    Ok(c) => c,
                    Err(e) => {
                        tracing::warn!(error = %e, "chat: LISTEN connection failed; trying again");
                        std::thread::sleep(RECONNECT);
                        continue;
                    }
                };
                let mut checked = Instant::now();
                loop {
                    let arrived = if checked.elapsed() >= PG_CHECK {
                        checked = Instant::now();
                        db_chat::still_there(&mut conn).and_then(|()| db_chat::arrived(&mut conn))
                    } else {
                        db_chat::arrived(&mut conn)
                    };
                    match arrived {
                        Ok(payloads) => {
                            for bell in payloads.iter().filter_map(|p| Bell::parse(p)) {
                                if heard.send(bell).is_err() {
                                    return;
                                }
                            }
                        }
                        Err(e) => {
                            tracing::warn!(error = %e, "chat: LISTEN connection lost; connecting again");
                            break;
                        }
                    }
                    std::thread::sleep(PG_POLL);
                }
                std::thread::sleep(RECONNECT);
            })
            .map(drop).unwrap_or_else(|e| spawn_failed("chat-listen", e));
    }
}

pub struct Redis {
    store: SharedStore,
}

impl Wakeup for Redis {
    fn name(&self) -> &'static str {
        "redis"
    }

    fn ring(&self, bell: Bell) {
        if let Err(e) = self.store.publish(CHANNEL, &bell.payload()) {
            tracing::warn!(error = %e.0, "chat: PUBLISH failed; the other servers push it on their next bell");
        }
    }

    fn listen(&self, heard: Sender<Bell>) {
        let Some((client, channel)) = self.store.redis_channel(CHANNEL) else { return };
        std::thread::Builder::new()
            .name("chat-subscribe".into())
            .spawn(move || loop {
                let subscribed = client.get_connection().and_then(|mut conn| {
                    let mut sub = conn.as_pubsub();
                    sub.subscribe(&channel)?;
                    loop {
                        let msg = sub.get_message()?;
                        if let Some(bell) = msg.get_payload::<String>().ok().as_deref().and_then(Bell::parse) {
                            if heard.send(bell).is_err() {
                                return Ok(());
                            }
                        }
                    }
                });
                if let Err(e) = subscribed {
                    tracing::warn!(error = %e, "chat: Redis SUBSCRIBE lost; connecting again");
                }
                std::thread::sleep(RECONNECT);
            })
            .map(drop).unwrap_or_else(|e| spawn_failed("chat-subscribe", e));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bells_read_back() {
        for bell in [
            Bell::Message { conversation: ConversationId(42), seq: 7 },
            Bell::Read { conversation: ConversationId(9), side: Side::Company, seq: 3 },
        ] {
            assert_eq!(Bell::parse(&bell.payload()), Some(bell));
        }
        assert_eq!(Bell::parse("m:1"), None);
        assert_eq!(Bell::parse("r:1:nobody:2"), None);
    }
}
