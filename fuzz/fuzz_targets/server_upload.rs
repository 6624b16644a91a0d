//! Multipart uploads: arbitrary bodies under an arbitrary boundary go through the server's
//! streaming reader, and the file bytes through the content sniffer and the photo re-encoder.
//! Errors are answers; a panic, a hang or unbounded memory is a failure.
#![no_main]

use actix_web::http::header::{HeaderMap, HeaderValue, CONTENT_TYPE};
use actix_web::web::Bytes;
use server::api::resume_files::{content_matches, multipart, read_parts, reencode_photo, sniff};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks a boundary length, the rest is the body, fed in small chunks so the
    // reader's handling of fields split across chunks is exercised.
    let Some((&n, body)) = data.split_first() else { return };
    let boundary = &"fuzzboundary0123456789"[..(1 + n as usize % 20)];
    let mut headers = HeaderMap::new();
    let Ok(ct) = HeaderValue::from_str(&format!("multipart/form-data; boundary={boundary}")) else { return };
    headers.insert(CONTENT_TYPE, ct);
    let chunks: Vec<Result<Bytes, actix_web::error::PayloadError>> = body.chunks(7).map(|c| Ok(Bytes::copy_from_slice(c))).collect();
    let stream = futures_util::stream::iter(chunks);
    // Through the server's own guard, as the upload call does.
    let parts = actix_rt::System::new().block_on(async move {
        match multipart(&headers, stream) {
            Ok(reader) => read_parts(reader).await,
            Err(e) => Err(e),
        }
    });
    if let Ok(parts) = parts {
        let kind = sniff(&parts.bytes);
        for ext in ["pdf", "doc", "docx", "txt", "png", "jpg", "gif", "ppt"] {
            let _ = content_matches(ext, kind);
        }
    }
    // The photo path takes any bytes too; keep the image small so a run stays quick.
    if body.len() < 4096 {
        let _ = reencode_photo(body);
    }
});
