//! `/dev/captcha/{token}`: where the gap of a pending slider picture is, so our own tests (server
//! tests and the browser tests) can drag there as a person would, now that the picture no longer
//! gives the gap away to a program. Like /dev/outbox: routed only with dev providers, loopback only.

use actix_web::{web, HttpResponse};

use crate::state::AppState;

/// GET /dev/captcha/{token}: `{"x": gapX}`, or 404 for a token that is not pending. Does not spend it.
pub async fn dev_captcha_hint(state: web::Data<AppState>, token: web::Path<String>) -> HttpResponse {
    let state = state.clone();
    let token = token.into_inner();
    match web::block(move || state.captcha.gap_of(&token)).await.ok().flatten() {
        Some(x) => HttpResponse::Ok().json(serde_json::json!({ "x": x })),
        None => HttpResponse::NotFound().json(serde_json::json!({ "error": "no such picture" })),
    }
}
