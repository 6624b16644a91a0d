//! `resume_files`: a resume's uploads (the photo, resume files, attachments). The bytes live in
//! DATA_DIR/uploads under `stored_name`; these are their rows.

use diesel::prelude::*;

use crate::db::resume::{self, FileRow};
use crate::db::schema::resume_files;
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, ResumeFileId, ResumeId, UserId};
use core_wasm::resume::UploadKind;

/// How many files of `kind` the resume has.
pub fn count_of_kind(c: &mut DbConnection, resume: ResumeId, kind: UploadKind) -> QueryResult<i64> {
    resume_files::table
        .filter(resume_files::resume_id.eq(resume))
        .filter(resume_files::kind.eq(kind.name()))
        .count()
        .get_result(c)
}

/// Adds the file's row (a photo replaces the one before; other kinds stop at their count) and
/// touches the resume; the rows replaced, whose stored files the caller removes. Run it in a write
/// transaction: the count is checked again here, as one checked before may have been overtaken.
pub fn add(c: &mut DbConnection, row: &FileRow, kind: UploadKind) -> ApiResult<Vec<FileRow>> {
    let resume_id = row.resume_id;
    let existing: Vec<FileRow> = resume_files::table
        .filter(resume_files::resume_id.eq(resume_id))
        .filter(resume_files::kind.eq(kind.name()))
        .select(FileRow::as_select())
        .load(c)?;
    if kind != UploadKind::Photo && existing.len() >= kind.max_count() {
        return Err(ApiError::FileCount);
    }
    let replaced = if kind == UploadKind::Photo {
        diesel::delete(resume_files::table.filter(resume_files::resume_id.eq(resume_id)).filter(resume_files::kind.eq("photo")))
            .execute(c)?;
        existing
    } else {
        Vec::new()
    };
    diesel::insert_into(resume_files::table).values(row).execute(c)?;
    resume::touch(c, resume_id, now_ms())?;
    Ok(replaced)
}

/// The user's file, or NotFound.
pub fn of_user(c: &mut DbConnection, user: UserId, id: ResumeFileId) -> QueryResult<FileRow> {
    resume_files::table
        .filter(resume_files::id.eq(id))
        .filter(resume_files::user_id.eq(user))
        .select(FileRow::as_select())
        .first(c)
}

/// Deletes the user's file of `resume` and touches the resume; the row deleted (its stored files
/// are the caller's to remove), or NotFound.
pub fn remove(c: &mut DbConnection, user: UserId, resume: ResumeId, id: ResumeFileId) -> QueryResult<FileRow> {
    let row: FileRow = resume_files::table
        .filter(resume_files::id.eq(id))
        .filter(resume_files::resume_id.eq(resume))
        .filter(resume_files::user_id.eq(user))
        .select(FileRow::as_select())
        .first(c)?;
    diesel::delete(resume_files::table.filter(resume_files::id.eq(id))).execute(c)?;
    resume::touch(c, resume, now_ms())?;
    Ok(row)
}

/// Photos after the id `after`, by id, at most `limit`: (id, stored name). For the thumbnails' one-off
/// job (domain/thumbnails.rs).
pub fn photos_after(c: &mut DbConnection, after: i64, limit: i64) -> QueryResult<Vec<(i64, String)>> {
    let rows: Vec<(ResumeFileId, String)> = resume_files::table
        .filter(resume_files::kind.eq(UploadKind::Photo.name()))
        .filter(resume_files::id.gt(ResumeFileId(after)))
        .order(resume_files::id.asc())
        .limit(limit)
        .select((resume_files::id, resume_files::stored_name))
        .load(c)?;
    Ok(rows.into_iter().map(|(id, name)| (id.0, name)).collect())
}
