//! `job_postings`: the recruiter-side fields and the publication of a company's jobs, one row beside
//! each `jobs` row made on the recruiter site (seeded jobs have none: they read as published when
//! made); and the recruiter's list of its jobs, by state (domain/job_posting.rs has the rules).

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{application_stages, applications, job_postings, jobs};
use crate::db::DbConnection;
use crate::ids::{CompanyId, JobId, MemberId};

/// A job's state as its company sees it: a draft is a closed job never published.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    Draft,
    Open,
    Closed,
}

impl JobState {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "draft" => Some(Self::Draft),
            "open" => Some(Self::Open),
            "closed" => Some(Self::Closed),
            _ => None,
        }
    }

    /// From `jobs.closed` and the posting's `published_at` (None: no posting row). `in_state!`
    /// below says the same in SQL.
    pub fn of(closed: bool, published_at: Option<Option<i64>>) -> Self {
        match (closed, published_at) {
            (false, _) => Self::Open,
            (true, Some(None)) => Self::Draft,
            (true, _) => Self::Closed,
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = job_postings)]
pub struct Posting {
    pub district: String,
    pub salary_months: i32,
    pub headcount: i32,
    pub contact: String,
    pub published_at: Option<i64>,
    pub refreshed_at: Option<i64>,
    /// The Beijing day (`YYYYMMDD`) of `refresh_count`.
    pub refresh_day: String,
    pub refresh_count: i32,
}

pub fn of_job(c: &mut DbConnection, job: JobId) -> QueryResult<Option<Posting>> {
    job_postings::table.find(job).select(Posting::as_select()).first(c).optional()
}

pub fn exists(c: &mut DbConnection, job: JobId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(job_postings::table.find(job))).get_result(c)
}

#[derive(Debug, Insertable)]
#[diesel(table_name = job_postings)]
pub struct NewPosting {
    pub job_id: JobId,
    pub company_id: CompanyId,
    pub published_at: Option<i64>,
}

pub fn insert(c: &mut DbConnection, new: &NewPosting) -> QueryResult<usize> {
    diesel::insert_into(job_postings::table).values(new).execute(c)
}

/// The posting's fields the recruiter edits.
#[derive(Debug, AsChangeset)]
#[diesel(table_name = job_postings)]
pub struct PostingEdit<'a> {
    pub district: &'a str,
    pub salary_months: i32,
    pub headcount: i32,
    pub contact: &'a str,
}

pub fn edit(c: &mut DbConnection, job: JobId, fields: &PostingEdit) -> QueryResult<usize> {
    diesel::update(job_postings::table.find(job)).set(fields).execute(c)
}

/// Makes `member` the job's responsible member (who answers its chats).
pub fn set_member(c: &mut DbConnection, job: JobId, member: MemberId) -> QueryResult<usize> {
    diesel::update(job_postings::table.find(job)).set(job_postings::member_id.eq(Some(member))).execute(c)
}

/// The job's responsible member as its posting names it (None: a seeded or older job, or no posting).
pub fn member_of(c: &mut DbConnection, job: JobId) -> QueryResult<Option<MemberId>> {
    Ok(job_postings::table.find(job).select(job_postings::member_id).first::<Option<MemberId>>(c).optional()?.flatten())
}

pub fn set_published(c: &mut DbConnection, job: JobId, at: i64) -> QueryResult<usize> {
    diesel::update(job_postings::table.find(job)).set(job_postings::published_at.eq(Some(at))).execute(c)
}

/// Records a refresh at `now`, the `count`-th of Beijing day `day`.
pub fn record_refresh(c: &mut DbConnection, job: JobId, day: &str, count: i32, now: i64) -> QueryResult<usize> {
    diesel::update(job_postings::table.find(job))
        .set((job_postings::refresh_day.eq(day), job_postings::refresh_count.eq(count), job_postings::refreshed_at.eq(Some(now))))
        .execute(c)
}

/// How many of the company's jobs are in each state.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = JobCounts)]
pub struct Counts {
    pub open: i64,
    pub draft: i64,
    pub closed: i64,
}

/// A job in the recruiter's list.
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = jobs)]
pub struct ListedJob {
    pub id: JobId,
    pub title: String,
    pub city: String,
    pub category: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub closed: bool,
    pub created_at: i64,
    pub updated_at: i64,
    /// None for a job without a posting row (seeded).
    #[diesel(select_expression = job_postings::job_id.nullable(), select_expression_type = diesel::dsl::Nullable<job_postings::job_id>)]
    pub posting: Option<JobId>,
    #[diesel(select_expression = job_postings::published_at.nullable(), select_expression_type = diesel::dsl::Nullable<job_postings::published_at>)]
    pub published_at: Option<i64>,
    #[diesel(select_expression = job_postings::refreshed_at.nullable(), select_expression_type = diesel::dsl::Nullable<job_postings::refreshed_at>)]
    pub refreshed_at: Option<i64>,
}

impl ListedJob {
    pub fn state(&self) -> JobState {
        // No posting row: a seeded job, published when made.
        JobState::of(self.closed, Some(if self.posting.is_some() { self.published_at } else { Some(self.created_at) }))
    }
}

/// The company's jobs in a state (or all), decided in SQL as `JobState::of` decides it: open is
/// not closed; draft is closed with a posting never published; closed is the rest of the closed.
macro_rules! in_state {
    ($company:expr, $state:expr) => {{
        let q = jobs::table.left_join(job_postings::table).filter(jobs::company_id.eq($company)).into_boxed();
        match $state {
            None => q,
            Some(JobState::Open) => q.filter(jobs::closed.eq(false)),
            Some(JobState::Draft) => {
                q.filter(jobs::closed.eq(true)).filter(job_postings::job_id.is_not_null()).filter(job_postings::published_at.is_null())
            }
            Some(JobState::Closed) => {
                q.filter(jobs::closed.eq(true)).filter(job_postings::job_id.is_null().or(job_postings::published_at.is_not_null()))
            }
        }
    }};
}

pub fn counts(c: &mut DbConnection, company: CompanyId) -> QueryResult<Counts> {
    Ok(Counts {
        open: in_state!(company, Some(JobState::Open)).count().get_result(c)?,
        draft: in_state!(company, Some(JobState::Draft)).count().get_result(c)?,
        closed: in_state!(company, Some(JobState::Closed)).count().get_result(c)?,
    })
}

/// One page of the company's jobs in `state` (or all), the latest changed first: only the page's
/// rows are read, whatever the number of jobs.
pub fn page(c: &mut DbConnection, company: CompanyId, state: Option<JobState>, offset: i64, limit: i64) -> QueryResult<Vec<ListedJob>> {
    in_state!(company, state)
        .order((jobs::updated_at.desc(), jobs::id.desc()))
        .offset(offset.max(0))
        .limit(limit.max(0))
        .select(ListedJob::as_select())
        .load(c)
}

/// A job's applications and how many of them the company opened.
#[derive(Debug, Queryable)]
pub struct JobApplications {
    pub job_id: JobId,
    pub applications: i64,
    pub opened: i64,
}

/// The applications of each of `jobs` that has any, counted by the database.
pub fn application_counts(c: &mut DbConnection, jobs: &[JobId]) -> QueryResult<Vec<JobApplications>> {
    application_stages::table
        .inner_join(applications::table)
        .filter(application_stages::job_id.eq_any(jobs))
        .group_by(application_stages::job_id)
        .select((application_stages::job_id, diesel::dsl::count_star(), diesel::dsl::count(application_stages::viewed_at)))
        .load(c)
}

/// Every job of the company with the member its posting names (None: no posting row, or none named).
#[derive(Debug, Clone, Queryable)]
pub struct JobMember {
    pub job_id: JobId,
    pub title: String,
    pub member_id: Option<MemberId>,
}

pub fn members_of_company(c: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<JobMember>> {
    jobs::table
        .left_join(job_postings::table)
        .filter(jobs::company_id.eq(company))
        .order(jobs::id.asc())
        .select((jobs::id, jobs::title, job_postings::member_id.nullable()))
        .load(c)
}
