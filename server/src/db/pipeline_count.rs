//! `pipeline_counts`: how many applications each (company, stage, job) holds, kept by triggers on
//! application_stages (db/mod.rs), blocked candidates included (the caller subtracts theirs).

use diesel::prelude::*;

use super::schema::pipeline_counts;
use super::DbConnection;

/// The company's applications in `stage` (or all) of `job` (or all).
pub fn total(c: &mut DbConnection, company: i64, stage: Option<i64>, job: Option<i64>) -> QueryResult<i64> {
    let mut q = pipeline_counts::table.filter(pipeline_counts::company_id.eq(company)).into_boxed();
    if let Some(s) = stage {
        q = q.filter(pipeline_counts::stage_id.eq(s));
    }
    if let Some(j) = job {
        q = q.filter(pipeline_counts::job_id.eq(j));
    }
    // Cast: SUM(BIGINT) is NUMERIC on PostgreSQL. A fixed fragment, no input in it. (Loading the rows to
    // sum them here cost a tenth of the candidates list's CPU: a company has a row per stage and job.)
    q.select(diesel::dsl::sql::<diesel::sql_types::BigInt>("CAST(COALESCE(SUM(n), 0) AS BIGINT)")).first(c)
}

/// The company's applications in each stage that holds any.
pub fn by_stage(c: &mut DbConnection, company: i64) -> QueryResult<Vec<(i64, i64)>> {
    let rows: Vec<(i64, i64)> = pipeline_counts::table
        .filter(pipeline_counts::company_id.eq(company))
        .select((pipeline_counts::stage_id, pipeline_counts::n))
        .load(c)?;
    let mut out: Vec<(i64, i64)> = Vec::new();
    for (stage, n) in rows {
        match out.iter_mut().find(|(s, _)| *s == stage) {
            Some((_, m)) => *m += n,
            None => out.push((stage, n)),
        }
    }
    out.retain(|(_, n)| *n > 0);
    Ok(out)
}
