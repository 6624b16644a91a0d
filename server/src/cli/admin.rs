//! `jobseeker-server admin …`: administrator actions from the command line.

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::now_ms;
use crate::db::{session, user};
use crate::db::schema::users;
use crate::settings::AdminAction;

pub fn run(conn: &mut DbConnection, action: &AdminAction) -> Result<String, String> {
    let (mobile, disable) = match action {
        AdminAction::Disable { mobile } => (mobile, true),
        AdminAction::Enable { mobile } => (mobile, false),
    };
    let u = user::by_mobile(conn, mobile.trim()).map_err(|e| e.to_string())?.ok_or_else(|| format!("no user with mobile {mobile}"))?;
    conn.transaction::<_, diesel::result::Error, _>(|c| {
        diesel::update(users::table.find(u.id)).set(users::disabled.eq(disable)).execute(c)?;
        if disable {
            session::revoke_all(c, u.user_id(), None, now_ms())?;
        }
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    Ok(format!("{} {}", if disable { "disabled" } else { "enabled" }, u.mobile.as_deref().unwrap_or("")))
}
