//! Rules and transactions that span tables, shared by every face.

pub mod apply;
pub mod behaviour;
pub mod blocking;
pub mod captcha;
pub mod employer;
pub mod job_page;
pub mod job_posting;
pub mod login_cache;
pub mod partner;
pub mod pipeline;
pub mod resume;
pub mod sms_code;
pub mod slider_track;
pub mod account;
pub mod admin;
pub mod auth;
pub mod visibility;
