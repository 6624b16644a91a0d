//! The job-seeker site's server as a library: the binary (main.rs) wires it into actix-web;
//! the fuzz targets (fuzz/) reach its request parsing directly.

pub mod admin;
pub mod api;
pub mod auth;
pub mod captcha;
pub mod db;
pub mod employer;
pub mod error;
pub mod ids;
pub mod login_cache;
pub mod memory;
pub mod models;
pub mod partner;
pub mod payment;
pub mod rate_limit;
pub mod schema;
pub mod search;
pub mod seed;
pub mod seedgen;
pub mod settings;
pub mod sms;
pub mod state;
pub mod visibility;
pub mod web;
pub mod wechat;
