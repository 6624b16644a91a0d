//! The company's pictures (table company_files).

use crate::ids::{CompanyFileId, CompanyId};
use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::company_files;
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use core_wasm::company::CompanyFileKind;

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = company_files)]
pub struct CompanyFileRow {
    pub id: CompanyFileId,
    pub company_id: CompanyId,
    pub kind: String,
    pub stored_name: String,
    pub size: i64,
    pub created_at: i64,
}

/// A picture as the pages link it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Picture {
    pub id: CompanyFileId,
    pub url: String,
}

/// A company's pictures by kind.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyPictures {
    #[schema(required)]
    pub logo: Option<Picture>,
    pub photos: Vec<Picture>,
    #[schema(required)]
    pub video_cover: Option<Picture>,
}

/// The public address of a picture (never the licence's).
pub fn public_url(id: CompanyFileId) -> String {
    format!("/ajax/company/picture/{id}")
}

/// Adds a picture; for the kinds that hold one, the rows it replaces go and are answered (their
/// stored files are the caller's to remove). Refuses a tenth photo with FILE_COUNT.
pub fn add(c: &mut DbConnection, row: &CompanyFileRow, kind: CompanyFileKind) -> ApiResult<Vec<CompanyFileRow>> {
    let existing: Vec<CompanyFileRow> = company_files::table
        .filter(company_files::company_id.eq(row.company_id))
        .filter(company_files::kind.eq(kind.name()))
        .select(CompanyFileRow::as_select())
        .load(c)?;
    let replaced = if kind.max_count() == 1 {
        diesel::delete(company_files::table.filter(company_files::company_id.eq(row.company_id)).filter(company_files::kind.eq(kind.name())))
            .execute(c)?;
        existing
    } else if existing.len() >= kind.max_count() {
        return Err(ApiError::FileCount);
    } else {
        Vec::new()
    };
    diesel::insert_into(company_files::table).values(row).execute(c)?;
    Ok(replaced)
}

/// How many pictures of the kind the company has.
pub fn count_of_kind(c: &mut DbConnection, company: CompanyId, kind: CompanyFileKind) -> QueryResult<i64> {
    company_files::table
        .filter(company_files::company_id.eq(company))
        .filter(company_files::kind.eq(kind.name()))
        .count()
        .get_result(c)
}

/// Every picture of the company, oldest first.
pub fn list_of(c: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<CompanyFileRow>> {
    company_files::table
        .filter(company_files::company_id.eq(company))
        .order((company_files::created_at.asc(), company_files::id.asc()))
        .select(CompanyFileRow::as_select())
        .load(c)
}

/// The public pictures of the company, by kind: what its page shows.
pub fn pictures_of(c: &mut DbConnection, company: CompanyId) -> QueryResult<CompanyPictures> {
    let mut out = CompanyPictures::default();
    for row in list_of(c, company)? {
        let picture = Picture { id: row.id, url: public_url(row.id) };
        match CompanyFileKind::parse(&row.kind) {
            Some(CompanyFileKind::Logo) => out.logo = Some(picture),
            Some(CompanyFileKind::Photo) => out.photos.push(picture),
            Some(CompanyFileKind::VideoCover) => out.video_cover = Some(picture),
            Some(CompanyFileKind::Licence) | None => {}
        }
    }
    Ok(out)
}

/// A public picture (not a licence) by id, or NotFound.
pub fn public_picture(c: &mut DbConnection, id: CompanyFileId) -> QueryResult<CompanyFileRow> {
    company_files::table
        .filter(company_files::id.eq(id))
        .filter(company_files::kind.ne(CompanyFileKind::Licence.name()))
        .select(CompanyFileRow::as_select())
        .first(c)
}

/// The company's licence, if it has sent one.
pub fn licence_of(c: &mut DbConnection, company: CompanyId) -> QueryResult<Option<CompanyFileRow>> {
    company_files::table
        .filter(company_files::company_id.eq(company))
        .filter(company_files::kind.eq(CompanyFileKind::Licence.name()))
        .select(CompanyFileRow::as_select())
        .first(c)
        .optional()
}

/// Deletes the company's picture; the row (its stored file is the caller's to remove), or NotFound.
pub fn remove(c: &mut DbConnection, company: CompanyId, id: CompanyFileId) -> QueryResult<CompanyFileRow> {
    let row: CompanyFileRow = company_files::table
        .filter(company_files::id.eq(id))
        .filter(company_files::company_id.eq(company))
        .select(CompanyFileRow::as_select())
        .first(c)?;
    diesel::delete(company_files::table.filter(company_files::id.eq(id))).execute(c)?;
    Ok(row)
}

/// Pictures with thumbnails (every kind but the licence) after the id `after`, by id, at most `limit`:
/// (id, stored name). For the thumbnails' one-off job (domain/thumbnails.rs).
pub fn pictures_after(c: &mut DbConnection, after: i64, limit: i64) -> QueryResult<Vec<(i64, String)>> {
    let rows: Vec<(CompanyFileId, String)> = company_files::table
        .filter(company_files::kind.ne(CompanyFileKind::Licence.name()))
        .filter(company_files::id.gt(CompanyFileId(after)))
        .order(company_files::id.asc())
        .limit(limit)
        .select((company_files::id, company_files::stored_name))
        .load(c)?;
    Ok(rows.into_iter().map(|(id, name)| (id.0, name)).collect())
}
