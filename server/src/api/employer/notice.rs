//! Notice templates (`/comtemplate/*`) and the company's notice outbox (`/comnotice/list`).
//! Owners and HR.

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::api::{answer, Answer};
use crate::db::company_member::Role;
use crate::db::notice::NoticeRecord;
use crate::db::notice_template::Template;
use crate::db::{self, notice_template as templates};
use crate::domain::notice_template;
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, NoticeTemplateId};
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;
use crate::web::paging::{Listed, Paging};

const ROLES: &[Role] = &[Role::Owner, Role::Hr];

/// The company's templates, and the variables a template may name.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Templates {
    pub list: Vec<Template>,
    #[schema(value_type = Vec<String>)]
    pub variables: &'static [&'static str],
}

/// The company's templates (the defaults made on first use), with the variables they may name.
pub async fn list(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<Answer<Templates>> {
    who.require(ROLES)?;
    let company = who.company();
    let list = db::run(&state.pool, move |c| notice_template::list(c, company)).await?;
    Ok(answer(Templates { list, variables: core_wasm::notice_template::VARIABLES }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveForm {
    pub id: Option<String>,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub mail_subject: String,
    #[serde(default)]
    pub mail_content: String,
    #[serde(default)]
    pub sms_content: String,
}

/// A saved template's id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TemplateSaved {
    pub id: NoticeTemplateId,
}

/// Saves a template: `id` absent (or empty) for a new one. FIELDS_INVALID with core-wasm's verdict
/// (an unknown variable named in it), TEMPLATE_NAME_EXISTS for a name the company has.
pub async fn save(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<SaveForm>) -> ApiResult<Answer<TemplateSaved>> {
    who.require(ROLES)?;
    let id = match form.id.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(parse_id::<NoticeTemplateId>(raw, "id")?),
    };
    let draft = core_wasm::notice_template::TemplateDraft {
        name: form.name,
        mail_subject: form.mail_subject,
        mail_content: form.mail_content,
        sms_content: form.sms_content,
    };
    let company = who.company();
    let id = db::run(&state.pool, move |c| notice_template::save(c, company, id, &draft)).await?;
    Ok(answer(TemplateSaved { id }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct IdForm {
    #[serde(default)]
    pub id: String,
}

pub async fn delete(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<IdForm>) -> ApiResult<Answer<bool>> {
    who.require(ROLES)?;
    let id: NoticeTemplateId = parse_id(&form.id, "id")?;
    let company = who.company();
    let n = db::run(&state.pool, move |c| Ok(templates::delete(c, company, id)?)).await?;
    if n == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(answer(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NoticeListForm {
    pub page: Option<String>,
    pub pagesize: Option<String>,
    /// Only the notices of one event or its kind: `interview:123`, `apply:456`.
    pub event: Option<String>,
}

/// The company's notices, newest first, with their state (pending, sending, retrying, sent, failed).
pub async fn notices(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<NoticeListForm>) -> ApiResult<Answer<Listed<NoticeRecord>>> {
    who.require(ROLES)?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let prefix = form.event.map(|e| e.trim().to_string()).filter(|e| !e.is_empty());
    if prefix.as_ref().is_some_and(|p| p.chars().count() > 100) {
        return Err(ApiError::BadInput("event".into()));
    }
    let company = who.company();
    let (total, list) =
        db::run(&state.pool, move |c| crate::domain::notice::outbox(c, company, prefix.as_deref(), paging.offset(), paging.pagesize)).await?;
    Ok(answer(Listed::new(total, list)))
}
