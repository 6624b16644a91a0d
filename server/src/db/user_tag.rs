//! `user_tags`: a candidate's interest tags, in their order.

use diesel::prelude::*;

use crate::db::schema::user_tags;
use crate::db::DbConnection;
use crate::ids::UserId;

pub fn of_user(conn: &mut DbConnection, user: UserId) -> QueryResult<Vec<String>> {
    user_tags::table.filter(user_tags::user_id.eq(user)).order(user_tags::position.asc()).select(user_tags::tag).load(conn)
}

/// Sets the user's tags to `tags`, in that order. Call inside a write transaction.
pub fn replace(conn: &mut DbConnection, user: UserId, tags: &[String], now: i64) -> QueryResult<()> {
    diesel::delete(user_tags::table.filter(user_tags::user_id.eq(user))).execute(conn)?;
    for (i, tag) in tags.iter().enumerate() {
        diesel::insert_into(user_tags::table)
            .values((
                user_tags::user_id.eq(user),
                user_tags::tag.eq(tag),
                user_tags::position.eq(i as i32),
                user_tags::created_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(())
}
