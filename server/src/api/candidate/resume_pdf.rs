//! `GET /ajax/resume/pdf?resumeId=&lang=`: the caller's resume as an A4 PDF (render/resume_pdf.rs draws it).

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::db;
use crate::db::resume::{self, FileRow};
use crate::db::resume_view::view;
use crate::domain::resume::resolve;
use crate::error::ApiResult;
use crate::render::resume_pdf::resume_pdf;
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
    // A photo that cannot be read leaves the PDF without it, as before.
    let photo = match photo_row {
        Some(f) => state.storage.read(&f.stored_name).await.ok(),
        None => None,
    };
    let lang = if query.lang == "en-US" { "en-US" } else { "zh-CN" };
    let file_name = format!("{}.pdf", if resume_view.title.is_empty() { "resume" } else { resume_view.title.as_str() });
    let bytes = web::block(move || -> ApiResult<Vec<u8>> {
        resume_pdf(&resume_view, photo, lang)
    })
    .await??;
    let encoded: String = url::form_urlencoded::byte_serialize(file_name.as_bytes()).collect::<String>().replace('+', "%20");
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/pdf"))
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename*=UTF-8''{encoded}")))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(bytes))
}
