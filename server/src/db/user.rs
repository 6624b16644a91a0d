use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::UserId;
use crate::db::schema::users;

/// The whole row; not every handler reads every column.
#[allow(dead_code)]
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: UserId,
    pub mobile: Option<String>,
    pub name: String,
    pub email: Option<String>,
    pub password_hash: Option<String>,
    pub disabled: bool,
    pub wx_openid: Option<String>,
    pub wx_nickname: Option<String>,
    pub update_tip_dismissed_at: Option<i64>,
    pub created_at: i64,
}

impl User {
    pub fn user_id(&self) -> UserId {
        self.id
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub id: UserId,
    pub mobile: Option<&'a str>,
    pub name: &'a str,
    pub password_hash: Option<&'a str>,
    pub created_at: i64,
}

pub fn by_mobile(conn: &mut DbConnection, mobile: &str) -> QueryResult<Option<User>> {
    users::table.filter(users::mobile.eq(mobile)).select(User::as_select()).first(conn).optional()
}

pub fn insert(conn: &mut DbConnection, new: &NewUser) -> QueryResult<usize> {
    diesel::insert_into(users::table).values(new).execute(conn)
}

/// An account's name, by id.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct UserName {
    pub id: UserId,
    pub name: String,
}

/// The names of the accounts among `ids`.
pub fn names_of(conn: &mut DbConnection, ids: &[UserId]) -> QueryResult<Vec<UserName>> {
    users::table.filter(users::id.eq_any(ids)).select(UserName::as_select()).load(conn)
}

pub fn count(conn: &mut DbConnection) -> QueryResult<i64> {
    users::table.count().get_result(conn)
}

pub fn set_password_hash(conn: &mut DbConnection, user: UserId, hash: &str) -> QueryResult<usize> {
    diesel::update(users::table.find(user)).set(users::password_hash.eq(Some(hash))).execute(conn)
}

/// The unique mobile index refuses a number another account has.
pub fn set_mobile(conn: &mut DbConnection, user: UserId, mobile: &str) -> QueryResult<usize> {
    diesel::update(users::table.find(user)).set(users::mobile.eq(mobile)).execute(conn)
}

pub fn set_email(conn: &mut DbConnection, user: UserId, email: &str) -> QueryResult<usize> {
    diesel::update(users::table.find(user)).set(users::email.eq(Some(email))).execute(conn)
}

/// Whether an account other than `user` has this email.
pub fn email_taken_by_other(conn: &mut DbConnection, email: &str, user: UserId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(users::table.filter(users::email.eq(email)).filter(users::id.ne(user)))).get_result(conn)
}

/// The "resume not updated for a long time" tip was seen at `now`.
pub fn dismiss_update_tip(conn: &mut DbConnection, user: UserId, now: i64) -> QueryResult<usize> {
    diesel::update(users::table.find(user)).set(users::update_tip_dismissed_at.eq(Some(now))).execute(conn)
}

/// The WeChat account bound to the user, as it stands in the database.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct WxBinding {
    pub wx_openid: Option<String>,
    pub wx_nickname: Option<String>,
}

pub fn wx_binding(conn: &mut DbConnection, user: UserId) -> QueryResult<WxBinding> {
    users::table.find(user).select(WxBinding::as_select()).first(conn)
}

/// Disables or enables the account, and touches its resumes so that resume search's index drops
/// or takes them back at its next sync (search/resumes.rs).
pub fn set_disabled(conn: &mut DbConnection, user: UserId, disabled: bool, now: i64) -> QueryResult<()> {
    use crate::db::schema::resumes;
    diesel::update(users::table.find(user)).set(users::disabled.eq(disabled)).execute(conn)?;
    diesel::update(resumes::table.filter(resumes::user_id.eq(user))).set(resumes::updated_at.eq(now)).execute(conn)?;
    Ok(())
}

pub fn unbind_wx(conn: &mut DbConnection, user: UserId) -> QueryResult<usize> {
    diesel::update(users::table.find(user))
        .set((users::wx_openid.eq(None::<String>), users::wx_nickname.eq(None::<String>)))
        .execute(conn)
}

/// A candidate's account as the admin console shows it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct UserAccount {
    pub id: UserId,
    pub mobile: Option<String>,
    pub name: String,
    pub email: Option<String>,
    pub disabled: bool,
    pub created_at: i64,
}

/// Candidates whose mobile, name or email holds `q` (taken literally), at most `limit`.
pub fn accounts_like(conn: &mut DbConnection, q: &str, limit: i64) -> QueryResult<Vec<UserAccount>> {
    let p = format!("%{}%", crate::db::like_escape(q));
    users::table
        .filter(users::mobile.like(p.clone()).escape('\\').or(users::name.like(p.clone()).escape('\\')).or(users::email.like(p).escape('\\')))
        .select(UserAccount::as_select())
        .limit(limit)
        .load(conn)
}

pub fn account(conn: &mut DbConnection, user: UserId) -> QueryResult<Option<UserAccount>> {
    users::table.find(user).select(UserAccount::as_select()).first(conn).optional()
}
