//! `application_stages`: where each application stands on its company's board, one row per
//! application, made when it arrives or when the company's stages are first made. Its reads join
//! other tables: db/pipeline_view.rs.

use diesel::prelude::*;

use crate::db::schema::application_stages;
use crate::db::DbConnection;
use crate::ids::CompanyId;

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = application_stages)]
pub struct Placement {
    pub application_id: i64,
    pub company_id: CompanyId,
    pub job_id: i64,
    pub stage_id: i64,
    pub stage_at: i64,
    pub viewed_at: Option<i64>,
    pub applied_at: i64,
}

pub fn insert(c: &mut DbConnection, placement: &Placement) -> QueryResult<()> {
    diesel::insert_into(application_stages::table).values(placement).execute(c).map(|_| ())
}

pub fn set_stage(c: &mut DbConnection, application: i64, stage: i64, at: i64) -> QueryResult<()> {
    diesel::update(application_stages::table.find(application))
        .set((application_stages::stage_id.eq(stage), application_stages::stage_at.eq(at)))
        .execute(c)
        .map(|_| ())
}

pub fn set_viewed(c: &mut DbConnection, application: i64, at: i64) -> QueryResult<()> {
    diesel::update(application_stages::table.find(application)).set(application_stages::viewed_at.eq(Some(at))).execute(c).map(|_| ())
}
