//! The server's form parsing on arbitrary bodies: every form-encoded call goes through parse_form,
//! then its own field parsing (paging, ids, the job search query, a resume section's JSON). An
//! answer is Ok or an ApiError for the envelope; never a panic.
//! The body is fuzz_checks::server_form (fuzz/checks), which `cargo test` also replays on stable.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_checks::server_form::check(data));
