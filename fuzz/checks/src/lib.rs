//! The fuzz targets' bodies as plain functions, one module per target of fuzz/fuzz_targets.
//!
//! `cargo +nightly fuzz run <target>` (scripts/fuzz) calls them under libFuzzer and the
//! sanitizers; `cargo test -p fuzz-checks` (tests/replay.rs) calls them on stable with every
//! file of fuzz/corpus/<target>/ and a few thousand inputs made by `generate` from a fixed seed.
//! A check fails by panicking, so `expect` and `assert!` are how a check says what broke.
#![allow(clippy::expect_used, clippy::unwrap_used)]

pub mod core_rules;
pub mod generate;
pub mod resume_analysis;
/// The resume analysis's targets, one per parser (bodies in resume_analysis.rs).
pub mod resume_pdf {
    pub use crate::resume_analysis::check_pdf as check;
}
pub mod resume_docx {
    pub use crate::resume_analysis::check_docx as check;
}
pub mod resume_doc {
    pub use crate::resume_analysis::check_doc as check;
}
pub mod resume_text {
    pub use crate::resume_analysis::check_text as check;
}
pub mod server_form;
pub mod server_jwt;
pub mod server_upload;
pub mod transport;

mod server_api;

/// One fuzz target: its name under fuzz/fuzz_targets and fuzz/corpus, its check over the bytes
/// libFuzzer hands it, and how the replay makes new inputs for it.
pub struct Target {
    pub name: &'static str,
    pub check: fn(&[u8]),
    pub generate: fn(&mut generate::Rng, &[Vec<u8>]) -> Vec<u8>,
}

pub const TARGETS: &[Target] = &[
    Target { name: "core_rules", check: core_rules::check, generate: generate::core_rules },
    Target { name: "server_form", check: server_form::check, generate: generate::server_form },
    Target { name: "server_jwt", check: server_jwt::check, generate: generate::server_jwt },
    Target { name: "server_upload", check: server_upload::check, generate: generate::server_upload },
    Target { name: "resume_pdf", check: resume_pdf::check, generate: generate::resume_pdf },
    Target { name: "resume_docx", check: resume_docx::check, generate: generate::resume_docx },
    Target { name: "resume_doc", check: resume_doc::check, generate: generate::resume_doc },
    Target { name: "resume_text", check: resume_text::check, generate: generate::resume_text },
    Target { name: "transport", check: transport::check_bytes, generate: generate::transport },
];

pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// The files of fuzz/corpus/`name`/, by file name: the replay's inputs and the generator's seeds.
pub fn corpus(name: &str) -> Vec<(String, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("corpus").join(name);
    let Ok(listing) = std::fs::read_dir(&dir) else { return Vec::new() };
    let mut entries: Vec<(String, Vec<u8>)> = listing
        .map(|entry| {
            let path = entry.expect("a corpus entry").path();
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path.file_name().expect("a file name").to_string_lossy().into_owned(), bytes)
        })
        .collect();
    entries.sort();
    entries
}
