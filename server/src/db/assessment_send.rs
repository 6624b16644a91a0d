//! `assessment_sends`: an assessment sent to an application, with its own copy of the questions
//! (editing the assessment later changes nothing sent), its clock and its hand-in.

use diesel::prelude::*;

use crate::db::schema::{applications, assessment_sends, companies, jobs};
use crate::db::DbConnection;
use crate::ids::{ApplicationId, AssessmentId, AssessmentSendId, CompanyId, UserId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = assessment_sends)]
pub struct AssessmentSend {
    pub id: AssessmentSendId,
    pub application_id: ApplicationId,
    pub stage_id: i64,
    pub name: String,
    /// A JSON list of core-wasm's assessment::Question.
    pub questions: String,
    pub time_limit: i32,
    pub max_score: i32,
    pub sent_at: i64,
    pub started_at: Option<i64>,
    pub deadline_at: Option<i64>,
    pub submitted_at: Option<i64>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = assessment_sends)]
pub struct NewSend<'a> {
    pub id: AssessmentSendId,
    pub assessment_id: AssessmentId,
    pub application_id: ApplicationId,
    pub company_id: CompanyId,
    pub user_id: UserId,
    pub stage_id: i64,
    pub name: &'a str,
    pub questions: &'a str,
    pub time_limit: i32,
    pub max_score: i32,
    pub sent_at: i64,
}

/// The unique (application, assessment) index refuses a second send of the same assessment.
pub fn insert(c: &mut DbConnection, new: &NewSend) -> QueryResult<()> {
    diesel::insert_into(assessment_sends::table).values(new).execute(c).map(|_| ())
}

/// The company's send `id`; another company's is None.
pub fn of_company(c: &mut DbConnection, company: CompanyId, id: AssessmentSendId) -> QueryResult<Option<AssessmentSend>> {
    assessment_sends::table
        .filter(assessment_sends::company_id.eq(company))
        .filter(assessment_sends::id.eq(id))
        .select(AssessmentSend::as_select())
        .first(c)
        .optional()
}

/// The candidate's send `id`; another candidate's is None.
pub fn of_candidate(c: &mut DbConnection, user: UserId, id: AssessmentSendId) -> QueryResult<Option<AssessmentSend>> {
    assessment_sends::table
        .filter(assessment_sends::user_id.eq(user))
        .filter(assessment_sends::id.eq(id))
        .select(AssessmentSend::as_select())
        .first(c)
        .optional()
}

/// The sends to one of the company's applications, oldest first.
pub fn of_application(c: &mut DbConnection, company: CompanyId, application: ApplicationId) -> QueryResult<Vec<AssessmentSend>> {
    assessment_sends::table
        .filter(assessment_sends::company_id.eq(company))
        .filter(assessment_sends::application_id.eq(application))
        .order(assessment_sends::sent_at.asc())
        .select(AssessmentSend::as_select())
        .load(c)
}

/// The sends to any of `applications`.
pub fn of_applications(c: &mut DbConnection, applications: &[i64]) -> QueryResult<Vec<AssessmentSend>> {
    assessment_sends::table.filter(assessment_sends::application_id.eq_any(applications)).select(AssessmentSend::as_select()).load(c)
}

/// A send as its candidate lists it: with the application's job and company.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = assessment_sends)]
pub struct CandidateSend {
    #[diesel(embed)]
    pub send: AssessmentSend,
    #[diesel(select_expression = jobs::title)]
    pub job_title: String,
    #[diesel(select_expression = companies::name)]
    pub company_name: String,
}

/// The candidate's sends, newest first.
pub fn of_user(c: &mut DbConnection, user: UserId) -> QueryResult<Vec<CandidateSend>> {
    assessment_sends::table
        .inner_join(applications::table.inner_join(jobs::table.inner_join(companies::table)))
        .filter(assessment_sends::user_id.eq(user))
        .filter(applications::user_id.eq(user))
        .order(assessment_sends::sent_at.desc())
        .select(CandidateSend::as_select())
        .load(c)
}

/// Starts the clock of a send not started yet.
pub fn start(c: &mut DbConnection, id: AssessmentSendId, now: i64, deadline: Option<i64>) -> QueryResult<()> {
    diesel::update(assessment_sends::table.find(id).filter(assessment_sends::started_at.is_null()))
        .set((assessment_sends::started_at.eq(Some(now)), assessment_sends::deadline_at.eq(deadline)))
        .execute(c)
        .map(|_| ())
}

/// Records the hand-in of a send not handed in yet.
pub fn submit(c: &mut DbConnection, id: AssessmentSendId, at: i64) -> QueryResult<()> {
    diesel::update(assessment_sends::table.find(id).filter(assessment_sends::submitted_at.is_null()))
        .set(assessment_sends::submitted_at.eq(Some(at)))
        .execute(c)
        .map(|_| ())
}
