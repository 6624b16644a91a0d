//! What crawlers read: robots.txt and the sitemaps (an index; job files of at most 50,000 open
//! jobs each, SITEMAP_URLS_PER_FILE; companies; city and category landing pages).
//!
//! The lists come from the database and are kept for SITEMAP_REFRESH_SECS (60), then read again in
//! the background: a job opened or closed shows in the sitemaps about that long after. Only the lists are cached, not the XML: the origin in each URL is
//! the request's (or SITE_URL), so one host's answer never reaches another.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::db::{self, crawl};
use crate::error::{ApiError, ApiResult};
use crate::ids::beijing_iso;
use crate::state::AppState;

use crate::web::public_origin;


/// The lists the sitemaps are made of, read together.
struct Lists {
    read_at: Instant,
    /// The first open job id of each job file.
    job_starts: Vec<i64>,
    companies: Vec<crawl::Entry>,
    landing: Vec<(String, String, i64, i64)>,
    newest_change: i64,
}

static CACHE: OnceLock<Mutex<Option<Arc<Lists>>>> = OnceLock::new();
static REFRESHING: AtomicBool = AtomicBool::new(false);

/// The lists: read once, then kept; once older than SITEMAP_REFRESH_SECS they are read again in the
/// background while requests get the kept ones, so only the first request after a start waits
/// (seconds at a million jobs, docs/BENCHMARKS.md). SITEMAP_REFRESH_SECS=0 reads them every time.
/// The refresh runs on each server of a cluster: the copy is its own, and it only reads.
async fn lists(state: &web::Data<AppState>) -> ApiResult<Arc<Lists>> {
    let refresh = Duration::from_secs(state.settings.site.sitemap_refresh_secs);
    let kept = CACHE.get_or_init(|| Mutex::new(None)).lock().ok().and_then(|g| g.clone());
    match kept {
        Some(l) if refresh.is_zero() => drop(l),
        Some(l) if l.read_at.elapsed() < refresh => return Ok(l),
        Some(l) => {
            if !REFRESHING.swap(true, Ordering::AcqRel) {
                let state = state.clone();
                actix_web::rt::spawn(async move {
                    if let Err(e) = read_lists(&state).await {
                        tracing::warn!(error = %e, "the sitemap lists could not be read again; the kept ones stay");
                    }
                    REFRESHING.store(false, Ordering::Release);
                });
            }
            return Ok(l);
        }
        None => {}
    }
    read_lists(state).await
}

async fn read_lists(state: &AppState) -> ApiResult<Arc<Lists>> {
    let per_file = state.settings.site.sitemap_urls_per_file;
    let fresh = db::run(&state.pool, move |c| {
        let companies = crawl::companies_with_open_jobs(c)?;
        let newest_change = companies.iter().map(|e| e.changed).max().unwrap_or(0);
        Ok(Lists {
            read_at: Instant::now(),
            job_starts: crawl::open_job_boundaries(c, per_file)?,
            landing: crawl::open_by_city_and_category(c)?,
            companies,
            newest_change,
        })
    })
    .await?;
    let fresh = Arc::new(fresh);
    if let Ok(mut g) = CACHE.get_or_init(|| Mutex::new(None)).lock() {
        *g = Some(fresh.clone());
    }
    Ok(fresh)
}

fn xml(body: String) -> HttpResponse {
    HttpResponse::Ok().insert_header((header::CONTENT_TYPE, "application/xml; charset=utf-8")).body(body)
}

fn url_entry(out: &mut String, loc: &str, changed: i64) {
    out.push_str("<url><loc>");
    out.push_str(&html_escape::encode_text(loc));
    out.push_str("</loc>");
    if changed > 0 {
        out.push_str("<lastmod>");
        out.push_str(&beijing_iso(changed));
        out.push_str("</lastmod>");
    }
    out.push_str("</url>\n");
}

const URLSET_OPEN: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";

/// GET /robots.txt
pub async fn robots(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let origin = public_origin(&req, &state);
    let mobile = state.settings.site.mobile_base.trim_end_matches('/');
    let mut body = String::from("User-agent: *\nDisallow: /my\nDisallow: /recruit\nDisallow: /admin\nDisallow: /ajax\nDisallow: /dev\nDisallow: /zgzx/my\n");
    if !mobile.is_empty() && mobile.starts_with('/') {
        body.push_str(&format!("Disallow: {mobile}/my\n"));
    }
    body.push_str(&format!("Allow: /\n\nSitemap: {origin}/sitemap.xml\n"));
    HttpResponse::Ok().insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8")).body(body)
}

/// GET /sitemap.xml: the index of the sitemap files.
pub async fn index(req: HttpRequest, state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    let lists = lists(&state).await?;
    let origin = public_origin(&req, &state);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    let mut entry = |name: &str| {
        out.push_str(&format!("<sitemap><loc>{origin}/sitemaps/{name}</loc>"));
        if lists.newest_change > 0 {
            out.push_str(&format!("<lastmod>{}</lastmod>", beijing_iso(lists.newest_change)));
        }
        out.push_str("</sitemap>\n");
    };
    for n in 1..=lists.job_starts.len() {
        entry(&format!("jobs-{n}.xml"));
    }
    entry("companies.xml");
    entry("landing.xml");
    out.push_str("</sitemapindex>\n");
    Ok(xml(out))
}

/// GET /sitemaps/{name}: `jobs-N.xml`, `companies.xml` or `landing.xml`.
pub async fn file(req: HttpRequest, state: web::Data<AppState>, name: web::Path<String>) -> ApiResult<HttpResponse> {
    let lists = lists(&state).await?;
    let origin = public_origin(&req, &state);
    let mut out = String::from(URLSET_OPEN);
    match name.as_str() {
        "companies.xml" => {
            for e in &lists.companies {
                url_entry(&mut out, &format!("{origin}/company/{}", e.id), e.changed);
            }
        }
        "landing.xml" => {
            url_entry(&mut out, &format!("{origin}/"), lists.newest_change);
            let mut cities: Vec<(&str, i64)> = Vec::new();
            for (city, category, _, changed) in &lists.landing {
                match cities.iter_mut().find(|(c, _)| *c == city.as_str()) {
                    Some(entry) => entry.1 = entry.1.max(*changed),
                    None => cities.push((city.as_str(), *changed)),
                }
                let q = serde_urlencoded::to_string([("city", city.as_str()), ("category", category.as_str())]).unwrap_or_default().replace('+', "%20");
                url_entry(&mut out, &format!("{origin}/search?{q}"), *changed);
            }
            for (city, changed) in cities {
                let q = serde_urlencoded::to_string([("city", city)]).unwrap_or_default().replace('+', "%20");
                url_entry(&mut out, &format!("{origin}/search?{q}"), changed);
            }
        }
        other => {
            let n: usize = other
                .strip_prefix("jobs-")
                .and_then(|s| s.strip_suffix(".xml"))
                .and_then(|s| s.parse().ok())
                .filter(|n| *n >= 1 && *n <= lists.job_starts.len())
                .ok_or(ApiError::NotFound)?;
            let after = lists.job_starts[n - 1] - 1;
            let per_file = state.settings.site.sitemap_urls_per_file;
            let entries = db::run(&state.pool, move |c| Ok(crawl::open_jobs_after(c, after, per_file)?)).await?;
            out.reserve(entries.len() * 96);
            for e in entries {
                url_entry(&mut out, &format!("{origin}/job/{}", e.id), e.changed);
            }
        }
    }
    out.push_str("</urlset>\n");
    Ok(xml(out))
}
