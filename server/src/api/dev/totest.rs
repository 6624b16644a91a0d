//! SPEC §7's test endpoints, `GET /ajax/totest/getdata` and `POST /ajax/totest/setdata`: a small
//! JSON value kept for the caller's session, for our own browser tests and a developer's console.
//! Dev tools like /dev/*: routed only while a dev provider is in use, answered only to callers on
//! loopback that no proxy forwarded; anywhere else NOT_FOUND.

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::api::ok;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::web::extract::LoggedIn;
use crate::web::form::Form;

/// The largest value kept, in bytes of its JSON text.
pub const MAX_BYTES: usize = 4096;
/// How long a value is kept.
const TTL_MS: i64 = 24 * 3600 * 1000;

fn key(who: &LoggedIn) -> String {
    format!("totest:{}", who.0.id.0)
}

#[derive(Debug, Deserialize)]
pub struct SetForm {
    #[serde(default)]
    pub data: String,
}

/// `data`: a JSON value of at most 4 KB (BAD_INPUT otherwise), in place of the session's last.
pub async fn setdata(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<SetForm>) -> ApiResult<HttpResponse> {
    if form.data.len() > MAX_BYTES {
        return Err(ApiError::BadInput("data".into()));
    }
    let value: serde_json::Value = serde_json::from_str(&form.data).map_err(|_| ApiError::BadInput("data".into()))?;
    let text = value.to_string();
    let key = key(&who);
    let store = state.store.clone();
    web::block(move || {
        // take, then put_new: the store has no plain overwrite, and one session writes its own key.
        store.take(&key)?;
        store.put_new(&key, &text, TTL_MS)
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(|e| ApiError::internal(e.0))?;
    Ok(ok(value))
}

/// The session's value, or null.
pub async fn getdata(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<HttpResponse> {
    let key = key(&who);
    let store = state.store.clone();
    let text = web::block(move || store.get(&key)).await.map_err(ApiError::internal)?.map_err(|e| ApiError::internal(e.0))?;
    let value = text.and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok()).unwrap_or(serde_json::Value::Null);
    Ok(ok(value))
}

/// The two routes, inside the /ajax scope, behind the loopback guard.
pub fn scope() -> actix_web::Scope {
    let loopback = actix_web::guard::fn_guard(|ctx| crate::web::direct_from_loopback(ctx.head().peer_addr.map(|a| a.ip()), &ctx.head().headers));
    web::scope("/totest").guard(loopback).route("/getdata", web::get().to(getdata)).route("/setdata", web::post().to(setdata))
}
