//! `application_sources`: the page an application was made from (domain/hiring_funnel.rs `source_of`).

use diesel::prelude::*;

use crate::db::schema::application_sources;
use crate::db::DbConnection;

pub fn insert(c: &mut DbConnection, application: i64, source: &str) -> QueryResult<()> {
    diesel::insert_into(application_sources::table)
        .values((application_sources::application_id.eq(application), application_sources::source.eq(source)))
        .execute(c)
        .map(|_| ())
}

/// The recorded sources of `applications` (an application made before sources were kept has none).
pub fn of_applications(c: &mut DbConnection, applications: &[i64]) -> QueryResult<Vec<String>> {
    application_sources::table
        .filter(application_sources::application_id.eq_any(applications))
        .select(application_sources::source)
        .load(c)
}
