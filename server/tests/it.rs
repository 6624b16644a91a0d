//! The server's integration tests, as one test binary (`autotests = false` and the one `[[test]]` in
//! server/Cargo.toml): every file beside this one is a module of it, so the whole server is linked
//! once instead of once per file, and one runner shares its threads among all the tests instead of
//! running thirty-odd binaries one after another.
//!
//! One file: `cargo test -p server --test it accounts::`; one test: `cargo test -p server --test it
//! accounts::<name> -- --exact`. A new file of tests/ is listed here, or it never runs (the test
//! below fails).
//!
//! The tests share one process, so one pid: each starts its own server on a free port over its own
//! database and data dir (common/mod.rs), and what one makes beside it (temporary dirs, PostgreSQL
//! databases, Redis key prefixes) is named with its file's own prefix and, but for static_ui.rs's
//! clock suffix, `common::tempdir::rand_suffix`, a counter unique within the process. None sets
//! the process's environment: a server's goes to its Command.

mod common;

mod accounts;
mod admin;
mod architecture;
mod assessments;
mod background;
mod bad_input;
mod chat;
mod chat_exchange;
mod chat_handover;
mod chat_notice;
mod chat_quota;
mod chat_picture;
mod chat_report;
mod chat_socket;
mod chat_tools;
mod cluster;
mod company_pictures;
mod faults;
mod hiring_funnel;
mod interviews;
mod jobs;
mod mobile_change;
mod notices;
mod openapi;
mod orders;
mod partner;
mod personal_centre;
mod plans;
mod privacy;
mod production;
mod public_pages;
mod recruiter;
mod recruiter_card;
mod refunds;
mod resume;
mod resume_analysis;
mod resume_set;
mod seed_scale;
mod session;
mod slider;
mod static_ui;
mod storage;
mod talent;
mod talent_pipeline;
mod thumbnails;
mod visibility_and_log;
mod wechat;

/// Every file of server/tests is a module above: with `autotests = false` cargo no longer finds
/// them by itself, and a file left out would be neither compiled nor run.
#[test]
fn every_test_file_is_a_module_of_this_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = std::fs::read_to_string(dir.join("it.rs")).expect("tests/it.rs");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/") {
        let name = entry.expect("entry").file_name().to_string_lossy().into_owned();
        if let Some(module) = name.strip_suffix(".rs").filter(|m| *m != "it") {
            files += 1;
            assert!(this.lines().any(|l| l == format!("mod {module};")), "tests/{name} is not a module of tests/it.rs");
        }
    }
    assert!(files > 30, "only {files} test files found in {}", dir.display());
}
