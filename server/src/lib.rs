//! The job site's server as a library, in layers whose imports only point down
//! (docs/ARCHITECTURE.md; `tests/architecture.rs` fails on a cycle):
//!
//! - foundation: `settings`, `error`, `ids`, `memory`;
//! - `db`: the connection, the schema, one module per table, shared read models;
//! - `providers` (SMS, WeChat, payment behind traits), `search` (the job index), `render` (the resume PDF);
//! - `domain`: rules and transactions that span tables;
//! - `state`: what every handler reaches;
//! - `web`: extractors, form parsing, rate limits, middleware and the built ui;
//! - `api`: one folder per face, each with its route table;
//! - `cli`: the admin and seed commands. The binary (main.rs) wires it together.

pub mod api;
pub mod cli;
pub mod db;
pub mod domain;
pub mod error;
pub mod ids;
pub mod memory;
pub mod providers;
pub mod rate_limit;
pub mod render;
pub mod search;
pub mod settings;
pub mod state;
pub mod store;
pub mod web;
