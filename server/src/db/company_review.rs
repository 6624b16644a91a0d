//! `company_reviews`: the admins' verification of companies. A company without a row (a
//! registration not looked at yet, or a seeded one) is pending.

use std::collections::HashSet;

use diesel::prelude::*;

use crate::db::schema::{companies, company_reviews};
use crate::db::DbConnection;
use crate::ids::CompanyId;

text_enum! {
    /// Where a company stands in verification; serde writes the word.
    pub enum ReviewStatus {
        Pending = "pending",
        Verified = "verified",
        Rejected = "rejected",
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = company_reviews)]
pub struct NewReview<'a> {
    pub company_id: CompanyId,
    pub status: ReviewStatus,
    pub reason: &'a str,
    pub note: &'a str,
    pub reviewed_by: &'a str,
    pub updated_at: i64,
}

/// Those of `ids` a reviewer verified (the badge on their pages and on their jobs' cards), in one query.
pub fn verified_among(c: &mut DbConnection, ids: &[CompanyId]) -> QueryResult<HashSet<CompanyId>> {
    if ids.is_empty() {
        return Ok(HashSet::new());
    }
    let found: Vec<CompanyId> = company_reviews::table
        .filter(company_reviews::company_id.eq_any(ids))
        .filter(company_reviews::status.eq(ReviewStatus::Verified))
        .select(company_reviews::company_id)
        .load(c)?;
    Ok(found.into_iter().collect())
}

/// The admins' verdict on a company, as its members see it.
#[derive(Debug, serde::Serialize, Queryable, Selectable, utoipa::ToSchema)]
#[diesel(table_name = company_reviews)]
#[schema(as = CompanyReview)]
pub struct Review {
    /// `verified` or `rejected`; a company never reviewed, or sent back by a new licence, is `pending`.
    pub status: ReviewStatus,
    /// The reviewer's reason for a rejection (the console's canned reasons), empty otherwise.
    pub reason: String,
}

/// The company's review, or None before any.
pub fn of_company(c: &mut DbConnection, company: CompanyId) -> QueryResult<Option<Review>> {
    company_reviews::table.find(company).select(Review::as_select()).first(c).optional()
}

/// The company's review status, None before any review.
pub fn status_of(c: &mut DbConnection, company: CompanyId) -> QueryResult<Option<ReviewStatus>> {
    company_reviews::table.find(company).select(company_reviews::status).first(c).optional()
}

/// The company's review becomes `review`, replacing any before it.
pub fn replace(c: &mut DbConnection, review: &NewReview) -> QueryResult<()> {
    diesel::delete(company_reviews::table.find(review.company_id)).execute(c)?;
    diesel::insert_into(company_reviews::table).values(review).execute(c)?;
    Ok(())
}

/// A decided (verified or rejected) company goes back to pending with `note` saying why; 0 when it
/// had no decision to lose.
pub fn back_to_pending(c: &mut DbConnection, company: CompanyId, note: &str, now: i64) -> QueryResult<usize> {
    diesel::update(company_reviews::table.find(company).filter(company_reviews::status.ne(ReviewStatus::Pending)))
        .set((company_reviews::status.eq(ReviewStatus::Pending), company_reviews::note.eq(note), company_reviews::updated_at.eq(now)))
        .execute(c)
}

/// Companies a reviewer decided on and that stay decided (a new licence makes one pending again).
pub fn decided_count(c: &mut DbConnection) -> QueryResult<i64> {
    company_reviews::table.filter(company_reviews::status.ne(ReviewStatus::Pending)).count().get_result(c)
}

/// A company with its review, as the verification queue reads it: the review's columns are None
/// before any review.
#[derive(Debug, Queryable)]
pub struct CompanyWithReview {
    pub company_id: CompanyId,
    pub name: String,
    pub short_name: String,
    pub city: String,
    pub industry: String,
    pub created_at: i64,
    pub status: Option<ReviewStatus>,
    pub reason: Option<String>,
    pub note: Option<String>,
    pub reviewed_by: Option<String>,
    pub updated_at: Option<i64>,
}

/// Every company with its review, newest company first.
pub fn companies_with_reviews(c: &mut DbConnection) -> QueryResult<Vec<CompanyWithReview>> {
    companies::table
        .left_join(company_reviews::table)
        .select((
            companies::id,
            companies::name,
            companies::short_name,
            companies::city,
            companies::industry,
            companies::created_at,
            company_reviews::status.nullable(),
            company_reviews::reason.nullable(),
            company_reviews::note.nullable(),
            company_reviews::reviewed_by.nullable(),
            company_reviews::updated_at.nullable(),
        ))
        .order(companies::created_at.desc())
        .load(c)
}
