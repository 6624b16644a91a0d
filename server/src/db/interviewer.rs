//! `interviewer_profiles` beside `company_members`: an interviewer's invitation and the number the
//! company gave (domain/interviewer_invitation.rs says why the member's own mobile is a placeholder
//! until the invitation is accepted, and again once removed).

use diesel::prelude::*;

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

/// Whether a member's mobile is one of the placeholders (not a number anybody logs in with).
pub fn is_placeholder(mobile: &str) -> bool {
    mobile.starts_with("invite:") || mobile.starts_with("removed:")
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
