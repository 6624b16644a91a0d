//! The job card: a job as every list shows it (search, home, a company's jobs, similar jobs),
//! with its company and, for a logged-in viewer, whether they applied for it or saved it.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{companies, jobs};
use crate::db::{application, saved_job, DbConnection};
use crate::ids::{CompanyId, JobId, UserId};

/// What a card shows of the job's company.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = companies)]
pub struct CardCompany {
    pub id: CompanyId,
    pub name: String,
    pub short_name: String,
    pub company_type: String,
    pub company_size: String,
}

/// A card's columns, read in one join.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = jobs)]
pub struct CardRow {
    pub id: JobId,
    pub title: String,
    #[diesel(embed)]
    pub company: CardCompany,
    pub city: String,
    pub category: String,
    pub industry: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub experience: String,
    pub education: String,
    /// Benefits, comma-separated.
    pub tags: String,
    /// Skills, comma-separated.
    pub keywords: String,
    pub created_at: i64,
    pub closed: bool,
}

/// A job as a list shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobCard {
    pub id: JobId,
    pub title: String,
    pub company_id: CompanyId,
    pub company_name: String,
    pub company_short_name: String,
    pub company_type: String,
    pub company_size: String,
    /// A reviewer verified the company (认证): the card shows the badge.
    pub company_verified: bool,
    pub city: String,
    pub category: String,
    pub industry: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub experience: String,
    pub education: String,
    /// Benefits.
    pub tags: Vec<String>,
    /// Skills.
    pub keywords: Vec<String>,
    pub posted_at: i64,
    pub closed: bool,
    pub applied: bool,
    pub saved: bool,
}

/// A comma-separated column as a list (ASCII and full-width commas).
pub fn split_list(s: &str) -> Vec<String> {
    s.split([',', '，']).map(str::trim).filter(|t| !t.is_empty()).map(String::from).collect()
}

impl JobCard {
    fn new(r: CardRow, applied: bool, saved: bool, verified: bool) -> Self {
        JobCard {
            applied,
            saved,
            company_verified: verified,
            id: r.id,
            title: r.title,
            company_id: r.company.id,
            company_name: r.company.name,
            company_short_name: r.company.short_name,
            company_type: r.company.company_type,
            company_size: r.company.company_size,
            city: r.city,
            category: r.category,
            industry: r.industry,
            salary_min: r.salary_min,
            salary_max: r.salary_max,
            experience: r.experience,
            education: r.education,
            tags: split_list(&r.tags),
            keywords: split_list(&r.keywords),
            posted_at: r.created_at,
            closed: r.closed,
        }
    }
}

/// The cards of `ids`, in that order (missing ids left out), with the viewer's applied and saved flags.
pub fn cards(c: &mut DbConnection, ids: &[JobId], viewer: Option<UserId>) -> QueryResult<Vec<JobCard>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<CardRow> =
        jobs::table.inner_join(companies::table).filter(jobs::id.eq_any(ids)).select(CardRow::as_select()).load(c)?;
    let (applied, saved): (HashSet<JobId>, HashSet<JobId>) = match viewer {
        None => (HashSet::new(), HashSet::new()),
        Some(user) => (
            application::applied_among(c, user, ids)?.into_iter().collect(),
            saved_job::saved_among(c, user, ids)?.into_iter().collect(),
        ),
    };
    let companies: Vec<CompanyId> = rows.iter().map(|r| r.company.id).collect();
    let verified = crate::db::company_review::verified_among(c, &companies)?;
    let mut by_id: HashMap<JobId, CardRow> = rows.into_iter().map(|r| (r.id, r)).collect();
    Ok(ids
        .iter()
        .filter_map(|id| by_id.remove(id))
        .map(|r| {
            let (a, s) = (applied.contains(&r.id), saved.contains(&r.id));
            let v = verified.contains(&r.company.id);
            JobCard::new(r, a, s, v)
        })
        .collect())
}
