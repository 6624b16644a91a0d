//! `conversations` and `chat_messages` (issue 32): a candidate and a company member talk. The
//! rules (who may open, see and write what; seqs given out in the storing transaction) are
//! domain/chat.rs's; here are only the rows and queries.

use diesel::prelude::*;

use crate::db::schema::{chat_messages, chat_wechat_ids, companies, company_members, conversations, jobs};
use crate::db::DbConnection;
use crate::ids::{ChatMessageId, CompanyId, ConversationId, JobId, MemberId, ResumeId, UserId};

text_enum! {
    /// Which side of a conversation wrote a message, or reads it.
    pub enum Side {
        Candidate = "candidate",
        Company = "company",
    }
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Candidate => Side::Company,
            Side::Company => Side::Candidate,
        }
    }
}

text_enum! {
    /// Where a conversation stands: open, or marked 不合适 by the recruiter.
    pub enum ConversationState {
        Open = "open",
        Unsuitable = "unsuitable",
    }
}

text_enum! {
    /// A message's kind: core-wasm chat.rs `Kind`, by the same codes.
    pub enum MessageKind {
        Text = "text",
        Emoji = "emoji",
        Picture = "picture",
        Exchange = "exchange",
        Job = "job",
        System = "system",
        Interview = "interview",
    }
}

impl From<core_wasm::chat::Kind> for MessageKind {
    fn from(k: core_wasm::chat::Kind) -> Self {
        MessageKind::from_code(k.code()).unwrap_or(MessageKind::System)
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = conversations)]
pub struct Conversation {
    pub id: ConversationId,
    pub user_id: UserId,
    pub company_id: CompanyId,
    pub member_id: MemberId,
    pub job_id: JobId,
    pub resume_id: Option<ResumeId>,
    pub last_seq: i64,
    pub state: ConversationState,
    pub candidate_read_seq: i64,
    pub candidate_delivered_seq: i64,
    pub member_read_seq: i64,
    pub member_delivered_seq: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub unsuitable_reason: String,
}

impl Conversation {
    /// (read, delivered) of `side`.
    pub fn marks(&self, side: Side) -> (i64, i64) {
        match side {
            Side::Candidate => (self.candidate_read_seq, self.candidate_delivered_seq),
            Side::Company => (self.member_read_seq, self.member_delivered_seq),
        }
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = conversations)]
pub struct NewConversation {
    pub id: ConversationId,
    pub user_id: UserId,
    pub company_id: CompanyId,
    pub member_id: MemberId,
    pub job_id: JobId,
    pub resume_id: Option<ResumeId>,
    pub state: ConversationState,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Inserts the conversation unless the pair has one (two first openings at once: the later one
/// waits for the earlier and inserts nothing); answers the rows inserted.
pub fn insert_unless_paired(conn: &mut DbConnection, new: &NewConversation) -> QueryResult<usize> {
    match conn {
        DbConnection::Postgresql(c) => diesel::insert_into(conversations::table).values(new).on_conflict_do_nothing().execute(c),
        DbConnection::Sqlite(c) => diesel::insert_into(conversations::table).values(new).on_conflict_do_nothing().execute(c),
    }
}

pub fn by_id(conn: &mut DbConnection, id: ConversationId) -> QueryResult<Option<Conversation>> {
    conversations::table.find(id).select(Conversation::as_select()).first(conn).optional()
}

/// The conversation of this candidate and member, if they have one.
pub fn of_pair(conn: &mut DbConnection, user: UserId, member: MemberId) -> QueryResult<Option<Conversation>> {
    conversations::table
        .filter(conversations::user_id.eq(user))
        .filter(conversations::member_id.eq(member))
        .select(Conversation::as_select())
        .first(conn)
        .optional()
}

/// Takes the conversation's row lock for the rest of the transaction (PostgreSQL; on SQLite the
/// write transaction holds the file's): sends to one conversation queue here. 0 when there is no such row.
pub fn lock(conn: &mut DbConnection, id: ConversationId) -> QueryResult<usize> {
    diesel::update(conversations::table.find(id)).set(conversations::last_seq.eq(conversations::last_seq)).execute(conn)
}

/// The conversation's next seq, taken: last_seq goes up by one (and updated_at to `now`).
pub fn take_seq(conn: &mut DbConnection, id: ConversationId, now: i64) -> QueryResult<i64> {
    diesel::update(conversations::table.find(id))
        .set((conversations::last_seq.eq(conversations::last_seq + 1), conversations::updated_at.eq(now)))
        .execute(conn)?;
    conversations::table.find(id).select(conversations::last_seq).first(conn)
}

/// Moves `side`'s read mark up to `seq` (never down), and its delivered mark with it.
pub fn mark_read(conn: &mut DbConnection, id: ConversationId, side: Side, seq: i64) -> QueryResult<()> {
    mark_delivered(conn, id, side, seq)?;
    let q = conversations::table.find(id);
    match side {
        Side::Candidate => {
            diesel::update(q.filter(conversations::candidate_read_seq.lt(seq))).set(conversations::candidate_read_seq.eq(seq)).execute(conn)?
        }
        Side::Company => diesel::update(q.filter(conversations::member_read_seq.lt(seq))).set(conversations::member_read_seq.eq(seq)).execute(conn)?,
    };
    Ok(())
}

/// Moves `side`'s delivered mark up to `seq` (never down).
pub fn mark_delivered(conn: &mut DbConnection, id: ConversationId, side: Side, seq: i64) -> QueryResult<()> {
    let q = conversations::table.find(id);
    match side {
        Side::Candidate => diesel::update(q.filter(conversations::candidate_delivered_seq.lt(seq)))
            .set(conversations::candidate_delivered_seq.eq(seq))
            .execute(conn)?,
        Side::Company => diesel::update(q.filter(conversations::member_delivered_seq.lt(seq)))
            .set(conversations::member_delivered_seq.eq(seq))
            .execute(conn)?,
    };
    Ok(())
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = chat_messages)]
pub struct Message {
    pub id: ChatMessageId,
    pub conversation_id: ConversationId,
    pub seq: i64,
    pub sender_side: Side,
    pub sender_id: i64,
    pub client_id: String,
    pub kind: MessageKind,
    pub text: String,
    pub payload: String,
    pub created_at: i64,
    pub recalled_at: Option<i64>,
    pub flag: String,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = chat_messages)]
pub struct NewMessage<'a> {
    pub id: ChatMessageId,
    pub conversation_id: ConversationId,
    pub seq: i64,
    pub sender_side: Side,
    pub sender_id: i64,
    pub client_id: &'a str,
    pub kind: MessageKind,
    pub text: &'a str,
    pub payload: &'a str,
    pub created_at: i64,
}

pub fn insert_message(conn: &mut DbConnection, new: &NewMessage) -> QueryResult<usize> {
    diesel::insert_into(chat_messages::table).values(new).execute(conn)
}

pub fn message_by_id(conn: &mut DbConnection, id: ChatMessageId) -> QueryResult<Message> {
    chat_messages::table.find(id).select(Message::as_select()).first(conn)
}

/// The message `side` sent with `client_id` in the conversation, if any.
pub fn by_client_id(conn: &mut DbConnection, conversation: ConversationId, side: Side, client_id: &str) -> QueryResult<Option<Message>> {
    chat_messages::table
        .filter(chat_messages::conversation_id.eq(conversation))
        .filter(chat_messages::sender_side.eq(side))
        .filter(chat_messages::client_id.eq(client_id))
        .select(Message::as_select())
        .first(conn)
        .optional()
}

/// Up to `limit` messages after `after`, in seq order.
pub fn after(conn: &mut DbConnection, conversation: ConversationId, after: i64, limit: i64) -> QueryResult<Vec<Message>> {
    chat_messages::table
        .filter(chat_messages::conversation_id.eq(conversation))
        .filter(chat_messages::seq.gt(after))
        .order(chat_messages::seq.asc())
        .limit(limit)
        .select(Message::as_select())
        .load(conn)
}

/// The newest job card of the conversation.
pub fn last_job_card(conn: &mut DbConnection, conversation: ConversationId) -> QueryResult<Option<Message>> {
    chat_messages::table
        .filter(chat_messages::conversation_id.eq(conversation))
        .filter(chat_messages::kind.eq(MessageKind::Job))
        .order(chat_messages::seq.desc())
        .select(Message::as_select())
        .first(conn)
        .optional()
}

/// The newest message of each of `conversations`.
pub fn last_messages(conn: &mut DbConnection, ids: &[ConversationId]) -> QueryResult<Vec<Message>> {
    chat_messages::table
        .inner_join(conversations::table)
        .filter(conversations::id.eq_any(ids))
        .filter(chat_messages::seq.eq(conversations::last_seq))
        .select(Message::as_select())
        .load(conn)
}

/// Per conversation of `ids`, how many messages of `from` come after `reader`'s read mark.
#[derive(Debug, Clone, Queryable)]
pub struct UnreadCount {
    pub conversation: ConversationId,
    pub unread: i64,
}

pub fn unread_counts(conn: &mut DbConnection, ids: &[ConversationId], reader: Side) -> QueryResult<Vec<UnreadCount>> {
    let q = chat_messages::table
        .inner_join(conversations::table)
        .filter(conversations::id.eq_any(ids))
        .filter(chat_messages::sender_side.eq(reader.other()))
        // A recalled message is no longer there to read, and the note of a recall is no news.
        .filter(chat_messages::recalled_at.is_null())
        .filter(chat_messages::client_id.not_like(format!("{RECALL_NOTE_PREFIX}%")))
        .group_by(chat_messages::conversation_id)
        .select((chat_messages::conversation_id, diesel::dsl::count_star()));
    match reader {
        Side::Candidate => q.filter(chat_messages::seq.gt(conversations::candidate_read_seq)).load(conn),
        Side::Company => q.filter(chat_messages::seq.gt(conversations::member_read_seq)).load(conn),
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = jobs)]
pub struct ConversationJob {
    pub id: JobId,
    pub title: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = company_members)]
pub struct ConversationMember {
    pub id: MemberId,
    pub name: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = companies)]
pub struct ConversationCompany {
    pub id: CompanyId,
    pub name: String,
    pub short_name: String,
}

/// A conversation with its job, member and company, as the lists show it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = conversations)]
pub struct ListRow {
    #[diesel(embed)]
    pub conversation: Conversation,
    #[diesel(embed)]
    pub job: ConversationJob,
    #[diesel(embed)]
    pub member: ConversationMember,
    #[diesel(embed)]
    pub company: ConversationCompany,
}

/// Whose conversations a list holds.
#[derive(Debug, Clone, Copy)]
pub enum Party {
    Candidate(UserId),
    Member(MemberId),
}

/// The party's conversations, latest change first, at most `limit`.
pub fn list_of(conn: &mut DbConnection, party: Party, limit: i64) -> QueryResult<Vec<ListRow>> {
    let q = conversations::table
        .inner_join(jobs::table)
        .inner_join(company_members::table.inner_join(companies::table))
        .order((conversations::updated_at.desc(), conversations::id.desc()))
        .limit(limit)
        .select(ListRow::as_select())
        .into_boxed();
    match party {
        Party::Candidate(user) => q.filter(conversations::user_id.eq(user)).load(conn),
        Party::Member(member) => q.filter(conversations::member_id.eq(member)).load(conn),
    }
}

/// The conversations `member` holds that `job` opened (a hand-over moves them, domain/chat_handover.rs).
pub fn of_job_and_member(conn: &mut DbConnection, job: JobId, member: MemberId) -> QueryResult<Vec<Conversation>> {
    conversations::table
        .filter(conversations::job_id.eq(job))
        .filter(conversations::member_id.eq(member))
        .order(conversations::id.asc())
        .select(Conversation::as_select())
        .load(conn)
}

/// Every conversation `member` holds.
pub fn of_member(conn: &mut DbConnection, member: MemberId) -> QueryResult<Vec<Conversation>> {
    conversations::table.filter(conversations::member_id.eq(member)).order(conversations::id.asc()).select(Conversation::as_select()).load(conn)
}

/// Gives the conversation to `member` (its messages, seqs and both sides' marks stay as they are).
pub fn set_member(conn: &mut DbConnection, id: ConversationId, member: MemberId) -> QueryResult<usize> {
    diesel::update(conversations::table.find(id)).set(conversations::member_id.eq(member)).execute(conn)
}

/// The channel chat's wake-ups ring on, when servers share a PostgreSQL (providers/wakeup.rs).
pub const WAKE_CHANNEL: &str = "chat_wake";

/// Rings every server listening on WAKE_CHANNEL with `payload` (PostgreSQL only; SQLite has one
/// server, whose own hub was rung already). Sent when the call's transaction commits, here at once.
pub fn notify(conn: &mut DbConnection, payload: &str) -> QueryResult<()> {
    if let DbConnection::Postgresql(pg) = conn {
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<diesel::sql_types::Text, _>(WAKE_CHANNEL)
            .bind::<diesel::sql_types::Text, _>(payload)
            .execute(pg)?;
    }
    Ok(())
}

/// A connection of its own that listens on WAKE_CHANNEL (it must not go back to a pool).
pub fn listening(url: &str) -> ConnectionResult<diesel::pg::PgConnection> {
    let mut conn = diesel::pg::PgConnection::establish(url)?;
    diesel::sql_query(format!("LISTEN {WAKE_CHANNEL}")).execute(&mut conn).map_err(|e| ConnectionError::BadConnection(e.to_string()))?;
    Ok(conn)
}

/// The payloads that arrived on a listening connection (nothing waits: libpq reads what the socket
/// holds). An error means the connection is gone.
pub fn arrived(conn: &mut diesel::pg::PgConnection) -> QueryResult<Vec<String>> {
    conn.notifications_iter().map(|n| n.map(|n| n.payload)).collect()
}

/// A round trip on a listening connection: an error means it is gone (a quiet socket may not say).
pub fn still_there(conn: &mut diesel::pg::PgConnection) -> QueryResult<()> {
    diesel::sql_query("SELECT 1").execute(conn).map(|_| ())
}


// Exchange and interview cards (domain/chat_exchange.rs).

/// Rewrites a card's payload (an exchange's answer, under the conversation's lock).
pub fn set_payload(conn: &mut DbConnection, id: ChatMessageId, payload: &str) -> QueryResult<usize> {
    diesel::update(chat_messages::table.find(id)).set(chat_messages::payload.eq(payload)).execute(conn)
}

/// The conversation's messages of `kind`, oldest first (exchange cards: a thread holds a few).
pub fn of_kind(conn: &mut DbConnection, conversation: ConversationId, kind: MessageKind) -> QueryResult<Vec<Message>> {
    chat_messages::table
        .filter(chat_messages::conversation_id.eq(conversation))
        .filter(chat_messages::kind.eq(kind))
        .order(chat_messages::seq.asc())
        .select(Message::as_select())
        .load(conn)
}

/// The messages whose client id is `client_id` (the server's card ids, such as `:interview:ID`), in any conversation.
pub fn by_server_client_id(conn: &mut DbConnection, client_id: &str) -> QueryResult<Vec<Message>> {
    chat_messages::table.filter(chat_messages::client_id.eq(client_id)).select(Message::as_select()).load(conn)
}

/// The WeChat id `side`'s `owner` (a user, a member) gave, if any.
pub fn wechat_id_of(conn: &mut DbConnection, side: Side, owner: i64) -> QueryResult<Option<String>> {
    chat_wechat_ids::table.find((side, owner)).select(chat_wechat_ids::wechat_id).first(conn).optional()
}

/// Sets (or, empty, removes) `side`'s `owner`'s WeChat id.
pub fn set_wechat_id(conn: &mut DbConnection, side: Side, owner: i64, wechat_id: &str, now: i64) -> QueryResult<()> {
    diesel::delete(chat_wechat_ids::table.find((side, owner))).execute(conn)?;
    if !wechat_id.is_empty() {
        diesel::insert_into(chat_wechat_ids::table)
            .values((
                chat_wechat_ids::side.eq(side),
                chat_wechat_ids::owner_id.eq(owner),
                chat_wechat_ids::wechat_id.eq(wechat_id),
                chat_wechat_ids::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The client id of a recall's note starts so (then the recalled seq): no client sends a ':'.
pub const RECALL_NOTE_PREFIX: &str = ":recall:";

/// The message `id`, if there is one.
pub fn find_message(conn: &mut DbConnection, id: ChatMessageId) -> QueryResult<Option<Message>> {
    chat_messages::table.find(id).select(Message::as_select()).first(conn).optional()
}

/// Marks the message recalled at `now` unless it was already; answers the rows changed.
pub fn mark_recalled(conn: &mut DbConnection, id: ChatMessageId, now: i64) -> QueryResult<usize> {
    diesel::update(chat_messages::table.find(id).filter(chat_messages::recalled_at.is_null())).set(chat_messages::recalled_at.eq(now)).execute(conn)
}

/// Sets a stored message's flag (`money`).
pub fn set_flag(conn: &mut DbConnection, id: ChatMessageId, flag: &str) -> QueryResult<usize> {
    diesel::update(chat_messages::table.find(id)).set(chat_messages::flag.eq(flag)).execute(conn)
}

/// Sets the conversation's state and 不合适 reason ('' when open).
pub fn set_state(conn: &mut DbConnection, id: ConversationId, state: ConversationState, reason: &str) -> QueryResult<usize> {
    diesel::update(conversations::table.find(id)).set((conversations::state.eq(state), conversations::unsuitable_reason.eq(reason))).execute(conn)
}

/// Per conversation of `ids` and side, how many messages people sent (not the server's job cards
/// and notes, whose client ids start with ':').
pub fn sent_counts(conn: &mut DbConnection, ids: &[ConversationId]) -> QueryResult<Vec<(ConversationId, Side, i64)>> {
    chat_messages::table
        .filter(chat_messages::conversation_id.eq_any(ids))
        .filter(chat_messages::kind.ne_all([MessageKind::Job, MessageKind::System]))
        .filter(chat_messages::client_id.not_like(":%"))
        .group_by((chat_messages::conversation_id, chat_messages::sender_side))
        .select((chat_messages::conversation_id, chat_messages::sender_side, diesel::dsl::count_star()))
        .load(conn)
}

/// Those of `ids` with an exchange card answered 同意 (the exchange card's payload holds
/// `"state":"accepted"`).
pub fn exchanged(conn: &mut DbConnection, ids: &[ConversationId]) -> QueryResult<Vec<ConversationId>> {
    chat_messages::table
        .filter(chat_messages::conversation_id.eq_any(ids))
        .filter(chat_messages::kind.eq(MessageKind::Exchange))
        .filter(chat_messages::payload.like("%\"state\":\"accepted\"%"))
        .select(chat_messages::conversation_id)
        .distinct()
        .load(conn)
}

/// How many messages carry `flag`, all told and since `since` (ms).
pub fn flagged_counts(conn: &mut DbConnection, flag: &str, since: i64) -> QueryResult<(i64, i64)> {
    let all = chat_messages::table.filter(chat_messages::flag.eq(flag)).count().get_result(conn)?;
    let recent = chat_messages::table.filter(chat_messages::flag.eq(flag)).filter(chat_messages::created_at.ge(since)).count().get_result(conn)?;
    Ok((all, recent))
}
