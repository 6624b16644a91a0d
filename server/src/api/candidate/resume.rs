//! /ajax/resume/*: the candidate's resumes, section by section (SPEC sections 2 to 5).
//!
//! Every section's values are checked by core-wasm's resume rules, the same the editor runs as
//! the user types; a refused save answers FIELDS_INVALID with that verdict. Every call finds the
//! resume among the caller's own, so another user's id is NOT_FOUND.

use actix_web::web;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::web::form::Form;
use crate::api::{answer, Answer};
use crate::web::extract::LoggedIn;
use crate::db::{self, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{ResumeEntryId, ResumeId, UserId};
use crate::db::{resume, resume_entry};
use crate::state::AppState;
use crate::db::resume_view::{view, view_of, ResumeView};
use crate::domain::resume::{create, resolve, CHINESE, ENGLISH};
use crate::ids::parse_id;
use core_wasm::resume::{self as rules, Kind};

/// Bodies of saveSection and import may carry the 20000-character pasted resume.
pub const SAVE_FORM_BYTES: usize = 512 * 1024;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResumeForm {
    #[serde(default)]
    pub resume_id: String,
}

/// The caller's resumes, Chinese first.
pub async fn list(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<Vec<resume::ResumeListItem>>> {
    let user = who.0.user.user_id();
    let items = db::run(&state.pool, move |c| Ok(resume::list_of_user(c, user)?)).await?;
    Ok(answer(items))
}

pub async fn get(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ResumeForm>) -> ApiResult<Answer<ResumeView>> {
    let user = who.0.user.user_id();
    let v = db::run(&state.pool, move |c| {
        let row = resolve(c, user, &form.resume_id)?;
        view(c, &row)
    })
    .await?;
    Ok(answer(v))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateForm {
    #[serde(default)]
    pub resume_type: String,
}

/// The resume types /resume/create takes, by the number the form sends.
pub const RESUME_TYPES: [(&str, i32); 2] = [("1", CHINESE), ("2", ENGLISH)];

/// A second resume: one Chinese (1) and one English (2) at most.
pub async fn create_resume(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<CreateForm>) -> ApiResult<Answer<ResumeView>> {
    let user = who.0.user.user_id();
    let resume_type = RESUME_TYPES.iter().find(|(name, _)| *name == form.resume_type.trim()).map(|(_, t)| *t);
    let resume_type = resume_type.ok_or_else(|| ApiError::BadInput("resumeType".into()))?;
    let v = db::run(&state.pool, move |c| {
        if resume::of_user(c, user)?.iter().any(|r| r.resume_type == resume_type) {
            return Err(ApiError::ResumeExists);
        }
        let id = create(c, user, resume_type)?;
        view_of(c, user, id)
    })
    .await?;
    Ok(answer(v))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
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

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SectionSaved)]
pub struct Saved {
    /// The entry saved, for list sections.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub item_id: Option<ResumeEntryId>,
    pub resume: ResumeView,
}

/// Saves one section (or one entry of a list section) on its own.
pub async fn save_section(
    state: web::Data<AppState>,
    who: LoggedIn,
    Form(form): Form<SaveForm, SAVE_FORM_BYTES>,
) -> ApiResult<Answer<Saved>> {
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
        let id = parse_id::<ResumeId>(&form.resume_id, "resumeId")?;
        resume::owned(c, user, id)?;
        let item_id = db::write_transaction(c, |c| match section.kind {
            Kind::Single => resume::store_single(c, id, section.name, &clean).map(|()| None),
            _ => resume_entry::store(c, id, section.name, item, &clean).map(Some),
        })?;
        Ok(Saved { item_id, resume: view_of(c, user, id)? })
    })
    .await?;
    Ok(answer(saved))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
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
async fn edit_entries<F>(state: &AppState, user: UserId, resume_id: String, edit: F) -> ApiResult<Answer<ResumeView>>
where
    F: FnOnce(&mut DbConnection, ResumeId) -> ApiResult<()> + Send + 'static,
{
    let v = db::run(&state.pool, move |c| {
        let id = parse_id::<ResumeId>(&resume_id, "resumeId")?;
        resume::owned(c, user, id)?;
        db::write_transaction(c, |c| edit(c, id))?;
        view_of(c, user, id)
    })
    .await?;
    Ok(answer(v))
}

pub async fn delete_item(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ItemForm>) -> ApiResult<Answer<ResumeView>> {
    let section = list_section(&form.section)?;
    let item = parse_id::<ResumeEntryId>(&form.item_id, "itemId")?;
    edit_entries(&state, who.0.user.user_id(), form.resume_id, move |c, resume_id| resume_entry::delete(c, resume_id, section.name, item))
    .await
}

/// The directions /resume/moveItem takes, and whether each is up.
pub const MOVE_DIRECTIONS: [(&str, bool); 2] = [("up", true), ("down", false)];

/// Moves an entry one place up or down in its section.
pub async fn move_item(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ItemForm>) -> ApiResult<Answer<ResumeView>> {
    let section = list_section(&form.section)?;
    let item = parse_id::<ResumeEntryId>(&form.item_id, "itemId")?;
    let up = MOVE_DIRECTIONS.iter().find(|(name, _)| *name == form.direction).map(|(_, up)| *up);
    let up = up.ok_or_else(|| ApiError::BadInput("direction".into()))?;
    edit_entries(&state, who.0.user.user_id(), form.resume_id, move |c, resume_id| resume_entry::move_one(c, resume_id, section.name, item, up))
    .await
}
