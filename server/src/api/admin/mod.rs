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

use crate::api::operation::{ajax_table, named_results};

ajax_table! { admin {
    post "/admin/login" => session::login;
    post "/admin/logout" => session::logout;
    post "/admin/me" => session::me;
    post "/admin/user/search" => accounts::user_search;
    post "/admin/user/detail" => accounts::user_detail;
    post "/admin/user/disable" => accounts::user_disable;
    post "/admin/user/enable" => accounts::user_enable;
    post "/admin/user/unlock" => accounts::user_unlock;
    post "/admin/company/queue" => companies::company_queue;
    post "/admin/company/review" => companies::company_review;
    get "/admin/company/licence/{id}" => companies::company_licence ["image/jpeg"];
    // Trial applications of companies (issue 16).
    post "/admin/trial/list" => trials::trial_list;
    post "/admin/trial/decide" => trials::trial_decide;
    // Orders and refunds (issue 19).
    post "/admin/order/list" => orders::list;
    post "/admin/order/detail" => orders::detail;
    post "/admin/order/refund" => orders::refund;
    post "/admin/company/disable" => companies::company_disable;
    post "/admin/company/enable" => companies::company_enable;
    post "/admin/job/queue" => moderation::job_queue;
    post "/admin/job/approve" => moderation::job_approve;
    post "/admin/job/takedown" => moderation::job_takedown;
    post "/admin/report/list" => moderation::report_list;
    post "/admin/report/dismiss" => moderation::report_dismiss;
    // Chat reports (举报 from a thread, issue 32): the report and its copied messages only.
    post "/admin/chatreport/list" => moderation::chat_report_list;
    post "/admin/chatreport/handle" => moderation::chat_report_handle;
    post "/admin/blackword/list" => moderation::blackword_list;
    post "/admin/blackword/add" => moderation::blackword_add;
    post "/admin/blackword/remove" => moderation::blackword_remove;
    post "/admin/audit/list" => audit::audit_list;
    post "/admin/stats" => stats::stats;
    post "/admin/jobStats" => stats::job_stats;
    post "/admin/statsDaily" => stats::stats_daily;
    post "/admin/admins/list" => admins::admins_list;
    post "/admin/admins/create" => admins::admins_create;
    post "/admin/admins/disable" => admins::admins_disable;
    post "/admin/admins/enable" => admins::admins_enable;
}}

// The named answers of the typed calls above (api/operation.rs).
named_results! {
    session::AdminLogin,
    session::AdminRecord,
    crate::domain::admin::accounts::AccountRow,
    crate::domain::admin::accounts::AccountDetail,
    crate::domain::company_review::CompanyReviewRow,
    companies::CompanyDisabled,
    crate::db::company_trial::TrialRow,
    crate::domain::refund::AdminOrder,
    crate::db::job_moderation::HeldJobRow,
    crate::db::job_report::ReportRow,
    crate::domain::chat_report::AdminChatReport,
    crate::db::admin::AuditRow,
    crate::db::admin::AdminRow,
    crate::domain::admin::stats::Totals,
    crate::domain::behaviour::SiteJobStats,
    crate::domain::site_stats::SiteStats,
    admins::AdminCreated,
}
