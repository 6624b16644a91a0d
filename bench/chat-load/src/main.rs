//! The chat benchmark's load client (scripts/bench --chat; issue 32). Simulated candidates and
//! recruiters connect to chat's socket (`GET /ajax/chat/ws`) with the sessions `jobseeker-server
//! chat-bench` wrote, on one thread of tokio, and report what they saw:
//!
//! - `latency`: every pair's two sides connected; messages sent over the socket at a fixed rate,
//!   round the pairs, each way in turn; the time from the send to the other side's `message` frame
//!   (the send time travels in the message's client id), p50/p90/p99/max.
//! - `echo`: the yardstick of the same machine: the same number of sockets on bench-bare's `/ws`
//!   echo, the same rate; the round trip of a frame.
//! - `idle`: opens `count` sockets (at most 8 per person, the server's limit) and holds them,
//!   printing `held N` once all are open, for the script to measure the server meanwhile.
//! - `reconnect`: every side connected and one message delivered; then the server is restarted
//!   (the script kills it); every socket reconnects, each recruiter sends one more message and each
//!   candidate says the last seq it has (`hello`); reports the time until every candidate has the
//!   new message, and whether any got one twice or got history it had (a reload).
//! - `flow`: messages flowing while scripts/fault-chat breaks something; whether the receivers
//!   hold every acknowledged message exactly once and in order (flow.rs).
//!
//! Nothing here knows the server's code: it speaks the frames docs/api.md documents.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

mod flow;

use clap::{Parser, Subcommand};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser)]
struct Args {
    #[command(subcommand)]
    mode: Mode,
}

#[derive(Subcommand)]
enum Mode {
    Latency {
        #[command(flatten)]
        target: Target,
        /// Messages a second, all pairs together.
        #[arg(long, default_value_t = 1000)]
        rate: u32,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
    },
    Echo {
        /// bench-bare's echo, `ws://127.0.0.1:PORT/ws`.
        #[arg(long)]
        url: String,
        #[arg(long, default_value_t = 2000)]
        connections: usize,
        #[arg(long, default_value_t = 1000)]
        rate: u32,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
    },
    Idle {
        #[command(flatten)]
        target: Target,
        #[arg(long, default_value_t = 20_000)]
        count: usize,
        /// How long to hold them once all are open.
        #[arg(long, default_value_t = 30)]
        hold_secs: u64,
    },
    Flow {
        #[command(flatten)]
        target: Target,
        /// Messages a second, all pairs together.
        #[arg(long, default_value_t = 200)]
        rate: u32,
        #[arg(long, default_value_t = 20)]
        seconds: u64,
        /// How long after the sending time to wait for every ack and delivery.
        #[arg(long, default_value_t = 60)]
        settle_secs: u64,
    },
    Reconnect {
        #[command(flatten)]
        target: Target,
        /// How long to wait for the server to come back and every candidate to catch up.
        #[arg(long, default_value_t = 120)]
        timeout_secs: u64,
    },
}

#[derive(clap::Args, Clone)]
struct Target {
    /// `jobseeker-server chat-bench --out`'s file: `conversationId candidateCookie memberCookie`.
    #[arg(long)]
    pairs: PathBuf,
    /// The socket, `ws://127.0.0.1:PORT/ajax/chat/ws`.
    #[arg(long)]
    url: String,
    /// The site's origin, `http://127.0.0.1:PORT` (the socket refuses others).
    #[arg(long)]
    origin: String,
    /// Use only the first N pairs (default all).
    #[arg(long)]
    limit: Option<usize>,
}

struct Pair {
    conversation: i64,
    candidate: String,
    member: String,
}

fn read_pairs(t: &Target) -> Vec<Pair> {
    let text = std::fs::read_to_string(&t.pairs).unwrap_or_else(|e| panic!("{}: {e}", t.pairs.display()));
    let pairs: Vec<Pair> = text
        .lines()
        .filter_map(|l| {
            let mut parts = l.split_whitespace();
            Some(Pair { conversation: parts.next()?.parse().ok()?, candidate: parts.next()?.to_string(), member: parts.next()?.to_string() })
        })
        .take(t.limit.unwrap_or(usize::MAX))
        .collect();
    assert!(!pairs.is_empty(), "no pairs in {}", t.pairs.display());
    pairs
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens chat's socket as the person whose session `cookie` is (`token=…` or `com_token=…`).
async fn connect(t: &Target, cookie: &str) -> Result<Ws, String> {
    let side = if cookie.starts_with("com_token=") { "company" } else { "candidate" };
    let mut req = format!("{}?side={side}", t.url).into_client_request().map_err(|e| e.to_string())?;
    req.headers_mut().insert("Cookie", HeaderValue::from_str(cookie).map_err(|e| e.to_string())?);
    req.headers_mut().insert("Origin", HeaderValue::from_str(&t.origin).map_err(|e| e.to_string())?);
    let (ws, _) = tokio_tungstenite::connect_async(req).await.map_err(|e| e.to_string())?;
    Ok(ws)
}

/// Opens many sockets, at most `at_once` handshakes in flight.
async fn connect_all(t: &Target, cookies: Vec<String>, at_once: usize) -> Vec<Ws> {
    let mut out = Vec::with_capacity(cookies.len());
    for chunk in cookies.chunks(at_once) {
        let opened = futures_util::future::join_all(chunk.iter().map(|c| connect(t, c))).await;
        for ws in opened {
            out.push(ws.unwrap_or_else(|e| panic!("connect: {e}")));
        }
    }
    out
}

/// What the sockets saw.
#[derive(Default)]
struct Seen {
    /// Microseconds from send to the other side's frame (or the echo's return).
    latencies: Vec<u64>,
    sent: u64,
    acked: u64,
    received: u64,
    errors: u64,
    error_codes: HashMap<String, u64>,
}

fn micros(start: Instant) -> u64 {
    start.elapsed().as_micros() as u64
}

/// One socket: frames from `outgoing` are sent; what arrives is counted in `seen`.
async fn drive(ws: Ws, mut outgoing: UnboundedReceiver<String>, seen: Rc<RefCell<Seen>>, start: Instant, echo: bool) {
    let (mut tx, mut rx) = ws.split();
    loop {
        tokio::select! {
            frame = outgoing.recv() => match frame {
                Some(f) => {
                    if tx.send(Message::Text(f)).await.is_err() { return; }
                    seen.borrow_mut().sent += 1;
                }
                None => { let _ = tx.close().await; return; }
            },
            msg = rx.next() => match msg {
                Some(Ok(Message::Text(text))) => {
                    let now = micros(start);
                    let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                    let mut s = seen.borrow_mut();
                    if echo {
                        if let Some(t) = v["t"].as_u64() { s.latencies.push(now.saturating_sub(t)); s.received += 1; }
                        continue;
                    }
                    match v["type"].as_str() {
                        Some("ack") => s.acked += 1,
                        Some("message") if v["message"]["mine"] == false => {
                            s.received += 1;
                            if let Some(t) = v["message"]["clientId"].as_str().and_then(|c| c.strip_prefix('L')).and_then(|t| t.split('-').next()?.parse::<u64>().ok()) {
                                s.latencies.push(now.saturating_sub(t));
                            }
                        }
                        Some("error") => {
                            s.errors += 1;
                            *s.error_codes.entry(v["code"].as_str().unwrap_or("?").to_string()).or_default() += 1;
                        }
                        _ => {}
                    }
                }
                Some(Ok(_)) => {}
                _ => return,
            },
        }
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn report(label: &str, seen: &Seen, seconds: u64) {
    let mut l = seen.latencies.clone();
    l.sort_unstable();
    println!(
        "{label}: sent {} acked {} received {} ({:.0}/s) errors {} {:?} | latency ms p50 {:.2} p90 {:.2} p99 {:.2} max {:.2}",
        seen.sent,
        seen.acked,
        seen.received,
        seen.received as f64 / seconds as f64,
        seen.errors,
        seen.error_codes,
        percentile(&l, 0.5),
        percentile(&l, 0.9),
        percentile(&l, 0.99),
        percentile(&l, 1.0),
    );
}

/// Sends `make(i)` to `senders[i % n]` at `rate` a second for `seconds`.
async fn pace(senders: &[UnboundedSender<String>], rate: u32, seconds: u64, mut make: impl FnMut(usize) -> (usize, String)) {
    let every = Duration::from_secs_f64(1.0 / f64::from(rate.max(1)));
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let total = u64::from(rate) * seconds;
    for i in 0..total as usize {
        tick.tick().await;
        let (to, frame) = make(i);
        let _ = senders[to % senders.len()].send(frame);
    }
}

/// Drives `sockets` (`echo`: bench-bare's), sends `make(i, start)`'s frames at `rate` for `seconds`,
/// waits for stragglers, and reports under `label`.
async fn paced_run(sockets: Vec<Ws>, echo: bool, rate: u32, seconds: u64, label: String, mut make: impl FnMut(usize, Instant) -> (usize, String)) {
    let start = Instant::now();
    let seen = Rc::new(RefCell::new(Seen::default()));
    let mut senders = Vec::new();
    let mut tasks = Vec::new();
    for ws in sockets {
        let (tx, rx) = unbounded_channel();
        senders.push(tx);
        tasks.push(tokio::task::spawn_local(drive(ws, rx, seen.clone(), start, echo)));
    }
    pace(&senders, rate, seconds, |i| make(i, start)).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    report(&label, &seen.borrow(), seconds);
    drop(senders);
    for task in tasks {
        let _ = task.await;
    }
}

const TEXT: &str = "压测消息：您好，请问这个职位还在招吗？";

async fn latency(t: Target, rate: u32, seconds: u64) {
    let pairs = read_pairs(&t);
    // Candidate i is socket 2i, its recruiter 2i+1.
    let cookies: Vec<String> = pairs.iter().flat_map(|p| [p.candidate.clone(), p.member.clone()]).collect();
    let sockets = connect_all(&t, cookies, 100).await;
    eprintln!("{} sockets open", sockets.len());
    let n = pairs.len();
    paced_run(sockets, false, rate, seconds, format!("chat latency, {} users, {rate}/s for {seconds} s", 2 * n), |i, start| {
        // Pair i % n; even rounds the candidate writes, odd the recruiter.
        let (pair, round) = (i % n, i / n);
        let frame = json!({"type": "send", "conversationId": pairs[pair].conversation, "clientId": format!("L{}-{i}", micros(start)), "kind": "text", "text": TEXT});
        (2 * pair + (round % 2), frame.to_string())
    })
    .await;
}

async fn echo(url: String, connections: usize, rate: u32, seconds: u64) {
    let mut sockets = Vec::with_capacity(connections);
    for _ in 0..connections {
        let (ws, _) = tokio_tungstenite::connect_async(url.as_str()).await.unwrap_or_else(|e| panic!("connect {url}: {e}"));
        sockets.push(ws);
    }
    let label = format!("bare echo, {connections} sockets, {rate}/s for {seconds} s");
    paced_run(sockets, true, rate, seconds, label, |i, start| (i, json!({"t": micros(start), "text": TEXT}).to_string())).await;
}

async fn idle(t: Target, count: usize, hold_secs: u64) {
    let pairs = read_pairs(&t);
    // Round the people, so no one holds more than the server's 8.
    let people: Vec<&String> = pairs.iter().flat_map(|p| [&p.candidate, &p.member]).collect();
    assert!(count <= people.len() * 8, "{count} sockets need {} people at 8 each; the file has {}", count.div_ceil(8), people.len());
    let cookies: Vec<String> = (0..count).map(|i| people[i % people.len()].clone()).collect();
    let started = Instant::now();
    let sockets = connect_all(&t, cookies, 200).await;
    println!("held {} (opened in {:.1} s)", sockets.len(), started.elapsed().as_secs_f64());
    let seen = Rc::new(RefCell::new(Seen::default()));
    let mut keep = Vec::new();
    for ws in sockets {
        let (tx, rx) = unbounded_channel();
        keep.push(tx);
        tokio::task::spawn_local(drive(ws, rx, seen.clone(), started, false));
    }
    tokio::time::sleep(Duration::from_secs(hold_secs)).await;
    println!("released; errors {}", seen.borrow().errors);
}

/// One person's side in `reconnect`: connects, and reconnects whenever the socket drops.
struct Side {
    cookie: String,
    conversation: i64,
    candidate: bool,
}

/// What a candidate saw in `reconnect`.
#[derive(Default, Clone)]
struct CandidateLog {
    /// Message seqs received after the reconnect, in order.
    after: Vec<i64>,
    caught_up_at: Option<Instant>,
}

async fn reconnect(t: Target, timeout_secs: u64) {
    let pairs = read_pairs(&t);
    let n = pairs.len();
    let seen = Rc::new(RefCell::new(vec![CandidateLog::default(); n]));
    let first_back: Rc<RefCell<Option<Instant>>> = Rc::new(RefCell::new(None));
    let ready = Rc::new(RefCell::new(0usize));
    // Recruiters send once every socket is open, so no candidate's first message goes before it joined.
    let connected = Rc::new(RefCell::new(0usize));
    let mut tasks = Vec::new();
    for (i, p) in pairs.iter().enumerate() {
        for side in [Side { cookie: p.candidate.clone(), conversation: p.conversation, candidate: true }, Side { cookie: p.member.clone(), conversation: p.conversation, candidate: false }] {
            let (t, seen, first_back, ready, connected) = (t.clone(), seen.clone(), first_back.clone(), ready.clone(), connected.clone());
            tasks.push(tokio::task::spawn_local(async move {
                // Before: the recruiter sends seq 1 and the candidate receives it.
                let mut ws = connect(&t, &side.cookie).await.unwrap_or_else(|e| panic!("connect: {e}"));
                *connected.borrow_mut() += 1;
                if !side.candidate {
                    while *connected.borrow() < 2 * n {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                    let frame = json!({"type": "send", "conversationId": side.conversation, "clientId": format!("W{}", side.conversation), "kind": "text", "text": "重启前的消息"});
                    let _ = ws.send(Message::Text(frame.to_string())).await;
                }
                let mut last = 0i64;
                while let Some(Ok(msg)) = ws.next().await {
                    if let Message::Text(text) = msg {
                        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                        if side.candidate && v["type"] == "message" {
                            last = v["seq"].as_i64().unwrap_or(0);
                            *ready.borrow_mut() += 1;
                        }
                        if !side.candidate && v["type"] == "ack" {
                            *ready.borrow_mut() += 1;
                        }
                    }
                }
                // The server went away: reconnect until it is back.
                let mut ws = loop {
                    tokio::time::sleep(Duration::from_millis(50 + (side.conversation as u64 % 100))).await;
                    if let Ok(ws) = connect(&t, &side.cookie).await {
                        first_back.borrow_mut().get_or_insert_with(Instant::now);
                        break ws;
                    }
                };
                if side.candidate {
                    let hello = json!({"type": "hello", "since": {side.conversation.to_string(): last}});
                    let _ = ws.send(Message::Text(hello.to_string())).await;
                } else {
                    let frame = json!({"type": "send", "conversationId": side.conversation, "clientId": format!("R{}", side.conversation), "kind": "text", "text": "重启后的消息"});
                    let _ = ws.send(Message::Text(frame.to_string())).await;
                }
                while let Some(Ok(msg)) = ws.next().await {
                    if let Message::Text(text) = msg {
                        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                        if side.candidate && v["type"] == "message" {
                            let seq = v["seq"].as_i64().unwrap_or(0);
                            let mut s = seen.borrow_mut();
                            s[i].after.push(seq);
                            if seq > last && s[i].caught_up_at.is_none() {
                                s[i].caught_up_at = Some(Instant::now());
                            }
                        }
                    }
                }
            }));
        }
    }
    // Wait until every candidate has seq 1 and every recruiter its ack, then say so for the script.
    let waiting = Instant::now();
    while *ready.borrow() < 2 * n {
        tokio::time::sleep(Duration::from_millis(20)).await;
        if waiting.elapsed() > Duration::from_secs(30) {
            eprintln!("not ready after 30 s: {} of {} sides", *ready.borrow(), 2 * n);
            std::process::exit(1);
        }
    }
    println!("ready {n} pairs");
    let deadline = Instant::now() + Duration::from_secs(timeout_secs);
    loop {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let done = seen.borrow().iter().filter(|s| s.caught_up_at.is_some()).count();
        if done == n || Instant::now() > deadline {
            break;
        }
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let logs = seen.borrow();
    let back = *first_back.borrow();
    let caught: Vec<Instant> = logs.iter().filter_map(|s| s.caught_up_at).collect();
    let all_by = caught.iter().max().zip(back).map(|(last, back)| last.duration_since(back).as_secs_f64() * 1000.0);
    let twice = logs.iter().filter(|s| s.after.len() != s.after.iter().collect::<std::collections::BTreeSet<_>>().len()).count();
    let reloaded = logs.iter().filter(|s| s.after.iter().any(|seq| *seq <= 1)).count();
    let frames: usize = logs.iter().map(|s| s.after.len()).sum();
    println!(
        "reconnect: {n} pairs; caught up {}/{n}; all caught up {} ms after the first socket was back; message frames after the reconnect {frames} (one each expected); got one twice {twice}; reloaded history {reloaded}",
        caught.len(),
        all_by.map_or("never".to_string(), |ms| format!("{ms:.0}")),
    );
    for task in tasks {
        task.abort();
    }
}

fn main() {
    let args = Args::parse();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap_or_else(|e| panic!("runtime: {e}"));
    let local = tokio::task::LocalSet::new();
    local.block_on(&rt, async move {
        match args.mode {
            Mode::Latency { target, rate, seconds } => latency(target, rate, seconds).await,
            Mode::Echo { url, connections, rate, seconds } => echo(url, connections, rate, seconds).await,
            Mode::Idle { target, count, hold_secs } => idle(target, count, hold_secs).await,
            Mode::Reconnect { target, timeout_secs } => reconnect(target, timeout_secs).await,
            Mode::Flow { target, rate, seconds, settle_secs } => flow::flow(target, rate, seconds, settle_secs).await,
        }
    });
}
