//! What the job index and the resume index share: an embedded Tantivy index in a directory of
//! DATA_DIR, kept in step with the database by polling an `updated_at`, and searches taking turns.
//!
//! A `Source` says which rows an index holds and how each becomes a document; `Indexed` does the
//! rest (docs/search.md, "Keeping the index in step"). The index remembers (in its commit payload)
//! the newest stamp it holds, so a restart catches up from there; a missing, older-schema or
//! miscounted index is rebuilt.

use std::any::Any;
use std::collections::HashMap;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

use diesel::QueryResult;
use serde::{Deserialize, Serialize};
use tantivy::schema::{Field, Schema};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, Searcher, TantivyDocument, Term};

use super::analyzer;
use crate::db::DbConnection;

/// Rows re-read by a sync although older than the watermark: writers on other servers may
/// commit a little after the time they stamped.
pub const OVERLAP_MS: i64 = 30_000;
/// How stale the persisted read time may grow while nothing changes.
const PERSIST_READ_AFTER_MS: i64 = 60_000;
/// A restart that finds more changed rows than this rebuilds the index instead of syncing.
const REBUILD_ABOVE: i64 = 50_000;

/// The rows one index holds, read through diesel (one code path for SQLite and PostgreSQL).
pub trait Source: Send + Sync + 'static {
    /// One row as the index sees it.
    type Doc;
    type Fields: Copy + Send + Sync;
    /// Bump when the fields or the analyzer change: an index of another version is rebuilt.
    const VERSION: u32;
    /// The directory under DATA_DIR.
    const DIR: &'static str;
    /// What the log calls the rows.
    const WHAT: &'static str;
    /// The fields; one of them is `id`, a `u64` (INDEXED | FAST) holding the row's id.
    fn schema() -> (Schema, Self::Fields);
    /// Rows that belong in the index, in id order after `after`, `limit` at a time.
    fn batch(conn: &mut DbConnection, after: i64, limit: i64) -> QueryResult<Vec<Self::Doc>>;
    /// How many rows belong in the index.
    fn count(conn: &mut DbConnection) -> QueryResult<i64>;
    /// How many rows were stamped after `stamp`.
    fn changed_after(conn: &mut DbConnection, stamp: i64) -> QueryResult<i64>;
    /// The ids of rows stamped after `since`, with their stamps.
    fn changed(conn: &mut DbConnection, since: i64) -> QueryResult<Vec<(i64, i64)>>;
    /// These rows as they are now, whether or not they belong in the index.
    fn load(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<Self::Doc>>;
    /// The row's id and stamp (the newest `updated_at` that decides its document).
    fn key(doc: &Self::Doc) -> (i64, i64);
    /// The row's document, or none when it does not belong in the index (any more).
    fn document(fields: &Self::Fields, doc: &Self::Doc) -> Option<TantivyDocument>;
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

struct WriterState {
    writer: IndexWriter,
    watermark: i64,
    synced_at: i64,
    /// Rows applied within the overlap window and the stamp they had.
    seen: HashMap<i64, i64>,
}

/// One index of one `Source`.
pub struct Indexed<S: Source> {
    reader: IndexReader,
    pub(super) fields: S::Fields,
    id_field: Field,
    writer: Mutex<WriterState>,
    turns: Turns,
    /// The read time of the last sync the searcher shows (`synced_at`), for queries that correct
    /// for writes since (the resume index's openness).
    read_at: std::sync::atomic::AtomicI64,
    /// A value worked out from one searcher (its generation), kept until a sync brings another.
    memo: Mutex<Option<(u64, Arc<dyn Any + Send + Sync>)>>,
    _source: PhantomData<S>,
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

pub(super) struct Turn<'a>(&'a Turns);

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

/// A text field cut by the jieba analyzer (analyzer.rs), recording `record` per term.
pub(super) fn jieba_text(record: tantivy::schema::IndexRecordOption) -> tantivy::schema::TextOptions {
    tantivy::schema::TextOptions::default()
        .set_indexing_options(tantivy::schema::TextFieldIndexing::default().set_tokenizer(analyzer::ANALYZER).set_index_option(record))
}

pub(super) fn err(e: impl std::fmt::Display) -> String {
    format!("search index: {e}")
}

fn payload_of(index: &Index) -> Option<Payload> {
    let metas = index.load_metas().ok()?;
    serde_json::from_str(metas.payload.as_deref()?).ok()
}

fn commit<S: Source>(writer: &mut IndexWriter, watermark: i64, synced_at: i64) -> Result<(), String> {
    let payload = serde_json::to_string(&Payload { version: S::VERSION, watermark, synced_at }).map_err(err)?;
    let mut prepared = writer.prepare_commit().map_err(err)?;
    prepared.set_payload(&payload);
    prepared.commit().map_err(err)?;
    Ok(())
}

impl<S: Source> Indexed<S> {
    /// Opens the index in `dir`, rebuilding it from the database when it is missing, of
    /// another version or out of step, and catches up with rows changed since it was written.
    pub fn open(dir: &Path, conn: &mut DbConnection) -> Result<(Self, OpenReport), String> {
        let started = Instant::now();
        let existing = Index::open_in_dir(dir).ok().and_then(|i| payload_of(&i).filter(|p| p.version == S::VERSION).map(|p| (i, p)));
        // Many rows written since (a bulk load): building afresh is quicker than replacing them.
        let existing = match existing {
            Some((index, p)) => {
                // Strictly newer than anything applied: the overlap window (re-read by the sync
                // below) holds a whole bulk load stamped within seconds, which needs no rebuild.
                let changed = S::changed_after(conn, p.watermark).map_err(err)?;
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
        if !rebuilt && this.num_docs() != S::count(conn).map_err(err)? as u64 {
            tracing::warn!(rows = S::WHAT, "search index out of step with the database: rebuilding");
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

    /// `seen`: rows the index already holds at their stamp, within the overlap window.
    fn from_index(index: Index, seen: HashMap<i64, i64>) -> Result<Self, String> {
        index.tokenizers().register(analyzer::ANALYZER, analyzer::index_analyzer());
        let (schema, fields) = S::schema();
        let id_field = schema.get_field("id").map_err(err)?;
        let (watermark, synced_at) = payload_of(&index).map_or((0, 0), |p| (p.watermark, p.synced_at));
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into().map_err(err)?;
        // Syncs write a few documents at a time: one thread and a small arena.
        let writer = index.writer_with_num_threads(1, 32 * 1024 * 1024).map_err(err)?;
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(Self {
            reader,
            fields,
            id_field,
            writer: Mutex::new(WriterState { writer, watermark, synced_at, seen }),
            turns: Turns::new(cores),
            read_at: std::sync::atomic::AtomicI64::new(synced_at),
            memo: Mutex::new(None),
            _source: PhantomData,
        })
    }

    /// A fresh index of every row that belongs in it, and the rows it applied within the overlap
    /// window of its watermark, so the first sync does not index them a second time.
    fn build(dir: &Path, conn: &mut DbConnection) -> Result<(Index, HashMap<i64, i64>), String> {
        let started = Instant::now();
        if dir.exists() {
            std::fs::remove_dir_all(dir).map_err(err)?;
        }
        std::fs::create_dir_all(dir).map_err(err)?;
        let (schema, fields) = S::schema();
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
            let batch = S::batch(conn, after, 5000).map_err(err)?;
            let Some(last) = batch.last() else { break };
            after = S::key(last).0;
            for row in &batch {
                let (id, stamp) = S::key(row);
                watermark = watermark.max(stamp);
                if stamp > watermark - OVERLAP_MS {
                    recent.push((id, stamp));
                }
                if let Some(doc) = S::document(&fields, row) {
                    writer.add_document(doc).map_err(err)?;
                    count += 1;
                }
            }
        }
        commit::<S>(&mut writer, watermark, read_at)?;
        writer.wait_merging_threads().map_err(err)?;
        let applied: HashMap<i64, i64> = recent.into_iter().filter(|(_, at)| *at > watermark - OVERLAP_MS).collect();
        crate::memory::release_freed();
        tracing::info!(rows = S::WHAT, docs = count, millis = started.elapsed().as_millis() as u64, "search index built");
        Ok((index, applied))
    }

    pub fn num_docs(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    /// The searcher, after waiting for this search's turn.
    pub(super) fn searcher(&self) -> (Turn<'_>, Searcher) {
        let turn = self.turns.take();
        (turn, self.reader.searcher())
    }

    /// What `make` works out from `searcher`, once per searcher generation: the first caller after a
    /// sync makes it while later ones wait for it (they would only repeat the same work beside it).
    pub(super) fn memo<T: Any + Send + Sync>(&self, searcher: &Searcher, make: impl FnOnce(&Searcher) -> Result<T, String>) -> Result<Arc<T>, String> {
        let generation = searcher.generation().generation_id();
        let mut slot = self.memo.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((at, value)) = slot.as_ref() {
            if *at == generation {
                if let Ok(value) = Arc::clone(value).downcast::<T>() {
                    return Ok(value);
                }
            } else if *at > generation {
                // A search that took its searcher before the last sync: made for it alone.
                drop(slot);
                return Ok(Arc::new(make(searcher)?));
            }
        }
        let value = Arc::new(make(searcher)?);
        *slot = Some((generation, value.clone() as Arc<dyn Any + Send + Sync>));
        Ok(value)
    }

    /// Rows written at or after this time may not be in the searcher yet.
    pub fn fresh_from(&self) -> i64 {
        self.read_at.load(std::sync::atomic::Ordering::Acquire) - OVERLAP_MS
    }

    /// Applies every row written since the last sync; returns how many changed.
    pub fn sync(&self, conn: &mut DbConnection) -> Result<usize, String> {
        let mut state = self.writer.lock().map_err(err)?;
        let read_at = crate::ids::now_ms();
        let since = state.watermark.max(state.synced_at) - OVERLAP_MS;
        let changed = S::changed(conn, since).map_err(err)?;
        let todo: Vec<i64> = changed.iter().filter(|(id, at)| state.seen.get(id) != Some(at)).map(|(id, _)| *id).collect();
        if todo.is_empty() {
            // Nothing new: move the persisted read time on now and then (a commit of the payload
            // alone), so a restart re-reads a short window rather than the last bulk load.
            if read_at - state.synced_at > PERSIST_READ_AFTER_MS {
                let watermark = state.watermark;
                commit::<S>(&mut state.writer, watermark, read_at)?;
                state.synced_at = read_at;
            }
            self.read_at.store(read_at, std::sync::atomic::Ordering::Release);
            return Ok(0);
        }
        let mut watermark = state.watermark;
        let id_field = self.id_field;
        for chunk in todo.chunks(500) {
            let rows = S::load(conn, chunk).map_err(err)?;
            // A row gone from the database (none are deleted today) leaves the index too.
            for id in chunk {
                state.writer.delete_term(Term::from_field_u64(id_field, *id as u64));
            }
            for row in &rows {
                let (id, stamp) = S::key(row);
                if let Some(doc) = S::document(&self.fields, row) {
                    state.writer.add_document(doc).map_err(err)?;
                }
                watermark = watermark.max(stamp);
                state.seen.insert(id, stamp);
            }
        }
        commit::<S>(&mut state.writer, watermark, read_at)?;
        state.watermark = watermark;
        state.synced_at = read_at;
        let floor = watermark.max(read_at) - OVERLAP_MS;
        state.seen.retain(|_, at| *at > floor);
        // After a bulk load every row was written within the window: the map held a million rows
        // (about 30 MB) and keeps their room after they leave it unless told otherwise.
        if state.seen.capacity() > 4 * state.seen.len().max(1024) {
            state.seen.shrink_to_fit();
        }
        self.reader.reload().map_err(err)?;
        self.read_at.store(read_at, std::sync::atomic::Ordering::Release);
        Ok(todo.len())
    }

    /// Where the index lives under DATA_DIR.
    pub fn dir_in(data_dir: &Path) -> PathBuf {
        data_dir.join(S::DIR)
    }
}

/// The ids of the documents at `addresses`, in order, read from the `u64` fast field `field`.
pub(super) fn ids_at(searcher: &Searcher, field: &str, addresses: impl IntoIterator<Item = tantivy::DocAddress>) -> Result<Vec<i64>, String> {
    let mut ids = Vec::new();
    for a in addresses {
        let column = searcher.segment_reader(a.segment_ord).fast_fields().u64(field).map_err(err)?;
        if let Some(id) = column.first(a.doc_id) {
            ids.push(id as i64);
        }
    }
    Ok(ids)
}
