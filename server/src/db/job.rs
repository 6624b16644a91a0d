//! `jobs`: the posted jobs.

use std::collections::HashMap;

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::jobs;
use crate::ids::{CompanyId, JobId};

#[derive(Debug, Insertable)]
#[diesel(table_name = jobs)]
pub struct NewJob<'a> {
    pub id: JobId,
    pub company_id: CompanyId,
    pub title: &'a str,
    pub city: &'a str,
    pub category: &'a str,
    pub industry: &'a str,
    pub salary_min: i32,
    pub salary_max: i32,
    pub experience: &'a str,
    pub education: &'a str,
    pub description: &'a str,
    pub tags: &'a str,
    pub keywords: &'a str,
    pub closed: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

pub fn insert(conn: &mut DbConnection, new: &NewJob) -> QueryResult<usize> {
    diesel::insert_into(jobs::table).values(new).execute(conn)
}

/// Whether the job is closed; NotFound for no such job.
pub fn is_closed(conn: &mut DbConnection, job: JobId) -> QueryResult<bool> {
    jobs::table.find(job).select(jobs::closed).first(conn)
}

/// The company that posted the job; NotFound for no such job.
pub fn company_of(conn: &mut DbConnection, job: JobId) -> QueryResult<CompanyId> {
    jobs::table.find(job).select(jobs::company_id).first(conn)
}

/// What a job's page shows beside its card.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = jobs)]
pub struct JobText {
    pub company_id: CompanyId,
    pub title: String,
    pub category: String,
    pub description: String,
}

/// NotFound for no such job.
pub fn text(conn: &mut DbConnection, job: JobId) -> QueryResult<JobText> {
    jobs::table.find(job).select(JobText::as_select()).first(conn)
}

// LIKE ignores case on SQLite but not on PostgreSQL: compare lower-cased text on both.
diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

pub const RELATED_LIMIT: usize = 12;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = jobs)]
struct KeywordsOfJob {
    keywords: String,
    category: String,
}

/// Related tags: keywords that appear in the same open jobs as the given tags (co-occurrence),
/// then keywords of jobs in the categories the tags name; the given tags themselves excluded.
pub fn related_keywords(conn: &mut DbConnection, tags: &[String]) -> QueryResult<Vec<String>> {
    let wanted: Vec<String> = tags.iter().map(|t| t.trim().to_lowercase()).filter(|t| !t.is_empty()).collect();
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let mut scores: HashMap<String, (u32, String)> = HashMap::new();
    for tag in &wanted {
        let pattern = format!("%{}%", crate::db::like_escape(tag));
        let rows: Vec<KeywordsOfJob> = jobs::table
            .filter(jobs::closed.eq(false))
            .filter(lower(jobs::keywords).like(pattern.clone()).escape('\\').or(lower(jobs::category).like(pattern).escape('\\')))
            .select(KeywordsOfJob::as_select())
            .limit(500)
            .load(conn)?;
        for KeywordsOfJob { keywords, category } in rows {
            let in_keywords = keywords.split(',').any(|k| k.trim().to_lowercase() == *tag);
            // A keyword that co-occurs with the tag weighs 3; one shared through the category, 1.
            let weight = if in_keywords { 3 } else { 1 };
            for k in keywords.split(',').map(str::trim).chain(std::iter::once(category.trim())) {
                if k.is_empty() || wanted.contains(&k.to_lowercase()) {
                    continue;
                }
                let entry = scores.entry(k.to_lowercase()).or_insert((0, k.to_string()));
                entry.0 += weight;
            }
        }
    }
    let mut ranked: Vec<(u32, String)> = scores.into_values().collect();
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    Ok(ranked.into_iter().take(RELATED_LIMIT).map(|(_, t)| t).collect())
}

pub fn exists(conn: &mut DbConnection, job: JobId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(jobs::table.find(job))).get_result(conn)
}

/// What the audit log names a job by, and whether it is closed.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = jobs)]
pub struct TitleAndState {
    pub title: String,
    pub closed: bool,
}

pub fn title_and_state(conn: &mut DbConnection, job: JobId) -> QueryResult<Option<TitleAndState>> {
    jobs::table.find(job).select(TitleAndState::as_select()).first(conn).optional()
}

/// Closes or opens the job; search follows by `updated_at`.
pub fn set_closed(conn: &mut DbConnection, job: JobId, closed: bool, now: i64) -> QueryResult<usize> {
    diesel::update(jobs::table.find(job)).set((jobs::closed.eq(closed), jobs::updated_at.eq(now))).execute(conn)
}

/// Closes every open job of the company; returns how many.
pub fn close_open_of_company(conn: &mut DbConnection, company: CompanyId, now: i64) -> QueryResult<usize> {
    diesel::update(jobs::table.filter(jobs::company_id.eq(company)).filter(jobs::closed.eq(false)))
        .set((jobs::closed.eq(true), jobs::updated_at.eq(now)))
        .execute(conn)
}

pub fn open_count(conn: &mut DbConnection) -> QueryResult<i64> {
    jobs::table.filter(jobs::closed.eq(false)).count().get_result(conn)
}
