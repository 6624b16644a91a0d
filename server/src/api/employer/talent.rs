//! The company's private candidates (`/comtalent/*`, issue 17): a resume file analysed by
//! `/comresume/analyze`, reviewed by the recruiter and saved with its original. Owners and HR
//! only (as the analysis); interviewers and other companies never see them.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::web::file_answer::{self, Disposition, FileAnswer, Sharing};
use crate::api::employer::resume_analysis::{multipart, read_form, ANALYSIS_ROLES};
use crate::api::{answer, Answer};
use crate::db::talent::TalentItem;
use crate::db::{self, talent as rows};
use crate::domain::resume_analysis::{self, extract, Format, RECRUITER_MAX_BYTES};
use crate::domain::talent::{self, Duplicate, NewTalent, TalentView};
use crate::domain::talent_pipeline::UploadCard;
use crate::domain::{pipeline, talent_pipeline};
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, JobId, TalentId};
use crate::providers::storage::random_name;
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;
use crate::web::paging::{Listed, Paging};

fn content_type(format: Format) -> &'static str {
    match format {
        Format::Pdf => "application/pdf",
        Format::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        Format::Doc => "application/msword",
        Format::Txt => "text/plain; charset=utf-8",
    }
}

/// A saved private candidate's id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TalentSaved {
    pub id: TalentId,
}

/// `multipart/form-data`: `file` (the original, at most 10 MB, PDF/DOCX/DOC/TXT by content),
/// `sections` (JSON, the reviewed sections), `jobId` (optional), `confirmDuplicate` (`1` to save
/// despite a duplicate). Answers `{id}`.
pub async fn save(state: web::Data<AppState>, who: CompanyMember, req: HttpRequest, payload: web::Payload) -> ApiResult<Answer<TalentSaved>> {
    who.require(ANALYSIS_ROLES)?;
    let ((file_name, bytes), texts) = read_form(multipart(req.headers(), payload)?, RECRUITER_MAX_BYTES).await?;
    let format = extract::detect(&bytes).ok_or_else(|| ApiError::BadInput("file: not a PDF, DOCX, DOC or text file".into()))?;
    let sections: Value = serde_json::from_str(texts.get("sections").map_or("", String::as_str)).map_err(|_| ApiError::BadInput("sections: not JSON".into()))?;
    let sections = talent::checked_sections(&sections)?;
    let job = match texts.get("jobId").map(|s| s.trim()).filter(|s| !s.is_empty()) {
        Some(raw) => Some(parse_id::<JobId>(raw, "jobId")?),
        None => None,
    };
    let confirm_duplicate = matches!(texts.get("confirmDuplicate").map(|s| s.trim()), Some("1" | "true"));
    let original_name: String = file_name.chars().filter(|c| !c.is_control()).take(200).collect();
    let stored_name = random_name();
    let file_size = bytes.len() as i64;
    state.storage.put(&stored_name, bytes).await?;
    let company = who.company();
    let new = NewTalent {
        sections,
        job,
        original_name: if original_name.is_empty() { format!("resume.{}", format.name()) } else { original_name },
        stored_name: stored_name.clone(),
        content_type: content_type(format).into(),
        file_size,
        member: who.member.id,
        confirm_duplicate,
    };
    let saved = db::run(&state.pool, move |c| {
        if new.job.is_some() {
            // The stages are made outside the save's transaction (their first making is a write of its own).
            pipeline::stages(c, company)?;
        }
        db::write_transaction(c, |c| talent::save(c, company, new))
    });
    match saved.await {
        Ok(id) => Ok(answer(TalentSaved { id })),
        Err(e) => {
            state.storage.remove(&stored_name).await;
            Err(e)
        }
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DuplicatesForm {
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub email: String,
}

/// The possible duplicates of a candidate.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Duplicates {
    pub list: Vec<Duplicate>,
}

/// `mobile`, `email` (as found or typed): `{list}` of the company's private candidates and
/// applicants with the same normalised mobile or email.
pub async fn duplicates(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<DuplicatesForm>) -> ApiResult<Answer<Duplicates>> {
    who.require(ANALYSIS_ROLES)?;
    if form.mobile.chars().count() > 50 || form.email.chars().count() > 200 {
        return Err(ApiError::BadInput("mobile or email too long".into()));
    }
    let company = who.company();
    let list = db::run(&state.pool, move |c| talent::duplicates(c, company, &form.mobile, &form.email)).await?;
    Ok(answer(Duplicates { list }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListForm {
    #[serde(default)]
    pub keyword: String,
    #[serde(default)]
    pub job_id: String,
    pub page: Option<String>,
    pub pagesize: Option<String>,
}

/// `keyword` (name, mobile or email), `jobId`, `page`, `pagesize`: `{total, list}`, newest first.
pub async fn list(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ListForm>) -> ApiResult<Answer<Listed<TalentItem>>> {
    who.require(ANALYSIS_ROLES)?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let keyword = form.keyword.trim().to_string();
    if keyword.chars().count() > 50 {
        return Err(ApiError::BadInput("keyword".into()));
    }
    let job = match form.job_id.trim() {
        "" => None,
        raw => Some(parse_id::<JobId>(raw, "jobId")?),
    };
    let company = who.company();
    let (total, list) = db::run(&state.pool, move |c| Ok(rows::page(c, company, &keyword, job, paging.pagesize, paging.offset())?)).await?;
    Ok(answer(Listed::new(total, list)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct IdForm {
    #[serde(default)]
    pub id: String,
}

/// `id`: the candidate with its sections, file and the job pipelines it is on; another company's is NOT_FOUND.
pub async fn get(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<TalentView>> {
    who.require(ANALYSIS_ROLES)?;
    let id: TalentId = parse_id(&form.id, "id")?;
    let company = who.company();
    let v = db::run(&state.pool, move |c| talent::view(c, company, id)).await?;
    Ok(answer(v))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddToJobForm {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub job_id: String,
}

/// `id`, `jobId`: puts the candidate on the job's pipeline, in the company's first stage, and answers
/// its card (as `/comresume/applyresume` lists it); a candidate already on that pipeline keeps its
/// place. Another company's candidate or job is NOT_FOUND.
pub async fn add_to_job(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<AddToJobForm>) -> ApiResult<Answer<UploadCard>> {
    who.require(ANALYSIS_ROLES)?;
    let id: TalentId = parse_id(&form.id, "id")?;
    let job: JobId = parse_id(&form.job_id, "jobId")?;
    let (company, member) = (who.company(), who.member.id);
    let card = db::run(&state.pool, move |c| {
        pipeline::stages(c, company)?;
        talent_pipeline::add_to_job(c, company, member, id, job)
    })
    .await?;
    Ok(answer(card))
}

/// `id`: removes the candidate, its place on job pipelines (with their moves and notes) and its file. Answers true.
pub async fn delete(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<bool>> {
    who.require(ANALYSIS_ROLES)?;
    let id: TalentId = parse_id(&form.id, "id")?;
    let company = who.company();
    let row = db::run(&state.pool, move |c| {
        let row = rows::get(c, company, id)?.ok_or(ApiError::NotFound)?;
        db::write_transaction(c, |c| {
            db::talent_pipeline::delete_of_talent(c, company, id)?;
            rows::delete(c, company, id)?;
            Ok(())
        })?;
        Ok(row)
    })
    .await?;
    state.storage.remove(&row.stored_name).await;
    Ok(answer(true))
}

/// The text of a candidate's original file.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TalentText {
    pub text: String,
}

/// `id`: `{text}`, the text the analysis reads from the candidate's original file (at most 100 KiB),
/// shown beside the sections where the browser cannot show the file itself (DOCX, DOC, TXT). It is
/// read again in the analysis's child process, under its limits, and counts as an analysis toward
/// the company's hourly limit; a file that no longer reads answers an empty text.
pub async fn text(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<TalentText>> {
    who.require(ANALYSIS_ROLES)?;
    let id: TalentId = parse_id(&form.id, "id")?;
    let company = who.company();
    let row = db::run(&state.pool, move |c| rows::get(c, company, id)?.ok_or(ApiError::NotFound)).await?;
    resume_analysis::count_analysis(&state.pool, &format!("company:{}", company.0), resume_analysis::ANALYSES_PER_HOUR_COMPANY)?;
    let bytes = state.storage.read(&row.stored_name).await?;
    let text = match resume_analysis::analyse_upload(bytes, row.original_name, "recruiter-original").await {
        Ok(analysis) => analysis.text,
        Err(ApiError::ResumeAnalysisFailed) => String::new(),
        Err(e) => return Err(e),
    };
    Ok(answer(TalentText { text }))
}

/// `GET /ajax/comtalent/file/{id}`: the original file; a PDF inline (shown beside the fields),
/// the rest as a download.
pub async fn file(req: actix_web::HttpRequest, state: web::Data<AppState>, who: CompanyMember, path: web::Path<String>) -> ApiResult<HttpResponse> {
    who.require(ANALYSIS_ROLES)?;
    let id: TalentId = parse_id(&path.into_inner(), "id")?;
    let company = who.company();
    let row = db::run(&state.pool, move |c| rows::get(c, company, id)?.ok_or(ApiError::NotFound)).await?;
    let disposition = if row.content_type == "application/pdf" { Disposition::InlineNamed(&row.original_name) } else { Disposition::Attachment(&row.original_name) };
    let answer = FileAnswer { stored: &row.stored_name, content_type: &row.content_type, disposition, sharing: Sharing::Private };
    file_answer::send(&req, &state.storage, answer).await
}
