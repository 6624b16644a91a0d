//! The offline notice's rows (issue 32; the rule is domain/chat_notice.rs's): conversations with a
//! message left unread, the recipients' contacts and switches, and each side's noticed time.

use diesel::prelude::*;

use crate::db::chat::Side;
use crate::db::schema::{chat_messages, companies, company_members, conversations, jobs, users};
use crate::db::DbConnection;
use crate::ids::{CompanyId, ConversationId, MemberId, UserId};

/// A conversation whose `reader` side has a message from the other side unread since before `cutoff`.
#[derive(Debug, Clone, Queryable)]
pub struct Waiting {
    pub id: ConversationId,
    pub user_id: UserId,
    pub company_id: CompanyId,
    pub member_id: MemberId,
    /// The reader side's noticed time when it was read: the stamp changes only from this value.
    pub noticed_at: i64,
}

/// Conversations changed since `since` in which `reader` has a message of the other side, not
/// recalled, unread, sent before `cutoff` and after `reader`'s last notice, whose last notice is
/// at or before `gap_before`; at most `limit`, oldest change first.
pub fn waiting(conn: &mut DbConnection, reader: Side, since: i64, cutoff: i64, gap_before: i64, limit: i64) -> QueryResult<Vec<Waiting>> {
    let unread = chat_messages::table
        .filter(chat_messages::conversation_id.eq(conversations::id))
        .filter(chat_messages::sender_side.eq(reader.other()))
        .filter(chat_messages::created_at.le(cutoff))
        .filter(chat_messages::recalled_at.is_null());
    let base = conversations::table.filter(conversations::updated_at.gt(since)).order(conversations::updated_at.asc()).limit(limit);
    match reader {
        Side::Candidate => base
            .filter(conversations::candidate_noticed_at.le(gap_before))
            .filter(diesel::dsl::exists(
                unread
                    .filter(chat_messages::seq.gt(conversations::candidate_read_seq))
                    .filter(chat_messages::created_at.gt(conversations::candidate_noticed_at)),
            ))
            .select((
                conversations::id,
                conversations::user_id,
                conversations::company_id,
                conversations::member_id,
                conversations::candidate_noticed_at,
            ))
            .load(conn),
        Side::Company => base
            .filter(conversations::member_noticed_at.le(gap_before))
            .filter(diesel::dsl::exists(
                unread
                    .filter(chat_messages::seq.gt(conversations::member_read_seq))
                    .filter(chat_messages::created_at.gt(conversations::member_noticed_at)),
            ))
            .select((
                conversations::id,
                conversations::user_id,
                conversations::company_id,
                conversations::member_id,
                conversations::member_noticed_at,
            ))
            .load(conn),
    }
}

/// Stamps `reader`'s noticed time, if it is still `was` (another round may have stamped it): 1 when
/// stamped here.
pub fn stamp(conn: &mut DbConnection, id: ConversationId, reader: Side, was: i64, now: i64) -> QueryResult<usize> {
    let row = conversations::table.find(id);
    match reader {
        Side::Candidate => {
            diesel::update(row.filter(conversations::candidate_noticed_at.eq(was))).set(conversations::candidate_noticed_at.eq(now)).execute(conn)
        }
        Side::Company => {
            diesel::update(row.filter(conversations::member_noticed_at.eq(was))).set(conversations::member_noticed_at.eq(now)).execute(conn)
        }
    }
}

/// What a notice to the candidate needs: their contacts and switch.
#[derive(Debug, Clone, Queryable)]
pub struct CandidateContact {
    pub name: String,
    pub email: Option<String>,
    pub wx_openid: Option<String>,
    pub disabled: bool,
    pub chat_notice: bool,
}

pub fn candidate(conn: &mut DbConnection, user: UserId) -> QueryResult<Option<CandidateContact>> {
    users::table.find(user).select((users::name, users::email, users::wx_openid, users::disabled, users::chat_notice)).first(conn).optional()
}

/// What a notice to the member needs, and what a notice about them says (name, company).
#[derive(Debug, Clone, Queryable)]
pub struct MemberContact {
    pub name: String,
    pub mobile: String,
    pub disabled: bool,
    pub chat_notice: bool,
    pub company_name: String,
    pub company_short_name: String,
}

pub fn member(conn: &mut DbConnection, member: MemberId) -> QueryResult<Option<MemberContact>> {
    company_members::table
        .inner_join(companies::table)
        .filter(company_members::id.eq(member))
        .select((
            company_members::name,
            company_members::mobile,
            company_members::disabled,
            company_members::chat_notice,
            companies::name,
            companies::short_name,
        ))
        .first(conn)
        .optional()
}

/// The title of the conversation's job (the one that opened it).
pub fn job_title(conn: &mut DbConnection, id: ConversationId) -> QueryResult<String> {
    conversations::table.inner_join(jobs::table).filter(conversations::id.eq(id)).select(jobs::title).first(conn)
}

/// The candidate's switch.
pub fn user_switch(conn: &mut DbConnection, user: UserId) -> QueryResult<bool> {
    users::table.find(user).select(users::chat_notice).first(conn)
}

pub fn set_user_switch(conn: &mut DbConnection, user: UserId, on: bool) -> QueryResult<usize> {
    diesel::update(users::table.find(user)).set(users::chat_notice.eq(on)).execute(conn)
}

/// The member's switch.
pub fn member_switch(conn: &mut DbConnection, member: MemberId) -> QueryResult<bool> {
    company_members::table.find(member).select(company_members::chat_notice).first(conn)
}

pub fn set_member_switch(conn: &mut DbConnection, member: MemberId, on: bool) -> QueryResult<usize> {
    diesel::update(company_members::table.find(member)).set(company_members::chat_notice.eq(on)).execute(conn)
}
