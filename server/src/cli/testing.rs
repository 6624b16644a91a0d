//! Unit tests' database: a real SQLite file in a temp dir with the demo data, removed afterwards.

use clap::Parser;

pub struct Fixture {
    pub pool: crate::db::Pool,
    pub dir: std::path::PathBuf,
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A real SQLite database in a temp dir with the demo data.
pub fn fixture(name: &str) -> Fixture {
    let dir = std::env::temp_dir().join(format!("jobseeker-{name}-{}-{}", std::process::id(), crate::ids::next_id()));
    let settings = crate::settings::Settings::parse_from(["test", "--data-dir", dir.to_str().unwrap()]);
    let pool = crate::db::connect(&settings).unwrap();
    crate::cli::seed::seed_if_empty(&mut pool.get().unwrap()).unwrap();
    Fixture { pool, dir }
}
