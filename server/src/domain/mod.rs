//! Rules and transactions that span tables, shared by every face.

pub mod apply;
pub mod assessment;
pub mod behaviour;
pub mod blocking;
pub mod captcha;
pub mod employer;
pub mod interview;
pub mod hiring_funnel;
pub mod job_page;
pub mod job_posting;
pub mod login_cache;
pub mod notice;
pub mod notice_template;
pub mod partner;
pub mod pipeline;
pub mod plan;
pub mod resume;
pub mod resume_analysis;
pub mod sms_code;
pub mod slider_track;
pub mod account;
pub mod admin;
pub mod auth;
pub mod visibility;
pub mod talent;
pub mod background;
