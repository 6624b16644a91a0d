//! `/admin/admins/*` (super admins only): the console's own accounts, listed, created, disabled
//! and enabled (domain/admin/admins.rs).

use actix_web::{web, HttpRequest};
use serde::{Deserialize, Serialize};

use crate::api::{answer, Answer};
use crate::db::admin::{self as admin_db, AdminRole, AdminRole::Super, AdminRow};
use crate::db::{self};
use crate::domain::admin::{admins, Actor};
use crate::domain::auth;
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, AdminId};
use crate::state::AppState;
use crate::web::client_ip;
use crate::web::extract::AdminSession;
use crate::web::form::Form;

pub async fn admins_list(state: web::Data<AppState>, who: AdminSession) -> ApiResult<Answer<Vec<AdminRow>>> {
    who.require(&[Super])?;
    Ok(answer(db::run(&state.pool, move |c| Ok(admin_db::list(c)?)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CreateForm {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub role: String,
}

/// The new admin's id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminCreated {
    pub id: AdminId,
}

/// The most characters in an admin's username.
pub const USERNAME_MAX: usize = 32;

/// An admin's username: 1 to USERNAME_MAX ASCII letters, digits, `_` and `.`.
pub fn is_username(name: &str) -> bool {
    (1..=USERNAME_MAX).contains(&name.chars().count()) && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// A new admin (super only); they enrol their TOTP at first log-in.
pub async fn admins_create(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<CreateForm>) -> ApiResult<Answer<AdminCreated>> {
    who.require(&[Super])?;
    let role = AdminRole::parse(form.role.trim()).ok_or_else(|| ApiError::BadInput("role".into()))?;
    let username = form.username.trim().to_string();
    if !is_username(&username) {
        return Err(ApiError::BadInput("username".into()));
    }
    if let Some(problem) = core_wasm::account::new_password_problem(&form.password) {
        return Err(ApiError::BadInput(problem.key().into()));
    }
    let password = form.password.clone();
    let hash = web::block(move || auth::hash_password(&password)).await??;
    let ip = client_ip(&req);
    let id = db::run(&state.pool, move |c| admins::create(c, &Actor { admin: &who.admin, ip: &ip }, &username, &hash, role)).await?;
    Ok(answer(AdminCreated { id }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AdminIdForm {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub reason: String,
}

/// Disables an admin (super only): never oneself, never the last super admin; their sessions end.
pub async fn admins_disable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<AdminIdForm>) -> ApiResult<Answer<bool>> {
    set_admin_disabled(state, req, who, form, true).await
}

/// Re-enables a disabled admin (super only); they log in again with their password and TOTP.
pub async fn admins_enable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<AdminIdForm>) -> ApiResult<Answer<bool>> {
    set_admin_disabled(state, req, who, form, false).await
}

async fn set_admin_disabled(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, form: AdminIdForm, disabled: bool) -> ApiResult<Answer<bool>> {
    who.require(&[Super])?;
    let id: AdminId = parse_id(&form.id, "id")?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| admins::set_disabled(c, &Actor { admin: &who.admin, ip: &ip }, id, disabled, &form.reason)).await?;
    Ok(answer(true))
}
