//! The resume analysis's pdf reader on arbitrary bytes. The body is
//! fuzz_checks::resume_pdf::check (fuzz/checks), which `cargo test` also replays on stable.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_checks::resume_pdf::check(data));
