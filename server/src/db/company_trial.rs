//! `company_trials`: a company's application for a trial of the paid services (domain/plan.rs has
//! what a trial gives and who decides), one row per company.

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{companies, company_trials};
use crate::db::DbConnection;
use crate::ids::CompanyId;

text_enum! {
    pub enum TrialStatus {
        Pending = "pending",
        Approved = "approved",
        Rejected = "rejected",
    }
}

#[derive(Debug, Clone, Serialize, Queryable, Selectable, utoipa::ToSchema)]
#[diesel(table_name = company_trials)]
#[serde(rename_all = "camelCase")]
#[schema(as = CompanyTrial)]
pub struct Trial {
    pub company_id: CompanyId,
    pub contact: String,
    pub note: String,
    pub status: TrialStatus,
    pub reason: String,
    pub reviewed_by: String,
    pub created_at: i64,
    pub updated_at: i64,
    #[schema(required)]
    pub ends_at: Option<i64>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = company_trials)]
pub struct NewTrial<'a> {
    pub company_id: CompanyId,
    pub contact: &'a str,
    pub note: &'a str,
    pub status: TrialStatus,
    pub created_at: i64,
    pub updated_at: i64,
}

pub fn of_company(c: &mut DbConnection, company: CompanyId) -> QueryResult<Option<Trial>> {
    company_trials::table.find(company).select(Trial::as_select()).first(c).optional()
}

/// The unique company refuses a second row (a UniqueViolation).
pub fn insert(c: &mut DbConnection, new: &NewTrial) -> QueryResult<usize> {
    diesel::insert_into(company_trials::table).values(new).execute(c)
}

pub fn delete(c: &mut DbConnection, company: CompanyId) -> QueryResult<usize> {
    diesel::delete(company_trials::table.find(company)).execute(c)
}

/// A reviewer's decision on an application.
#[derive(Debug, AsChangeset)]
#[diesel(table_name = company_trials, treat_none_as_null = true)]
pub struct Decision<'a> {
    pub status: TrialStatus,
    pub reason: &'a str,
    pub reviewed_by: &'a str,
    pub updated_at: i64,
    /// When an approved trial ends; none for a rejection.
    pub ends_at: Option<i64>,
}

pub fn decide(c: &mut DbConnection, company: CompanyId, decision: &Decision) -> QueryResult<usize> {
    diesel::update(company_trials::table.find(company)).set(decision).execute(c)
}

/// An application with its company's name, as the admin console lists it.
#[derive(Debug, Serialize, Queryable, Selectable, utoipa::ToSchema)]
#[diesel(table_name = company_trials)]
#[serde(rename_all = "camelCase")]
pub struct TrialRow {
    #[diesel(select_expression = companies::name)]
    pub company_name: String,
    #[serde(flatten)]
    #[diesel(embed)]
    pub trial: Trial,
}

/// The applications in `status`, the latest changed first.
pub fn in_status(c: &mut DbConnection, status: TrialStatus) -> QueryResult<Vec<TrialRow>> {
    company_trials::table
        .inner_join(companies::table)
        .filter(company_trials::status.eq(status))
        .order(company_trials::updated_at.desc())
        .select(TrialRow::as_select())
        .load(c)
}
