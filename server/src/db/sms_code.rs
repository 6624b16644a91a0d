//! `sms_codes`: the verification codes sent, each kept as an HMAC (domain/sms_code.rs has the limits
//! and the hashing).

use diesel::prelude::*;

use crate::db::schema::sms_codes;
use crate::db::DbConnection;

#[derive(Debug, Insertable)]
#[diesel(table_name = sms_codes)]
pub struct NewSmsCode<'a> {
    pub id: i64,
    pub mobile: &'a str,
    pub scene: &'a str,
    pub code_hash: &'a str,
    pub ip: &'a str,
    pub created_at: i64,
    pub expires_at: i64,
}

pub fn insert(conn: &mut DbConnection, new: &NewSmsCode) -> QueryResult<usize> {
    diesel::insert_into(sms_codes::table).values(new).execute(conn)
}

/// When the newest code to `mobile` was made.
pub fn last_sent_to(conn: &mut DbConnection, mobile: &str) -> QueryResult<Option<i64>> {
    sms_codes::table.filter(sms_codes::mobile.eq(mobile)).select(diesel::dsl::max(sms_codes::created_at)).first(conn)
}

/// Codes made for `mobile` after `since`.
pub fn count_to_mobile_since(conn: &mut DbConnection, mobile: &str, since: i64) -> QueryResult<i64> {
    sms_codes::table.filter(sms_codes::mobile.eq(mobile)).filter(sms_codes::created_at.gt(since)).count().get_result(conn)
}

/// Codes asked for from `ip` after `since`.
pub fn count_from_ip_since(conn: &mut DbConnection, ip: &str, since: i64) -> QueryResult<i64> {
    sms_codes::table.filter(sms_codes::ip.eq(ip)).filter(sms_codes::created_at.gt(since)).count().get_result(conn)
}

/// Deletes the newest code to `mobile`, if any.
pub fn delete_newest(conn: &mut DbConnection, mobile: &str) -> QueryResult<usize> {
    let newest: Option<i64> = sms_codes::table
        .filter(sms_codes::mobile.eq(mobile))
        .order(sms_codes::created_at.desc())
        .select(sms_codes::id)
        .first(conn)
        .optional()?;
    match newest {
        Some(id) => diesel::delete(sms_codes::table.find(id)).execute(conn),
        None => Ok(0),
    }
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = sms_codes)]
pub struct LiveCode {
    pub id: i64,
    pub code_hash: String,
}

/// The newest code for mobile and scene that is neither used nor expired at `now`.
pub fn newest_live(conn: &mut DbConnection, mobile: &str, scene: &str, now: i64) -> QueryResult<Option<LiveCode>> {
    sms_codes::table
        .filter(sms_codes::mobile.eq(mobile))
        .filter(sms_codes::scene.eq(scene))
        .filter(sms_codes::consumed_at.is_null())
        .filter(sms_codes::expires_at.gt(now))
        .order(sms_codes::created_at.desc())
        .select(LiveCode::as_select())
        .first(conn)
        .optional()
}

/// Claims one of the code's `max_attempts` tries in one conditional UPDATE: true when one was left.
pub fn claim_attempt(conn: &mut DbConnection, id: i64, max_attempts: i32) -> QueryResult<bool> {
    let n = diesel::update(sms_codes::table.find(id).filter(sms_codes::attempts.lt(max_attempts)))
        .set(sms_codes::attempts.eq(sms_codes::attempts + 1))
        .execute(conn)?;
    Ok(n == 1)
}

/// Marks the code used, unless it already was: true when this call used it.
pub fn consume(conn: &mut DbConnection, id: i64, now: i64) -> QueryResult<bool> {
    let n = diesel::update(sms_codes::table.find(id).filter(sms_codes::consumed_at.is_null()))
        .set(sms_codes::consumed_at.eq(Some(now)))
        .execute(conn)?;
    Ok(n == 1)
}
