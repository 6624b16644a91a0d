//! A company's plan of the paid recruiter services and its monthly quotas (issue 16): resume views
//! (a resume opened outside the company's applications), resume file downloads and job refreshes,
//! counted per Beijing month. Every company has the free allowance; a trial, applied for by the
//! owner and approved in the admin console, raises it for TRIAL_DAYS.
//!
//! A resume or file counts once a month however often it is opened again; each refresh counts.
//! The call past the quota is refused with QUOTA_EXCEEDED and counts nothing.

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::QueryResult;
use serde::Serialize;

use crate::db::company_quota_seen::{self as quota_seen, QuotaSeen};
use crate::db::company_quota_use::{self as quota_use, NewQuotaUse};
use crate::db::company_trial::{self, Decision, NewTrial, Trial, TrialRow, TrialStatus};
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{beijing_date, CompanyId};

pub const TRIAL_DAYS: i64 = 30;
pub const CONTACT_MAX: usize = 50;
pub const NOTE_MAX: usize = 500;

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Quotas {
    pub resume_views: i64,
    pub downloads: i64,
    pub refreshes: i64,
}

/// Every company's monthly allowance.
pub const FREE: Quotas = Quotas { resume_views: 30, downloads: 10, refreshes: 60 };
/// While a trial runs.
pub const TRIAL: Quotas = Quotas { resume_views: 300, downloads: 100, refreshes: 300 };

/// The new chat conversations each member (owner or HR) may open a Beijing day on the free plan
/// (domain/chat_quota.rs); a trial and the paid plans raise it (`PaidPlan::daily_new_chats`).
pub const FREE_DAILY_NEW_CHATS: i64 = 20;
/// The same while a trial runs.
pub const TRIAL_DAILY_NEW_CHATS: i64 = 50;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    ResumeView,
    Download,
    Refresh,
}

impl Kind {
    pub fn code(self) -> &'static str {
        match self {
            Kind::ResumeView => "resumeViews",
            Kind::Download => "downloads",
            Kind::Refresh => "refreshes",
        }
    }

    fn limit(self, q: &Quotas) -> i64 {
        match self {
            Kind::ResumeView => q.resume_views,
            Kind::Download => q.downloads,
            Kind::Refresh => q.refreshes,
        }
    }
}

/// `YYYYMM` in Beijing time.
fn month(now: i64) -> String {
    beijing_date(now)[..6].to_string()
}

/// A paid plan a company buys through a company order (domain/company_order.rs).
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaidPlan {
    #[schema(value_type = String)]
    pub code: &'static str,
    #[schema(value_type = String)]
    pub name_zh: &'static str,
    #[schema(value_type = String)]
    pub name_en: &'static str,
    pub amount_fen: i64,
    pub days: i64,
    pub quotas: Quotas,
    /// New chat conversations each member may open a Beijing day while the plan runs.
    pub daily_new_chats: i64,
}

/// The catalogue of paid plans, cheapest first.
pub const PAID_PLANS: &[PaidPlan] = &[
    PaidPlan {
        code: "basic_30d",
        name_zh: "基础版 30 天",
        name_en: "Basic, 30 days",
        amount_fen: 29_900,
        days: 30,
        quotas: Quotas { resume_views: 200, downloads: 60, refreshes: 300 },
        daily_new_chats: 100,
    },
    PaidPlan {
        code: "pro_30d",
        name_zh: "专业版 30 天",
        name_en: "Professional, 30 days",
        amount_fen: 69_900,
        days: 30,
        quotas: Quotas { resume_views: 1000, downloads: 300, refreshes: 1000 },
        daily_new_chats: 300,
    },
];

pub fn paid_plan(code: &str) -> Option<&'static PaidPlan> {
    PAID_PLANS.iter().find(|p| p.code == code)
}

/// The plan in effect and until when: the best paid plan running now, else `trial` while an
/// approved trial runs, else `free`. A plan past its end (or refunded) falls back by itself.
fn plan_of(c: &mut DbConnection, company: CompanyId, trial: Option<&Trial>, now: i64) -> QueryResult<(&'static str, Quotas, Option<i64>)> {
    let paid = crate::db::company_order::running(c, company, now)?
        .into_iter()
        .filter_map(|o| Some((paid_plan(&o.plan_code)?, o.effective_until)))
        .max_by_key(|(p, _)| p.amount_fen);
    Ok(match (paid, trial) {
        (Some((p, until)), _) => (p.code, p.quotas, until),
        (None, Some(t)) if t.status == TrialStatus::Approved && t.ends_at.is_some_and(|e| e > now) => ("trial", TRIAL, t.ends_at),
        _ => ("free", FREE, None),
    })
}

/// The new chat conversations each of the company's members may open a Beijing day under the plan
/// in effect at `now` (domain/chat_quota.rs).
pub fn daily_new_chats(c: &mut DbConnection, company: CompanyId, now: i64) -> QueryResult<i64> {
    let trial = company_trial::of_company(c, company)?;
    let (plan, _, _) = plan_of(c, company, trial.as_ref(), now)?;
    Ok(match plan {
        "free" => FREE_DAILY_NEW_CHATS,
        "trial" => TRIAL_DAILY_NEW_CHATS,
        code => paid_plan(code).map_or(FREE_DAILY_NEW_CHATS, |p| p.daily_new_chats),
    })
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanStatus {
    /// free, trial, or a paid plan's code.
    #[schema(value_type = String)]
    pub plan: &'static str,
    /// When the paid plan or trial in effect ends.
    #[schema(required)]
    pub until: Option<i64>,
    pub month: String,
    pub quotas: Quotas,
    pub used: Quotas,
    /// The company's trial application, null before any.
    #[schema(required)]
    pub trial: Option<Trial>,
}

pub fn status(c: &mut DbConnection, company: CompanyId, now: i64) -> ApiResult<PlanStatus> {
    let trial = company_trial::of_company(c, company)?;
    let (plan, quotas, until) = plan_of(c, company, trial.as_ref(), now)?;
    let m = month(now);
    let rows = quota_use::of_month(c, company, &m)?;
    let used_of = |k: Kind| rows.iter().find(|r| r.kind == k.code()).map_or(0, |r| r.used);
    let used = Quotas { resume_views: used_of(Kind::ResumeView), downloads: used_of(Kind::Download), refreshes: used_of(Kind::Refresh) };
    Ok(PlanStatus { plan, until, month: m, quotas, used, trial })
}

/// Counts one use of `kind` for the company: `target` (a resume, a file) counts once a month.
/// QUOTA_EXCEEDED, and nothing counted, past the month's quota.
pub fn use_quota(c: &mut DbConnection, company: CompanyId, kind: Kind, target: Option<i64>, now: i64) -> ApiResult<()> {
    let m = month(now);
    crate::db::write_transaction(c, |c| {
        let seen = target.map(|t| QuotaSeen { company_id: company, month: &m, kind: kind.code(), target: t });
        if let Some(seen) = &seen {
            if quota_seen::exists(c, seen)? {
                return Ok(());
            }
        }
        let trial = company_trial::of_company(c, company)?;
        let (_, quotas, _) = plan_of(c, company, trial.as_ref(), now)?;
        let used = quota_use::used(c, company, &m, kind.code())?;
        if used.unwrap_or(0) >= kind.limit(&quotas) {
            return Err(ApiError::QuotaExceeded);
        }
        match used {
            Some(_) => quota_use::add_one(c, company, &m, kind.code())?,
            None => quota_use::insert(c, &NewQuotaUse { company_id: company, month: &m, kind: kind.code(), used: 1 })?,
        };
        if let Some(seen) = &seen {
            quota_seen::insert(c, seen)?;
        }
        Ok(())
    })
}

/// QUOTA_EXCEEDED when this month's quota of `kind` is used up (a check before a call that counts
/// only once it succeeds: a job refresh).
pub fn check_quota(c: &mut DbConnection, company: CompanyId, kind: Kind, now: i64) -> ApiResult<()> {
    let trial = company_trial::of_company(c, company)?;
    let (_, quotas, _) = plan_of(c, company, trial.as_ref(), now)?;
    let used = quota_use::used(c, company, &month(now), kind.code())?;
    if used.unwrap_or(0) >= kind.limit(&quotas) {
        return Err(ApiError::QuotaExceeded);
    }
    Ok(())
}

/// The owner applies for a trial: refused (TRIAL_EXISTS) while one is pending or approved; after a
/// rejection the company may apply again.
pub fn apply_trial(c: &mut DbConnection, company: CompanyId, contact: &str, note: &str, now: i64) -> ApiResult<Trial> {
    let contact = contact.trim();
    let note = note.trim();
    if contact.is_empty() || contact.chars().count() > CONTACT_MAX {
        return Err(ApiError::BadInput("contact".into()));
    }
    if note.chars().count() > NOTE_MAX {
        return Err(ApiError::BadInput("note".into()));
    }
    crate::db::write_transaction(c, |c| {
        match company_trial::of_company(c, company)? {
            Some(t) if t.status != TrialStatus::Rejected => return Err(ApiError::TrialExists),
            Some(_) => {
                company_trial::delete(c, company)?;
            }
            None => {}
        }
        let new = NewTrial { company_id: company, contact, note, status: TrialStatus::Pending, created_at: now, updated_at: now };
        company_trial::insert(c, &new).map_err(|e| match e {
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => ApiError::TrialExists,
            other => other.into(),
        })?;
        Ok(())
    })?;
    company_trial::of_company(c, company)?.ok_or(ApiError::NotFound)
}

/// The trial applications in a status, newest first (the admin console).
pub fn trial_queue(c: &mut DbConnection, status: &str) -> ApiResult<Vec<TrialRow>> {
    let status = TrialStatus::from_code(status).ok_or_else(|| ApiError::BadInput("status".into()))?;
    Ok(company_trial::in_status(c, status)?)
}

/// Approves (the trial runs TRIAL_DAYS from now) or rejects a pending application; returns the
/// status before and the company's name for the audit row. Only pending ones: else BAD_INPUT.
pub fn decide_trial(c: &mut DbConnection, company: CompanyId, approve: bool, reason: &str, admin: &str, now: i64) -> ApiResult<(String, String)> {
    let t = company_trial::of_company(c, company)?.ok_or(ApiError::NotFound)?;
    if t.status != TrialStatus::Pending {
        return Err(ApiError::BadInput("the application is not pending".into()));
    }
    let (name, _) = crate::db::company::names_of(c, company)?.ok_or(ApiError::NotFound)?;
    let decision = Decision {
        status: if approve { TrialStatus::Approved } else { TrialStatus::Rejected },
        reason,
        reviewed_by: admin,
        updated_at: now,
        ends_at: approve.then_some(now + TRIAL_DAYS * 86_400_000),
    };
    company_trial::decide(c, company, &decision)?;
    Ok((t.status.code().to_string(), name))
}
