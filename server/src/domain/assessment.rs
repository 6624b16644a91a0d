//! Assessments: a company's named tests (core-wasm's assessment rules), sent to an application at
//! its stage, answered by the candidate one question at a time, scored automatically for choices
//! and by the company for text.
//!
//! Every company read and write is scoped to the company (another company's assessment, send or
//! application is NOT_FOUND); every candidate read and write to the candidate's own sends. A send
//! keeps a copy of the questions, so editing an assessment later changes nothing already sent.

use core_wasm::assessment::{self, AssessmentDraft, Question};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use serde::Serialize;

use crate::db::assessment::{self as assessment_rows, Assessment};
use crate::db::assessment_answer::{self, Answer};
use crate::db::assessment_send::{self, AssessmentSend, NewSend};
use crate::db::DbConnection;
use crate::domain::pipeline;
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, ApplicationId, AssessmentId, AssessmentSendId, CompanyId, UserId};

/// Answers arriving this long after the deadline still count: the request left in time.
pub const GRACE_MS: i64 = 5_000;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AssessmentSummary)]
pub struct Summary {
    pub id: AssessmentId,
    pub name: String,
    pub time_limit: i32,
    pub questions: usize,
    pub max_score: i64,
    pub updated_at: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Assessment)]
pub struct Full {
    pub id: AssessmentId,
    pub name: String,
    pub time_limit: i32,
    #[schema(value_type = Vec<QuestionSchema>)]
    pub questions: Vec<Question>,
}

/// core-wasm's `Question` (a question with its right answers, as the company reads and writes it)
/// in the OpenAPI document: the type itself cannot derive the schema, so this one says its shape.
#[derive(utoipa::ToSchema)]
#[schema(as = AssessmentQuestion)]
#[allow(dead_code)]
pub struct QuestionSchema {
    #[schema(schema_with = kind_schema)]
    kind: String,
    text: String,
    /// The choices (empty for a text question).
    options: Vec<String>,
    /// The indexes of the right choices (empty for a text question).
    correct: Vec<u32>,
    /// What the question is worth.
    score: i64,
}

fn parse_questions(raw: &str) -> ApiResult<Vec<Question>> {
    serde_json::from_str(raw).map_err(ApiError::internal)
}

fn max_of(questions: &[Question]) -> i64 {
    questions.iter().map(|q| q.score).sum()
}

pub fn list(c: &mut DbConnection, company: CompanyId) -> ApiResult<Vec<Summary>> {
    assessment_rows::of_company(c, company)?
        .into_iter()
        .map(|a| {
            let qs = parse_questions(&a.questions)?;
            Ok(Summary { id: a.id, name: a.name, time_limit: a.time_limit, questions: qs.len(), max_score: max_of(&qs), updated_at: a.updated_at })
        })
        .collect()
}

pub fn get(c: &mut DbConnection, company: CompanyId, id: AssessmentId) -> ApiResult<Full> {
    let a = assessment_rows::get(c, company, id)?.ok_or(ApiError::NotFound)?;
    Ok(Full { id, name: a.name, time_limit: a.time_limit, questions: parse_questions(&a.questions)? })
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
    let taken = assessment_rows::named(c, company, &clean.name)?;
    if taken.is_some_and(|t| Some(t) != id) {
        return Err(ApiError::AssessmentNameExists);
    }
    let id = match id {
        Some(id) => {
            get(c, company, id)?;
            assessment_rows::update(c, id, &clean.name, &questions, clean.time_limit as i32, now).map_err(name_taken)?;
            id
        }
        None => {
            let new = Assessment {
                id: new_id(),
                company_id: company,
                name: clean.name.clone(),
                questions,
                time_limit: clean.time_limit as i32,
                created_at: now,
                updated_at: now,
            };
            assessment_rows::insert(c, &new).map_err(name_taken)?;
            new.id
        }
    };
    get(c, company, id)
}

/// Answers are closed: submitted, or the time is up.
fn closed(send: &AssessmentSend, now: i64) -> bool {
    send.submitted_at.is_some() || send.deadline_at.is_some_and(|d| now > d + GRACE_MS)
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

/// One of [`SEND_STATES`].
fn state(send: &AssessmentSend, now: i64) -> &'static str {
    match (send.started_at, send.submitted_at) {
        (_, Some(_)) => "submitted",
        _ if closed(send, now) => "timeUp",
        (Some(_), None) => "started",
        (None, None) => "sent",
    }
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
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanySend {
    pub id: AssessmentSendId,
    pub apply_id: ApplicationId,
    pub stage_id: i64,
    pub name: String,
    pub time_limit: i32,
    #[schema(value_type = Vec<QuestionSchema>)]
    pub questions: Vec<Question>,
    pub answers: Vec<Answer>,
    #[schema(schema_with = state_schema)]
    pub state: &'static str,
    pub score: i64,
    pub max_score: i32,
    pub pending: bool,
    pub sent_at: i64,
    #[schema(required)]
    pub started_at: Option<i64>,
    #[schema(required)]
    pub deadline_at: Option<i64>,
    #[schema(required)]
    pub submitted_at: Option<i64>,
}

fn company_view(c: &mut DbConnection, row: AssessmentSend, now: i64) -> ApiResult<CompanySend> {
    let questions = parse_questions(&row.questions)?;
    let answers = assessment_answer::of_send(c, row.id)?;
    let (score, pending) = score_of(&questions, &answers);
    Ok(CompanySend {
        id: row.id,
        apply_id: row.application_id,
        stage_id: row.stage_id,
        name: row.name.clone(),
        time_limit: row.time_limit,
        state: state(&row, now),
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
    let app = pipeline::visible_application(c, company, apply_id.0)?;
    let full = get(c, company, assessment_id)?;
    let id: AssessmentSendId = new_id();
    let questions = serde_json::to_string(&full.questions).map_err(ApiError::internal)?;
    let new = NewSend {
        id,
        assessment_id,
        application_id: apply_id,
        company_id: company,
        user_id: app.user_id,
        stage_id: app.stage_id,
        name: &full.name,
        questions: &questions,
        time_limit: full.time_limit,
        max_score: max_of(&full.questions) as i32,
        sent_at: now,
    };
    assessment_send::insert(c, &new)
        .map_err(|e| match e {
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => ApiError::AssessmentAlreadySent,
            other => other.into(),
        })?;
    let row = company_send_row(c, company, id)?;
    company_view(c, row, now)
}

fn company_send_row(c: &mut DbConnection, company: CompanyId, send: AssessmentSendId) -> ApiResult<AssessmentSend> {
    assessment_send::of_company(c, company, send)?.ok_or(ApiError::NotFound)
}

/// The assessments sent to one of the company's applications, oldest first.
pub fn of_application(c: &mut DbConnection, company: CompanyId, apply_id: ApplicationId, now: i64) -> ApiResult<Vec<CompanySend>> {
    pipeline::visible_application(c, company, apply_id.0)?;
    assessment_send::of_application(c, company, apply_id)?
        .into_iter().map(|r| company_view(c, r, now)).collect()
}

/// The company scores a text answer: 0 up to the question's score.
pub fn grade(c: &mut DbConnection, company: CompanyId, send: AssessmentSendId, question: i32, score: i64, now: i64) -> ApiResult<CompanySend> {
    let row = company_send_row(c, company, send)?;
    pipeline::visible_application(c, company, row.application_id.0)?;
    let questions = parse_questions(&row.questions)?;
    let q = questions.get(question as usize).ok_or_else(|| ApiError::BadInput("question".into()))?;
    if q.kind != assessment::TEXT {
        return Err(ApiError::BadInput("question: only text answers are scored by hand".into()));
    }
    if !(0..=q.score).contains(&score) {
        return Err(ApiError::BadInput(format!("score must be 0-{}", q.score)));
    }
    if assessment_answer::set_score(c, send, question, score as i32)? == 0 {
        return Err(ApiError::BadInput("question: not answered".into()));
    }
    company_view(c, row, now)
}

/// The score on a pipeline card: every send of the application together.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
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
    let rows = assessment_send::of_applications(c, apply_ids)?;
    let mut out: Vec<(i64, CardScore)> = Vec::new();
    for row in rows {
        let questions = parse_questions(&row.questions)?;
        let answers = assessment_answer::of_send(c, row.id)?;
        let (score, pending) = score_of(&questions, &answers);
        let pending = pending || !closed(&row, now);
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
    assessment_send::of_user(c, user)?
        .into_iter()
        .map(|listed| {
            let row = &listed.send;
            Ok(MySend {
                id: row.id,
                name: row.name.clone(),
                job_title: listed.job_title,
                company_name: listed.company_name,
                time_limit: row.time_limit,
                questions: parse_questions(&row.questions)?.len(),
                state: state(row, now),
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

fn my_send_row(c: &mut DbConnection, user: UserId, send: AssessmentSendId) -> ApiResult<AssessmentSend> {
    assessment_send::of_candidate(c, user, send)?.ok_or(ApiError::NotFound)
}

fn paper(c: &mut DbConnection, row: AssessmentSend, now: i64) -> ApiResult<Paper> {
    let questions = parse_questions(&row.questions)?;
    let mut answers = assessment_answer::of_send(c, row.id)?;
    let (score, pending) = score_of(&questions, &answers);
    let closed = closed(&row, now);
    if !closed {
        for a in &mut answers {
            a.score = None;
        }
    }
    Ok(Paper {
        id: row.id,
        name: row.name.clone(),
        time_limit: row.time_limit,
        state: state(&row, now),
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
        assessment_send::start(c, send, now, deadline)?;
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
    if closed(&row, now) {
        return Err(ApiError::AssessmentTimeUp);
    }
    let questions = parse_questions(&row.questions)?;
    let q = usize::try_from(question).ok().and_then(|i| questions.get(i)).ok_or_else(|| ApiError::BadInput("question".into()))?;
    if let Some(key) = assessment::answer_problem(q, text) {
        return Err(ApiError::BadInput(key.into()));
    }
    let score = assessment::score_choice(q, text).map(|s| s as i32);
    crate::db::write_transaction(c, |c| Ok(assessment_answer::save(c, send, question, text, score, now)?))?;
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
        assessment_send::submit(c, send, at)?;
    }
    let row = my_send_row(c, user, send)?;
    paper(c, row, now)
}
