//! `GET /ajax/resume/pdf?resumeId=&lang=`: the caller's resume as an A4 PDF (render/resume_pdf.rs draws it).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::db;
use crate::db::resume::{self, FileRow};
use crate::db::resume_view::view;
use crate::domain::resume::resolve;
use crate::error::ApiResult;
use crate::state::AppState;
use crate::web::extract::LoggedIn;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PdfQuery {
    #[serde(default)]
    pub resume_id: String,
    #[serde(default)]
    pub lang: String,
}

pub async fn pdf(state: web::Data<AppState>, who: LoggedIn, query: web::Query<PdfQuery>) -> ApiResult<HttpResponse> {
    let user = who.0.user.user_id();
    let raw_id = query.resume_id.clone();
    let (resume_view, photo_row) = db::run(&state.pool, move |c| {
        let row = resolve(c, user, &raw_id)?;
        let photo: Option<FileRow> = resume::files_of(c, row.id)?.into_iter().find(|f| f.kind == "photo");
        Ok((view(c, &row)?, photo))
    })
    .await?;
    crate::web::file_answer::send_resume_pdf(&state.storage, resume_view, photo_row, &query.lang).await
}
