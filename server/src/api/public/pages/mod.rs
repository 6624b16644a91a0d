//! Server-rendered public pages: the home page, the first page of a search, every job and every
//! company page answer HTML that already holds their content, with a real title, description,
//! canonical and hreflang links, Open Graph tags and schema.org JSON-LD, for search engines and
//! share cards that run no JavaScript. The same read models as the /ajax calls
//! (domain/job_page.rs) fill them. The app then takes over on the same page
//! (ui/src/lib/ssr-handoff.ts). The mobile pages get only their head: canonical to the desktop twin.
//!
//! A closed job still answers 200, marked closed and `noindex`, for [`CLOSED_GRACE_DAYS`] after it
//! closed; later, or when a reviewer took it down, 410 with a page saying so. docs/seo.md.

use std::sync::OnceLock;

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::db::company::CompanyCard;
use crate::db::crawl::{self, Standing};
use crate::db::job_card::JobCard;
use crate::db::{self, company};
use crate::domain::job_page::{self, CompanyDetail, JobDetail};
use crate::error::{ApiError, ApiResult};
use crate::ids::{beijing_iso, now_ms, CompanyId, JobId};
use crate::search::taxonomy::{self, Label};
use crate::search::{JobQuery, Sort};
use crate::state::AppState;
use crate::web::shell::Shell;

use super::jobs::{parse_search, SearchForm, SEARCH_PAGE_SIZE};

/// How long a closed job's page still answers, marked closed, before it answers 410.
pub const CLOSED_GRACE_DAYS: i64 = 30;
/// How long a job counts as current for crawlers after it was posted or last changed
/// (JobPosting.validThrough); companies refresh their jobs to keep them current.
pub const VALID_DAYS: i64 = 60;
const DAY_MS: i64 = 86_400_000;
const HOME_NEWEST: usize = 20;
const COMPANY_JOBS: usize = 20;
const DESCRIPTION_CHARS: usize = 120;

/// The language of a page: `?lang=en-US` asks for English, anything else is Chinese.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en-US",
        }
    }

    /// The label of a stored (Chinese) value in this language, from the site's lists.
    fn label(self, value: &str) -> String {
        if self == Lang::Zh {
            return value.to_string();
        }
        let lists: [&[Label]; 8] = [
            taxonomy::INDUSTRIES,
            taxonomy::SALARIES,
            taxonomy::EXPERIENCE,
            taxonomy::EDUCATION,
            taxonomy::COMPANY_TYPES,
            taxonomy::COMPANY_SIZES,
            taxonomy::POSTED_WITHIN,
            taxonomy::BENEFITS,
        ];
        taxonomy::CITIES
            .iter()
            .map(|(l, _)| (l.value, l.en))
            .chain(taxonomy::categories().map(|c| (c.value, c.en)))
            .chain(lists.iter().flat_map(|l| l.iter().map(|l| (l.value, l.en))))
            .find(|(v, _)| *v == value)
            .map_or_else(|| value.to_string(), |(_, en)| en.to_string())
    }

    /// `path` in this language: English pages carry `lang=en-US`, so links stay in English.
    fn href(self, path: &str) -> String {
        match self {
            Lang::Zh => path.to_string(),
            Lang::En if path.contains('?') => format!("{path}&lang=en-US"),
            Lang::En => format!("{path}?lang=en-US"),
        }
    }
}

/// Where a page's links point: its language, and the mobile site's base on a mobile page.
#[derive(Debug, Clone, Copy)]
pub struct Link<'a> {
    pub lang: Lang,
    pub base: &'a str,
}

impl Link<'_> {
    fn to(self, path: &str) -> String {
        // The mobile home is the base itself (/m).
        let full = if !self.base.is_empty() && path == "/" { self.base.to_string() } else { format!("{}{path}", self.base) };
        self.lang.href(&full)
    }

    fn mobile(self) -> bool {
        !self.base.is_empty()
    }
}

/// The mobile site's base when `req` is one of its pages (only when the base is a path here).
fn mobile_base_of<'a>(req: &HttpRequest, state: &'a AppState) -> &'a str {
    let base = state.settings.site.mobile_base.trim_end_matches('/');
    if base.starts_with('/') && (req.path() == base || req.path().starts_with(&format!("{base}/"))) { base } else { "" }
}

#[derive(Debug, Default, Deserialize)]
pub struct LangQuery {
    pub lang: Option<String>,
}

fn lang_of(q: Option<&str>) -> Lang {
    if q == Some("en-US") { Lang::En } else { Lang::Zh }
}

/// The words of the page frame and its sections, in one language.
pub struct Words {
    pub site: &'static str,
    pub home: &'static str,
    pub search: &'static str,
    pub recruit: &'static str,
    pub login: &'static str,
    pub nav_label: &'static str,
    pub crumbs_label: &'static str,
    pub closed: &'static str,
    pub benefits: &'static str,
    pub skills: &'static str,
    pub description: &'static str,
    pub similar: &'static str,
    pub company_info: &'static str,
    pub industry: &'static str,
    pub size: &'static str,
    pub company_type: &'static str,
    pub address: &'static str,
    pub intro: &'static str,
    pub next_page: &'static str,
    pub hot_cities: &'static str,
    pub categories: &'static str,
    pub newest: &'static str,
    pub companies: &'static str,
    pub back_to_search: &'static str,
    /// The badge of a company a reviewer verified, and what it means (its title).
    pub verified: &'static str,
    pub verified_title: &'static str,
    pub home_href: String,
    pub search_href: String,
    pub login_href: String,
}

impl Words {
    fn of(link: Link) -> Words {
        let (home_href, search_href, login_href) = (link.to("/"), link.to("/search"), link.to("/login"));
        match link.lang {
            Lang::Zh => Words {
                site: "职达招聘", home: "首页", search: "职位搜索", recruit: "我要招聘", login: "登录/注册", nav_label: "主导航",
                crumbs_label: "当前位置", closed: "该职位已停止招聘", benefits: "福利待遇", skills: "技能要求", description: "职位描述",
                similar: "相似职位", company_info: "公司信息", industry: "行业", size: "规模", company_type: "性质", address: "公司地址",
                intro: "公司介绍", next_page: "下一页", hot_cities: "热门城市", categories: "热门职位", newest: "最新职位",
                companies: "名企招聘", back_to_search: "去搜索其他职位", verified: "认证",
                verified_title: "营业执照已通过平台审核", home_href, search_href, login_href,
            },
            Lang::En => Words {
                site: "Zhida Jobs", home: "Home", search: "Job search", recruit: "Post jobs", login: "Log in / Sign up", nav_label: "Main",
                crumbs_label: "You are here", closed: "This job is no longer open", benefits: "Benefits", skills: "Skills",
                description: "Job description", similar: "Similar jobs", company_info: "Company", industry: "Industry", size: "Size",
                company_type: "Type", address: "Address", intro: "About the company", next_page: "Next page", hot_cities: "Popular cities",
                categories: "Popular jobs", newest: "Newest jobs", companies: "Companies hiring", back_to_search: "Search other jobs",
                verified: "Verified", verified_title: "Business licence checked by the site", home_href, search_href, login_href,
            },
        }
    }
}

/// Monthly yuan, short, as the ui's compactYuan shows it: 35000 is 3.5万 in Chinese and 35K in English.
fn compact_yuan(yuan: i32, lang: Lang) -> String {
    let trim = |v: f64| {
        let s = format!("{:.2}", (v * 100.0).round() / 100.0);
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    let n = f64::from(yuan);
    match lang {
        Lang::Zh if yuan >= 10_000 => format!("{}万", trim(n / 10_000.0)),
        Lang::En if yuan >= 1_000_000 => format!("{}M", trim(n / 1_000_000.0)),
        Lang::En if yuan >= 1_000 => format!("{}K", trim(n / 1_000.0)),
        _ => yuan.to_string(),
    }
}

/// A monthly salary range as the ui's salaryText shows it (lib/format.ts and the `salary` strings).
pub fn salary_text(min: i32, max: i32, lang: Lang) -> String {
    let (lo, hi) = (min.max(0), max.max(0));
    let (zh, a, b) = (lang == Lang::Zh, compact_yuan(lo.min(hi), lang), compact_yuan(lo.max(hi), lang));
    match (lo > 0, hi > 0) {
        (false, false) => if zh { "薪资面议".into() } else { "Negotiable".into() },
        (true, true) if lo != hi => if zh { format!("{a}-{b}/月") } else { format!("¥{a}-{b}/month") },
        (true, true) => if zh { format!("{a}/月") } else { format!("¥{a}/month") },
        (true, false) => if zh { format!("{}以上/月", compact_yuan(lo, lang)) } else { format!("From ¥{}/month", compact_yuan(lo, lang)) },
        (false, true) => if zh { format!("{}以下/月", compact_yuan(hi, lang)) } else { format!("Up to ¥{}/month", compact_yuan(hi, lang)) },
    }
}

/// The site's origin for absolute links (web::public_origin).
pub fn origin(req: &HttpRequest, state: &AppState) -> String {
    crate::web::public_origin(req, state)
}

/// The first `n` characters of `text` on one line.
fn excerpt(text: &str, n: usize) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= n {
        return flat;
    }
    let cut: String = flat.chars().take(n).collect();
    format!("{cut}…")
}

fn paragraphs(text: &str) -> Vec<String> {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect()
}

/// JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the element.
fn ld_json(v: &Value) -> String {
    v.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

#[derive(Template)]
#[template(path = "pages/head.html")]
struct Head {
    title: String,
    description: String,
    noindex: bool,
    canonical: Option<String>,
    alternates: Vec<(&'static str, String)>,
    mobile: Option<String>,
    og_type: &'static str,
    og_locale: &'static str,
    site: &'static str,
    json_ld: Vec<String>,
}

/// A list entry linking to a job.
pub struct JobLink {
    pub href: String,
    pub title: String,
    pub salary: String,
    pub company: String,
    pub city: String,
    pub experience: String,
    pub education: String,
}

impl JobLink {
    fn of(card: &JobCard, link: Link) -> JobLink {
        let lang = link.lang;
        JobLink {
            href: link.to(&format!("/job/{}", card.id.0)),
            title: card.title.clone(),
            salary: salary_text(card.salary_min, card.salary_max, lang),
            company: card.company_name.clone(),
            city: lang.label(&card.city),
            experience: lang.label(&card.experience),
            education: lang.label(&card.education),
        }
    }
}

#[derive(Template)]
#[template(path = "pages/job.html")]
struct JobBody<'a> {
    page_kind: &'static str,
    w: &'a Words,
    recruiter_url: &'a str,
    title: &'a str,
    closed: bool,
    salary: String,
    city: String,
    city_href: String,
    category: String,
    category_href: String,
    experience: String,
    education: String,
    posted: String,
    benefits: Vec<String>,
    skills: &'a [String],
    /// As written (line breaks kept by the page's white-space), one block as the app shows it.
    description: &'a str,
    similar: Vec<JobLink>,
    company_href: String,
    company_name: &'a str,
    company_verified: bool,
    company_industry: String,
    company_size: String,
    company_type: String,
    company_address: &'a str,
}

#[derive(Template)]
#[template(path = "pages/company.html")]
struct CompanyBody<'a> {
    page_kind: &'static str,
    w: &'a Words,
    recruiter_url: &'a str,
    name: &'a str,
    verified: bool,
    industry: String,
    size: String,
    company_type: String,
    city: String,
    address: &'a str,
    intro: Vec<String>,
    jobs_heading: String,
    jobs: Vec<JobLink>,
}

#[derive(Template)]
#[template(path = "pages/search.html")]
struct SearchBody<'a> {
    page_kind: &'static str,
    w: &'a Words,
    recruiter_url: &'a str,
    heading: String,
    summary: String,
    jobs: Vec<JobLink>,
    next_href: Option<String>,
}

#[derive(Template)]
#[template(path = "pages/home.html")]
struct HomeBody<'a> {
    page_kind: &'static str,
    w: &'a Words,
    recruiter_url: &'a str,
    heading: &'static str,
    cities: Vec<(String, String)>,
    categories: Vec<(String, String)>,
    jobs: Vec<JobLink>,
    companies: Vec<(String, String)>,
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
struct Page {
    status: StatusCode,
    lang: Lang,
    head: Head,
    body: String,
}

/// Head fields every page shares, for the desktop page at `path`: hreflang for both languages and
/// the mobile twin. A mobile page instead names its desktop twin as canonical, as Baidu's mobile
/// adaptation expects, and nothing else.
fn head(req: &HttpRequest, state: &AppState, link: Link, path: &str) -> Head {
    let (lang, origin) = (link.lang, origin(req, state));
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
fn phone_redirect(req: &HttpRequest, state: &AppState) -> Option<HttpResponse> {
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

fn answer(state: &AppState, req: &HttpRequest, page: Page) -> ApiResult<HttpResponse> {
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

fn missing_page(req: &HttpRequest, state: &AppState, link: Link, status: StatusCode) -> ApiResult<Page> {
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

/// The company's logo when it sent one, else the site's mark.
fn logo_url(company: &crate::domain::job_page::CompanyPage, origin: &str) -> String {
    match &company.pictures.logo {
        Some(p) => format!("{origin}{}", p.url),
        None => format!("{origin}/favicon.svg"),
    }
}

/// schema.org JobPosting, with what Google for Jobs requires and recommends.
pub fn job_posting_ld(d: &JobDetail, origin: &str, valid_through: i64) -> Value {
    let j = &d.job;
    let c = &d.company.info;
    let employment = if j.title.contains("实习") {
        "INTERN"
    } else if j.title.contains("兼职") {
        "PART_TIME"
    } else {
        "FULL_TIME"
    };
    let mut salary = json!({ "@type": "QuantitativeValue", "unitText": "MONTH" });
    match (j.salary_min > 0, j.salary_max > 0) {
        (true, true) => {
            salary["minValue"] = json!(j.salary_min.min(j.salary_max));
            salary["maxValue"] = json!(j.salary_min.max(j.salary_max));
        }
        (true, false) => salary["value"] = json!(j.salary_min),
        (false, true) => salary["value"] = json!(j.salary_max),
        (false, false) => {}
    }
    let mut posting = json!({
        "@context": "https://schema.org",
        "@type": "JobPosting",
        "title": j.title,
        "description": html_escape::encode_text(&d.description).replace('\n', "<br>"),
        "identifier": { "@type": "PropertyValue", "name": c.name, "value": j.id.0.to_string() },
        "datePosted": beijing_iso(j.posted_at),
        "validThrough": beijing_iso(valid_through),
        "employmentType": employment,
        "hiringOrganization": {
            "@type": "Organization",
            "name": c.name,
            "sameAs": format!("{origin}/company/{}", c.id.0),
            "logo": logo_url(&d.company, origin),
        },
        "jobLocation": {
            "@type": "Place",
            "address": {
                "@type": "PostalAddress",
                "addressLocality": j.city,
                "addressRegion": taxonomy::province_of(&j.city).unwrap_or(&j.city),
                "addressCountry": "CN",
            }
        },
        "educationRequirements": j.education,
        "experienceRequirements": j.experience,
        "industry": j.industry,
        "occupationalCategory": j.category,
        "directApply": true,
        "url": format!("{origin}/job/{}", j.id.0),
    });
    if j.salary_min > 0 || j.salary_max > 0 {
        posting["baseSalary"] = json!({ "@type": "MonetaryAmount", "currency": "CNY", "value": salary });
    }
    if !c.address.is_empty() {
        posting["jobLocation"]["address"]["streetAddress"] = json!(c.address);
    }
    if !j.keywords.is_empty() {
        posting["skills"] = json!(j.keywords.join(", "));
    }
    if !j.tags.is_empty() {
        posting["jobBenefits"] = json!(j.tags.join(", "));
    }
    posting
}

/// schema.org Organization for a company page.
pub fn organization_ld(d: &CompanyDetail, origin: &str) -> Value {
    let c = &d.company.info;
    let mut org = json!({
        "@context": "https://schema.org",
        "@type": "Organization",
        "name": c.name,
        "url": format!("{origin}/company/{}", c.id.0),
        "logo": logo_url(&d.company, origin),
        "address": {
            "@type": "PostalAddress",
            "addressLocality": c.city,
            "addressRegion": taxonomy::province_of(&c.city).unwrap_or(&c.city),
            "addressCountry": "CN",
        },
    });
    if !c.short_name.is_empty() {
        org["alternateName"] = json!(c.short_name);
    }
    if !c.intro.is_empty() {
        org["description"] = json!(excerpt(&c.intro, 300));
    }
    if !c.address.is_empty() {
        org["address"]["streetAddress"] = json!(c.address);
    }
    org
}

fn search_href(link: Link, pairs: &[(&str, &str)]) -> String {
    let query = serde_urlencoded::to_string(pairs).unwrap_or_default().replace('+', "%20");
    link.to(&if query.is_empty() { "/search".to_string() } else { format!("/search?{query}") })
}

/// GET /job/{id} (and /m/job/{id})
pub async fn job(req: HttpRequest, state: web::Data<AppState>, path: web::Path<String>, q: web::Query<LangQuery>) -> ApiResult<HttpResponse> {
    if let Some(to_phone) = phone_redirect(&req, &state) {
        return Ok(to_phone);
    }
    let lang = lang_of(q.lang.as_deref());
    let link = Link { lang, base: mobile_base_of(&req, &state) };
    let Some(id) = path.parse::<i64>().ok().filter(|id| *id > 0).map(JobId) else {
        return answer(&state, &req, missing_page(&req, &state, link, StatusCode::NOT_FOUND)?);
    };
    let state2 = state.clone();
    let found = db::run(&state.pool, move |c| {
        let standing = crawl::standing(c, id)?;
        let detail = match standing {
            s if s.shows_page() => Some(job_page::job_detail(c, &state2.search, id, None)?),
            _ => None,
        };
        Ok((standing, detail))
    })
    .await?;
    let now = now_ms();
    let detail = match found {
        (Standing::Closed { since }, _) if now - since > CLOSED_GRACE_DAYS * DAY_MS => None,
        (Standing::TakenDown, _) => None,
        (_, Some(d)) => Some(d),
        (Standing::Missing, _) | (_, None) => return answer(&state, &req, missing_page(&req, &state, link, StatusCode::NOT_FOUND)?),
    };
    let Some(d) = detail else {
        return answer(&state, &req, missing_page(&req, &state, link, StatusCode::GONE)?);
    };
    let w = Words::of(link);
    let j = &d.job;
    let c = &d.company.info;
    let salary = salary_text(j.salary_min, j.salary_max, lang);
    let (city, category) = (lang.label(&j.city), lang.label(&j.category));
    let body = JobBody {
        page_kind: "job",
        w: &w,
        recruiter_url: &state.settings.site.recruiter_url,
        title: &j.title,
        closed: j.closed,
        salary: salary.clone(),
        city_href: search_href(link, &[("city", &j.city)]),
        category_href: search_href(link, &[("city", &j.city), ("category", &j.category)]),
        city: city.clone(),
        category,
        experience: lang.label(&j.experience),
        education: lang.label(&j.education),
        posted: crate::ids::beijing_time(j.posted_at).chars().take(10).collect(),
        benefits: j.tags.iter().map(|t| lang.label(t)).collect(),
        skills: &j.keywords,
        description: d.description.trim(),
        similar: d.similar.iter().map(|s| JobLink::of(s, link)).collect(),
        company_href: link.to(&format!("/company/{}", c.id.0)),
        company_name: &c.name,
        company_verified: d.company.verified,
        company_industry: lang.label(&c.industry),
        company_size: lang.label(&c.company_size),
        company_type: lang.label(&c.company_type),
        company_address: &c.address,
    }
    .render()
    .map_err(ApiError::internal)?;
    let path = format!("/job/{}", j.id.0);
    let mut head = head(&req, &state, link, &path);
    let company_name = if c.short_name.is_empty() { &c.name } else { &c.short_name };
    head.title = format!("{} - {} - {}", j.title, company_name, w.site);
    head.description = match lang {
        Lang::Zh => format!("{}招聘{}，{}，工作地点{}，{}，{}。{}", c.name, j.title, salary, city, j.experience, j.education, excerpt(&d.description, DESCRIPTION_CHARS)),
        Lang::En => format!("{} is hiring: {}, {}, in {}. {}", c.name, j.title, salary, city, excerpt(&d.description, DESCRIPTION_CHARS)),
    };
    head.og_type = "article";
    if j.closed {
        head.noindex = true;
    } else {
        let origin = origin(&req, &state);
        let valid_through = j.posted_at.max(now - DAY_MS) + VALID_DAYS * DAY_MS;
        head.json_ld.push(ld_json(&job_posting_ld(&d, &origin, valid_through)));
    }
    answer(&state, &req, Page { status: StatusCode::OK, lang, head, body })
}

/// GET /company/{id} (and /m/company/{id})
pub async fn company(req: HttpRequest, state: web::Data<AppState>, path: web::Path<String>, q: web::Query<LangQuery>) -> ApiResult<HttpResponse> {
    if let Some(to_phone) = phone_redirect(&req, &state) {
        return Ok(to_phone);
    }
    let lang = lang_of(q.lang.as_deref());
    let link = Link { lang, base: mobile_base_of(&req, &state) };
    let Some(id) = path.parse::<i64>().ok().filter(|id| *id > 0).map(CompanyId) else {
        return answer(&state, &req, missing_page(&req, &state, link, StatusCode::NOT_FOUND)?);
    };
    let state2 = state.clone();
    let found = db::run(&state.pool, move |c| match job_page::company_detail(c, &state2.search, id, 0, COMPANY_JOBS, None) {
        Ok(d) => Ok(Some(d)),
        Err(ApiError::NotFound) => Ok(None),
        Err(e) => Err(e),
    })
    .await?;
    let Some(d) = found else {
        return answer(&state, &req, missing_page(&req, &state, link, StatusCode::NOT_FOUND)?);
    };
    let w = Words::of(link);
    let c = &d.company.info;
    let jobs_heading = match lang {
        Lang::Zh => format!("在招职位（{}）", d.jobs.total),
        Lang::En => format!("Open jobs ({})", d.jobs.total),
    };
    let body = CompanyBody {
        page_kind: "company",
        w: &w,
        recruiter_url: &state.settings.site.recruiter_url,
        name: &c.name,
        verified: d.company.verified,
        industry: lang.label(&c.industry),
        size: lang.label(&c.company_size),
        company_type: lang.label(&c.company_type),
        city: lang.label(&c.city),
        address: &c.address,
        intro: paragraphs(&c.intro),
        jobs_heading,
        jobs: d.jobs.list.iter().map(|j| JobLink::of(j, link)).collect(),
    }
    .render()
    .map_err(ApiError::internal)?;
    let path = format!("/company/{}", c.id.0);
    let mut head = head(&req, &state, link, &path);
    head.title = format!("{} - {} - {}", c.name, if lang == Lang::Zh { "公司招聘" } else { "Jobs" }, w.site);
    head.description = match lang {
        Lang::Zh => format!("{}，{}，{}，{}，在招职位{}个。{}", c.name, c.industry, c.company_size, c.city, d.jobs.total, excerpt(&c.intro, DESCRIPTION_CHARS)),
        Lang::En => format!("{}: {} open jobs in {}. {}", c.name, d.jobs.total, lang.label(&c.city), excerpt(&c.intro, DESCRIPTION_CHARS)),
    };
    head.json_ld.push(ld_json(&organization_ld(&d, &origin(&req, &state))));
    answer(&state, &req, Page { status: StatusCode::OK, lang, head, body })
}

/// What the search page's address adds to the /ajax/job/search form's fields (which it shares):
/// the keyword under the ui's name `q`, and the language.
#[derive(Debug, Default, Deserialize)]
pub struct SearchPageQuery {
    #[serde(default)]
    pub q: String,
    pub lang: Option<String>,
}

/// GET /search: the query's first page (any page the address names) as links.
pub async fn search(req: HttpRequest, state: web::Data<AppState>, page_query: web::Query<SearchPageQuery>, form: web::Query<SearchForm>) -> ApiResult<HttpResponse> {
    if let Some(to_phone) = phone_redirect(&req, &state) {
        return Ok(to_phone);
    }
    let SearchPageQuery { q: keyword, lang } = page_query.into_inner();
    let lang = lang_of(lang.as_deref());
    let link = Link { lang, base: mobile_base_of(&req, &state) };
    // The address's `q` is the form's `kw`; the page size is the search page's own.
    let form = SearchForm { kw: keyword.clone(), pagesize: Some(SEARCH_PAGE_SIZE.to_string()), ..form.into_inner() };
    let w = Words::of(link);
    // A query the search refuses still gets its page: the app shows why.
    let query = parse_search(&form).ok();
    let results = match query {
        None => None,
        Some(query) => {
            let index = state.search.clone();
            let (query, hits) = web::block(move || index.search(&query).map(|h| (query, h))).await?.map_err(ApiError::internal)?;
            Some(db::run(&state.pool, move |c| job_page::search_cards(c, &query, hits, None)).await?)
        }
    };
    let present = |v: &Option<String>| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(String::from);
    let mut pairs: Vec<(&str, String)> = Vec::new();
    if !keyword.trim().is_empty() {
        pairs.push(("q", keyword.trim().to_string()));
    }
    let f = &form;
    for (k, v) in [("city", &f.city), ("category", &f.category), ("industry", &f.industry), ("salary", &f.salary), ("experience", &f.experience), ("education", &f.education), ("comType", &f.com_type), ("comSize", &f.com_size), ("posted", &f.posted), ("sort", &f.sort)] {
        if let Some(v) = present(v) {
            pairs.push((k, v));
        }
    }
    let refs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let what: Vec<String> = [present(&form.city).map(|c| lang.label(&c)), present(&form.category).map(|c| lang.label(&c)), Some(keyword.trim().to_string()).filter(|s| !s.is_empty())]
        .into_iter()
        .flatten()
        .collect();
    let heading = match (lang, what.is_empty()) {
        (Lang::Zh, true) => "全部职位".to_string(),
        (Lang::Zh, false) => format!("{}招聘", what.join("")),
        (Lang::En, true) => "All jobs".to_string(),
        (Lang::En, false) => format!("{} jobs", what.join(" ")),
    };
    let (jobs, total, page) = match &results {
        Some(r) => (r.jobs.list.iter().map(|j| JobLink::of(j, link)).collect(), r.jobs.total, r.jobs.page),
        None => (Vec::new(), 0, 1),
    };
    let summary = match lang {
        Lang::Zh => format!("共找到 {total} 个职位"),
        Lang::En => format!("{total} jobs found"),
    };
    let next_href = (page * SEARCH_PAGE_SIZE < total.min(crate::search::MAX_WINDOW)).then(|| {
        let next = (page + 1).to_string();
        let mut with_page = refs.clone();
        with_page.push(("page", &next));
        search_href(link, &with_page)
    });
    let body = SearchBody { page_kind: "search", w: &w, recruiter_url: &state.settings.site.recruiter_url, heading: heading.clone(), summary: summary.clone(), jobs, next_href }
        .render()
        .map_err(ApiError::internal)?;
    let path = search_href(Link { lang: Lang::Zh, base: "" }, &refs);
    let mut head = head(&req, &state, link, &path);
    head.title = format!("{heading} - {}", w.site);
    head.description = match lang {
        Lang::Zh => format!("{heading}：{summary}，薪资、公司与要求一目了然，在{}找到适合你的工作。", w.site),
        Lang::En => format!("{heading}: {summary}, with salary, company and requirements at a glance on {}.", w.site),
    };
    // Keyword searches and later pages are not landing pages: crawlers follow their links only.
    head.noindex = !keyword.trim().is_empty() || page > 1 || results.is_none();
    answer(&state, &req, Page { status: StatusCode::OK, lang, head, body })
}

/// GET /: what a visitor's home page shows first.
pub async fn home(req: HttpRequest, state: web::Data<AppState>, q: web::Query<LangQuery>) -> ApiResult<HttpResponse> {
    if let Some(to_phone) = phone_redirect(&req, &state) {
        return Ok(to_phone);
    }
    let lang = lang_of(q.lang.as_deref());
    let link = Link { lang, base: mobile_base_of(&req, &state) };
    let state2 = state.clone();
    let (newest, companies): (Vec<JobCard>, Vec<CompanyCard>) = db::run(&state.pool, move |c| {
        let hits = state2.search.search(&JobQuery { sort: Sort::Newest, limit: HOME_NEWEST, ..JobQuery::default() }).map_err(ApiError::internal)?;
        Ok((crate::db::job_card::cards(c, &job_page::job_ids(&hits.ids), None)?, company::well_known(c)?))
    })
    .await?;
    let w = Words::of(link);
    let body = HomeBody {
        page_kind: "home",
        w: &w,
        recruiter_url: &state.settings.site.recruiter_url,
        heading: if lang == Lang::Zh { "职达招聘 · 找工作，上职达" } else { "Zhida Jobs: find your next job" },
        cities: taxonomy::CITIES.iter().take(12).map(|(l, _)| (lang.label(l.value), search_href(link, &[("city", l.value)]))).collect(),
        categories: taxonomy::categories().take(24).map(|c| (lang.label(c.value), search_href(link, &[("category", c.value)]))).collect(),
        jobs: newest.iter().map(|j| JobLink::of(j, link)).collect(),
        companies: companies.iter().map(|c| (c.name.clone(), link.to(&format!("/company/{}", c.id)))).collect(),
    }
    .render()
    .map_err(ApiError::internal)?;
    let mut head = head(&req, &state, link, "/");
    // The mobile home names no canonical: one to the site's root from another page reads as a
    // mistake to crawlers (Lighthouse's check); the desktop home's alternate link pairs the two.
    if link.mobile() {
        head.canonical = None;
    }
    head.title = match lang {
        Lang::Zh => "职达招聘 - 找工作、招聘求职首选平台".to_string(),
        Lang::En => "Zhida Jobs - find jobs across China".to_string(),
    };
    head.description = match lang {
        Lang::Zh => "职达招聘提供北京、上海、深圳、杭州等城市的最新职位与名企招聘信息，按城市、职位类别、薪资筛选，在线投递简历。".to_string(),
        Lang::En => "Zhida Jobs lists the newest openings in Beijing, Shanghai, Shenzhen, Hangzhou and more: filter by city, category and salary, and apply online.".to_string(),
    };
    let origin = origin(&req, &state);
    head.json_ld.push(ld_json(&json!({
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": w.site,
        "url": format!("{origin}/"),
        "potentialAction": {
            "@type": "SearchAction",
            "target": { "@type": "EntryPoint", "urlTemplate": format!("{origin}/search?q={{search_term_string}}") },
            "query-input": "required name=search_term_string",
        },
    })));
    answer(&state, &req, Page { status: StatusCode::OK, lang, head, body })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn salaries_read_as_the_ui_shows_them() {
        assert_eq!(salary_text(30000, 50000, Lang::Zh), "3万-5万/月");
        assert_eq!(salary_text(19500, 30000, Lang::Zh), "1.95万-3万/月");
        assert_eq!(salary_text(8000, 0, Lang::Zh), "8000以上/月");
        assert_eq!(salary_text(0, 0, Lang::Zh), "薪资面议");
        assert_eq!(salary_text(30000, 50000, Lang::En), "¥30K-50K/month");
        assert_eq!(salary_text(12000, 12000, Lang::En), "¥12K/month");
        assert_eq!(salary_text(0, 9000, Lang::En), "Up to ¥9K/month");
    }

    #[test]
    fn structured_data_cannot_close_its_script_element() {
        let s = ld_json(&json!({ "description": "</script><script>alert(1)</script> & more" }));
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('&'), "{s}");
        let back: Value = serde_json::from_str(&s).unwrap();
        assert_eq!(back["description"], "</script><script>alert(1)</script> & more");
    }

    #[test]
    fn english_links_keep_the_language() {
        assert_eq!(Lang::En.href("/job/3"), "/job/3?lang=en-US");
        assert_eq!(Lang::En.href("/search?city=%E5%8C%97%E4%BA%AC"), "/search?city=%E5%8C%97%E4%BA%AC&lang=en-US");
        assert_eq!(Lang::Zh.href("/job/3"), "/job/3");
        assert_eq!(Lang::En.label("北京"), "Beijing");
        assert_eq!(Lang::En.label("无此值"), "无此值");
    }
}
