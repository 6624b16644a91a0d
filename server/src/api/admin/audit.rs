//! `/admin/audit/list`: the audit log, newest first; every role may read it.

use actix_web::web;
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db::admin::AdminRole::{Reviewer, Super, Support};
use crate::db::admin::AuditRow;
use crate::db::{self, admin as admin_db};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::web::extract::AdminSession;
use crate::web::form::Form;
use crate::web::paging::{Listed, Paging};

/// A page of a list; `q` narrows the audit log (the queues take no `q`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PageForm {
    pub page: Option<String>,
    pub pagesize: Option<String>,
    #[serde(default)]
    pub q: String,
}

pub async fn audit_list(state: web::Data<AppState>, who: AdminSession, Form(form): Form<PageForm>) -> ApiResult<Answer<Listed<AuditRow>>> {
    who.require(&[Super, Reviewer, Support])?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    if form.q.chars().count() > 50 {
        return Err(ApiError::BadInput("q".into()));
    }
    let (total, list) = db::run(&state.pool, move |c| Ok(admin_db::audit_page(c, &form.q, paging.offset(), paging.pagesize)?)).await?;
    Ok(answer(Listed::new(total, list)))
}
