//! Accounts as support sees them: candidates and company members found by mobile, name or email,
//! one account's detail, disabling and enabling by mobile (with the reason shown at log-in), and
//! the audit row of a log-in unlock.

use serde::Serialize;

use super::{reason_of, Actor};
use crate::db::account_disable::{self, AccountKind};
use crate::db::admin::{self as admin_db, AuditRow};
use crate::db::company_member::{self, MemberAccount};
use crate::db::user::{self, UserAccount};
use crate::db::{application, resume, session, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, CompanyId, MemberId, UserId};

/// How many accounts of each kind a search answers at most.
const SEARCH_LIMIT: i64 = 50;
/// How many audit rows the detail shows.
const DETAIL_AUDIT_ROWS: i64 = 20;

/// An account found by mobile: a candidate and/or a company member.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountRow {
    /// `candidate` or `member`.
    #[schema(schema_with = account_kind_schema)]
    pub kind: &'static str,
    pub id: i64,
    pub mobile: String,
    pub name: String,
    pub email: String,
    pub company: String,
    pub disabled: bool,
    pub disabled_reason: String,
    pub created_at: i64,
}

/// `kind` in the OpenAPI document.
fn account_kind_schema() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new().schema_type(utoipa::openapi::schema::Type::String).enum_values(Some(["candidate", "member"])).build()
}

fn candidate_row(c: &mut DbConnection, u: UserAccount) -> ApiResult<AccountRow> {
    let disabled_reason = account_disable::reason_of(c, AccountKind::User, u.id.0)?;
    Ok(AccountRow {
        kind: "candidate", id: u.id.0, mobile: u.mobile.unwrap_or_default(), name: u.name, email: u.email.unwrap_or_default(), company: String::new(),
        disabled: u.disabled, disabled_reason, created_at: u.created_at,
    })
}

fn member_row(c: &mut DbConnection, m: MemberAccount) -> ApiResult<AccountRow> {
    let disabled_reason = account_disable::reason_of(c, AccountKind::Member, m.id.0)?;
    Ok(AccountRow {
        kind: "member", id: m.id.0, mobile: m.mobile, name: m.name, email: String::new(), company: m.company, disabled: m.disabled, disabled_reason,
        created_at: m.created_at,
    })
}

/// Candidates and company members whose mobile, name or email holds `q`.
pub fn search(c: &mut DbConnection, q: &str) -> ApiResult<Vec<AccountRow>> {
    let q = q.trim();
    if q.is_empty() || q.chars().count() > 50 {
        return Err(ApiError::BadInput("q".into()));
    }
    let mut out = Vec::new();
    for u in user::accounts_like(c, q, SEARCH_LIMIT)? {
        out.push(candidate_row(c, u)?);
    }
    for m in company_member::accounts_like(c, q, SEARCH_LIMIT)? {
        out.push(member_row(c, m)?);
    }
    Ok(out)
}

/// One account as the console's detail shows it: the account, its state, what it holds (a
/// candidate's resumes and applications, a member's company and role), and the newest audit rows
/// naming its mobile.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountDetail {
    #[serde(flatten)]
    pub account: AccountRow,
    /// A candidate's; null for a member.
    #[schema(required)]
    pub resumes: Option<i64>,
    #[schema(required)]
    pub applications: Option<i64>,
    /// A member's; null for a candidate.
    #[schema(required)]
    pub company_id: Option<CompanyId>,
    #[schema(required)]
    pub role: Option<String>,
    pub audit: Vec<AuditRow>,
}

/// The kinds of account `detail` takes: a candidate or a company member.
pub const ACCOUNT_KINDS: [&str; 2] = [CANDIDATE, MEMBER];
const CANDIDATE: &str = "candidate";
const MEMBER: &str = "member";

/// The detail of a candidate (`kind` "candidate") or company member ("member") by id; NOT_FOUND.
pub fn detail(c: &mut DbConnection, kind: &str, id: i64) -> ApiResult<AccountDetail> {
    let (account, resumes, applications, company_id, role) = match kind {
        CANDIDATE => {
            let found = user::account(c, UserId(id))?.ok_or(ApiError::NotFound)?;
            let resumes = resume::count_of_user(c, UserId(id))?;
            let applications = application::count_of_user(c, UserId(id))?;
            (candidate_row(c, found)?, Some(resumes), Some(applications), None, None)
        }
        MEMBER => {
            let found = company_member::account(c, MemberId(id))?.ok_or(ApiError::NotFound)?;
            let (company_id, role) = (found.company_id, found.role.clone());
            (member_row(c, found)?, None, None, Some(company_id), Some(role))
        }
        _ => return Err(ApiError::BadInput("kind".into())),
    };
    // Every row about the account names its mobile in the target ("candidate 138…", "mobile 138…").
    let audit = if account.mobile.is_empty() { Vec::new() } else { admin_db::audit_page(c, &account.mobile, 0, DETAIL_AUDIT_ROWS)?.1 };
    Ok(AccountDetail { account, resumes, applications, company_id, role, audit })
}

/// Disables (or enables) every account on `mobile`, candidate and company member alike; their
/// sessions end at once. Returns the candidate's id, whose cached log-ins the caller drops.
pub fn set_disabled(c: &mut DbConnection, actor: &Actor, mobile: &str, disabled: bool, reason: &str) -> ApiResult<Option<UserId>> {
    let mobile = mobile.trim();
    if !core_wasm::account::is_mainland_mobile(mobile) {
        return Err(ApiError::BadInput("mobile".into()));
    }
    let reason = reason_of(reason, disabled)?;
    let kept_reason = disabled.then_some(reason.as_str());
    crate::db::write_transaction(c, |c| {
        let now = now_ms();
        let user = user::by_mobile(c, mobile)?;
        let member = company_member::by_mobile(c, mobile)?;
        if user.is_none() && member.is_none() {
            return Err(ApiError::UserNotFound);
        }
        let action = if disabled { "account.disable" } else { "account.enable" };
        let state = |d: bool| Some(if d { "disabled" } else { "enabled" }.to_string());
        if let Some(u) = &user {
            user::set_disabled(c, u.id, disabled, now)?;
            account_disable::set(c, AccountKind::User, u.id.0, kept_reason, now)?;
            if disabled {
                session::revoke_all(c, u.id, None, now)?;
            }
            actor.audit(c, action, &format!("candidate {mobile}"), state(u.disabled), state(disabled), &reason)?;
        }
        if let Some(m) = &member {
            company_member::set_disabled(c, m.id, disabled)?;
            account_disable::set(c, AccountKind::Member, m.id.0, kept_reason, now)?;
            if disabled {
                company_member::revoke_all(c, m.id, None, now)?;
            }
            actor.audit(c, action, &format!("company member {mobile}"), state(m.disabled), state(disabled), &reason)?;
        }
        Ok(user.map(|u| u.id))
    })
}

/// Records an unlock of a locked log-in (the caller clears the limiter).
pub fn audit_unlock(c: &mut DbConnection, actor: &Actor, mobile: &str) -> ApiResult<()> {
    actor.audit(c, "account.unlock", &format!("mobile {mobile}"), Some("locked".into()), Some("unlocked".into()), "")
}
