//! Session tokens: decoding arbitrary text never panics and accepts only what our key signed;
//! a token we issue decodes to the same claims.
//! The body is fuzz_checks::server_jwt (fuzz/checks), which `cargo test` also replays on stable.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_checks::server_jwt::check(data));
