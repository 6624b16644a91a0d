//! Writes FUZZ_REPLAY_CASES generated inputs per target into FUZZ_REPLAY_EXPORT/<target>/, as seeds for
//! `cargo fuzz` (docs/fuzzing.md): `FUZZ_REPLAY_EXPORT=$PWD/fuzz/work cargo run -p fuzz-checks --example export`.
//! The same inputs as the replay's (tests/replay.rs), from the same seed.

use std::fs;
use std::path::PathBuf;

use fuzz_checks::generate::{Rng, DEFAULT_CASES, DEFAULT_SEED};
use fuzz_checks::{corpus, TARGETS};

fn main() {
    let out = PathBuf::from(std::env::var("FUZZ_REPLAY_EXPORT").expect("FUZZ_REPLAY_EXPORT: a directory"));
    let cases = match std::env::var("FUZZ_REPLAY_CASES") {
        Ok(v) => v.parse().unwrap_or_else(|_| panic!("FUZZ_REPLAY_CASES={v:?} is not a number")),
        Err(_) => DEFAULT_CASES,
    };
    for t in TARGETS {
        let dir = out.join(t.name);
        fs::create_dir_all(&dir).expect("the export directory");
        let seeds: Vec<Vec<u8>> = corpus(t.name).into_iter().map(|(_, b)| b).collect();
        let mut rng = Rng::new(DEFAULT_SEED);
        for i in 0..cases {
            fs::write(dir.join(format!("generated-{i}")), (t.generate)(&mut rng, &seeds)).expect("an exported input");
        }
        println!("{}: {cases} inputs in {}", t.name, dir.display());
    }
}
