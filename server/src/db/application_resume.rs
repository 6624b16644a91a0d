//! `application_resumes`: the resume as it was sent with an application, the company's view of it
//! as JSON, written with the application. domain/visibility.rs decides when a company reads it
//! instead of the live resume (a hidden resume).

use diesel::prelude::*;

use crate::db::schema::application_resumes;
use crate::db::DbConnection;
use crate::ids::ApplicationId;

pub fn insert(conn: &mut DbConnection, application: ApplicationId, resume_json: &str, now: i64) -> QueryResult<()> {
    diesel::insert_into(application_resumes::table)
        .values((
            application_resumes::application_id.eq(application.0),
            application_resumes::resume.eq(resume_json),
            application_resumes::created_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The resume sent with the application, or None for an application older than this table.
pub fn of_application(conn: &mut DbConnection, application: i64) -> QueryResult<Option<String>> {
    application_resumes::table.find(application).select(application_resumes::resume).first(conn).optional()
}

/// The resumes sent with `company`'s applications carrying `resume` (one per application).
pub fn sent_to_company(conn: &mut DbConnection, company: i64, resume: i64) -> QueryResult<Vec<String>> {
    use crate::db::schema::{applications, jobs};
    application_resumes::table
        .inner_join(applications::table.on(applications::id.eq(application_resumes::application_id)))
        .inner_join(jobs::table.on(jobs::id.eq(applications::job_id)))
        .filter(applications::resume_id.eq(resume))
        .filter(jobs::company_id.eq(company))
        .select(application_resumes::resume)
        .load(conn)
}
