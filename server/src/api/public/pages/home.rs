//! GET / (and the mobile home): what a visitor's home page shows first.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use crate::db::company::{self, CompanyCard};
use crate::db::job_card::JobCard;
use crate::db;
use crate::domain::job_page;
use crate::error::{ApiError, ApiResult};
use crate::search::taxonomy;
use crate::search::{JobQuery, Sort};
use crate::state::AppState;
use crate::web::public_origin;

use super::frame::{answer, head, phone_redirect, Page};
use super::job_link::JobLink;
use super::json_ld::{ld_json, website_ld};
use super::lang::{Lang, LangQuery, Link};
use super::words::Words;

/// How many of the newest jobs the home page lists.
const HOME_NEWEST: usize = 20;

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

/// GET /: what a visitor's home page shows first.
pub async fn page(req: HttpRequest, state: web::Data<AppState>, q: web::Query<LangQuery>) -> ApiResult<HttpResponse> {
    if let Some(to_phone) = phone_redirect(&req, &state) {
        return Ok(to_phone);
    }
    let lang = Lang::of(q.lang.as_deref());
    let link = Link::of(&req, &state, lang);
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
        cities: taxonomy::CITIES.iter().take(12).map(|(l, _)| (lang.label(l.value), link.search(&[("city", l.value)]))).collect(),
        categories: taxonomy::categories().take(24).map(|c| (lang.label(c.value), link.search(&[("category", c.value)]))).collect(),
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
    let origin = public_origin(&req, &state);
    head.json_ld.push(ld_json(&website_ld(w.site, &origin)));
    answer(&state, &req, Page { status: StatusCode::OK, lang, head, body })
}
