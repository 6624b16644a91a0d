//! Job search: an embedded Tantivy index with a Chinese (jieba) analyzer, kept in DATA_DIR.
//!
//! The database is the source of truth. Each server keeps its own index and keeps it in
//! step by polling `jobs.updated_at` (see docs/search.md and index.rs, shared with the resume
//! index in resumes.rs): every job written with a new `updated_at` is re-read and replaced in
//! the index, or removed when it is closed.
//!
//! One text field holds every word a job is found by: its title (weighed most), skill keywords,
//! company name, category, industry, city and description (see `document`). Filters are exact
//! terms (city, category, …) or fast-field ranges (salary, posting time), so a filter costs
//! little whatever the index size.

pub mod analyzer;
mod index;
pub mod resumes;
pub mod taxonomy;

use std::ops::Bound;

use diesel::prelude::*;
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{AllQuery, BooleanQuery, ConstScoreQuery, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{Field, IndexRecordOption, Schema, FAST, INDEXED, STRING};
use tantivy::{DocAddress, DocId, Order, Score, SegmentReader, TantivyDocument, Term};

use crate::db::DbConnection;
use crate::db::schema::{companies, jobs};

pub use index::{Indexed, OpenReport};
use index::{err, Source};

/// Bump when the fields or the analyzer change: an index of another version is rebuilt.
const SCHEMA_VERSION: u32 = 3;
const DAY_MS: i64 = 86_400_000;
/// At most this many results can be paged through.
pub const MAX_WINDOW: usize = 1000;

#[derive(Debug, Clone, Copy)]
pub struct Fields {
    id: Field,
    company_id: Field,
    text: Field,
    city: Field,
    category: Field,
    industry: Field,
    experience: Field,
    education: Field,
    com_type: Field,
    com_size: Field,
    salary_min: Field,
    salary_max: Field,
    posted_at: Field,
}

/// The exact-value filters of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    City,
    Category,
    Industry,
    Experience,
    Education,
    CompanyType,
    CompanySize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    #[default]
    Relevance,
    Newest,
    Salary,
}

#[derive(Debug, Clone, Default)]
pub struct JobQuery {
    pub text: String,
    /// Any word may match (recommendations, similar jobs) instead of all of them.
    pub any_word: bool,
    pub filters: Vec<(Filter, String)>,
    /// Monthly yuan: jobs whose range overlaps [lo, hi).
    pub salary: Option<(u64, Option<u64>)>,
    pub posted_since: Option<i64>,
    pub company: Option<i64>,
    pub exclude: Vec<i64>,
    pub sort: Sort,
    pub offset: usize,
    pub limit: usize,
}

#[derive(Debug, Clone, Default)]
pub struct Hits {
    pub ids: Vec<i64>,
    pub total: usize,
    /// The query's words and their parts, longest first: what a result page highlights.
    pub terms: Vec<String>,
    /// No job held every word, so these hold some of them.
    pub loose: bool,
}

/// One job as the index sees it.
#[derive(Debug, Clone, Queryable)]
pub struct JobDoc {
    pub id: i64,
    pub company_id: i64,
    pub title: String,
    pub city: String,
    pub category: String,
    pub industry: String,
    pub salary_min: i32,
    pub salary_max: i32,
    pub experience: String,
    pub education: String,
    pub description: String,
    pub keywords: String,
    pub closed: bool,
    pub created_at: i64,
    pub updated_at: i64,
    pub company_name: String,
    pub company_short: String,
    pub company_type: String,
    pub company_size: String,
}

type DocColumns = (
    jobs::id, jobs::company_id, jobs::title, jobs::city, jobs::category, jobs::industry, jobs::salary_min,
    jobs::salary_max, jobs::experience, jobs::education, jobs::description, jobs::keywords, jobs::closed,
    jobs::created_at, jobs::updated_at, companies::name, companies::short_name, companies::company_type,
    companies::company_size,
);

const DOC_COLUMNS: DocColumns = (
    jobs::id, jobs::company_id, jobs::title, jobs::city, jobs::category, jobs::industry, jobs::salary_min,
    jobs::salary_max, jobs::experience, jobs::education, jobs::description, jobs::keywords, jobs::closed,
    jobs::created_at, jobs::updated_at, companies::name, companies::short_name, companies::company_type,
    companies::company_size,
);

/// The job index: open jobs with their company.
pub type SearchIndex = Indexed<JobSource>;

pub struct JobSource;


/// Jobs (with their company) in id order after `after`, `limit` at a time.
fn load_batch(conn: &mut DbConnection, after: i64, limit: i64) -> QueryResult<Vec<JobDoc>> {
    jobs::table
        .inner_join(companies::table)
        .filter(jobs::id.gt(after))
        .filter(jobs::closed.eq(false))
        .order(jobs::id.asc())
        .limit(limit)
        .select(DOC_COLUMNS)
        .load(conn)
}

fn open_jobs(conn: &mut DbConnection) -> QueryResult<i64> {
    jobs::table.filter(jobs::closed.eq(false)).count().get_result(conn)
}

impl Source for JobSource {
    type Doc = JobDoc;
    type Fields = Fields;
    const VERSION: u32 = SCHEMA_VERSION;
    const DIR: &'static str = "search-index";
    const WHAT: &'static str = "jobs";

    fn schema() -> (Schema, Fields) {
        let mut b = Schema::builder();
        let fields = Fields {
            id: b.add_u64_field("id", INDEXED | FAST),
            company_id: b.add_u64_field("company_id", INDEXED | FAST),
            text: b.add_text_field("text", index::jieba_text(IndexRecordOption::WithFreqs)),
            city: b.add_text_field("city", STRING),
            category: b.add_text_field("category", STRING),
            industry: b.add_text_field("industry", STRING),
            experience: b.add_text_field("experience", STRING),
            education: b.add_text_field("education", STRING),
            com_type: b.add_text_field("com_type", STRING),
            com_size: b.add_text_field("com_size", STRING),
            salary_min: b.add_u64_field("salary_min", FAST),
            salary_max: b.add_u64_field("salary_max", FAST),
            posted_at: b.add_i64_field("posted_at", FAST),
        };
        (b.build(), fields)
    }


    fn batch(conn: &mut DbConnection, after: i64, limit: i64) -> QueryResult<Vec<JobDoc>> {
        load_batch(conn, after, limit)
    }

    fn count(conn: &mut DbConnection) -> QueryResult<i64> {
        open_jobs(conn)
    }

    fn changed_after(conn: &mut DbConnection, stamp: i64) -> QueryResult<i64> {
        jobs::table.filter(jobs::updated_at.gt(stamp)).count().get_result(conn)
    }

    fn changed(conn: &mut DbConnection, since: i64) -> QueryResult<Vec<(i64, i64)>> {
        jobs::table.filter(jobs::updated_at.gt(since)).select((jobs::id, jobs::updated_at)).load(conn)
    }

    fn load(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<JobDoc>> {
        jobs::table.inner_join(companies::table).filter(jobs::id.eq_any(ids)).select(DOC_COLUMNS).load(conn)
    }

    fn key(job: &JobDoc) -> (i64, i64) {
        (job.id, job.updated_at)
    }

    fn document(fields: &Fields, job: &JobDoc) -> Option<TantivyDocument> {
        (!job.closed).then(|| document(fields, job))
    }
}

impl SearchIndex {
    fn filter_field(&self, f: Filter) -> Field {
        match f {
            Filter::City => self.fields.city,
            Filter::Category => self.fields.category,
            Filter::Industry => self.fields.industry,
            Filter::Experience => self.fields.experience,
            Filter::Education => self.fields.education,
            Filter::CompanyType => self.fields.com_type,
            Filter::CompanySize => self.fields.com_size,
        }
    }

    /// A term anywhere in a job's text; how often it occurs there weighs the title most.
    fn term_anywhere(&self, term: &str) -> Box<dyn Query> {
        Box::new(TermQuery::new(Term::from_field_text(self.fields.text, term), IndexRecordOption::WithFreqs))
    }

    fn build_query(&self, q: &JobQuery, words: &[analyzer::QueryWord], loose: bool) -> Box<dyn Query> {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let word_clauses: Vec<Box<dyn Query>> = words
            .iter()
            .map(|w| {
                let whole = self.term_anywhere(&w.word);
                if w.parts.is_empty() {
                    return whole;
                }
                // The word itself, or all of its parts (a document may segment it differently).
                let parts = BooleanQuery::new(w.parts.iter().map(|p| (Occur::Must, self.term_anywhere(p))).collect());
                Box::new(BooleanQuery::new(vec![(Occur::Should, whole), (Occur::Should, Box::new(parts))])) as Box<dyn Query>
            })
            .collect();
        if !word_clauses.is_empty() {
            if q.any_word || loose {
                clauses.push((Occur::Must, Box::new(BooleanQuery::new(word_clauses.into_iter().map(|c| (Occur::Should, c)).collect()))));
            } else {
                clauses.extend(word_clauses.into_iter().map(|c| (Occur::Must, c)));
            }
        }
        let filter = |query: Box<dyn Query>| (Occur::Must, Box::new(ConstScoreQuery::new(query, 0.0)) as Box<dyn Query>);
        for (f, value) in &q.filters {
            let term = Term::from_field_text(self.filter_field(*f), value);
            clauses.push(filter(Box::new(TermQuery::new(term, IndexRecordOption::Basic))));
        }
        if let Some((lo, hi)) = q.salary {
            let f = &self.fields;
            clauses.push(filter(Box::new(RangeQuery::new(Bound::Included(Term::from_field_u64(f.salary_max, lo)), Bound::Unbounded))));
            if let Some(hi) = hi {
                clauses.push(filter(Box::new(RangeQuery::new(Bound::Unbounded, Bound::Excluded(Term::from_field_u64(f.salary_min, hi))))));
            }
        }
        if let Some(since) = q.posted_since {
            let t = Term::from_field_i64(self.fields.posted_at, since);
            clauses.push(filter(Box::new(RangeQuery::new(Bound::Included(t), Bound::Unbounded))));
        }
        if let Some(company) = q.company {
            let t = Term::from_field_u64(self.fields.company_id, company as u64);
            clauses.push(filter(Box::new(TermQuery::new(t, IndexRecordOption::Basic))));
        }
        if clauses.is_empty() {
            clauses.push((Occur::Must, Box::new(AllQuery)));
        }
        for id in &q.exclude {
            let t = Term::from_field_u64(self.fields.id, *id as u64);
            clauses.push((Occur::MustNot, Box::new(TermQuery::new(t, IndexRecordOption::Basic))));
        }
        Box::new(BooleanQuery::new(clauses))
    }

    pub fn search(&self, q: &JobQuery) -> Result<Hits, String> {
        let (_turn, searcher) = self.searcher();
        let words = analyzer::query_words(&q.text);
        let mut terms: Vec<String> = words.iter().flat_map(|w| std::iter::once(w.word.clone()).chain(w.parts.iter().cloned())).collect();
        terms.sort_by(|a, b| b.chars().count().cmp(&a.chars().count()).then_with(|| a.cmp(b)));
        terms.dedup();
        let (ids, total) = self.run(&searcher, q, &words, false)?;
        if total == 0 && words.len() > 1 && !q.any_word {
            let (ids, total) = self.run(&searcher, q, &words, true)?;
            return Ok(Hits { ids, total, terms, loose: total > 0 });
        }
        Ok(Hits { ids, total, terms, loose: false })
    }

    fn run(&self, searcher: &tantivy::Searcher, q: &JobQuery, words: &[analyzer::QueryWord], loose: bool) -> Result<(Vec<i64>, usize), String> {
        let query = self.build_query(q, words, loose);
        let top = TopDocs::with_limit(q.limit.max(1)).and_offset(q.offset);
        let sort = if words.is_empty() && q.sort == Sort::Relevance { Sort::Newest } else { q.sort };
        let (total, addresses): (usize, Vec<DocAddress>) = match sort {
            Sort::Relevance => {
                let now = crate::ids::now_ms();
                // Relevance, with up to 15% more for a job posted today, fading over 60 days.
                let collector = top.tweak_score(move |segment: &SegmentReader| {
                    let posted = segment.fast_fields().i64("posted_at").ok().map(|c| c.first_or_default_col(0));
                    move |doc: DocId, score: Score| {
                        let age = posted.as_ref().map_or(60.0, |c| (now - c.get_val(doc)) as f32 / DAY_MS as f32);
                        score * (1.0 + 0.15 * (1.0 - age / 60.0).clamp(0.0, 1.0))
                    }
                });
                let (n, docs) = searcher.search(&query, &(Count, collector)).map_err(err)?;
                (n, docs.into_iter().map(|(_, a)| a).collect())
            }
            Sort::Newest => {
                let collector = top.order_by_fast_field::<i64>("posted_at", Order::Desc);
                let (n, docs) = searcher.search(&query, &(Count, collector)).map_err(err)?;
                (n, docs.into_iter().map(|(_, a)| a).collect())
            }
            Sort::Salary => {
                let collector = top.order_by_fast_field::<u64>("salary_max", Order::Desc);
                let (n, docs) = searcher.search(&query, &(Count, collector)).map_err(err)?;
                (n, docs.into_iter().map(|(_, a)| a).collect())
            }
        };
        Ok((index::ids_at(searcher, "id", addresses)?, total))
    }
}

fn document(f: &Fields, job: &JobDoc) -> TantivyDocument {
    let mut d = TantivyDocument::default();
    d.add_u64(f.id, job.id as u64);
    d.add_u64(f.company_id, job.company_id as u64);
    d.add_text(f.text, searchable_text(job));
    d.add_text(f.city, &job.city);
    d.add_text(f.category, &job.category);
    d.add_text(f.industry, &job.industry);
    d.add_text(f.experience, &job.experience);
    d.add_text(f.education, &job.education);
    d.add_text(f.com_type, &job.company_type);
    d.add_text(f.com_size, &job.company_size);
    d.add_u64(f.salary_min, job.salary_min.max(0) as u64);
    d.add_u64(f.salary_max, job.salary_max.max(0) as u64);
    d.add_i64(f.posted_at, job.created_at);
    d
}

/// A job's words in one field, weighed at index time by repetition: BM25 scores a term by how
/// often it occurs, so the title counts three times, the skills twice, the rest once. One field
/// makes each query word one posting list; a union over four fields per word (title, keywords,
/// company, body, boosted at query time) took most of a search's time (docs/BENCHMARKS.md).
/// Lines keep jieba from joining words across parts.
fn searchable_text(job: &JobDoc) -> String {
    let keywords = job.keywords.replace(',', " ");
    let company = if job.company_short.is_empty() { job.company_name.clone() } else { format!("{} {}", job.company_short, job.company_name) };
    [&job.title, &job.title, &job.title, &keywords, &keywords, &company, &job.category, &job.industry, &job.city, &job.description]
        .map(String::as_str)
        .join("\n")
}

/// Keeps both indexes (jobs and resumes) in step with the database, every `every`, on a thread of
/// its own. Runs on each server of a cluster: each keeps its own indexes, and this only reads
/// (domain/background.rs).
pub fn spawn_sync(index: std::sync::Arc<SearchIndex>, resumes: std::sync::Arc<resumes::ResumeIndex>, pool: crate::db::Pool, every: std::time::Duration) {
    let spawned = std::thread::Builder::new().name("search-sync".into()).spawn(move || {
        // Warm the home page's slowest part and the dictionary while nobody waits for them.
        analyzer::load_dictionary();
        if let Ok(mut conn) = pool.get() {
            if let Err(e) = crate::db::company::well_known(&mut conn) {
                tracing::warn!(error = %e, "well-known companies");
            }
        }
        loop {
            std::thread::sleep(every);
            let result = pool.get().map_err(err).and_then(|mut conn| Ok((index.sync(&mut conn)?, resumes.sync(&mut conn)?)));
            match result {
                Ok((0, 0)) => {}
                Ok((jobs, resumes)) => tracing::info!(jobs, resumes, "search index synced"),
                Err(e) => tracing::error!(error = %e, "search index sync"),
            }
        }
    });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "search sync thread");
    }
}
