//! GET /search (and /m/search): the query's first page (any page the address names) as links.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::db;
use crate::domain::job_page;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

use crate::api::public::jobs::{parse_search, SearchForm, SEARCH_PAGE_SIZE};
use super::frame::{answer, head, phone_redirect, Page};
use super::job_link::JobLink;
use super::lang::{Lang, Link};
use super::words::Words;

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

/// What the search page's address adds to the /ajax/job/search form's fields (which it shares):
/// the keyword under the ui's name `q`, and the language.
#[derive(Debug, Default, Deserialize)]
pub struct SearchPageQuery {
    #[serde(default)]
    pub q: String,
    pub lang: Option<String>,
}

/// GET /search: the query's first page (any page the address names) as links.
pub async fn page(req: HttpRequest, state: web::Data<AppState>, page_query: web::Query<SearchPageQuery>, form: web::Query<SearchForm>) -> ApiResult<HttpResponse> {
    if let Some(to_phone) = phone_redirect(&req, &state) {
        return Ok(to_phone);
    }
    let SearchPageQuery { q: keyword, lang } = page_query.into_inner();
    let lang = Lang::of(lang.as_deref());
    let link = Link::of(&req, &state, lang);
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
        link.search(&with_page)
    });
    let body = SearchBody { page_kind: "search", w: &w, recruiter_url: &state.settings.site.recruiter_url, heading: heading.clone(), summary: summary.clone(), jobs, next_href }
        .render()
        .map_err(ApiError::internal)?;
    let path = Link { lang: Lang::Zh, base: "" }.search(&refs);
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
