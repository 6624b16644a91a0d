//! Everything around the calls: security headers, the Origin check, and the built ui.

use std::path::PathBuf;

use actix_files::{Files, NamedFile};
use actix_web::body::MessageBody;
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{web, Error, ResponseError};

use crate::error::ApiError;
use crate::state::AppState;

pub mod extract;
pub mod form;
pub mod paging;

/// The Content-Security-Policy: our own scripts and wasm only, no inline script.
/// Inline styles are allowed because the UI kit writes its styles at run time.
pub fn content_security_policy(frame_ancestors: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'self' {frame_ancestors}"
    )
    .trim_end()
    .to_string()
}

/// Whether the Origin of a state-changing call is one of ours. Calls without an Origin
/// (curl, server-to-server) pass: a browser always sends one on a cross-site POST.
fn origin_allowed(req: &ServiceRequest, allowed: &[String]) -> bool {
    let Some(origin) = req.headers().get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    let Ok(url) = url::Url::parse(origin) else { return false };
    let Some(host) = url.host_str() else { return false };
    let origin_host = match url.port() {
        Some(p) => format!("{host}:{p}"),
        None => host.to_string(),
    };
    let own = req.connection_info().host().to_string();
    origin_host.eq_ignore_ascii_case(&own) || allowed.iter().any(|h| !h.is_empty() && h.eq_ignore_ascii_case(&origin_host))
}

pub async fn check_origin(req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let refused = req.method() == actix_web::http::Method::POST
        && req
            .app_data::<web::Data<AppState>>()
            .is_some_and(|state| !origin_allowed(&req, &state.settings.allowed_hosts));
    if refused {
        let response = ApiError::OriginRefused.error_response();
        return Ok(req.into_response(response).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// After any call but islogin made with a user's token, that user's cached islogin answers are
/// dropped: the call may have changed what islogin says (login_cache.rs). After, not before, so
/// an islogin reading the database meanwhile cannot keep what the call replaced.
pub async fn forget_cached_login(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let user = match req.app_data::<web::Data<AppState>>() {
        Some(state) if req.path().starts_with("/ajax/") && req.path() != "/ajax/pclogin/islogin" => {
            crate::web::extract::claimed(state, req.request()).map(|(_, user)| (state.clone(), user))
        }
        _ => None,
    };
    let res = next.call(req).await?;
    if let Some((state, user)) = user {
        state.logins.forget_user(user);
    }
    Ok(res)
}

/// Hashed build assets never change: cache them for a year. Everything else is revalidated.
pub async fn cache_headers(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let immutable = req.path().starts_with("/assets/");
    let mut res = next.call(req).await?;
    let value = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
    if !res.headers().contains_key(header::CACHE_CONTROL) {
        res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    }
    Ok(res)
}

/// The built ui; any path that is not a file is a client-side route and gets index.html.
pub fn ui_files(ui_dir: PathBuf) -> Files {
    let index = ui_dir.join("index.html");
    Files::new("/", ui_dir).index_file("index.html").prefer_utf8(true).use_etag(true).default_handler(fn_service(move |req: ServiceRequest| {
        let index = index.clone();
        async move {
            let (req, _) = req.into_parts();
            if req.path().starts_with("/assets/") {
                return Ok(ServiceResponse::new(req, ApiError::NotFound.error_response()));
            }
            let file = NamedFile::open_async(&index).await?;
            let mut res = file.into_response(&req);
            res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            Ok(ServiceResponse::new(req, res))
        }
    }))
}

/// The client's address for rate limits.
pub fn client_ip(req: &actix_web::HttpRequest) -> String {
    // The peer address, not X-Forwarded-For: a client could forge that header to dodge the limit.
    req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default()
}
