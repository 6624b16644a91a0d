//! The resume's uploads: the photo, resume files and other attachments (SPEC section 5).
//!
//! A file is read from the multipart stream into memory up to the 2 MiB limit and no further:
//! past it the rest is drained unread (up to a hard cap, then the call ends) and FILE_TOO_BIG
//! answered. The name's extension and the content must agree; a photo is decoded and
//! re-encoded (dropping its metadata) with a thumbnail, and its 96 and 240 px thumbnails
//! (domain/thumbnails.rs). Files are kept in the storage STORAGE_URL names
//! (providers/storage.rs; DATA_DIR/uploads by default) under random names, and are served only to their
//! owner, streamed through the server.

use actix_multipart::Multipart;
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::web::file_answer::{self, Disposition, FileAnswer, Sharing};
use crate::web::form::Form;
use crate::api::{answer, Answer};
use crate::db::resume_view::{view_of, ResumeView};
use crate::ids::parse_id;
use crate::web::extract::LoggedIn;
use crate::db;
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, ResumeFileId, ResumeId};
use crate::db::resume::{self, FileRow};
use crate::db::resume_file;
use crate::domain::thumbnails;
use crate::providers::storage::random_name;
pub use crate::web::upload::{content_matches, multipart, read_upload, reencode_image, sniff, Sniffed};
use crate::state::AppState;
use core_wasm::resume::{self as rules, UploadKind, UPLOAD_MAX_BYTES};

/// Past this many bytes in all the upload stops reading and the connection is dropped.
const DRAIN_CAP: usize = 16 * 1024 * 1024;
/// The photo as kept: at most this size, JPEG; the thumbnail fits THUMB.
const PHOTO_BOX: (u32, u32) = (600, 800);
const THUMB_BOX: (u32, u32) = (120, 160);

fn content_type_of(ext: &str) -> &'static str {
    match ext {
        "jpg" | "jpeg" => "image/jpeg",
        "png" => "image/png",
        "gif" => "image/gif",
        "pdf" => "application/pdf",
        "doc" => "application/msword",
        "ppt" => "application/vnd.ms-powerpoint",
        "docx" => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Decodes a photo and encodes it again as JPEG (no metadata survives), with a thumbnail.
pub fn reencode_photo(bytes: &[u8]) -> Result<(Vec<u8>, Vec<u8>), ApiError> {
    let (photo, thumb) = reencode_image(bytes, PHOTO_BOX, Some(THUMB_BOX))?;
    Ok((photo, thumb.unwrap_or_default()))
}

/// A file name as sent, without any path, at most 100 characters.
fn clean_file_name(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or("").trim();
    let base: String = base.chars().filter(|c| !c.is_control()).collect();
    if base.chars().count() <= 100 {
        return base;
    }
    let ext = rules::extension(&base);
    let stem: String = base.chars().take(90).collect();
    format!("{stem}.{ext}")
}

/// A display name made from the file's name when none was given: its stem, cut to fit.
fn name_from_file(file_name: &str) -> String {
    let stem = file_name.rsplit_once('.').map_or(file_name, |(s, _)| s);
    let mut out = String::new();
    for c in stem.chars() {
        if rules::width(&out) + rules::width(&c.to_string()) > 60 {
            break;
        }
        out.push(c);
    }
    if out.trim().is_empty() {
        "file".into()
    } else {
        out
    }
}

#[derive(Default)]
pub struct UploadParts {
    pub resume_id: String,
    pub kind: String,
    pub name: String,
    pub file_name: Option<String>,
    pub bytes: Vec<u8>,
    pub too_big: bool,
}

pub async fn read_parts(payload: Multipart) -> ApiResult<UploadParts> {
    let upload = read_upload(payload, UPLOAD_MAX_BYTES as usize, DRAIN_CAP, crate::web::upload::TEXT_FIELD_MAX).await?;
    Ok(UploadParts {
        resume_id: upload.field("resumeId"),
        kind: upload.field("kind"),
        name: upload.field("name"),
        file_name: upload.file_name,
        bytes: upload.bytes,
        too_big: upload.too_big,
    })
}

/// Removes a row's files from storage (after the row is gone, or when it never made it in).
pub async fn remove_stored(state: &AppState, f: &FileRow) {
    for name in std::iter::once(&f.stored_name).chain(f.thumb_name.iter()) {
        state.storage.remove(name).await;
    }
    if f.kind == UploadKind::Photo.name() {
        thumbnails::remove(&state.storage, &f.stored_name).await;
    }
}

/// `multipart/form-data`: resumeId, kind (photo | resumeFile | attachment), name (an attachment's
/// name; a resume file's defaults to its file name), file. Answers the resume.
pub async fn upload(
    state: web::Data<AppState>,
    who: LoggedIn,
    req: actix_web::HttpRequest,
    payload: web::Payload,
) -> ApiResult<Answer<ResumeView>> {
    let user = who.0.user.user_id();
    let parts = read_parts(multipart(req.headers(), payload)?).await?;
    let kind = UploadKind::parse(parts.kind.trim()).ok_or_else(|| ApiError::BadInput("kind".into()))?;
    let resume_id = parse_id::<ResumeId>(&parts.resume_id, "resumeId")?;
    let file_name = clean_file_name(parts.file_name.as_deref().ok_or_else(|| ApiError::BadInput("file".into()))?);
    let name = match kind {
        UploadKind::Photo => "photo".to_string(),
        UploadKind::Attachment => parts.name.trim().to_string(),
        UploadKind::ResumeFile if parts.name.trim().is_empty() => name_from_file(&file_name),
        UploadKind::ResumeFile => parts.name.trim().to_string(),
    };
    if kind != UploadKind::Photo {
        crate::api::candidate::resume::checked(kind.name(), &json!({ "name": name }))?;
    }
    let size = if parts.too_big { UPLOAD_MAX_BYTES + 1 } else { parts.bytes.len() as u64 };

    let pool = state.pool.clone();
    let existing = db::run(&pool, move |c| {
        resume::owned(c, user, resume_id)?;
        Ok(resume_file::count_of_kind(c, resume_id, kind)? as usize)
    })
    .await?;
    match rules::upload_problem(kind, &file_name, size, existing) {
        Some("resume.upload.format") => return Err(ApiError::FileFormat),
        Some("resume.upload.size") => return Err(ApiError::FileTooBig),
        Some(_) => return Err(ApiError::FileCount),
        None => {}
    }
    let ext = rules::extension(&file_name);
    let bytes = parts.bytes;
    if !content_matches(&ext, sniff(&bytes)) {
        return Err(ApiError::FileFormat);
    }
    let stored_name = random_name();
    let (stored, thumb, variants, content_type) = if kind == UploadKind::Photo {
        let name = stored_name.clone();
        let (photo, thumb, variants) = web::block(move || -> ApiResult<_> {
            let (photo, thumb) = reencode_photo(&bytes)?;
            let variants = thumbnails::make(&name, &photo)?;
            Ok((photo, thumb, variants))
        })
        .await??;
        (photo, Some(thumb), variants, "image/jpeg")
    } else {
        (bytes, None, Vec::new(), content_type_of(&ext))
    };
    let thumb_name = thumb.as_ref().map(|_| random_name());
    let stored_len = stored.len() as i64;
    state.storage.put(&stored_name, stored).await?;
    if let (Some(t), Some(tn)) = (thumb, &thumb_name) {
        if let Err(e) = state.storage.put(tn, t).await {
            state.storage.remove(&stored_name).await;
            return Err(e);
        }
    }
    if let Err(e) = thumbnails::store(&state.storage, variants).await {
        for name in std::iter::once(&stored_name).chain(thumb_name.iter()) {
            state.storage.remove(name).await;
        }
        return Err(e);
    }
    let row = FileRow {
        id: new_id(),
        resume_id,
        user_id: user,
        kind: kind.name().into(),
        name,
        original_name: file_name,
        stored_name,
        thumb_name,
        content_type: content_type.into(),
        size: stored_len,
        created_at: now_ms(),
    };
    let kept = row.clone();
    let added = db::run(&state.pool, move |c| db::write_transaction(c, |c| resume_file::add(c, &row, kind))).await;
    let replaced = match added {
        Ok(old) => old,
        Err(e) => {
            remove_stored(&state, &kept).await;
            return Err(e);
        }
    };
    for f in &replaced {
        remove_stored(&state, f).await;
    }
    let v = db::run(&state.pool, move |c| view_of(c, user, resume_id)).await?;
    Ok(answer(v))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileForm {
    #[serde(default)]
    pub resume_id: String,
    #[serde(default)]
    pub file_id: String,
}

pub async fn delete_file(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<FileForm>) -> ApiResult<Answer<ResumeView>> {
    let user = who.0.user.user_id();
    let resume_id = parse_id::<ResumeId>(&form.resume_id, "resumeId")?;
    let file_id = parse_id::<ResumeFileId>(&form.file_id, "fileId")?;
    let (row, v) = db::run(&state.pool, move |c| {
        resume::owned(c, user, resume_id)?;
        let row = resume_file::remove(c, user, resume_id, file_id)?;
        Ok((row, view_of(c, user, resume_id)?))
    })
    .await?;
    remove_stored(&state, &row).await;
    Ok(answer(v))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct FileQuery {
    #[serde(default)]
    pub thumb: Option<String>,
    #[serde(default)]
    pub download: Option<String>,
    /// A photo's thumbnail, 96 or 240 (domain/thumbnails.rs); ignored for other files.
    #[serde(default)]
    pub size: Option<String>,
}

/// `GET /ajax/resume/file/{id}[?thumb=1|?size=96|240][&download=1]`: the file, to its owner only.
pub async fn download(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    who: LoggedIn,
    path: web::Path<String>,
    query: web::Query<FileQuery>,
) -> ApiResult<HttpResponse> {
    let user = who.0.user.user_id();
    let id = parse_id::<ResumeFileId>(&path.into_inner(), "id")?;
    let size = thumbnails::size_asked(query.size.as_deref())?;
    let row = db::run(&state.pool, move |c| Ok(resume_file::of_user(c, user, id)?)).await?;
    let want_thumb = query.thumb.is_some();
    let stored = if want_thumb { row.thumb_name.clone().ok_or(ApiError::NotFound)? } else { row.stored_name.clone() };
    let content_type = if want_thumb { "image/jpeg" } else { row.content_type.as_str() };
    let inline = content_type.starts_with("image/") && query.download.is_none();
    let disposition = if inline { Disposition::InlineNamed(&row.original_name) } else { Disposition::Attachment(&row.original_name) };
    let answer = FileAnswer { stored: &stored, content_type, disposition, sharing: Sharing::Private };
    match size {
        Some(px) if row.kind == UploadKind::Photo.name() && !want_thumb => file_answer::send_picture(&req, &state.storage, answer, Some(px)).await,
        _ => file_answer::send(&req, &state.storage, answer).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_by_content() {
        assert_eq!(sniff(b"\xFF\xD8\xFF\xE0rest"), Sniffed::Jpeg);
        assert_eq!(sniff(b"%PDF-1.7\n"), Sniffed::Pdf);
        assert_eq!(sniff(b"MZ\x90\x00\x03\x00"), Sniffed::Other, "a Windows executable");
        assert_eq!(sniff(b"\x7fELF\x02\x01"), Sniffed::Other, "a Linux executable");
        assert_eq!(sniff("张伟 简历\r\n".as_bytes()), Sniffed::Text);
        assert_eq!(sniff(b"PK\x03\x04....[Content_Types].xml....word/document.xml"), Sniffed::Docx);
        assert_eq!(sniff(b"PK\x03\x04....other.zip"), Sniffed::Other);
        assert!(content_matches("txt", Sniffed::Text));
        assert!(!content_matches("pdf", Sniffed::Other));
        assert!(!content_matches("png", Sniffed::Jpeg));
    }

    #[test]
    fn names_lose_paths_and_fit() {
        assert_eq!(clean_file_name("C:\\Users\\me\\简历.pdf"), "简历.pdf");
        assert_eq!(clean_file_name("../../etc/passwd.txt"), "passwd.txt");
        assert_eq!(name_from_file("我的简历.docx"), "我的简历");
        assert_eq!(rules::width(&name_from_file(&format!("{}.pdf", "长".repeat(40)))), 60);
    }
}
