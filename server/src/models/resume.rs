use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::UserId;
use crate::schema::resumes;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = resumes)]
pub struct ResumeSummary {
    pub id: i64,
    pub resume_type: i32,
    pub filled: bool,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = resumes)]
pub struct NewResume<'a> {
    pub id: i64,
    pub user_id: i64,
    pub resume_type: i32,
    pub title: &'a str,
    pub filled: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

pub fn insert(conn: &mut DbConnection, new: &NewResume) -> QueryResult<usize> {
    diesel::insert_into(resumes::table).values(new).execute(conn)
}

/// The caller's resumes, Chinese first.
pub fn of_user(conn: &mut DbConnection, user: UserId) -> QueryResult<Vec<ResumeSummary>> {
    resumes::table
        .filter(resumes::user_id.eq(user.0))
        .order((resumes::resume_type.asc(), resumes::id.asc()))
        .select(ResumeSummary::as_select())
        .load(conn)
}
