//! The faces of the site, one folder each, each with its own route table (`ajax_table!`,
//! api/operation.rs): `public` (anyone), `candidate` (a logged-in job seeker), `employer` (a company
//! member), `admin` (the console), and `dev` (the dev providers' pages, on loopback only). `routes`
//! puts them together under /ajax, beside the OpenAPI document built from the same tables.

pub mod admin;
pub mod candidate;
pub mod chat_calls;
pub mod chat_exchange_calls;
pub mod chat_notice_calls;
pub mod dev;
pub mod employer;
pub mod input_parts;
pub mod input_rules;
pub mod openapi;
pub mod operation;
pub mod public;

use actix_web::cookie::Cookie;
use actix_web::http::header::ContentType;
use actix_web::{web, HttpRequest, HttpResponse, Responder, ResponseError};
use serde::Serialize;
use serde_json::json;

use crate::error::ApiError;

/// `{"result": …}`, untyped: the document says only "the envelope" (see [`Answer`]).
pub fn ok<T: Serialize>(result: T) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "result": result }))
}

/// A typed answer: `{"result": T}`, byte for byte what [`ok`] writes, and T's schema in the
/// OpenAPI document, read off the handler's return type (`ApiResult<Answer<T>>`; api/openapi.rs,
/// `ResultSchema`). The ui's types are generated from that document (ui/src/lib/api/README.md).
pub struct Answer<T> {
    body: Body<T>,
    cookies: Vec<Cookie<'static>>,
}

enum Body<T> {
    Value(T),
    /// The envelope already written (islogin's cached answer, domain/login_cache.rs).
    Written(web::Bytes),
}

impl<T> Answer<T> {
    pub fn new(result: T) -> Self {
        Self { body: Body::Value(result), cookies: Vec::new() }
    }

    /// `bytes` must be `{"result": T}` as [`ok`] writes it.
    pub fn written(bytes: web::Bytes) -> Self {
        Self { body: Body::Written(bytes), cookies: Vec::new() }
    }

    /// The same answer of another type, its cookies kept (`Answer<T>` to `Answer<Option<T>>`).
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Answer<U> {
        let body = match self.body {
            Body::Value(v) => Body::Value(f(v)),
            Body::Written(bytes) => Body::Written(bytes),
        };
        Answer { body, cookies: self.cookies }
    }

    /// The answer with a cookie set (log-in, log-out).
    pub fn with_cookie(mut self, cookie: Cookie<'static>) -> Self {
        self.cookies.push(cookie);
        self
    }
}

/// `Answer::new`, short.
pub fn answer<T>(result: T) -> Answer<T> {
    Answer::new(result)
}

impl<T: Serialize> Responder for Answer<T> {
    type Body = actix_web::body::BoxBody;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse {
        let mut response = match self.body {
            Body::Value(result) => ok(result),
            Body::Written(bytes) => HttpResponse::Ok().content_type(ContentType::json()).body(bytes),
        };
        for cookie in &self.cookies {
            if let Err(e) = response.add_cookie(cookie) {
                return ApiError::internal(e).error_response();
            }
        }
        response
    }
}

/// Which dev pages to serve: only those of the dev providers in use.
#[derive(Debug, Clone, Copy, Default)]
pub struct DevPages {
    pub outbox: bool,
    pub wechat: bool,
    pub payment: bool,
}

pub fn routes(cfg: &mut web::ServiceConfig, dev_pages: DevPages, mobile_base: &str) {
    // A query string that does not fit the call's (a field twice, say) is BAD_INPUT in the envelope,
    // as a form's is (web/form.rs), not actix's plain-text 400. Found by scripts/api-fuzz.
    let query_config = web::QueryConfig::default().error_handler(|e, _| ApiError::BadInput(format!("query: {e}")).into());
    let ajax = web::scope("/ajax").app_data(query_config);
    let ajax = admin::ajax_routes(employer::ajax_routes(candidate::ajax_routes(public::ajax_routes(ajax))));
    // The OpenAPI document of every call above (api/openapi.rs).
    let ajax = ajax.route(openapi::DOCUMENT_PATH, web::get().to(openapi::serve));
    // SPEC §7's test endpoints: dev tools, where the dev providers are (api/dev/totest.rs).
    let ajax = if dev_pages.outbox || dev_pages.wechat || dev_pages.payment { ajax.service(dev::totest::scope()) } else { ajax };
    cfg.service(ajax.default_service(web::to(|| async { Err::<HttpResponse, _>(ApiError::NotFound) })));
    public::routes(cfg, mobile_base);
    dev::routes(cfg, dev_pages);
}
