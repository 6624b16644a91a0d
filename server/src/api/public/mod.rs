//! The public face: site configuration, job search and pages, log-in and registration.

pub mod account;
pub mod crawl;
pub mod jobs;
pub mod pages;
pub mod pclogin;
pub mod site;
pub mod wechat_callback;

use actix_web::{web, Scope};

/// The public calls under /ajax.
pub fn ajax_routes(scope: Scope) -> Scope {
    scope
        .route("/site/config", web::post().to(site::config))
        .route("/site/home", web::post().to(jobs::home))
        .route("/job/filters", web::post().to(jobs::filters))
        .route("/job/search", web::post().to(jobs::search))
        .route("/job/detail", web::post().to(jobs::detail))
        .route("/company/detail", web::post().to(jobs::company))
        .route("/company/picture/{id}", web::get().to(jobs::company_picture))
        .route("/pclogin/islogin", web::post().to(pclogin::islogin))
        .route("/pclogin/login", web::post().to(pclogin::login))
        .route("/pclogin/logout", web::post().to(pclogin::logout))
        .route("/pclogin/isComLogin", web::post().to(pclogin::is_com_login))
        .route("/pclogin/register", web::post().to(account::register))
        .route("/pclogin/loginByCode", web::post().to(account::login_by_code))
        .route("/pclogin/resetPassword", web::post().to(account::reset_password))
        .route("/slider/init", web::post().to(account::slider_init))
        .route("/slider/test", web::post().to(account::slider_test))
        .route("/pcuser/sendCode", web::post().to(account::send_code))
}

/// Outside /ajax: the WeChat official account's callback.
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
