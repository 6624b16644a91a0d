//! `/pcuser/updateType` (a resume's openness to employers, domain/visibility.rs) and
//! `/pcuser/addLog` (the behaviour log, domain/behaviour.rs).

use std::time::Duration;

use actix_web::{web, HttpRequest};
use core_wasm::behaviour::{check_batch, Openness};
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db::behaviour::Actor;
use crate::db::resume_openness::{self, ResumeOpenness};
use crate::db;
use crate::domain::{behaviour, visibility};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, parse_id, ResumeId};
use crate::rate_limit::RateLimiter;
use crate::state::AppState;
use crate::web::extract::{LoggedIn, MaybeLoggedIn};
use crate::web::form::Form;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct TypeForm {
    #[serde(default, rename = "resumeId")]
    pub resume_id: String,
    #[serde(default, rename = "type")]
    pub kind: String,
}

/// Sets one of the caller's resumes to `public`, `applied` or `hidden`.
pub async fn update_type(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<TypeForm>) -> ApiResult<Answer<bool>> {
    let resume = parse_id::<ResumeId>(&form.resume_id, "resumeId")?;
    let openness = Openness::parse(form.kind.trim()).ok_or_else(|| ApiError::BadInput("type must be public, applied or hidden".into()))?;
    let user = who.0.user.user_id();
    let index = state.resumes.clone();
    db::run(&state.pool, move |c| {
        visibility::set_openness(c, user, resume, openness)?;
        // This server's resume index takes the change now (the others at their next sync; until
        // then their searches leave a closed resume out by id, domain/employer.rs).
        if let Err(e) = index.sync(c) {
            tracing::warn!(error = %e, "resume index sync after an openness change");
        }
        Ok(())
    })
    .await?;
    Ok(answer(true))
}

/// The caller's resumes with their openness.
pub async fn type_list(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<Vec<ResumeOpenness>>> {
    let user = who.0.user.user_id();
    let list = db::run(&state.pool, move |c| Ok(resume_openness::of_user(c, user)?)).await?;
    Ok(answer(list))
}

/// Batches a session (or a visitor's finger) may send a minute, and any one address.
pub const LOG_BATCHES_PER_MINUTE: u32 = 20;
pub const LOG_BATCHES_PER_MINUTE_PER_IP: u32 = 120;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LogForm {
    /// A JSON array of events (core-wasm's behaviour::check_batch).
    #[serde(default)]
    #[schema(example = r#"[{"kind":"search","keyword":"前端","city":"hangzhou"},{"kind":"open","jobId":1}]"#)]
    pub events: String,
}

fn finger_of(req: &HttpRequest) -> Option<String> {
    let raw = req
        .cookie("finger")
        .map(|c| c.value().to_string())
        .or_else(|| req.headers().get("Finger").and_then(|v| v.to_str().ok()).map(str::to_string))?;
    behaviour::valid_finger(&raw).then_some(raw)
}

/// A batch of behaviour events, sent with navigator.sendBeacon when a page hides: checked as the
/// browser checks it, limited per session (a visitor: per finger) and per address, then stored.
/// A visitor without a finger cookie is not logged.
pub async fn add_log(state: web::Data<AppState>, req: HttpRequest, who: MaybeLoggedIn, Form(form): Form<LogForm>) -> ApiResult<Answer<behaviour::Recorded>> {
    let batch = check_batch(&form.events).map_err(|p| ApiError::BadInput(format!("events: {}", p.key())))?;
    let (actor, key) = match (&who.0, finger_of(&req)) {
        (Some(s), _) => (Actor::User(s.user.user_id()), format!("s:{}", s.id.0)),
        (None, Some(f)) => (Actor::Visitor(f.clone()), format!("f:{f}")),
        (None, None) => return Ok(answer(behaviour::Recorded { stored: 0, dropped: batch.events.len() + batch.dropped })),
    };
    let store = state.store.clone();
    let per_session = RateLimiter::new(store.clone(), "addlog", LOG_BATCHES_PER_MINUTE, Duration::from_secs(60));
    let per_ip = RateLimiter::new(store.clone(), "addlog-ip", LOG_BATCHES_PER_MINUTE_PER_IP, Duration::from_secs(60));
    if !per_ip.hit(&crate::web::client_ip(&req)) || !per_session.hit(&key) {
        return Err(ApiError::RateLimited);
    }
    let days = state.settings.behaviour_log_days;
    let purge_due = behaviour::purge_turn(&store);
    let recorded = db::run(&state.pool, move |c| {
        let now = now_ms();
        if purge_due {
            let gone = behaviour::purge(c, days, now)?;
            tracing::info!(gone, days, "behaviour log purged");
        }
        behaviour::record(c, &store, &actor, batch, now)
    })
    .await?;
    Ok(answer(recorded))
}
