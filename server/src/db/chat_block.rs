//! `chat_blocks` (issue 32): which side of a conversation blocked it (拉黑). The rules are
//! domain/chat_report.rs's (and domain/chat.rs's `writable`); here are only the rows.

use diesel::prelude::*;

use crate::db::chat::Side;
use crate::db::schema::chat_blocks;
use crate::db::DbConnection;
use crate::ids::ConversationId;

/// The sides that blocked the conversation (none, one, or both).
pub fn blockers(conn: &mut DbConnection, id: ConversationId) -> QueryResult<Vec<Side>> {
    chat_blocks::table.filter(chat_blocks::conversation_id.eq(id)).select(chat_blocks::side).load(conn)
}

/// Each blocked conversation of `ids` with the side that blocked it (a pair per block).
pub fn of_conversations(conn: &mut DbConnection, ids: &[ConversationId]) -> QueryResult<Vec<(ConversationId, Side)>> {
    chat_blocks::table
        .filter(chat_blocks::conversation_id.eq_any(ids))
        .select((chat_blocks::conversation_id, chat_blocks::side))
        .load(conn)
}

/// `side` blocks the conversation (nothing changes when it did already); answers the rows inserted.
pub fn insert(conn: &mut DbConnection, id: ConversationId, side: Side, now: i64) -> QueryResult<usize> {
    let row = (chat_blocks::conversation_id.eq(id), chat_blocks::side.eq(side), chat_blocks::created_at.eq(now));
    match conn {
        DbConnection::Postgresql(c) => diesel::insert_into(chat_blocks::table).values(row).on_conflict_do_nothing().execute(c),
        DbConnection::Sqlite(c) => diesel::insert_into(chat_blocks::table).values(row).on_conflict_do_nothing().execute(c),
    }
}

/// `side` unblocks the conversation; answers the rows deleted.
pub fn delete(conn: &mut DbConnection, id: ConversationId, side: Side) -> QueryResult<usize> {
    diesel::delete(chat_blocks::table.find((id, side))).execute(conn)
}
