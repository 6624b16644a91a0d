//! The candidate's face: the personal centre (/my), the resume and the account.

pub mod account;
pub mod assessment;
pub mod behaviour;
pub mod interview;
pub mod order;
pub mod report;
pub mod pcuser;
pub mod resume;
pub mod resume_files;
pub mod resume_fill;
pub mod resume_json;
pub mod resume_pdf;
pub mod tag;
pub mod wechat;

use actix_web::{web, Scope};

/// The candidate's calls under /ajax; each handler takes a logged-in extractor.
pub fn ajax_routes(scope: Scope) -> Scope {
    scope
        .route("/pcuser/modifypassword", web::post().to(account::modify_password))
        // Interview invitations (issue 16).
        .route("/pcuser/interviewList", web::post().to(interview::list))
        .route("/pcuser/interviewAnswer", web::post().to(interview::answer))
        .route("/pcuser/modifyMobile", web::post().to(account::modify_mobile))
        .route("/pcuser/sendEmailCode", web::post().to(account::send_email_code))
        .route("/pcuser/bindEmail", web::post().to(account::bind_email))
        .route("/pcuser/accountInfo", web::post().to(account::account_info))
        .route("/pcuser/getWeiXinSetting", web::post().to(wechat::get_weixin_setting))
        .route("/pcuser/getBindWxInfo", web::post().to(wechat::get_bind_wx_info))
        .route("/pcuser/unBindWx", web::post().to(wechat::un_bind_wx))
        .route("/im/getImWxCode", web::post().to(wechat::get_im_wx_code))
        .route("/tag/getUserTags", web::post().to(tag::get_user_tags))
        .route("/tag/addTags", web::post().to(tag::add_tags))
        .route("/tag/getSimilar", web::post().to(tag::get_similar))
        .route("/tag/getBlackWord", web::post().to(tag::get_black_word))
        .route("/pcuser/applyList", web::post().to(pcuser::apply_list))
        .route("/pcuser/saveList", web::post().to(pcuser::save_list))
        .route("/pcuser/saveJob", web::post().to(pcuser::save_job))
        .route("/pcuser/unsaveJob", web::post().to(pcuser::unsave_job))
        .route("/pcuser/cleanSaveJob", web::post().to(pcuser::clean_save_job))
        .route("/pcuser/shield", web::post().to(pcuser::shield))
        .route("/pcuser/unshield", web::post().to(pcuser::unshield))
        .route("/pcuser/shieldList", web::post().to(pcuser::shield_list))
        .route("/pcuser/shieldSearch", web::post().to(pcuser::shield_search))
        .route("/pcuser/updateType", web::post().to(behaviour::update_type))
        .route("/pcuser/typeList", web::post().to(behaviour::type_list))
        .route("/pcuser/addLog", web::post().to(behaviour::add_log))
        .route("/order/services", web::post().to(order::services))
        .route("/order/create", web::post().to(order::create))
        .route("/order/cancel", web::post().to(order::cancel))
        .route("/order/orderList", web::post().to(order::order_list))
        .route("/pcjob/report", web::post().to(report::report))
        .route("/pcjob/apply", web::post().to(pcuser::apply))
        .route("/pcjob/setNoUpdateTimeTip", web::post().to(pcuser::set_no_update_time_tip))
        // Assessments (issue 16).
        .route("/pcassessment/list", web::post().to(assessment::list))
        .route("/pcassessment/start", web::post().to(assessment::start))
        .route("/pcassessment/answer", web::post().to(assessment::answer))
        .route("/pcassessment/submit", web::post().to(assessment::submit))
        .route("/resume/list", web::post().to(resume::list))
        .route("/resume/get", web::post().to(resume::get))
        .route("/resume/create", web::post().to(resume::create_resume))
        .route("/resume/saveSection", web::post().to(resume::save_section))
        .route("/resume/deleteItem", web::post().to(resume::delete_item))
        .route("/resume/moveItem", web::post().to(resume::move_item))
        .route("/resume/upload", web::post().to(resume_files::upload))
        .route("/resume/deleteFile", web::post().to(resume_files::delete_file))
        .route("/resume/file/{id}", web::get().to(resume_files::download))
        .route("/resume/pdf", web::get().to(resume_pdf::pdf))
        .route("/resume/exportJson", web::post().to(resume_json::export_json))
        // "Fill my resume from this file" (issue 17).
        .route("/resume/analyzeFile", web::post().to(resume_fill::analyze_file))
}
