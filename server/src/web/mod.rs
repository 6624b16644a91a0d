//! Everything around the calls: security headers, the Origin check, and the built ui.

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::body::MessageBody;
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{web, Error, ResponseError};

use crate::error::ApiError;
use crate::state::AppState;

pub mod assets;
pub mod extract;
pub mod file_answer;
pub mod form;
pub mod paging;
pub mod shell;
pub mod upload;

/// The Content-Security-Policy: our own scripts and wasm only, no inline script.
/// Inline styles are allowed because the UI kit writes its styles at run time. Frames may show
/// our own pages and blob: URLs: the recruiter's review shows a PDF picked for upload beside the
/// fields found in it (the blob is made by our script, typed application/pdf).
pub fn content_security_policy(frame_ancestors: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
         frame-src 'self' blob:; base-uri 'self'; form-action 'self'; frame-ancestors 'self' {frame_ancestors}"
    )
    .trim_end()
    .to_string()
}

/// Whether the Origin of a state-changing call is one of ours. Calls without an Origin
/// (curl, server-to-server) pass: a browser always sends one on a cross-site POST.
fn origin_allowed(req: &ServiceRequest, allowed: &[String]) -> bool {
    req.headers().get(header::ORIGIN).is_none() || origin_is_ours(req.request(), allowed)
}

/// Whether the request has an Origin and it is one of ours (the chat socket's check: a browser
/// always sends one on a WebSocket, and a page of another site must not open ours).
pub fn origin_is_ours(req: &actix_web::HttpRequest, allowed: &[String]) -> bool {
    let Some(origin) = req.headers().get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
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

/// Over https as a trusted proxy reports it (the server has no TLS of its own), browsers are told to
/// stay on https.
pub async fn strict_transport(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let https = is_https(req.request());
    let mut res = next.call(req).await?;
    if https {
        res.headers_mut().insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000; includeSubDomains"));
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

/// The built ui; any path that is not a file is a client-side route and gets index.html. While the ui
/// is not built (or is being rebuilt) a page gets [`ui_missing`]'s 503 instead of the file error.
pub fn ui_files(ui_dir: PathBuf) -> Files {
    // actix-files serves the current directory when its directory does not exist. So the directory is
    // made (empty) when its parent is there (ui/dist beside ui/), and a ui built into it later is served
    // without a restart; otherwise the files come from an empty directory and every page is the 503 page.
    if !ui_dir.is_dir() && ui_dir.parent().is_some_and(Path::is_dir) {
        if let Err(e) = std::fs::create_dir(&ui_dir) {
            tracing::warn!(ui_dir = %ui_dir.display(), error = %e, "the ui directory cannot be made");
        }
    }
    let root = if ui_dir.is_dir() { ui_dir.clone() } else { std::env::temp_dir().join("jobseeker-no-ui") };
    let _ = std::fs::create_dir_all(&root);
    let index = ui_dir.join("index.html");
    let mobile_entry = ui_dir.join(shell::MOBILE_ENTRY);
    Files::new("/", root).index_file("index.html").prefer_utf8(true).use_etag(true).default_handler(fn_service(move |req: ServiceRequest| {
        // The touch site's addresses get its own entry (m.html) when the ui has one.
        let index = if shell::is_mobile_path(req.path()) && mobile_entry.is_file() { mobile_entry.clone() } else { index.clone() };
        async move {
            let (req, _) = req.into_parts();
            // A missing asset, call or dev page is not a page of the ui.
            if ["/assets/", "/ajax/", "/dev/"].iter().any(|p| req.path().starts_with(p)) {
                return Ok(ServiceResponse::new(req, ApiError::NotFound.error_response()));
            }
            let res = match NamedFile::open_async(&index).await {
                Ok(file) => {
                    let mut res = file.into_response(&req);
                    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
                    res
                }
                Err(e) => {
                    tracing::warn!(index = %index.display(), error = %e, "no built ui: answering 503");
                    ui_missing(&req)
                }
            };
            Ok(ServiceResponse::new(req, res))
        }
    }))
}

/// The page a browser gets while the ui is not built: 503 with Retry-After, in both languages (the
/// reader's first, by Accept-Language), reloading itself every 10 seconds.
pub fn ui_missing(req: &actix_web::HttpRequest) -> actix_web::HttpResponse {
    const ZH: &str = r#"<section lang="zh-CN"><h1>网站正在更新</h1><p>页面文件暂时不可用（可能正在构建或部署）。请稍候，本页每 10 秒自动刷新。</p></section>"#;
    const EN: &str = r#"<section lang="en"><h2>The site is being updated</h2><p>The page files are not available right now (they may be being built or deployed). Please wait: this page reloads itself every 10 seconds.</p></section>"#;
    let english_first = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .is_some_and(|first| first.trim().to_ascii_lowercase().starts_with("en"));
    let (lang, title, body) = if english_first {
        ("en", "Temporarily unavailable · 暂时无法访问", format!("{}{}", EN.replace("<h2>", "<h1>").replace("</h2>", "</h1>"), ZH.replace("<h1>", "<h2>").replace("</h1>", "</h2>")))
    } else {
        ("zh-CN", "暂时无法访问 · Temporarily unavailable", format!("{ZH}{EN}"))
    };
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta http-equiv=\"refresh\" content=\"10\"><title>{title}</title><style>body{{margin:0;background:#f4f5f7;color:#1f2329;\
         font-family:-apple-system,'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;line-height:1.6}}main{{max-width:560px;\
         margin:12vh auto;padding:32px;background:#fff;border-radius:8px}}h1,h2{{font-size:20px;margin:0 0 8px}}section+section{{margin-top:24px;\
         padding-top:24px;border-top:1px solid #e8eaed}}p{{margin:0;color:#51565d}}</style></head><body><main>{body}</main></body></html>"
    );
    actix_web::HttpResponse::ServiceUnavailable()
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::RETRY_AFTER, "10"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(html)
}

/// The client's address for rate limits and the access log. The TCP peer, unless the peer is
/// one of TRUSTED_PROXIES: then the right-most address of X-Forwarded-For that is not a trusted
/// proxy (what the nearest untrusted hop claimed), else X-Real-IP. Headers from anyone else are
/// ignored, so a client cannot pick its own key.
pub fn client_ip(req: &actix_web::HttpRequest) -> String {
    let peer = req.peer_addr().map(|a| a.ip());
    resolve_client(peer, &trusted_proxies(req), req.headers()).map(|ip| ip.to_string()).unwrap_or_default()
}

fn trusted_proxies(req: &actix_web::HttpRequest) -> Vec<ipnet::IpNet> {
    req.app_data::<web::Data<AppState>>().map(|s| s.trusted_proxies.clone()).unwrap_or_default()
}

/// Whether the browser reached us over https. The server speaks plain http, so only a trusted
/// proxy can say so (X-Forwarded-Proto or Forwarded); anyone else's header is ignored, as for client_ip.
pub fn is_https(req: &actix_web::HttpRequest) -> bool {
    let from_trusted = req.peer_addr().is_some_and(|a| trusted_proxies(req).iter().any(|n| n.contains(&a.ip())));
    from_trusted && req.connection_info().scheme() == "https"
}

/// The host the public pages name in their links (canonical, og:url, JSON-LD, robots.txt, the
/// sitemaps) when SITE_URL is not set. The request's host is believed only when it is one of
/// ALLOWED_HOSTS or the address this server listens on, and a forwarded host (X-Forwarded-Host,
/// Forwarded) only from TRUSTED_PROXIES; otherwise the first of ALLOWED_HOSTS, else the listen
/// address. A forged Host header changes no link (host poisoning of caches and crawlers).
pub fn public_host(req: &actix_web::HttpRequest, allowed: &[String]) -> String {
    let from_trusted = req.peer_addr().is_some_and(|a| trusted_proxies(req).iter().any(|n| n.contains(&a.ip())));
    let claimed = if from_trusted {
        req.connection_info().host().to_string()
    } else {
        req.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default().to_string()
    };
    let own = req.app_config().local_addr().to_string();
    let allowed: Vec<&str> = allowed.iter().map(|h| h.trim()).filter(|h| !h.is_empty()).collect();
    if claimed.eq_ignore_ascii_case(&own) || allowed.iter().any(|h| h.eq_ignore_ascii_case(&claimed)) {
        return claimed;
    }
    allowed.first().map_or(own, |h| h.to_string())
}

/// The site's public origin for absolute links (pages, sitemaps, an invitation's link): SITE_URL,
/// else the scheme a trusted proxy gave and `public_host`.
pub fn public_origin(req: &actix_web::HttpRequest, state: &AppState) -> String {
    let configured = state.settings.site.site_url.trim().trim_end_matches('/');
    if !configured.is_empty() {
        return configured.to_string();
    }
    let scheme = if is_https(req) { "https" } else { "http" };
    format!("{scheme}://{}", public_host(req, &state.settings.allowed_hosts))
}

/// The headers a proxy adds to say whom it forwards for; any of them means the request came through one.
const FORWARDING_HEADERS: [&str; 5] = ["x-forwarded-for", "x-real-ip", "forwarded", "x-forwarded-host", "x-forwarded-proto"];

/// Whether the caller is on this machine and no proxy stands between: the TCP peer is loopback and
/// the request carries no forwarding header. A proxy on the same host (nginx in front of
/// 127.0.0.1) has a loopback peer too, and is told apart by the headers it must pass
/// (docs/ARCHITECTURE.md, Load balancer); whatever client_ip would resolve them to, they refuse.
pub fn direct_from_loopback(peer: Option<std::net::IpAddr>, headers: &header::HeaderMap) -> bool {
    peer.is_some_and(|p| p.is_loopback()) && FORWARDING_HEADERS.iter().all(|h| !headers.contains_key(*h))
}

fn resolve_client(peer: Option<std::net::IpAddr>, trusted: &[ipnet::IpNet], headers: &header::HeaderMap) -> Option<std::net::IpAddr> {
    let peer = peer?;
    let is_trusted = |ip: &std::net::IpAddr| trusted.iter().any(|n| n.contains(ip));
    if !is_trusted(&peer) {
        return Some(peer);
    }
    let forwarded: Vec<std::net::IpAddr> = headers
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    if let Some(ip) = forwarded.iter().rev().find(|ip| !is_trusted(ip)) {
        return Some(*ip);
    }
    headers
        .get("x-real-ip")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
        .or(Some(peer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        let trusted = crate::settings::parse_proxies(&["10.0.0.0/8".into(), "192.168.1.5".into()]).unwrap();
        let mut h = header::HeaderMap::new();
        h.insert(header::HeaderName::from_static("x-forwarded-for"), HeaderValue::from_static("6.6.6.6, 1.2.3.4, 10.0.0.7"));
        let ip = |s: &str| s.parse::<std::net::IpAddr>().unwrap();
        // From an untrusted peer the header is ignored.
        assert_eq!(resolve_client(Some(ip("8.8.8.8")), &trusted, &h), Some(ip("8.8.8.8")));
        // From a trusted proxy: the right-most untrusted hop, not the left-most (forgeable) one.
        assert_eq!(resolve_client(Some(ip("10.1.1.1")), &trusted, &h), Some(ip("1.2.3.4")));
        assert_eq!(resolve_client(Some(ip("192.168.1.5")), &trusted, &h), Some(ip("1.2.3.4")));
        let mut real = header::HeaderMap::new();
        real.insert(header::HeaderName::from_static("x-real-ip"), HeaderValue::from_static("5.5.5.5"));
        assert_eq!(resolve_client(Some(ip("10.1.1.1")), &trusted, &real), Some(ip("5.5.5.5")));
        assert_eq!(resolve_client(Some(ip("10.1.1.1")), &[], &h), Some(ip("10.1.1.1")), "no trusted proxies: the peer");
        assert!(crate::settings::parse_proxies(&["not-an-ip".into()]).is_err());
    }
}
