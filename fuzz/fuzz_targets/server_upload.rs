//! Multipart uploads: arbitrary bodies under an arbitrary boundary go through the server's
//! streaming reader, and the file bytes through the content sniffer and the photo re-encoder.
//! Errors are answers; a panic, a hang or unbounded memory is a failure.
//! The body is fuzz_checks::server_upload (fuzz/checks), which `cargo test` also replays on stable.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_checks::server_upload::check(data));
