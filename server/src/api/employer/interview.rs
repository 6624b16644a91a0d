//! Interviewers (`/cominterviewer/*`, owners and HR) and interviews (`/cominterview/*`): owners
//! and HR schedule; an interviewer sees only the interviews assigned to them and leaves feedback.

use std::collections::BTreeMap;

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};

use crate::web::file_answer::{self, Disposition, FileAnswer, Sharing};
use crate::api::{answer, Answer};
use crate::db::company_member::Role;
use crate::db::{self};
use crate::domain::interview::input::InterviewInput;
use crate::domain::interview::notices::Sending;
use crate::domain::interview::calendar::InterviewCard;
use crate::domain::interview::feedback::Feedback;
use crate::domain::interview::interviewers::{InterviewerRecord, SavedInterviewer};
use crate::domain::interview::{calendar, feedback as interview_feedback, interviewers, resume as interview_resume, scheduling};
use crate::domain::visibility::ApplicationResume;
use crate::domain::notice::mail_domain;
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, InterviewId, MemberId, ResumeFileId};
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;

const MANAGERS: &[Role] = &[Role::Owner, Role::Hr];

fn optional_id<T: From<i64>>(raw: Option<&str>, field: &str) -> ApiResult<Option<T>> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => Ok(Some(parse_id(v, field)?)),
    }
}

/// The company's interviewers, removed ones too.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Interviewers {
    pub list: Vec<InterviewerRecord>,
}

pub async fn interviewer_list(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<Answer<Interviewers>> {
    who.require(MANAGERS)?;
    let company = who.company();
    let list = db::run(&state.pool, move |c| interviewers::list(c, company)).await?;
    Ok(answer(Interviewers { list }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct InterviewerForm {
    pub id: Option<String>,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub email: String,
}

/// `id` absent: a new interviewer, invited by SMS (domain/interviewer_invitation.rs); `invited` in
/// the result says whether an invitation went. Limited like the account calls: 20 a minute from one
/// address and 30 an hour a company.
pub async fn interviewer_save(state: web::Data<AppState>, req: actix_web::HttpRequest, who: CompanyMember, Form(form): Form<InterviewerForm>) -> ApiResult<Answer<SavedInterviewer>> {
    who.require(MANAGERS)?;
    if !state.account_per_ip.hit(&crate::web::client_ip(&req)) || !state.interviewer_saves.hit(&who.company().0.to_string()) {
        return Err(ApiError::RateLimited);
    }
    let id = optional_id(form.id.as_deref(), "id")?;
    let draft = core_wasm::interview::InterviewerDraft { name: form.name, mobile: form.mobile, email: form.email };
    let company = who.company();
    let origin = crate::web::public_origin(&req, &state);
    let saved = db::run(&state.pool, move |c| {
        let info = crate::db::company::info(c, company)?;
        let company_name = if info.short_name.trim().is_empty() { info.name } else { info.short_name };
        interviewers::save(c, company, id, &draft, &interviewers::Inviting { origin: &origin, company_name: &company_name })
    })
    .await?;
    Ok(answer(saved))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct IdForm {
    #[serde(default)]
    pub id: String,
}

/// Removes an interviewer: their sessions end at once.
pub async fn interviewer_remove(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<bool>> {
    who.require(MANAGERS)?;
    let id: MemberId = parse_id(&form.id, "id")?;
    let company = who.company();
    db::run(&state.pool, move |c| interviewers::remove(c, company, id)).await?;
    Ok(answer(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewForm {
    pub id: Option<String>,
    /// The job of the application. Absent: taken from the application (clients of the first
    /// contract); present: required (`interview.jobRequired` when blank), and an application not on
    /// this job is refused with `interview.notOnJob` on `applyId`.
    pub job_id: Option<String>,
    #[serde(default)]
    pub apply_id: String,
    #[serde(default)]
    pub start: String,
    #[serde(default)]
    pub minutes: String,
    #[serde(default)]
    pub contact: String,
    #[serde(default)]
    pub contact_phone: String,
    #[serde(default)]
    pub address: String,
    #[serde(default)]
    pub interviewers: String,
    #[serde(default)]
    pub notes: String,
    pub template: Option<String>,
}

/// A saved interview's id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InterviewSaved {
    pub id: InterviewId,
}

/// `id` absent: a new interview (the invitation goes out); with `id`, an edit (a new time sends
/// the reschedule notice). INTERVIEW_CONFLICT on an overlap.
pub async fn save(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<InterviewForm>) -> ApiResult<Answer<InterviewSaved>> {
    who.require(MANAGERS)?;
    let id = optional_id(form.id.as_deref(), "id")?;
    let template = optional_id(form.template.as_deref(), "template")?;
    let job_named = form.job_id.is_some();
    let draft = core_wasm::interview::InterviewDraft {
        job_id: form.job_id.unwrap_or_default(),
        apply_id: form.apply_id,
        start: form.start,
        minutes: form.minutes,
        contact: form.contact,
        contact_phone: form.contact_phone,
        address: form.address,
        interviewers: form.interviewers,
        notes: form.notes,
    };
    let input = InterviewInput::parse(&draft, template, job_named)?;
    let (company, member) = (who.company(), who.member.id);
    let domain = mail_domain(&state.settings.notices);
    let id = db::run(&state.pool, move |c| scheduling::save(c, company, member, id, &input, &Sending { mail_domain: &domain })).await?;
    Ok(answer(InterviewSaved { id }))
}

pub async fn cancel(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<bool>> {
    who.require(MANAGERS)?;
    let id: InterviewId = parse_id(&form.id, "id")?;
    let company = who.company();
    let domain = mail_domain(&state.settings.notices);
    db::run(&state.pool, move |c| scheduling::cancel(c, company, id, &Sending { mail_domain: &domain })).await?;
    Ok(answer(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ListForm {
    /// The first day, `YYYY-MM-DD` (China); absent: today.
    pub from: Option<String>,
    /// 1-31, default 7.
    pub days: Option<String>,
    /// Only this member's interviews (owners and HR); an interviewer always sees only theirs.
    pub interviewer: Option<String>,
}

/// The calendar's window (its first day, `YYYY-MM-DD 00:00`, and how many days) and its interviews.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InterviewCalendar {
    pub from: String,
    pub days: i64,
    pub list: Vec<InterviewCard>,
}

/// The interviews starting in the window, by start: the week calendar.
pub async fn list(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ListForm>) -> ApiResult<Answer<InterviewCalendar>> {
    let from = match form.from.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(day) => core_wasm::interview::parse_start(&format!("{day} 00:00")).ok_or_else(|| ApiError::BadInput("from".into()))?,
        None => {
            // Today in China as `YYYY-MM-DD`, the form parse_start reads (beijing_date's `YYYYMMDD`
            // is not, and once put the calendar at 1970).
            let now = crate::ids::beijing_time(crate::ids::now_ms());
            let today = &now[..10];
            core_wasm::interview::parse_start(&format!("{today} 00:00")).ok_or_else(|| ApiError::Internal(format!("today {today}")))?
        }
    };
    let days: i64 = match form.days.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(d) => d.parse().ok().filter(|d| (1..=31).contains(d)).ok_or_else(|| ApiError::BadInput("days".into()))?,
        None => 7,
    };
    let member = if who.member.role() == Role::Interviewer { Some(who.member.id) } else { optional_id(form.interviewer.as_deref(), "interviewer")? };
    let company = who.company();
    let list = db::run(&state.pool, move |c| calendar::list(c, company, from, from + days * 86_400_000, member)).await?;
    Ok(answer(InterviewCalendar { from: core_wasm::interview::format_start(from), days, list }))
}

/// An interview with its feedback (an interviewer's own only).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InterviewDetail {
    pub interview: InterviewCard,
    pub feedback: Vec<Feedback>,
}

pub async fn get(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<InterviewDetail>> {
    let id: InterviewId = parse_id(&form.id, "id")?;
    let member = as_interviewer(&who);
    let company = who.company();
    let (interview, feedback) = db::run(&state.pool, move |c| calendar::get(c, company, id, member)).await?;
    Ok(answer(InterviewDetail { interview, feedback }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct FeedbackForm {
    #[serde(default)]
    pub id: String,
    /// A JSON object: criterion -> score 1-5.
    #[serde(default)]
    #[schema(example = r#"{"专业能力":4,"沟通表达":5}"#)]
    pub scores: String,
    #[serde(default)]
    pub comment: String,
}

/// Feedback by a member assigned to the interview (any role).
pub async fn feedback(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<FeedbackForm>) -> ApiResult<Answer<bool>> {
    let id: InterviewId = parse_id(&form.id, "id")?;
    let scores: BTreeMap<String, i64> = serde_json::from_str(&form.scores).map_err(|_| ApiError::BadInput("scores".into()))?;
    let (company, member) = (who.company(), who.member.id);
    db::run(&state.pool, move |c| interview_feedback::save(c, company, member, id, &scores, &form.comment)).await?;
    Ok(answer(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct InterviewIdForm {
    #[serde(default)]
    pub id: String,
}

/// The interviewer a member is, for the checks: None for owners and HR, who see every interview.
fn as_interviewer(who: &CompanyMember) -> Option<MemberId> {
    (who.member.role() == Role::Interviewer).then_some(who.member.id)
}

/// `/cominterview/resume`: `id`. The candidate's whole resume as sent with the application, to the
/// interviewers assigned to the interview (and owners and HR); its files through `/cominterview/file`.
pub async fn resume(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<InterviewIdForm>) -> ApiResult<Answer<ApplicationResume>> {
    let id: InterviewId = parse_id(&form.id, "id")?;
    let (company, member) = (who.company(), as_interviewer(&who));
    let v = db::run(&state.pool, move |c| {
        let (application, resume) = interview_resume::resume_for(c, company, id, member)?;
        crate::domain::visibility::application_resume(c, application, resume)
    })
    .await?;
    Ok(answer(v))
}

/// `GET /cominterview/file/{interviewId}/{fileId}`: a file of that resume (the photo, resume files,
/// attachments), to whom `/cominterview/resume` answers; any other file is NotFound. `?size=96|240`:
/// the photo's thumbnail.
pub async fn file(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    who: CompanyMember,
    path: web::Path<(String, String)>,
    query: web::Query<crate::web::upload::SizeQuery>,
) -> ApiResult<HttpResponse> {
    let size = query.px()?;
    let (raw_interview, raw_file) = path.into_inner();
    let id: InterviewId = parse_id(&raw_interview, "interviewId")?;
    let file_id: ResumeFileId = parse_id(&raw_file, "fileId")?;
    let (company, member) = (who.company(), as_interviewer(&who));
    let f = db::run(&state.pool, move |c| {
        let (_, resume) = interview_resume::resume_for(c, company, id, member)?;
        let f = crate::db::resume::file_by_id(c, file_id)?.ok_or(ApiError::NotFound)?;
        // Of a hidden resume only the files sent with the application, as /comresume/file.
        if f.resume_id != resume || !crate::domain::visibility::may_download(c, company, resume, file_id.0)? {
            return Err(ApiError::NotFound);
        }
        Ok(f)
    })
    .await?;
    let answer = FileAnswer { stored: &f.stored_name, content_type: &f.content_type, disposition: Disposition::Attachment(&f.original_name), sharing: Sharing::Private };
    // `?size=`: the photo's thumbnail, after the same checks (a thumbnail is never more visible).
    let size = if f.kind == core_wasm::resume::UploadKind::Photo.name() { size } else { None };
    file_answer::send_picture(&req, &state.storage, answer, size).await
}
