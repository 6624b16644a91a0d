//! `/ajax/comresume/analyze`: a recruiter's resume file read into the editor's sections.
//!
//! The file comes as multipart `file`, at most 10 MB (SPEC section 5), counted while it streams:
//! past the limit nothing more is kept. Its format is told by its content (magic bytes), never
//! its name, and it is parsed in a child process under limits (domain/resume_analysis).

use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use futures_util::StreamExt;
use serde_json::json;

use crate::api::ok;
use crate::db::company_member::Role;
use crate::domain::resume_analysis::{self, RECRUITER_MAX_BYTES};
use crate::error::{ApiError, ApiResult};
use crate::web::extract::CompanyMember;

pub const ANALYSIS_ROLES: &[Role] = &[Role::Owner, Role::Hr];
/// Past this many bytes in all the request stops being read and the call ends.
const DRAIN_CAP: usize = RECRUITER_MAX_BYTES + 4 * 1024 * 1024;
/// See api/candidate/resume_files.rs: actix-multipart 0.7 panics on boundaries shorter than 4.
const BOUNDARY_MIN: usize = 4;

pub fn multipart<S>(headers: &header::HeaderMap, stream: S) -> ApiResult<Multipart>
where
    S: futures_util::Stream<Item = Result<web::Bytes, actix_web::error::PayloadError>> + 'static,
{
    let boundary = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<actix_web::mime::Mime>().ok())
        .filter(|m| m.type_() == actix_web::mime::MULTIPART && m.subtype() == actix_web::mime::FORM_DATA)
        .and_then(|m| m.get_param(actix_web::mime::BOUNDARY).map(|b| b.as_str().len()));
    match boundary {
        Some(len) if len >= BOUNDARY_MIN => Ok(Multipart::new(headers, stream)),
        _ => Err(ApiError::BadInput("multipart/form-data with a boundary of 4 characters or more".into())),
    }
}

/// The upload's file: its name as sent and its bytes, or FILE_TOO_BIG once past `max`.
pub async fn read_file(payload: Multipart, max: usize) -> ApiResult<(String, Vec<u8>)> {
    read_form(payload, max).await.map(|(file, _)| file)
}

/// A text field of a form beside the file: at most this many bytes.
const TEXT_FIELD_MAX: usize = 512 * 1024;

/// The upload's file (required, FILE_TOO_BIG once past `max`) and its text fields (each at most
/// 512 KiB, BAD_INPUT past it).
pub async fn read_form(mut payload: Multipart, max: usize) -> ApiResult<((String, Vec<u8>), std::collections::HashMap<String, String>)> {
    let mut file: Option<(String, Vec<u8>)> = None;
    let mut texts = std::collections::HashMap::new();
    let mut too_big = false;
    let mut seen = 0usize;
    while let Some(field) = payload.next().await {
        let mut field = field.map_err(|e| ApiError::BadInput(format!("multipart: {e}")))?;
        let field_name = field.name().unwrap_or("").to_string();
        let is_file = field_name == "file";
        if is_file && file.is_some() {
            return Err(ApiError::BadInput("one file per call".into()));
        }
        let name = field.content_disposition().and_then(|cd| cd.get_filename()).unwrap_or("").to_string();
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| ApiError::BadInput(format!("multipart: {e}")))?;
            seen += chunk.len();
            if seen > DRAIN_CAP {
                return Err(ApiError::FileTooBig);
            }
            if is_file && !too_big {
                if bytes.len() + chunk.len() > max {
                    // Keep nothing more; read on (up to the cap) only so the client hears the answer.
                    too_big = true;
                    bytes = Vec::new();
                } else {
                    bytes.extend_from_slice(&chunk);
                }
            } else if !is_file {
                if bytes.len() + chunk.len() > TEXT_FIELD_MAX {
                    return Err(ApiError::BadInput(format!("{field_name}: too long")));
                }
                bytes.extend_from_slice(&chunk);
            }
        }
        if is_file {
            file = Some((name, bytes));
        } else if !field_name.is_empty() {
            let text = String::from_utf8(bytes).map_err(|_| ApiError::BadInput(format!("{field_name}: not UTF-8")))?;
            texts.insert(field_name, text);
        }
    }
    if too_big {
        return Err(ApiError::FileTooBig);
    }
    match file {
        Some((_, b)) if b.is_empty() => Err(ApiError::BadInput("file: empty".into())),
        Some(f) => Ok((f, texts)),
        None => Err(ApiError::BadInput("file".into())),
    }
}

/// `multipart/form-data`: `file`. Answers `{sections}`, in the resume view's shape.
pub async fn analyze(state: web::Data<crate::state::AppState>, who: CompanyMember, req: actix_web::HttpRequest, payload: web::Payload) -> ApiResult<HttpResponse> {
    who.require(ANALYSIS_ROLES)?;
    let (name, bytes) = read_file(multipart(req.headers(), payload)?, RECRUITER_MAX_BYTES).await?;
    resume_analysis::count_analysis(&state.pool, &format!("company:{}", who.company().0), resume_analysis::ANALYSES_PER_HOUR_COMPANY)?;
    let sections = resume_analysis::analyse_upload(bytes, name, "recruiter").await?;
    Ok(ok(json!({ "sections": sections })))
}
