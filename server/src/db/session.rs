use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::{SessionId, UserId};
use crate::db::user::User;
use crate::db::schema::{sessions, users};

#[derive(Debug, Insertable)]
#[diesel(table_name = sessions)]
pub struct NewSession<'a> {
    pub id: SessionId,
    pub user_id: UserId,
    pub created_at: i64,
    pub expires_at: i64,
    pub user_agent: &'a str,
    pub ip: &'a str,
}

pub fn insert(conn: &mut DbConnection, new: &NewSession) -> QueryResult<usize> {
    diesel::insert_into(sessions::table).values(new).execute(conn)
}

/// The user behind a live session: not revoked, not expired. Disabled users are returned
/// so that the caller can say so.
pub fn live_user(conn: &mut DbConnection, session: SessionId, user: UserId, now: i64) -> QueryResult<Option<User>> {
    sessions::table
        .inner_join(users::table)
        .filter(sessions::id.eq(session))
        .filter(sessions::user_id.eq(user))
        .filter(sessions::revoked_at.is_null())
        .filter(sessions::expires_at.gt(now))
        .select(User::as_select())
        .first(conn)
        .optional()
}

pub fn revoke(conn: &mut DbConnection, session: SessionId, now: i64) -> QueryResult<usize> {
    diesel::update(sessions::table.filter(sessions::id.eq(session)).filter(sessions::revoked_at.is_null()))
        .set(sessions::revoked_at.eq(Some(now)))
        .execute(conn)
}

/// Ends every live session of the user, except `keep` (the caller's own, on a password change).
pub fn revoke_all(conn: &mut DbConnection, user: UserId, keep: Option<SessionId>, now: i64) -> QueryResult<usize> {
    let keep = keep.unwrap_or(SessionId(0));
    diesel::update(
        sessions::table
            .filter(sessions::user_id.eq(user))
            .filter(sessions::revoked_at.is_null())
            .filter(sessions::id.ne(keep)),
    )
    .set(sessions::revoked_at.eq(Some(now)))
    .execute(conn)
}

/// The users whose sessions were revoked at or after `since` (by any process).
pub fn users_revoked_since(conn: &mut DbConnection, since: i64) -> QueryResult<Vec<UserId>> {
    sessions::table.filter(sessions::revoked_at.ge(since)).select(sessions::user_id).distinct().load(conn)
}
