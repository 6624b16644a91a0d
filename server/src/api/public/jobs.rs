//! The public job site: /site/home, /job/filters, /job/search, /job/detail, /company/detail.
//! Visitors and candidates alike; a logged-in caller also learns which jobs they applied for
//! or saved. Applying and saving are the personal centre's calls (/pcjob/apply, /pcuser/saveJob).

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};

use crate::api::{answer, Answer};
use crate::db::company::{self, CompanyCard};
use crate::db::job_card::{cards, JobCard};
use crate::db::{self, application, user_tag};
use crate::domain::job_page::{self, job_ids, CompanyDetail, JobDetail, SearchResults};
use crate::search::taxonomy::CategoryGroup;
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, parse_id, CompanyId, JobId, UserId};
use crate::search::taxonomy::{self, Label};
use crate::search::{Filter, JobQuery, Sort, MAX_WINDOW};
use crate::state::AppState;
use crate::web::extract::MaybeLoggedIn;
use crate::web::form::Form;

pub const SEARCH_PAGE_SIZE: usize = 20;
pub const MAX_KEYWORD_CHARS: usize = 50;
const HOME_NEWEST: usize = 12;
const HOME_RECOMMENDED: usize = 8;
/// Jobs applied for that the home page's recommendations leave out: the newest this many.
const HOME_APPLIED_EXCLUDED: i64 = 200;

fn viewer(who: &MaybeLoggedIn) -> Option<UserId> {
    who.0.as_ref().map(|s| s.user.user_id())
}

fn labels(list: &[Label]) -> Vec<Label> {
    list.to_vec()
}

/// The filter values of a search, with English labels.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchFilters {
    pub cities: Vec<Label>,
    pub categories: &'static [CategoryGroup],
    pub industries: Vec<Label>,
    pub salaries: Vec<Label>,
    pub experience: Vec<Label>,
    pub education: Vec<Label>,
    pub company_types: Vec<Label>,
    pub company_sizes: Vec<Label>,
    pub posted: Vec<Label>,
    pub benefits: Vec<Label>,
}

pub async fn filters() -> Answer<SearchFilters> {
    answer(SearchFilters {
        cities: taxonomy::CITIES.iter().map(|(c, _)| *c).collect(),
        categories: taxonomy::CATEGORY_GROUPS,
        industries: labels(taxonomy::INDUSTRIES),
        salaries: labels(taxonomy::SALARIES),
        experience: labels(taxonomy::EXPERIENCE),
        education: labels(taxonomy::EDUCATION),
        company_types: labels(taxonomy::COMPANY_TYPES),
        company_sizes: labels(taxonomy::COMPANY_SIZES),
        posted: labels(taxonomy::POSTED_WITHIN),
        benefits: labels(taxonomy::BENEFITS),
    })
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchForm {
    #[serde(default)]
    pub kw: String,
    pub city: Option<String>,
    pub category: Option<String>,
    pub industry: Option<String>,
    pub salary: Option<String>,
    pub experience: Option<String>,
    pub education: Option<String>,
    pub com_type: Option<String>,
    pub com_size: Option<String>,
    pub posted: Option<String>,
    pub sort: Option<String>,
    pub page: Option<String>,
    pub pagesize: Option<String>,
}

fn present(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn number(v: &Option<String>, default: usize, field: &str) -> ApiResult<usize> {
    match present(v) {
        None => Ok(default),
        Some(s) => s.parse().map_err(|_| ApiError::BadInput(format!("{field} must be a number"))),
    }
}

/// Reads and checks a search form: every filter value must be one the site offers.
pub fn parse_search(form: &SearchForm) -> ApiResult<JobQuery> {
    let kw = form.kw.trim().to_string();
    if kw.chars().count() > MAX_KEYWORD_CHARS {
        return Err(ApiError::BadInput(format!("kw longer than {MAX_KEYWORD_CHARS}")));
    }
    let mut q = JobQuery { text: kw, ..JobQuery::default() };
    let cities: Vec<Label> = taxonomy::CITIES.iter().map(|(c, _)| *c).collect();
    let categories: Vec<Label> = taxonomy::categories().map(|c| Label { value: c.value, en: c.en }).collect();
    let checks: [(Filter, &Option<String>, &str, &[Label]); 7] = [
        (Filter::City, &form.city, "city", &cities),
        (Filter::Category, &form.category, "category", &categories),
        (Filter::Industry, &form.industry, "industry", taxonomy::INDUSTRIES),
        (Filter::Experience, &form.experience, "experience", taxonomy::EXPERIENCE),
        (Filter::Education, &form.education, "education", taxonomy::EDUCATION),
        (Filter::CompanyType, &form.com_type, "comType", taxonomy::COMPANY_TYPES),
        (Filter::CompanySize, &form.com_size, "comSize", taxonomy::COMPANY_SIZES),
    ];
    for (filter, value, name, allowed) in checks {
        if let Some(v) = present(value) {
            if !allowed.iter().any(|l| l.value == v) {
                return Err(ApiError::BadInput(format!("{name}: unknown value")));
            }
            q.filters.push((filter, v.to_string()));
        }
    }
    if let Some(s) = present(&form.salary) {
        q.salary = Some(taxonomy::salary_range(s).ok_or_else(|| ApiError::BadInput("salary: unknown range".into()))?);
    }
    if let Some(p) = present(&form.posted) {
        if !taxonomy::POSTED_WITHIN.iter().any(|l| l.value == p) {
            return Err(ApiError::BadInput("posted: unknown value".into()));
        }
        let days: i64 = p.parse().map_err(|_| ApiError::BadInput("posted: unknown value".into()))?;
        q.posted_since = Some(now_ms() - days * 86_400_000);
    }
    q.sort = match present(&form.sort) {
        None | Some("relevance") => Sort::Relevance,
        Some("newest") => Sort::Newest,
        Some("salary") => Sort::Salary,
        Some(_) => return Err(ApiError::BadInput("sort: relevance, newest or salary".into())),
    };
    let page = number(&form.page, 1, "page")?;
    let pagesize = number(&form.pagesize, SEARCH_PAGE_SIZE, "pagesize")?;
    if !(1..=50).contains(&pagesize) {
        return Err(ApiError::BadInput("pagesize must be 1-50".into()));
    }
    // checked: a page number near usize::MAX times the page size wraps around (found by fuzzing).
    if page < 1 || page.checked_mul(pagesize).is_none_or(|end| end > MAX_WINDOW) {
        return Err(ApiError::BadInput(format!("page out of range: the first {MAX_WINDOW} results can be paged")));
    }
    q.offset = (page - 1) * pagesize;
    q.limit = pagesize;
    Ok(q)
}

pub async fn search(state: web::Data<AppState>, who: MaybeLoggedIn, Form(form): Form<SearchForm>) -> ApiResult<Answer<SearchResults>> {
    let q = parse_search(&form)?;
    let viewer = viewer(&who);
    // The search first, without a database connection: searches wait their turn (search/mod.rs).
    let index = state.search.clone();
    let (q, hits) = web::block(move || index.search(&q).map(|hits| (q, hits))).await?.map_err(ApiError::internal)?;
    let result = db::run(&state.pool, move |c| job_page::search_cards(c, &q, hits, viewer)).await?;
    Ok(answer(result))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct JobIdForm {
    #[serde(default)]
    pub jobid: String,
}

/// One job with its company, the caller's flags and resumes, and similar jobs.
pub async fn detail(state: web::Data<AppState>, who: MaybeLoggedIn, Form(form): Form<JobIdForm>) -> ApiResult<Answer<JobDetail>> {
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    let viewer = viewer(&who);
    let state2 = state.clone();
    let result = db::run(&state.pool, move |c| job_page::job_detail(c, &state2.search, job, viewer)).await?;
    Ok(answer(result))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CompanyForm {
    #[serde(default, rename = "comId")]
    pub com_id: String,
    pub page: Option<String>,
    pub pagesize: Option<String>,
}

/// A company with a page of its open jobs, newest first.
pub async fn company(state: web::Data<AppState>, who: MaybeLoggedIn, Form(form): Form<CompanyForm>) -> ApiResult<Answer<CompanyDetail>> {
    let id = parse_id::<CompanyId>(&form.com_id, "comId")?;
    let paging = crate::web::paging::Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    if paging.page as usize * paging.pagesize as usize > MAX_WINDOW {
        return Err(ApiError::BadInput("page out of range".into()));
    }
    let viewer = viewer(&who);
    let state2 = state.clone();
    let result = db::run(&state.pool, move |c| {
        job_page::company_detail(c, &state2.search, id, paging.offset() as usize, paging.pagesize as usize, viewer)
    })
    .await?;
    Ok(answer(result))
}


/// The home page in one call: hot keywords, what to browse, newest jobs, jobs for the
/// caller's interest tags, well-known companies.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomePage {
    pub hot_keywords: &'static [&'static str],
    pub categories: &'static [CategoryGroup],
    pub cities: Vec<Label>,
    pub job_count: u64,
    pub newest: Vec<JobCard>,
    /// The caller's interest tags (none for a visitor).
    pub tags: Vec<String>,
    pub recommended: Vec<JobCard>,
    pub companies: Vec<CompanyCard>,
}

pub async fn home(state: web::Data<AppState>, who: MaybeLoggedIn) -> ApiResult<Answer<HomePage>> {
    let viewer = viewer(&who);
    let state2 = state.clone();
    let result = db::run(&state.pool, move |c| {
        let search = &state2.search;
        let newest = search
            .search(&JobQuery { sort: Sort::Newest, limit: HOME_NEWEST, ..JobQuery::default() })
            .map_err(ApiError::internal)?;
        let newest = cards(c, &job_ids(&newest.ids), viewer)?;
        let (tags, recommended) = match viewer {
            None => (Vec::new(), Vec::new()),
            Some(uid) => {
                let tags = user_tag::of_user(c, uid)?;
                let applied: Vec<i64> = application::recent_jobs(c, uid, HOME_APPLIED_EXCLUDED)?.into_iter().map(|j| j.0).collect();
                // Tags, and the categories and cities of jobs opened lately (the behaviour log).
                let me = crate::db::behaviour::Actor::User(uid);
                let ids = crate::domain::behaviour::recommend(c, search, &me, &tags, applied, HOME_RECOMMENDED, now_ms())?;
                (tags, cards(c, &job_ids(&ids), viewer)?)
            }
        };
        let hot_cities: Vec<Label> = taxonomy::CITIES.iter().take(12).map(|(c, _)| *c).collect();
        Ok(HomePage {
            hot_keywords: taxonomy::HOT_KEYWORDS,
            categories: taxonomy::CATEGORY_GROUPS,
            cities: hot_cities,
            job_count: search.num_docs(),
            newest,
            tags,
            recommended,
            companies: company::well_known(c)?,
        })
    })
    .await?;
    Ok(answer(result))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paged(page: &str, pagesize: &str) -> ApiResult<JobQuery> {
        parse_search(&SearchForm { page: Some(page.into()), pagesize: Some(pagesize.into()), ..SearchForm::default() })
    }

    #[test]
    fn pages_within_the_window_only() {
        let q = paged("3", "20").unwrap();
        assert_eq!((q.offset, q.limit), (40, 20));
        assert!(matches!(paged("0", "20"), Err(ApiError::BadInput(_))));
        assert!(matches!(paged(&(MAX_WINDOW / 20 + 1).to_string(), "20"), Err(ApiError::BadInput(_))));
        // page × pagesize past usize::MAX wrapped around to a small product (found by fuzzing).
        assert!(matches!(paged("955116111111111109", "20"), Err(ApiError::BadInput(_))));
        assert!(matches!(paged(&usize::MAX.to_string(), "50"), Err(ApiError::BadInput(_))));
    }
}

/// `GET /ajax/company/picture/{id}`: a company's logo, photo or video cover, to anyone; a licence
/// or an unknown id is NotFound.
/// `?size=96|240`: its thumbnail.
pub async fn company_picture(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<crate::web::upload::SizeQuery>,
) -> ApiResult<HttpResponse> {
    let id: crate::ids::CompanyFileId = crate::ids::parse_id(&path.into_inner(), "id")?;
    let size = query.px()?;
    let row = db::run(&state.pool, move |c| Ok(crate::db::company_file::public_picture(c, id)?)).await?;
    crate::web::upload::serve_jpeg(&req, &state, &row.stored_name, true, size).await
}
