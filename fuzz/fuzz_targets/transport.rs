//! The request client's reading of responses and cookies on arbitrary bytes: no panic, and a
//! 401/403 is always ignored whatever the body.
//! The body is fuzz_checks::transport (fuzz/checks), which `cargo test` also replays on stable,
//! reading corpus files into (u16, &str, &str) the way libfuzzer-sys does.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: (u16, &str, &str)| fuzz_checks::transport::check(data));
