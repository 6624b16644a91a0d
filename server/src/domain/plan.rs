//! A company's plan of the paid recruiter services and its monthly quotas (issue 16): resume views
//! (a resume opened outside the company's applications), resume file downloads and job refreshes,
//! counted per Beijing month. Every company has the free allowance; a trial, applied for by the
//! owner and approved in the admin console, raises it for TRIAL_DAYS.
//!
//! A resume or file counts once a month however often it is opened again; each refresh counts.
//! The call past the quota is refused with QUOTA_EXCEEDED and counts nothing.

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use serde::Serialize;

use crate::db::schema::{companies, company_quota_seen, company_quota_uses, company_trials};
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{beijing_date, CompanyId};

pub const TRIAL_DAYS: i64 = 30;
pub const CONTACT_MAX: usize = 50;
pub const NOTE_MAX: usize = 500;

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
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

#[derive(Debug, Clone, Serialize, Queryable, Selectable)]
#[diesel(table_name = company_trials)]
#[serde(rename_all = "camelCase")]
pub struct Trial {
    pub company_id: CompanyId,
    pub contact: String,
    pub note: String,
    /// pending, approved, rejected
    pub status: String,
    pub reason: String,
    pub reviewed_by: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub ends_at: Option<i64>,
}

fn trial_of(c: &mut DbConnection, company: CompanyId) -> QueryResult<Option<Trial>> {
    company_trials::table.find(company).select(Trial::as_select()).first(c).optional()
}

/// A paid plan a company buys through a company order (domain/company_order.rs).
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaidPlan {
    pub code: &'static str,
    pub name_zh: &'static str,
    pub name_en: &'static str,
    pub amount_fen: i64,
    pub days: i64,
    pub quotas: Quotas,
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
    },
    PaidPlan {
        code: "pro_30d",
        name_zh: "专业版 30 天",
        name_en: "Professional, 30 days",
        amount_fen: 69_900,
        days: 30,
        quotas: Quotas { resume_views: 1000, downloads: 300, refreshes: 1000 },
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
        (None, Some(t)) if t.status == "approved" && t.ends_at.is_some_and(|e| e > now) => ("trial", TRIAL, t.ends_at),
        _ => ("free", FREE, None),
    })
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanStatus {
    /// free, trial, or a paid plan's code.
    pub plan: &'static str,
    /// When the paid plan or trial in effect ends.
    pub until: Option<i64>,
    pub month: String,
    pub quotas: Quotas,
    pub used: Quotas,
    pub trial: Option<Trial>,
}

pub fn status(c: &mut DbConnection, company: CompanyId, now: i64) -> ApiResult<PlanStatus> {
    let trial = trial_of(c, company)?;
    let (plan, quotas, until) = plan_of(c, company, trial.as_ref(), now)?;
    let m = month(now);
    let rows: Vec<(String, i64)> = company_quota_uses::table
        .filter(company_quota_uses::company_id.eq(company))
        .filter(company_quota_uses::month.eq(&m))
        .select((company_quota_uses::kind, company_quota_uses::used))
        .load(c)?;
    let used_of = |k: Kind| rows.iter().find(|(kind, _)| kind == k.code()).map_or(0, |(_, n)| *n);
    let used = Quotas { resume_views: used_of(Kind::ResumeView), downloads: used_of(Kind::Download), refreshes: used_of(Kind::Refresh) };
    Ok(PlanStatus { plan, until, month: m, quotas, used, trial })
}

/// Counts one use of `kind` for the company: `target` (a resume, a file) counts once a month.
/// QUOTA_EXCEEDED, and nothing counted, past the month's quota.
pub fn use_quota(c: &mut DbConnection, company: CompanyId, kind: Kind, target: Option<i64>, now: i64) -> ApiResult<()> {
    let m = month(now);
    crate::db::write_transaction(c, |c| {
        if let Some(t) = target {
            let seen: Option<i64> = company_quota_seen::table
                .find((company.0, &m, kind.code(), t))
                .select(company_quota_seen::target)
                .first(c)
                .optional()?;
            if seen.is_some() {
                return Ok(());
            }
        }
        let trial = trial_of(c, company)?;
        let (_, quotas, _) = plan_of(c, company, trial.as_ref(), now)?;
        let used: Option<i64> = company_quota_uses::table
            .find((company.0, &m, kind.code()))
            .select(company_quota_uses::used)
            .first(c)
            .optional()?;
        if used.unwrap_or(0) >= kind.limit(&quotas) {
            return Err(ApiError::QuotaExceeded);
        }
        match used {
            Some(_) => {
                diesel::update(company_quota_uses::table.find((company.0, &m, kind.code())))
                    .set(company_quota_uses::used.eq(company_quota_uses::used + 1))
                    .execute(c)?;
            }
            None => {
                diesel::insert_into(company_quota_uses::table)
                    .values((
                        company_quota_uses::company_id.eq(company),
                        company_quota_uses::month.eq(&m),
                        company_quota_uses::kind.eq(kind.code()),
                        company_quota_uses::used.eq(1i64),
                    ))
                    .execute(c)?;
            }
        }
        if let Some(t) = target {
            diesel::insert_into(company_quota_seen::table)
                .values((
                    company_quota_seen::company_id.eq(company),
                    company_quota_seen::month.eq(&m),
                    company_quota_seen::kind.eq(kind.code()),
                    company_quota_seen::target.eq(t),
                ))
                .execute(c)?;
        }
        Ok(())
    })
}

/// QUOTA_EXCEEDED when this month's quota of `kind` is used up (a check before a call that counts
/// only once it succeeds: a job refresh).
pub fn check_quota(c: &mut DbConnection, company: CompanyId, kind: Kind, now: i64) -> ApiResult<()> {
    let trial = trial_of(c, company)?;
    let (_, quotas, _) = plan_of(c, company, trial.as_ref(), now)?;
    let used: Option<i64> = company_quota_uses::table
        .find((company.0, month(now), kind.code()))
        .select(company_quota_uses::used)
        .first(c)
        .optional()?;
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
        match trial_of(c, company)? {
            Some(t) if t.status != "rejected" => return Err(ApiError::TrialExists),
            Some(_) => {
                diesel::delete(company_trials::table.find(company.0)).execute(c)?;
            }
            None => {}
        }
        diesel::insert_into(company_trials::table)
            .values((
                company_trials::company_id.eq(company),
                company_trials::contact.eq(contact),
                company_trials::note.eq(note),
                company_trials::status.eq("pending"),
                company_trials::created_at.eq(now),
                company_trials::updated_at.eq(now),
            ))
            .execute(c)
            .map_err(|e| match e {
                DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => ApiError::TrialExists,
                other => other.into(),
            })?;
        Ok(())
    })?;
    trial_of(c, company)?.ok_or(ApiError::NotFound)
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrialRow {
    pub company_name: String,
    #[serde(flatten)]
    pub trial: Trial,
}

/// The trial applications in a status, newest first (the admin console).
pub fn trial_queue(c: &mut DbConnection, status: &str) -> ApiResult<Vec<TrialRow>> {
    if !matches!(status, "pending" | "approved" | "rejected") {
        return Err(ApiError::BadInput("status".into()));
    }
    let rows: Vec<(Trial, String)> = company_trials::table
        .inner_join(companies::table)
        .filter(company_trials::status.eq(status))
        .order(company_trials::updated_at.desc())
        .select((Trial::as_select(), companies::name))
        .load(c)?;
    Ok(rows.into_iter().map(|(trial, company_name)| TrialRow { company_name, trial }).collect())
}

/// Approves (the trial runs TRIAL_DAYS from now) or rejects a pending application; returns the
/// status before and the company's name for the audit row. Only pending ones: else BAD_INPUT.
pub fn decide_trial(c: &mut DbConnection, company: CompanyId, approve: bool, reason: &str, admin: &str, now: i64) -> ApiResult<(String, String)> {
    let t = trial_of(c, company)?.ok_or(ApiError::NotFound)?;
    if t.status != "pending" {
        return Err(ApiError::BadInput("the application is not pending".into()));
    }
    let name: String = companies::table.find(company).select(companies::name).first(c)?;
    diesel::update(company_trials::table.find(company))
        .set((
            company_trials::status.eq(if approve { "approved" } else { "rejected" }),
            company_trials::reason.eq(reason),
            company_trials::reviewed_by.eq(admin),
            company_trials::updated_at.eq(now),
            company_trials::ends_at.eq(approve.then_some(now + TRIAL_DAYS * 86_400_000)),
        ))
        .execute(c)?;
    Ok((t.status, name))
}
