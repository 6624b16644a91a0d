//! The company's own details, as its owner edits them and the public company page shows them.

use actix_web::{web, HttpResponse};

use crate::api::ok;
use crate::db::company::{self, Profile};
use crate::db::company_member::Role;
use crate::db::{self};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;

pub async fn get(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<HttpResponse> {
    let id = who.company().0;
    Ok(ok(db::run(&state.pool, move |c| Ok(company::profile(c, id)?)).await?))
}

fn too_long(field: &str, value: &str, max: usize) -> ApiResult<()> {
    if value.chars().count() > max {
        return Err(ApiError::BadInput(format!("{field} is longer than {max}")));
    }
    Ok(())
}

/// Saves the details (owner only): the full name and the brand stay unique.
pub async fn save(state: web::Data<AppState>, who: CompanyMember, Form(mut p): Form<Profile>) -> ApiResult<HttpResponse> {
    who.require(&[Role::Owner])?;
    p.id = who.company().0;
    for s in [&mut p.name, &mut p.short_name, &mut p.industry, &mut p.company_type, &mut p.company_size, &mut p.city, &mut p.address, &mut p.intro, &mut p.video_url, &mut p.video_title] {
        *s = s.trim().to_string();
    }
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
            company::save_profile(c, &p)?;
            Ok(company::profile(c, p.id)?)
        })
    })
    .await?;
    Ok(ok(saved))
}
