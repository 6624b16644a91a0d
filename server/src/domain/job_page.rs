//! The public job, company and search pages as read models. The /ajax calls answer them as JSON
//! and the server-rendered pages (api/public/pages.rs) render the same structs, so the two cannot
//! disagree about what a page shows.

use serde::Serialize;

use crate::db::company::{self, CompanyInfo};
use crate::db::job_card::{cards, JobCard};
use crate::db::{company_review, job, resume, shield, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{CompanyId, JobId, ResumeId, UserId};
use crate::search::{Filter, JobQuery, SearchIndex, Sort};

/// Similar jobs under a job's page.
const SIMILAR: usize = 6;

/// The index answers row ids; the cards read them as job ids.
pub fn job_ids(hits: &[i64]) -> Vec<JobId> {
    hits.iter().copied().map(JobId).collect()
}

/// A company with the number of its open jobs, as the index counts them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyPage {
    #[serde(flatten)]
    pub info: CompanyInfo,
    pub open_jobs: usize,
    /// A reviewer verified the company's licence (认证): its page and its jobs show the badge.
    pub verified: bool,
    /// The logo, photos and video cover (never the licence).
    pub pictures: crate::db::company_file::CompanyPictures,
    /// The company's video, when it gave one.
    #[schema(required)]
    pub video: Option<CompanyVideo>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyVideo {
    pub url: String,
    pub title: String,
}

pub fn company_page(c: &mut DbConnection, search: &SearchIndex, id: CompanyId) -> ApiResult<CompanyPage> {
    let info = company::info(c, id)?;
    let open = search.search(&JobQuery { company: Some(id.0), limit: 1, ..JobQuery::default() }).map_err(ApiError::internal)?.total;
    let pictures = crate::db::company_file::pictures_of(c, id)?;
    let video = company::video_of(c, id)?.map(|(url, title)| CompanyVideo { url, title });
    let verified = company_review::verified_among(c, &[id])?.contains(&id);
    Ok(CompanyPage { info, open_jobs: open, verified, pictures, video })
}

/// One of the caller's resumes, for the apply dialog.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyResume {
    pub id: ResumeId,
    pub title: String,
    pub resume_type: i32,
    pub filled: bool,
}

/// A job's page: the job with its company, similar jobs, and the caller's resumes.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobDetail {
    pub job: JobCard,
    pub description: String,
    pub company: CompanyPage,
    pub similar: Vec<JobCard>,
    pub my_resumes: Vec<MyResume>,
    /// Resumes the caller hid from this company or its group (same short name).
    pub shielded_resume_ids: Vec<ResumeId>,
    /// Who answers the job's chats (立即沟通); None when the company has no one who may.
    pub recruiter: Option<crate::domain::recruiter_card::Recruiter>,
}

/// NOT_FOUND for a job whose page is not public (a draft, held, taken down: db::crawl::Standing).
pub fn job_detail(c: &mut DbConnection, search: &SearchIndex, id: JobId, viewer: Option<UserId>) -> ApiResult<JobDetail> {
    if !crate::db::crawl::standing(c, id)?.shows_page() {
        return Err(ApiError::NotFound);
    }
    let text = job::text(c, id)?;
    let card = cards(c, &[id], viewer)?.pop().ok_or(ApiError::NotFound)?;
    let company = company_page(c, search, text.company_id)?;
    let similar_ids = search
        .search(&JobQuery {
            text: text.title,
            any_word: true,
            filters: vec![(Filter::Category, text.category)],
            exclude: vec![id.0],
            limit: SIMILAR,
            ..JobQuery::default()
        })
        .map_err(ApiError::internal)?
        .ids;
    let similar = cards(c, &job_ids(&similar_ids), viewer)?;
    let (my_resumes, shielded_resume_ids) = match viewer {
        None => (Vec::new(), Vec::new()),
        Some(uid) => {
            let mine = resume::list_of_user(c, uid)?
                .into_iter()
                .map(|r| MyResume { id: r.id, title: r.title, resume_type: r.resume_type, filled: r.filled })
                .collect();
            let group = crate::domain::visibility::group_of(c, text.company_id)?;
            (mine, shield::hidden_from_group(c, uid, &group)?)
        }
    };
    let recruiter = crate::domain::recruiter_card::of_job(c, id, crate::ids::now_ms())?;
    Ok(JobDetail { job: card, description: text.description, company, similar, my_resumes, shielded_resume_ids, recruiter })
}

/// A page of jobs.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobList {
    pub list: Vec<JobCard>,
    pub total: usize,
    pub page: usize,
    pub pagesize: usize,
}

/// A company's page: the company and a page of its open jobs, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyDetail {
    pub company: CompanyPage,
    pub jobs: JobList,
}

pub fn company_detail(c: &mut DbConnection, search: &SearchIndex, id: CompanyId, offset: usize, pagesize: usize, viewer: Option<UserId>) -> ApiResult<CompanyDetail> {
    let company = company_page(c, search, id)?;
    let hits = search
        .search(&JobQuery { company: Some(id.0), sort: Sort::Newest, offset, limit: pagesize, ..JobQuery::default() })
        .map_err(ApiError::internal)?;
    let list = cards(c, &job_ids(&hits.ids), viewer)?;
    Ok(CompanyDetail { company, jobs: JobList { list, total: hits.total, page: offset / pagesize.max(1) + 1, pagesize } })
}

/// A page of search results, with what the page highlights.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResults {
    #[serde(flatten)]
    pub jobs: JobList,
    pub terms: Vec<String>,
    pub loose: bool,
}

/// Runs the search outside the database (searches wait their turn, search/mod.rs); the cards
/// are then read with [`search_cards`].
pub fn search_cards(c: &mut DbConnection, q: &JobQuery, hits: crate::search::Hits, viewer: Option<UserId>) -> ApiResult<SearchResults> {
    let list = cards(c, &job_ids(&hits.ids), viewer)?;
    Ok(SearchResults {
        jobs: JobList { list, total: hits.total, page: q.offset / q.limit.max(1) + 1, pagesize: q.limit },
        terms: hits.terms,
        loose: hits.loose,
    })
}
