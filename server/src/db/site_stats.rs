//! The reads of the admin console's statistics (domain/site_stats.rs): what each table gained since
//! a moment, across users, companies, jobs, applications and interviews.

use diesel::prelude::*;

use crate::db::schema::{application_stages, applications, companies, interviews, job_postings, jobs, users};
use crate::db::DbConnection;

/// When each candidate account made at or after `since` was made.
pub fn users_created_since(c: &mut DbConnection, since: i64) -> QueryResult<Vec<i64>> {
    users::table.filter(users::created_at.ge(since)).select(users::created_at).load(c)
}

/// When each company made at or after `since` was made.
pub fn companies_created_since(c: &mut DbConnection, since: i64) -> QueryResult<Vec<i64>> {
    companies::table.filter(companies::created_at.ge(since)).select(companies::created_at).load(c)
}

/// A job made or published since the window's start.
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = jobs)]
pub struct JobSince {
    pub created_at: i64,
    /// None for a job without a posting row (imported, demo data).
    #[diesel(select_expression = job_postings::job_id.nullable(), select_expression_type = diesel::dsl::Nullable<job_postings::job_id>)]
    pub posting: Option<i64>,
    /// None for a draft never published.
    #[diesel(select_expression = job_postings::published_at.nullable(), select_expression_type = diesel::dsl::Nullable<job_postings::published_at>)]
    pub published_at: Option<i64>,
}

pub fn jobs_since(c: &mut DbConnection, since: i64) -> QueryResult<Vec<JobSince>> {
    jobs::table
        .left_join(job_postings::table)
        .filter(jobs::created_at.ge(since).or(job_postings::published_at.ge(since)))
        .select(JobSince::as_select())
        .load(c)
}

/// An application made since the window's start, with what the candidate sees of it.
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = applications)]
pub struct ApplicationSince {
    pub id: i64,
    pub created_at: i64,
    /// The candidate's status code (db/application.rs CandidateStatus).
    pub status: i32,
    /// When the company first opened it, if it has.
    #[diesel(select_expression = application_stages::viewed_at.nullable(), select_expression_type = diesel::dsl::Nullable<application_stages::viewed_at>)]
    pub viewed_at: Option<i64>,
}

pub fn applications_since(c: &mut DbConnection, since: i64) -> QueryResult<Vec<ApplicationSince>> {
    applications::table
        .left_join(application_stages::table)
        .filter(applications::created_at.ge(since))
        .select(ApplicationSince::as_select())
        .load(c)
}

/// When each interview scheduled at or after `since` was scheduled.
pub fn interviews_created_since(c: &mut DbConnection, since: i64) -> QueryResult<Vec<i64>> {
    interviews::table.filter(interviews::created_at.ge(since)).select(interviews::created_at).load(c)
}

/// Which of `applications` have an interview, once per interview.
pub fn interviewed_among(c: &mut DbConnection, applications: &[i64]) -> QueryResult<Vec<i64>> {
    interviews::table.filter(interviews::application_id.eq_any(applications)).select(interviews::application_id).load(c)
}
