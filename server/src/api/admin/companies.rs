//! `/admin/company/*`: the verification queue (domain/company_review.rs), the business licence a
//! company sent, and disabling or enabling a company.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};

use crate::api::{answer, Answer};
use crate::db::admin::AdminRole::{Reviewer, Super, Support};
use crate::db::{self, company_file};
use crate::domain::admin::{companies, Actor};
use crate::domain::company_review::{self as verification, CompanyReviewRow};
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, CompanyId};
use crate::state::AppState;
use crate::web::client_ip;
use crate::web::extract::AdminSession;
use crate::web::form::Form;
use crate::web::paging::{Listed, Paging};

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct QueueForm {
    #[serde(default)]
    pub status: String,
    pub page: Option<String>,
    pub pagesize: Option<String>,
}

pub async fn company_queue(state: web::Data<AppState>, who: AdminSession, Form(form): Form<QueueForm>) -> ApiResult<Answer<Listed<CompanyReviewRow>>> {
    who.require(&[Super, Reviewer, Support])?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let status = if form.status.trim().is_empty() { "pending".to_string() } else { form.status.trim().to_string() };
    let (total, list) = db::run(&state.pool, move |c| verification::queue(c, &status, paging.offset(), paging.pagesize)).await?;
    Ok(answer(Listed::new(total, list)))
}

/// `GET /admin/company/licence/{companyId}`: the business licence the company sent, for verification.
pub async fn company_licence(req: actix_web::HttpRequest, state: web::Data<AppState>, who: AdminSession, path: web::Path<String>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer])?;
    let company: CompanyId = parse_id(&path.into_inner(), "companyId")?;
    let row = db::run(&state.pool, move |c| company_file::licence_of(c, company)?.ok_or(ApiError::NotFound)).await?;
    crate::web::upload::serve_jpeg(&req, &state, &row.stored_name, false, None).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewForm {
    #[serde(default)]
    pub company_id: String,
    #[serde(default)]
    pub decision: String,
    #[serde(default)]
    pub reason: String,
    #[serde(default)]
    pub note: String,
}

pub async fn company_review(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<ReviewForm>) -> ApiResult<Answer<bool>> {
    who.require(&[Super, Reviewer])?;
    let company: CompanyId = parse_id(&form.company_id, "companyId")?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| verification::decide(c, &Actor { admin: &who.admin, ip: &ip }, company, form.decision.trim(), &form.reason, &form.note)).await?;
    Ok(answer(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyStateForm {
    #[serde(default)]
    pub company_id: String,
    #[serde(default)]
    pub reason: String,
}

/// How many of the company's open jobs a disable closed (0 for an enable).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyDisabled {
    pub closed_jobs: i64,
}

async fn set_company_disabled(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, form: CompanyStateForm, disabled: bool) -> ApiResult<Answer<CompanyDisabled>> {
    who.require(&[Super, Support])?;
    let company: CompanyId = parse_id(&form.company_id, "companyId")?;
    let ip = client_ip(&req);
    let closed = db::run(&state.pool, move |c| companies::set_disabled(c, &Actor { admin: &who.admin, ip: &ip }, company, disabled, &form.reason)).await?;
    Ok(answer(CompanyDisabled { closed_jobs: closed }))
}

/// `/admin/company/disable`: every member's account is disabled (sessions end at once) and the
/// company's open jobs close, leaving search.
pub async fn company_disable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<CompanyStateForm>) -> ApiResult<Answer<CompanyDisabled>> {
    set_company_disabled(state, req, who, form, true).await
}

/// `/admin/company/enable`: the members may log in again; the closed jobs stay closed.
pub async fn company_enable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<CompanyStateForm>) -> ApiResult<Answer<CompanyDisabled>> {
    set_company_disabled(state, req, who, form, false).await
}
