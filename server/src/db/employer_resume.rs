//! Candidates' resumes as the recruiter side reads them (domain/employer.rs, which applies the
//! blocks): with the candidate's name, enabled candidates only.

use diesel::prelude::*;

use crate::db::schema::{resumes, users};
use crate::db::{resume_openness, DbConnection};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = resumes)]
pub struct ResumeBrief {
    #[diesel(select_expression = resumes::id)]
    pub resume_id: i64,
    pub title: String,
    #[diesel(select_expression = users::name)]
    pub candidate_name: String,
}

/// Those of `ids` whose candidate is enabled, the latest changed first.
pub fn briefs(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<ResumeBrief>> {
    resumes::table
        .inner_join(users::table)
        .filter(resumes::id.eq_any(ids))
        .filter(users::disabled.eq(false))
        .select(ResumeBrief::as_select())
        .order(resumes::updated_at.desc())
        .load(conn)
}

/// Up to `limit` filled resumes open to search whose title holds `words` (taken literally).
pub fn searchable_titled(conn: &mut DbConnection, words: &str, limit: i64) -> QueryResult<Vec<i64>> {
    let pattern = format!("%{}%", crate::db::like_escape(words));
    resumes::table
        .filter(resumes::filled.eq(true))
        .filter(resumes::id.ne_all(resume_openness::unsearchable()))
        .filter(resumes::title.like(pattern).escape('\\'))
        .select(resumes::id)
        .limit(limit)
        .load(conn)
}

/// A resume as resume search lists it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = resumes)]
pub struct SearchRow {
    pub id: i64,
    /// The name in the resume, which may be empty.
    pub name: String,
    pub title: String,
    pub city: String,
    pub education: String,
    pub work_since: String,
    pub target_category: String,
    pub keywords: String,
    pub updated_at: i64,
    pub user_id: i64,
    #[diesel(select_expression = users::name)]
    pub account_name: String,
}

/// Those of `ids` that are filled and whose candidate is enabled, in no order.
pub fn search_rows(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<SearchRow>> {
    resumes::table
        .inner_join(users::table)
        .filter(resumes::id.eq_any(ids))
        .filter(resumes::filled.eq(true))
        .filter(users::disabled.eq(false))
        .select(SearchRow::as_select())
        .load(conn)
}
