//! The recruiter side's reads of candidates' resumes. The recruiter site's calls are not
//! built yet; these are, and they are tested, so that blocking holds from its first day.
#![cfg_attr(not(test), allow(dead_code))]

use diesel::QueryResult;

use crate::db::employer_resume::{self, ResumeBrief};
use crate::db::DbConnection;
use crate::ids::{CompanyId, ResumeId};
use crate::domain::visibility;
use crate::search::{self, resumes::ResumeQuery};

/// Resume search: filled, public resumes whose title holds the keyword, minus those blocked for `viewer`.
pub fn search(conn: &mut DbConnection, viewer: CompanyId, keyword: &str) -> QueryResult<Vec<ResumeBrief>> {
    let found = employer_resume::searchable_titled(conn, keyword.trim(), 200)?;
    let ids: Vec<ResumeId> = found.into_iter().map(ResumeId).collect();
    let visible: Vec<i64> = visibility::visible_to(conn, viewer, &ids)?.into_iter().map(|r| r.0).collect();
    employer_resume::briefs(conn, &visible)
}

/// Resume search filters, as the recruiter's search form sends them (codes as in core-wasm's lists).
#[derive(Debug, Clone, Default)]
pub struct ResumeFilters {
    pub keyword: String,
    pub city: String,
    pub education: String,
    /// Years of work: `1-3`, `3-5`, `5-10`, `10-`.
    pub experience: String,
    pub category: String,
}

/// One resume in the recruiter's search results.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResumeHit {
    pub resume_id: i64,
    pub name: String,
    pub title: String,
    pub city: String,
    pub education: String,
    pub work_since: String,
    pub target_category: String,
    pub keywords: String,
    pub updated_at: i64,
    /// The candidate has active resume top placement (a paid order).
    pub top: bool,
}

/// The service whose paid order puts a candidate's resumes first in resume search.
pub const TOP_PLACEMENT: &str = "resume_top_7d";

/// `YYYY-MM` bounds of work start for a years-of-work range, at `now` (ms).
fn work_since_bounds(range: &str, now: i64) -> Option<(String, String)> {
    let (lo, hi): (i64, Option<i64>) = match range {
        "1-3" => (1, Some(3)),
        "3-5" => (3, Some(5)),
        "5-10" => (5, Some(10)),
        "10-" => (10, None),
        _ => return None,
    };
    let today = crate::ids::beijing_date(now);
    let (y, m) = (today[..4].parse::<i64>().ok()?, &today[4..6]);
    // Started at most `lo` years ago and at least `hi` years ago.
    let latest = format!("{:04}-{m}", y - lo);
    let earliest = hi.map_or("0000-00".to_string(), |h| format!("{:04}-{m}", y - h));
    Some((earliest, latest))
}

/// What a company's resume search excludes and puts first, read from the database for each query:
/// the resumes blocked for it, those whose openness was closed since the index's last sync
/// (`fresh_from`), and the candidates with active top placement.
#[derive(Debug, Clone, Default)]
pub struct SearchScope {
    pub exclude: Vec<i64>,
    pub top_users: Vec<i64>,
}

pub fn search_scope(conn: &mut DbConnection, viewer: CompanyId, fresh_from: i64) -> QueryResult<SearchScope> {
    let now = crate::ids::now_ms();
    let mut exclude: Vec<i64> = visibility::blocked_for(conn, viewer)?;
    exclude.extend(visibility::closed_since(conn, fresh_from)?);
    let top_users = crate::db::order::buyers_of_running(conn, TOP_PLACEMENT, now)?;
    Ok(SearchScope { exclude, top_users })
}

/// The index's query for the filters within `scope`: filled resumes of enabled candidates that
/// every company may find (search/resumes.rs), minus this company's blocks, top placement first,
/// then the newest.
pub fn resume_query(f: &ResumeFilters, scope: &SearchScope, offset: i64, limit: i64) -> ResumeQuery {
    let range = f.experience.trim();
    let years = work_since_bounds(range, crate::ids::now_ms())
        .and_then(|(earliest, latest)| Some((range.to_string(), (search::resumes::work_month(&earliest)?, search::resumes::work_month(&latest)?))));
    ResumeQuery {
        keyword: f.keyword.trim().to_string(),
        city: f.city.trim().to_string(),
        education: f.education.trim().to_string(),
        category: f.category.trim().to_string(),
        years,
        exclude: scope.exclude.clone(),
        top_users: scope.top_users.clone(),
        offset: offset.max(0) as usize,
        limit: limit.max(0) as usize,
    }
}

/// The hits for the ids the index found, in its order. A candidate disabled since the last sync
/// is left out here (the index drops them at the next sync).
pub fn search_hits(conn: &mut DbConnection, ids: &[i64], top_users: &[i64]) -> QueryResult<Vec<ResumeHit>> {
    let rows = employer_resume::search_rows(conn, ids)?;
    let mut hits: Vec<ResumeHit> = rows
        .into_iter()
        .map(|r| ResumeHit {
            resume_id: r.id,
            name: if r.name.is_empty() { r.account_name } else { r.name },
            title: r.title,
            city: r.city,
            education: r.education,
            work_since: r.work_since,
            target_category: r.target_category,
            keywords: r.keywords,
            updated_at: r.updated_at,
            top: top_users.contains(&r.user_id),
        })
        .collect();
    hits.sort_by_key(|h| ids.iter().position(|id| *id == h.resume_id));
    Ok(hits)
}

/// The resume sent with an application to one of `viewer`'s jobs.
pub fn application_resume(conn: &mut DbConnection, viewer: CompanyId, application: i64) -> QueryResult<Option<ResumeBrief>> {
    match crate::db::application::resume_at_company(conn, viewer, application)? {
        Some(r) => download(conn, viewer, r),
        None => Ok(None),
    }
}

/// A resume opened or downloaded by id.
pub fn download(conn: &mut DbConnection, viewer: CompanyId, resume: ResumeId) -> QueryResult<Option<ResumeBrief>> {
    if !visibility::may_view(conn, viewer, resume)? {
        return Ok(None);
    }
    Ok(employer_resume::briefs(conn, &[resume.0])?.into_iter().next())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::testing::fixture;
    use crate::db::schema::{applications, companies, jobs, resumes, shields, users};
    use diesel::prelude::*;

    fn company(c: &mut DbConnection, name: &str) -> CompanyId {
        CompanyId(companies::table.filter(companies::name.eq(name)).select(companies::id).first(c).unwrap())
    }

    #[test]
    fn a_block_hides_the_resume_from_the_company_and_its_group_in_every_read() {
        let f = fixture("employer");
        let c = &mut f.pool.get().unwrap();
        let (uid, resume): (i64, i64) = users::table
            .inner_join(resumes::table)
            .filter(users::mobile.eq(crate::cli::seed::DEMO_MOBILE))
            .select((users::id, resumes::id))
            .first(c)
            .unwrap();
        let tencent = company(c, "深圳市腾讯计算机系统有限公司");
        let tencent_cloud = company(c, "腾讯云计算（北京）有限责任公司");
        let alibaba = company(c, "阿里巴巴（中国）有限公司");
        let application: i64 = applications::table
            .inner_join(jobs::table)
            .filter(applications::resume_id.eq(resume))
            .filter(jobs::company_id.eq(tencent.0))
            .select(applications::id)
            .first(c)
            .unwrap();

        let sees = |c: &mut DbConnection, viewer: CompanyId| {
            (
                search(c, viewer, "张伟").unwrap().iter().any(|r| r.resume_id == resume),
                download(c, viewer, ResumeId(resume)).unwrap().is_some(),
            )
        };
        assert_eq!(sees(c, tencent), (true, true));
        assert!(application_resume(c, tencent, application).unwrap().is_some());
        assert!(application_resume(c, alibaba, application).unwrap().is_none(), "not alibaba's application");

        diesel::insert_into(shields::table)
            .values((
                shields::user_id.eq(uid),
                shields::resume_id.eq(resume),
                shields::company_id.eq(tencent.0),
                shields::created_at.eq(0),
            ))
            .execute(c)
            .unwrap();
        assert_eq!(sees(c, tencent), (false, false), "blocked company");
        assert!(application_resume(c, tencent, application).unwrap().is_none(), "not even through the application");
        assert_eq!(sees(c, tencent_cloud), (false, false), "same group (腾讯)");
        assert_eq!(sees(c, alibaba), (true, true), "others still see it");

        diesel::delete(shields::table).execute(c).unwrap();
        assert_eq!(sees(c, tencent), (true, true), "unblocking restores access");
        assert_eq!(sees(c, tencent_cloud), (true, true));
    }

    #[test]
    fn search_keywords_are_not_patterns() {
        let f = fixture("employer");
        let c = &mut f.pool.get().unwrap();
        let alibaba = company(c, "阿里巴巴（中国）有限公司");
        assert!(search(c, alibaba, "%").unwrap().is_empty());
        assert_eq!(search(c, alibaba, "").unwrap().len(), 3, "the three demo resumes");
    }
}
