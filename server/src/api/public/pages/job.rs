//! GET /job/{id} (and /m/job/{id}).

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use crate::db::crawl::{self, Standing};
use crate::db;
use crate::domain::job_page;
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, JobId};
use crate::state::AppState;
use crate::web::public_origin;

use super::frame::{answer, head, missing_page, phone_redirect, Page};
use super::job_link::JobLink;
use super::json_ld::{job_posting_ld, ld_json};
use super::lang::{Lang, LangQuery, Link};
use super::salary::salary_text;
use super::text::{excerpt, DESCRIPTION_CHARS};
use super::words::Words;

/// How long a closed job's page still answers, marked closed, before it answers 410.
pub const CLOSED_GRACE_DAYS: i64 = 30;
/// How long a job counts as current for crawlers after it was posted or last changed
/// (JobPosting.validThrough); companies refresh their jobs to keep them current.
pub const VALID_DAYS: i64 = 60;
const DAY_MS: i64 = 86_400_000;

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

/// GET /job/{id} (and /m/job/{id})
pub async fn page(req: HttpRequest, state: web::Data<AppState>, path: web::Path<String>, q: web::Query<LangQuery>) -> ApiResult<HttpResponse> {
    if let Some(to_phone) = phone_redirect(&req, &state) {
        return Ok(to_phone);
    }
    let lang = Lang::of(q.lang.as_deref());
    let link = Link::of(&req, &state, lang);
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
        city_href: link.search(&[("city", &j.city)]),
        category_href: link.search(&[("city", &j.city), ("category", &j.category)]),
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
        let origin = public_origin(&req, &state);
        let valid_through = j.posted_at.max(now - DAY_MS) + VALID_DAYS * DAY_MS;
        head.json_ld.push(ld_json(&job_posting_ld(&d, &origin, valid_through)));
    }
    answer(&state, &req, Page { status: StatusCode::OK, lang, head, body })
}
