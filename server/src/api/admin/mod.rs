//! The administrator console's face (`/ajax/admin/*`): admins log in with a password and a TOTP
//! code; every write goes through domain/admin/ (or the review queues' domain/company_review.rs and
//! domain/moderation.rs), which leaves an audit row in the same transaction. Every call but log-in
//! takes the `AdminSession` extractor and checks the role.

pub mod accounts;
pub mod admins;
pub mod audit;
pub mod companies;
pub mod moderation;
pub mod orders;
pub mod session;
pub mod stats;
pub mod trials;

use actix_web::{web, Scope};

pub fn ajax_routes(scope: Scope) -> Scope {
    scope
        .route("/admin/login", web::post().to(session::login))
        .route("/admin/logout", web::post().to(session::logout))
        .route("/admin/me", web::post().to(session::me))
        .route("/admin/user/search", web::post().to(accounts::user_search))
        .route("/admin/user/detail", web::post().to(accounts::user_detail))
        .route("/admin/user/disable", web::post().to(accounts::user_disable))
        .route("/admin/user/enable", web::post().to(accounts::user_enable))
        .route("/admin/user/unlock", web::post().to(accounts::user_unlock))
        .route("/admin/company/queue", web::post().to(companies::company_queue))
        .route("/admin/company/review", web::post().to(companies::company_review))
        .route("/admin/company/licence/{id}", web::get().to(companies::company_licence))
        // Trial applications of companies (issue 16).
        .route("/admin/trial/list", web::post().to(trials::trial_list))
        .route("/admin/trial/decide", web::post().to(trials::trial_decide))
        // Orders and refunds (issue 19).
        .route("/admin/order/list", web::post().to(orders::list))
        .route("/admin/order/detail", web::post().to(orders::detail))
        .route("/admin/order/refund", web::post().to(orders::refund))
        .route("/admin/company/disable", web::post().to(companies::company_disable))
        .route("/admin/company/enable", web::post().to(companies::company_enable))
        .route("/admin/job/queue", web::post().to(moderation::job_queue))
        .route("/admin/job/approve", web::post().to(moderation::job_approve))
        .route("/admin/job/takedown", web::post().to(moderation::job_takedown))
        .route("/admin/report/list", web::post().to(moderation::report_list))
        .route("/admin/report/dismiss", web::post().to(moderation::report_dismiss))
        .route("/admin/blackword/list", web::post().to(moderation::blackword_list))
        .route("/admin/blackword/add", web::post().to(moderation::blackword_add))
        .route("/admin/blackword/remove", web::post().to(moderation::blackword_remove))
        .route("/admin/audit/list", web::post().to(audit::audit_list))
        .route("/admin/stats", web::post().to(stats::stats))
        .route("/admin/jobStats", web::post().to(stats::job_stats))
        .route("/admin/statsDaily", web::post().to(stats::stats_daily))
        .route("/admin/admins/list", web::post().to(admins::admins_list))
        .route("/admin/admins/create", web::post().to(admins::admins_create))
        .route("/admin/admins/disable", web::post().to(admins::admins_disable))
        .route("/admin/admins/enable", web::post().to(admins::admins_enable))
}
