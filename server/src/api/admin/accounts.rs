//! `/admin/user/*`: support finds candidates and company members, reads one, disables and enables
//! every account on a mobile, and lifts a log-in lockout.

use actix_web::{web, HttpRequest};
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db::admin::AdminRole::{Reviewer, Super, Support};
use crate::db::{self};
use crate::domain::admin::accounts::{AccountDetail, AccountRow};
use crate::domain::admin::{accounts, Actor};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::web::client_ip;
use crate::web::extract::AdminSession;
use crate::web::form::Form;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct QueryForm {
    #[serde(default)]
    pub q: String,
}

pub async fn user_search(state: web::Data<AppState>, who: AdminSession, Form(form): Form<QueryForm>) -> ApiResult<Answer<Vec<AccountRow>>> {
    who.require(&[Super, Support, Reviewer])?;
    Ok(answer(db::run(&state.pool, move |c| accounts::search(c, &form.q)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AccountRefForm {
    /// `candidate` or `member`, as the search's rows say.
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub id: String,
}

/// `/admin/user/detail`: one account found by the search, with what it holds and its audit rows.
pub async fn user_detail(state: web::Data<AppState>, who: AdminSession, Form(form): Form<AccountRefForm>) -> ApiResult<Answer<AccountDetail>> {
    who.require(&[Super, Support, Reviewer])?;
    let id: i64 = form.id.trim().parse().map_err(|_| ApiError::BadInput("id".into()))?;
    let kind = form.kind.trim().to_string();
    Ok(answer(db::run(&state.pool, move |c| accounts::detail(c, &kind, id)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AccountForm {
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub reason: String,
}

async fn set_disabled(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, form: AccountForm, disabled: bool) -> ApiResult<Answer<bool>> {
    who.require(&[Super, Support])?;
    let ip = client_ip(&req);
    let user = db::run(&state.pool, move |c| accounts::set_disabled(c, &Actor { admin: &who.admin, ip: &ip }, &form.mobile, disabled, &form.reason)).await?;
    if let Some(u) = user {
        state.logins.forget_user(u);
    }
    Ok(answer(true))
}

pub async fn user_disable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<AccountForm>) -> ApiResult<Answer<bool>> {
    set_disabled(state, req, who, form, true).await
}

pub async fn user_enable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<AccountForm>) -> ApiResult<Answer<bool>> {
    set_disabled(state, req, who, form, false).await
}

/// Lifts a log-in lockout (5 failed log-ins) of a mobile.
pub async fn user_unlock(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<AccountForm>) -> ApiResult<Answer<bool>> {
    who.require(&[Super, Support])?;
    let mobile = form.mobile.trim().to_string();
    if !core_wasm::account::is_mainland_mobile(&mobile) {
        return Err(ApiError::BadInput("mobile".into()));
    }
    crate::rate_limit::AccountLockout::unlock(&state.store, &mobile);
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| accounts::audit_unlock(c, &Actor { admin: &who.admin, ip: &ip }, &mobile)).await?;
    Ok(answer(true))
}
