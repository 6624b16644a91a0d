//! `application_notes`: the company's members' notes on an application.

use diesel::prelude::*;

use crate::db::schema::{application_notes, company_members};
use crate::db::DbConnection;
use crate::ids::{CompanyId, MemberId};

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = application_notes)]
pub struct NewNote<'a> {
    pub id: i64,
    pub application_id: i64,
    pub company_id: CompanyId,
    pub member_id: MemberId,
    pub text: &'a str,
    pub created_at: i64,
}

pub fn insert(c: &mut DbConnection, new: &NewNote) -> QueryResult<()> {
    diesel::insert_into(application_notes::table).values(new).execute(c).map(|_| ())
}

/// A note as shown: id, text, the member's name, when.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = application_notes)]
pub struct NoteRow {
    pub id: i64,
    pub text: String,
    #[diesel(select_expression = company_members::name)]
    pub member_name: String,
    pub created_at: i64,
}

/// The company's notes on an application, oldest first.
pub fn of_application(c: &mut DbConnection, company: CompanyId, application: i64) -> QueryResult<Vec<NoteRow>> {
    application_notes::table
        .inner_join(company_members::table)
        .filter(application_notes::company_id.eq(company))
        .filter(application_notes::application_id.eq(application))
        .order(application_notes::created_at.asc())
        .select(NoteRow::as_select())
        .load(c)
}
