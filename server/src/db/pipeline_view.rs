//! The recruiter's board as read (domain/pipeline.rs, domain/pipeline_board.rs): an application's
//! card (its place, job, resume, stage and the candidate-side status), the applications a company
//! may not see, and the arrivals the hiring funnel counts. Blocked resumes are left out in SQL.

use core_wasm::behaviour::Openness;
use diesel::prelude::*;

use crate::db::application::CandidateStatus;
use crate::db::schema::{application_stages, applications, assessment_sends, companies, jobs, pipeline_stages, resume_openness, resumes, shields};
use crate::db::{resume_openness as openness_rows, DbConnection};
use crate::ids::{CompanyId, JobId, ResumeId, UserId};

/// The resumes blocked for the company or its group (the companies sharing its brand key, as
/// db/company.rs `group_of` defines it), as one subquery of a fixed text, prepared once: the group is
/// found inside it (`own` is the company itself), so no statement runs first to read the short name,
/// and however many resumes are blocked nothing is bound per resume.
macro_rules! blocked_resumes {
    ($company:expr) => {{
        let own = diesel::alias!(companies as own_company);
        shields::table
            .filter(shields::company_id.eq($company).or(shields::company_id.eq_any(
                companies::table
                    .filter(companies::brand_key.ne(""))
                    .filter(companies::brand_key.eq_any(own.filter(own.field(companies::id).eq($company)).select(own.field(companies::brand_key))))
                    .select(companies::id),
            )))
            .select(shields::resume_id)
    }};
}

/// Where an application from a blocked candidate stands.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = application_stages)]
pub struct BlockedPlacement {
    pub stage_id: i64,
    pub job_id: i64,
}

/// The stage and job of each application to `company` from a candidate it may not see.
pub fn blocked(c: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<BlockedPlacement>> {
    // The company's test is `company_id + 0`: compared as is, SQLite would walk the company's whole
    // index (100,000 rows) instead of the blocked resumes' few applications.
    application_stages::table
        .inner_join(applications::table)
        .filter(applications::resume_id.eq_any(blocked_resumes!(company)))
        .filter((application_stages::company_id + 0i64).eq(company))
        .select(BlockedPlacement::as_select())
        .load(c)
}

/// One application as its card shows it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = application_stages)]
pub struct CardRow {
    pub application_id: i64,
    pub job_id: i64,
    #[diesel(select_expression = jobs::title)]
    pub job_title: String,
    #[diesel(select_expression = applications::resume_id)]
    pub resume_id: ResumeId,
    #[diesel(select_expression = applications::user_id)]
    pub user_id: UserId,
    #[diesel(select_expression = resumes::name)]
    pub name: String,
    /// The resume's basics (JSON), where the gender is.
    #[diesel(select_expression = resumes::basic)]
    pub basic: Option<String>,
    #[diesel(select_expression = resumes::city)]
    pub city: String,
    #[diesel(select_expression = resumes::education)]
    pub education: String,
    #[diesel(select_expression = resumes::work_since)]
    pub work_since: String,
    pub stage_id: i64,
    #[diesel(select_expression = pipeline_stages::name)]
    pub stage_name: String,
    #[diesel(select_expression = applications::status)]
    pub status: CandidateStatus,
    pub viewed_at: Option<i64>,
    pub applied_at: i64,
    pub stage_at: i64,
}

macro_rules! card_query {
    () => {
        application_stages::table
            .inner_join(applications::table.inner_join(resumes::table))
            .inner_join(pipeline_stages::table)
            .inner_join(jobs::table.on(jobs::id.eq(application_stages::job_id)))
    };
}

/// The company's application `application`, blocked or not (the caller asks domain/visibility.rs).
pub fn card(c: &mut DbConnection, company: CompanyId, application: i64) -> QueryResult<Option<CardRow>> {
    card_query!()
        .filter(application_stages::company_id.eq(company))
        .filter(application_stages::application_id.eq(application))
        .select(CardRow::as_select())
        .first(c)
        .optional()
}

/// A card of a window of the list, with what decides the rest of its reading.
#[derive(Debug, Clone)]
pub struct WindowCard {
    pub card: CardRow,
    /// An assessment was sent to it.
    pub assessed: bool,
    /// The resume's openness; None is public.
    pub openness: Option<Openness>,
}

/// The company's applications in `stage` (or all) of `job` (or all), blocked candidates' left out,
/// newest first (applied_at, id), from `offset`, at most `limit`.
pub fn window(c: &mut DbConnection, company: CompanyId, stage: Option<i64>, job: Option<i64>, offset: i64, limit: i64) -> QueryResult<Vec<WindowCard>> {
    // One statement of a fixed text (prepared once): walked in the order of the company's index,
    // each card's resume, job and stage looked up by key. Whether an assessment was sent rides
    // along, so the scores' query runs only for cards that have one; and the resume's openness, as a
    // hidden resume's card shows it as it was sent.
    let mut rows = card_query!()
        .left_join(resume_openness::table.on(resume_openness::resume_id.eq(applications::resume_id)))
        .filter(application_stages::company_id.eq(company))
        .filter(applications::resume_id.ne_all(blocked_resumes!(company)))
        .into_boxed();
    if let Some(s) = stage {
        rows = rows.filter(application_stages::stage_id.eq(s));
    }
    if let Some(j) = job {
        rows = rows.filter(application_stages::job_id.eq(j));
    }
    let found: Vec<(CardRow, bool, Option<String>)> = rows
        .order((application_stages::applied_at.desc(), application_stages::application_id.desc()))
        .offset(offset)
        .limit(limit)
        .select((
            CardRow::as_select(),
            diesel::dsl::exists(assessment_sends::table.filter(assessment_sends::application_id.eq(application_stages::application_id))),
            resume_openness::openness.nullable(),
        ))
        .load(c)?;
    Ok(found
        .into_iter()
        .map(|(card, assessed, openness)| WindowCard { card, assessed, openness: openness.as_deref().map(openness_rows::read_code) })
        .collect())
}

/// An application that arrived in the funnel's window, with its job's title.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = application_stages)]
pub struct Arrival {
    pub application_id: i64,
    pub job_id: JobId,
    #[diesel(select_expression = jobs::title)]
    pub job_title: String,
    pub stage_id: i64,
    pub viewed_at: Option<i64>,
    pub applied_at: i64,
}

/// The company's applications that arrived since `since` (ms), of `job` or every job, blocked
/// candidates' left out.
pub fn arrived_since(c: &mut DbConnection, company: CompanyId, since: i64, job: Option<i64>) -> QueryResult<Vec<Arrival>> {
    let mut q = application_stages::table
        .inner_join(applications::table)
        .inner_join(jobs::table.on(jobs::id.eq(application_stages::job_id)))
        .filter(application_stages::company_id.eq(company))
        .filter(application_stages::applied_at.ge(since))
        .filter(applications::resume_id.ne_all(blocked_resumes!(company)))
        .into_boxed();
    if let Some(j) = job {
        q = q.filter(application_stages::job_id.eq(j));
    }
    q.select(Arrival::as_select()).load(c)
}
