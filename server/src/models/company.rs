use diesel::prelude::*;

use crate::db::DbConnection;
use crate::schema::companies;

#[derive(Debug, Insertable)]
#[diesel(table_name = companies)]
pub struct NewCompany<'a> {
    pub id: i64,
    pub name: &'a str,
    pub short_name: &'a str,
    pub industry: &'a str,
    pub company_type: &'a str,
    pub company_size: &'a str,
    pub city: &'a str,
    pub address: &'a str,
    pub intro: &'a str,
    pub created_at: i64,
}

pub fn insert(conn: &mut DbConnection, new: &NewCompany) -> QueryResult<usize> {
    diesel::insert_into(companies::table).values(new).execute(conn)
}
