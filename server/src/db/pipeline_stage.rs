//! `pipeline_stages`: a company's stages of its board, in order, each showing its candidates one
//! candidate-side status (domain/pipeline.rs makes them and keeps their rules).

use diesel::prelude::*;
use serde::Serialize;

use crate::db::application::CandidateStatus;
use crate::db::schema::pipeline_stages;
use crate::db::DbConnection;
use crate::ids::CompanyId;

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize, utoipa::ToSchema)]
#[diesel(table_name = pipeline_stages)]
#[serde(rename_all = "camelCase")]
#[schema(as = PipelineStage)]
pub struct Stage {
    pub id: i64,
    #[serde(skip)]
    pub company_id: CompanyId,
    pub name: String,
    pub position: i32,
    /// What a candidate whose application is in the stage sees.
    pub status: CandidateStatus,
    #[serde(skip)]
    pub created_at: i64,
}

/// The company's stages in order.
pub fn of_company(c: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<Stage>> {
    pipeline_stages::table
        .filter(pipeline_stages::company_id.eq(company))
        .order((pipeline_stages::position.asc(), pipeline_stages::id.asc()))
        .select(Stage::as_select())
        .load(c)
}

/// The company's first stage, if it has stages yet.
pub fn first_of(c: &mut DbConnection, company: CompanyId) -> QueryResult<Option<i64>> {
    pipeline_stages::table
        .filter(pipeline_stages::company_id.eq(company))
        .order((pipeline_stages::position.asc(), pipeline_stages::id.asc()))
        .select(pipeline_stages::id)
        .first(c)
        .optional()
}

pub fn insert(c: &mut DbConnection, stage: &Stage) -> QueryResult<()> {
    diesel::insert_into(pipeline_stages::table).values(stage).execute(c).map(|_| ())
}

pub fn rename(c: &mut DbConnection, id: i64, name: &str, status: CandidateStatus) -> QueryResult<()> {
    diesel::update(pipeline_stages::table.find(id)).set((pipeline_stages::name.eq(name), pipeline_stages::status.eq(status))).execute(c).map(|_| ())
}

pub fn set_position(c: &mut DbConnection, id: i64, position: i32) -> QueryResult<()> {
    diesel::update(pipeline_stages::table.find(id)).set(pipeline_stages::position.eq(position)).execute(c).map(|_| ())
}
