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
