//! Chat (issue 32): a candidate and a company member talk in a conversation of their own.
//!
//! - **Who talks to whom.** A conversation is one candidate and one member. The candidate opens it
//!   on a job, with the job's responsible member (`responsible`); a member (owner or HR) opens it on a
//!   resume it may see (domain/visibility.rs), naming one of its company's jobs. Opening again reuses
//!   the pair's conversation; each opening on another job than the thread's last card adds a job card.
//!   Creating one counts against the opener's daily quota, in the same transaction (chat_quota.rs).
//! - **Order.** Every message takes the conversation's next seq in the write transaction that stores
//!   it (db::write_transaction: BEGIN IMMEDIATE on SQLite; the conversation's row lock on PostgreSQL),
//!   so seqs are 1, 2, 3, … with no gap and no two alike, whoever sends at once.
//! - **No duplicates.** A send names its client id; a resend (the same side, conversation and client
//!   id) answers the stored message and stores nothing. The check is made under the same lock.
//! - **Read state.** Each side has a read and a delivered mark (seqs). Its unread count is the other
//!   side's messages after its read mark, counted exactly.
//! - **Blocking.** A candidate who blocked a company (any of their resumes, the company's group:
//!   visibility::user_blocked) cannot be greeted by it, and the company's members see nothing of the
//!   conversations they have with them: NOT_FOUND, and left out of their list. A conversation that is
//!   not the caller's is NOT_FOUND too, never FORBIDDEN, so ids cannot be probed.
//! - **拉黑.** Either side may block the conversation itself (domain/chat_report.rs, `chat_blocks`):
//!   while it is blocked nothing new is written into it (`writable`: CHAT_BLOCKED for the blocked
//!   side, CHAT_YOU_BLOCKED for the blocker), opening it again adds no card (and is CHAT_BLOCKED for
//!   the blocked side), and both lists say so (`blocked`).

use core_wasm::chat::CheckedSend;
use serde::Serialize;

use crate::db::chat::{self, Conversation, ConversationState, Message, MessageKind, NewConversation, NewMessage, Party, Side};
use crate::db::company_member::{self, Role};
use crate::db::{chat_block, job, job_posting, resume, DbConnection};
use crate::domain::{chat_cards, chat_quota, visibility};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, ChatMessageId, CompanyId, ConversationId, JobId, MemberId, ResumeId, UserId};

/// The most messages one `/chat/messages` answers; `more` says there are others after them.
pub const PAGE: i64 = 200;
/// The most conversations a list answers (the newest).
pub const LIST_MAX: i64 = 200;
/// The members who chat: owners and HR (interviewers do not).
pub const CHAT_ROLES: &[Role] = &[Role::Owner, Role::Hr];
/// The characters of a message a list shows.
pub const PREVIEW_CHARS: usize = 60;

/// Who calls.
#[derive(Debug, Clone, Copy)]
pub enum Me {
    Candidate(UserId),
    Member { id: MemberId, company: CompanyId },
}

impl Me {
    pub fn side(self) -> Side {
        match self {
            Me::Candidate(_) => Side::Candidate,
            Me::Member { .. } => Side::Company,
        }
    }

    pub(crate) fn sender_id(self) -> i64 {
        match self {
            Me::Candidate(u) => u.0,
            Me::Member { id, .. } => id.0,
        }
    }

    /// The caller as chat's daily quota counts them.
    pub fn opener(self) -> chat_quota::Opener {
        match self {
            Me::Candidate(u) => chat_quota::Opener::Candidate(u),
            Me::Member { id, company } => chat_quota::Opener::Member { id, company },
        }
    }

    fn party(self) -> Party {
        match self {
            Me::Candidate(u) => Party::Candidate(u),
            Me::Member { id, .. } => Party::Member(id),
        }
    }
}

/// Whether the conversation is blocked (拉黑), as the caller sees it: `none`; `byMe` (the caller
/// blocked it and may unblock); `byPeer` (the other side did: the caller cannot send, and is told
/// no more than that).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum BlockState {
    None,
    ByMe,
    ByPeer,
}

impl BlockState {
    /// The state `me` sees, given the sides that blocked the conversation (the caller's own block first).
    pub fn of(blockers: &[Side], me: Side) -> BlockState {
        if blockers.contains(&me) {
            BlockState::ByMe
        } else if blockers.contains(&me.other()) {
            BlockState::ByPeer
        } else {
            BlockState::None
        }
    }
}

/// Whether `side` may write into the conversation: CHAT_YOU_BLOCKED when it blocked it,
/// CHAT_BLOCKED when the other side did. Every write into a thread asks this under the
/// conversation's lock (send, exchange cards, interview cards, recall, 不合适).
pub(crate) fn writable(c: &mut DbConnection, id: ConversationId, side: Side) -> ApiResult<()> {
    match BlockState::of(&chat_block::blockers(c, id)?, side) {
        BlockState::None => Ok(()),
        BlockState::ByMe => Err(ApiError::ChatYouBlocked),
        BlockState::ByPeer => Err(ApiError::ChatBlocked),
    }
}

/// A job card's job.
#[derive(Debug, Clone, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatJobCard {
    pub job_id: JobId,
    pub title: String,
}

/// One message as either side reads it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessage {
    pub id: ChatMessageId,
    pub conversation_id: ConversationId,
    pub seq: i64,
    /// The sender's own id of the message; a job card's is the server's (`:job:…`).
    pub client_id: String,
    pub kind: MessageKind,
    pub text: String,
    /// Who sent it.
    pub side: Side,
    /// Whether the caller's side sent it.
    pub mine: bool,
    pub created_at: i64,
    #[schema(required)]
    pub recalled_at: Option<i64>,
    /// The job of a `job` card.
    #[schema(required)]
    pub job: Option<ChatJobCard>,
    /// An exchange card's request and where it stands (on the `exchange` card, and on the `system`
    /// note of its answer); domain/chat_cards.rs.
    #[schema(required)]
    pub exchange: Option<chat_cards::ChatExchangeCard>,
    /// An interview invitation (on the `interview` card, and on the note of the candidate's answer).
    #[schema(required)]
    pub interview: Option<chat_cards::ChatInterviewCard>,
    /// A recall's note (a `system` message): the seq of the message recalled, which both sides then
    /// show as recalled (domain/chat_extras.rs, chat_tools.rs).
    #[schema(required)]
    pub recalls: Option<i64>,
    /// `money` on a recruiter's message that asks for money (the money black words), for the
    /// candidate only: the thread shows a fraud warning under it.
    #[schema(required)]
    pub warning: Option<String>,
    /// The closing message of 不合适 (a `text` the server sent from the company's template).
    #[schema(required)]
    pub closing: Option<crate::domain::chat_extras::Closing>,
    /// A `picture` message's picture (none once recalled): domain/chat_picture.rs.
    #[schema(required)]
    pub picture: Option<crate::domain::chat_extras::ChatPicture>,
    /// A hand-over's note (a `system` message): the job went to another member of the company
    /// (domain/chat_handover.rs).
    #[schema(required)]
    pub hand_over: Option<crate::domain::chat_extras::HandOverNote>,
}

pub(crate) fn message_of(m: Message, me: Side) -> ChatMessage {
    let recalled = m.recalled_at.is_some();
    let job = if m.kind == MessageKind::Job && !recalled { serde_json::from_str(&m.payload).ok() } else { None };
    let exchange = chat_cards::exchange_card(&m, me);
    let interview = chat_cards::interview_card(&m);
    let (recalls, warning, closing) = crate::domain::chat_extras::extras_of(&m, me);
    let picture = crate::domain::chat_extras::picture_of(&m, me);
    let hand_over = crate::domain::chat_extras::hand_over_of(&m);
    ChatMessage {
        id: m.id,
        conversation_id: m.conversation_id,
        seq: m.seq,
        client_id: m.client_id,
        kind: m.kind,
        // A recalled message's text is returned to no one.
        text: if recalled { String::new() } else { m.text },
        side: m.sender_side,
        mine: m.sender_side == me,
        created_at: m.created_at,
        recalled_at: m.recalled_at,
        job,
        exchange,
        interview,
        recalls,
        warning,
        closing,
        picture,
        hand_over,
    }
}

/// The conversation opened or reused.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Started {
    pub conversation_id: ConversationId,
    /// The seq of the job card this opening added, if it added one (for the sockets; not answered).
    #[serde(skip)]
    pub card_seq: Option<i64>,
}

/// The conversation `id` when it is the caller's and open to them; NOT_FOUND otherwise.
pub(crate) fn mine(c: &mut DbConnection, me: Me, id: ConversationId) -> ApiResult<Conversation> {
    let conv = chat::by_id(c, id)?.ok_or(ApiError::NotFound)?;
    let ok = match me {
        Me::Candidate(user) => conv.user_id == user,
        Me::Member { id, company } => conv.member_id == id && conv.company_id == company && !visibility::user_blocked(c, conv.user_id, company)?,
    };
    if ok {
        Ok(conv)
    } else {
        Err(ApiError::NotFound)
    }
}

/// Who answers a job's chats: the member who posted it while they are an enabled owner or HR member
/// of its company, else the company's first owner (then HR member). NOT_FOUND when it has none.
pub fn responsible(c: &mut DbConnection, job: JobId) -> ApiResult<(CompanyId, MemberId)> {
    let company = job::company_of(c, job)?;
    if let Some(member) = job_posting::member_of(c, job)? {
        if company_member::is_active_in(c, member, company, CHAT_ROLES)? {
            return Ok((company, member));
        }
    }
    for role in CHAT_ROLES {
        if let Some(member) = company_member::first_of_roles(c, company, &[*role])? {
            return Ok((company, member));
        }
    }
    Err(ApiError::NotFound)
}

/// The candidate opens (or reuses) the conversation with the job's responsible member.
pub fn start_as_candidate(c: &mut DbConnection, user: UserId, job: JobId) -> ApiResult<Started> {
    if job::is_closed(c, job)? {
        return Err(ApiError::JobClosed);
    }
    let (company, member) = responsible(c, job)?;
    let resume = resume::first_of_user(c, user)?;
    open(c, Me::Candidate(user), user, company, member, job, resume)
}

/// A member (owner or HR, which the handler checks) greets the candidate of `resume` about one of
/// its company's jobs. NOT_FOUND for another company's job, a resume it may not see, and a
/// candidate who blocked the company.
pub fn start_as_member(c: &mut DbConnection, member: MemberId, company: CompanyId, resume: ResumeId, job: JobId) -> ApiResult<Started> {
    let job_row = job::of_company(c, company, job)?.ok_or(ApiError::NotFound)?;
    if job_row.closed {
        return Err(ApiError::JobClosed);
    }
    let user = resume::owner_of(c, resume)?.ok_or(ApiError::NotFound)?;
    if visibility::user_blocked(c, user, company)? || visibility::access(c, company, resume)? == visibility::Access::Denied {
        return Err(ApiError::NotFound);
    }
    open(c, Me::Member { id: member, company }, user, company, member, job, Some(resume))
}

fn open(c: &mut DbConnection, me: Me, user: UserId, company: CompanyId, member: MemberId, job: JobId, resume: Option<ResumeId>) -> ApiResult<Started> {
    let title = job::title_and_state(c, job)?.ok_or(ApiError::NotFound)?.title;
    crate::db::write_transaction(c, |c| {
        let now = now_ms();
        let conv = match chat::of_pair(c, user, member)? {
            Some(conv) => conv,
            None => {
                let fresh = NewConversation {
                    id: new_id(),
                    user_id: user,
                    company_id: company,
                    member_id: member,
                    job_id: job,
                    resume_id: resume,
                    state: ConversationState::Open,
                    created_at: now,
                    updated_at: now,
                };
                // Only a conversation this start creates counts against the opener's day (a start
                // that lost the race to create the same pair costs nothing); past the quota the
                // transaction rolls back and nothing is stored.
                if chat::insert_unless_paired(c, &fresh)? == 1 {
                    chat_quota::take(c, me.opener(), now)?;
                }
                chat::of_pair(c, user, member)?.ok_or(ApiError::NotFound)?
            }
        };
        chat::lock(c, conv.id)?;
        // A blocked pair stays blocked: the blocked side cannot reopen it, the blocker gets the
        // thread back without a new card.
        match BlockState::of(&chat_block::blockers(c, conv.id)?, me.side()) {
            BlockState::ByPeer => return Err(ApiError::ChatBlocked),
            BlockState::ByMe => return Ok(Started { conversation_id: conv.id, card_seq: None }),
            BlockState::None => {}
        }
        let card_seq = add_job_card(c, conv.id, me.side(), me.sender_id(), job, &title, now)?;
        Ok(Started { conversation_id: conv.id, card_seq })
    })
}

/// Adds `job`'s card to the conversation (locked by the caller's transaction) unless its newest job
/// card is that job's already; answers the card's seq when it added one.
pub(crate) fn add_job_card(c: &mut DbConnection, id: ConversationId, side: Side, sender: i64, job: JobId, title: &str, now: i64) -> ApiResult<Option<i64>> {
    let last_card: Option<ChatJobCard> = chat::last_job_card(c, id)?.and_then(|m| serde_json::from_str(&m.payload).ok());
    if last_card.is_some_and(|card| card.job_id == job) {
        return Ok(None);
    }
    let seq = chat::take_seq(c, id, now)?;
    let payload = serde_json::to_string(&ChatJobCard { job_id: job, title: title.to_string() }).map_err(ApiError::internal)?;
    // An id no client sends (core-wasm's client ids have no ':'), unique by its seq.
    let client_id = format!(":job:{}:{seq}", job.0);
    chat::insert_message(
        c,
        &NewMessage {
            id: new_id(),
            conversation_id: id,
            seq,
            sender_side: side,
            sender_id: sender,
            client_id: &client_id,
            kind: MessageKind::Job,
            text: title,
            payload: &payload,
            created_at: now,
        },
    )?;
    Ok(Some(seq))
}

/// Stores a message with the conversation's next seq (`{seq}` in `client_id`, for the server's own
/// messages, becomes that seq); the caller holds the conversation's lock in its write transaction.
pub(crate) fn store_message(
    c: &mut DbConnection,
    conv: &Conversation,
    sender: (Side, i64),
    client_id: &str,
    kind: MessageKind,
    text: &str,
    payload: &str,
) -> ApiResult<Message> {
    let now = now_ms();
    let seq = chat::take_seq(c, conv.id, now)?;
    let id: ChatMessageId = new_id();
    chat::insert_message(
        c,
        &NewMessage {
            id,
            conversation_id: conv.id,
            seq,
            sender_side: sender.0,
            sender_id: sender.1,
            client_id: &client_id.replace("{seq}", &seq.to_string()),
            kind,
            text,
            payload,
            created_at: now,
        },
    )?;
    Ok(chat::message_by_id(c, id)?)
}

/// Stores a typed message (core-wasm's check passed) with the conversation's next seq, or answers
/// the one stored already under the same client id.
pub fn send(c: &mut DbConnection, me: Me, id: ConversationId, client_id: &str, checked: &CheckedSend) -> ApiResult<ChatMessage> {
    let side = me.side();
    let stored = crate::db::write_transaction(c, |c| {
        let conv = mine(c, me, id)?;
        // Sends to one conversation queue here; the resend check below sees every earlier commit.
        chat::lock(c, conv.id)?;
        if let Some(found) = chat::by_client_id(c, conv.id, side, client_id)? {
            return Ok(found);
        }
        writable(c, conv.id, side)?;
        let message_id = store_message(c, &conv, (side, me.sender_id()), client_id, checked.kind.into(), &checked.text, "")?.id;
        crate::domain::chat_extras::flag_if_asking_money(c, side, message_id, &checked.text)?;
        Ok(chat::message_by_id(c, message_id)?)
    })?;
    Ok(message_of(stored, side))
}

/// A page of a conversation's messages after `after_seq`, in seq order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessages {
    pub list: Vec<ChatMessage>,
    /// Whether messages after this page's last are waiting (ask again from its last seq).
    pub more: bool,
    /// The conversation's newest seq.
    pub last_seq: i64,
    /// How far the other side read and received (their read and delivered marks).
    pub peer_read_seq: i64,
    pub peer_delivered_seq: i64,
    /// The caller's own read mark.
    pub read_seq: i64,
    /// Whether the conversation is blocked (拉黑), as the caller sees it.
    pub blocked: BlockState,
}

/// The messages after `after_seq` (at most PAGE); the caller's delivered mark moves up to the last.
pub fn messages(c: &mut DbConnection, me: Me, id: ConversationId, after_seq: i64) -> ApiResult<ChatMessages> {
    let side = me.side();
    let conv = mine(c, me, id)?;
    let mut list = chat::after(c, conv.id, after_seq, PAGE + 1)?;
    let more = list.len() as i64 > PAGE;
    list.truncate(PAGE as usize);
    if let Some(last) = list.last() {
        if last.seq > conv.marks(side).1 {
            let seq = last.seq;
            crate::db::write_transaction(c, |c| Ok(chat::mark_delivered(c, conv.id, side, seq)?))?;
        }
    }
    let (peer_read_seq, peer_delivered_seq) = conv.marks(side.other());
    let mut list: Vec<ChatMessage> = list.into_iter().map(|m| message_of(m, side)).collect();
    chat_cards::live_interviews(c, conv.company_id, list.iter_mut().filter(|m| m.kind == MessageKind::Interview).filter_map(|m| m.interview.as_mut()))?;
    Ok(ChatMessages {
        list,
        more,
        last_seq: conv.last_seq,
        peer_read_seq,
        peer_delivered_seq,
        read_seq: conv.marks(side).0,
        blocked: BlockState::of(&chat_block::blockers(c, conv.id)?, side),
    })
}

/// The caller's read mark after `/chat/read`, and what is left unread.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatRead {
    pub read_seq: i64,
    pub unread: i64,
}

/// Marks the conversation read up to `seq` (at most its newest; never back).
pub fn read(c: &mut DbConnection, me: Me, id: ConversationId, seq: i64) -> ApiResult<ChatRead> {
    let side = me.side();
    let (read_seq, unread) = crate::db::write_transaction(c, |c| {
        let conv = mine(c, me, id)?;
        let upto = seq.min(conv.last_seq);
        chat::mark_read(c, conv.id, side, upto)?;
        let read_seq = upto.max(conv.marks(side).0);
        let unread = chat::unread_counts(c, &[conv.id], side)?.first().map_or(0, |u| u.unread);
        Ok((read_seq, unread))
    })?;
    Ok(ChatRead { read_seq, unread })
}

/// The newest message of a conversation, as a list shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastMessage {
    pub seq: i64,
    pub kind: MessageKind,
    /// The first PREVIEW_CHARS characters (empty once recalled).
    pub text: String,
    pub mine: bool,
    pub created_at: i64,
    /// Whether it is a recall's note (the list shows "对方撤回了一条消息").
    pub recall: bool,
    /// A hand-over's note (the list words it in the reader's language).
    #[schema(required)]
    pub hand_over: Option<crate::domain::chat_extras::HandOverNote>,
}

/// One conversation in the caller's list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatListItem {
    pub conversation_id: ConversationId,
    /// The other side's messages after the caller's read mark.
    pub unread: i64,
    /// The other side: the member's name for a candidate; for a member the candidate's name as the
    /// company may show it (domain/visibility.rs; empty when it may show none).
    pub peer_name: String,
    pub company_id: CompanyId,
    /// The company's short name, else its name.
    pub company_name: String,
    /// The job that opened the conversation.
    pub job_id: JobId,
    pub job_title: String,
    pub state: ConversationState,
    /// The 不合适 reason's code while `state` is unsuitable (the recruiter's list only; '' else).
    pub unsuitable_reason: String,
    #[schema(required)]
    pub last_message: Option<LastMessage>,
    pub last_seq: i64,
    pub read_seq: i64,
    pub peer_read_seq: i64,
    pub updated_at: i64,
    /// Whether the conversation is blocked (拉黑), as the caller sees it (已拉黑 for `byMe`).
    pub blocked: BlockState,
}

/// The caller's conversations.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ChatList {
    pub list: Vec<ChatListItem>,
}

/// The caller's conversations, latest change first (at most LIST_MAX); a member's without the
/// candidates who blocked the company (visibility.rs).
fn visible_conversations(c: &mut DbConnection, me: Me) -> ApiResult<Vec<chat::ListRow>> {
    let mut rows = chat::list_of(c, me.party(), LIST_MAX)?;
    if let Me::Member { company, .. } = me {
        let users: Vec<UserId> = rows.iter().map(|r| r.conversation.user_id).collect();
        let blocking = visibility::users_blocking(c, &users, company)?;
        rows.retain(|r| !blocking.contains(&r.conversation.user_id));
    }
    Ok(rows)
}

/// The caller's conversations, latest change first (at most LIST_MAX). A member's leave out the
/// candidates who blocked the company.
pub fn list(c: &mut DbConnection, me: Me) -> ApiResult<ChatList> {
    let side = me.side();
    let rows = visible_conversations(c, me)?;
    let ids: Vec<ConversationId> = rows.iter().map(|r| r.conversation.id).collect();
    let unread = chat::unread_counts(c, &ids, side)?;
    let mut last = chat::last_messages(c, &ids)?;
    let blocks = chat_block::of_conversations(c, &ids)?;
    let mut list = Vec::with_capacity(rows.len());
    for row in rows {
        let conv = row.conversation;
        let peer_name = match me {
            Me::Candidate(_) => row.member.name,
            Me::Member { company, .. } => match conv.resume_id {
                Some(resume) => visibility::shown_name_of_resume(c, company, resume)?.unwrap_or_default(),
                None => String::new(),
            },
        };
        let last_message = last.iter().position(|m| m.conversation_id == conv.id).map(|i| last.swap_remove(i)).map(|m| LastMessage {
            hand_over: crate::domain::chat_extras::hand_over_of(&m),
            seq: m.seq,
            kind: m.kind,
            text: if m.recalled_at.is_some() { String::new() } else { m.text.chars().take(PREVIEW_CHARS).collect() },
            mine: m.sender_side == side,
            created_at: m.created_at,
            recall: m.client_id.starts_with(chat::RECALL_NOTE_PREFIX),
        });
        let company_name = if row.company.short_name.trim().is_empty() { row.company.name } else { row.company.short_name };
        list.push(ChatListItem {
            conversation_id: conv.id,
            unread: unread.iter().find(|u| u.conversation == conv.id).map_or(0, |u| u.unread),
            peer_name,
            company_id: row.company.id,
            company_name,
            job_id: row.job.id,
            job_title: row.job.title,
            unsuitable_reason: if side == Side::Company { conv.unsuitable_reason.clone() } else { String::new() },
            state: conv.state,
            last_message,
            last_seq: conv.last_seq,
            read_seq: conv.marks(side).0,
            peer_read_seq: conv.marks(side.other()).0,
            updated_at: conv.updated_at,
            blocked: BlockState::of(&blocks.iter().filter(|(id, _)| *id == conv.id).map(|(_, s)| *s).collect::<Vec<_>>(), side),
        });
    }
    Ok(ChatList { list })
}

/// The caller's unread total: the sum of their list's `unread` (the same conversations, without
/// the names and previews a list reads).
pub fn unread_total(c: &mut DbConnection, me: Me) -> ApiResult<i64> {
    let rows = visible_conversations(c, me)?;
    let ids: Vec<ConversationId> = rows.iter().map(|r| r.conversation.id).collect();
    Ok(chat::unread_counts(c, &ids, me.side())?.iter().map(|u| u.unread).sum())
}

/// Messages one user (a candidate, a member) may send a minute, counted in the shared store.
pub const SENDS_PER_MINUTE: u32 = 60;

/// The send limiter's key for the caller.
pub fn send_limit_key(me: Me) -> String {
    match me {
        Me::Candidate(u) => format!("u:{}", u.0),
        Me::Member { id, .. } => format!("m:{}", id.0),
    }
}

/// A send's fields checked by core-wasm's rule: BAD_INPUT `<field>: <key>` (`text: chat.textTooLong`).
pub fn checked_send(kind: &str, text: &str, client_id: &str) -> ApiResult<CheckedSend> {
    core_wasm::chat::check_send(kind, text, client_id).map_err(|p| ApiError::BadInput(format!("{}: {}", p.field(), p.key())))
}

/// A seq from a form field: empty is 0, else a whole number from 0.
pub fn parse_seq(raw: &str, field: &str) -> ApiResult<i64> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(0);
    }
    raw.parse::<i64>().ok().filter(|n| *n >= 0).ok_or_else(|| ApiError::BadInput(format!("{field} must be a whole number from 0")))
}
