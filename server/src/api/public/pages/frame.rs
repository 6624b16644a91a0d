//! What every page shares: its head, the frame around its body (the built index.html), the phone's
//! redirect to the mobile twin, and the page for a missing or removed job or company.

use std::sync::OnceLock;

use actix_web::http::{header, StatusCode};
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::web::public_origin;
use crate::web::shell::Shell;

use super::lang::{mobile_base_of, Lang, Link};
use super::words::Words;

#[derive(Template)]
#[template(path = "pages/head.html")]
pub struct Head {
    pub title: String,
    pub description: String,
    pub noindex: bool,
    pub canonical: Option<String>,
    pub alternates: Vec<(&'static str, String)>,
    pub mobile: Option<String>,
    pub og_type: &'static str,
    pub og_locale: &'static str,
    pub site: &'static str,
    pub json_ld: Vec<String>,
}

#[derive(Template)]
#[template(path = "pages/missing.html")]
struct MissingBody<'a> {
    page_kind: &'static str,
    w: &'a Words,
    recruiter_url: &'a str,
    heading: &'static str,
    text: &'static str,
}

/// The frame of a page: the touch site's entry for its pages under /m, else the desktop's.
fn shell(state: &AppState, path: &str) -> &'static Shell {
    static SHELL: OnceLock<Shell> = OnceLock::new();
    static MOBILE: OnceLock<Shell> = OnceLock::new();
    if crate::web::shell::is_mobile_path(path) {
        MOBILE.get_or_init(|| Shell::mobile(state.settings.ui_dir.clone()))
    } else {
        SHELL.get_or_init(|| Shell::new(state.settings.ui_dir.clone()))
    }
}

/// What one page is made of, before the frame.
pub struct Page {
    pub status: StatusCode,
    pub lang: Lang,
    pub head: Head,
    pub body: String,
}

/// Head fields every page shares, for the desktop page at `path`: hreflang for both languages and
/// the mobile twin. A mobile page instead names its desktop twin as canonical, as Baidu's mobile
/// adaptation expects, and nothing else.
pub fn head(req: &HttpRequest, state: &AppState, link: Link, path: &str) -> Head {
    let (lang, origin) = (link.lang, public_origin(req, state));
    let zh = format!("{origin}{path}");
    let en = format!("{origin}{}", Lang::En.href(path));
    let mobile_base = state.settings.site.mobile_base.trim_end_matches('/');
    let twin = Link { lang, base: mobile_base }.to(path);
    let mobile = (!link.mobile() && !mobile_base.is_empty()).then(|| if mobile_base.starts_with("http") { twin } else { format!("{origin}{twin}") });
    Head {
        title: String::new(),
        description: String::new(),
        noindex: false,
        canonical: Some(if lang == Lang::En { en.clone() } else { zh.clone() }),
        alternates: if link.mobile() { Vec::new() } else { vec![("zh-CN", zh.clone()), ("en-US", en), ("x-default", zh)] },
        mobile,
        og_type: "website",
        og_locale: if lang == Lang::En { "en_US" } else { "zh_CN" },
        site: Words::of(link).site,
        json_ld: Vec::new(),
    }
}

/// A phone opening a desktop page goes to its mobile twin at once (the same rule as the ui's, from
/// core-wasm), unless it chose "电脑版": no desktop page to load first and leave.
pub fn phone_redirect(req: &HttpRequest, state: &AppState) -> Option<HttpResponse> {
    if !mobile_base_of(req, state).is_empty() {
        return None;
    }
    let header_str = |name: header::HeaderName| req.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("");
    let path = match req.query_string() {
        "" => req.path().to_string(),
        q => format!("{}?{q}", req.path()),
    };
    let target = core_wasm::mobile_site::mobile_redirect(&path, &state.settings.site.mobile_base, header_str(header::USER_AGENT), false, header_str(header::COOKIE))?;
    Some(HttpResponse::Found().insert_header((header::LOCATION, target)).insert_header((header::VARY, CHOSEN_BY)).finish())
}

/// What `phone_redirect` decides by: the browser, and the "电脑版" cookie.
const CHOSEN_BY: &str = "User-Agent, Cookie";

/// Whether the answer at this address was chosen by `phone_redirect`: a desktop page while there is a mobile
/// site to send phones to. Its 200 (or 404, 410) is what a desktop or a "电脑版" phone gets, so it carries the
/// same `Vary` as the redirect: a shared cache must not hand it to a phone.
fn chosen_by_agent(req: &HttpRequest, state: &AppState) -> bool {
    let base = &state.settings.site.mobile_base;
    let site = !base.trim_end_matches('/').is_empty() || base.starts_with('/');
    site && mobile_base_of(req, state).is_empty()
}

/// The page in its frame, as HTML.
pub fn answer(state: &AppState, req: &HttpRequest, page: Page) -> ApiResult<HttpResponse> {
    let head = page.head.render().map_err(ApiError::internal)?;
    match shell(state, req.path()).page(page.lang.tag(), &head, &page.body) {
        Some(html) => {
            let mut res = HttpResponse::build(page.status);
            res.insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"));
            if chosen_by_agent(req, state) {
                res.insert_header((header::VARY, CHOSEN_BY));
            }
            Ok(res.body(html))
        }
        None => Ok(crate::web::ui_missing(req)),
    }
}

/// The page of a job or company that is not there (404) or no longer (410).
pub fn missing_page(req: &HttpRequest, state: &AppState, link: Link, status: StatusCode) -> ApiResult<Page> {
    let (lang, w) = (link.lang, Words::of(link));
    let (heading, text) = match (status == StatusCode::GONE, lang) {
        (true, Lang::Zh) => ("该职位已下线", "招聘方已结束招聘或职位已被移除，看看其他机会吧。"),
        (true, Lang::En) => ("This job has been removed", "The employer stopped hiring for it, or it was taken down. Have a look at other openings."),
        (false, Lang::Zh) => ("页面不存在", "抱歉，您访问的职位或公司不存在。"),
        (false, Lang::En) => ("Page not found", "Sorry, the job or company you are looking for does not exist."),
    };
    let body = MissingBody { page_kind: "missing", w: &w, recruiter_url: &state.settings.site.recruiter_url, heading, text }
        .render()
        .map_err(ApiError::internal)?;
    let mut head = head(req, state, link, "/");
    head.title = format!("{heading} - {}", w.site);
    head.mobile = None;
    head.description = text.to_string();
    head.noindex = true;
    head.canonical = None;
    head.alternates.clear();
    Ok(Page { status, lang, head, body })
}
