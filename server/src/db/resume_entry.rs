//! `resume_entries`: the entries of a resume's list sections (work, education, ...), in order.

use diesel::prelude::*;
use serde_json::{Map, Value};

use crate::db::schema::resume_entries;
use crate::db::{resume, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, ResumeEntryId, ResumeId};
use core_wasm::resume as rules;

fn text(m: &Map<String, Value>, k: &str) -> String {
    m.get(k).and_then(Value::as_str).unwrap_or("").to_string()
}

/// The section's entries, in order.
pub fn section_ids(c: &mut DbConnection, resume: ResumeId, section: &str) -> QueryResult<Vec<ResumeEntryId>> {
    resume_entries::table
        .filter(resume_entries::resume_id.eq(resume))
        .filter(resume_entries::section.eq(section))
        .order((resume_entries::position.asc(), resume_entries::id.asc()))
        .select(resume_entries::id)
        .load(c)
}

/// Numbers the entries 0, 1, ... in the given order.
fn renumber(c: &mut DbConnection, ids: &[ResumeEntryId]) -> QueryResult<()> {
    for (i, id) in ids.iter().enumerate() {
        diesel::update(resume_entries::table.filter(resume_entries::id.eq(id))).set(resume_entries::position.eq(i as i32)).execute(c)?;
    }
    Ok(())
}

/// Adds (no `item`) or changes one entry of a list section, with the searched fields copied to
/// their columns; the entry's id. Another resume's or section's entry is NOT_FOUND.
pub fn store(c: &mut DbConnection, resume: ResumeId, section: &str, item: Option<ResumeEntryId>, clean: &Map<String, Value>) -> ApiResult<ResumeEntryId> {
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
                    .filter(resume_entries::id.eq(item))
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
            item
        }
        None => {
            let existing = section_ids(c, resume, section)?;
            if existing.len() >= rules::ENTRIES_MAX {
                return Err(ApiError::BadInput(format!("{section}: at most {} entries", rules::ENTRIES_MAX)));
            }
            let id: ResumeEntryId = new_id();
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
    resume::touch(c, resume, now_ms())?;
    Ok(id)
}

/// Deletes one entry and closes the gap; NOT_FOUND when the section has no such entry.
pub fn delete(c: &mut DbConnection, resume: ResumeId, section: &str, item: ResumeEntryId) -> ApiResult<()> {
    let n = diesel::delete(
        resume_entries::table
            .filter(resume_entries::id.eq(item))
            .filter(resume_entries::resume_id.eq(resume))
            .filter(resume_entries::section.eq(section)),
    )
    .execute(c)?;
    if n == 0 {
        return Err(ApiError::NotFound);
    }
    let ids = section_ids(c, resume, section)?;
    renumber(c, &ids)?;
    resume::touch(c, resume, now_ms())?;
    Ok(())
}

/// Moves an entry one place up or down in its section (at an end, nothing moves).
pub fn move_one(c: &mut DbConnection, resume: ResumeId, section: &str, item: ResumeEntryId, up: bool) -> ApiResult<()> {
    let mut ids = section_ids(c, resume, section)?;
    let at = ids.iter().position(|i| *i == item).ok_or(ApiError::NotFound)?;
    let to = if up { at.checked_sub(1) } else { Some(at + 1).filter(|t| *t < ids.len()) };
    if let Some(to) = to {
        ids.swap(at, to);
        renumber(c, &ids)?;
        resume::touch(c, resume, now_ms())?;
    }
    Ok(())
}
