//! `chat_phrases`: each user's greetings (打招呼语) and quick replies (常用语) in chat (issue 32).
//! The rules (limits, the built-in ones, one default greeting) are domain/chat_tools.rs's.

use diesel::prelude::*;

use crate::db::chat::Side;
use crate::db::schema::chat_phrases;
use crate::db::DbConnection;
use crate::ids::ChatPhraseId;

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = chat_phrases)]
pub struct Phrase {
    pub id: ChatPhraseId,
    pub owner_side: Side,
    pub owner_id: i64,
    pub kind: String,
    pub text: String,
    pub is_default: bool,
    pub position: i64,
    pub created_at: i64,
}

/// The owner's phrases of `kind`, in order.
pub fn of_owner(conn: &mut DbConnection, side: Side, owner: i64, kind: &str) -> QueryResult<Vec<Phrase>> {
    chat_phrases::table
        .filter(chat_phrases::owner_side.eq(side))
        .filter(chat_phrases::owner_id.eq(owner))
        .filter(chat_phrases::kind.eq(kind))
        .order((chat_phrases::position.asc(), chat_phrases::id.asc()))
        .select(Phrase::as_select())
        .load(conn)
}

pub fn insert(conn: &mut DbConnection, p: &Phrase) -> QueryResult<usize> {
    diesel::insert_into(chat_phrases::table).values(p).execute(conn)
}

/// Deletes the owner's phrases of `kind`.
pub fn delete_kind(conn: &mut DbConnection, side: Side, owner: i64, kind: &str) -> QueryResult<usize> {
    diesel::delete(chat_phrases::table.filter(chat_phrases::owner_side.eq(side)).filter(chat_phrases::owner_id.eq(owner)).filter(chat_phrases::kind.eq(kind)))
        .execute(conn)
}
