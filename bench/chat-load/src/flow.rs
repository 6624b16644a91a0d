//! `flow`: messages flowing while the script breaks something (scripts/fault-chat: a server
//! SIGKILLed, Redis or PostgreSQL's connections dropped), and what the receivers then hold.
//!
//! Each pair's candidate sends numbered messages over the socket at the paced rate (client id
//! `F<conversation>-<n>`), keeps every one it has no ack for, and resends them all, in order, on
//! each reconnect and every 2 s, as the ui's outbox does. Each recruiter logs the messages it
//! receives and, on each reconnect, says the last seq it has (`hello`). After the sending time the
//! senders go on resending until all is acked, and the receivers wait for everything acked.
//!
//! The report: what was acked, and whether the receivers' logs hold every acked message exactly
//! once and in seq order without gaps. `twice` counts a client id stored under two seqs (a real
//! duplicate); `again` counts frames of a seq the receiver had (re-sent frames it would drop);
//! `reordered` counts messages stored after one their sender sent later (a refused send resent).

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};
use tokio_tungstenite::tungstenite::Message;

use crate::{connect, read_pairs, Target, Ws};

#[derive(Default)]
struct PairLog {
    /// Sent and not acked (n → the frame).
    unacked: BTreeMap<u64, String>,
    acked: BTreeSet<u64>,
    sent: u64,
    resent: u64,
    /// The receiver's log: seq → n, as first received.
    received: BTreeMap<i64, u64>,
    /// Seqs in the order their first frame arrived.
    arrival: Vec<i64>,
    again: u64,
    sender_reconnects: u64,
    receiver_reconnects: u64,
    sender_done: bool,
}

async fn connect_retrying(t: &Target, cookie: &str, first: &Rc<RefCell<Option<Instant>>>, again: bool) -> Ws {
    loop {
        match connect(t, cookie).await {
            Ok(ws) => {
                if again {
                    first.borrow_mut().get_or_insert_with(Instant::now);
                }
                return ws;
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

fn frame(conversation: i64, n: u64) -> String {
    json!({"type": "send", "conversationId": conversation, "clientId": format!("F{conversation}-{n}"), "kind": "text", "text": format!("消息 {n}")}).to_string()
}

fn n_of(client_id: &str, conversation: i64) -> Option<u64> {
    client_id.strip_prefix(&format!("F{conversation}-"))?.parse().ok()
}

async fn sender(t: Target, cookie: String, conversation: i64, log: Rc<RefCell<PairLog>>, mut ticks: UnboundedReceiver<()>, first_back: Rc<RefCell<Option<Instant>>>, deadline: Instant) {
    let mut next = 0u64;
    let mut producing = true;
    let mut reconnect = false;
    loop {
        let ws = connect_retrying(&t, &cookie, &first_back, reconnect).await;
        if reconnect {
            log.borrow_mut().sender_reconnects += 1;
        }
        reconnect = true;
        let (mut tx, mut rx) = ws.split();
        // Everything not acked, again, in order: a resend answers the stored message.
        let pending: Vec<String> = log.borrow().unacked.values().cloned().collect();
        let mut broken = false;
        for f in pending {
            log.borrow_mut().resent += 1;
            if tx.send(Message::Text(f)).await.is_err() {
                broken = true;
                break;
            }
        }
        if broken {
            continue;
        }
        let mut resend = tokio::time::interval(Duration::from_secs(2));
        resend.tick().await;
        loop {
            if !producing && log.borrow().unacked.is_empty() {
                log.borrow_mut().sender_done = true;
                let _ = tx.close().await;
                return;
            }
            if Instant::now() > deadline {
                return;
            }
            tokio::select! {
                tick = ticks.recv(), if producing => match tick {
                    Some(()) => {
                        next += 1;
                        let f = frame(conversation, next);
                        {
                            let mut l = log.borrow_mut();
                            l.unacked.insert(next, f.clone());
                            l.sent += 1;
                        }
                        if tx.send(Message::Text(f)).await.is_err() { break; }
                    }
                    None => producing = false,
                },
                _ = resend.tick() => {
                    let pending: Vec<String> = log.borrow().unacked.values().cloned().collect();
                    for f in pending {
                        log.borrow_mut().resent += 1;
                        if tx.send(Message::Text(f)).await.is_err() { broken = true; break; }
                    }
                    if broken { break; }
                }
                msg = rx.next() => match msg {
                    Some(Ok(Message::Text(text))) => {
                        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                        if v["type"] == "ack" {
                            if let Some(n) = v["clientId"].as_str().and_then(|c| n_of(c, conversation)) {
                                let mut l = log.borrow_mut();
                                l.unacked.remove(&n);
                                l.acked.insert(n);
                            }
                        }
                    }
                    Some(Ok(_)) => {}
                    _ => break,
                },
            }
        }
    }
}

async fn receiver(t: Target, cookie: String, conversation: i64, log: Rc<RefCell<PairLog>>, first_back: Rc<RefCell<Option<Instant>>>, deadline: Instant) {
    let mut reconnect = false;
    while Instant::now() < deadline {
        let mut ws = connect_retrying(&t, &cookie, &first_back, reconnect).await;
        if reconnect {
            log.borrow_mut().receiver_reconnects += 1;
            let last = log.borrow().received.keys().next_back().copied();
            if let Some(last) = last {
                let hello = json!({"type": "hello", "since": {conversation.to_string(): last}});
                if ws.send(Message::Text(hello.to_string())).await.is_err() {
                    continue;
                }
            }
        }
        reconnect = true;
        while let Some(Ok(msg)) = ws.next().await {
            let Message::Text(text) = msg else { continue };
            let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            if v["type"] != "message" || v["message"]["mine"] == true {
                continue;
            }
            let (Some(seq), Some(n)) = (v["seq"].as_i64(), v["message"]["clientId"].as_str().and_then(|c| n_of(c, conversation))) else { continue };
            let mut l = log.borrow_mut();
            if l.received.contains_key(&seq) {
                l.again += 1;
            } else {
                l.received.insert(seq, n);
                l.arrival.push(seq);
            }
        }
    }
}

pub async fn flow(t: Target, rate: u32, seconds: u64, settle_secs: u64) {
    let pairs = read_pairs(&t);
    let n = pairs.len();
    let logs: Vec<Rc<RefCell<PairLog>>> = (0..n).map(|_| Rc::default()).collect();
    let first_back = Rc::new(RefCell::new(None));
    let deadline = Instant::now() + Duration::from_secs(seconds + settle_secs + 5);
    let mut ticks = Vec::new();
    let mut tasks = Vec::new();
    for (p, log) in pairs.iter().zip(&logs) {
        let (tx, rx) = unbounded_channel();
        ticks.push(tx);
        tasks.push(tokio::task::spawn_local(receiver(t.clone(), p.member.clone(), p.conversation, log.clone(), first_back.clone(), deadline)));
        tasks.push(tokio::task::spawn_local(sender(t.clone(), p.candidate.clone(), p.conversation, log.clone(), rx, first_back.clone(), deadline)));
    }
    // The receivers' sockets first, so that no message goes before its receiver joined.
    tokio::time::sleep(Duration::from_secs(2)).await;
    println!("flowing {n} pairs");
    let gap = Duration::from_secs_f64(1.0 / f64::from(rate.max(1)));
    let start = Instant::now();
    let mut i = 0usize;
    while start.elapsed() < Duration::from_secs(seconds) {
        let _ = ticks[i % n].send(());
        i += 1;
        let due = start + gap * i as u32;
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            tokio::time::sleep(wait).await;
        }
    }
    drop(ticks);
    println!("sending stopped");
    // Until every sender has its acks and every receiver everything acked, or the deadline.
    loop {
        let done = logs.iter().all(|l| {
            let l = l.borrow();
            l.sender_done && l.acked.iter().all(|a| l.received.values().any(|n| n == a))
        });
        if done || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let settled = start.elapsed();
    let (mut sent, mut acked, mut resent, mut once, mut missing, mut twice, mut disorder, mut reordered, mut gaps, mut again, mut srec, mut rrec, mut unacked) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    for l in &logs {
        let l = l.borrow();
        sent += l.sent;
        acked += l.acked.len() as u64;
        unacked += l.unacked.len() as u64;
        resent += l.resent;
        again += l.again;
        srec += l.sender_reconnects;
        rrec += l.receiver_reconnects;
        let mut copies: BTreeMap<u64, u64> = BTreeMap::new();
        for n in l.received.values() {
            *copies.entry(*n).or_default() += 1;
        }
        for a in &l.acked {
            match copies.get(a) {
                Some(1) => once += 1,
                Some(_) => {}
                None => missing += 1,
            }
        }
        twice += copies.values().filter(|c| **c > 1).count() as u64;
        disorder += l.arrival.windows(2).filter(|w| w[1] < w[0]).count() as u64;
        // The seqs between the first and last have no hole. `reordered`: a message stored after one the
        // client sent later (its first send was refused, e.g. while the limit store was down, and its
        // resend came after): the seq order is the thread's order, which every reader sees alike.
        let by_seq: Vec<(i64, u64)> = l.received.iter().map(|(s, n)| (*s, *n)).collect();
        reordered += by_seq.windows(2).filter(|w| w[1].1 < w[0].1).count() as u64;
        gaps += by_seq.windows(2).filter(|w| w[1].0 != w[0].0 + 1).count() as u64;
    }
    println!(
        "flow: {n} pairs, {seconds} s at {rate}/s; sent {sent}, acked {acked} (left unacked {unacked}; frames resent {resent}); receivers hold {once} of {acked} acked exactly once: missing {missing}, twice {twice}, arrived out of seq order {disorder}, seq gaps {gaps}; frames of a seq already held {again}; stored in another order than sent {reordered}; reconnects: senders {srec}, receivers {rrec}; settled {:.1} s after the start{}",
        settled.as_secs_f64(),
        first_back.borrow().map_or(String::new(), |b: Instant| format!(", first socket back {:.1} s after the start", b.duration_since(start).as_secs_f64())),
    );
    for task in tasks {
        task.abort();
    }
}
