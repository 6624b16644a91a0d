//! `jobseeker-server admin …`: administrator actions from the command line.

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::now_ms;
use crate::db::{session, user};
use crate::settings::AdminAction;

pub fn run(conn: &mut DbConnection, action: &AdminAction) -> Result<String, String> {
    let (mobile, disable) = match action {
        AdminAction::Disable { mobile } => (mobile, true),
        AdminAction::Enable { mobile } => (mobile, false),
        AdminAction::Create { username, role, password } => return create(conn, username, role, password),
    };
    let u = user::by_mobile(conn, mobile.trim()).map_err(|e| e.to_string())?.ok_or_else(|| format!("no user with mobile {mobile}"))?;
    conn.transaction::<_, diesel::result::Error, _>(|c| {
        user::set_disabled(c, u.user_id(), disable, now_ms())?;
        if disable {
            session::revoke_all(c, u.user_id(), None, now_ms())?;
        }
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    // The command line is an admin too: its writes are audited like the console's.
    let state = |d: bool| Some(if d { "disabled" } else { "enabled" }.to_string());
    crate::db::admin::audit(
        conn,
        &crate::db::admin::Entry {
            admin_name: "cli",
            action: if disable { "account.disable" } else { "account.enable" },
            target: &format!("candidate {}", u.mobile.as_deref().unwrap_or("")),
            before: state(u.disabled),
            after: state(disable),
            ..Default::default()
        },
        now_ms(),
    )
    .map_err(|e| e.to_string())?;
    Ok(format!("{} {}", if disable { "disabled" } else { "enabled" }, u.mobile.as_deref().unwrap_or("")))
}

/// Makes a console admin; the TOTP secret is printed once here and enrolled at first log-in.
fn create(conn: &mut DbConnection, username: &str, role: &str, password: &str) -> Result<String, String> {
    let role = crate::db::admin::AdminRole::parse(role.trim()).ok_or("--role is super, reviewer or support")?;
    let username = username.trim();
    if username.is_empty() || username.chars().count() > 32 || !username.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
        return Err("--username: 1-32 letters, digits, _ or .".into());
    }
    if let Some(problem) = core_wasm::account::new_password_problem(password) {
        return Err(format!("--password: {}", problem.key()));
    }
    if crate::db::admin::by_username(conn, username).map_err(|e| e.to_string())?.is_some() {
        return Err(format!("an admin named {username} exists"));
    }
    let hash = crate::domain::auth::hash_password(password).map_err(|e| e.to_string())?;
    let secret = crate::domain::admin::new_totp_secret();
    crate::db::admin::insert(conn, username, &hash, role, &secret, false, now_ms()).map_err(|e| e.to_string())?;
    crate::db::admin::audit(
        conn,
        &crate::db::admin::Entry { admin_name: "cli", action: "admin.create", target: username, after: Some(role.as_str().into()), ..Default::default() },
        now_ms(),
    )
    .map_err(|e| e.to_string())?;
    Ok(format!("admin {username} ({}) made; TOTP secret: {secret}", role.as_str()))
}

pub const DEMO_ADMIN: &str = "admin";

/// The demo admin (admin / demo1234, super) of a loopback install, made once; returns its TOTP
/// secret, which the server prints at start for the dev setup.
pub fn ensure_demo_admin(conn: &mut DbConnection) -> Result<String, String> {
    if let Some(a) = crate::db::admin::by_username(conn, DEMO_ADMIN).map_err(|e| e.to_string())? {
        return Ok(a.totp_secret);
    }
    let hash = crate::domain::auth::hash_password(crate::cli::seed::DEMO_PASSWORD).map_err(|e| e.to_string())?;
    let secret = crate::domain::admin::new_totp_secret();
    crate::db::admin::insert(conn, DEMO_ADMIN, &hash, crate::db::admin::AdminRole::Super, &secret, true, now_ms()).map_err(|e| e.to_string())?;
    Ok(secret)
}
