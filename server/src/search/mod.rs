//! Job search: an embedded Tantivy index with a Chinese (jieba) analyzer, kept in DATA_DIR.
//!
//! The database is the source of truth. Each server keeps its own index and keeps it in
//! step by polling `jobs.updated_at` (see docs/search.md): every job written with a new
//! `updated_at` is re-read and replaced in the index, or removed when it is closed. The
//! index remembers (in its commit payload) the newest `updated_at` it holds, so a restart
//! catches up from there; a missing, older-schema or miscounted index is rebuilt.
//!
//! One text field holds every word a job is found by: its title (weighed most), skill keywords,
//! company name, category, industry, city and description (see `document`). Filters are exact
//! terms (city, category, …) or fast-field ranges (salary, posting time), so a filter costs
//! little whatever the index size.

pub mod analyzer;
pub mod taxonomy;

use std::collections::HashMap;
use std::ops::Bound;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{AllQuery, BooleanQuery, ConstScoreQuery, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST, INDEXED, STRING};
use tantivy::{DocAddress, DocId, Index, IndexReader, IndexWriter, Order, ReloadPolicy, Score, SegmentReader, TantivyDocument, Term};

use crate::db::DbConnection;
use crate::db::schema::{companies, jobs};

/// Bump when the fields or the analyzer change: an index of another version is rebuilt.
const SCHEMA_VERSION: u32 = 3;
/// Rows re-read by a sync although older than the watermark: writers on other servers may
/// commit a little after the time they stamped.
const OVERLAP_MS: i64 = 30_000;
const DAY_MS: i64 = 86_400_000;
/// How stale the persisted read time may grow while nothing changes.
const PERSIST_READ_AFTER_MS: i64 = 60_000;
/// A restart that finds more changed jobs than this rebuilds the index instead of syncing.
const REBUILD_ABOVE: i64 = 50_000;
/// At most this many results can be paged through.
pub const MAX_WINDOW: usize = 1000;

#[derive(Debug, Clone, Copy)]
struct Fields {
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

#[derive(Debug, Serialize, Deserialize)]
struct Payload {
    version: u32,
    watermark: i64,
    /// The wall-clock time of the last read of changed rows: every row stamped more than the
    /// overlap before it was visible to that read, so a reopened index re-reads only after it.
    #[serde(default)]
    synced_at: i64,
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

struct WriterState {
    writer: IndexWriter,
    watermark: i64,
    synced_at: i64,
    /// Rows applied within the overlap window and the `updated_at` they had.
    seen: HashMap<i64, i64>,
}

pub struct SearchIndex {
    reader: IndexReader,
    fields: Fields,
    writer: Mutex<WriterState>,
    turns: Turns,
}

/// Searches run a few at a time, in the order they came: a search is pure CPU, so more at once
/// than there are cores only makes each slower, and the longest ones slowest of all (the p99).
/// Waiting in line instead keeps every search near its own time plus those ahead of it.
struct Turns {
    /// The next ticket to hand out and how many searches have finished.
    state: Mutex<(u64, u64)>,
    finished: Condvar,
    at_once: u64,
}

struct Turn<'a>(&'a Turns);

impl Turns {
    fn new(at_once: usize) -> Self {
        Self { state: Mutex::new((0, 0)), finished: Condvar::new(), at_once: at_once.max(1) as u64 }
    }

    fn take(&self) -> Turn<'_> {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let ticket = state.0;
        state.0 += 1;
        while ticket >= state.1 + self.at_once {
            state = self.finished.wait(state).unwrap_or_else(|p| p.into_inner());
        }
        Turn(self)
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        self.0.state.lock().unwrap_or_else(|p| p.into_inner()).1 += 1;
        self.0.finished.notify_all();
    }
}

/// What opening the index did, for the log and the benchmark.
#[derive(Debug, Clone, Copy)]
pub struct OpenReport {
    pub rebuilt: bool,
    pub docs: u64,
    pub millis: u128,
}

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let text = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default().set_tokenizer(analyzer::ANALYZER).set_index_option(IndexRecordOption::WithFreqs),
    );
    let fields = Fields {
        id: b.add_u64_field("id", INDEXED | FAST),
        company_id: b.add_u64_field("company_id", INDEXED | FAST),
        text: b.add_text_field("text", text),
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

fn err(e: impl std::fmt::Display) -> String {
    format!("search index: {e}")
}

fn payload_of(index: &Index) -> Option<Payload> {
    let metas = index.load_metas().ok()?;
    serde_json::from_str(metas.payload.as_deref()?).ok()
}

fn commit(writer: &mut IndexWriter, watermark: i64, synced_at: i64) -> Result<(), String> {
    let payload = serde_json::to_string(&Payload { version: SCHEMA_VERSION, watermark, synced_at }).map_err(err)?;
    let mut prepared = writer.prepare_commit().map_err(err)?;
    prepared.set_payload(&payload);
    prepared.commit().map_err(err)?;
    Ok(())
}

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

impl SearchIndex {
    /// Opens the index in `dir`, rebuilding it from the database when it is missing, of
    /// another version or out of step, and catches up with jobs changed since it was written.
    pub fn open(dir: &Path, conn: &mut DbConnection) -> Result<(Self, OpenReport), String> {
        let started = Instant::now();
        let existing = Index::open_in_dir(dir).ok().and_then(|i| payload_of(&i).filter(|p| p.version == SCHEMA_VERSION).map(|p| (i, p)));
        // Many rows written since (a bulk load): building afresh is quicker than replacing them.
        let existing = match existing {
            Some((index, p)) => {
                // Strictly newer than anything applied: the overlap window (re-read by the sync
                // below) holds a whole bulk load stamped within seconds, which needs no rebuild.
                let changed: i64 = jobs::table.filter(jobs::updated_at.gt(p.watermark)).count().get_result(conn).map_err(err)?;
                (changed < REBUILD_ABOVE).then_some(index)
            }
            None => None,
        };
        let (index, rebuilt, applied) = match existing {
            Some(index) => (index, false, HashMap::new()),
            None => {
                let (index, applied) = Self::build(dir, conn)?;
                (index, true, applied)
            }
        };
        let mut this = Self::from_index(index, applied)?;
        this.sync(conn)?;
        if !rebuilt && this.num_docs() != open_jobs(conn).map_err(err)? as u64 {
            tracing::warn!("search index out of step with the database: rebuilding");
            drop(this);
            let (index, applied) = Self::build(dir, conn)?;
            this = Self::from_index(index, applied)?;
            this.sync(conn)?;
            let docs = this.num_docs();
            return Ok((this, OpenReport { rebuilt: true, docs, millis: started.elapsed().as_millis() }));
        }
        let docs = this.num_docs();
        Ok((this, OpenReport { rebuilt, docs, millis: started.elapsed().as_millis() }))
    }

    /// `seen`: rows the index already holds at their `updated_at`, within the overlap window.
    fn from_index(index: Index, seen: HashMap<i64, i64>) -> Result<Self, String> {
        index.tokenizers().register(analyzer::ANALYZER, analyzer::index_analyzer());
        let fields = schema().1;
        let (watermark, synced_at) = payload_of(&index).map_or((0, 0), |p| (p.watermark, p.synced_at));
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into().map_err(err)?;
        // Syncs write a few documents at a time: one thread and a small arena.
        let writer = index.writer_with_num_threads(1, 32 * 1024 * 1024).map_err(err)?;
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(Self { reader, fields, writer: Mutex::new(WriterState { writer, watermark, synced_at, seen }), turns: Turns::new(cores) })
    }

    /// A fresh index of every open job, and the rows it applied within the overlap window of its
    /// watermark, so the first sync does not index them a second time.
    fn build(dir: &Path, conn: &mut DbConnection) -> Result<(Index, HashMap<i64, i64>), String> {
        let started = Instant::now();
        if dir.exists() {
            std::fs::remove_dir_all(dir).map_err(err)?;
        }
        std::fs::create_dir_all(dir).map_err(err)?;
        let (schema, fields) = schema();
        let index = Index::create_in_dir(dir, schema).map_err(err)?;
        index.tokenizers().register(analyzer::ANALYZER, analyzer::index_analyzer());
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);
        // 64 MB per indexing thread: the build takes about as long as with more, and the
        // server's memory afterwards stays small (see docs/BENCHMARKS.md).
        let mut writer: IndexWriter = index.writer_with_num_threads(threads, threads * 64 * 1024 * 1024).map_err(err)?;
        let (mut after, mut watermark, mut count) = (0i64, 0i64, 0u64);
        let read_at = crate::ids::now_ms();
        let mut recent: Vec<(i64, i64)> = Vec::new();
        loop {
            let batch = load_batch(conn, after, 5000).map_err(err)?;
            let Some(last) = batch.last() else { break };
            after = last.id;
            for job in &batch {
                watermark = watermark.max(job.updated_at);
                if job.updated_at > watermark - OVERLAP_MS {
                    recent.push((job.id, job.updated_at));
                }
                writer.add_document(document(&fields, job)).map_err(err)?;
            }
            count += batch.len() as u64;
        }
        commit(&mut writer, watermark, read_at)?;
        writer.wait_merging_threads().map_err(err)?;
        let applied: HashMap<i64, i64> = recent.into_iter().filter(|(_, at)| *at > watermark - OVERLAP_MS).collect();
        crate::memory::release_freed();
        tracing::info!(docs = count, millis = started.elapsed().as_millis() as u64, "search index built");
        Ok((index, applied))
    }

    pub fn num_docs(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    /// Applies every job written since the last sync; returns how many changed.
    pub fn sync(&self, conn: &mut DbConnection) -> Result<usize, String> {
        let mut state = self.writer.lock().map_err(err)?;
        let read_at = crate::ids::now_ms();
        let since = state.watermark.max(state.synced_at) - OVERLAP_MS;
        let changed: Vec<(i64, i64)> =
            jobs::table.filter(jobs::updated_at.gt(since)).select((jobs::id, jobs::updated_at)).load(conn).map_err(err)?;
        let todo: Vec<i64> =
            changed.iter().filter(|(id, at)| state.seen.get(id) != Some(at)).map(|(id, _)| *id).collect();
        if todo.is_empty() {
            // Nothing new: move the persisted read time on now and then (a commit of the payload
            // alone), so a restart re-reads a short window rather than the last bulk load.
            if read_at - state.synced_at > PERSIST_READ_AFTER_MS {
                let watermark = state.watermark;
                commit(&mut state.writer, watermark, read_at)?;
                state.synced_at = read_at;
            }
            return Ok(0);
        }
        let mut watermark = state.watermark;
        for chunk in todo.chunks(500) {
            let docs: Vec<JobDoc> =
                jobs::table.inner_join(companies::table).filter(jobs::id.eq_any(chunk)).select(DOC_COLUMNS).load(conn).map_err(err)?;
            for job in &docs {
                state.writer.delete_term(Term::from_field_u64(self.fields.id, job.id as u64));
                if !job.closed {
                    state.writer.add_document(document(&self.fields, job)).map_err(err)?;
                }
                watermark = watermark.max(job.updated_at);
                state.seen.insert(job.id, job.updated_at);
            }
        }
        commit(&mut state.writer, watermark, read_at)?;
        state.watermark = watermark;
        state.synced_at = read_at;
        let floor = watermark.max(read_at) - OVERLAP_MS;
        state.seen.retain(|_, at| *at > floor);
        // After a bulk load every job was written within the window: the map held a million rows
        // (about 30 MB) and keeps their room after they leave it unless told otherwise.
        if state.seen.capacity() > 4 * state.seen.len().max(1024) {
            state.seen.shrink_to_fit();
        }
        self.reader.reload().map_err(err)?;
        Ok(todo.len())
    }

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
        let _turn = self.turns.take();
        let words = analyzer::query_words(&q.text);
        let mut terms: Vec<String> = words.iter().flat_map(|w| std::iter::once(w.word.clone()).chain(w.parts.iter().cloned())).collect();
        terms.sort_by(|a, b| b.chars().count().cmp(&a.chars().count()).then_with(|| a.cmp(b)));
        terms.dedup();
        let (ids, total) = self.run(q, &words, false)?;
        if total == 0 && words.len() > 1 && !q.any_word {
            let (ids, total) = self.run(q, &words, true)?;
            return Ok(Hits { ids, total, terms, loose: total > 0 });
        }
        Ok(Hits { ids, total, terms, loose: false })
    }

    fn run(&self, q: &JobQuery, words: &[analyzer::QueryWord], loose: bool) -> Result<(Vec<i64>, usize), String> {
        let query = self.build_query(q, words, loose);
        let searcher = self.reader.searcher();
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
        let mut ids = Vec::with_capacity(addresses.len());
        for a in addresses {
            let column = searcher.segment_reader(a.segment_ord).fast_fields().u64("id").map_err(err)?;
            if let Some(id) = column.first(a.doc_id) {
                ids.push(id as i64);
            }
        }
        Ok((ids, total))
    }

    /// Where the index lives under DATA_DIR.
    pub fn dir_in(data_dir: &Path) -> PathBuf {
        data_dir.join("search-index")
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

/// Keeps the index in step with the database, every `every`, on a thread of its own. Runs on each
/// server of a cluster: each keeps its own index, and this only reads (domain/background.rs).
pub fn spawn_sync(index: std::sync::Arc<SearchIndex>, pool: crate::db::Pool, every: std::time::Duration) {
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
            let result = pool.get().map_err(err).and_then(|mut conn| index.sync(&mut conn));
            match result {
                Ok(0) => {}
                Ok(n) => tracing::info!(jobs = n, "search index synced"),
                Err(e) => tracing::error!(error = %e, "search index sync"),
            }
        }
    });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "search sync thread");
    }
}
