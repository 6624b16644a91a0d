use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::UserId;
use crate::db::schema::users;

/// The whole row; not every handler reads every column.
#[allow(dead_code)]
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: i64,
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
        UserId(self.id)
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub id: i64,
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

pub fn count(conn: &mut DbConnection) -> QueryResult<i64> {
    users::table.count().get_result(conn)
}
