use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::jobs;

#[derive(Debug, Insertable)]
#[diesel(table_name = jobs)]
pub struct NewJob<'a> {
    pub id: i64,
    pub company_id: i64,
    pub title: &'a str,
    pub city: &'a str,
    pub category: &'a str,
    pub industry: &'a str,
    pub salary_min: i32,
    pub salary_max: i32,
    pub experience: &'a str,
    pub education: &'a str,
    pub description: &'a str,
    pub tags: &'a str,
    pub keywords: &'a str,
    pub closed: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

pub fn insert(conn: &mut DbConnection, new: &NewJob) -> QueryResult<usize> {
    diesel::insert_into(jobs::table).values(new).execute(conn)
}
