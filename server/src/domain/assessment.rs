//! Assessments: a company's named tests (core-wasm's assessment rules), sent to an application at
//! its stage, answered by the candidate one question at a time, scored automatically for choices
//! and by the company for text.
//!
//! Every company read and write is scoped to the company (another company's assessment, send or
//! application is NOT_FOUND); every candidate read and write to the candidate's own sends. A send
//! keeps a copy of the questions, so editing an assessment later changes nothing already sent.

use core_wasm::assessment::{self, AssessmentDraft, Question};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use serde::Serialize;

use crate::db::schema::{applications, assessment_answers, assessment_sends, assessments, companies, jobs};
use crate::db::DbConnection;
use crate::domain::pipeline;
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, ApplicationId, AssessmentId, AssessmentSendId, CompanyId, UserId};

/// Answers arriving this long after the deadline still count: the request left in time.
pub const GRACE_MS: i64 = 5_000;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub id: AssessmentId,
    pub name: String,
    pub time_limit: i32,
    pub questions: usize,
    pub max_score: i64,
    pub updated_at: i64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Full {
    pub id: AssessmentId,
    pub name: String,
    pub time_limit: i32,
    pub questions: Vec<Question>,
}

fn parse_questions(raw: &str) -> ApiResult<Vec<Question>> {
    serde_json::from_str(raw).map_err(ApiError::internal)
}

fn max_of(questions: &[Question]) -> i64 {
    questions.iter().map(|q| q.score).sum()
}

pub fn list(c: &mut DbConnection, company: CompanyId) -> ApiResult<Vec<Summary>> {
    let rows: Vec<(AssessmentId, String, i32, String, i64)> = assessments::table
        .filter(assessments::company_id.eq(company))
        .order(assessments::updated_at.desc())
        .select((assessments::id, assessments::name, assessments::time_limit, assessments::questions, assessments::updated_at))
        .load(c)?;
    rows.into_iter()
        .map(|(id, name, time_limit, questions, updated_at)| {
            let qs = parse_questions(&questions)?;
            Ok(Summary { id, name, time_limit, questions: qs.len(), max_score: max_of(&qs), updated_at })
        })
        .collect()
}

pub fn get(c: &mut DbConnection, company: CompanyId, id: AssessmentId) -> ApiResult<Full> {
    let (name, time_limit, questions): (String, i32, String) = assessments::table
        .filter(assessments::company_id.eq(company))
        .filter(assessments::id.eq(id))
        .select((assessments::name, assessments::time_limit, assessments::questions))
        .first(c)
        .optional()?
        .ok_or(ApiError::NotFound)?;
    Ok(Full { id, name, time_limit, questions: parse_questions(&questions)? })
}

fn name_taken(e: DieselError) -> ApiError {
    match e {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => ApiError::AssessmentNameExists,
        other => other.into(),
    }
}

/// Saves a new assessment (`id` None) or changes one of the company's. The draft must pass
/// core-wasm's rules (FIELDS_INVALID with the verdict); the name must be free in the company.
pub fn save(c: &mut DbConnection, company: CompanyId, id: Option<AssessmentId>, draft: &AssessmentDraft, now: i64) -> ApiResult<Full> {
    let verdict = assessment::validate(draft);
    if !verdict.is_empty() {
        return Err(ApiError::FieldsInvalid(serde_json::to_string(&*verdict).map_err(ApiError::internal)?));
    }
    let clean = assessment::clean(draft);
    let questions = serde_json::to_string(&clean.questions).map_err(ApiError::internal)?;
    let taken: Option<AssessmentId> = assessments::table
        .filter(assessments::company_id.eq(company))
        .filter(assessments::name.eq(&clean.name))
        .select(assessments::id)
        .first(c)
        .optional()?;
    if taken.is_some_and(|t| Some(t) != id) {
        return Err(ApiError::AssessmentNameExists);
    }
    let id = match id {
        Some(id) => {
            get(c, company, id)?;
            diesel::update(assessments::table.find(id))
                .set((
                    assessments::name.eq(&clean.name),
                    assessments::questions.eq(&questions),
                    assessments::time_limit.eq(clean.time_limit as i32),
                    assessments::updated_at.eq(now),
                ))
                .execute(c)
                .map_err(name_taken)?;
            id
        }
        None => {
            let id: AssessmentId = new_id();
            diesel::insert_into(assessments::table)
                .values((
                    assessments::id.eq(id),
                    assessments::company_id.eq(company),
                    assessments::name.eq(&clean.name),
                    assessments::questions.eq(&questions),
                    assessments::time_limit.eq(clean.time_limit as i32),
                    assessments::created_at.eq(now),
                    assessments::updated_at.eq(now),
                ))
                .execute(c)
                .map_err(name_taken)?;
            id
        }
    };
    get(c, company, id)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = assessment_sends)]
struct SendRow {
    id: AssessmentSendId,
    application_id: ApplicationId,
    stage_id: i64,
    name: String,
    questions: String,
    time_limit: i32,
    max_score: i32,
    sent_at: i64,
    started_at: Option<i64>,
    deadline_at: Option<i64>,
    submitted_at: Option<i64>,
}

/// Where a send stands, as the candidate's and the company's calls answer it.
pub const SEND_STATES: [&str; 4] = ["sent", "started", "submitted", "timeUp"];

/// `state` in the OpenAPI document: one of [`SEND_STATES`].
fn state_schema() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new().schema_type(utoipa::openapi::schema::Type::String).enum_values(Some(SEND_STATES)).build()
}

/// A question's `kind` in the OpenAPI document: core-wasm's kinds.
fn kind_schema() -> utoipa::openapi::Object {
    use core_wasm::assessment::{MULTI, SINGLE, TEXT};
    utoipa::openapi::ObjectBuilder::new().schema_type(utoipa::openapi::schema::Type::String).enum_values(Some([SINGLE, MULTI, TEXT])).build()
}

impl SendRow {
    /// Answers are closed: submitted, or the time is up.
    fn closed(&self, now: i64) -> bool {
        self.submitted_at.is_some() || self.deadline_at.is_some_and(|d| now > d + GRACE_MS)
    }

    /// One of [`SEND_STATES`].
    fn state(&self, now: i64) -> &'static str {
        match (self.started_at, self.submitted_at) {
            (_, Some(_)) => "submitted",
            _ if self.closed(now) => "timeUp",
            (Some(_), None) => "started",
            (None, None) => "sent",
        }
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AssessmentAnswer)]
pub struct Answer {
    pub question: i32,
    pub answer: String,
    #[schema(required)]
    pub score: Option<i32>,
    pub saved_at: i64,
}

fn answers_of(c: &mut DbConnection, send: AssessmentSendId) -> ApiResult<Vec<Answer>> {
    let rows: Vec<(i32, String, Option<i32>, i64)> = assessment_answers::table
        .filter(assessment_answers::send_id.eq(send))
        .order(assessment_answers::question.asc())
        .select((assessment_answers::question, assessment_answers::answer, assessment_answers::score, assessment_answers::saved_at))
        .load(c)?;
    Ok(rows.into_iter().map(|(question, answer, score, saved_at)| Answer { question, answer, score, saved_at }).collect())
}

/// A send's score: the sum of the scored answers, and whether a text answer awaits its score.
fn score_of(questions: &[Question], answers: &[Answer]) -> (i64, bool) {
    let score = answers.iter().filter_map(|a| a.score).map(i64::from).sum();
    let pending = answers
        .iter()
        .any(|a| a.score.is_none() && !a.answer.trim().is_empty() && questions.get(a.question as usize).is_some_and(|q| q.kind == assessment::TEXT));
    (score, pending)
}

/// A send as the company sees it: every question with its right answer, every answer and score.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompanySend {
    pub id: AssessmentSendId,
    pub apply_id: ApplicationId,
    pub stage_id: i64,
    pub name: String,
    pub time_limit: i32,
    pub questions: Vec<Question>,
    pub answers: Vec<Answer>,
    pub state: &'static str,
    pub score: i64,
    pub max_score: i32,
    pub pending: bool,
    pub sent_at: i64,
    pub started_at: Option<i64>,
    pub deadline_at: Option<i64>,
    pub submitted_at: Option<i64>,
}

fn company_view(c: &mut DbConnection, row: SendRow, now: i64) -> ApiResult<CompanySend> {
    let questions = parse_questions(&row.questions)?;
    let answers = answers_of(c, row.id)?;
    let (score, pending) = score_of(&questions, &answers);
    Ok(CompanySend {
        id: row.id,
        apply_id: row.application_id,
        stage_id: row.stage_id,
        name: row.name.clone(),
        time_limit: row.time_limit,
        state: row.state(now),
        score,
        max_score: row.max_score,
        pending,
        sent_at: row.sent_at,
        started_at: row.started_at,
        deadline_at: row.deadline_at,
        submitted_at: row.submitted_at,
        questions,
        answers,
    })
}

/// Sends one of the company's assessments to one of its applications, at the stage it is in now.
/// The same assessment goes to an application once (ASSESSMENT_ALREADY_SENT).
pub fn send(c: &mut DbConnection, company: CompanyId, apply_id: ApplicationId, assessment_id: AssessmentId, now: i64) -> ApiResult<CompanySend> {
    let app = pipeline::application(c, company, apply_id.0)?;
    let full = get(c, company, assessment_id)?;
    let id: AssessmentSendId = new_id();
    diesel::insert_into(assessment_sends::table)
        .values((
            assessment_sends::id.eq(id),
            assessment_sends::assessment_id.eq(assessment_id),
            assessment_sends::application_id.eq(apply_id),
            assessment_sends::company_id.eq(company),
            assessment_sends::user_id.eq(app.user_id),
            assessment_sends::stage_id.eq(app.stage_id),
            assessment_sends::name.eq(&full.name),
            assessment_sends::questions.eq(serde_json::to_string(&full.questions).map_err(ApiError::internal)?),
            assessment_sends::time_limit.eq(full.time_limit),
            assessment_sends::max_score.eq(max_of(&full.questions) as i32),
            assessment_sends::sent_at.eq(now),
        ))
        .execute(c)
        .map_err(|e| match e {
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => ApiError::AssessmentAlreadySent,
            other => other.into(),
        })?;
    let row = company_send_row(c, company, id)?;
    company_view(c, row, now)
}

fn company_send_row(c: &mut DbConnection, company: CompanyId, send: AssessmentSendId) -> ApiResult<SendRow> {
    assessment_sends::table
        .filter(assessment_sends::company_id.eq(company))
        .filter(assessment_sends::id.eq(send))
        .select(SendRow::as_select())
        .first(c)
        .optional()?
        .ok_or(ApiError::NotFound)
}

/// The assessments sent to one of the company's applications, oldest first.
pub fn of_application(c: &mut DbConnection, company: CompanyId, apply_id: ApplicationId, now: i64) -> ApiResult<Vec<CompanySend>> {
    pipeline::application(c, company, apply_id.0)?;
    let rows: Vec<SendRow> = assessment_sends::table
        .filter(assessment_sends::company_id.eq(company))
        .filter(assessment_sends::application_id.eq(apply_id))
        .order(assessment_sends::sent_at.asc())
        .select(SendRow::as_select())
        .load(c)?;
    rows.into_iter().map(|r| company_view(c, r, now)).collect()
}

/// The company scores a text answer: 0 up to the question's score.
pub fn grade(c: &mut DbConnection, company: CompanyId, send: AssessmentSendId, question: i32, score: i64, now: i64) -> ApiResult<CompanySend> {
    let row = company_send_row(c, company, send)?;
    pipeline::application(c, company, row.application_id.0)?;
    let questions = parse_questions(&row.questions)?;
    let q = questions.get(question as usize).ok_or_else(|| ApiError::BadInput("question".into()))?;
    if q.kind != assessment::TEXT {
        return Err(ApiError::BadInput("question: only text answers are scored by hand".into()));
    }
    if !(0..=q.score).contains(&score) {
        return Err(ApiError::BadInput(format!("score must be 0-{}", q.score)));
    }
    let n = diesel::update(assessment_answers::table.find((send, question)))
        .set(assessment_answers::score.eq(Some(score as i32)))
        .execute(c)?;
    if n == 0 {
        return Err(ApiError::BadInput("question: not answered".into()));
    }
    company_view(c, row, now)
}

/// The score on a pipeline card: every send of the application together.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CardScore {
    pub score: i64,
    pub max_score: i64,
    /// Some send is not finished, or a text answer is not scored yet.
    pub pending: bool,
}

/// The card scores of these applications (only those with a send).
pub fn card_scores(c: &mut DbConnection, apply_ids: &[i64], now: i64) -> ApiResult<Vec<(i64, CardScore)>> {
    if apply_ids.is_empty() {
        return Ok(vec![]);
    }
    let rows: Vec<SendRow> =
        assessment_sends::table.filter(assessment_sends::application_id.eq_any(apply_ids)).select(SendRow::as_select()).load(c)?;
    let mut out: Vec<(i64, CardScore)> = Vec::new();
    for row in rows {
        let questions = parse_questions(&row.questions)?;
        let answers = answers_of(c, row.id)?;
        let (score, pending) = score_of(&questions, &answers);
        let pending = pending || !row.closed(now);
        match out.iter_mut().find(|(id, _)| *id == row.application_id.0) {
            Some((_, s)) => {
                s.score += score;
                s.max_score += i64::from(row.max_score);
                s.pending |= pending;
            }
            None => out.push((row.application_id.0, CardScore { score, max_score: i64::from(row.max_score), pending })),
        }
    }
    Ok(out)
}

/// A send as its candidate lists it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MySend {
    pub id: AssessmentSendId,
    pub name: String,
    pub job_title: String,
    pub company_name: String,
    pub time_limit: i32,
    pub questions: usize,
    #[schema(schema_with = state_schema)]
    pub state: &'static str,
    pub sent_at: i64,
    #[schema(required)]
    pub deadline_at: Option<i64>,
}

pub fn mine(c: &mut DbConnection, user: UserId, now: i64) -> ApiResult<Vec<MySend>> {
    let rows: Vec<(SendRow, String, String)> = assessment_sends::table
        .inner_join(applications::table.inner_join(jobs::table.inner_join(companies::table)))
        .filter(assessment_sends::user_id.eq(user))
        .filter(applications::user_id.eq(user))
        .order(assessment_sends::sent_at.desc())
        .select((SendRow::as_select(), jobs::title, companies::name))
        .load(c)?;
    rows.into_iter()
        .map(|(row, job_title, company_name)| {
            Ok(MySend {
                id: row.id,
                name: row.name.clone(),
                job_title,
                company_name,
                time_limit: row.time_limit,
                questions: parse_questions(&row.questions)?.len(),
                state: row.state(now),
                sent_at: row.sent_at,
                deadline_at: row.deadline_at,
            })
        })
        .collect()
}

/// A question as the candidate sees it: no right answers, no scores of choices.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaperQuestion {
    #[schema(schema_with = kind_schema)]
    pub kind: String,
    pub text: String,
    pub options: Vec<String>,
    pub score: i64,
}

/// What the candidate answers: the questions, their saved answers, the deadline and the server's
/// clock (the page counts down from it, not from the device's).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Paper {
    pub id: AssessmentSendId,
    pub name: String,
    pub time_limit: i32,
    pub questions: Vec<PaperQuestion>,
    pub answers: Vec<Answer>,
    #[schema(schema_with = state_schema)]
    pub state: &'static str,
    #[schema(required)]
    pub deadline_at: Option<i64>,
    pub now: i64,
    /// Shown once answers are closed and every answer is scored.
    #[schema(required)]
    pub score: Option<i64>,
    pub max_score: i32,
}

fn my_send_row(c: &mut DbConnection, user: UserId, send: AssessmentSendId) -> ApiResult<SendRow> {
    assessment_sends::table
        .filter(assessment_sends::user_id.eq(user))
        .filter(assessment_sends::id.eq(send))
        .select(SendRow::as_select())
        .first(c)
        .optional()?
        .ok_or(ApiError::NotFound)
}

fn paper(c: &mut DbConnection, row: SendRow, now: i64) -> ApiResult<Paper> {
    let questions = parse_questions(&row.questions)?;
    let mut answers = answers_of(c, row.id)?;
    let (score, pending) = score_of(&questions, &answers);
    let closed = row.closed(now);
    if !closed {
        for a in &mut answers {
            a.score = None;
        }
    }
    Ok(Paper {
        id: row.id,
        name: row.name.clone(),
        time_limit: row.time_limit,
        state: row.state(now),
        deadline_at: row.deadline_at,
        now,
        score: (closed && !pending).then_some(score),
        max_score: row.max_score,
        answers,
        questions: questions.into_iter().map(|q| PaperQuestion { kind: q.kind, text: q.text, options: q.options, score: q.score }).collect(),
    })
}

/// Opens the candidate's send: the first opening starts the clock.
pub fn start(c: &mut DbConnection, user: UserId, send: AssessmentSendId, now: i64) -> ApiResult<Paper> {
    let mut row = my_send_row(c, user, send)?;
    if row.started_at.is_none() {
        let deadline = (row.time_limit > 0).then(|| now + i64::from(row.time_limit) * 60_000);
        diesel::update(assessment_sends::table.find(send).filter(assessment_sends::started_at.is_null()))
            .set((assessment_sends::started_at.eq(Some(now)), assessment_sends::deadline_at.eq(deadline)))
            .execute(c)?;
        row = my_send_row(c, user, send)?;
    }
    paper(c, row, now)
}

/// Saves one answer of the candidate's started send (an empty answer clears it). Refused once
/// submitted (ASSESSMENT_SUBMITTED) or after the deadline (ASSESSMENT_TIME_UP).
pub fn answer(c: &mut DbConnection, user: UserId, send: AssessmentSendId, question: i32, text: &str, now: i64) -> ApiResult<Answer> {
    let row = my_send_row(c, user, send)?;
    if row.submitted_at.is_some() {
        return Err(ApiError::AssessmentSubmitted);
    }
    if row.started_at.is_none() {
        return Err(ApiError::BadInput("start the assessment first".into()));
    }
    if row.closed(now) {
        return Err(ApiError::AssessmentTimeUp);
    }
    let questions = parse_questions(&row.questions)?;
    let q = usize::try_from(question).ok().and_then(|i| questions.get(i)).ok_or_else(|| ApiError::BadInput("question".into()))?;
    if let Some(key) = assessment::answer_problem(q, text) {
        return Err(ApiError::BadInput(key.into()));
    }
    let score = assessment::score_choice(q, text).map(|s| s as i32);
    crate::db::write_transaction(c, |c| {
        let n = diesel::update(assessment_answers::table.find((send, question)))
            .set((assessment_answers::answer.eq(text), assessment_answers::score.eq(score), assessment_answers::saved_at.eq(now)))
            .execute(c)?;
        if n == 0 {
            diesel::insert_into(assessment_answers::table)
                .values((
                    assessment_answers::send_id.eq(send),
                    assessment_answers::question.eq(question),
                    assessment_answers::answer.eq(text),
                    assessment_answers::score.eq(score),
                    assessment_answers::saved_at.eq(now),
                ))
                .execute(c)?;
        }
        Ok(())
    })?;
    Ok(Answer { question, answer: text.to_string(), score: None, saved_at: now })
}

/// Hands the send in; after the deadline it is closed already and handing in only records it.
pub fn submit(c: &mut DbConnection, user: UserId, send: AssessmentSendId, now: i64) -> ApiResult<Paper> {
    let row = my_send_row(c, user, send)?;
    if row.started_at.is_none() {
        return Err(ApiError::BadInput("start the assessment first".into()));
    }
    if row.submitted_at.is_none() {
        let at = match row.deadline_at {
            Some(d) if now > d + GRACE_MS => d,
            _ => now,
        };
        diesel::update(assessment_sends::table.find(send).filter(assessment_sends::submitted_at.is_null()))
            .set(assessment_sends::submitted_at.eq(Some(at)))
            .execute(c)?;
    }
    let row = my_send_row(c, user, send)?;
    paper(c, row, now)
}
