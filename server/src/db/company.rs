use diesel::prelude::*;

use crate::db::DbConnection;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::db::schema::{companies, jobs};
use crate::ids::CompanyId;

#[derive(Debug, Insertable)]
#[diesel(table_name = companies)]
pub struct NewCompany<'a> {
    pub id: CompanyId,
    pub name: &'a str,
    pub short_name: &'a str,
    pub industry: &'a str,
    pub company_type: &'a str,
    pub company_size: &'a str,
    pub city: &'a str,
    pub address: &'a str,
    pub intro: &'a str,
    pub created_at: i64,
    /// `keys(name, short_name)`.
    pub name_key: String,
    pub brand_key: String,
}

/// The comparison keys of a full name and a brand (core_wasm::company::name_key; none for no brand).
pub fn keys(name: &str, brand: &str) -> (String, String) {
    let brand_key = if brand.trim().is_empty() { String::new() } else { core_wasm::company::name_key(brand) };
    (core_wasm::company::name_key(name), brand_key)
}

/// Gives the companies of an older database (and of generated data) their name keys, a thousand
/// at a time; none is left without one.
pub fn fill_name_keys(c: &mut DbConnection) -> QueryResult<()> {
    loop {
        let rows: Vec<(CompanyId, String, String)> = companies::table
            .filter(companies::name_key.eq(""))
            .filter(companies::name.ne(""))
            .select((companies::id, companies::name, companies::short_name))
            .limit(1000)
            .load(c)?;
        if rows.is_empty() {
            return Ok(());
        }
        c.transaction(|c| {
            for (id, name, brand) in &rows {
                let (name_key, brand_key) = keys(name, brand);
                // A name of invisible characters only has an empty key: a placeholder keeps it out of the next round.
                let name_key = if name_key.is_empty() { format!("#{}", id.0) } else { name_key };
                diesel::update(companies::table.find(id)).set((companies::name_key.eq(name_key), companies::brand_key.eq(brand_key))).execute(c)?;
            }
            Ok::<_, diesel::result::Error>(())
        })?;
    }
}

pub fn insert(conn: &mut DbConnection, new: &NewCompany) -> QueryResult<usize> {
    diesel::insert_into(companies::table).values(new).execute(conn)
}

/// Companies on the home page.
const HOME_COMPANIES: i64 = 8;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyCard {
    pub id: CompanyId,
    pub name: String,
    pub short_name: String,
    pub industry: String,
    pub company_type: String,
    pub company_size: String,
    pub city: String,
    pub open_jobs: i64,
}

/// Companies with the most open jobs; counting them over a large table is slow, so the
/// answer is kept for ten minutes.
static WELL_KNOWN: OnceLock<Mutex<Option<(Instant, Vec<CompanyCard>)>>> = OnceLock::new();
const WELL_KNOWN_TTL: Duration = Duration::from_secs(600);

pub fn well_known(c: &mut DbConnection) -> QueryResult<Vec<CompanyCard>> {
    let cache = WELL_KNOWN.get_or_init(|| Mutex::new(None));
    if let Ok(guard) = cache.lock() {
        if let Some((at, list)) = guard.as_ref() {
            if at.elapsed() < WELL_KNOWN_TTL {
                return Ok(list.clone());
            }
        }
    }
    let counts: Vec<(CompanyId, i64)> = jobs::table
        .filter(jobs::closed.eq(false))
        .group_by(jobs::company_id)
        .select((jobs::company_id, diesel::dsl::count_star()))
        .order((diesel::dsl::count_star().desc(), jobs::company_id.asc()))
        .limit(HOME_COMPANIES)
        .load(c)?;
    let ids: Vec<CompanyId> = counts.iter().map(|r| r.0).collect();
    let rows: Vec<(CompanyId, String, String, String, String, String, String)> = companies::table
        .filter(companies::id.eq_any(&ids))
        .select((companies::id, companies::name, companies::short_name, companies::industry, companies::company_type, companies::company_size, companies::city))
        .load(c)?;
    let list: Vec<CompanyCard> = counts
        .iter()
        .filter_map(|(id, n)| rows.iter().find(|r| r.0 == *id).map(|r| (r, *n)))
        .map(|(r, n)| CompanyCard {
            id: r.0, name: r.1.clone(), short_name: r.2.clone(), industry: r.3.clone(), company_type: r.4.clone(),
            company_size: r.5.clone(), city: r.6.clone(), open_jobs: n,
        })
        .collect();
    if let Ok(mut guard) = cache.lock() {
        *guard = Some((Instant::now(), list.clone()));
    }
    Ok(list)
}

/// Whether another company (not `except`) has this full name, compared by key (docs/api.md,
/// "Company names"): a look-alike is the same name.
pub fn name_taken(c: &mut DbConnection, name: &str, except: Option<CompanyId>) -> QueryResult<bool> {
    let key = keys(name, "").0;
    let n: i64 = companies::table.filter(companies::name_key.eq(key)).filter(companies::id.ne(except.unwrap_or(CompanyId(0)))).count().get_result(c)?;
    Ok(n > 0)
}

/// Whether another company (not `except`) has this brand, compared by key.
pub fn brand_taken(c: &mut DbConnection, brand: &str, except: CompanyId) -> QueryResult<bool> {
    let key = keys("", brand).1;
    if key.is_empty() {
        return Ok(false);
    }
    let n: i64 = companies::table.filter(companies::brand_key.eq(key)).filter(companies::id.ne(except)).count().get_result(c)?;
    Ok(n > 0)
}

/// A company's block group (domain/visibility.rs): the companies sharing its brand by key
/// (`brand_key`, core_wasm::company::name_key of the short name), itself included; a company without
/// a brand (blank or white space only: an empty key) is a group of one. The one definition: the
/// pipeline's SQL form (db/pipeline_view.rs `blocked_resumes!`) compares the same column the same way.
pub fn group_of(c: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<i64>> {
    let key: Option<String> = companies::table.find(company).select(companies::brand_key).first(c).optional()?;
    match key.filter(|k| !k.is_empty()) {
        Some(key) => with_brand_key(c, &key),
        None => Ok(vec![company.0]),
    }
}

/// The companies whose brand has the key `key` (none for an empty key).
pub fn with_brand_key(c: &mut DbConnection, key: &str) -> QueryResult<Vec<i64>> {
    if key.is_empty() {
        return Ok(Vec::new());
    }
    companies::table.filter(companies::brand_key.eq(key)).select(companies::id).load(c)
}

/// The full name and brand the company has now.
pub fn names_of(c: &mut DbConnection, id: CompanyId) -> QueryResult<Option<(String, String)>> {
    companies::table.find(id).select((companies::name, companies::short_name)).first(c).optional()
}

/// What the company writes about itself, as the recruiter edits it.
#[derive(Debug, Clone, Default, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Profile {
    #[schema(value_type = i64)]
    pub id: CompanyId,
    pub name: String,
    pub short_name: String,
    pub industry: String,
    pub company_type: String,
    pub company_size: String,
    pub city: String,
    pub address: String,
    pub intro: String,
    pub video_url: String,
    pub video_title: String,
}

pub fn profile(c: &mut DbConnection, id: CompanyId) -> QueryResult<Profile> {
    use crate::db::schema::company_profiles;
    let r: (CompanyId, String, String, String, String, String, String, String, String) = companies::table
        .find(id)
        .select((
            companies::id, companies::name, companies::short_name, companies::industry, companies::company_type,
            companies::company_size, companies::city, companies::address, companies::intro,
        ))
        .first(c)?;
    let video: Option<(String, String)> =
        company_profiles::table.find(id).select((company_profiles::video_url, company_profiles::video_title)).first(c).optional()?;
    let (video_url, video_title) = video.unwrap_or_default();
    Ok(Profile {
        id: r.0, name: r.1, short_name: r.2, industry: r.3, company_type: r.4, company_size: r.5, city: r.6, address: r.7,
        intro: r.8, video_url, video_title,
    })
}

/// The company's video (link, title), when it gave a link.
pub fn video_of(c: &mut DbConnection, id: CompanyId) -> QueryResult<Option<(String, String)>> {
    use crate::db::schema::company_profiles;
    let v: Option<(String, String)> =
        company_profiles::table.find(id).select((company_profiles::video_url, company_profiles::video_title)).first(c).optional()?;
    Ok(v.filter(|(url, _)| !url.is_empty()))
}

pub fn save_profile(c: &mut DbConnection, p: &Profile) -> QueryResult<()> {
    use crate::db::schema::company_profiles;
    let (name_key, brand_key) = keys(&p.name, &p.short_name);
    diesel::update(companies::table.find(p.id))
        .set((
            companies::name_key.eq(name_key), companies::brand_key.eq(brand_key),
            companies::name.eq(&p.name), companies::short_name.eq(&p.short_name), companies::industry.eq(&p.industry),
            companies::company_type.eq(&p.company_type), companies::company_size.eq(&p.company_size),
            companies::city.eq(&p.city), companies::address.eq(&p.address), companies::intro.eq(&p.intro),
        ))
        .execute(c)?;
    let exists: i64 = company_profiles::table.filter(company_profiles::company_id.eq(p.id)).count().get_result(c)?;
    if exists == 0 {
        diesel::insert_into(company_profiles::table)
            .values((company_profiles::company_id.eq(p.id), company_profiles::video_url.eq(&p.video_url), company_profiles::video_title.eq(&p.video_title)))
            .execute(c)?;
    } else {
        diesel::update(company_profiles::table.find(p.id))
            .set((company_profiles::video_url.eq(&p.video_url), company_profiles::video_title.eq(&p.video_title)))
            .execute(c)?;
    }
    Ok(())
}

/// A company as the public company page and a job's page show it.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, utoipa::ToSchema)]
#[diesel(table_name = companies)]
#[serde(rename_all = "camelCase")]
pub struct CompanyInfo {
    pub id: CompanyId,
    pub name: String,
    pub short_name: String,
    pub industry: String,
    pub company_type: String,
    pub company_size: String,
    pub city: String,
    pub address: String,
    pub intro: String,
}

/// The company, or NotFound.
pub fn info(c: &mut DbConnection, id: CompanyId) -> QueryResult<CompanyInfo> {
    companies::table.find(id).select(CompanyInfo::as_select()).first(c)
}

/// What a list of companies found by name shows.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = companies)]
pub struct CompanyBrief {
    pub id: CompanyId,
    pub name: String,
    pub short_name: String,
    pub city: String,
    pub industry: String,
}

/// Companies whose full or short name contains `words` (a LIKE match, wildcards escaped), by name.
pub fn named_like(c: &mut DbConnection, words: &str, limit: i64) -> QueryResult<Vec<CompanyBrief>> {
    let pattern = format!("%{}%", crate::db::like_escape(words));
    companies::table
        .filter(companies::name.like(pattern.clone()).escape('\\').or(companies::short_name.like(pattern).escape('\\')))
        .order((companies::name.asc(), companies::id.asc()))
        .limit(limit)
        .select(CompanyBrief::as_select())
        .load(c)
}

pub fn count(c: &mut DbConnection) -> QueryResult<i64> {
    companies::table.count().get_result(c)
}
