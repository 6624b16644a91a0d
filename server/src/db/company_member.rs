//! `company_members` and `company_sessions`: the recruiter site's accounts and their sessions.

use diesel::prelude::*;

use crate::db::schema::{companies, company_members, company_sessions};
use crate::db::DbConnection;
use crate::ids::{CompanyId, MemberId, SessionId};

/// What a member may do; stored as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Owner,
    Hr,
    Interviewer,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Hr => "hr",
            Role::Interviewer => "interviewer",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "owner" => Some(Role::Owner),
            "hr" => Some(Role::Hr),
            "interviewer" => Some(Role::Interviewer),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = company_members)]
pub struct Member {
    pub id: MemberId,
    pub company_id: CompanyId,
    pub mobile: String,
    pub name: String,
    pub password_hash: String,
    pub role: String,
    pub disabled: bool,
    pub created_at: i64,
    pub title: String,
    pub active_at: i64,
    pub show_active: bool,
}

impl Member {
    /// An unknown role in the row reads as the least one.
    pub fn role(&self) -> Role {
        Role::parse(&self.role).unwrap_or(Role::Interviewer)
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = company_members)]
pub struct NewMember<'a> {
    pub id: MemberId,
    pub company_id: CompanyId,
    pub mobile: &'a str,
    pub name: &'a str,
    pub password_hash: &'a str,
    pub role: &'a str,
    pub created_at: i64,
}

pub fn insert(conn: &mut DbConnection, new: &NewMember) -> QueryResult<usize> {
    diesel::insert_into(company_members::table).values(new).execute(conn)
}

pub fn by_mobile(conn: &mut DbConnection, mobile: &str) -> QueryResult<Option<Member>> {
    company_members::table.filter(company_members::mobile.eq(mobile)).select(Member::as_select()).first(conn).optional()
}

/// The member behind a live company session (not revoked, not expired); disabled ones too, so the
/// caller can say so.
pub fn live_member(conn: &mut DbConnection, session: SessionId, member: MemberId, now: i64) -> QueryResult<Option<Member>> {
    company_sessions::table
        .inner_join(company_members::table)
        .filter(company_sessions::id.eq(session))
        .filter(company_sessions::member_id.eq(member))
        .filter(company_sessions::revoked_at.is_null())
        .filter(company_sessions::expires_at.gt(now))
        .select(Member::as_select())
        .first(conn)
        .optional()
}

pub fn insert_session(conn: &mut DbConnection, id: SessionId, member: MemberId, now: i64, expires: i64) -> QueryResult<usize> {
    diesel::insert_into(company_sessions::table)
        .values((
            company_sessions::id.eq(id),
            company_sessions::member_id.eq(member),
            company_sessions::created_at.eq(now),
            company_sessions::expires_at.eq(expires),
        ))
        .execute(conn)
}

pub fn revoke_session(conn: &mut DbConnection, id: SessionId, now: i64) -> QueryResult<usize> {
    diesel::update(company_sessions::table.filter(company_sessions::id.eq(id)).filter(company_sessions::revoked_at.is_null()))
        .set(company_sessions::revoked_at.eq(Some(now)))
        .execute(conn)
}

/// Ends every live session of the member but `keep`.
pub fn revoke_all(conn: &mut DbConnection, member: MemberId, keep: Option<SessionId>, now: i64) -> QueryResult<usize> {
    diesel::update(
        company_sessions::table
            .filter(company_sessions::member_id.eq(member))
            .filter(company_sessions::revoked_at.is_null())
            .filter(company_sessions::id.ne(keep.map_or(0, |k| k.0))),
    )
    .set(company_sessions::revoked_at.eq(Some(now)))
    .execute(conn)
}

pub fn set_password(conn: &mut DbConnection, member: MemberId, hash: &str) -> QueryResult<usize> {
    diesel::update(company_members::table.find(member)).set(company_members::password_hash.eq(hash)).execute(conn)
}

/// Notes that the member is at work now, unless that was noted after `stale_before` already (so a
/// busy member's calls write once every few minutes, and two servers do not both write).
pub fn note_active(conn: &mut DbConnection, member: MemberId, now: i64, stale_before: i64) -> QueryResult<usize> {
    diesel::update(company_members::table.find(member).filter(company_members::active_at.lt(stale_before)))
        .set(company_members::active_at.eq(now))
        .execute(conn)
}

/// The member's own name, title and whether their active status shows.
pub fn set_profile(conn: &mut DbConnection, member: MemberId, name: &str, title: &str, show_active: bool) -> QueryResult<usize> {
    diesel::update(company_members::table.find(member))
        .set((company_members::name.eq(name), company_members::title.eq(title), company_members::show_active.eq(show_active)))
        .execute(conn)
}

/// What a job's page shows of a member: name, title, last active time, whether that may show.
pub fn card_of(conn: &mut DbConnection, member: MemberId) -> QueryResult<(String, String, i64, bool)> {
    company_members::table
        .find(member)
        .select((company_members::name, company_members::title, company_members::active_at, company_members::show_active))
        .first(conn)
}

/// (id, full name, brand) of the member's company.
pub fn company_of(conn: &mut DbConnection, company: CompanyId) -> QueryResult<(CompanyId, String, String)> {
    companies::table.find(company).select((companies::id, companies::name, companies::short_name)).first(conn)
}

/// A member's account with its company, as the admin console shows it.
#[derive(Debug, Clone, Queryable)]
pub struct MemberAccount {
    pub id: MemberId,
    pub mobile: String,
    pub name: String,
    pub disabled: bool,
    pub created_at: i64,
    pub role: String,
    pub company_id: CompanyId,
    pub company: String,
}

/// Members whose mobile or name holds `q` (taken literally), at most `limit`.
pub fn accounts_like(conn: &mut DbConnection, q: &str, limit: i64) -> QueryResult<Vec<MemberAccount>> {
    let p = format!("%{}%", crate::db::like_escape(q));
    company_members::table
        .inner_join(companies::table)
        .filter(company_members::mobile.like(p.clone()).escape('\\').or(company_members::name.like(p).escape('\\')))
        .select((
            company_members::id, company_members::mobile, company_members::name, company_members::disabled, company_members::created_at,
            company_members::role, companies::id, companies::name,
        ))
        .limit(limit)
        .load(conn)
}

pub fn account(conn: &mut DbConnection, member: MemberId) -> QueryResult<Option<MemberAccount>> {
    company_members::table
        .inner_join(companies::table)
        .filter(company_members::id.eq(member))
        .select((
            company_members::id, company_members::mobile, company_members::name, company_members::disabled, company_members::created_at,
            company_members::role, companies::id, companies::name,
        ))
        .first(conn)
        .optional()
}

pub fn count(conn: &mut DbConnection) -> QueryResult<i64> {
    company_members::table.count().get_result(conn)
}

pub fn set_disabled(conn: &mut DbConnection, member: MemberId, disabled: bool) -> QueryResult<usize> {
    diesel::update(company_members::table.find(member)).set(company_members::disabled.eq(disabled)).execute(conn)
}

pub fn ids_of_company(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<MemberId>> {
    company_members::table.filter(company_members::company_id.eq(company)).select(company_members::id).load(conn)
}

/// Disables or enables every member of the company.
pub fn set_disabled_of_company(conn: &mut DbConnection, company: CompanyId, disabled: bool) -> QueryResult<usize> {
    diesel::update(company_members::table.filter(company_members::company_id.eq(company))).set(company_members::disabled.eq(disabled)).execute(conn)
}

/// Ends every live session of `members`.
pub fn revoke_all_of(conn: &mut DbConnection, members: &[MemberId], now: i64) -> QueryResult<usize> {
    diesel::update(company_sessions::table.filter(company_sessions::member_id.eq_any(members)).filter(company_sessions::revoked_at.is_null()))
        .set(company_sessions::revoked_at.eq(Some(now)))
        .execute(conn)
}

/// Whether `member` is an enabled member of `company` with one of `roles` (a job's responsible
/// member answers its chats only while that holds).
pub fn is_active_in(conn: &mut DbConnection, member: MemberId, company: CompanyId, roles: &[Role]) -> QueryResult<bool> {
    let codes: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
    diesel::select(diesel::dsl::exists(
        company_members::table
            .filter(company_members::id.eq(member))
            .filter(company_members::company_id.eq(company))
            .filter(company_members::disabled.eq(false))
            .filter(company_members::role.eq_any(codes)),
    ))
    .get_result(conn)
}

/// The company's first enabled member with one of `roles`, by the order they joined.
pub fn first_of_roles(conn: &mut DbConnection, company: CompanyId, roles: &[Role]) -> QueryResult<Option<MemberId>> {
    let codes: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
    company_members::table
        .filter(company_members::company_id.eq(company))
        .filter(company_members::disabled.eq(false))
        .filter(company_members::role.eq_any(codes))
        .order((company_members::created_at.asc(), company_members::id.asc()))
        .select(company_members::id)
        .first(conn)
        .optional()
}

/// A member as the hand-over's list shows them (domain/chat_handover.rs).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = company_members)]
pub struct ChatMember {
    pub id: MemberId,
    pub name: String,
    pub title: String,
    pub role: String,
    pub disabled: bool,
}

impl ChatMember {
    /// An unknown role in the row reads as the least one.
    pub fn role(&self) -> Role {
        Role::parse(&self.role).unwrap_or(Role::Interviewer)
    }
}

/// The company's members with one of `roles`, enabled or not, by the order they joined.
pub fn of_company_with_roles(conn: &mut DbConnection, company: CompanyId, roles: &[Role]) -> QueryResult<Vec<ChatMember>> {
    let codes: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
    company_members::table
        .filter(company_members::company_id.eq(company))
        .filter(company_members::role.eq_any(codes))
        .order((company_members::created_at.asc(), company_members::id.asc()))
        .select(ChatMember::as_select())
        .load(conn)
}

/// Whether `member` belongs to `company` with one of `roles`, enabled or not (a member who left may
/// still hand their jobs over).
pub fn is_in(conn: &mut DbConnection, member: MemberId, company: CompanyId, roles: &[Role]) -> QueryResult<bool> {
    let codes: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
    diesel::select(diesel::dsl::exists(
        company_members::table
            .filter(company_members::id.eq(member))
            .filter(company_members::company_id.eq(company))
            .filter(company_members::role.eq_any(codes)),
    ))
    .get_result(conn)
}
