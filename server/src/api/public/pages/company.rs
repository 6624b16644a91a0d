//! GET /company/{id} (and /m/company/{id}).

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use crate::db;
use crate::domain::job_page;
use crate::error::{ApiError, ApiResult};
use crate::ids::CompanyId;
use crate::state::AppState;
use crate::web::public_origin;

use super::frame::{answer, head, missing_page, phone_redirect, Page};
use super::job_link::JobLink;
use super::json_ld::{ld_json, organization_ld};
use super::lang::{Lang, LangQuery, Link};
use super::text::{excerpt, paragraphs, DESCRIPTION_CHARS};
use super::words::Words;

/// How many of its open jobs a company's page lists.
const COMPANY_JOBS: usize = 20;

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

/// GET /company/{id} (and /m/company/{id})
pub async fn page(req: HttpRequest, state: web::Data<AppState>, path: web::Path<String>, q: web::Query<LangQuery>) -> ApiResult<HttpResponse> {
    if let Some(to_phone) = phone_redirect(&req, &state) {
        return Ok(to_phone);
    }
    let lang = Lang::of(q.lang.as_deref());
    let link = Link::of(&req, &state, lang);
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
    head.json_ld.push(ld_json(&organization_ld(&d, &public_origin(&req, &state))));
    answer(&state, &req, Page { status: StatusCode::OK, lang, head, body })
}
