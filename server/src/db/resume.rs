use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::{ResumeEntryId, ResumeFileId, ResumeId, UserId};
use crate::db::schema::resumes;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = resumes)]
pub struct ResumeSummary {
    pub id: ResumeId,
    pub resume_type: i32,
    pub filled: bool,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = resumes)]
pub struct NewResume<'a> {
    pub id: ResumeId,
    pub user_id: UserId,
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
        .filter(resumes::user_id.eq(user))
        .order((resumes::resume_type.asc(), resumes::id.asc()))
        .select(ResumeSummary::as_select())
        .load(conn)
}

/// A whole resume row: its own columns and the one-form sections as saved JSON.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = resumes)]
pub struct ResumeRow {
    pub id: ResumeId,
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
pub fn owned(conn: &mut DbConnection, user: UserId, id: ResumeId) -> QueryResult<ResumeRow> {
    resumes::table
        .filter(resumes::id.eq(id))
        .filter(resumes::user_id.eq(user))
        .select(ResumeRow::as_select())
        .first(conn)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = crate::db::schema::resume_entries)]
pub struct EntryRow {
    pub id: ResumeEntryId,
    pub section: String,
    pub data: String,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = crate::db::schema::resume_files)]
pub struct FileRow {
    pub id: ResumeFileId,
    pub resume_id: ResumeId,
    pub user_id: UserId,
    pub kind: String,
    pub name: String,
    pub original_name: String,
    pub stored_name: String,
    pub thumb_name: Option<String>,
    pub content_type: String,
    pub size: i64,
    pub created_at: i64,
}

pub fn entries_of(conn: &mut DbConnection, resume: ResumeId) -> QueryResult<Vec<EntryRow>> {
    use crate::db::schema::resume_entries as e;
    e::table
        .filter(e::resume_id.eq(resume))
        .order((e::section.asc(), e::position.asc(), e::id.asc()))
        .select(EntryRow::as_select())
        .load(conn)
}

pub fn files_of(conn: &mut DbConnection, resume: ResumeId) -> QueryResult<Vec<FileRow>> {
    use crate::db::schema::resume_files as f;
    f::table.filter(f::resume_id.eq(resume)).order(f::id.asc()).select(FileRow::as_select()).load(conn)
}

/// A resume by id, whoever owns it: for readers that checked their right to it first.
pub fn by_id(conn: &mut DbConnection, id: ResumeId) -> QueryResult<Option<ResumeRow>> {
    resumes::table.filter(resumes::id.eq(id)).select(ResumeRow::as_select()).first(conn).optional()
}

/// The name on a resume (its basics'), whoever owns it: for readers that checked their right to it.
pub fn name_of(conn: &mut DbConnection, id: ResumeId) -> QueryResult<Option<String>> {
    resumes::table.filter(resumes::id.eq(id)).select(resumes::name).first(conn).optional()
}

/// The user a resume belongs to.
pub fn owner_of(conn: &mut DbConnection, id: ResumeId) -> QueryResult<Option<UserId>> {
    resumes::table.filter(resumes::id.eq(id)).select(resumes::user_id).first(conn).optional()
}

/// The user's first resume, Chinese first (the one a chat they open is about).
pub fn first_of_user(conn: &mut DbConnection, user: UserId) -> QueryResult<Option<ResumeId>> {
    resumes::table
        .filter(resumes::user_id.eq(user))
        .order((resumes::resume_type.asc(), resumes::id.asc()))
        .select(resumes::id)
        .first(conn)
        .optional()
}

/// A resume file by id, whoever owns it: for readers that check their right to its resume.
pub fn file_by_id(conn: &mut DbConnection, id: ResumeFileId) -> QueryResult<Option<FileRow>> {
    use crate::db::schema::resume_files as f;
    f::table.filter(f::id.eq(id)).select(FileRow::as_select()).first(conn).optional()
}

/// Whether `resume` is the user's.
pub fn is_owned(conn: &mut DbConnection, user: UserId, resume: ResumeId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(resumes::table.filter(resumes::id.eq(resume)).filter(resumes::user_id.eq(user))))
        .get_result(conn)
}

/// A resume as the caller's own lists show it (the job page's apply dialog, /my/resume).
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = resumes)]
#[serde(rename_all = "camelCase")]
pub struct ResumeListItem {
    pub id: ResumeId,
    pub resume_type: i32,
    pub title: String,
    pub filled: bool,
    pub updated_at: i64,
}

/// The user's resumes, Chinese first.
pub fn list_of_user(conn: &mut DbConnection, user: UserId) -> QueryResult<Vec<ResumeListItem>> {
    resumes::table
        .filter(resumes::user_id.eq(user))
        .order((resumes::resume_type.asc(), resumes::id.asc()))
        .select(ResumeListItem::as_select())
        .load(conn)
}

/// The resume changed at `now`.
pub fn touch(conn: &mut DbConnection, resume: ResumeId, now: i64) -> QueryResult<usize> {
    diesel::update(resumes::table.filter(resumes::id.eq(resume))).set(resumes::updated_at.eq(now)).execute(conn)
}

fn text(m: &serde_json::Map<String, serde_json::Value>, k: &str) -> String {
    m.get(k).and_then(serde_json::Value::as_str).unwrap_or("").to_string()
}

fn salary(m: &serde_json::Map<String, serde_json::Value>, k: &str) -> Option<i64> {
    m.get(k).and_then(serde_json::Value::as_str).and_then(|s| s.parse().ok())
}

/// Stores a one-form section's checked values and copies the searched fields to their columns.
pub fn store_single(
    c: &mut DbConnection,
    id: ResumeId,
    section: &str,
    clean: &serde_json::Map<String, serde_json::Value>,
) -> crate::error::ApiResult<()> {
    use serde_json::Value;
    let json = Value::Object(clean.clone()).to_string();
    let now = crate::ids::now_ms();
    let target = resumes::table.filter(resumes::id.eq(id));
    match section {
        "basic" => diesel::update(target)
            .set((
                resumes::basic.eq(Some(&json)),
                resumes::title.eq(text(clean, "title")),
                resumes::name.eq(text(clean, "name")),
                resumes::city.eq(text(clean, "city")),
                resumes::education.eq(text(clean, "education")),
                resumes::work_since.eq(text(clean, "workSince")),
                resumes::filled.eq(true),
                resumes::updated_at.eq(now),
            ))
            .execute(c)?,
        "assessment" => diesel::update(target).set((resumes::assessment.eq(Some(&json)), resumes::updated_at.eq(now))).execute(c)?,
        "intention" => {
            let keywords: Vec<String> = clean
                .get("keywords")
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect())
                .unwrap_or_default();
            diesel::update(target)
                .set((
                    resumes::intention.eq(Some(&json)),
                    resumes::current_industry.eq(text(clean, "currentIndustry")),
                    resumes::current_category.eq(text(clean, "currentCategory")),
                    resumes::current_salary.eq(salary(clean, "currentSalary")),
                    resumes::target_city.eq(text(clean, "targetCity")),
                    resumes::target_industry.eq(text(clean, "targetIndustry")),
                    resumes::target_category.eq(text(clean, "targetCategory")),
                    resumes::target_salary.eq(salary(clean, "targetSalary")),
                    resumes::keywords.eq(keywords.join(",")),
                    resumes::updated_at.eq(now),
                ))
                .execute(c)?
        }
        "skillsText" => diesel::update(target).set((resumes::skills_text.eq(Some(&json)), resumes::updated_at.eq(now))).execute(c)?,
        "pasted" => diesel::update(target).set((resumes::pasted.eq(Some(&json)), resumes::updated_at.eq(now))).execute(c)?,
        other => return Err(crate::error::ApiError::BadInput(format!("section: {other}"))),
    };
    Ok(())
}

pub fn count_of_user(conn: &mut DbConnection, user: UserId) -> QueryResult<i64> {
    resumes::table.filter(resumes::user_id.eq(user)).count().get_result(conn)
}
