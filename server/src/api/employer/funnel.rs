//! `/comresume/funnel`: each of the company's jobs with its views (job pages opened, from the
//! behaviour log), saves and applications over a window: the recruiter's funnel, views first.

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::api::ok;
use crate::db::company_member::Role;
use crate::db::{self};
use crate::domain::behaviour;
use crate::error::{ApiError, ApiResult};
use crate::ids::now_ms;
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;

#[derive(Debug, Deserialize)]
pub struct DaysForm {
    #[serde(default)]
    pub days: String,
}

pub async fn funnel(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<DaysForm>) -> ApiResult<HttpResponse> {
    who.require(&[Role::Owner, Role::Hr])?;
    let t = form.days.trim();
    let days = if t.is_empty() { 30 } else { t.parse::<i64>().ok().filter(|d| (1..=90).contains(d)).ok_or_else(|| ApiError::BadInput("days must be 1-90".into()))? };
    let company = who.company().0;
    Ok(ok(db::run(&state.pool, move |c| behaviour::company_funnel(c, company, days, now_ms())).await?))
}
