//! The resume analysis's DOC side on arbitrary bytes: antiword's tables reshaped, and the format
//! told by the content. The body is fuzz_checks::resume_doc::check (fuzz/checks), which `cargo
//! test` also replays on stable.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_checks::resume_doc::check(data));
