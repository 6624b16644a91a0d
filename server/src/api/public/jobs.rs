//! The public job site: /site/home, /job/filters, /job/search, /job/detail, /company/detail.
//! Visitors and candidates alike; a logged-in caller also learns which jobs they applied for
//! or saved. Applying and saving are the personal centre's calls (/pcjob/apply, /pcuser/saveJob).

use std::collections::HashSet;

use actix_web::{web, HttpResponse};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::web::form::Form;
use crate::api::ok;
use crate::ids::parse_id;
use crate::web::extract::MaybeLoggedIn;
use crate::db::{self, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, CompanyId, JobId, UserId};
use crate::db::schema::{applications, companies, jobs, resumes, saved_jobs, shields, user_tags};
use crate::search::taxonomy::{self, Label};
use crate::search::{Filter, JobQuery, Sort, MAX_WINDOW};
use crate::state::AppState;
use crate::db::company;

pub const SEARCH_PAGE_SIZE: usize = 20;
pub const MAX_KEYWORD_CHARS: usize = 50;
const HOME_NEWEST: usize = 12;
const HOME_RECOMMENDED: usize = 8;
const SIMILAR: usize = 6;

/// A job as a list shows it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JobCard {
    pub id: i64,
    pub title: String,
    pub company_id: i64,
    pub company_name: String,
    pub company_short_name: String,
    pub company_type: String,
    pub company_size: String,
    pub city: String,
    pub category: String,
    pub industry: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub experience: String,
    pub education: String,
    /// Benefits.
    pub tags: Vec<String>,
    /// Skills.
    pub keywords: Vec<String>,
    pub posted_at: i64,
    pub closed: bool,
    pub applied: bool,
    pub saved: bool,
}

type CardRow = (i64, String, i64, String, String, String, String, String, String, String, i32, i32, String, String, String, String, i64, bool);

fn split_list(s: &str) -> Vec<String> {
    s.split([',', '，']).map(str::trim).filter(|t| !t.is_empty()).map(String::from).collect()
}

/// The cards of `ids`, in that order, with the viewer's applied and saved flags.
fn cards(c: &mut DbConnection, ids: &[i64], viewer: Option<UserId>) -> QueryResult<Vec<JobCard>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<CardRow> = jobs::table
        .inner_join(companies::table)
        .filter(jobs::id.eq_any(ids))
        .select((
            jobs::id, jobs::title, companies::id, companies::name, companies::short_name, companies::company_type,
            companies::company_size, jobs::city, jobs::category, jobs::industry, jobs::salary_min, jobs::salary_max,
            jobs::experience, jobs::education, jobs::tags, jobs::keywords, jobs::created_at, jobs::closed,
        ))
        .load(c)?;
    let (applied, saved) = flags(c, ids, viewer)?;
    let mut by_id: std::collections::HashMap<i64, CardRow> = rows.into_iter().map(|r| (r.0, r)).collect();
    Ok(ids
        .iter()
        .filter_map(|id| by_id.remove(id))
        .map(|r| JobCard {
            applied: applied.contains(&r.0),
            saved: saved.contains(&r.0),
            id: r.0, title: r.1, company_id: r.2, company_name: r.3, company_short_name: r.4, company_type: r.5,
            company_size: r.6, city: r.7, category: r.8, industry: r.9, salary_min: r.10, salary_max: r.11,
            experience: r.12, education: r.13, tags: split_list(&r.14), keywords: split_list(&r.15),
            posted_at: r.16, closed: r.17,
        })
        .collect())
}

/// Which of `ids` the viewer applied for and saved.
fn flags(c: &mut DbConnection, ids: &[i64], viewer: Option<UserId>) -> QueryResult<(HashSet<i64>, HashSet<i64>)> {
    let Some(uid) = viewer else { return Ok((HashSet::new(), HashSet::new())) };
    let applied: Vec<i64> = applications::table
        .filter(applications::user_id.eq(uid.0))
        .filter(applications::job_id.eq_any(ids))
        .select(applications::job_id)
        .load(c)?;
    let saved: Vec<i64> = saved_jobs::table
        .filter(saved_jobs::user_id.eq(uid.0))
        .filter(saved_jobs::job_id.eq_any(ids))
        .select(saved_jobs::job_id)
        .load(c)?;
    Ok((applied.into_iter().collect(), saved.into_iter().collect()))
}

fn viewer(who: &MaybeLoggedIn) -> Option<UserId> {
    who.0.as_ref().map(|s| s.user.user_id())
}

fn labels(list: &[Label]) -> Vec<Label> {
    list.to_vec()
}

/// The filter values of a search, with English labels.
pub async fn filters() -> HttpResponse {
    ok(json!({
        "cities": taxonomy::CITIES.iter().map(|(c, _)| *c).collect::<Vec<Label>>(),
        "categories": taxonomy::CATEGORY_GROUPS,
        "industries": labels(taxonomy::INDUSTRIES),
        "salaries": labels(taxonomy::SALARIES),
        "experience": labels(taxonomy::EXPERIENCE),
        "education": labels(taxonomy::EDUCATION),
        "companyTypes": labels(taxonomy::COMPANY_TYPES),
        "companySizes": labels(taxonomy::COMPANY_SIZES),
        "posted": labels(taxonomy::POSTED_WITHIN),
    }))
}

#[derive(Debug, Default, Deserialize)]
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

pub async fn search(state: web::Data<AppState>, who: MaybeLoggedIn, Form(form): Form<SearchForm>) -> ApiResult<HttpResponse> {
    let q = parse_search(&form)?;
    let viewer = viewer(&who);
    // The search first, without a database connection: searches wait their turn (search/mod.rs).
    let index = state.search.clone();
    let (q, hits) = web::block(move || index.search(&q).map(|hits| (q, hits))).await?.map_err(ApiError::internal)?;
    let result = db::run(&state.pool, move |c| {
        let list = cards(c, &hits.ids, viewer)?;
        Ok(json!({
            "list": list,
            "total": hits.total,
            "page": q.offset / q.limit + 1,
            "pagesize": q.limit,
            "terms": hits.terms,
            "loose": hits.loose,
        }))
    })
    .await?;
    Ok(ok(result))
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompanyInfo {
    pub id: i64,
    pub name: String,
    pub short_name: String,
    pub industry: String,
    pub company_type: String,
    pub company_size: String,
    pub city: String,
    pub address: String,
    pub intro: String,
    pub open_jobs: usize,
}

type CompanyRow = (i64, String, String, String, String, String, String, String, String);

fn company_info(c: &mut DbConnection, state: &AppState, id: CompanyId) -> ApiResult<CompanyInfo> {
    let r: CompanyRow = companies::table
        .find(id.0)
        .select((
            companies::id, companies::name, companies::short_name, companies::industry, companies::company_type,
            companies::company_size, companies::city, companies::address, companies::intro,
        ))
        .first(c)?;
    let open = state
        .search
        .search(&JobQuery { company: Some(id.0), limit: 1, ..JobQuery::default() })
        .map_err(ApiError::internal)?
        .total;
    Ok(CompanyInfo {
        id: r.0, name: r.1, short_name: r.2, industry: r.3, company_type: r.4, company_size: r.5, city: r.6,
        address: r.7, intro: r.8, open_jobs: open,
    })
}

#[derive(Debug, Deserialize)]
pub struct JobIdForm {
    #[serde(default)]
    pub jobid: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MyResume {
    pub id: i64,
    pub title: String,
    pub resume_type: i32,
    pub filled: bool,
}

/// One job with its company, the caller's flags and resumes, and similar jobs.
pub async fn detail(state: web::Data<AppState>, who: MaybeLoggedIn, Form(form): Form<JobIdForm>) -> ApiResult<HttpResponse> {
    let job = parse_id::<JobId>(&form.jobid, "jobid")?;
    let viewer = viewer(&who);
    let state2 = state.clone();
    let result = db::run(&state.pool, move |c| {
        let (company_id, description, title, category): (i64, String, String, String) =
            jobs::table.find(job.0).select((jobs::company_id, jobs::description, jobs::title, jobs::category)).first(c)?;
        let card = cards(c, &[job.0], viewer)?.pop().ok_or(ApiError::NotFound)?;
        let company = company_info(c, &state2, CompanyId(company_id))?;
        let similar_ids = state2
            .search
            .search(&JobQuery {
                text: title,
                any_word: true,
                filters: vec![(Filter::Category, category)],
                exclude: vec![job.0],
                limit: SIMILAR,
                ..JobQuery::default()
            })
            .map_err(ApiError::internal)?
            .ids;
        let similar = cards(c, &similar_ids, viewer)?;
        let (my_resumes, shielded) = match viewer {
            None => (Vec::new(), Vec::new()),
            Some(uid) => {
                let rows: Vec<(i64, String, i32, bool)> = resumes::table
                    .filter(resumes::user_id.eq(uid.0))
                    .order((resumes::resume_type.asc(), resumes::id.asc()))
                    .select((resumes::id, resumes::title, resumes::resume_type, resumes::filled))
                    .load(c)?;
                let mine = rows.into_iter().map(|r| MyResume { id: r.0, title: r.1, resume_type: r.2, filled: r.3 }).collect();
                // Resumes the caller hid from this company or its group (same short name).
                let group = companies::id.eq(company_id).or(companies::short_name.eq(&company.short_name).and(companies::short_name.ne("")));
                let shielded: Vec<i64> = shields::table
                    .inner_join(companies::table)
                    .filter(shields::user_id.eq(uid.0))
                    .filter(group)
                    .select(shields::resume_id)
                    .distinct()
                    .load(c)?;
                (mine, shielded)
            }
        };
        Ok(json!({
            "job": card,
            "description": description,
            "company": company,
            "similar": similar,
            "myResumes": my_resumes,
            "shieldedResumeIds": shielded,
        }))
    })
    .await?;
    Ok(ok(result))
}

#[derive(Debug, Deserialize)]
pub struct CompanyForm {
    #[serde(default, rename = "comId")]
    pub com_id: String,
    pub page: Option<String>,
    pub pagesize: Option<String>,
}

/// A company with a page of its open jobs, newest first.
pub async fn company(state: web::Data<AppState>, who: MaybeLoggedIn, Form(form): Form<CompanyForm>) -> ApiResult<HttpResponse> {
    let id = parse_id::<CompanyId>(&form.com_id, "comId")?;
    let paging = crate::web::paging::Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    if paging.page as usize * paging.pagesize as usize > MAX_WINDOW {
        return Err(ApiError::BadInput("page out of range".into()));
    }
    let viewer = viewer(&who);
    let state2 = state.clone();
    let result = db::run(&state.pool, move |c| {
        let company = company_info(c, &state2, id)?;
        let hits = state2
            .search
            .search(&JobQuery {
                company: Some(id.0),
                sort: Sort::Newest,
                offset: paging.offset() as usize,
                limit: paging.pagesize as usize,
                ..JobQuery::default()
            })
            .map_err(ApiError::internal)?;
        let list = cards(c, &hits.ids, viewer)?;
        Ok(json!({
            "company": company,
            "jobs": { "list": list, "total": hits.total, "page": paging.page, "pagesize": paging.pagesize },
        }))
    })
    .await?;
    Ok(ok(result))
}


/// The home page in one call: hot keywords, what to browse, newest jobs, jobs for the
/// caller's interest tags, well-known companies.
pub async fn home(state: web::Data<AppState>, who: MaybeLoggedIn) -> ApiResult<HttpResponse> {
    let viewer = viewer(&who);
    let state2 = state.clone();
    let result = db::run(&state.pool, move |c| {
        let search = &state2.search;
        let newest = search
            .search(&JobQuery { sort: Sort::Newest, limit: HOME_NEWEST, ..JobQuery::default() })
            .map_err(ApiError::internal)?;
        let newest = cards(c, &newest.ids, viewer)?;
        let (tags, recommended) = match viewer {
            None => (Vec::new(), Vec::new()),
            Some(uid) => {
                let tags: Vec<String> = user_tags::table
                    .filter(user_tags::user_id.eq(uid.0))
                    .order(user_tags::position.asc())
                    .select(user_tags::tag)
                    .load(c)?;
                let applied: Vec<i64> = applications::table
                    .filter(applications::user_id.eq(uid.0))
                    .order(applications::created_at.desc())
                    .limit(200)
                    .select(applications::job_id)
                    .load(c)?;
                let ids = if tags.is_empty() {
                    Vec::new()
                } else {
                    search
                        .search(&JobQuery { text: tags.join(" "), any_word: true, exclude: applied, limit: HOME_RECOMMENDED, ..JobQuery::default() })
                        .map_err(ApiError::internal)?
                        .ids
                };
                (tags, cards(c, &ids, viewer)?)
            }
        };
        let hot_cities: Vec<Label> = taxonomy::CITIES.iter().take(12).map(|(c, _)| *c).collect();
        Ok(json!({
            "hotKeywords": taxonomy::HOT_KEYWORDS,
            "categories": taxonomy::CATEGORY_GROUPS,
            "cities": hot_cities,
            "jobCount": search.num_docs(),
            "newest": newest,
            "tags": tags,
            "recommended": recommended,
            "companies": company::well_known(c)?,
        }))
    })
    .await?;
    Ok(ok(result))
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
