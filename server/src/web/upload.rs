//! Reading uploads: the multipart stream with its limits, what the bytes are by content, and
//! pictures decoded and encoded again. Used by every call that takes a file (the resume's files,
//! the company's pictures, the resume analysis).


use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::web;
use futures_util::StreamExt;

use crate::error::{ApiError, ApiResult};

/// A text field of an upload form may be this long, unless the call says otherwise.
pub const TEXT_FIELD_MAX: usize = 4096;
/// An upload form carries at most this many text fields.
const TEXT_FIELDS_MAX: usize = 16;

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


/// An upload as read: its text fields, and its one file (`file`) up to the caller's limit.
#[derive(Default)]
pub struct Upload {
    pub fields: Vec<(String, String)>,
    /// The file's name as sent, when a `file` part came.
    pub file_name: Option<String>,
    pub bytes: Vec<u8>,
    /// The file was longer than the limit: its bytes were counted, not kept.
    pub too_big: bool,
}

impl Upload {
    /// A text field's value, or empty.
    pub fn field(&self, name: &str) -> String {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone()).unwrap_or_default()
    }
}

/// Reads the form: the file is kept up to `max_file` bytes and past it only counted (so the
/// caller can answer FILE_TOO_BIG); a text field past `text_max` bytes is BAD_INPUT; past
/// `drain_cap` bytes in all the call ends.
pub async fn read_upload(mut payload: Multipart, max_file: usize, drain_cap: usize, text_max: usize) -> ApiResult<Upload> {
    let mut upload = Upload::default();
    let mut seen = 0usize;
    while let Some(field) = payload.next().await {
        let mut field = field.map_err(|e| ApiError::BadInput(format!("multipart: {e}")))?;
        let field_name = field.name().unwrap_or("").to_string();
        let file_name = field.content_disposition().and_then(|cd| cd.get_filename()).map(str::to_string);
        let is_file = field_name == "file";
        if is_file {
            if upload.file_name.is_some() {
                return Err(ApiError::BadInput("one file per upload".into()));
            }
            upload.file_name = Some(file_name.unwrap_or_default());
        }
        let mut text = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| ApiError::BadInput(format!("multipart: {e}")))?;
            seen += chunk.len();
            if seen > drain_cap {
                return Err(ApiError::FileTooBig);
            }
            if is_file {
                // Kept up to the limit, then only counted.
                if !upload.too_big {
                    if upload.bytes.len() + chunk.len() > max_file {
                        upload.too_big = true;
                        upload.bytes = Vec::new();
                    } else {
                        upload.bytes.extend_from_slice(&chunk);
                    }
                }
            } else if text.len() + chunk.len() <= text_max {
                text.extend_from_slice(&chunk);
            } else {
                return Err(ApiError::BadInput(format!("{field_name}: too long")));
            }
        }
        if !is_file {
            let value = String::from_utf8(text).map_err(|_| ApiError::BadInput(format!("{field_name}: not UTF-8")))?;
            if upload.fields.len() >= TEXT_FIELDS_MAX {
                return Err(ApiError::BadInput("too many fields".into()));
            }
            upload.fields.push((field_name, value));
        }
    }
    Ok(upload)
}

/// Decodes a picture (with limits on its size and memory) and encodes it again as JPEG, so no
/// metadata and nothing but pixels survives: fitted into `kept`, and a thumbnail fitted into `thumb`.
pub fn reencode_image(bytes: &[u8], kept: (u32, u32), thumb: Option<(u32, u32)>) -> Result<(Vec<u8>, Option<Vec<u8>>), ApiError> {
    let img = crate::domain::thumbnails::decode_picture(bytes)?;
    let img = if img.width() > kept.0 || img.height() > kept.1 { img.thumbnail(kept.0, kept.1) } else { img };
    let encode = |i: &image::DynamicImage| -> Result<Vec<u8>, ApiError> {
        let mut out = Vec::new();
        let rgb = image::DynamicImage::ImageRgb8(i.to_rgb8());
        rgb.write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85))
            .map_err(ApiError::internal)?;
        Ok(out)
    };
    let small = match thumb {
        Some((w, h)) => Some(encode(&img.thumbnail(w, h))?),
        None => None,
    };
    Ok((encode(&img)?, small))
}

/// A stored JPEG (a re-encoded picture) as the answer (web/file_answer.rs). `public`: pictures every
/// visitor sees may be cached by anyone (a replaced picture gets a new id, so never stale); private
/// ones only by the browser, which asks again each time.
/// `size`: its thumbnail of that size instead (domain/thumbnails.rs), when the picture has them.
pub async fn serve_jpeg(req: &actix_web::HttpRequest, state: &crate::state::AppState, stored_name: &str, public: bool, size: Option<u32>) -> ApiResult<actix_web::HttpResponse> {
    use crate::web::file_answer::{send_picture, Disposition, FileAnswer, Sharing};
    let sharing = if public { Sharing::Public } else { Sharing::Private };
    send_picture(req, &state.storage, FileAnswer { stored: stored_name, content_type: "image/jpeg", disposition: Disposition::Inline, sharing }, size).await
}

/// `?size=`: a picture's thumbnail (96 or 240), on the routes that answer pictures.
#[derive(Debug, Default, serde::Deserialize, utoipa::ToSchema)]
pub struct SizeQuery {
    /// 96 or 240: the picture's thumbnail fitted into a square of that many pixels (WebP or JPEG by
    /// Accept); absent: the original.
    #[serde(default)]
    pub size: Option<String>,
}

impl SizeQuery {
    /// The size asked, or BAD_INPUT for one that is not made.
    pub fn px(&self) -> ApiResult<Option<u32>> {
        crate::domain::thumbnails::size_asked(self.size.as_deref())
    }
}
