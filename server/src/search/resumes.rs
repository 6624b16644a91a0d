//! Resume search for companies: a second Tantivy index (DATA_DIR/resume-index), kept in step like
//! the job index (index.rs) and read by domain/employer.rs.
//!
//! It holds only the resumes any company may find: filled, of an enabled candidate, and searchable
//! by their openness (domain/visibility.rs). A resume's stamp is the newer of `resumes.updated_at`
//! and `resume_openness.updated_at`; disabling or enabling a candidate touches their resumes
//! (db/user.rs `set_disabled`), so each of these changes reaches the index at the next sync, and a
//! resume that no longer qualifies leaves it. What differs per company (its blocks) and what may
//! change between syncs (openness set a moment ago, top placement) is applied at query time.
//!
//! A keyword matches the jieba words of the resume's title, keywords, target category and names
//! (as job search reads them), or else every character pair (a single character: itself) of the
//! same text, so a two-character name or a piece of a title is found as the SQL `LIKE` found it.

use std::collections::{HashMap, HashSet};
use std::ops::Bound;
use std::sync::Arc;

use diesel::prelude::*;
use tantivy::collector::sort_key::SortByStaticFastValue;
use tantivy::collector::{Count, FilterCollector, TopDocs};
use tantivy::query::{AllQuery, BooleanQuery, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{Field, IndexRecordOption, Schema, FAST, INDEXED, STRING};
use tantivy::{Order, TantivyDocument, Term};

use super::analyzer;
use super::index::{err, jieba_text, Indexed, Source};
use crate::db::schema::{resume_openness, resumes, users};
use crate::db::DbConnection;

/// The resume index.
pub type ResumeIndex = Indexed<ResumeSource>;

pub struct ResumeSource;

#[derive(Debug, Clone, Copy)]
pub struct Fields {
    id: Field,
    user_id: Field,
    text: Field,
    grams: Field,
    city: Field,
    education: Field,
    category: Field,
    work_since: Field,
    years: Field,
    updated_at: Field,
}


/// One resume as the index sees it.
#[derive(Debug, Clone, Queryable)]
pub struct ResumeRow {
    pub id: i64,
    pub user_id: i64,
    pub title: String,
    pub name: String,
    pub city: String,
    pub target_city: String,
    pub education: String,
    pub work_since: String,
    pub target_category: String,
    pub keywords: String,
    pub filled: bool,
    pub updated_at: i64,
    pub user_name: String,
    pub disabled: bool,
}

/// A resume with its openness setting (none: public) and when that was set.
#[derive(Debug, Clone)]
pub struct ResumeDoc {
    pub row: ResumeRow,
    pub openness: Option<(String, i64)>,
}

type RowColumns = (
    resumes::id, resumes::user_id, resumes::title, resumes::name, resumes::city, resumes::target_city, resumes::education,
    resumes::work_since, resumes::target_category, resumes::keywords, resumes::filled, resumes::updated_at, users::name, users::disabled,
);

const ROW_COLUMNS: RowColumns = (
    resumes::id, resumes::user_id, resumes::title, resumes::name, resumes::city, resumes::target_city, resumes::education,
    resumes::work_since, resumes::target_category, resumes::keywords, resumes::filled, resumes::updated_at, users::name, users::disabled,
);

fn with_openness(conn: &mut DbConnection, rows: Vec<ResumeRow>) -> QueryResult<Vec<ResumeDoc>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let set: HashMap<i64, (String, i64)> = resume_openness::table
        .filter(resume_openness::resume_id.eq_any(&ids))
        .select((resume_openness::resume_id, resume_openness::openness, resume_openness::updated_at))
        .load::<(i64, String, i64)>(conn)?
        .into_iter()
        .map(|(id, code, at)| (id, (code, at)))
        .collect();
    Ok(rows.into_iter().map(|row| ResumeDoc { openness: set.get(&row.id).cloned(), row }).collect())
}

/// The resume editor's years-of-work codes (core-wasm's resume.rs) as the search form's ranges.
const YEARS: &[(&str, &str)] = &[("1to3", "1-3"), ("3to5", "3-5"), ("5to10", "5-10"), ("gt10", "10-")];

/// `YYYY-MM` (or `YYYY`) as a number that orders as the text does: 2015-06 → 201506, 2015 → 201500.
/// Anything else has no work start, and no years-of-work range holds it.
pub fn work_month(text: &str) -> Option<i64> {
    let t = text.trim();
    let year: i64 = t.get(..4).filter(|y| y.bytes().all(|b| b.is_ascii_digit()))?.parse().ok()?;
    let month = match t.get(4..) {
        Some("") => 0,
        Some(rest) => rest.strip_prefix('-').and_then(|m| m.get(..2)).filter(|m| m.bytes().all(|b| b.is_ascii_digit()))?.parse().ok()?,
        None => return None,
    };
    Some(year * 100 + month)
}

fn is_gram_char(c: char) -> bool {
    c.is_alphanumeric()
}

/// The character pairs of each run of letters, digits and Chinese characters in `text`, lower-cased,
/// and each Chinese character alone (a one-character query).
fn grams(text: &str, out: &mut HashSet<String>) {
    let lower = text.to_lowercase();
    for run in lower.split(|c: char| !is_gram_char(c)).filter(|r| !r.is_empty()) {
        let chars: Vec<char> = run.chars().collect();
        for (i, c) in chars.iter().enumerate() {
            if !c.is_ascii() {
                out.insert(c.to_string());
            }
            if let Some(next) = chars.get(i + 1) {
                out.insert([*c, *next].iter().collect());
            }
        }
    }
}

/// The grams every match of a keyword holds: the pairs of each of its runs, or a lone character.
fn query_grams(keyword: &str) -> Vec<String> {
    let lower = keyword.to_lowercase();
    let mut out: Vec<String> = Vec::new();
    for run in lower.split(|c: char| !is_gram_char(c)).filter(|r| !r.is_empty()) {
        let chars: Vec<char> = run.chars().collect();
        if chars.len() == 1 {
            if !chars[0].is_ascii() {
                out.push(run.to_string());
            }
            continue;
        }
        for pair in chars.windows(2) {
            let g: String = pair.iter().collect();
            if !out.contains(&g) {
                out.push(g);
            }
        }
    }
    out
}

impl Source for ResumeSource {
    type Doc = ResumeDoc;
    type Fields = Fields;
    const VERSION: u32 = 1;
    const DIR: &'static str = "resume-index";
    const WHAT: &'static str = "resumes";

    fn schema() -> (Schema, Fields) {
        let mut b = Schema::builder();
        let [id, user_id] = ["id", "user_id"].map(|name| b.add_u64_field(name, INDEXED | FAST));
        // Matched, never ranked by: no frequencies.
        let text = b.add_text_field("text", jieba_text(IndexRecordOption::Basic));
        // Exact values: the character pairs, the filters.
        let [grams, city, education, category, years] = ["grams", "city", "education", "category", "years"].map(|name| b.add_text_field(name, STRING));
        let [work_since, updated_at] = ["work_since", "updated_at"].map(|name| b.add_i64_field(name, FAST));
        (b.build(), Fields { id, user_id, text, grams, city, education, category, work_since, years, updated_at })
    }

    fn batch(conn: &mut DbConnection, after: i64, limit: i64) -> QueryResult<Vec<ResumeDoc>> {
        let rows: Vec<ResumeRow> = resumes::table
            .inner_join(users::table)
            .filter(resumes::id.gt(after))
            .filter(resumes::filled.eq(true))
            .filter(users::disabled.eq(false))
            .order(resumes::id.asc())
            .limit(limit)
            .select(ROW_COLUMNS)
            .load(conn)?;
        with_openness(conn, rows)
    }

    fn count(conn: &mut DbConnection) -> QueryResult<i64> {
        resumes::table
            .inner_join(users::table)
            .filter(resumes::filled.eq(true))
            .filter(users::disabled.eq(false))
            .filter(resumes::id.ne_all(crate::db::resume_openness::unsearchable()))
            .count()
            .get_result(conn)
    }

    fn changed_after(conn: &mut DbConnection, stamp: i64) -> QueryResult<i64> {
        let rows: i64 = resumes::table.filter(resumes::updated_at.gt(stamp)).count().get_result(conn)?;
        let settings: i64 = resume_openness::table.filter(resume_openness::updated_at.gt(stamp)).count().get_result(conn)?;
        Ok(rows + settings)
    }

    fn changed(conn: &mut DbConnection, since: i64) -> QueryResult<Vec<(i64, i64)>> {
        let rows: Vec<(i64, i64)> = resumes::table.filter(resumes::updated_at.gt(since)).select((resumes::id, resumes::updated_at)).load(conn)?;
        let settings: Vec<(i64, i64)> = resume_openness::table
            .filter(resume_openness::updated_at.gt(since))
            .select((resume_openness::resume_id, resume_openness::updated_at))
            .load(conn)?;
        // The newer of the two stamps, as `key` reads it (the other is older than `since`).
        let mut stamps: HashMap<i64, i64> = HashMap::with_capacity(rows.len() + settings.len());
        for (id, at) in rows.into_iter().chain(settings) {
            let e = stamps.entry(id).or_insert(at);
            *e = (*e).max(at);
        }
        Ok(stamps.into_iter().collect())
    }

    fn load(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<ResumeDoc>> {
        let rows: Vec<ResumeRow> = resumes::table.inner_join(users::table).filter(resumes::id.eq_any(ids)).select(ROW_COLUMNS).load(conn)?;
        with_openness(conn, rows)
    }

    fn key(doc: &ResumeDoc) -> (i64, i64) {
        (doc.row.id, doc.openness.as_ref().map_or(doc.row.updated_at, |(_, at)| doc.row.updated_at.max(*at)))
    }

    fn document(f: &Fields, doc: &ResumeDoc) -> Option<TantivyDocument> {
        let r = &doc.row;
        let searchable = doc.openness.as_ref().is_none_or(|(code, _)| crate::db::resume_openness::read_code(code).searchable());
        if !r.filled || r.disabled || !searchable {
            return None;
        }
        let mut d = TantivyDocument::default();
        d.add_u64(f.id, r.id as u64);
        d.add_u64(f.user_id, r.user_id as u64);
        let keywords = r.keywords.replace(',', " ");
        // Lines keep jieba from joining words across parts.
        let text = [&r.title, &keywords, &r.target_category, &r.name, &r.user_name].map(String::as_str).join("\n");
        let mut set = HashSet::new();
        grams(&text, &mut set);
        d.add_text(f.text, text);
        for g in set {
            d.add_text(f.grams, g);
        }
        for city in [&r.city, &r.target_city] {
            if !city.is_empty() {
                d.add_text(f.city, city);
            }
        }
        d.add_text(f.education, &r.education);
        d.add_text(f.category, &r.target_category);
        if let Some(m) = work_month(&r.work_since) {
            d.add_i64(f.work_since, m);
        }
        if let Some((_, range)) = YEARS.iter().find(|(code, _)| *code == r.work_since) {
            d.add_text(f.years, range);
        }
        d.add_i64(f.updated_at, r.updated_at);
        Some(d)
    }
}

/// Pages start within this many hits (deeper ones are empty; the total stays exact): a page's
/// cost grows with its offset.
pub const WINDOW: usize = 10_000;

/// A company's resume search.
#[derive(Debug, Clone, Default)]
pub struct ResumeQuery {
    pub keyword: String,
    /// The resume's city or target city.
    pub city: String,
    pub education: String,
    pub category: String,
    /// Years of work (`1-3`, `3-5`, `5-10`, `10-`): the editor's code for it, or a work start within
    /// these months (`work_month`, both included).
    pub years: Option<(String, (i64, i64))>,
    /// Resumes this company may not find (its blocks, openness changed since the last sync).
    pub exclude: Vec<i64>,
    /// Candidates whose resumes come first (active top placement).
    pub top_users: Vec<i64>,
    pub offset: usize,
    pub limit: usize,
}

impl ResumeIndex {
    fn exact(&self, field: Field, value: &str) -> Box<dyn Query> {
        Box::new(TermQuery::new(Term::from_field_text(field, value), IndexRecordOption::Basic))
    }

    fn keyword_query(&self, keyword: &str) -> Option<Box<dyn Query>> {
        let f = &self.fields;
        let words = analyzer::query_words(keyword);
        let grams = query_grams(keyword);
        if words.is_empty() && grams.is_empty() {
            return None;
        }
        let mut ways: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        if !words.is_empty() {
            let all = words
                .iter()
                .map(|w| {
                    let whole = self.exact_text(&w.word);
                    if w.parts.is_empty() {
                        return (Occur::Must, whole);
                    }
                    let parts = BooleanQuery::new(w.parts.iter().map(|p| (Occur::Must, self.exact_text(p))).collect());
                    (Occur::Must, Box::new(BooleanQuery::new(vec![(Occur::Should, whole), (Occur::Should, Box::new(parts))])) as Box<dyn Query>)
                })
                .collect();
            ways.push((Occur::Should, Box::new(BooleanQuery::new(all))));
        }
        if !grams.is_empty() {
            let all = grams.iter().map(|g| (Occur::Must, self.exact(f.grams, g))).collect();
            ways.push((Occur::Should, Box::new(BooleanQuery::new(all))));
        }
        Some(Box::new(BooleanQuery::new(ways)))
    }

    fn exact_text(&self, word: &str) -> Box<dyn Query> {
        self.exact(self.fields.text, word)
    }

    /// The clauses every hit holds, whether or not it is placed on top.
    fn clauses(&self, q: &ResumeQuery) -> Vec<(Occur, Box<dyn Query>)> {
        let f = &self.fields;
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        if let Some(k) = self.keyword_query(q.keyword.trim()) {
            clauses.push((Occur::Must, k));
        }
        for (field, value) in [(f.city, &q.city), (f.education, &q.education), (f.category, &q.category)] {
            if !value.trim().is_empty() {
                clauses.push((Occur::Must, self.exact(field, value.trim())));
            }
        }
        if let Some((range, (lo, hi))) = &q.years {
            let (lo, hi) = (Term::from_field_i64(f.work_since, *lo), Term::from_field_i64(f.work_since, *hi));
            let started = Box::new(RangeQuery::new(Bound::Included(lo), Bound::Included(hi)));
            clauses.push((Occur::Must, Box::new(BooleanQuery::new(vec![(Occur::Should, started), (Occur::Should, self.exact(f.years, range))]))));
        }
        if clauses.is_empty() {
            clauses.push((Occur::Must, Box::new(AllQuery)));
        }
        clauses
    }

    /// The documents holding any of `values` in the u64 `field`, term by term: a TermSetQuery walks the
    /// whole term dictionary of a field with a million ids (a third of a search's CPU, docs/BENCHMARKS.md).
    fn any_of(field: Field, values: impl Iterator<Item = u64>) -> BooleanQuery {
        BooleanQuery::new(
            values.map(|v| (Occur::Should, Box::new(TermQuery::new(Term::from_field_u64(field, v), IndexRecordOption::Basic)) as Box<dyn Query>)).collect(),
        )
    }

    /// One page of the resume ids matching `q`, top placement first, then the newest (then the
    /// highest id), and how many match in all.
    pub fn search(&self, q: &ResumeQuery) -> Result<(usize, Vec<i64>), String> {
        let (_turn, searcher) = self.searcher();
        let limit = q.limit.max(1);
        let mut top_users: Vec<u64> = q.top_users.iter().map(|u| *u as u64).collect();
        top_users.sort_unstable();
        let every_resume = self.keyword_query(q.keyword.trim()).is_none() && !has_filters(q);
        if every_resume && q.offset < WINDOW {
            if let Some(found) = self.newest_page(&searcher, q, &top_users, limit, NEWEST_KEPT)? {
                return Ok(found);
            }
        }
        let query = BooleanQuery::new(self.clauses(q));
        // What this company may not find is left out as the hits are collected (a look-up per hit).
        let excluded: Arc<HashSet<u64>> = Arc::new(q.exclude.iter().map(|id| *id as u64).collect());
        let allowed = move |id: u64| !excluded.contains(&id);
        if q.offset >= WINDOW {
            return Ok((searcher.search(&query, &FilterCollector::new("id".into(), allowed, Count)).map_err(err)?, Vec::new()));
        }
        // One pass: each hit's key is (placed on top, updated_at, id), greatest first.
        let key = move |segment: &tantivy::SegmentReader| {
            let fast = segment.fast_fields();
            let (user, updated, id) = (fast.u64("user_id").ok(), fast.i64("updated_at").ok(), fast.u64("id").ok());
            let top_users = top_users.clone();
            move |doc: tantivy::DocId| -> (bool, i64, u64) {
                let on_top = !top_users.is_empty() && user.as_ref().and_then(|c| c.first(doc)).is_some_and(|u| top_users.binary_search(&u).is_ok());
                (on_top, updated.as_ref().and_then(|c| c.first(doc)).unwrap_or(i64::MIN), id.as_ref().and_then(|c| c.first(doc)).unwrap_or(0))
            }
        };
        let top = TopDocs::with_limit(limit).and_offset(q.offset).order_by(key);
        let (n, docs) = searcher.search(&query, &FilterCollector::new("id".into(), allowed, (Count, top))).map_err(err)?;
        Ok((n, docs.into_iter().map(|((_, _, id), _)| id as i64).collect()))
    }

    /// The search without keyword or filters (every resume matches, a million of them): the page is
    /// read from the index's newest resumes, worked out once per sync, less what this company may not
    /// find, after the top-placed candidates' resumes. None when the page lies beyond that list.
    fn newest_page(&self, searcher: &tantivy::Searcher, q: &ResumeQuery, top_users: &[u64], limit: usize, keep: usize) -> Result<Option<(usize, Vec<i64>)>, String> {
        let newest = if keep == NEWEST_KEPT { self.memo(searcher, |s| newest_resumes(s, keep))? } else { Arc::new(newest_resumes(searcher, keep)?) };
        let f = &self.fields;
        let excluded: Arc<HashSet<u64>> = Arc::new(q.exclude.iter().map(|id| *id as u64).collect());
        let excluded_here = if excluded.is_empty() { 0 } else { searcher.search(&Self::any_of(f.id, excluded.iter().copied()), &Count).map_err(err)? };
        let total = newest.total.saturating_sub(excluded_here);
        // The top-placed candidates' resumes: few, found by their user ids and ordered here.
        let mut placed: Vec<(i64, u64)> = Vec::new();
        if !top_users.is_empty() {
            let theirs = Self::any_of(f.user_id, top_users.iter().copied());
            let newest_first = ((SortByStaticFastValue::<i64>::for_field("updated_at"), Order::Desc), (SortByStaticFastValue::<u64>::for_field("id"), Order::Desc));
            let allowed = { let excluded = excluded.clone(); move |id: u64| !excluded.contains(&id) };
            let found = searcher
                .search(&theirs, &FilterCollector::new("id".into(), allowed, TopDocs::with_limit(WINDOW).order_by(newest_first)))
                .map_err(err)?;
            placed = found.into_iter().map(|((at, id), _)| (at.unwrap_or(i64::MIN), id.unwrap_or(0))).collect();
        }
        // The page: the placed resumes from `offset`, then the others from where those end.
        let mut ids: Vec<i64> = placed.iter().skip(q.offset).take(limit).map(|(_, id)| *id as i64).collect();
        let rest_offset = q.offset.saturating_sub(placed.len());
        let rest_limit = limit - ids.len();
        let rest: Vec<i64> = newest
            .ids
            .iter()
            .filter(|(id, user)| !excluded.contains(id) && top_users.binary_search(user).is_err())
            .skip(rest_offset)
            .take(rest_limit)
            .map(|(id, _)| *id as i64)
            .collect();
        // The list (a prefix of every resume, newest first) ran out before the page did: it is short
        // of the end only when it does not hold every resume, and then the index is read instead.
        if rest.len() < rest_limit && newest.ids.len() < newest.total {
            return Ok(None);
        }
        ids.extend(rest);
        Ok(Some((total, ids)))
    }
}

/// How many of the newest resumes are kept: the deepest page, and room for the resumes a company
/// skips before it (its blocks, the top-placed ones).
const NEWEST_KEPT: usize = WINDOW + 2_000;

/// Every resume's count and the newest `keep` of them, as (id, user id).
struct Newest {
    total: usize,
    ids: Vec<(u64, u64)>,
}

fn newest_resumes(searcher: &tantivy::Searcher, keep: usize) -> Result<Newest, String> {
    let key = |segment: &tantivy::SegmentReader| {
        let fast = segment.fast_fields();
        let (user, updated, id) = (fast.u64("user_id").ok(), fast.i64("updated_at").ok(), fast.u64("id").ok());
        move |doc: tantivy::DocId| -> (i64, u64, u64) {
            (
                updated.as_ref().and_then(|c| c.first(doc)).unwrap_or(i64::MIN),
                id.as_ref().and_then(|c| c.first(doc)).unwrap_or(0),
                user.as_ref().and_then(|c| c.first(doc)).unwrap_or(0),
            )
        }
    };
    let (total, docs) = searcher.search(&AllQuery, &(Count, TopDocs::with_limit(keep).order_by(key))).map_err(err)?;
    Ok(Newest { total, ids: docs.into_iter().map(|((_, id, user), _)| (id, user)).collect() })
}

fn has_filters(q: &ResumeQuery) -> bool {
    !q.city.trim().is_empty() || !q.education.trim().is_empty() || !q.category.trim().is_empty() || q.years.is_some()
}

#[cfg(test)]
#[path = "resumes_tests.rs"]
mod tests;
