//! `interviewer_profiles` beside `company_members`: an interviewer's invitation and the number the
//! company gave (domain/interviewer_invitation.rs says why the member's own mobile is a placeholder
//! until the invitation is accepted, and again once removed).

use diesel::prelude::*;

use crate::db::company_member::{Member, Role};
use crate::db::schema::{companies, company_members, interviewer_profiles};
use crate::db::DbConnection;
use crate::ids::{CompanyId, MemberId};

/// The member's log-in mobile while invited: nobody can log in with it, and the number stays free.
pub fn pending_placeholder(member: MemberId) -> String {
    format!("invite:{}", member.0)
}

/// The member's log-in mobile once removed: the number is free again.
pub fn removed_placeholder(member: MemberId) -> String {
    format!("removed:{}", member.0)
}

/// Whether a member's mobile is the placeholder of one invited and not yet accepted.
pub fn is_pending_placeholder(mobile: &str) -> bool {
    mobile.starts_with("invite:")
}

/// Whether a member's mobile is one of the placeholders (not a number anybody logs in with).
pub fn is_placeholder(mobile: &str) -> bool {
    is_pending_placeholder(mobile) || mobile.starts_with("removed:")
}

/// An interviewer as the company's list reads them.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = company_members)]
pub struct InterviewerRow {
    pub id: MemberId,
    pub name: String,
    /// The member's log-in mobile: a placeholder until the invitation is accepted, and once removed.
    pub mobile: String,
    /// The number the company gave; empty for one added before invitations.
    #[diesel(select_expression = interviewer_profiles::mobile)]
    pub given_mobile: String,
    #[diesel(select_expression = interviewer_profiles::email)]
    pub email: String,
    pub disabled: bool,
    pub created_at: i64,
}

/// The company's interviewers, removed ones too, oldest first.
pub fn of_company(c: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<InterviewerRow>> {
    company_members::table
        .inner_join(interviewer_profiles::table)
        .filter(company_members::company_id.eq(company))
        .filter(company_members::role.eq(Role::Interviewer.as_str()))
        .order((company_members::created_at.asc(), company_members::id.asc()))
        .select(InterviewerRow::as_select())
        .load(c)
}

/// The company's interviewer `id`, whatever their state.
pub fn member_of_company(c: &mut DbConnection, company: CompanyId, id: MemberId) -> QueryResult<Option<Member>> {
    company_members::table
        .filter(company_members::id.eq(id))
        .filter(company_members::company_id.eq(company))
        .filter(company_members::role.eq(Role::Interviewer.as_str()))
        .select(Member::as_select())
        .first(c)
        .optional()
}

/// The company's interviewer whose email is `email`.
pub fn with_email(c: &mut DbConnection, company: CompanyId, email: &str) -> QueryResult<Option<MemberId>> {
    interviewer_profiles::table
        .filter(interviewer_profiles::company_id.eq(company))
        .filter(interviewer_profiles::email.eq(email))
        .select(interviewer_profiles::member_id)
        .first(c)
        .optional()
}

/// The number the company gave for the member; empty for one added before invitations.
pub fn given_mobile(c: &mut DbConnection, member: MemberId) -> QueryResult<String> {
    interviewer_profiles::table.find(member).select(interviewer_profiles::mobile).first(c)
}

#[derive(Debug, Insertable)]
#[diesel(table_name = interviewer_profiles)]
pub struct NewProfile<'a> {
    pub member_id: MemberId,
    pub company_id: CompanyId,
    pub email: &'a str,
}

pub fn insert_profile(c: &mut DbConnection, new: &NewProfile) -> QueryResult<usize> {
    diesel::insert_into(interviewer_profiles::table).values(new).execute(c)
}

/// Sets the interviewer's name and email.
pub fn rename(c: &mut DbConnection, member: MemberId, name: &str, email: &str) -> QueryResult<usize> {
    diesel::update(company_members::table.find(member)).set(company_members::name.eq(name)).execute(c)?;
    diesel::update(interviewer_profiles::table.find(member)).set(interviewer_profiles::email.eq(email)).execute(c)
}

/// Changes the number the company gave, with no new invitation (a removed interviewer's).
pub fn set_given_mobile(c: &mut DbConnection, member: MemberId, mobile: &str) -> QueryResult<usize> {
    diesel::update(interviewer_profiles::table.find(member)).set(interviewer_profiles::mobile.eq(mobile)).execute(c)
}

/// A removed interviewer added again: enabled, with a new name, email and password.
pub fn reinstate(c: &mut DbConnection, member: MemberId, name: &str, email: &str, password_hash: &str) -> QueryResult<usize> {
    diesel::update(company_members::table.find(member))
        .set((company_members::name.eq(name), company_members::disabled.eq(false), company_members::password_hash.eq(password_hash)))
        .execute(c)?;
    diesel::update(interviewer_profiles::table.find(member)).set(interviewer_profiles::email.eq(email)).execute(c)
}

/// A member's name.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = company_members)]
pub struct MemberName {
    pub id: MemberId,
    pub name: String,
}

/// The names of the company's enabled members among `ids`, of any role.
pub fn enabled_names(c: &mut DbConnection, company: CompanyId, ids: &[MemberId]) -> QueryResult<Vec<MemberName>> {
    company_members::table
        .filter(company_members::company_id.eq(company))
        .filter(company_members::id.eq_any(ids))
        .filter(company_members::disabled.eq(false))
        .select(MemberName::as_select())
        .load(c)
}

/// Where a member's reminders go: the log-in mobile and, for an interviewer, the email the company gave.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = company_members)]
pub struct Recipient {
    pub id: MemberId,
    pub name: String,
    pub mobile: String,
    #[diesel(select_expression = interviewer_profiles::email.nullable())]
    #[diesel(select_expression_type = diesel::dsl::Nullable<interviewer_profiles::email>)]
    pub email: Option<String>,
}

/// The company's enabled members among `ids`, of any role, as reminders reach them.
pub fn enabled_recipients(c: &mut DbConnection, company: CompanyId, ids: &[MemberId]) -> QueryResult<Vec<Recipient>> {
    company_members::table
        .left_join(interviewer_profiles::table)
        .filter(company_members::company_id.eq(company))
        .filter(company_members::id.eq_any(ids))
        .filter(company_members::disabled.eq(false))
        .select(Recipient::as_select())
        .load(c)
}

/// An interviewer of the company whose given number (or, for one added before invitations, whose
/// log-in mobile) is `mobile`, whatever their state.
pub fn of_company_with_mobile(c: &mut DbConnection, company: CompanyId, mobile: &str) -> QueryResult<Option<MemberId>> {
    company_members::table
        .inner_join(interviewer_profiles::table)
        .filter(company_members::company_id.eq(company))
        .filter(interviewer_profiles::mobile.eq(mobile).or(company_members::mobile.eq(mobile)))
        .select(company_members::id)
        .first(c)
        .optional()
}

/// Records a new pending invitation for the member: its token's hash, the number it goes to, when.
pub fn set_invitation(c: &mut DbConnection, member: MemberId, mobile: &str, token_hash: &str, now: i64) -> QueryResult<usize> {
    diesel::update(company_members::table.find(member)).set(company_members::mobile.eq(pending_placeholder(member))).execute(c)?;
    diesel::update(interviewer_profiles::table.find(member))
        .set((interviewer_profiles::mobile.eq(mobile), interviewer_profiles::invite_hash.eq(token_hash), interviewer_profiles::invited_at.eq(now)))
        .execute(c)
}

/// A pending invitation: the member, their name, the number it went to, the company's name.
#[derive(Debug, Clone, Queryable)]
pub struct Pending {
    pub member: MemberId,
    pub name: String,
    pub mobile: String,
    pub company_name: String,
    pub company_short_name: String,
    pub invited_at: i64,
    pub disabled: bool,
}

/// The pending invitation whose token hashes to `token_hash`.
pub fn pending_by_hash(c: &mut DbConnection, token_hash: &str) -> QueryResult<Option<Pending>> {
    if token_hash.is_empty() {
        return Ok(None);
    }
    interviewer_profiles::table
        .inner_join(company_members::table)
        .inner_join(companies::table.on(companies::id.eq(interviewer_profiles::company_id)))
        .filter(interviewer_profiles::invite_hash.eq(token_hash))
        .select((
            company_members::id,
            company_members::name,
            interviewer_profiles::mobile,
            companies::name,
            companies::short_name,
            interviewer_profiles::invited_at,
            company_members::disabled,
        ))
        .first(c)
        .optional()
}

/// The invitation accepted: the member logs in with the number and `password_hash` from now on.
pub fn accept(c: &mut DbConnection, member: MemberId, mobile: &str, password_hash: &str) -> QueryResult<usize> {
    diesel::update(company_members::table.find(member))
        .set((company_members::mobile.eq(mobile), company_members::password_hash.eq(password_hash)))
        .execute(c)?;
    diesel::update(interviewer_profiles::table.find(member)).set(interviewer_profiles::invite_hash.eq("")).execute(c)
}

/// Removed: disabled, the number kept as given and freed from the member row, no invitation left.
pub fn release(c: &mut DbConnection, member: MemberId, given_mobile: &str) -> QueryResult<usize> {
    diesel::update(company_members::table.find(member))
        .set((company_members::mobile.eq(removed_placeholder(member)), company_members::disabled.eq(true)))
        .execute(c)?;
    diesel::update(interviewer_profiles::table.find(member))
        .set((interviewer_profiles::mobile.eq(given_mobile), interviewer_profiles::invite_hash.eq("")))
        .execute(c)
}
