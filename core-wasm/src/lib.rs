//! Client rules shared by the browser and the server.
//!
//! Everything here is plain Rust, tested natively; `wasm` only converts values
//! for JavaScript and is compiled for wasm32 alone.
//!
//! The TypeScript types of what JavaScript receives are derived from these Rust types by tsify
//! (`#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]`): wasm-bindgen writes them into
//! the generated `pkg/core_wasm.d.ts`, and `tsc` checks the ui against them on every build.

pub mod account;
pub mod answer;
pub mod assessment;
pub mod behaviour;
pub mod chat;
pub mod chat_exchange;
pub mod chat_report;
pub mod chat_tools;
pub mod company;
pub mod guard;
pub mod interview;
pub mod job;
pub mod limits;
pub mod mask;
pub mod mobile_site;
pub mod notice_template;
pub mod resume;
pub mod return_url;
pub mod salary;
pub mod tags;
pub mod talent;
pub mod transport;
pub mod weburl;

/// The conversions every wasm's bindings share (this crate's, core-wasm/client's and
/// core-wasm/templates'), whatever features they build core-wasm with.
#[cfg(target_arch = "wasm32")]
pub mod js;

#[cfg(all(target_arch = "wasm32", feature = "bindings"))]
mod wasm;
