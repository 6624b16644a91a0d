//! `application_moves`: each move of an application between its company's stages, by whom and
//! when (a landing has no `from_stage`).

use diesel::prelude::*;

use crate::db::schema::{application_moves, company_members};
use crate::db::DbConnection;
use crate::ids::MemberId;

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = application_moves)]
pub struct NewMove {
    pub id: i64,
    pub application_id: i64,
    pub from_stage: Option<i64>,
    pub to_stage: i64,
    pub member_id: MemberId,
    pub at: i64,
}

pub fn insert(c: &mut DbConnection, new: &NewMove) -> QueryResult<()> {
    diesel::insert_into(application_moves::table).values(new).execute(c).map(|_| ())
}

/// A move as the history shows it: from, to, the member's name, when.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = application_moves)]
pub struct MoveRow {
    pub from_stage: Option<i64>,
    pub to_stage: i64,
    #[diesel(select_expression = company_members::name)]
    pub member_name: String,
    pub at: i64,
}

/// The moves of an application, oldest first.
pub fn of_application(c: &mut DbConnection, application: i64) -> QueryResult<Vec<MoveRow>> {
    application_moves::table
        .inner_join(company_members::table)
        .filter(application_moves::application_id.eq(application))
        .order(application_moves::at.asc())
        .select(MoveRow::as_select())
        .load(c)
}

/// A step of an application's path, for the funnel.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = application_moves)]
pub struct Step {
    pub application_id: i64,
    pub from_stage: Option<i64>,
    pub to_stage: i64,
    pub at: i64,
}

/// The moves of `applications`, oldest first.
pub fn steps_of(c: &mut DbConnection, applications: &[i64]) -> QueryResult<Vec<Step>> {
    application_moves::table
        .filter(application_moves::application_id.eq_any(applications))
        .order((application_moves::at.asc(), application_moves::id.asc()))
        .select(Step::as_select())
        .load(c)
}
