//! The built ui's hashed assets (`/assets/<name>`), sent as the build's own compressed copy when the
//! browser takes it: ui/scripts/precompress.mjs writes `<name>.br` (brotli 11) and `<name>.gz` (gzip 9)
//! beside each one. No request then compresses a bundle (the Compress middleware's fast levels cost
//! CPU on every fetch and give larger files). An asset without copies is sent as is, and the
//! middleware compresses it as before.

use std::path::{Path, PathBuf};

use actix_files::NamedFile;
use actix_web::dev::HttpServiceFactory;
use actix_web::http::header::{self, AcceptEncoding, ContentEncoding, Encoding, Header, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};

use crate::error::ApiError;

/// GET and HEAD of `/assets/{name}` from `ui_dir/assets`.
pub fn service(ui_dir: PathBuf) -> impl HttpServiceFactory {
    let dir = web::Data::new(ui_dir.join("assets"));
    web::resource("/assets/{name}").app_data(dir).route(web::get().to(asset)).route(web::head().to(asset))
}

/// A built file's name: no directories, nothing hidden (the build names files `name-hash.ext`).
fn plain_name(name: &str) -> bool {
    !name.is_empty() && !name.starts_with('.') && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

/// The copy to send: brotli or gzip when it exists and the browser takes it, else the file itself.
fn choose(accept: &AcceptEncoding, file: &Path) -> (PathBuf, Option<ContentEncoding>) {
    let with = |ext: &str| PathBuf::from(format!("{}.{ext}", file.display()));
    let mut offered = vec![Encoding::identity()];
    for (encoding, ext) in [(Encoding::brotli(), "br"), (Encoding::gzip(), "gz")] {
        if with(ext).is_file() {
            offered.push(encoding);
        }
    }
    match accept.negotiate(offered.iter()) {
        Some(e) if e == Encoding::brotli() => (with("br"), Some(ContentEncoding::Brotli)),
        Some(e) if e == Encoding::gzip() => (with("gz"), Some(ContentEncoding::Gzip)),
        _ => (file.to_path_buf(), None),
    }
}

async fn asset(req: HttpRequest, name: web::Path<String>, dir: web::Data<PathBuf>) -> HttpResponse {
    let name = name.into_inner();
    let file = dir.join(&name);
    if !plain_name(&name) || name.ends_with(".br") || name.ends_with(".gz") || !file.is_file() {
        return ApiError::NotFound.error_response();
    }
    let accept = AcceptEncoding::parse(&req).unwrap_or_else(|_| AcceptEncoding(Vec::new()));
    let (path, encoding) = choose(&accept, &file);
    let ext = Path::new(&name).extension().and_then(|e| e.to_str()).unwrap_or("");
    let opened = match NamedFile::open_async(&path).await {
        Ok(f) => f,
        Err(_) => return ApiError::NotFound.error_response(),
    };
    let mut sent = opened.set_content_type(actix_files::file_extension_to_mime(ext)).prefer_utf8(true).use_etag(true).disable_content_disposition();
    if let Some(encoding) = encoding {
        sent = sent.set_content_encoding(encoding);
    }
    let mut res = sent.into_response(&req);
    res.headers_mut().insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    res
}

#[cfg(test)]
mod tests {
    use super::plain_name;

    #[test]
    fn only_built_file_names_are_served() {
        assert!(plain_name("index-3f9a1c.js"));
        assert!(plain_name("core_wasm_bg-B-EoOsBa.wasm"));
        for bad in ["", ".env", "..", "../secret", "a/b.js", "a\\b.js", "a%2fb.js", "a b.js"] {
            assert!(!plain_name(bad), "{bad:?}");
        }
    }
}
