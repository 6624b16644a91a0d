//! The resume's uploads: the photo, resume files and other attachments (SPEC section 5).
//!
//! A file is read from the multipart stream into memory up to the 2 MiB limit and no further:
//! past it the rest is drained unread (up to a hard cap, then the call ends) and FILE_TOO_BIG
//! answered. The name's extension and the content must agree; a photo is decoded and
//! re-encoded (dropping its metadata) with a thumbnail. Files are kept in the storage STORAGE_URL names
//! (providers/storage.rs; DATA_DIR/uploads by default) under random names, and are served only to their
//! owner, streamed through the server.

use std::io::Cursor;

use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::json;

use crate::web::form::Form;
use crate::api::ok;
use crate::db::resume_view::view_of;
use crate::ids::parse_id;
use crate::web::extract::LoggedIn;
use crate::db;
use crate::error::{ApiError, ApiResult};
use crate::ids::{next_id, now_ms, ResumeFileId, ResumeId};
use crate::db::resume::{self, FileRow};
use crate::db::resume_file;
use crate::providers::storage::random_name;
use crate::state::AppState;
use core_wasm::resume::{self as rules, UploadKind, UPLOAD_MAX_BYTES};

/// Past this many bytes in all the upload stops reading and the connection is dropped.
const DRAIN_CAP: usize = 16 * 1024 * 1024;
/// Text fields of the upload form.
const TEXT_FIELD_MAX: usize = 4096;
/// The photo as kept: at most this size, JPEG; the thumbnail fits THUMB.
const PHOTO_BOX: (u32, u32) = (600, 800);
const THUMB_BOX: (u32, u32) = (120, 160);

/// What the bytes are, by their content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sniffed {
    Jpeg,
    Png,
    Gif,
    Pdf,
    /// An OLE compound file: .doc, .ppt.
    Ole,
    /// An Office Open XML word-processing file: a zip holding word/.
    Docx,
    /// Text: UTF-8 or a legacy Chinese encoding, no control bytes but tab and line ends.
    Text,
    Other,
}

pub fn sniff(b: &[u8]) -> Sniffed {
    if b.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Sniffed::Jpeg
    } else if b.starts_with(b"\x89PNG\r\n\x1a\n") {
        Sniffed::Png
    } else if b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a") {
        Sniffed::Gif
    } else if b.starts_with(b"%PDF-") {
        Sniffed::Pdf
    } else if b.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        Sniffed::Ole
    } else if b.starts_with(b"PK\x03\x04") {
        let has = |needle: &[u8]| b.windows(needle.len()).any(|w| w == needle);
        if has(b"[Content_Types].xml") && has(b"word/") {
            Sniffed::Docx
        } else {
            Sniffed::Other
        }
    } else if !b.is_empty() && b.iter().all(|&c| c >= 0x20 || matches!(c, b'\t' | b'\n' | b'\r' | 0x0C)) && b[0] != 0x7F {
        Sniffed::Text
    } else {
        Sniffed::Other
    }
}

/// Whether the content is what the extension says.
pub fn content_matches(ext: &str, sniffed: Sniffed) -> bool {
    matches!(
        (ext, sniffed),
        ("jpg" | "jpeg", Sniffed::Jpeg)
            | ("png", Sniffed::Png)
            | ("gif", Sniffed::Gif)
            | ("pdf", Sniffed::Pdf)
            | ("doc" | "ppt", Sniffed::Ole)
            | ("docx", Sniffed::Docx)
            | ("txt", Sniffed::Text)
    )
}

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
    let mut reader = image::ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|_| ApiError::FileFormat)?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(8000);
    limits.max_image_height = Some(8000);
    limits.max_alloc = Some(256 * 1024 * 1024);
    reader.limits(limits);
    let img = reader.decode().map_err(|_| ApiError::FileFormat)?;
    let img = if img.width() > PHOTO_BOX.0 || img.height() > PHOTO_BOX.1 { img.thumbnail(PHOTO_BOX.0, PHOTO_BOX.1) } else { img };
    let thumb = img.thumbnail(THUMB_BOX.0, THUMB_BOX.1);
    let encode = |i: &image::DynamicImage| -> Result<Vec<u8>, ApiError> {
        let mut out = Vec::new();
        let rgb = image::DynamicImage::ImageRgb8(i.to_rgb8());
        rgb.write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85))
            .map_err(ApiError::internal)?;
        Ok(out)
    };
    Ok((encode(&img)?, encode(&thumb)?))
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

/// The boundary's shortest length we accept. actix-multipart 0.7.2 slices a line of fewer than
/// four bytes out of range while looking for a boundary of one to three characters and panics
/// (found by fuzz/fuzz_targets/server_upload.rs); browsers send boundaries of 16 and more.
const BOUNDARY_MIN: usize = 4;

/// The multipart reader over `stream`, after checking the request's boundary.
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

pub async fn read_parts(mut payload: Multipart) -> ApiResult<UploadParts> {
    let mut parts = UploadParts::default();
    let mut seen = 0usize;
    while let Some(field) = payload.next().await {
        let mut field = field.map_err(|e| ApiError::BadInput(format!("multipart: {e}")))?;
        let field_name = field.name().unwrap_or("").to_string();
        let file_name = field.content_disposition().and_then(|cd| cd.get_filename()).map(str::to_string);
        let is_file = field_name == "file";
        if is_file {
            if parts.file_name.is_some() {
                return Err(ApiError::BadInput("one file per upload".into()));
            }
            parts.file_name = Some(file_name.unwrap_or_default());
        }
        let mut text = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| ApiError::BadInput(format!("multipart: {e}")))?;
            seen += chunk.len();
            if seen > DRAIN_CAP {
                return Err(ApiError::FileTooBig);
            }
            if is_file {
                // Kept up to one byte past the limit, then only counted.
                if !parts.too_big {
                    if parts.bytes.len() + chunk.len() > UPLOAD_MAX_BYTES as usize {
                        parts.too_big = true;
                        parts.bytes = Vec::new();
                    } else {
                        parts.bytes.extend_from_slice(&chunk);
                    }
                }
            } else if text.len() + chunk.len() <= TEXT_FIELD_MAX {
                text.extend_from_slice(&chunk);
            } else {
                return Err(ApiError::BadInput(format!("{field_name}: too long")));
            }
        }
        let value = String::from_utf8(text).map_err(|_| ApiError::BadInput(format!("{field_name}: not UTF-8")))?;
        match field_name.as_str() {
            "resumeId" => parts.resume_id = value,
            "kind" => parts.kind = value,
            "name" => parts.name = value,
            _ => {}
        }
    }
    Ok(parts)
}

/// Removes a row's files from storage (after the row is gone, or when it never made it in).
pub async fn remove_stored(state: &AppState, f: &FileRow) {
    for name in std::iter::once(&f.stored_name).chain(f.thumb_name.iter()) {
        state.storage.remove(name).await;
    }
}

/// `multipart/form-data`: resumeId, kind (photo | resumeFile | attachment), name (an attachment's
/// name; a resume file's defaults to its file name), file. Answers the resume.
pub async fn upload(
    state: web::Data<AppState>,
    who: LoggedIn,
    req: actix_web::HttpRequest,
    payload: web::Payload,
) -> ApiResult<HttpResponse> {
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
    let (stored, thumb, content_type) = if kind == UploadKind::Photo {
        let (photo, thumb) = web::block(move || reencode_photo(&bytes)).await??;
        (photo, Some(thumb), "image/jpeg")
    } else {
        (bytes, None, content_type_of(&ext))
    };
    let stored_name = random_name();
    let thumb_name = thumb.as_ref().map(|_| random_name());
    let stored_len = stored.len() as i64;
    state.storage.put(&stored_name, stored).await?;
    if let (Some(t), Some(tn)) = (thumb, &thumb_name) {
        if let Err(e) = state.storage.put(tn, t).await {
            state.storage.remove(&stored_name).await;
            return Err(e);
        }
    }
    let row = FileRow {
        id: next_id(),
        resume_id: resume_id.0,
        user_id: user.0,
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
    Ok(ok(v))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileForm {
    #[serde(default)]
    pub resume_id: String,
    #[serde(default)]
    pub file_id: String,
}

pub async fn delete_file(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<FileForm>) -> ApiResult<HttpResponse> {
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
    Ok(ok(v))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct FileQuery {
    #[serde(default)]
    pub thumb: Option<String>,
    #[serde(default)]
    pub download: Option<String>,
}

/// `GET /ajax/resume/file/{id}[?thumb=1][&download=1]`: the file, to its owner only.
pub async fn download(
    state: web::Data<AppState>,
    who: LoggedIn,
    path: web::Path<String>,
    query: web::Query<FileQuery>,
) -> ApiResult<HttpResponse> {
    let user = who.0.user.user_id();
    let id = parse_id::<ResumeFileId>(&path.into_inner(), "id")?;
    let row = db::run(&state.pool, move |c| Ok(resume_file::of_user(c, user, id)?)).await?;
    let want_thumb = query.thumb.is_some();
    let stored = if want_thumb { row.thumb_name.clone().ok_or(ApiError::NotFound)? } else { row.stored_name.clone() };
    let file = state.storage.open(&stored).await?;
    let content_type = if want_thumb { "image/jpeg".to_string() } else { row.content_type.clone() };
    let inline = content_type.starts_with("image/") && query.download.is_none();
    let encoded: String = url::form_urlencoded::byte_serialize(row.original_name.as_bytes()).collect::<String>().replace('+', "%20");
    let disposition = format!("{}; filename*=UTF-8''{encoded}", if inline { "inline" } else { "attachment" });
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((header::CONTENT_DISPOSITION, disposition))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .streaming(file.stream))
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
