//! `assessments`: a company's named tests, their questions kept as JSON (core-wasm's assessment
//! rules); the name is unique within the company.

use diesel::prelude::*;

use crate::db::schema::assessments;
use crate::db::DbConnection;
use crate::ids::{AssessmentId, CompanyId};

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = assessments)]
pub struct Assessment {
    pub id: AssessmentId,
    pub company_id: CompanyId,
    pub name: String,
    /// A JSON list of core-wasm's assessment::Question.
    pub questions: String,
    /// Minutes; 0 is no limit.
    pub time_limit: i32,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The company's assessments, last changed first.
pub fn of_company(c: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<Assessment>> {
    assessments::table
        .filter(assessments::company_id.eq(company))
        .order(assessments::updated_at.desc())
        .select(Assessment::as_select())
        .load(c)
}

/// The company's assessment `id`; another company's is None.
pub fn get(c: &mut DbConnection, company: CompanyId, id: AssessmentId) -> QueryResult<Option<Assessment>> {
    assessments::table
        .filter(assessments::company_id.eq(company))
        .filter(assessments::id.eq(id))
        .select(Assessment::as_select())
        .first(c)
        .optional()
}

/// The company's assessment named `name`, if any.
pub fn named(c: &mut DbConnection, company: CompanyId, name: &str) -> QueryResult<Option<AssessmentId>> {
    assessments::table
        .filter(assessments::company_id.eq(company))
        .filter(assessments::name.eq(name))
        .select(assessments::id)
        .first(c)
        .optional()
}

/// The unique (company, name) index refuses a name the company has.
pub fn insert(c: &mut DbConnection, new: &Assessment) -> QueryResult<()> {
    diesel::insert_into(assessments::table).values(new).execute(c).map(|_| ())
}

/// The unique (company, name) index refuses a name the company has.
pub fn update(c: &mut DbConnection, id: AssessmentId, name: &str, questions: &str, time_limit: i32, now: i64) -> QueryResult<()> {
    diesel::update(assessments::table.find(id))
        .set((
            assessments::name.eq(name),
            assessments::questions.eq(questions),
            assessments::time_limit.eq(time_limit),
            assessments::updated_at.eq(now),
        ))
        .execute(c)
        .map(|_| ())
}
