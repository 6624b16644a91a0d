//! `black_words`: words no tag may contain.

use diesel::prelude::*;

use crate::db::schema::black_words;
use crate::db::DbConnection;

/// Every banned word, in order.
pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<String>> {
    black_words::table.select(black_words::word).order(black_words::word.asc()).load(conn)
}
