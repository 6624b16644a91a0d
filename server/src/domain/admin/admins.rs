//! The console's own accounts (super admins manage them): creating one, disabling and enabling
//! one, and the session a log-in opens.

use super::{Actor, MAX_SESSION_MS};
use crate::db::admin::{self as admin_db, Admin, AdminRole, Entry};
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, AdminId, SessionId};

/// A new admin with a fresh TOTP secret, enrolled at their first log-in.
pub fn create(c: &mut DbConnection, actor: &Actor, username: &str, password_hash: &str, role: AdminRole) -> ApiResult<AdminId> {
    crate::db::write_transaction(c, |c| {
        if admin_db::by_username(c, username)?.is_some() {
            return Err(ApiError::BadInput("username exists".into()));
        }
        let id = admin_db::insert(c, username, password_hash, role, &super::new_totp_secret(), false, now_ms())?;
        actor.audit(c, "admin.create", username, None, Some(role.as_str().into()), "")?;
        Ok(id)
    })
}

/// Disables (never oneself, never the last super admin; their sessions end) or enables an admin,
/// audited in the same transaction; asking for the state it already has changes and records nothing.
pub fn set_disabled(c: &mut DbConnection, actor: &Actor, id: AdminId, disabled: bool, reason: &str) -> ApiResult<()> {
    if disabled && id == actor.admin.id {
        return Err(ApiError::LastSuperAdmin);
    }
    crate::db::write_transaction(c, |c| {
        let target = admin_db::by_id(c, id)?.ok_or(ApiError::NotFound)?;
        if target.disabled == disabled {
            return Ok(());
        }
        if disabled && target.role() == Some(AdminRole::Super) && admin_db::other_supers(c, id)? == 0 {
            return Err(ApiError::LastSuperAdmin);
        }
        admin_db::set_disabled(c, id, disabled)?;
        let (action, before, after) = if disabled {
            admin_db::revoke_all(c, id, now_ms())?;
            ("admin.disable", "enabled", "disabled")
        } else {
            ("admin.enable", "disabled", "enabled")
        };
        actor.audit(c, action, &target.username, Some(before.into()), Some(after.into()), reason.trim())
    })
}

/// Opens the session of a log-in that passed both factors (enrolling an admin on their first code),
/// with its audit row.
pub fn open_session(c: &mut DbConnection, admin: &Admin, session: SessionId, ip: &str, now: i64) -> ApiResult<()> {
    crate::db::write_transaction(c, |c| {
        if !admin.totp_enrolled {
            admin_db::set_enrolled(c, admin.id)?;
        }
        admin_db::insert_session(c, session, admin.id, now, now + MAX_SESSION_MS)?;
        admin_db::audit(c, &Entry { admin_id: Some(admin.id), admin_name: &admin.username, action: "admin.login", ip, ..Default::default() }, now)?;
        Ok(())
    })
}
