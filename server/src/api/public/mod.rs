//! The public face: site configuration, job search and pages, log-in and registration.

pub mod account;
pub mod crawl;
pub mod jobs;
pub mod pages;
pub mod pclogin;
pub mod site;
pub mod wechat_callback;

use crate::api::operation::{ajax_table, named_results};
use actix_web::web;

ajax_table! { public {
    post "/site/config" => site::config;
    post "/site/home" => jobs::home;
    post "/job/filters" => jobs::filters;
    post "/job/search" => jobs::search;
    post "/job/detail" => jobs::detail;
    post "/company/detail" => jobs::company;
    get "/company/picture/{id}" => jobs::company_picture ["image/*"];
    post "/pclogin/islogin" => pclogin::islogin;
    post "/pclogin/login" => pclogin::login;
    post "/pclogin/logout" => pclogin::logout;
    post "/pclogin/isComLogin" => pclogin::is_com_login;
    post "/pclogin/register" => account::register;
    post "/pclogin/loginByCode" => account::login_by_code;
    post "/pclogin/resetPassword" => account::reset_password;
    post "/slider/init" => account::slider_init;
    post "/slider/test" => account::slider_test;
    post "/pcuser/sendCode" => account::send_code;
}}

// The named answers of the typed calls above (api/operation.rs).
named_results! {
    site::SiteConfig,
    jobs::SearchFilters,
    jobs::HomePage,
    crate::domain::job_page::SearchResults,
    crate::domain::job_page::JobDetail,
    crate::domain::job_page::CompanyDetail,
    crate::domain::account::UserRecord,
    crate::domain::captcha::Challenge,
    account::SliderPassed,
    account::SmsCodeSent,
}

/// Outside /ajax: the WeChat official account's callback; the server-rendered public pages
/// (before the ui's files, which answer every other page); what crawlers read.
pub fn routes(cfg: &mut web::ServiceConfig, mobile_base: &str) {
    cfg.route("/wx/callback", web::get().to(wechat_callback::callback_check))
        .route("/wx/callback", web::post().to(wechat_callback::callback))
        .route("/", web::get().to(pages::home::page))
        .route("/search", web::get().to(pages::search::page))
        .route("/job/{id}", web::get().to(pages::job::page))
        .route("/company/{id}", web::get().to(pages::company::page))
        .route("/robots.txt", web::get().to(crawl::robots))
        .route("/sitemap.xml", web::get().to(crawl::index))
        .route("/sitemaps/{name}", web::get().to(crawl::file));
    // The mobile twins, rendered the same way with the mobile site's links (when it is a path here).
    let base = mobile_base.trim_end_matches('/');
    if base.starts_with('/') {
        cfg.route(base, web::get().to(pages::home::page))
            .route(&format!("{base}/"), web::get().to(pages::home::page))
            .route(&format!("{base}/search"), web::get().to(pages::search::page))
            .route(&format!("{base}/job/{{id}}"), web::get().to(pages::job::page))
            .route(&format!("{base}/company/{{id}}"), web::get().to(pages::company::page));
    }
}
