//! A company as a whole: disabling and enabling it, and deciding its trial application (issue 16).
//! Its verification is domain/company_review.rs.

use super::{reason_of, Actor};
use crate::db::{company, company_disable, company_member, job, DbConnection};
use crate::db::account_disable::{self, AccountKind};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, CompanyId};

/// Disables a company: every member's account (their sessions end at once, the reason shows at
/// log-in) and its open jobs close, leaving search. Enabling lets the members in again; the jobs stay
/// closed until the company reopens them. Returns how many jobs closed.
pub fn set_disabled(c: &mut DbConnection, actor: &Actor, company: CompanyId, disabled: bool, reason: &str) -> ApiResult<i64> {
    let reason = reason_of(reason, disabled)?;
    let kept_reason = disabled.then_some(reason.as_str());
    crate::db::write_transaction(c, |c| {
        let (name, _) = company::names_of(c, company)?.ok_or(ApiError::NotFound)?;
        let now = now_ms();
        let members = company_member::ids_of_company(c, company)?;
        company_member::set_disabled_of_company(c, company, disabled)?;
        for id in &members {
            account_disable::set(c, AccountKind::Member, id.0, kept_reason, now)?;
        }
        company_disable::set(c, company, kept_reason, now)?;
        let mut closed = 0;
        if disabled {
            company_member::revoke_all_of(c, &members, now)?;
            closed = job::close_open_of_company(c, company, now)? as i64;
        }
        let (action, before, after) =
            if disabled { ("company.disable", "enabled", format!("disabled, {closed} jobs closed")) } else { ("company.enable", "disabled", "enabled".to_string()) };
        actor.audit(c, action, &format!("company {company} {name}"), Some(before.into()), Some(after), &reason)?;
        Ok(closed)
    })
}

/// A trial decision's name, and whether it approves.
pub const TRIAL_DECISIONS: [(&str, bool); 2] = [("approved", true), ("rejected", false)];

/// Approves or rejects a company's pending trial application (issue 16), audited; a rejection needs
/// a reason.
pub fn decide_trial(c: &mut DbConnection, actor: &Actor, company: CompanyId, decision: &str, reason: &str) -> ApiResult<()> {
    let approve = TRIAL_DECISIONS.iter().find(|(name, _)| *name == decision).map(|(_, approve)| *approve);
    let approve = approve.ok_or_else(|| ApiError::BadInput("decision".into()))?;
    let reason = reason_of(reason, !approve)?;
    crate::db::write_transaction(c, |c| {
        let (before, name) = crate::domain::plan::decide_trial(c, company, approve, &reason, &actor.admin.username, now_ms())?;
        actor.audit(c, "company.trial", &format!("company {company} {name}"), Some(before), Some(decision.into()), &reason)?;
        Ok(())
    })
}
