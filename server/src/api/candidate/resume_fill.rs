//! `/resume/analyzeFile`: "fill my resume from this file" (issue 17). The candidate's own
//! uploaded resume file (the "uploaded resume file" section, at most 2 MB as every upload) is
//! read by the analysis, in its limited child process, into the resume view's sections; the
//! editor opens them as drafts to check and save. Nothing is saved by this call.

use actix_web::web;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::api::{answer, Answer};
use crate::db::{self, resume_file};
use crate::domain::resume_analysis;
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, ResumeFileId};
use crate::state::AppState;
use crate::web::extract::LoggedIn;
use crate::web::form::Form;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyzeForm {
    #[serde(default)]
    pub file_id: String,
}

/// What a resume file was read into: the editor's sections (the resume view's `sections`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FileAnalysis {
    #[schema(schema_with = crate::db::resume_view::found_sections_schema)]
    pub sections: Map<String, Value>,
}

/// `fileId`: one of the candidate's resume files. Answers `{sections}` as `/comresume/analyze`.
/// Another user's file, or an attachment or photo, is NOT_FOUND.
pub async fn analyze_file(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<AnalyzeForm>) -> ApiResult<Answer<FileAnalysis>> {
    let user = who.0.user.user_id();
    let id = parse_id::<ResumeFileId>(&form.file_id, "fileId")?;
    let row = db::run(&state.pool, move |c| Ok(resume_file::of_user(c, user, id)?)).await?;
    if row.kind != "resumeFile" {
        return Err(ApiError::NotFound);
    }
    resume_analysis::count_analysis(&state.pool, &format!("user:{}", user.0), resume_analysis::ANALYSES_PER_HOUR_CANDIDATE)?;
    let bytes = state.storage.read(&row.stored_name).await?;
    let analysis = resume_analysis::analyse_upload(bytes, row.original_name, "candidate").await?;
    Ok(answer(FileAnalysis { sections: analysis.sections }))
}
