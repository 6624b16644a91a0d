//! `admins`, `admin_sessions` and the append-only `audit_log`.

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{admin_sessions, admins, audit_log};
use crate::db::DbConnection;
use crate::ids::{new_id, AdminId, AuditId, SessionId};

/// What an admin may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AdminRole {
    /// Everything, including admins.
    Super,
    /// The review queues: companies, jobs, reports.
    Reviewer,
    /// Reads, disables and enables accounts, unlocks log-ins.
    Support,
}

impl AdminRole {
    pub const ALL: [AdminRole; 3] = [AdminRole::Super, AdminRole::Reviewer, AdminRole::Support];

    pub fn as_str(self) -> &'static str {
        match self {
            AdminRole::Super => "super",
            AdminRole::Reviewer => "reviewer",
            AdminRole::Support => "support",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = admins)]
pub struct Admin {
    pub id: AdminId,
    pub username: String,
    pub password_hash: String,
    pub role: String,
    pub totp_secret: String,
    pub totp_enrolled: bool,
    pub disabled: bool,
    pub created_at: i64,
}

impl Admin {
    pub fn role(&self) -> Option<AdminRole> {
        AdminRole::parse(&self.role)
    }
}

pub fn by_username(c: &mut DbConnection, username: &str) -> QueryResult<Option<Admin>> {
    admins::table.filter(admins::username.eq(username)).select(Admin::as_select()).first(c).optional()
}

pub fn by_id(c: &mut DbConnection, id: AdminId) -> QueryResult<Option<Admin>> {
    admins::table.find(id).select(Admin::as_select()).first(c).optional()
}

pub fn insert(c: &mut DbConnection, username: &str, password_hash: &str, role: AdminRole, totp_secret: &str, enrolled: bool, now: i64) -> QueryResult<AdminId> {
    let id: AdminId = new_id();
    diesel::insert_into(admins::table)
        .values((
            admins::id.eq(id),
            admins::username.eq(username),
            admins::password_hash.eq(password_hash),
            admins::role.eq(role.as_str()),
            admins::totp_secret.eq(totp_secret),
            admins::totp_enrolled.eq(enrolled),
            admins::created_at.eq(now),
        ))
        .execute(c)?;
    Ok(id)
}

pub fn set_enrolled(c: &mut DbConnection, id: AdminId) -> QueryResult<usize> {
    diesel::update(admins::table.find(id)).set(admins::totp_enrolled.eq(true)).execute(c)
}

pub fn set_disabled(c: &mut DbConnection, id: AdminId, disabled: bool) -> QueryResult<usize> {
    diesel::update(admins::table.find(id)).set(admins::disabled.eq(disabled)).execute(c)
}

/// Live super admins other than `except`.
pub fn other_supers(c: &mut DbConnection, except: AdminId) -> QueryResult<i64> {
    admins::table
        .filter(admins::role.eq(AdminRole::Super.as_str()))
        .filter(admins::disabled.eq(false))
        .filter(admins::id.ne(except))
        .count()
        .get_result(c)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminRow {
    pub id: AdminId,
    pub username: String,
    /// One of `AdminRole`'s words (the column keeps text).
    #[schema(value_type = AdminRole)]
    pub role: String,
    pub totp_enrolled: bool,
    pub disabled: bool,
    pub created_at: i64,
}

pub fn list(c: &mut DbConnection) -> QueryResult<Vec<AdminRow>> {
    let rows: Vec<Admin> = admins::table.order(admins::id.asc()).select(Admin::as_select()).load(c)?;
    Ok(rows
        .into_iter()
        .map(|a| AdminRow { id: a.id, username: a.username, role: a.role, totp_enrolled: a.totp_enrolled, disabled: a.disabled, created_at: a.created_at })
        .collect())
}

pub fn insert_session(c: &mut DbConnection, id: SessionId, admin: AdminId, now: i64, expires: i64) -> QueryResult<usize> {
    diesel::insert_into(admin_sessions::table)
        .values((
            admin_sessions::id.eq(id),
            admin_sessions::admin_id.eq(admin),
            admin_sessions::created_at.eq(now),
            admin_sessions::last_seen_at.eq(now),
            admin_sessions::expires_at.eq(expires),
        ))
        .execute(c)
}

/// The admin of a live session, not idle past `idle_ms`; the session's idle clock restarts.
pub fn touch_session(c: &mut DbConnection, id: SessionId, admin: AdminId, now: i64, idle_ms: i64) -> QueryResult<Option<Admin>> {
    let n = diesel::update(
        admin_sessions::table
            .filter(admin_sessions::id.eq(id))
            .filter(admin_sessions::admin_id.eq(admin))
            .filter(admin_sessions::revoked_at.is_null())
            .filter(admin_sessions::expires_at.gt(now))
            .filter(admin_sessions::last_seen_at.gt(now - idle_ms)),
    )
    .set(admin_sessions::last_seen_at.eq(now))
    .execute(c)?;
    if n == 0 {
        return Ok(None);
    }
    by_id(c, admin)
}

pub fn revoke_session(c: &mut DbConnection, id: SessionId, now: i64) -> QueryResult<usize> {
    diesel::update(admin_sessions::table.filter(admin_sessions::id.eq(id))).set(admin_sessions::revoked_at.eq(Some(now))).execute(c)
}

pub fn revoke_all(c: &mut DbConnection, admin: AdminId, now: i64) -> QueryResult<usize> {
    diesel::update(admin_sessions::table.filter(admin_sessions::admin_id.eq(admin)).filter(admin_sessions::revoked_at.is_null()))
        .set(admin_sessions::revoked_at.eq(Some(now)))
        .execute(c)
}

/// One audit row: who, what, on what, before and after, why, from where, when.
#[derive(Debug, Default)]
pub struct Entry<'a> {
    pub admin_id: Option<AdminId>,
    pub admin_name: &'a str,
    pub action: &'a str,
    pub target: &'a str,
    pub before: Option<String>,
    pub after: Option<String>,
    pub reason: &'a str,
    pub ip: &'a str,
}

pub fn audit(c: &mut DbConnection, e: &Entry, now: i64) -> QueryResult<usize> {
    diesel::insert_into(audit_log::table)
        .values((
            audit_log::id.eq(new_id::<AuditId>()),
            audit_log::admin_id.eq(e.admin_id),
            audit_log::admin_name.eq(e.admin_name),
            audit_log::action.eq(e.action),
            audit_log::target.eq(e.target),
            audit_log::before_value.eq(&e.before),
            audit_log::after_value.eq(&e.after),
            audit_log::reason.eq(e.reason),
            audit_log::ip.eq(e.ip),
            audit_log::at.eq(now),
        ))
        .execute(c)
}

#[derive(Debug, Serialize, Queryable, Selectable, utoipa::ToSchema)]
#[diesel(table_name = audit_log)]
#[serde(rename_all = "camelCase")]
pub struct AuditRow {
    pub id: AuditId,
    #[serde(skip)]
    pub admin_id: Option<AdminId>,
    #[serde(rename = "admin")]
    pub admin_name: String,
    pub action: String,
    pub target: String,
    #[serde(rename = "before")]
    #[schema(required)]
    pub before_value: Option<String>,
    #[serde(rename = "after")]
    #[schema(required)]
    pub after_value: Option<String>,
    pub reason: String,
    pub ip: String,
    pub at: i64,
}

/// Audit rows, newest first; `q` narrows to rows whose action, admin, target or reason holds it.
pub fn audit_page(c: &mut DbConnection, q: &str, offset: i64, limit: i64) -> QueryResult<(i64, Vec<AuditRow>)> {
    let filtered = || {
        let mut query = audit_log::table.into_boxed();
        let q = q.trim();
        if !q.is_empty() {
            let p = format!("%{}%", crate::db::like_escape(q));
            query = query.filter(
                audit_log::action
                    .like(p.clone())
                    .escape('\\')
                    .or(audit_log::admin_name.like(p.clone()).escape('\\'))
                    .or(audit_log::target.like(p.clone()).escape('\\'))
                    .or(audit_log::reason.like(p).escape('\\')),
            );
        }
        query
    };
    let total = filtered().count().get_result(c)?;
    let rows = filtered().order((audit_log::at.desc(), audit_log::id.desc())).offset(offset).limit(limit).select(AuditRow::as_select()).load(c)?;
    Ok((total, rows))
}
