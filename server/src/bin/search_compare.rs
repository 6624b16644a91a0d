//! The measurement behind the choice of search engine (docs/search.md, docs/BENCHMARKS.md): on a
//! database seeded by scripts/seed, the same keyword-plus-filter queries against the Tantivy +
//! jieba index the server uses and against SQLite FTS5 with its trigram tokenizer (the one built-in
//! FTS5 tokenizer that can split Chinese at all). Reports build time, latency and hits for each.
//! scripts/bench runs it after the server has built its index:
//!
//!   search-compare DATA_DIR

use std::path::PathBuf;
use std::time::Instant;

use diesel::connection::SimpleConnection;
use diesel::sql_types::{BigInt, Text};
use diesel::{Connection, QueryableByName, RunQueryDsl, SqliteConnection};
use server::web::form::parse_form;
use server::api::public::jobs::{parse_search, SearchForm};
use server::db::DbConnection;
use server::search::SearchIndex;

/// The benchmark's queries: a keyword and two filters, as the job search page sends them.
const QUERIES: &[(&str, &str, &str, &str)] = &[
    ("Java开发", "北京", "education", "本科"),
    ("前端", "上海", "experience", "3-5年"),
    ("产品经理", "深圳", "education", "本科"),
    ("数据分析", "杭州", "experience", "1-3年"),
    ("python", "广州", "education", "硕士"),
    ("销售", "成都", "experience", "不限"),
];
const ROUNDS: usize = 20;

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn timed<T>(rounds: usize, mut f: impl FnMut() -> T) -> (T, f64, f64) {
    let mut ms = Vec::with_capacity(rounds);
    let mut run = || {
        let t = Instant::now();
        let out = f();
        (out, t.elapsed().as_secs_f64() * 1000.0)
    };
    let (mut last, first) = run();
    ms.push(first);
    for _ in 1..rounds {
        let (out, took) = run();
        last = out;
        ms.push(took);
    }
    ms.sort_by(f64::total_cmp);
    (last, percentile(&ms, 0.5), percentile(&ms, 0.99))
}

fn main() -> Result<(), String> {
    let data_dir = PathBuf::from(std::env::args().nth(1).ok_or("usage: search-compare DATA_DIR")?);
    let db_path = data_dir.join("jobseeker.sqlite3");
    let db = db_path.to_string_lossy().into_owned();

    let mut multi = DbConnection::establish(&db).map_err(|e| e.to_string())?;
    let (index, report) = SearchIndex::open(&SearchIndex::dir_in(&data_dir), &mut multi)?;

    let fts_path = data_dir.join("fts5-trigram.sqlite3");
    let _ = std::fs::remove_file(&fts_path);
    let mut conn = SqliteConnection::establish(&db).map_err(|e| e.to_string())?;
    let started = Instant::now();
    conn.batch_execute(&format!(
        "ATTACH DATABASE '{}' AS fts;
         CREATE VIRTUAL TABLE fts.jobs_text USING fts5(title, keywords, description, tokenize = 'trigram');
         INSERT INTO fts.jobs_text (rowid, title, keywords, description) SELECT id, title, keywords, description FROM main.jobs WHERE NOT closed;",
        fts_path.to_string_lossy().replace('\'', "''")
    ))
    .map_err(|e| e.to_string())?;
    let fts_build = started.elapsed().as_secs_f64();
    let fts_mb = std::fs::metadata(&fts_path).map(|m| m.len() as f64 / 1_048_576.0).unwrap_or(0.0);
    let index_mb = dir_size(&SearchIndex::dir_in(&data_dir)) as f64 / 1_048_576.0;

    println!("| engine | build | size on disk |");
    println!("|---|---|---|");
    println!("| Tantivy + jieba | {:.1} s ({}) | {index_mb:.0} MB |", report.millis as f64 / 1000.0, if report.rebuilt { "built" } else { "opened" });
    println!("| SQLite FTS5 trigram | {fts_build:.1} s | {fts_mb:.0} MB |");
    println!();
    println!("| query | Tantivy + jieba: hits, p50 / p99 ms | FTS5 trigram: hits, p50 / p99 ms |");
    println!("|---|---|---|");
    for (kw, city, filter, value) in QUERIES {
        let body = format!("kw={}&city={}&{filter}={}&page=1&pagesize=20", enc(kw), enc(city), enc(value));
        let form: SearchForm = parse_form(body.as_bytes()).map_err(|e| format!("{e:?}"))?;
        let query = parse_search(&form).map_err(|e| format!("{e:?}"))?;
        let (hits, p50, p99) = timed(ROUNDS, || index.search(&query).map(|h| h.total).unwrap_or(0));
        let tantivy = format!("{hits}, {p50:.2} / {p99:.2}");

        // A result page needs the total and the first page in rank order: two statements.
        // Trigrams need three characters: a two-character word (most Chinese words) cannot use
        // the index, so FTS5 falls back to scanning every row with LIKE, with no ranking at all.
        let column = if *filter == "education" { "education" } else { "experience" };
        let indexed = kw.chars().count() >= 3;
        let (from, matcher) = if indexed {
            ("fts.jobs_text t JOIN main.jobs j ON j.id = t.rowid", "jobs_text MATCH ?1")
        } else {
            ("main.jobs j", "(j.title LIKE ?1 OR j.keywords LIKE ?1 OR j.description LIKE ?1)")
        };
        let filters = format!("AND j.city = ?2 AND j.{column} = ?3");
        let count_sql = format!("SELECT count(*) AS n FROM {from} WHERE {matcher} {filters}");
        let page_sql = format!("SELECT j.id AS n FROM {from} WHERE {matcher} {filters} {} LIMIT 20", if indexed { "ORDER BY rank" } else { "" });
        let pattern = if indexed { format!("\"{kw}\"") } else { format!("%{kw}%") };
        // A scan of every row is slow enough that a few rounds tell.
        let (n, p50, p99) = timed(if indexed { ROUNDS } else { 3 }, || {
            let total = diesel::sql_query(&count_sql)
                .bind::<Text, _>(&pattern)
                .bind::<Text, _>(*city)
                .bind::<Text, _>(*value)
                .get_result::<Count>(&mut conn)
                .map(|c| c.n)
                .unwrap_or(-1);
            let page = diesel::sql_query(&page_sql).bind::<Text, _>(&pattern).bind::<Text, _>(*city).bind::<Text, _>(*value).load::<Count>(&mut conn).map(|r| r.len()).unwrap_or(0);
            (total, page)
        });
        let fts = format!("{}{}, {p50:.2} / {p99:.2}", n.0, if indexed { "" } else { " (LIKE scan, unranked)" });
        println!("| {kw} + {city} + {value} | {tantivy} | {fts} |");
    }
    let _ = std::fs::remove_file(&fts_path);
    Ok(())
}

fn enc(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

fn dir_size(dir: &std::path::Path) -> u64 {
    std::fs::read_dir(dir).into_iter().flatten().flatten().filter_map(|e| e.metadata().ok()).filter(|m| m.is_file()).map(|m| m.len()).sum()
}
