//! `resume_openness`: who may find a resume (core-wasm's behaviour::Openness). No row is public.
//! domain/visibility.rs decides with it; the candidate sets it with /pcuser/updateType.

use core_wasm::behaviour::Openness;
use diesel::prelude::*;

use crate::db::schema::{resume_openness, resumes};
use crate::db::DbConnection;
use crate::ids::{ResumeId, UserId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = resume_openness)]
pub struct OpennessRow {
    pub resume_id: ResumeId,
    pub openness: String,
}

/// A code the enum does not know reads as hidden: a resume is never shown by mistake.
pub fn read_code(code: &str) -> Openness {
    Openness::parse(code).unwrap_or(Openness::Hidden)
}

/// The openness of each of `ids` that has a row (those without one are public).
pub fn of_resumes(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<OpennessRow>> {
    resume_openness::table.filter(resume_openness::resume_id.eq_any(ids)).select(OpennessRow::as_select()).load(conn)
}

/// Sets a resume's openness; the caller checks that it is the user's.
pub fn set(conn: &mut DbConnection, resume: ResumeId, openness: Openness, now: i64) -> QueryResult<()> {
    let updated = diesel::update(resume_openness::table.find(resume.0))
        .set((resume_openness::openness.eq(openness.code()), resume_openness::updated_at.eq(now)))
        .execute(conn)?;
    if updated == 0 {
        diesel::insert_into(resume_openness::table)
            .values((resume_openness::resume_id.eq(resume), resume_openness::openness.eq(openness.code()), resume_openness::updated_at.eq(now)))
            .execute(conn)?;
    }
    Ok(())
}

/// The codes a resume search may not list.
fn unsearchable_codes() -> Vec<&'static str> {
    Openness::ALL.into_iter().filter(|o| !o.searchable()).map(Openness::code).collect()
}

pub type UnsearchableIds = diesel::dsl::Select<
    diesel::dsl::Filter<resume_openness::table, diesel::dsl::EqAny<resume_openness::openness, Vec<&'static str>>>,
    resume_openness::resume_id,
>;

/// The resumes no search may list, as a subquery (`resumes::id.ne_all(unsearchable())`): stays one
/// statement however many resumes are hidden.
pub fn unsearchable() -> UnsearchableIds {
    resume_openness::table.filter(resume_openness::openness.eq_any(unsearchable_codes())).select(resume_openness::resume_id)
}

/// The resumes set to an openness no search may list at or after `since`.
pub fn closed_since(conn: &mut DbConnection, since: i64) -> QueryResult<Vec<i64>> {
    unsearchable().filter(resume_openness::updated_at.ge(since)).load(conn)
}

/// One of the user's resumes with its openness, as /pcuser/typeList answers.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResumeOpenness {
    pub resume_id: ResumeId,
    pub resume_type: i32,
    pub title: String,
    pub filled: bool,
    #[serde(rename = "type")]
    #[schema(schema_with = openness_schema)]
    pub openness: &'static str,
}

/// `type`: one of core-wasm's openness codes.
fn openness_schema() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(Openness::ALL.map(Openness::code)))
        .build()
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = resumes)]
struct OwnResume {
    id: i64,
    resume_type: i32,
    title: String,
    filled: bool,
}

/// The user's resumes, Chinese first, with their openness.
pub fn of_user(conn: &mut DbConnection, user: UserId) -> QueryResult<Vec<ResumeOpenness>> {
    let own: Vec<OwnResume> = resumes::table
        .filter(resumes::user_id.eq(user))
        .order((resumes::resume_type.asc(), resumes::id.asc()))
        .select(OwnResume::as_select())
        .load(conn)?;
    let ids: Vec<i64> = own.iter().map(|r| r.id).collect();
    let set = of_resumes(conn, &ids)?;
    Ok(own
        .into_iter()
        .map(|r| {
            let openness = set.iter().find(|s| s.resume_id.0 == r.id).map_or(Openness::Public, |s| read_code(&s.openness));
            ResumeOpenness { resume_id: ResumeId(r.id), resume_type: r.resume_type, title: r.title, filled: r.filled, openness: openness.code() }
        })
        .collect())
}
