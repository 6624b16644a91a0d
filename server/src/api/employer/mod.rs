//! The recruiter site's face (`/ajax/com*`): company accounts, the company, jobs and the hiring
//! pipeline. Every handler but log-in and registration takes the `CompanyMember` extractor.

pub mod account;
pub mod assessment;
pub mod chat;
pub mod chat_exchange;
pub mod company;
pub mod funnel;
pub mod handover;
pub mod interview;
pub mod jobs;
pub mod notice;
pub mod pipeline;
pub mod plan;
pub mod plan_order;
pub mod resume_analysis;
pub mod talent;

use crate::api::chat_notice_calls;
use crate::api::operation::{ajax_table, named_results};

ajax_table! { employer {
    post "/comlogin/login" => account::login;
    post "/comlogin/register" => account::register;
    post "/comlogin/logout" => account::logout;
    post "/comlogin/me" => account::me;
    post "/comlogin/modifyPassword" => account::modify_password;
    post "/comlogin/saveProfile" => account::save_profile;
    post "/comlogin/invitation" => account::invitation;
    post "/comlogin/acceptInvitation" => account::accept_invitation;
    post "/comcompany/get" => company::get;
    post "/comcompany/save" => company::save;
    post "/comcompany/uploadPicture" => company::upload_picture;
    post "/comcompany/removePicture" => company::remove_picture;
    get "/comcompany/licence" => company::licence ["image/jpeg"];
    post "/comjob/list" => jobs::list;
    post "/comjob/get" => jobs::get;
    post "/comjob/save" => jobs::save;
    post "/comjob/publish" => jobs::publish;
    post "/comjob/close" => jobs::close;
    post "/comjob/reopen" => jobs::reopen;
    post "/comjob/refresh" => jobs::refresh;
    post "/comjob/copy" => jobs::copy;
    // Handing jobs and their conversations over (issue 32).
    post "/comjob/members" => handover::members;
    post "/comjob/handOver" => handover::hand_over;
    post "/comjob/handOverAll" => handover::hand_over_all;
    post "/comresume/stages" => pipeline::stages;
    post "/comresume/saveStage" => pipeline::save_stage;
    post "/comresume/orderStages" => pipeline::order_stages;
    post "/comresume/applyresume" => pipeline::apply_list;
    post "/comresume/move" => pipeline::move_one;
    post "/comresume/bulkMove" => pipeline::bulk_move;
    post "/comresume/reject" => pipeline::reject;
    post "/comresume/detail" => pipeline::detail;
    post "/comresume/note" => pipeline::note;
    post "/comresume/search" => pipeline::search;
    post "/comresume/funnel" => funnel::funnel;
    post "/comresume/resume" => pipeline::resume_view;
    get "/comresume/file/{id}" => pipeline::file ["*/*"];
    // Recruiter tools (issue 16): notice templates, the outbox.
    post "/comtemplate/list" => notice::list;
    post "/comtemplate/save" => notice::save;
    post "/comtemplate/delete" => notice::delete;
    post "/comnotice/list" => notice::notices;
    post "/cominterviewer/list" => interview::interviewer_list;
    post "/cominterviewer/save" => interview::interviewer_save;
    post "/cominterviewer/remove" => interview::interviewer_remove;
    post "/cominterview/save" => interview::save;
    post "/cominterview/cancel" => interview::cancel;
    post "/cominterview/list" => interview::list;
    post "/cominterview/get" => interview::get;
    post "/cominterview/feedback" => interview::feedback;
    post "/cominterview/resume" => interview::resume;
    get "/cominterview/file/{interview}/{file}" => interview::file ["*/*"];
    // The hiring funnel and assessments (issue 16).
    post "/comresume/hiringFunnel" => funnel::hiring;
    post "/comassessment/list" => assessment::list;
    // Plans and quotas (issue 16).
    post "/complan/get" => plan::get;
    post "/complan/applyTrial" => plan::apply_trial;
    // Paid plans bought through company orders (issue 16).
    post "/complan/plans" => plan_order::plans;
    post "/complan/order/create" => plan_order::create;
    post "/complan/order/list" => plan_order::list;
    post "/complan/order/cancel" => plan_order::cancel;
    post "/comassessment/get" => assessment::get;
    post "/comassessment/save" => assessment::save;
    post "/comassessment/send" => assessment::send;
    post "/comassessment/results" => assessment::results;
    post "/comassessment/grade" => assessment::grade;
    post "/comresume/analyze" => resume_analysis::analyze;
    // Private candidates from resume files (issue 17).
    post "/comtalent/save" => talent::save;
    post "/comtalent/duplicates" => talent::duplicates;
    post "/comtalent/list" => talent::list;
    post "/comtalent/get" => talent::get;
    post "/comtalent/addToJob" => talent::add_to_job;
    post "/comtalent/delete" => talent::delete;
    post "/comtalent/text" => talent::text;
    get "/comtalent/file/{id}" => talent::file ["*/*"];
    // Chat (issue 32).
    post "/comchat/start" => chat::start;
    post "/comchat/quota" => chat::quota;
    post "/comchat/send" => chat::send;
    post "/comchat/list" => chat::list;
    post "/comchat/messages" => chat::messages;
    post "/comchat/read" => chat::read;
    // Chat's exchange and interview cards (issue 32).
    post "/comchat/exchange" => chat_exchange::exchange;
    post "/comchat/exchangeAnswer" => chat_exchange::exchange_answer;
    post "/comchat/wechat" => chat_exchange::wechat;
    post "/comchat/setWechat" => chat_exchange::set_wechat;
    post "/comchat/application" => chat_exchange::application;
    post "/comchat/interview" => chat_exchange::interview;
    get "/comchat/resume/{id}" => chat_exchange::resume_file ["*/*"];
    post "/comchat/recall" => chat::recall;
    post "/comchat/picture" => chat::send_picture;
    get "/comchat/picture/{id}" => chat::picture ["image/*"];
    post "/comchat/phrases" => chat::phrases;
    post "/comchat/phrasesSave" => chat::phrases_save;
    post "/comchat/phrasesReset" => chat::phrases_reset;
    post "/comchat/unsuitable" => chat::unsuitable;
    post "/comchat/block" => chat::block;
    post "/comchat/unblock" => chat::unblock;
    post "/comchat/report" => chat::report;
    // Chat's offline notice: the member's switch (api/chat_notice_calls.rs).
    post "/comlogin/chatNotice" => chat_notice_calls::member_get;
    post "/comlogin/saveChatNotice" => chat_notice_calls::member_save;
}}

// The named answers of the typed calls above (api/operation.rs).
named_results! {
    account::MemberRecord,
    crate::domain::interviewer_invitation::InvitationView,
    company::CompanyAnswer,
    jobs::CompanyJobList,
    jobs::JobSaved,
    jobs::JobRefreshed,
    jobs::JobCopied,
    crate::domain::chat_handover::ChatMembers,
    crate::domain::chat_handover::HandedOver,
    crate::domain::job_posting::PostedJob,
    pipeline::StageCount,
    pipeline::Moved,
    pipeline::ApplicationDetail,
    crate::domain::pipeline_board::Card,
    crate::domain::pipeline_log::Note,
    crate::db::pipeline_stage::Stage,
    crate::domain::employer::ResumeHit,
    crate::domain::behaviour::JobFunnel,
    crate::domain::hiring_funnel::HiringFunnel,
    notice::Templates,
    notice::TemplateSaved,
    crate::db::notice::NoticeRecord,
    interview::Interviewers,
    interview::InterviewSaved,
    interview::InterviewCalendar,
    interview::InterviewDetail,
    crate::domain::interview::interviewers::SavedInterviewer,
    crate::domain::visibility::ApplicationResume,
    crate::domain::assessment::Summary,
    crate::domain::assessment::Full,
    crate::domain::assessment::CompanySend,
    crate::domain::plan::PlanStatus,
    crate::domain::plan::PaidPlan,
    plan_order::CompanyOrderItem,
    plan_order::PlanOrderCreated,
    resume_analysis::ResumeAnalysis,
    talent::TalentSaved,
    talent::Duplicates,
    talent::TalentText,
    crate::db::talent::TalentItem,
    crate::domain::talent::TalentView,
    crate::domain::talent_pipeline::UploadCard,
    crate::domain::chat_exchange::ChatApplication,
}
