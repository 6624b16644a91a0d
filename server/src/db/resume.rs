use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::UserId;
use crate::db::schema::resumes;

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

/// A whole resume row: its own columns and the one-form sections as saved JSON.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = resumes)]
pub struct ResumeRow {
    pub id: i64,
    pub resume_type: i32,
    pub title: String,
    pub filled: bool,
    pub updated_at: i64,
    pub basic: Option<String>,
    pub assessment: Option<String>,
    pub intention: Option<String>,
    pub skills_text: Option<String>,
    pub pasted: Option<String>,
}

/// The caller's resume by id; another user's id is answered like a missing one.
pub fn owned(conn: &mut DbConnection, user: UserId, id: crate::ids::ResumeId) -> QueryResult<ResumeRow> {
    resumes::table
        .filter(resumes::id.eq(id.0))
        .filter(resumes::user_id.eq(user.0))
        .select(ResumeRow::as_select())
        .first(conn)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = crate::db::schema::resume_entries)]
pub struct EntryRow {
    pub id: i64,
    pub section: String,
    pub data: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = crate::db::schema::resume_files)]
pub struct FileRow {
    pub id: i64,
    pub resume_id: i64,
    pub user_id: i64,
    pub kind: String,
    pub name: String,
    pub original_name: String,
    pub stored_name: String,
    pub thumb_name: Option<String>,
    pub content_type: String,
    pub size: i64,
    pub created_at: i64,
}

pub fn entries_of(conn: &mut DbConnection, resume: i64) -> QueryResult<Vec<EntryRow>> {
    use crate::db::schema::resume_entries as e;
    e::table
        .filter(e::resume_id.eq(resume))
        .order((e::section.asc(), e::position.asc(), e::id.asc()))
        .select(EntryRow::as_select())
        .load(conn)
}

pub fn files_of(conn: &mut DbConnection, resume: i64) -> QueryResult<Vec<FileRow>> {
    use crate::db::schema::resume_files as f;
    f::table.filter(f::resume_id.eq(resume)).order(f::id.asc()).select(FileRow::as_select()).load(conn)
}

/// A resume by id, whoever owns it: for readers that checked their right to it first.
pub fn by_id(conn: &mut DbConnection, id: crate::ids::ResumeId) -> QueryResult<Option<ResumeRow>> {
    resumes::table.filter(resumes::id.eq(id.0)).select(ResumeRow::as_select()).first(conn).optional()
}

/// A resume file by id, whoever owns it: for readers that check their right to its resume.
pub fn file_by_id(conn: &mut DbConnection, id: i64) -> QueryResult<Option<FileRow>> {
    use crate::db::schema::resume_files as f;
    f::table.filter(f::id.eq(id)).select(FileRow::as_select()).first(conn).optional()
}
