//! The faces of the site, one folder each, each with its own route table: `public` (anyone),
//! `candidate` (a logged-in job seeker), and `dev` (the dev providers' pages, on loopback only).
//! `routes` puts them together under /ajax.

pub mod admin;
pub mod candidate;
pub mod dev;
pub mod employer;
pub mod openapi;
pub mod public;

use actix_web::{web, HttpResponse};
use serde::Serialize;
use serde_json::json;

use crate::error::ApiError;

/// `{"result": …}`.
pub fn ok<T: Serialize>(result: T) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "result": result }))
}

/// Which dev pages to serve: only those of the dev providers in use.
#[derive(Debug, Clone, Copy, Default)]
pub struct DevPages {
    pub outbox: bool,
    pub wechat: bool,
    pub payment: bool,
}

pub fn routes(cfg: &mut web::ServiceConfig, dev_pages: DevPages, mobile_base: &str) {
    let ajax = admin::ajax_routes(employer::ajax_routes(candidate::ajax_routes(public::ajax_routes(web::scope("/ajax")))));
    // The OpenAPI document of every call above (api/openapi.rs).
    let ajax = ajax.route(openapi::DOCUMENT_PATH, web::get().to(openapi::serve));
    // SPEC §7's test endpoints: dev tools, where the dev providers are (api/dev/totest.rs).
    let ajax = if dev_pages.outbox || dev_pages.wechat || dev_pages.payment { ajax.service(dev::totest::scope()) } else { ajax };
    cfg.service(ajax.default_service(web::to(|| async { Err::<HttpResponse, _>(ApiError::NotFound) })));
    public::routes(cfg, mobile_base);
    dev::routes(cfg, dev_pages);
}
