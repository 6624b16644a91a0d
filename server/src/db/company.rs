use diesel::prelude::*;

use crate::db::DbConnection;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::db::schema::{companies, jobs};

#[derive(Debug, Insertable)]
#[diesel(table_name = companies)]
pub struct NewCompany<'a> {
    pub id: i64,
    pub name: &'a str,
    pub short_name: &'a str,
    pub industry: &'a str,
    pub company_type: &'a str,
    pub company_size: &'a str,
    pub city: &'a str,
    pub address: &'a str,
    pub intro: &'a str,
    pub created_at: i64,
}

pub fn insert(conn: &mut DbConnection, new: &NewCompany) -> QueryResult<usize> {
    diesel::insert_into(companies::table).values(new).execute(conn)
}

/// Companies on the home page.
const HOME_COMPANIES: i64 = 8;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompanyCard {
    pub id: i64,
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
    let counts: Vec<(i64, i64)> = jobs::table
        .filter(jobs::closed.eq(false))
        .group_by(jobs::company_id)
        .select((jobs::company_id, diesel::dsl::count_star()))
        .order((diesel::dsl::count_star().desc(), jobs::company_id.asc()))
        .limit(HOME_COMPANIES)
        .load(c)?;
    let ids: Vec<i64> = counts.iter().map(|r| r.0).collect();
    let rows: Vec<(i64, String, String, String, String, String, String)> = companies::table
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
