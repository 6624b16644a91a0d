//! The route table of /ajax: one place, one handler per call.

pub mod account;
pub mod form;
pub mod jobs;
pub mod order;
pub mod paging;
pub mod pclogin;
pub mod pcuser;
pub mod resume;
pub mod resume_files;
pub mod resume_json;
pub mod resume_pdf;
pub mod tag;
pub mod wechat;
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
            .route("/site/home", web::post().to(jobs::home))
            .route("/job/filters", web::post().to(jobs::filters))
            .route("/job/search", web::post().to(jobs::search))
            .route("/job/detail", web::post().to(jobs::detail))
            .route("/company/detail", web::post().to(jobs::company))
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
            .route("/pcuser/modifypassword", web::post().to(account::modify_password))
            .route("/pcuser/modifyMobile", web::post().to(account::modify_mobile))
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
            .route("/order/services", web::post().to(order::services))
            .route("/order/create", web::post().to(order::create))
            .route("/order/cancel", web::post().to(order::cancel))
            .route("/order/orderList", web::post().to(order::order_list))
            .route("/pcjob/apply", web::post().to(pcuser::apply))
            .route("/pcjob/setNoUpdateTimeTip", web::post().to(pcuser::set_no_update_time_tip))
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
            .default_service(web::to(|| async { Err::<HttpResponse, _>(ApiError::NotFound) })),
    );
}

/// Escapes `%`, `_` and the escape character itself for a LIKE pattern with ESCAPE '\'.
pub fn like_escape(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
