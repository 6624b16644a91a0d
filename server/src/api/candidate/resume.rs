//! /ajax/resume/*: the candidate's resumes, section by section (SPEC sections 2 to 5).
//!
//! Every section's values are checked by core-wasm's resume rules, the same the editor runs as
//! the user types; a refused save answers FIELDS_INVALID with that verdict. Every call finds the
//! resume among the caller's own, so another user's id is NOT_FOUND.

use actix_web::{web, HttpResponse};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::web::form::Form;
use crate::api::ok;
use crate::web::extract::LoggedIn;
use crate::db::{self, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{next_id, now_ms, ResumeEntryId, ResumeId, UserId};
use crate::db::resume::{self};
use crate::db::schema::{resume_entries, resumes};
use crate::state::AppState;
use crate::db::resume_view::{view, view_of, ResumeView};
use crate::domain::resume::{create, resolve, CHINESE, ENGLISH};
use crate::ids::parse_id;
use core_wasm::resume::{self as rules, Kind};

/// Bodies of saveSection and import may carry the 20000-character pasted resume.
pub const SAVE_FORM_BYTES: usize = 512 * 1024;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResumeForm {
    #[serde(default)]
    pub resume_id: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResumeListItem {
    pub id: i64,
    pub resume_type: i32,
    pub title: String,
    pub filled: bool,
    pub updated_at: i64,
}

/// The caller's resumes, Chinese first.
pub async fn list(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<HttpResponse> {
    let user = who.0.user.user_id();
    let items = db::run(&state.pool, move |c| {
        Ok(resumes::table
            .filter(resumes::user_id.eq(user.0))
            .order((resumes::resume_type.asc(), resumes::id.asc()))
            .select((resumes::id, resumes::resume_type, resumes::title, resumes::filled, resumes::updated_at))
            .load::<(i64, i32, String, bool, i64)>(c)?
            .into_iter()
            .map(|(id, resume_type, title, filled, updated_at)| ResumeListItem { id, resume_type, title, filled, updated_at })
            .collect::<Vec<_>>())
    })
    .await?;
    Ok(ok(items))
}

pub async fn get(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ResumeForm>) -> ApiResult<HttpResponse> {
    let user = who.0.user.user_id();
    let v = db::run(&state.pool, move |c| {
        let row = resolve(c, user, &form.resume_id)?;
        view(c, &row)
    })
    .await?;
    Ok(ok(v))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateForm {
    #[serde(default)]
    pub resume_type: String,
}

/// A second resume: one Chinese (1) and one English (2) at most.
pub async fn create_resume(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<CreateForm>) -> ApiResult<HttpResponse> {
    let user = who.0.user.user_id();
    let resume_type = match form.resume_type.trim() {
        "1" => CHINESE,
        "2" => ENGLISH,
        _ => return Err(ApiError::BadInput("resumeType".into())),
    };
    let v = db::run(&state.pool, move |c| {
        if resume::of_user(c, user)?.iter().any(|r| r.resume_type == resume_type) {
            return Err(ApiError::ResumeExists);
        }
        let id = create(c, user, resume_type)?;
        view_of(c, user, id.0)
    })
    .await?;
    Ok(ok(v))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveForm {
    #[serde(default)]
    pub resume_id: String,
    #[serde(default)]
    pub section: String,
    /// The section's (or entry's) values as a JSON object.
    #[serde(default)]
    pub data: String,
    /// The entry to change in a list section; absent: a new entry at the end.
    #[serde(default)]
    pub item_id: String,
}

/// Checks with core-wasm's rules; the clean values or FIELDS_INVALID with the verdict.
pub fn checked(section: &str, data: &Value) -> ApiResult<Map<String, Value>> {
    let verdict = rules::validate(section, data).map_err(|e| ApiError::BadInput(e.to_string()))?;
    if !verdict.is_empty() {
        return Err(ApiError::FieldsInvalid(serde_json::to_string(&verdict).map_err(ApiError::internal)?));
    }
    rules::normalize(section, data).map_err(|e| ApiError::BadInput(e.to_string()))
}

fn text(m: &Map<String, Value>, k: &str) -> String {
    m.get(k).and_then(Value::as_str).unwrap_or("").to_string()
}

fn salary(m: &Map<String, Value>, k: &str) -> Option<i64> {
    m.get(k).and_then(Value::as_str).and_then(|s| s.parse().ok())
}

/// Stores a form section and copies the searched fields to their columns.
pub fn store_single(c: &mut DbConnection, id: i64, section: &str, clean: &Map<String, Value>) -> ApiResult<()> {
    let json = Value::Object(clean.clone()).to_string();
    let now = now_ms();
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
        other => return Err(ApiError::BadInput(format!("section: {other}"))),
    };
    Ok(())
}

fn section_ids(c: &mut DbConnection, resume: i64, section: &str) -> QueryResult<Vec<i64>> {
    resume_entries::table
        .filter(resume_entries::resume_id.eq(resume))
        .filter(resume_entries::section.eq(section))
        .order((resume_entries::position.asc(), resume_entries::id.asc()))
        .select(resume_entries::id)
        .load(c)
}

fn renumber(c: &mut DbConnection, ids: &[i64]) -> QueryResult<()> {
    for (i, id) in ids.iter().enumerate() {
        diesel::update(resume_entries::table.filter(resume_entries::id.eq(id))).set(resume_entries::position.eq(i as i32)).execute(c)?;
    }
    Ok(())
}

fn touch(c: &mut DbConnection, resume: i64) -> QueryResult<usize> {
    diesel::update(resumes::table.filter(resumes::id.eq(resume))).set(resumes::updated_at.eq(now_ms())).execute(c)
}

/// Adds (no `item`) or changes one entry of a list section; the entry's id.
pub fn store_entry(c: &mut DbConnection, resume: i64, section: &str, item: Option<ResumeEntryId>, clean: &Map<String, Value>) -> ApiResult<i64> {
    let json = Value::Object(clean.clone()).to_string();
    let (industry, category, education) = match section {
        "work" => (text(clean, "industry"), text(clean, "category"), String::new()),
        "education" => (String::new(), String::new(), text(clean, "level")),
        _ => (String::new(), String::new(), String::new()),
    };
    let now = now_ms();
    let id = match item {
        Some(item) => {
            let n = diesel::update(
                resume_entries::table
                    .filter(resume_entries::id.eq(item.0))
                    .filter(resume_entries::resume_id.eq(resume))
                    .filter(resume_entries::section.eq(section)),
            )
            .set((
                resume_entries::data.eq(&json),
                resume_entries::industry.eq(&industry),
                resume_entries::category.eq(&category),
                resume_entries::education.eq(&education),
                resume_entries::updated_at.eq(now),
            ))
            .execute(c)?;
            if n == 0 {
                return Err(ApiError::NotFound);
            }
            item.0
        }
        None => {
            let existing = section_ids(c, resume, section)?;
            if existing.len() >= rules::ENTRIES_MAX {
                return Err(ApiError::BadInput(format!("{section}: at most {} entries", rules::ENTRIES_MAX)));
            }
            let id = next_id();
            diesel::insert_into(resume_entries::table)
                .values((
                    resume_entries::id.eq(id),
                    resume_entries::resume_id.eq(resume),
                    resume_entries::section.eq(section),
                    resume_entries::position.eq(existing.len() as i32),
                    resume_entries::data.eq(&json),
                    resume_entries::industry.eq(&industry),
                    resume_entries::category.eq(&category),
                    resume_entries::education.eq(&education),
                    resume_entries::created_at.eq(now),
                    resume_entries::updated_at.eq(now),
                ))
                .execute(c)?;
            id
        }
    };
    touch(c, resume)?;
    Ok(id)
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Saved {
    /// The entry saved, for list sections.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub item_id: Option<i64>,
    pub resume: ResumeView,
}

/// Saves one section (or one entry of a list section) on its own.
pub async fn save_section(
    state: web::Data<AppState>,
    who: LoggedIn,
    Form(form): Form<SaveForm, SAVE_FORM_BYTES>,
) -> ApiResult<HttpResponse> {
    let user = who.0.user.user_id();
    let section = rules::section(&form.section)
        .filter(|s| s.kind != Kind::Files)
        .ok_or_else(|| ApiError::BadInput("section".into()))?;
    let data: Value = serde_json::from_str(&form.data).map_err(|_| ApiError::BadInput("data: not JSON".into()))?;
    let clean = checked(section.name, &data)?;
    let item = if form.item_id.trim().is_empty() { None } else { Some(parse_id::<ResumeEntryId>(&form.item_id, "itemId")?) };
    if section.kind == Kind::Single && item.is_some() {
        return Err(ApiError::BadInput("itemId".into()));
    }
    let saved = db::run(&state.pool, move |c| {
        let row = resume::owned(c, user, parse_id::<ResumeId>(&form.resume_id, "resumeId")?)?;
        let item_id = db::write_transaction(c, |c| match section.kind {
            Kind::Single => store_single(c, row.id, section.name, &clean).map(|()| None),
            _ => store_entry(c, row.id, section.name, item, &clean).map(Some),
        })?;
        Ok(Saved { item_id, resume: view_of(c, user, row.id)? })
    })
    .await?;
    Ok(ok(saved))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemForm {
    #[serde(default)]
    pub resume_id: String,
    #[serde(default)]
    pub section: String,
    #[serde(default)]
    pub item_id: String,
    /// moveItem: `up` or `down`.
    #[serde(default)]
    pub direction: String,
}

fn list_section(name: &str) -> ApiResult<&'static rules::Section> {
    rules::section(name).filter(|s| s.kind == Kind::List).ok_or_else(|| ApiError::BadInput("section".into()))
}

/// Changes the entries of one list section of the caller's resume in a write transaction, and
/// answers the resume's view.
async fn edit_entries<F>(state: &AppState, user: UserId, resume_id: String, edit: F) -> ApiResult<HttpResponse>
where
    F: FnOnce(&mut DbConnection, i64) -> ApiResult<()> + Send + 'static,
{
    let v = db::run(&state.pool, move |c| {
        let row = resume::owned(c, user, parse_id::<ResumeId>(&resume_id, "resumeId")?)?;
        db::write_transaction(c, |c| edit(c, row.id))?;
        view_of(c, user, row.id)
    })
    .await?;
    Ok(ok(v))
}

pub async fn delete_item(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ItemForm>) -> ApiResult<HttpResponse> {
    let section = list_section(&form.section)?;
    let item: i64 = parse_id(&form.item_id, "itemId")?;
    edit_entries(&state, who.0.user.user_id(), form.resume_id, move |c, resume_id| {
        let n = diesel::delete(
            resume_entries::table
                .filter(resume_entries::id.eq(item))
                .filter(resume_entries::resume_id.eq(resume_id))
                .filter(resume_entries::section.eq(section.name)),
        )
        .execute(c)?;
        if n == 0 {
            return Err(ApiError::NotFound);
        }
        let ids = section_ids(c, resume_id, section.name)?;
        renumber(c, &ids)?;
        touch(c, resume_id)?;
        Ok(())
    })
    .await
}

/// Moves an entry one place up or down in its section.
pub async fn move_item(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ItemForm>) -> ApiResult<HttpResponse> {
    let section = list_section(&form.section)?;
    let item: i64 = parse_id(&form.item_id, "itemId")?;
    let up = match form.direction.as_str() {
        "up" => true,
        "down" => false,
        _ => return Err(ApiError::BadInput("direction".into())),
    };
    edit_entries(&state, who.0.user.user_id(), form.resume_id, move |c, resume_id| {
        let mut ids = section_ids(c, resume_id, section.name)?;
        let at = ids.iter().position(|i| *i == item).ok_or(ApiError::NotFound)?;
        let to = if up { at.checked_sub(1) } else { Some(at + 1).filter(|t| *t < ids.len()) };
        if let Some(to) = to {
            ids.swap(at, to);
            renumber(c, &ids)?;
            touch(c, resume_id)?;
        }
        Ok(())
    })
    .await
}
