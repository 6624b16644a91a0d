//! The route table of /ajax: one place, one handler per call.

pub mod form;
pub mod pclogin;
pub mod site;

use actix_web::{web, HttpResponse};
use serde::Serialize;
use serde_json::json;

use crate::error::ApiError;

/// `{"result": …}`.
pub fn ok<T: Serialize>(result: T) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "result": result }))
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/ajax")
            .route("/site/config", web::post().to(site::config))
            .route("/pclogin/islogin", web::post().to(pclogin::islogin))
            .route("/pclogin/login", web::post().to(pclogin::login))
            .route("/pclogin/logout", web::post().to(pclogin::logout))
            .default_service(web::to(|| async { Err::<HttpResponse, _>(ApiError::NotFound) })),
    );
}
