//! Every input rule of core-wasm on arbitrary text: no panic, and the answers keep their promises.
//! The body is fuzz_checks::core_rules (fuzz/checks), which `cargo test` also replays on stable.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_checks::core_rules::check(data));
