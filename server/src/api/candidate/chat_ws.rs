//! `GET /ajax/chat/ws`: chat's socket, for candidates and members alike (issue 32; the frames are
//! docs/api.md's, Chat: the socket). One per signed-in tab:
//! - authenticated by the session cookies of the calls: the candidate's, else the company's (an owner
//!   or HR member); `?side=company` (or `candidate`) picks one when a browser holds both;
//! - refused without an Origin of ours (ORIGIN_REFUSED): a page of another site must not open it;
//! - at most SOCKETS_PER_USER at once per user, counted in the shared store as leases that each socket
//!   renews while it lives, every CHAT_SOCKET_CHECK_SECS (RATE_LIMITED beyond); at each renewal the session is checked again, and a
//!   revoked one closes the socket;
//! - what it pushes comes from the hub (domain/chat_live.rs); what it is sent follows the same rules
//!   as the calls (domain/chat.rs).

use std::collections::BTreeMap;
use std::future::{ready, Ready};
use std::time::Duration;

use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use actix_ws::{Message as WsMessage, MessageStream, Session};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::db;
use crate::domain::chat::{self, Me};
use crate::domain::chat_live::{message_frame, Peer};
use crate::error::{ApiError, ApiResult};
use crate::ids::ConversationId;
use crate::providers::wakeup::Bell;
use crate::rate_limit::RateLimiter;
use crate::state::AppState;

/// Sockets one user may hold at once (tabs and devices together).
pub const SOCKETS_PER_USER: u32 = crate::domain::chat_notice::SOCKET_PLACES;
/// How often a socket renews its lease in the shared store and checks its session
/// (CHAT_SOCKET_CHECK_SECS, at least 1 s); the lease lasts three times this, so a socket that died
/// unseen frees its place within it.
fn renew_every(state: &AppState) -> Duration {
    Duration::from_secs(state.settings.chat_socket_check_secs.max(1))
}

fn lease_ms(state: &AppState) -> i64 {
    3 * renew_every(state).as_millis() as i64
}
/// The largest frame a client may send (a text message is at most a few KB).
const MAX_FRAME: usize = 64 * 1024;

/// The socket's request body: the raw stream of frames. Says nothing to the OpenAPI document (the
/// socket is the table's `["websocket"]` exception, api/openapi.rs).
pub struct SocketBody(web::Payload);

impl FromRequest for SocketBody {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let taken = web::Payload::from_request(req, payload).into_inner();
        ready(taken.map(SocketBody))
    }
}

impl crate::api::operation::Described for SocketBody {}

#[derive(Debug, Deserialize)]
struct Side {
    #[serde(default)]
    side: String,
}

/// Who opens the socket: the candidate, else the member (owner or HR), as `?side=` asks.
async fn caller(state: &AppState, req: &HttpRequest) -> ApiResult<Me> {
    let side = web::Query::<Side>::from_query(req.query_string()).map(|q| q.into_inner().side).unwrap_or_default();
    if side != "company" {
        if let Some(session) = crate::web::extract::current_session(state, req).await? {
            return Ok(Me::Candidate(session.user.user_id()));
        }
    }
    if side != "candidate" {
        if let Some((_, member)) = crate::web::extract::current_member(state, req).await? {
            if !chat::CHAT_ROLES.contains(&member.role()) {
                return Err(ApiError::ForbiddenRole);
            }
            return Ok(Me::Member { id: member.id, company: member.company_id });
        }
    }
    Err(ApiError::NotLoggedIn)
}

/// Takes one of the user's socket places in the shared store: its key, or None when all are held.
fn take_place(state: &AppState, me: Me, holder: &str) -> ApiResult<Option<String>> {
    for i in 0..SOCKETS_PER_USER {
        // The offline notice reads these places as the user's presence (domain/chat_notice.rs).
        let key = crate::domain::chat_notice::socket_place_key(me, i);
        if state.store.hold(&key, holder, lease_ms(state)).map_err(|e| ApiError::internal(e.0))? {
            return Ok(Some(key));
        }
    }
    Ok(None)
}

pub async fn socket(req: HttpRequest, state: web::Data<AppState>, body: SocketBody) -> ApiResult<HttpResponse> {
    if !crate::web::origin_is_ours(&req, &state.settings.allowed_hosts) {
        return Err(ApiError::OriginRefused);
    }
    let me = caller(&state, &req).await?;
    let holder = format!("{:016x}", rand::random::<u64>());
    let place = {
        let (state, holder) = (state.clone(), holder.clone());
        web::block(move || take_place(&state, me, &holder)).await.map_err(ApiError::internal)??
    };
    let Some(place) = place else { return Err(ApiError::RateLimited) };
    let (response, session, stream) = actix_ws::handle(&req, body.0).map_err(|e| ApiError::BadInput(format!("websocket: {e}")))?;
    actix_web::rt::spawn(serve(state.into_inner(), req, me, session, stream.max_frame_size(MAX_FRAME), place, holder));
    Ok(response)
}

async fn serve(state: std::sync::Arc<AppState>, req: HttpRequest, me: Me, mut session: Session, mut stream: MessageStream, place: String, holder: String) {
    let peer = Peer::of(me);
    let (id, mut frames) = state.chat.join(peer);
    let mut renew = tokio::time::interval(renew_every(&state));
    renew.tick().await;
    let mut has = SocketHas::default();
    loop {
        tokio::select! {
            Some(frame) = frames.recv() => {
                if has.fresh(&frame) && session.text(frame).await.is_err() {
                    break;
                }
            }
            msg = stream.recv() => match msg {
                Some(Ok(WsMessage::Text(text))) => {
                    let mut closed = false;
                    has.hello(&text);
                    for frame in answer(&state, me, &text).await {
                        if has.fresh(&frame) && session.text(frame).await.is_err() {
                            closed = true;
                            break;
                        }
                    }
                    if closed {
                        break;
                    }
                }
                Some(Ok(WsMessage::Ping(bytes))) => {
                    if session.pong(&bytes).await.is_err() {
                        break;
                    }
                }
                Some(Ok(WsMessage::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            _ = renew.tick() => {
                // A session revoked (log-out, a disabled account or member) ends its sockets too.
                if !matches!(caller(&state, &req).await, Ok(now) if Peer::of(now) == peer) {
                    break;
                }
                let (s, place, holder) = (state.clone(), place.clone(), holder.clone());
                let kept = web::block(move || s.store.hold(&place, &holder, lease_ms(&s))).await;
                if !matches!(kept, Ok(Ok(true))) || session.ping(b"").await.is_err() {
                    break;
                }
            }
        }
    }
    state.chat.leave(peer, id);
    let _ = session.close(None).await;
}

/// The newest message seq this socket's client has, per conversation: what it said in its hello,
/// and every message frame sent to it since. A message frame at or below that is not sent again, so
/// a reconnecting client gets exactly what it missed, once, whether by its catch-up or by the hub's
/// push (which, on a server that has not pushed the conversation yet, starts from the delivered
/// marks and may overlap the catch-up).
#[derive(Default)]
struct SocketHas(std::collections::HashMap<i64, i64>);

/// The head of a frame the hub or a catch-up sends.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FrameHead {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    conversation_id: Value,
    #[serde(default)]
    seq: Value,
}

impl SocketHas {
    fn note(&mut self, conversation: i64, seq: i64) -> bool {
        let had = self.0.entry(conversation).or_insert(0);
        let fresh = seq > *had;
        *had = (*had).max(seq);
        fresh
    }

    /// A client's hello says what it has: its word stands, also below what was sent before (a
    /// client that dropped its copy asks again from an earlier seq, and gets it).
    fn hello(&mut self, text: &str) {
        if let Ok(Incoming::Hello { since }) = serde_json::from_str(text) {
            for (id, seq) in since {
                if let (Ok(id), Ok(seq)) = (id.trim().parse(), number(&seq, "since")) {
                    self.0.insert(id, seq);
                }
            }
        }
    }

    /// Whether to send `frame`: any frame but a message, or a message the client has not had.
    fn fresh(&mut self, frame: &str) -> bool {
        let Ok(head) = serde_json::from_str::<FrameHead>(frame) else { return true };
        match (head.kind.as_str(), number(&head.conversation_id, "conversationId"), number(&head.seq, "seq")) {
            ("message", Ok(id), Ok(seq)) => self.note(id, seq),
            _ => true,
        }
    }
}

/// A client's frame (docs/api.md, Chat: the socket).
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
enum Incoming {
    Hello {
        #[serde(default)]
        since: BTreeMap<String, Value>,
    },
    #[serde(rename_all = "camelCase")]
    Send {
        conversation_id: Value,
        #[serde(default)]
        client_id: String,
        #[serde(default)]
        kind: String,
        #[serde(default)]
        text: String,
    },
    #[serde(rename_all = "camelCase")]
    Read { conversation_id: Value, seq: Value },
    Ping,
}

/// A number sent as a JSON number or a string of one.
fn number(v: &Value, field: &str) -> ApiResult<i64> {
    let n = match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    n.filter(|n| *n >= 0).ok_or_else(|| ApiError::BadInput(format!("{field} must be a whole number from 0")))
}

fn error_frame(client_id: Option<&str>, e: &ApiError) -> String {
    let mut frame = json!({"type": "error", "code": e.code(), "message": e.to_string()});
    if let Some(id) = client_id {
        frame["clientId"] = json!(id);
    }
    frame.to_string()
}

/// The frames that answer a client's frame (they go to this socket only).
async fn answer(state: &std::sync::Arc<AppState>, me: Me, text: &str) -> Vec<String> {
    let incoming: Incoming = match serde_json::from_str(text) {
        Ok(f) => f,
        Err(e) => return vec![error_frame(None, &ApiError::BadInput(format!("frame: {e}")))],
    };
    match incoming {
        Incoming::Ping => vec![json!({"type": "pong"}).to_string()],
        Incoming::Hello { since } => match catch_up(state, me, since).await {
            Ok(frames) => frames,
            Err(e) => vec![error_frame(None, &e)],
        },
        Incoming::Send { conversation_id, client_id, kind, text } => match send(state, me, &conversation_id, &client_id, &kind, &text).await {
            Ok(message) => vec![json!({"type": "ack", "clientId": client_id, "message": message}).to_string()],
            Err(e) => vec![error_frame(Some(&client_id), &e)],
        },
        Incoming::Read { conversation_id, seq } => match read(state, me, &conversation_id, &seq).await {
            Ok(()) => Vec::new(),
            Err(e) => vec![error_frame(None, &e)],
        },
    }
}

/// Every message after the client's seqs, conversation by conversation, in seq order. A conversation
/// that is not the caller's is left out (as if unknown).
async fn catch_up(state: &AppState, me: Me, since: BTreeMap<String, Value>) -> ApiResult<Vec<String>> {
    let mut wanted = Vec::with_capacity(since.len());
    for (id, seq) in since {
        let id = id.trim().parse::<i64>().map_err(|_| ApiError::BadInput("since: conversation ids are numbers".into()))?;
        wanted.push((ConversationId(id), number(&seq, "since")?));
    }
    if wanted.len() > chat::LIST_MAX as usize {
        return Err(ApiError::BadInput(format!("since: at most {} conversations", chat::LIST_MAX)));
    }
    db::run(&state.pool, move |c| {
        let mut frames = Vec::new();
        for (id, mut after) in wanted {
            loop {
                let page = match chat::messages(c, me, id, after) {
                    Ok(page) => page,
                    Err(ApiError::NotFound) => break,
                    Err(e) => return Err(e),
                };
                for m in &page.list {
                    frames.push(message_frame(id, m));
                }
                match page.list.last() {
                    Some(last) if page.more => after = last.seq,
                    _ => break,
                }
            }
        }
        Ok(frames)
    })
    .await
}

/// `/chat/send`'s rules and limit, over the socket.
async fn send(state: &AppState, me: Me, conversation: &Value, client_id: &str, kind: &str, text: &str) -> ApiResult<chat::ChatMessage> {
    let id = ConversationId(number(conversation, "conversationId")?);
    let checked = chat::checked_send(kind, text, client_id)?;
    let limit = RateLimiter::new(state.store.clone(), "chat-send", chat::SENDS_PER_MINUTE, Duration::from_secs(60));
    let key = chat::send_limit_key(me);
    if !web::block(move || limit.hit(&key)).await.map_err(ApiError::internal)? {
        return Err(ApiError::RateLimited);
    }
    let client_id = client_id.to_string();
    let stored = db::run(&state.pool, move |c| chat::send(c, me, id, &client_id, &checked)).await?;
    state.chat.rang(Bell::Message { conversation: id, seq: stored.seq });
    Ok(stored)
}

/// `/chat/read`'s, over the socket; the read frame that follows comes from the hub.
async fn read(state: &AppState, me: Me, conversation: &Value, seq: &Value) -> ApiResult<()> {
    let id = ConversationId(number(conversation, "conversationId")?);
    let seq = number(seq, "seq")?;
    let read = db::run(&state.pool, move |c| chat::read(c, me, id, seq)).await?;
    state.chat.rang(Bell::Read { conversation: id, side: me.side(), seq: read.read_seq });
    Ok(())
}
