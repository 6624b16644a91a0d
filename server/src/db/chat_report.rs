//! `chat_reports` (issue 32): reports (举报) of a conversation, each with its copy of the reported
//! message and the ten before it. The rules (who may report, what is copied, how an admin handles
//! one) are domain/chat_report.rs's; here are only the rows and queries.

use diesel::prelude::*;

use crate::db::chat::{Message, Side};
use crate::db::schema::{chat_messages, chat_reports, companies, company_members, conversations, users};
use crate::db::DbConnection;
use crate::ids::{ChatMessageId, ChatReportId, ConversationId, MemberId, UserId};

#[derive(Debug, Insertable)]
#[diesel(table_name = chat_reports)]
pub struct NewChatReport<'a> {
    pub id: ChatReportId,
    pub conversation_id: ConversationId,
    pub reporter_side: Side,
    pub reporter_id: i64,
    pub reporter_name: &'a str,
    pub reported_side: Side,
    pub reported_id: i64,
    pub reported_name: &'a str,
    pub reason: &'a str,
    pub detail: &'a str,
    pub message_id: ChatMessageId,
    pub messages: &'a str,
    pub created_at: i64,
}

pub fn insert(conn: &mut DbConnection, new: &NewChatReport) -> QueryResult<usize> {
    diesel::insert_into(chat_reports::table).values(new).execute(conn)
}

/// A report as the admin console lists it (`messages` is the JSON copy).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = chat_reports)]
pub struct ChatReportRow {
    pub id: ChatReportId,
    pub reporter_side: Side,
    pub reporter_name: String,
    pub reported_side: Side,
    pub reported_id: i64,
    pub reported_name: String,
    pub reason: String,
    pub detail: String,
    pub message_id: ChatMessageId,
    pub messages: String,
    pub created_at: i64,
    pub handled_at: Option<i64>,
    pub outcome: String,
}

pub fn open_count(conn: &mut DbConnection) -> QueryResult<i64> {
    chat_reports::table.filter(chat_reports::handled_at.is_null()).count().get_result(conn)
}

/// Open reports, newest first, with how many there are.
pub fn open_page(conn: &mut DbConnection, offset: i64, limit: i64) -> QueryResult<(i64, Vec<ChatReportRow>)> {
    let total = open_count(conn)?;
    let rows = chat_reports::table
        .filter(chat_reports::handled_at.is_null())
        .order((chat_reports::created_at.desc(), chat_reports::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(ChatReportRow::as_select())
        .load(conn)?;
    Ok((total, rows))
}

pub fn by_id(conn: &mut DbConnection, id: ChatReportId) -> QueryResult<Option<ChatReportRow>> {
    chat_reports::table.find(id).select(ChatReportRow::as_select()).first(conn).optional()
}

/// Marks the report handled with `outcome`; 0 when it is unknown or was handled already.
pub fn handle(conn: &mut DbConnection, id: ChatReportId, outcome: &str, now: i64) -> QueryResult<usize> {
    diesel::update(chat_reports::table.find(id).filter(chat_reports::handled_at.is_null()))
        .set((chat_reports::handled_at.eq(Some(now)), chat_reports::outcome.eq(outcome)))
        .execute(conn)
}

/// The message `seq` of the conversation and the `before` messages before it, in seq order.
pub fn up_to(conn: &mut DbConnection, conversation: ConversationId, seq: i64, before: i64) -> QueryResult<Vec<Message>> {
    let mut rows: Vec<Message> = chat_messages::table
        .filter(chat_messages::conversation_id.eq(conversation))
        .filter(chat_messages::seq.le(seq))
        .order(chat_messages::seq.desc())
        .limit(before + 1)
        .select(Message::as_select())
        .load(conn)?;
    rows.reverse();
    Ok(rows)
}

/// The newest message `side` sent in the conversation that a person wrote (not the server's cards
/// and notes, whose client ids start with ':').
pub fn latest_of_side(conn: &mut DbConnection, conversation: ConversationId, side: Side) -> QueryResult<Option<Message>> {
    chat_messages::table
        .filter(chat_messages::conversation_id.eq(conversation))
        .filter(chat_messages::sender_side.eq(side))
        .filter(chat_messages::client_id.not_like(":%"))
        .order(chat_messages::seq.desc())
        .select(Message::as_select())
        .first(conn)
        .optional()
}

/// The two parties of a conversation as a report names them.
#[derive(Debug, Clone, Queryable)]
pub struct Parties {
    pub user_id: UserId,
    pub user_name: String,
    pub user_mobile: Option<String>,
    pub member_id: MemberId,
    pub member_name: String,
    pub member_mobile: String,
    pub company_name: String,
}

pub fn parties(conn: &mut DbConnection, conversation: ConversationId) -> QueryResult<Option<Parties>> {
    conversations::table
        .inner_join(users::table.on(users::id.eq(conversations::user_id)))
        .inner_join(company_members::table.on(company_members::id.eq(conversations::member_id)))
        .inner_join(companies::table.on(companies::id.eq(conversations::company_id)))
        .filter(conversations::id.eq(conversation))
        .select((users::id, users::name, users::mobile, company_members::id, company_members::name, company_members::mobile, companies::name))
        .first(conn)
        .optional()
}

/// The mobile of a report's reported party (a user's, a member's), which the console's disabling
/// tool (domain/admin/accounts.rs) takes.
pub fn mobile_of(conn: &mut DbConnection, side: Side, id: i64) -> QueryResult<Option<String>> {
    match side {
        Side::Candidate => Ok(users::table.find(UserId(id)).select(users::mobile).first::<Option<String>>(conn).optional()?.flatten()),
        Side::Company => company_members::table.find(MemberId(id)).select(company_members::mobile).first(conn).optional(),
    }
}
