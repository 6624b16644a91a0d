//! The fuzz targets on stable, as part of `cargo test`: every file of fuzz/corpus/<target>/,
//! then inputs made from a fixed seed (generate.rs). No nightly, no sanitizers, no search:
//! what scripts/fuzz once found stays found.
//!
//! FUZZ_REPLAY_CASES (default 2000 per target) and FUZZ_REPLAY_SEED (hex) make more or other
//! inputs. A failing input is saved under target/tmp/fuzz-replay/<target>/; once fixed, copy it
//! into fuzz/corpus/<target>/ and the replay keeps it.

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use fuzz_checks::generate::Rng;
use fuzz_checks::{corpus, target, Target, TARGETS};

use fuzz_checks::generate::{DEFAULT_CASES, DEFAULT_SEED};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn env_or<T>(name: &str, default: T, parse: impl Fn(&str) -> Option<T>) -> T {
    match std::env::var(name) {
        Ok(v) => parse(&v).unwrap_or_else(|| panic!("{name}={v:?} is not a number")),
        Err(_) => default,
    }
}

/// Runs one input; a panic is kept as a message, and the input saved to be looked at and kept.
fn run(t: &Target, label: &str, input: &[u8]) -> Result<(), String> {
    match catch_unwind(AssertUnwindSafe(|| (t.check)(input))) {
        Ok(()) => Ok(()),
        Err(panic) => {
            let why = panic.downcast_ref::<String>().cloned().or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-replay").join(t.name);
            let saved = fs::create_dir_all(&dir).and_then(|()| fs::write(dir.join(label), input));
            let path = dir.join(label);
            Err(match saved {
                Ok(()) => format!("{label}: {why}\n    input saved as {}", path.display()),
                Err(e) => format!("{label}: {why}\n    (could not save the input to {}: {e})", path.display()),
            })
        }
    }
}

fn replay(name: &str) {
    let t = target(name).expect("a target of fuzz_checks::TARGETS");
    let entries = corpus(name);
    assert!(!entries.is_empty(), "fuzz/corpus/{name}/ is empty: the replay needs the seed corpus");
    let mut failures = Vec::new();
    for (file, bytes) in &entries {
        failures.extend(run(t, file, bytes).err());
    }

    let cases = env_or("FUZZ_REPLAY_CASES", DEFAULT_CASES, |v| v.parse().ok());
    let seed = env_or("FUZZ_REPLAY_SEED", DEFAULT_SEED, |v| u64::from_str_radix(v.trim_start_matches("0x"), 16).ok());
    // Each target its own stream, so adding a target changes no other's inputs.
    let mut rng = Rng::new(seed ^ name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)));
    let seeds: Vec<Vec<u8>> = entries.into_iter().map(|(_, b)| b).collect();
    for i in 0..cases {
        let input = (t.generate)(&mut rng, &seeds);
        failures.extend(run(t, &format!("generated-{seed:x}-{i}"), &input).err());
    }
    assert!(failures.is_empty(), "{name}: {} input(s) failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn core_rules() {
    replay("core_rules");
}

#[test]
fn server_form() {
    replay("server_form");
}

#[test]
fn server_jwt() {
    replay("server_jwt");
}

#[test]
fn server_upload() {
    replay("server_upload");
}

#[test]
fn resume_pdf() {
    replay("resume_pdf");
}

#[test]
fn resume_docx() {
    replay("resume_docx");
}

#[test]
fn resume_doc() {
    replay("resume_doc");
}

#[test]
fn resume_text() {
    replay("resume_text");
}

#[test]
fn transport() {
    replay("transport");
}

/// A new fuzz target is replayed too: each file of fuzz/fuzz_targets is a target here, calls
/// its check in fuzz_checks, and has a test above.
#[test]
fn every_fuzz_target_is_replayed() {
    let dir = fuzz_dir().join("fuzz_targets");
    let mut names: Vec<String> = fs::read_dir(&dir)
        .expect("fuzz/fuzz_targets")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .map(|p| p.file_stem().expect("a stem").to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut ours: Vec<String> = TARGETS.iter().map(|t| t.name.to_string()).collect();
    ours.sort();
    assert_eq!(names, ours, "fuzz/fuzz_targets and fuzz_checks::TARGETS name the same targets");
    let this = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replay.rs")).expect("this file");
    for name in &names {
        let body = fs::read_to_string(dir.join(format!("{name}.rs"))).expect("the target");
        assert!(body.contains(&format!("fuzz_checks::{name}::")), "fuzz_targets/{name}.rs calls fuzz_checks::{name}");
        assert!(this.contains(&format!("replay(\"{name}\")")), "tests/replay.rs replays {name}");
    }
}
