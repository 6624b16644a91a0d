//! `account_disables`: why an admin disabled a candidate's or a company member's account, shown to
//! them at log-in.

use diesel::prelude::*;

use crate::db::schema::account_disables;
use crate::db::DbConnection;

text_enum! {
    /// Whose account a row is about: the id is a `users` id or a `company_members` id.
    pub enum AccountKind {
        User = "user",
        Member = "member",
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = account_disables)]
struct NewAccountDisable<'a> {
    kind: AccountKind,
    account_id: i64,
    reason: &'a str,
    at: i64,
}

/// The reason the account was disabled for; empty when it is not disabled or none was given.
pub fn reason_of(c: &mut DbConnection, kind: AccountKind, id: i64) -> QueryResult<String> {
    Ok(account_disables::table.find((kind, id)).select(account_disables::reason).first(c).optional()?.unwrap_or_default())
}

/// Keeps `reason` for a disabled account, or forgets the reason of an enabled one (None).
pub fn set(c: &mut DbConnection, kind: AccountKind, id: i64, reason: Option<&str>, now: i64) -> QueryResult<()> {
    diesel::delete(account_disables::table.find((kind, id))).execute(c)?;
    if let Some(reason) = reason {
        diesel::insert_into(account_disables::table).values(&NewAccountDisable { kind, account_id: id, reason, at: now }).execute(c)?;
    }
    Ok(())
}
