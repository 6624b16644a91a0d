//! Company verification: the reviewers' queue, their decision (audited), and what sends a decided
//! company back to the queue (a new business licence, a changed name: domain/company_names.rs).

use serde::Serialize;

use crate::db::company_review::{self, NewReview, ReviewStatus};
use crate::db::{company, company_disable, company_file, DbConnection};
use crate::domain::admin::{reason_of, Actor};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, CompanyId};

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyReviewRow {
    pub company_id: CompanyId,
    pub name: String,
    pub short_name: String,
    pub city: String,
    pub industry: String,
    pub status: ReviewStatus,
    pub reason: String,
    pub note: String,
    pub reviewed_by: String,
    pub updated_at: i64,
    pub created_at: i64,
    /// Where the reviewer reads the business licence the company sent, if it sent one.
    #[schema(required)]
    pub licence_url: Option<String>,
    /// An admin disabled the company (`company_disables`).
    pub disabled: bool,
}

/// Companies by review status (`pending`, `verified`, `rejected`); a company without a review row
/// (a registration not looked at yet, or a seeded one) is pending.
pub fn queue(c: &mut DbConnection, status: &str, offset: i64, limit: i64) -> ApiResult<(i64, Vec<CompanyReviewRow>)> {
    let status = ReviewStatus::from_code(status).ok_or_else(|| ApiError::BadInput("status".into()))?;
    let rows: Vec<CompanyReviewRow> = company_review::companies_with_reviews(c)?
        .into_iter()
        .map(|r| CompanyReviewRow {
            company_id: r.company_id, name: r.name, short_name: r.short_name, city: r.city, industry: r.industry, created_at: r.created_at,
            status: r.status.unwrap_or(ReviewStatus::Pending), reason: r.reason.unwrap_or_default(), note: r.note.unwrap_or_default(),
            reviewed_by: r.reviewed_by.unwrap_or_default(), updated_at: r.updated_at.unwrap_or(r.created_at), licence_url: None, disabled: false,
        })
        .filter(|r| r.status == status)
        .collect();
    let total = rows.len() as i64;
    let mut page: Vec<CompanyReviewRow> = rows.into_iter().skip(offset.max(0) as usize).take(limit.max(0) as usize).collect();
    let ids: Vec<CompanyId> = page.iter().map(|r| r.company_id).collect();
    let disabled = company_disable::disabled_among(c, &ids)?;
    for row in &mut page {
        row.disabled = disabled.contains(&row.company_id);
        if company_file::licence_of(c, row.company_id)?.is_some() {
            row.licence_url = Some(format!("/ajax/admin/company/licence/{}", row.company_id));
        }
    }
    Ok((total, page))
}

/// Verifies or rejects a company, with a reason (required to reject) and a note.
pub fn decide(c: &mut DbConnection, actor: &Actor, company: CompanyId, decision: &str, reason: &str, note: &str) -> ApiResult<()> {
    let decision = match ReviewStatus::from_code(decision) {
        Some(d @ (ReviewStatus::Verified | ReviewStatus::Rejected)) => d,
        _ => return Err(ApiError::BadInput("decision".into())),
    };
    let reason = reason_of(reason, decision == ReviewStatus::Rejected)?;
    let note: String = note.trim().chars().take(500).collect();
    crate::db::write_transaction(c, |c| {
        let (name, _) = company::names_of(c, company)?.ok_or(ApiError::NotFound)?;
        let before = company_review::status_of(c, company)?.unwrap_or(ReviewStatus::Pending);
        company_review::replace(
            c,
            &NewReview { company_id: company, status: decision, reason: &reason, note: &note, reviewed_by: &actor.admin.username, updated_at: now_ms() },
        )?;
        actor.audit(c, "company.review", &format!("company {company} {name}"), Some(before.code().into()), Some(decision.code().into()), &reason)
    })
}

/// A company sent a new business licence: a verified or rejected company goes back to the review
/// queue (pending), and loses its badge until a reviewer looks at the new one.
pub fn licence_changed(c: &mut DbConnection, company: CompanyId, now: i64) -> ApiResult<usize> {
    Ok(company_review::back_to_pending(c, company, "licence changed", now)?)
}
