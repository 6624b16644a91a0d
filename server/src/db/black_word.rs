//! `black_words`: words no tag may contain, and that hold a job for review.

use diesel::prelude::*;

use crate::db::schema::black_words;
use crate::db::DbConnection;

/// Every banned word, in order.
pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<String>> {
    black_words::table.select(black_words::word).order(black_words::word.asc()).load(conn)
}

/// The banned words that `texts` hold, each once, in order.
pub fn hits(conn: &mut DbConnection, texts: &[&str]) -> QueryResult<Vec<String>> {
    Ok(all(conn)?.into_iter().filter(|w| !w.is_empty() && texts.iter().any(|t| t.contains(w.as_str()))).collect())
}

pub fn exists(conn: &mut DbConnection, word: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(black_words::table.filter(black_words::word.eq(word)))).get_result(conn)
}

pub fn insert(conn: &mut DbConnection, word: &str) -> QueryResult<usize> {
    diesel::insert_into(black_words::table).values(black_words::word.eq(word)).execute(conn)
}

pub fn remove(conn: &mut DbConnection, word: &str) -> QueryResult<usize> {
    diesel::delete(black_words::table.filter(black_words::word.eq(word))).execute(conn)
}

/// The category of the words that ask for money (a recruiter's chat message holding one shows the
/// candidate a fraud warning); '' is the general list's.
pub const MONEY: &str = "money";

/// The money words every site starts with: deposits, fees and "brushing" orders, the usual asks of
/// job fraud.
pub const MONEY_SEED: &[&str] = &["押金", "培训费", "刷单", "保证金", "服装费", "体检费", "报名费", "资料费", "先交钱", "垫付", "工装费", "介绍费"];

/// The words of `category`, in order.
pub fn of_category(conn: &mut DbConnection, category: &str) -> QueryResult<Vec<String>> {
    black_words::table.filter(black_words::category.eq(category)).select(black_words::word).order(black_words::word.asc()).load(conn)
}

/// Adds a word in `category` (a word the list holds already keeps its category: answers 0).
pub fn insert_in(conn: &mut DbConnection, word: &str, category: &str) -> QueryResult<usize> {
    let row = (black_words::word.eq(word), black_words::category.eq(category));
    match conn {
        DbConnection::Postgresql(c) => diesel::insert_into(black_words::table).values(row).on_conflict_do_nothing().execute(c),
        DbConnection::Sqlite(c) => diesel::insert_into(black_words::table).values(row).on_conflict_do_nothing().execute(c),
    }
}

/// Seeds the money words while the category has none (a new site, or one older than it); a word
/// the general list holds already moves to it.
pub fn seed_money_words(conn: &mut DbConnection) -> QueryResult<()> {
    if black_words::table.filter(black_words::category.eq(MONEY)).count().get_result::<i64>(conn)? > 0 {
        return Ok(());
    }
    for word in MONEY_SEED {
        insert_in(conn, word, MONEY)?;
    }
    diesel::update(black_words::table.filter(black_words::word.eq_any(MONEY_SEED))).set(black_words::category.eq(MONEY)).execute(conn)?;
    Ok(())
}
