//! The recruiter site's face (`/ajax/com*`): company accounts, the company, jobs and the hiring
//! pipeline. Every handler but log-in and registration takes the `CompanyMember` extractor.

pub mod account;
pub mod assessment;
pub mod company;
pub mod funnel;
pub mod interview;
pub mod jobs;
pub mod notice;
pub mod pipeline;
pub mod plan;
pub mod plan_order;
pub mod resume_analysis;
pub mod talent;

use actix_web::{web, Scope};

/// The recruiter site's calls under /ajax.
pub fn ajax_routes(scope: Scope) -> Scope {
    scope
        .route("/comlogin/login", web::post().to(account::login))
        .route("/comlogin/register", web::post().to(account::register))
        .route("/comlogin/logout", web::post().to(account::logout))
        .route("/comlogin/me", web::post().to(account::me))
        .route("/comlogin/modifyPassword", web::post().to(account::modify_password))
        .route("/comlogin/invitation", web::post().to(account::invitation))
        .route("/comlogin/acceptInvitation", web::post().to(account::accept_invitation))
        .route("/comcompany/get", web::post().to(company::get))
        .route("/comcompany/save", web::post().to(company::save))
        .route("/comcompany/uploadPicture", web::post().to(company::upload_picture))
        .route("/comcompany/removePicture", web::post().to(company::remove_picture))
        .route("/comcompany/licence", web::get().to(company::licence))
        .route("/comjob/list", web::post().to(jobs::list))
        .route("/comjob/get", web::post().to(jobs::get))
        .route("/comjob/save", web::post().to(jobs::save))
        .route("/comjob/publish", web::post().to(jobs::publish))
        .route("/comjob/close", web::post().to(jobs::close))
        .route("/comjob/reopen", web::post().to(jobs::reopen))
        .route("/comjob/refresh", web::post().to(jobs::refresh))
        .route("/comjob/copy", web::post().to(jobs::copy))
        .route("/comresume/stages", web::post().to(pipeline::stages))
        .route("/comresume/saveStage", web::post().to(pipeline::save_stage))
        .route("/comresume/orderStages", web::post().to(pipeline::order_stages))
        .route("/comresume/applyresume", web::post().to(pipeline::apply_list))
        .route("/comresume/move", web::post().to(pipeline::move_one))
        .route("/comresume/bulkMove", web::post().to(pipeline::bulk_move))
        .route("/comresume/reject", web::post().to(pipeline::reject))
        .route("/comresume/detail", web::post().to(pipeline::detail))
        .route("/comresume/note", web::post().to(pipeline::note))
        .route("/comresume/search", web::post().to(pipeline::search))
        .route("/comresume/funnel", web::post().to(funnel::funnel))
        .route("/comresume/resume", web::post().to(pipeline::resume_view))
        .route("/comresume/file/{id}", web::get().to(pipeline::file))
        // Recruiter tools (issue 16): notice templates, the outbox.
        .route("/comtemplate/list", web::post().to(notice::list))
        .route("/comtemplate/save", web::post().to(notice::save))
        .route("/comtemplate/delete", web::post().to(notice::delete))
        .route("/comnotice/list", web::post().to(notice::notices))
        .route("/cominterviewer/list", web::post().to(interview::interviewer_list))
        .route("/cominterviewer/save", web::post().to(interview::interviewer_save))
        .route("/cominterviewer/remove", web::post().to(interview::interviewer_remove))
        .route("/cominterview/save", web::post().to(interview::save))
        .route("/cominterview/cancel", web::post().to(interview::cancel))
        .route("/cominterview/list", web::post().to(interview::list))
        .route("/cominterview/get", web::post().to(interview::get))
        .route("/cominterview/feedback", web::post().to(interview::feedback))
        .route("/cominterview/resume", web::post().to(interview::resume))
        .route("/cominterview/file/{interview}/{file}", web::get().to(interview::file))
        // The hiring funnel and assessments (issue 16).
        .route("/comresume/hiringFunnel", web::post().to(funnel::hiring))
        .route("/comassessment/list", web::post().to(assessment::list))
        // Plans and quotas (issue 16).
        .route("/complan/get", web::post().to(plan::get))
        .route("/complan/applyTrial", web::post().to(plan::apply_trial))
        // Paid plans bought through company orders (issue 16).
        .route("/complan/plans", web::post().to(plan_order::plans))
        .route("/complan/order/create", web::post().to(plan_order::create))
        .route("/complan/order/list", web::post().to(plan_order::list))
        .route("/complan/order/cancel", web::post().to(plan_order::cancel))
        .route("/comassessment/get", web::post().to(assessment::get))
        .route("/comassessment/save", web::post().to(assessment::save))
        .route("/comassessment/send", web::post().to(assessment::send))
        .route("/comassessment/results", web::post().to(assessment::results))
        .route("/comassessment/grade", web::post().to(assessment::grade))
        .route("/comresume/analyze", web::post().to(resume_analysis::analyze))
        // Private candidates from resume files (issue 17).
        .route("/comtalent/save", web::post().to(talent::save))
        .route("/comtalent/duplicates", web::post().to(talent::duplicates))
        .route("/comtalent/list", web::post().to(talent::list))
        .route("/comtalent/get", web::post().to(talent::get))
        .route("/comtalent/addToJob", web::post().to(talent::add_to_job))
        .route("/comtalent/delete", web::post().to(talent::delete))
        .route("/comtalent/text", web::post().to(talent::text))
        .route("/comtalent/file/{id}", web::get().to(talent::file))
}
