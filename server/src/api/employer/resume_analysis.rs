//! `/ajax/comresume/analyze`: a recruiter's resume file read into the editor's sections.
//!
//! The file comes as multipart `file`, at most 10 MB (SPEC section 5), counted while it streams:
//! past the limit nothing more is kept. Its format is told by its content (magic bytes), never
//! its name, and it is parsed in a child process under limits (domain/resume_analysis).

use actix_multipart::Multipart;
use actix_web::web;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::api::{answer, Answer};
use crate::db::company_member::Role;
use crate::domain::resume_analysis::{self, RECRUITER_MAX_BYTES};
use crate::error::{ApiError, ApiResult};
use crate::web::extract::CompanyMember;
pub use crate::web::upload::multipart;
use crate::web::upload::read_upload;

pub const ANALYSIS_ROLES: &[Role] = &[Role::Owner, Role::Hr];
/// Past this many bytes in all the request stops being read and the call ends.
const DRAIN_CAP: usize = RECRUITER_MAX_BYTES + 4 * 1024 * 1024;
/// A text field of a form beside the file: at most this many bytes.
const TEXT_FIELD_MAX: usize = 512 * 1024;

/// The upload's file: its name as sent and its bytes, or FILE_TOO_BIG once past `max`.
pub async fn read_file(payload: Multipart, max: usize) -> ApiResult<(String, Vec<u8>)> {
    read_form(payload, max).await.map(|(file, _)| file)
}

/// The upload's file (required, FILE_TOO_BIG once past `max`) and its text fields (each at most
/// 512 KiB, BAD_INPUT past it), read by the one upload reader (web/upload.rs).
pub async fn read_form(payload: Multipart, max: usize) -> ApiResult<((String, Vec<u8>), std::collections::HashMap<String, String>)> {
    let upload = read_upload(payload, max, DRAIN_CAP, TEXT_FIELD_MAX).await?;
    if upload.too_big {
        return Err(ApiError::FileTooBig);
    }
    let texts = upload.fields.into_iter().filter(|(name, _)| !name.is_empty()).collect();
    match upload.file_name {
        Some(_) if upload.bytes.is_empty() => Err(ApiError::BadInput("file: empty".into())),
        Some(name) => Ok(((name, upload.bytes), texts)),
        None => Err(ApiError::BadInput("file".into())),
    }
}

/// A recruiter's resume file read: the sections found (their entries without ids yet) and the text
/// they were read from.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ResumeAnalysis {
    #[schema(schema_with = crate::db::resume_view::found_sections_schema)]
    pub sections: Map<String, Value>,
    pub text: String,
}

/// `multipart/form-data`: `file`. Answers `{sections, text}`: the sections in the resume view's
/// shape, and the text they were read from, shown beside them in the review.
pub async fn analyze(state: web::Data<crate::state::AppState>, who: CompanyMember, req: actix_web::HttpRequest, payload: web::Payload) -> ApiResult<Answer<ResumeAnalysis>> {
    who.require(ANALYSIS_ROLES)?;
    let (name, bytes) = read_file(multipart(req.headers(), payload)?, RECRUITER_MAX_BYTES).await?;
    resume_analysis::count_analysis(&state.pool, &format!("company:{}", who.company().0), resume_analysis::ANALYSES_PER_HOUR_COMPANY)?;
    let analysis = resume_analysis::analyse_upload(bytes, name, "recruiter").await?;
    Ok(answer(ResumeAnalysis { sections: analysis.sections, text: analysis.text }))
}
