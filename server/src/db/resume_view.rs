//! The whole resume as the editor, the preview, the PDF and the JSON export read it: a read
//! model every face reuses.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::db::resume::{self, EntryRow, FileRow, ResumeRow};
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{ResumeEntryId, ResumeFileId, ResumeId, UserId};
use core_wasm::resume::{self as rules, Kind};

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileView {
    pub id: ResumeFileId,
    pub name: String,
    pub original_name: String,
    pub size: i64,
    pub content_type: String,
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thumb_url: Option<String>,
    pub created_at: i64,
}

impl From<&FileRow> for FileView {
    fn from(f: &FileRow) -> Self {
        FileView {
            id: f.id,
            name: f.name.clone(),
            original_name: f.original_name.clone(),
            size: f.size,
            content_type: f.content_type.clone(),
            url: format!("/ajax/resume/file/{}", f.id),
            thumb_url: f.thumb_name.as_ref().map(|_| format!("/ajax/resume/file/{}?thumb=1", f.id)),
            created_at: f.created_at,
        }
    }
}

#[derive(Debug, Serialize)]
pub struct EntryView {
    pub id: ResumeEntryId,
    pub data: Value,
}

/// The whole resume as the editor and the preview read it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResumeView {
    pub id: ResumeId,
    pub resume_type: i32,
    pub title: String,
    pub filled: bool,
    pub updated_at: i64,
    /// Form sections: the saved object or null. List sections: `[{id, data}]`.
    #[schema(schema_with = sections_schema)]
    pub sections: Map<String, Value>,
    #[schema(required)]
    pub photo: Option<FileView>,
    /// The file sections: section name -> its files.
    #[schema(value_type = std::collections::BTreeMap<String, Vec<FileView>>)]
    pub files: Map<String, Value>,
    /// Section name -> whether it shows as complete.
    #[schema(value_type = std::collections::BTreeMap<String, bool>)]
    pub complete: Map<String, Value>,
}

/// `sections` in the OpenAPI document: section name -> the form's values, null, or the list's
/// entries; values are as core-wasm's `normalize` leaves them, field -> a string or a list of strings.
fn sections_schema() -> utoipa::openapi::Object {
    sections_with_ids(true)
}

/// Sections read from a file (resume_analysis): the entries have no id yet (null).
pub fn found_sections_schema() -> utoipa::openapi::Object {
    sections_with_ids(false)
}

fn sections_with_ids(saved: bool) -> utoipa::openapi::Object {
    use utoipa::openapi::schema::{AdditionalProperties, ArrayBuilder, ObjectBuilder, OneOfBuilder, Type};
    let values = || {
        ObjectBuilder::new().schema_type(Type::Object).additional_properties(Some(AdditionalProperties::RefOr(
            OneOfBuilder::new()
                .item(ObjectBuilder::new().schema_type(Type::String))
                .item(ArrayBuilder::new().items(ObjectBuilder::new().schema_type(Type::String)))
                .into(),
        )))
    };
    let entry = ObjectBuilder::new()
        .schema_type(Type::Object)
        .property(
            "id",
            if saved {
                ObjectBuilder::new().schema_type(Type::Integer).format(Some(utoipa::openapi::schema::SchemaFormat::KnownFormat(utoipa::openapi::schema::KnownFormat::Int64)))
            } else {
                ObjectBuilder::new().schema_type(Type::Null)
            },
        )
        .property("data", values())
        .required("id")
        .required("data");
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .additional_properties(Some(AdditionalProperties::RefOr(
            OneOfBuilder::new().item(ObjectBuilder::new().schema_type(Type::Null)).item(values()).item(ArrayBuilder::new().items(entry)).into(),
        )))
        .build()
}

fn parse_json(raw: &Option<String>) -> Option<Value> {
    raw.as_deref().and_then(|s| serde_json::from_str(s).ok())
}

pub fn single_column(row: &ResumeRow, section: &str) -> Option<Value> {
    match section {
        "basic" => parse_json(&row.basic),
        "assessment" => parse_json(&row.assessment),
        "intention" => parse_json(&row.intention),
        "skillsText" => parse_json(&row.skills_text),
        "pasted" => parse_json(&row.pasted),
        _ => None,
    }
}

pub fn view(c: &mut DbConnection, row: &ResumeRow) -> ApiResult<ResumeView> {
    let entries: Vec<EntryRow> = resume::entries_of(c, row.id)?;
    let files: Vec<FileRow> = resume::files_of(c, row.id)?;
    let mut sections = Map::new();
    let mut file_lists = Map::new();
    let mut complete = Map::new();
    for s in rules::SECTIONS {
        let (value, saved, count) = match s.kind {
            Kind::Single => {
                let saved = single_column(row, s.name);
                (saved.clone().unwrap_or(Value::Null), saved, 0)
            }
            Kind::List => {
                let list: Vec<EntryView> = entries
                    .iter()
                    .filter(|e| e.section == s.name)
                    .map(|e| EntryView { id: e.id, data: serde_json::from_str(&e.data).unwrap_or(Value::Null) })
                    .collect();
                let n = list.len();
                (serde_json::to_value(list).map_err(ApiError::internal)?, None, n)
            }
            Kind::Files => {
                let list: Vec<FileView> = files.iter().filter(|f| f.kind == s.name).map(FileView::from).collect();
                let n = list.len();
                file_lists.insert(s.name.into(), serde_json::to_value(list).map_err(ApiError::internal)?);
                (Value::Null, None, n)
            }
        };
        if s.kind != Kind::Files {
            sections.insert(s.name.into(), value);
        }
        complete.insert(s.name.into(), Value::Bool(rules::is_complete(s.name, saved.as_ref(), count)));
    }
    Ok(ResumeView {
        id: row.id,
        resume_type: row.resume_type,
        title: row.title.clone(),
        filled: row.filled,
        updated_at: row.updated_at,
        sections,
        photo: files.iter().find(|f| f.kind == "photo").map(FileView::from),
        files: file_lists,
        complete,
    })
}

/// The view of the resume after a change, read afresh.
pub fn view_of(c: &mut DbConnection, user: UserId, id: ResumeId) -> ApiResult<ResumeView> {
    let row = resume::owned(c, user, id)?;
    view(c, &row)
}

