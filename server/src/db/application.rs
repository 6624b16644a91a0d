//! `applications`: a candidate's application for a job with one of their resumes, and the
//! status they see for it; the "application with its job and company" read model of /my/apply.

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{applications, companies, jobs, resumes};
use crate::db::DbConnection;
use crate::ids::{ApplicationId, CompanyId, JobId, ResumeId, UserId};

int_enum! {
    /// What the candidate sees for an application (applications.status); the recruiter's pipeline
    /// stages each map to one (db/pipeline_stage.rs).
    pub enum CandidateStatus {
        Delivered = 1,
        Viewed = 2,
        Interested = 3,
        Interview = 4,
        NotSuitable = 5,
        Hired = 6,
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = applications)]
pub struct NewApplication {
    pub id: ApplicationId,
    pub user_id: UserId,
    pub job_id: JobId,
    pub resume_id: ResumeId,
    pub status: CandidateStatus,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Inserts an application. The unique (user, job) index refuses a second one for the same job.
pub fn insert(conn: &mut DbConnection, new: &NewApplication) -> QueryResult<usize> {
    diesel::insert_into(applications::table).values(new).execute(conn)
}

pub fn exists(conn: &mut DbConnection, user: UserId, job: JobId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        applications::table.filter(applications::user_id.eq(user)).filter(applications::job_id.eq(job)),
    ))
    .get_result(conn)
}

/// The user's application for the job, if any.
pub fn id_of(conn: &mut DbConnection, user: UserId, job: JobId) -> QueryResult<Option<ApplicationId>> {
    applications::table.filter(applications::user_id.eq(user)).filter(applications::job_id.eq(job)).select(applications::id).first(conn).optional()
}

/// The user's newest application to one of `company`'s jobs, if any.
pub fn newest_of_user_at(conn: &mut DbConnection, user: UserId, company: CompanyId) -> QueryResult<Option<ApplicationId>> {
    applications::table
        .inner_join(jobs::table)
        .filter(applications::user_id.eq(user))
        .filter(jobs::company_id.eq(company))
        .order((applications::created_at.desc(), applications::id.desc()))
        .select(applications::id)
        .first(conn)
        .optional()
}

/// Whether `company` holds an application carrying `resume` (to one of its jobs).
pub fn company_holds(conn: &mut DbConnection, company: CompanyId, resume: ResumeId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        applications::table.inner_join(jobs::table).filter(applications::resume_id.eq(resume)).filter(jobs::company_id.eq(company)),
    ))
    .get_result(conn)
}

/// Which of `resumes` `company` holds an application with (to one of its jobs).
pub fn held_by_company(conn: &mut DbConnection, company: CompanyId, resumes: &[i64]) -> QueryResult<Vec<i64>> {
    applications::table
        .inner_join(jobs::table)
        .filter(applications::resume_id.eq_any(resumes))
        .filter(jobs::company_id.eq(company))
        .select(applications::resume_id)
        .distinct()
        .load(conn)
}

/// The resume of `application` when it went to one of `company`'s jobs.
pub fn resume_at_company(conn: &mut DbConnection, company: CompanyId, application: i64) -> QueryResult<Option<ResumeId>> {
    applications::table
        .inner_join(jobs::table)
        .filter(applications::id.eq(application))
        .filter(jobs::company_id.eq(company))
        .select(applications::resume_id)
        .first(conn)
        .optional()
}

/// The applications carrying `resume` to jobs of any of `companies`.
pub fn of_resume_at(conn: &mut DbConnection, resume: ResumeId, companies: &[i64]) -> QueryResult<Vec<i64>> {
    applications::table
        .inner_join(jobs::table)
        .filter(applications::resume_id.eq(resume))
        .filter(jobs::company_id.eq_any(companies))
        .select(applications::id)
        .load(conn)
}

/// An application to one of a company's jobs, as the company's first stages place it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = applications)]
pub struct CompanyApplication {
    pub id: i64,
    pub job_id: i64,
    pub created_at: i64,
    pub status: CandidateStatus,
}

/// The applications to the company's jobs.
pub fn of_company(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<CompanyApplication>> {
    applications::table.inner_join(jobs::table).filter(jobs::company_id.eq(company)).select(CompanyApplication::as_select()).load(conn)
}

/// The status the candidate sees now, following the application's stage.
pub fn set_status(conn: &mut DbConnection, application: i64, status: CandidateStatus, now: i64) -> QueryResult<()> {
    diesel::update(applications::table.find(application))
        .set((applications::status.eq(status), applications::updated_at.eq(now)))
        .execute(conn)
        .map(|_| ())
}

/// A delivered application becomes viewed (any later status stays).
pub fn mark_viewed(conn: &mut DbConnection, application: i64, now: i64) -> QueryResult<()> {
    diesel::update(applications::table.find(application).filter(applications::status.eq(CandidateStatus::Delivered)))
        .set((applications::status.eq(CandidateStatus::Viewed), applications::updated_at.eq(now)))
        .execute(conn)
        .map(|_| ())
}

/// The resume of each of `applications` that exists: (application, resume).
pub fn resumes_of(conn: &mut DbConnection, applications: &[i64]) -> QueryResult<Vec<(i64, ResumeId)>> {
    applications::table.filter(applications::id.eq_any(applications)).select((applications::id, applications::resume_id)).load(conn)
}

/// Which of `jobs` the user applied for.
pub fn applied_among(conn: &mut DbConnection, user: UserId, jobs: &[JobId]) -> QueryResult<Vec<JobId>> {
    applications::table
        .filter(applications::user_id.eq(user))
        .filter(applications::job_id.eq_any(jobs))
        .select(applications::job_id)
        .load(conn)
}

/// The jobs of the user's `limit` newest applications.
pub fn recent_jobs(conn: &mut DbConnection, user: UserId, limit: i64) -> QueryResult<Vec<JobId>> {
    applications::table
        .filter(applications::user_id.eq(user))
        .order(applications::created_at.desc())
        .limit(limit)
        .select(applications::job_id)
        .load(conn)
}

/// What an application's job shows in the list.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = jobs)]
pub struct AppliedJob {
    pub id: JobId,
    pub title: String,
    pub city: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub closed: bool,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = companies)]
pub struct AppliedCompany {
    pub id: CompanyId,
    pub name: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = resumes)]
pub struct AppliedResume {
    pub id: ResumeId,
    pub title: String,
}

/// An application with its job, company and resume, as /my/apply lists it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = applications)]
pub struct ApplicationRow {
    pub id: ApplicationId,
    #[diesel(embed)]
    pub job: AppliedJob,
    #[diesel(embed)]
    pub company: AppliedCompany,
    #[diesel(embed)]
    pub resume: AppliedResume,
    pub status: CandidateStatus,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The JSON of one application on /my/apply.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationItem {
    pub id: ApplicationId,
    pub job_id: JobId,
    pub job_title: String,
    pub company_id: CompanyId,
    pub company_name: String,
    pub city: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub resume_id: ResumeId,
    pub resume_title: String,
    /// 1 delivered, 2 viewed, 3 interested, 4 interview invited, 5 not suitable, 6 hired.
    pub status: CandidateStatus,
    pub closed: bool,
    pub applied_at: i64,
    pub updated_at: i64,
}

impl From<ApplicationRow> for ApplicationItem {
    fn from(r: ApplicationRow) -> Self {
        ApplicationItem {
            id: r.id,
            job_id: r.job.id,
            job_title: r.job.title,
            company_id: r.company.id,
            company_name: r.company.name,
            city: r.job.city,
            salary_min: r.job.salary_min,
            salary_max: r.job.salary_max,
            resume_id: r.resume.id,
            resume_title: r.resume.title,
            status: r.status,
            closed: r.job.closed,
            applied_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

/// A page of the user's applications, newest first.
pub struct ApplicationPage {
    pub list: Vec<ApplicationItem>,
    pub total: i64,
    /// When the user last changed any of their resumes.
    pub last_resume_update: Option<i64>,
}

pub fn page_of_user(conn: &mut DbConnection, user: UserId, limit: i64, offset: i64) -> QueryResult<ApplicationPage> {
    // The count and the newest resume update in one trip: on PostgreSQL each trip is a round of
    // wake-ups between the server and its backend, most of a paged list's time.
    let (total, last_resume_update): (Option<i64>, Option<i64>) = diesel::select((
        applications::table.filter(applications::user_id.eq(user)).count().single_value(),
        resumes::table.filter(resumes::user_id.eq(user)).select(diesel::dsl::max(resumes::updated_at)).single_value(),
    ))
    .get_result(conn)?;
    let rows: Vec<ApplicationRow> = applications::table
        .inner_join(jobs::table.inner_join(companies::table))
        .inner_join(resumes::table)
        .filter(applications::user_id.eq(user))
        .order((applications::created_at.desc(), applications::id.desc()))
        .limit(limit)
        .offset(offset)
        .select(ApplicationRow::as_select())
        .load(conn)?;
    Ok(ApplicationPage { list: rows.into_iter().map(ApplicationItem::from).collect(), total: total.unwrap_or(0), last_resume_update })
}

pub fn count(conn: &mut DbConnection) -> QueryResult<i64> {
    applications::table.count().get_result(conn)
}

pub fn count_of_user(conn: &mut DbConnection, user: UserId) -> QueryResult<i64> {
    applications::table.filter(applications::user_id.eq(user)).count().get_result(conn)
}
