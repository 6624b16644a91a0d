//! The company's own details, as its owner edits them and the public company page shows them.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};

use crate::api::{answer, Answer};
use crate::db::company::{self, Profile};
use crate::db::company_file::{self, CompanyFileRow, CompanyPictures, Picture};
use crate::db::company_member::Role;
use crate::db::{self, company_review, DbConnection};
use crate::domain::thumbnails;
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, parse_id, CompanyFileId, CompanyId};
use crate::providers::storage::random_name;
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;
use crate::web::upload::{content_matches, multipart, read_upload, reencode_image, serve_jpeg, sniff, TEXT_FIELD_MAX};
use core_wasm::company::{company_upload_problem, CompanyFileKind, COMPANY_PICTURE_MAX_BYTES};
use core_wasm::resume::extension;

/// The company as its members see it: the details, the public pictures, and for the owner the
/// business licence (which no one else but the admin console reads).
/// The details are `Profile`'s fields (the form `/comcompany/save` takes), written out here: the
/// form's fields are all optional, the answer's all there.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CompanyProfile)]
pub struct CompanyAnswer {
    pub id: CompanyId,
    pub name: String,
    pub short_name: String,
    pub industry: String,
    pub company_type: String,
    pub company_size: String,
    pub city: String,
    pub address: String,
    pub intro: String,
    pub video_url: String,
    pub video_title: String,
    pub pictures: CompanyPictures,
    /// To the owner only; null to the others and before one is sent.
    #[schema(required)]
    pub licence: Option<Picture>,
    /// The admins' review (issue 19): the reason of a rejection is the company's to read.
    #[schema(required)]
    pub review: Option<company_review::Review>,
}

/// Where the owner reads the licence back.
const LICENCE_URL: &str = "/ajax/comcompany/licence";

fn company_answer(c: &mut DbConnection, company: CompanyId, owner: bool) -> ApiResult<CompanyAnswer> {
    let licence = if owner { company_file::licence_of(c, company)?.map(|r| Picture { id: r.id, url: LICENCE_URL.into() }) } else { None };
    let Profile { id, name, short_name, industry, company_type, company_size, city, address, intro, video_url, video_title } = company::profile(c, company)?;
    Ok(CompanyAnswer {
        id, name, short_name, industry, company_type, company_size, city, address, intro, video_url, video_title,
        pictures: company_file::pictures_of(c, company)?,
        licence,
        review: company_review::of_company(c, company)?,
    })
}

pub async fn get(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<Answer<CompanyAnswer>> {
    let id = who.company();
    let owner = who.require(&[Role::Owner]).is_ok();
    Ok(answer(db::run(&state.pool, move |c| company_answer(c, id, owner)).await?))
}

fn too_long(field: &str, value: &str, max: usize) -> ApiResult<()> {
    if value.chars().count() > max {
        return Err(ApiError::BadInput(format!("{field} is longer than {max}")));
    }
    Ok(())
}

/// Saves the details (owner only): the full name and the brand stay unique.
pub async fn save(state: web::Data<AppState>, who: CompanyMember, Form(mut p): Form<Profile>) -> ApiResult<Answer<CompanyAnswer>> {
    who.require(&[Role::Owner])?;
    p.id = who.company();
    for s in [&mut p.name, &mut p.short_name, &mut p.industry, &mut p.company_type, &mut p.company_size, &mut p.city, &mut p.address, &mut p.intro, &mut p.video_url, &mut p.video_title] {
        *s = s.trim().to_string();
    }
    // The names as typed without invisible characters; compared by key (docs/api.md, "Company names").
    p.name = core_wasm::company::display_name(&p.name);
    p.short_name = core_wasm::company::display_name(&p.short_name);
    if p.name.is_empty() {
        return Err(ApiError::BadInput("name".into()));
    }
    too_long("name", &p.name, 100)?;
    too_long("shortName", &p.short_name, 30)?;
    too_long("address", &p.address, 200)?;
    too_long("intro", &p.intro, 5000)?;
    too_long("videoTitle", &p.video_title, 50)?;
    too_long("videoUrl", &p.video_url, 500)?;
    for f in [&p.industry, &p.company_type, &p.company_size, &p.city] {
        too_long("field", f, 30)?;
    }
    if !p.video_url.is_empty() && !(p.video_url.starts_with("https://") || p.video_url.starts_with("http://")) {
        return Err(ApiError::BadInput("videoUrl".into()));
    }
    let saved = db::run(&state.pool, move |c| {
        db::write_transaction(c, |c| {
            if company::name_taken(c, &p.name, Some(p.id))? {
                return Err(ApiError::CompanyNameExists);
            }
            if company::brand_taken(c, &p.short_name, p.id)? {
                return Err(ApiError::BrandExists);
            }
            let before = company::names_of(c, p.id)?.ok_or(ApiError::NotFound)?;
            company::save_profile(c, &p)?;
            crate::domain::company_names::changed(c, p.id, &before, (&p.name, &p.short_name), now_ms())?;
            company_answer(c, p.id, true)
        })
    })
    .await?;
    Ok(answer(saved))
}

/// Past this many bytes in all a picture upload stops being read.
const PICTURE_DRAIN_CAP: usize = COMPANY_PICTURE_MAX_BYTES as usize + 1024 * 1024;

/// `multipart/form-data`: `kind` (logo | licence | photo | videoCover) and `file` (JPEG, PNG or GIF
/// by content, at most 5 MB). Owner only. The picture is decoded and encoded again; a logo, licence
/// or cover replaces the one before. Answers the company.
pub async fn upload_picture(state: web::Data<AppState>, who: CompanyMember, req: HttpRequest, payload: web::Payload) -> ApiResult<Answer<CompanyAnswer>> {
    who.require(&[Role::Owner])?;
    let company = who.company();
    let upload = read_upload(multipart(req.headers(), payload)?, COMPANY_PICTURE_MAX_BYTES as usize, PICTURE_DRAIN_CAP, TEXT_FIELD_MAX).await?;
    let kind = CompanyFileKind::parse(upload.field("kind").trim()).ok_or_else(|| ApiError::BadInput("kind".into()))?;
    let file_name = upload.file_name.clone().ok_or_else(|| ApiError::BadInput("file".into()))?;
    let size = if upload.too_big { COMPANY_PICTURE_MAX_BYTES + 1 } else { upload.bytes.len() as u64 };
    let existing = db::run(&state.pool, move |c| Ok(company_file::count_of_kind(c, company, kind)? as usize)).await?;
    match company_upload_problem(kind, &file_name, size, existing) {
        Some("company.upload.format") => return Err(ApiError::FileFormat),
        Some("company.upload.size") => return Err(ApiError::FileTooBig),
        Some(_) => return Err(ApiError::FileCount),
        None => {}
    }
    if !content_matches(&extension(&file_name), sniff(&upload.bytes)) {
        return Err(ApiError::FileFormat);
    }
    let bytes = upload.bytes;
    let stored_name = random_name();
    let name = stored_name.clone();
    // Every kind but the licence (a document for the reviewers, read whole) gets its thumbnails.
    let thumbnailed = kind != CompanyFileKind::Licence;
    let (kept, variants) = web::block(move || -> ApiResult<_> {
        let (kept, _) = reencode_image(&bytes, kind.kept_box(), None)?;
        let variants = if thumbnailed { thumbnails::make(&name, &kept)? } else { Vec::new() };
        Ok((kept, variants))
    })
    .await??;
    let row = CompanyFileRow { id: new_id(), company_id: who.company(), kind: kind.name().into(), stored_name, size: kept.len() as i64, created_at: now_ms() };
    state.storage.put(&row.stored_name, kept).await?;
    if let Err(e) = thumbnails::store(&state.storage, variants).await {
        state.storage.remove(&row.stored_name).await;
        return Err(e);
    }
    let stored = row.stored_name.clone();
    let added = db::run(&state.pool, move |c| {
        db::write_transaction(c, |c| {
            let replaced = company_file::add(c, &row, kind)?;
            if kind == CompanyFileKind::Licence {
                // A changed licence is reviewed again (issue 19): the company is pending until then.
                crate::domain::company_review::licence_changed(c, company, row.created_at)?;
            }
            Ok(replaced)
        })
    })
    .await;
    let replaced = match added {
        Ok(old) => old,
        Err(e) => {
            remove_stored(&state, &stored).await;
            return Err(e);
        }
    };
    for old in replaced {
        remove_stored(&state, &old.stored_name).await;
    }
    Ok(answer(db::run(&state.pool, move |c| company_answer(c, company, true)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PictureForm {
    #[serde(default)]
    pub id: String,
}

/// `/comcompany/removePicture`: `id`. Owner only; another company's picture is NotFound.
pub async fn remove_picture(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<PictureForm>) -> ApiResult<Answer<CompanyAnswer>> {
    who.require(&[Role::Owner])?;
    let company = who.company();
    let id: CompanyFileId = parse_id(&form.id, "id")?;
    let (row, shown) = db::run(&state.pool, move |c| {
        let row = company_file::remove(c, company, id)?;
        Ok((row, company_answer(c, company, true)?))
    })
    .await?;
    remove_stored(&state, &row.stored_name).await;
    Ok(answer(shown))
}

/// Removes a picture's stored file and its thumbnails.
async fn remove_stored(state: &AppState, stored: &str) {
    state.storage.remove(stored).await;
    thumbnails::remove(&state.storage, stored).await;
}

/// `GET /ajax/comcompany/licence`: the business licence, to the company's owner.
pub async fn licence(req: actix_web::HttpRequest, state: web::Data<AppState>, who: CompanyMember) -> ApiResult<HttpResponse> {
    who.require(&[Role::Owner])?;
    let company = who.company();
    let row = db::run(&state.pool, move |c| company_file::licence_of(c, company)?.ok_or(ApiError::NotFound)).await?;
    serve_jpeg(&req, &state, &row.stored_name, false, None).await
}
