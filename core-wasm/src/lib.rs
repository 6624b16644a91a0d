//! Client rules shared by the browser and the server.
//!
//! Everything here is plain Rust, tested natively; `wasm` only converts values
//! for JavaScript and is compiled for wasm32 alone.

pub mod account;
pub mod guard;
pub mod mask;
pub mod mobile_site;
pub mod resume;
pub mod return_url;
pub mod tags;
pub mod transport;
pub mod weburl;

#[cfg(target_arch = "wasm32")]
mod wasm;
