//! The candidate's face: the personal centre (/my), the resume and the account.

pub mod account;
pub mod assessment;
pub mod chat;
pub mod chat_exchange;
pub mod chat_ws;
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

use crate::api::chat_notice_calls;
use crate::api::operation::{ajax_table, named_results};

ajax_table! { candidate {
    post "/pcuser/modifypassword" => account::modify_password;
    // Interview invitations (issue 16).
    post "/pcuser/interviewList" => interview::list;
    post "/pcuser/interviewAnswer" => interview::answer;
    post "/pcuser/modifyMobile" => account::modify_mobile;
    post "/pcuser/sendEmailCode" => account::send_email_code;
    post "/pcuser/bindEmail" => account::bind_email;
    post "/pcuser/accountInfo" => account::account_info;
    post "/pcuser/getWeiXinSetting" => wechat::get_weixin_setting;
    post "/pcuser/getBindWxInfo" => wechat::get_bind_wx_info;
    post "/pcuser/unBindWx" => wechat::un_bind_wx;
    post "/im/getImWxCode" => wechat::get_im_wx_code;
    post "/tag/getUserTags" => tag::get_user_tags;
    post "/tag/addTags" => tag::add_tags;
    post "/tag/getSimilar" => tag::get_similar;
    post "/tag/getBlackWord" => tag::get_black_word;
    post "/pcuser/applyList" => pcuser::apply_list;
    post "/pcuser/saveList" => pcuser::save_list;
    post "/pcuser/saveJob" => pcuser::save_job;
    post "/pcuser/unsaveJob" => pcuser::unsave_job;
    post "/pcuser/cleanSaveJob" => pcuser::clean_save_job;
    post "/pcuser/shield" => pcuser::shield;
    post "/pcuser/unshield" => pcuser::unshield;
    post "/pcuser/shieldList" => pcuser::shield_list;
    post "/pcuser/shieldSearch" => pcuser::shield_search;
    post "/pcuser/updateType" => behaviour::update_type;
    post "/pcuser/typeList" => behaviour::type_list;
    post "/pcuser/addLog" => behaviour::add_log;
    post "/order/services" => order::services;
    post "/order/create" => order::create;
    post "/order/cancel" => order::cancel;
    post "/order/orderList" => order::order_list;
    post "/pcjob/report" => report::report;
    post "/pcjob/apply" => pcuser::apply;
    post "/pcjob/setNoUpdateTimeTip" => pcuser::set_no_update_time_tip;
    // Assessments (issue 16).
    post "/pcassessment/list" => assessment::list;
    post "/pcassessment/start" => assessment::start;
    post "/pcassessment/answer" => assessment::answer;
    post "/pcassessment/submit" => assessment::submit;
    post "/resume/list" => resume::list;
    post "/resume/get" => resume::get;
    post "/resume/create" => resume::create_resume;
    post "/resume/saveSection" => resume::save_section;
    post "/resume/deleteItem" => resume::delete_item;
    post "/resume/moveItem" => resume::move_item;
    post "/resume/upload" => resume_files::upload;
    post "/resume/deleteFile" => resume_files::delete_file;
    get "/resume/file/{id}" => resume_files::download ["*/*"];
    get "/resume/pdf" => resume_pdf::pdf ["application/pdf"];
    post "/resume/exportJson" => resume_json::export_json;
    // "Fill my resume from this file" (issue 17).
    post "/resume/analyzeFile" => resume_fill::analyze_file;
    // Chat (issue 32).
    post "/chat/start" => chat::start;
    post "/chat/quota" => chat::quota;
    post "/chat/send" => chat::send;
    post "/chat/list" => chat::list;
    post "/chat/messages" => chat::messages;
    post "/chat/read" => chat::read;
    // Chat's exchange cards (issue 32): phone, WeChat and resume by consent.
    post "/chat/exchange" => chat_exchange::exchange;
    post "/chat/exchangeAnswer" => chat_exchange::exchange_answer;
    post "/chat/wechat" => chat_exchange::wechat;
    post "/chat/setWechat" => chat_exchange::set_wechat;
    post "/chat/recall" => chat::recall;
    post "/chat/picture" => chat::send_picture;
    get "/chat/picture/{id}" => chat::picture ["image/*"];
    post "/chat/phrases" => chat::phrases;
    post "/chat/phrasesSave" => chat::phrases_save;
    post "/chat/phrasesReset" => chat::phrases_reset;
    post "/chat/block" => chat::block;
    post "/chat/unblock" => chat::unblock;
    post "/chat/report" => chat::report;
    // Chat's socket, for both faces: a WebSocket, the document's one non-JSON GET (api/openapi.rs).
    get "/chat/ws" => chat_ws::socket ["websocket"];
    // Chat's offline notice: the candidate's switch (api/chat_notice_calls.rs).
    post "/pcuser/chatNotice" => chat_notice_calls::candidate_get;
    post "/pcuser/saveChatNotice" => chat_notice_calls::candidate_save;
}}

// The named answers of the typed calls above (api/operation.rs).
named_results! {
    // Chat's answers, the same on /comchat/* (a type is named in one list).
    crate::domain::chat::Started,
    crate::domain::chat::ChatMessage,
    crate::domain::chat::ChatList,
    crate::domain::chat::ChatMessages,
    crate::domain::chat::ChatRead,
    crate::domain::chat_quota::ChatQuota,
    crate::domain::chat_exchange::ExchangeAnswered,
    crate::domain::chat_exchange::ChatWechat,
    crate::domain::chat_tools::ChatPhrases,
    crate::domain::chat_tools::UnsuitableDone,
    crate::domain::chat_report::ChatBlockDone,
    crate::domain::chat_report::ChatReported,
    crate::domain::chat_notice::ChatNoticeSetting,
    account::EmailCodeSent,
    account::AccountInfo,
    wechat::WeixinSetting,
    wechat::WxCode,
    wechat::BindWxInfo,
    crate::domain::assessment::MySend,
    crate::domain::assessment::Paper,
    crate::db::assessment_answer::Answer,
    crate::db::resume_openness::ResumeOpenness,
    crate::domain::behaviour::Recorded,
    crate::db::order::Service,
    order::OrderItem,
    order::OrderCreated,
    pcuser::ApplyList,
    pcuser::Applied,
    crate::db::saved_job::SavedJobItem,
    crate::db::shield::ShieldItem,
    crate::db::shield::CompanyToBlock,
    crate::db::resume::ResumeListItem,
    crate::db::resume_view::ResumeView,
    resume::Saved,
    resume_fill::FileAnalysis,
    interview::InterviewList,
}
