//! `job_reports`: candidates' reports of a job (举报), open until an admin handles them.

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{companies, job_reports, jobs, users};
use crate::db::DbConnection;
use crate::ids::{JobId, JobReportId, UserId};

#[derive(Debug, Insertable)]
#[diesel(table_name = job_reports)]
pub struct NewJobReport<'a> {
    pub id: JobReportId,
    pub job_id: JobId,
    pub user_id: UserId,
    pub reason: &'a str,
    pub detail: &'a str,
    pub created_at: i64,
}

pub fn insert(c: &mut DbConnection, report: &NewJobReport) -> QueryResult<usize> {
    diesel::insert_into(job_reports::table).values(report).execute(c)
}

/// An open report with its job, company and reporter, as the console lists it.
#[derive(Debug, Serialize, Queryable, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = JobReportRow)]
pub struct ReportRow {
    pub id: JobReportId,
    pub job_id: JobId,
    pub job_title: String,
    pub company: String,
    pub reason: String,
    pub detail: String,
    pub reporter: String,
    pub created_at: i64,
}

pub fn open_count(c: &mut DbConnection) -> QueryResult<i64> {
    job_reports::table.filter(job_reports::handled_at.is_null()).count().get_result(c)
}

/// Open reports, newest first, with how many there are.
pub fn open_page(c: &mut DbConnection, offset: i64, limit: i64) -> QueryResult<(i64, Vec<ReportRow>)> {
    let total = open_count(c)?;
    let rows = job_reports::table
        .inner_join(jobs::table.inner_join(companies::table))
        .inner_join(users::table.on(users::id.eq(job_reports::user_id)))
        .filter(job_reports::handled_at.is_null())
        .order(job_reports::created_at.desc())
        .offset(offset)
        .limit(limit)
        .select((job_reports::id, job_reports::job_id, jobs::title, companies::name, job_reports::reason, job_reports::detail, users::name, job_reports::created_at))
        .load(c)?;
    Ok((total, rows))
}

/// Marks the report handled; 0 when it is unknown or was handled already.
pub fn handle(c: &mut DbConnection, report: JobReportId, now: i64) -> QueryResult<usize> {
    diesel::update(job_reports::table.find(report).filter(job_reports::handled_at.is_null())).set(job_reports::handled_at.eq(Some(now))).execute(c)
}

/// Marks every open report of the job handled.
pub fn handle_all_of_job(c: &mut DbConnection, job: JobId, now: i64) -> QueryResult<usize> {
    diesel::update(job_reports::table.filter(job_reports::job_id.eq(job)).filter(job_reports::handled_at.is_null()))
        .set(job_reports::handled_at.eq(Some(now)))
        .execute(c)
}
