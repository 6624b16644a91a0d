//! A stored file as the answer, the same for every file the server hands out (photos, resume files,
//! attachments, licences, company pictures), after the handler has checked that the caller may see it.
//!
//! - **`Content-Length`, never chunked.** A chunked file ended with a last small write (the `0\r\n\r\n`
//!   terminator) after the body's; on a kept-alive connection Nagle's algorithm held it until the
//!   client's delayed ACK, about 40 ms on every read but the first (issue 38). The size comes from the
//!   store (`Storage::size`), and main.rs also sets TCP_NODELAY.
//! - **`ETag` and 304.** A stored file never changes under its name (a replaced photo gets a new one),
//!   so the name is a strong validator. A private file is `private, no-cache`: the browser keeps it but
//!   asks each time, and the handler's access check runs before the 304, so a block or a hidden resume
//!   applies at once. A public picture may be kept by anyone for a week.
//! - **Ranges** (`Accept-Ranges: bytes`, one `Range` → 206), so a browser's PDF viewer can start
//!   before the whole file arrives. Several ranges get the whole file (allowed by RFC 9110); a range
//!   past the end gets 416.
//! - **Thumbnails** (`send_picture`): `?size=96|240` on a picture's own route answers its thumbnail
//!   after the same access check, chosen by Accept (`Vary: Accept`); the original when none was made.
//! - **Not compressed**: `Content-Encoding: identity` keeps actix's Compress away from a body whose
//!   length was announced (the files are photos and documents, compressed already).

use actix_web::body::SizedStream;
use actix_web::http::header::{self, EntityTag, HeaderValue, IfNoneMatch};
use actix_web::http::StatusCode;
use actix_web::{HttpMessage, HttpRequest, HttpResponse};

use crate::domain::thumbnails;
use crate::error::{ApiError, ApiResult};
use crate::providers::storage::Storage;

/// Whether the file is shown in the page or saved, and under which name.
pub enum Disposition<'a> {
    /// Shown in the page (a photo, a PDF beside its fields); no name.
    Inline,
    /// Shown in the page, saved under this name if the user saves it.
    InlineNamed(&'a str),
    /// Saved under this name.
    Attachment(&'a str),
}

/// Who may keep a copy.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Sharing {
    /// Pictures every visitor sees: any cache for a week (a replaced picture gets a new name).
    Public,
    /// Everything else: the browser keeps it but asks each time, so the access check always runs.
    Private,
}

/// A file to answer with: its stored name, its type, and how the browser treats it.
pub struct FileAnswer<'a> {
    pub stored: &'a str,
    pub content_type: &'a str,
    pub disposition: Disposition<'a>,
    pub sharing: Sharing,
}

/// `filename*=UTF-8''…` (RFC 6266/8187): any name, in any script, as the browser saves it.
fn disposition_value(disposition: &Disposition<'_>) -> Option<String> {
    let named = |kind: &str, name: &str| {
        let encoded: String = url::form_urlencoded::byte_serialize(name.as_bytes()).collect::<String>().replace('+', "%20");
        format!("{kind}; filename*=UTF-8''{encoded}")
    };
    match disposition {
        Disposition::Inline => None,
        Disposition::InlineNamed(name) => Some(named("inline", name)),
        Disposition::Attachment(name) => Some(named("attachment", name)),
    }
}

/// What the request asks of the file's bytes.
#[derive(Debug, PartialEq, Eq)]
enum Part {
    Whole,
    /// Bytes start..end.
    Range(u64, u64),
    /// A range that starts past the end.
    Unsatisfiable,
}

/// The part a `Range` header asks for, given the file's size and its tag (`If-Range` must match it,
/// or the whole file is sent).
fn part_asked(range: Option<&str>, if_range: Option<&str>, etag: &EntityTag, size: u64) -> Part {
    let Some(range) = range else { return Part::Whole };
    if let Some(tag) = if_range {
        if !tag.parse::<EntityTag>().is_ok_and(|t| t.strong_eq(etag)) {
            return Part::Whole;
        }
    }
    match http_range::HttpRange::parse(range, size) {
        Ok(ranges) if ranges.len() == 1 => Part::Range(ranges[0].start, ranges[0].start + ranges[0].length),
        Ok(_) => Part::Whole,
        Err(http_range::HttpRangeParseError::NoOverlap) => Part::Unsatisfiable,
        Err(http_range::HttpRangeParseError::InvalidRange) => Part::Whole,
    }
}

/// The answer for `file`, which the caller may see.
pub async fn send(req: &HttpRequest, storage: &Storage, file: FileAnswer<'_>) -> ApiResult<HttpResponse> {
    answer(req, storage, file, false).await
}

/// The answer for a picture the caller may see (its handler checked, as for the original): the
/// original, or with `size` its thumbnail of that size (domain/thumbnails.rs), WebP when the request
/// accepts it, else JPEG, with `Vary: Accept`. A thumbnail not made (a file older than thumbnails,
/// before the one-off job reached it) answers the original.
pub async fn send_picture(req: &HttpRequest, storage: &Storage, file: FileAnswer<'_>, size: Option<u32>) -> ApiResult<HttpResponse> {
    let Some(px) = size else { return send(req, storage, file).await };
    let accept = req.headers().get(header::ACCEPT).and_then(|v| v.to_str().ok());
    let format = thumbnails::Format::for_accept(accept);
    let name = thumbnails::variant_name(file.stored, px, format);
    match storage.size(&name).await {
        Ok(_) => {
            let variant = FileAnswer { stored: &name, content_type: format.content_type(), ..file };
            answer(req, storage, variant, true).await
        }
        Err(ApiError::NotFound) => answer(req, storage, file, true).await,
        Err(e) => Err(e),
    }
}

async fn answer(req: &HttpRequest, storage: &Storage, file: FileAnswer<'_>, vary_accept: bool) -> ApiResult<HttpResponse> {
    let etag = EntityTag::new_strong(file.stored.to_string());
    let cache = match file.sharing {
        Sharing::Public => "public, max-age=604800, immutable",
        Sharing::Private => "private, no-cache",
    };
    let fresh = match req.get_header::<IfNoneMatch>() {
        Some(IfNoneMatch::Any) => true,
        Some(IfNoneMatch::Items(tags)) => tags.iter().any(|t| t.weak_eq(&etag)),
        None => false,
    };
    if fresh {
        let mut not_modified = HttpResponse::NotModified();
        not_modified.insert_header((header::ETAG, etag)).insert_header((header::CACHE_CONTROL, cache));
        if vary_accept {
            not_modified.append_header((header::VARY, "Accept"));
        }
        return Ok(not_modified.finish());
    }
    let size = storage.size(file.stored).await?;
    let text = |name| req.headers().get(name).and_then(|v: &HeaderValue| v.to_str().ok());
    let part = part_asked(text(header::RANGE), text(header::IF_RANGE), &etag, size);
    let mut answer = HttpResponse::Ok();
    answer
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, cache))
        .insert_header((header::ACCEPT_RANGES, "bytes"))
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .insert_header((header::CONTENT_TYPE, file.content_type));
    if vary_accept {
        answer.append_header((header::VARY, "Accept"));
    }
    if let Some(value) = disposition_value(&file.disposition) {
        answer.insert_header((header::CONTENT_DISPOSITION, value));
    }
    let (start, end) = match part {
        Part::Whole => (0, size),
        Part::Range(start, end) => {
            answer.status(StatusCode::PARTIAL_CONTENT).insert_header((header::CONTENT_RANGE, format!("bytes {start}-{}/{size}", end - 1)));
            (start, end)
        }
        Part::Unsatisfiable => {
            return Ok(answer
                .status(StatusCode::RANGE_NOT_SATISFIABLE)
                .insert_header((header::CONTENT_RANGE, format!("bytes */{size}")))
                .finish());
        }
    };
    let body = storage.open_range(file.stored, start..end).await?;
    Ok(answer.body(SizedStream::new(body.len, body.stream)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_asked() {
        let tag = EntityTag::new_strong("abc".into());
        assert_eq!(part_asked(None, None, &tag, 100), Part::Whole);
        assert_eq!(part_asked(Some("bytes=0-9"), None, &tag, 100), Part::Range(0, 10));
        assert_eq!(part_asked(Some("bytes=90-"), None, &tag, 100), Part::Range(90, 100));
        assert_eq!(part_asked(Some("bytes=-10"), None, &tag, 100), Part::Range(90, 100));
        assert_eq!(part_asked(Some("bytes=50-500"), None, &tag, 100), Part::Range(50, 100));
        assert_eq!(part_asked(Some("bytes=200-300"), None, &tag, 100), Part::Unsatisfiable);
        assert_eq!(part_asked(Some("bytes=0-1,5-6"), None, &tag, 100), Part::Whole);
        assert_eq!(part_asked(Some("lines=1-2"), None, &tag, 100), Part::Whole);
        // If-Range: the range only while the file is the one the client has.
        assert_eq!(part_asked(Some("bytes=0-9"), Some("\"abc\""), &tag, 100), Part::Range(0, 10));
        assert_eq!(part_asked(Some("bytes=0-9"), Some("\"old\""), &tag, 100), Part::Whole);
        assert_eq!(part_asked(Some("bytes=0-9"), Some("Wed, 21 Oct 2015 07:28:00 GMT"), &tag, 100), Part::Whole);
    }

    #[test]
    fn names_in_any_script() {
        assert_eq!(disposition_value(&Disposition::Attachment("简历 v2.pdf")).as_deref(), Some("attachment; filename*=UTF-8''%E7%AE%80%E5%8E%86%20v2.pdf"));
        assert_eq!(disposition_value(&Disposition::Inline), None);
    }
}

/// A resume's PDF as a download (render/resume_pdf.rs), its photo read from storage (a photo that
/// cannot be read leaves the PDF without it), after the handler's access check: the candidate's own
/// (`/resume/pdf`) and the one a chat's resume exchange sent a company (`/comchat/resume/{id}`).
pub async fn send_resume_pdf(
    storage: &Storage,
    resume_view: crate::db::resume_view::ResumeView,
    photo_row: Option<crate::db::resume::FileRow>,
    lang: &str,
) -> ApiResult<HttpResponse> {
    let photo = match photo_row {
        Some(f) => storage.read(&f.stored_name).await.ok(),
        None => None,
    };
    let lang = if lang == "en-US" { "en-US" } else { "zh-CN" };
    let file_name = format!("{}.pdf", if resume_view.title.is_empty() { "resume" } else { resume_view.title.as_str() });
    let bytes = actix_web::web::block(move || -> ApiResult<Vec<u8>> { crate::render::resume_pdf::resume_pdf(&resume_view, photo, lang) })
        .await
        .map_err(ApiError::internal)??;
    let encoded: String = url::form_urlencoded::byte_serialize(file_name.as_bytes()).collect::<String>().replace('+', "%20");
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/pdf"))
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename*=UTF-8''{encoded}")))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(bytes))
}
