//! The read model of a notice about an application (domain/notice.rs): the application as its
//! company's pipeline holds it, with the candidate's contacts, the resume's name and basics, and
//! the job's and the company's names.

use diesel::prelude::*;

use crate::db::schema::{application_stages, applications, companies, jobs, resumes, users};
use crate::db::DbConnection;
use crate::ids::{ApplicationId, CompanyId, JobId, ResumeId, UserId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = application_stages)]
pub struct ApplicationContact {
    pub job_id: JobId,
    #[diesel(select_expression = applications::user_id)]
    pub user_id: UserId,
    #[diesel(select_expression = applications::resume_id)]
    pub resume_id: ResumeId,
    /// The name on the resume sent.
    #[diesel(select_expression = resumes::name)]
    pub name: String,
    /// The resume's basic section (JSON), where a candidate may have put an email.
    #[diesel(select_expression = resumes::basic)]
    pub basic: Option<String>,
    #[diesel(select_expression = jobs::title)]
    pub job_title: String,
    #[diesel(select_expression = companies::name)]
    pub company_name: String,
    #[diesel(select_expression = companies::short_name)]
    pub company_short_name: String,
    #[diesel(select_expression = users::email)]
    pub email: Option<String>,
    #[diesel(select_expression = users::mobile)]
    pub mobile: Option<String>,
}

/// The company's application `apply`; None for another company's.
pub fn of_company(c: &mut DbConnection, company: CompanyId, apply: ApplicationId) -> QueryResult<Option<ApplicationContact>> {
    application_stages::table
        .inner_join(applications::table.inner_join(resumes::table))
        .inner_join(jobs::table.on(jobs::id.eq(application_stages::job_id)).inner_join(companies::table))
        .inner_join(users::table.on(users::id.eq(applications::user_id)))
        .filter(application_stages::application_id.eq(apply))
        .filter(application_stages::company_id.eq(company))
        .select(ApplicationContact::as_select())
        .first(c)
        .optional()
}
