//! Chat's live delivery (issue 32, "Delivery, done right"): the per-server hub of chat sockets.
//!
//! - Each socket (api/candidate/chat_ws.rs) joins the hub under its user (a candidate, a member) and
//!   gets frames through a channel of its own.
//! - A server that stores a message or moves a read mark rings its hub (`Hub::rang`), which rings
//!   the other servers (providers/wakeup.rs) and delivers here; a bell heard from another server is
//!   delivered the same way.
//! - Delivering reads the database, the one record: the messages after the last seq this server
//!   pushed for the conversation, so a bell lost is made up by the conversation's next one (and a
//!   reconnecting client's `hello`). A bell for a seq already pushed reads nothing: a resend, or a
//!   server hearing its own NOTIFY, pushes no second frame. A conversation not pushed yet (since the
//!   server started) is read from both sides' delivered marks, at most UNKNOWN_BACK back.
//! - One thread delivers, bell after bell, so a conversation's frames go out in seq order.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

use serde_json::json;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use crate::db::chat::{self as db_chat, Side};
use crate::db::{DbConnection, Pool};
use crate::domain::chat::{self, Me};
use crate::domain::visibility;
use crate::error::ApiResult;
use crate::ids::{ConversationId, MemberId, UserId};
use crate::providers::wakeup::{spawn_failed, Bell, Wakeup};

/// Whose sockets: a candidate's or a member's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Peer {
    Candidate(UserId),
    Member(MemberId),
}

impl Peer {
    pub fn of(me: Me) -> Peer {
        match me {
            Me::Candidate(u) => Peer::Candidate(u),
            Me::Member { id, .. } => Peer::Member(id),
        }
    }
}

/// A frame on its way to one socket (a JSON text).
pub type Frame = String;

/// Each user's sockets: (id, frames).
type Sockets = HashMap<Peer, Vec<(u64, UnboundedSender<Frame>)>>;

pub struct Hub {
    sockets: Mutex<Sockets>,
    next: AtomicU64,
    /// Bells to deliver, and whether this server rang them (then the others are rung too).
    bells: Sender<(Bell, bool)>,
}

impl Hub {
    /// The hub, its delivering thread, and the wake-up's listener.
    pub fn start(pool: Pool, wakeup: Box<dyn Wakeup>) -> Arc<Hub> {
        let (bells, rx) = channel();
        let hub = Arc::new(Hub { sockets: Mutex::default(), next: AtomicU64::new(1), bells });
        let (heard_tx, heard_rx) = channel::<Bell>();
        let forward = hub.bells.clone();
        std::thread::Builder::new()
            .name("chat-heard".into())
            .spawn(move || {
                for bell in heard_rx {
                    if forward.send((bell, false)).is_err() {
                        return;
                    }
                }
            })
            .map(drop).unwrap_or_else(|e| spawn_failed("chat-heard", e));
        wakeup.listen(heard_tx);
        tracing::info!(wakeup = wakeup.name(), "chat delivery");
        let delivering = hub.clone();
        std::thread::Builder::new().name("chat-deliver".into()).spawn(move || deliver_all(&delivering, &pool, &*wakeup, rx)).map(drop).unwrap_or_else(|e| spawn_failed("chat-deliver", e));
        hub
    }

    /// A socket of `peer` joins: its id (for `leave`) and its frames.
    pub fn join(&self, peer: Peer) -> (u64, UnboundedReceiver<Frame>) {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = unbounded_channel();
        self.lock().entry(peer).or_default().push((id, tx));
        (id, rx)
    }

    pub fn leave(&self, peer: Peer, id: u64) {
        let mut sockets = self.lock();
        if let Some(list) = sockets.get_mut(&peer) {
            list.retain(|(i, _)| *i != id);
            if list.is_empty() {
                sockets.remove(&peer);
            }
        }
    }

    /// This server stored a message or moved a read mark (after the commit).
    pub fn rang(&self, bell: Bell) {
        let _ = self.bells.send((bell, true));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Sockets> {
        self.sockets.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn connected(&self, peer: Peer) -> bool {
        self.lock().contains_key(&peer)
    }

    fn push(&self, peer: Peer, frame: &str) {
        if let Some(list) = self.lock().get(&peer) {
            for (_, tx) in list {
                let _ = tx.send(frame.to_string());
            }
        }
    }
}

/// How far before a bell's seq the hub reads a conversation it has not pushed yet.
const UNKNOWN_BACK: i64 = 20;

/// The most conversations whose last pushed seq the hub remembers.
const PUSHED_MAX: usize = 200_000;

fn deliver_all(hub: &Hub, pool: &Pool, wakeup: &dyn Wakeup, bells: Receiver<(Bell, bool)>) {
    // The last seq pushed per conversation (by this server).
    let mut pushed: HashMap<ConversationId, i64> = HashMap::new();
    for (bell, ours) in bells {
        if pushed.len() > PUSHED_MAX {
            // Forgotten, a conversation's next bell reads from its own seq (a gap a client sees and fills).
            pushed.clear();
        }
        if ours {
            wakeup.ring(bell);
        }
        let delivered = pool.get().map_err(crate::error::ApiError::from).and_then(|mut c| deliver(hub, &mut c, &mut pushed, bell));
        if let Err(e) = delivered {
            tracing::warn!(error = %e, ?bell, "chat: delivery failed");
        }
    }
}

/// The frame of one message, as `side` reads it.
pub fn message_frame(conversation: ConversationId, message: &chat::ChatMessage) -> Frame {
    json!({"type": "message", "conversationId": conversation, "seq": message.seq, "message": message}).to_string()
}

pub fn unread_frame(total: i64) -> Frame {
    json!({"type": "unread", "total": total}).to_string()
}

fn deliver(hub: &Hub, c: &mut DbConnection, pushed: &mut HashMap<ConversationId, i64>, bell: Bell) -> ApiResult<()> {
    let id = bell.conversation();
    if let Bell::Message { seq, .. } = bell {
        if pushed.get(&id).is_some_and(|p| *p >= seq) {
            return Ok(());
        }
    }
    let Some(conv) = db_chat::by_id(c, id)? else { return Ok(()) };
    let candidate = Peer::Candidate(conv.user_id);
    let member = Peer::Member(conv.member_id);
    let to_candidate = hub.connected(candidate);
    // A member never hears of a candidate who blocked the company (domain/chat.rs's rule).
    let to_member = hub.connected(member) && !visibility::user_blocked(c, conv.user_id, conv.company_id)?;
    // A side that blocked the conversation (拉黑) hears nothing of the other side from it: only
    // its own messages and read marks (its other tabs) reach it.
    let blockers = crate::db::chat_block::blockers(c, id)?;
    let hears = |reader: Side, from: Side| from == reader || !blockers.contains(&reader);
    let me_candidate = Me::Candidate(conv.user_id);
    let me_member = Me::Member { id: conv.member_id, company: conv.company_id };
    match bell {
        Bell::Message { seq, .. } => {
            // A conversation this server has not pushed yet: from where both sides' clients last
            // fetched, so that a bell overtaken by a later one (two sends at once) loses nothing, but
            // at most UNKNOWN_BACK before this bell's seq (clients ignore a seq they have).
            let mut after = pushed.get(&id).copied().unwrap_or_else(|| {
                let delivered = conv.marks(Side::Candidate).1.min(conv.marks(Side::Company).1);
                delivered.min(seq - 1).max(seq - UNKNOWN_BACK).max(0)
            });
            if !to_candidate && !to_member {
                pushed.insert(id, after.max(seq));
                return Ok(());
            }
            let mut senders = [false, false];
            loop {
                let page = db_chat::after(c, id, after, chat::PAGE)?;
                let Some(last) = page.last() else { break };
                after = last.seq;
                for m in page {
                    senders[usize::from(m.sender_side == Side::Company)] = true;
                    if to_candidate && hears(Side::Candidate, m.sender_side) {
                        hub.push(candidate, &message_frame(id, &chat::message_of(m.clone(), Side::Candidate)));
                    }
                    if to_member && hears(Side::Company, m.sender_side) {
                        hub.push(member, &message_frame(id, &chat::message_of(m, Side::Company)));
                    }
                }
            }
            pushed.insert(id, after.max(seq));
            // The reader's unread total moves with the other side's messages.
            if to_candidate && senders[1] {
                hub.push(candidate, &unread_frame(chat::unread_total(c, me_candidate)?));
            }
            if to_member && senders[0] {
                hub.push(member, &unread_frame(chat::unread_total(c, me_member)?));
            }
        }
        Bell::Read { side, .. } => {
            let seq = conv.marks(side).0;
            let frame = json!({"type": "read", "conversationId": id, "seq": seq, "side": side}).to_string();
            if to_candidate && hears(Side::Candidate, side) {
                hub.push(candidate, &frame);
            }
            if to_member && hears(Side::Company, side) {
                hub.push(member, &frame);
            }
            match side {
                Side::Candidate if to_candidate => hub.push(candidate, &unread_frame(chat::unread_total(c, me_candidate)?)),
                Side::Company if to_member => hub.push(member, &unread_frame(chat::unread_total(c, me_member)?)),
                _ => {}
            }
        }
    }
    Ok(())
}
