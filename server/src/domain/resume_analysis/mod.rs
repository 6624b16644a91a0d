//! Resume analysis: a resume file (PDF, DOCX, DOC or TXT) read into the editor's sections, for
//! a recruiter's upload (`/ajax/comresume/analyze`) and a candidate's "fill my resume from this
//! file".
//!
//! The file is untrusted, so it is parsed in a child process: the server binary run again as
//! `jobseeker-server analyze-resume`, the file on its standard input, the sections as JSON on its
//! standard output. The child limits its own address space, CPU time and file sizes (rlimits,
//! inherited by pdftotext, antiword and catdoc), and the parent kills it after a wall-clock
//! limit, so a hostile file costs at most one child. [`analyse`] is the same work in-process,
//! for the child itself, the benchmark and tests.

pub mod extract;
pub mod fields;

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Map, Value};

pub use extract::Format;

/// The recruiter's upload limit (SPEC section 5: "employer resume analysis upload max 10 MB").
pub const RECRUITER_MAX_BYTES: usize = 10 * 1024 * 1024;
/// The subcommand the server binary runs the analysis under.
pub const CHILD_COMMAND: &str = "analyze-resume";

/// The child's limits.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Wall clock, enforced by the parent.
    pub wall: Duration,
    /// CPU seconds (RLIMIT_CPU), enforced by the kernel on the child and each tool it runs.
    pub cpu_secs: u64,
    /// Address space (RLIMIT_AS), likewise.
    pub memory: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { wall: Duration::from_secs(30), cpu_secs: 20, memory: 1024 * 1024 * 1024 }
    }
}

/// Why a file gave nothing. Each becomes RESUME_ANALYSIS_FAILED for the user; the reason goes
/// to the log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    #[error("not a PDF, DOCX, DOC or text file")]
    NotSupported,
    #[error("no text layer (a scan?)")]
    NoText,
    #[error("corrupt file: {0}")]
    Corrupt(String),
    #[error("zip bomb guard: {0}")]
    ZipBomb(String),
    #[error("time limit: {0}")]
    Timeout(String),
    #[error("helper program: {0}")]
    Tool(String),
    #[error("nothing usable found")]
    NothingFound,
    #[error("analysis process: {0}")]
    Crashed(String),
}

/// What an analysis found: the sections (the resume view's shape), and the text they were read
/// from (at most [`TEXT_MAX_BYTES`]), which the recruiter's review shows beside them.
#[derive(Debug, Clone)]
pub struct Analysis {
    pub format: Format,
    pub sections: Map<String, Value>,
    pub text: String,
}

/// The extracted text an answer carries, in bytes: a resume's text is far less, and a huge file's
/// text would only weigh on the answer and the page.
pub const TEXT_MAX_BYTES: usize = 100 * 1024;

/// `text` cut to at most `max` bytes, at a character's boundary.
fn capped(mut text: String, max: usize) -> String {
    if text.len() > max {
        let end = (0..=max).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        text.truncate(end);
    }
    text
}

/// Analyses a caller may start per hour: each is a child process of up to 20 CPU seconds, so one
/// account cannot keep the machine's cores busy. `caller` names the account (`user:1`, `company:2`).
pub const ANALYSES_PER_HOUR_CANDIDATE: u32 = 30;
pub const ANALYSES_PER_HOUR_COMPANY: u32 = 600;

/// Counts one analysis for `caller`; RATE_LIMITED past `per_hour` (shared by every server).
pub fn count_analysis(pool: &crate::db::Pool, caller: &str, per_hour: u32) -> crate::error::ApiResult<()> {
    let limiter = crate::rate_limit::RateLimiter::new(crate::store::SharedStore::new(pool.clone()), "analysis", per_hour, Duration::from_secs(3600));
    if limiter.hit(caller) {
        Ok(())
    } else {
        Err(crate::error::ApiError::RateLimited)
    }
}

/// Analyses an uploaded file in its child process, off the async threads; any failure is
/// RESUME_ANALYSIS_FAILED, with the reason in the log. `who` names the caller's side in the log.
pub async fn analyse_upload(bytes: Vec<u8>, file_name: String, who: &'static str) -> crate::error::ApiResult<Analysis> {
    use crate::error::ApiError;
    let exe = std::env::current_exe().map_err(ApiError::internal)?;
    let size = bytes.len();
    let started = Instant::now();
    let result = tokio::task::spawn_blocking(move || analyse_in_child(&exe, &bytes, Limits::default())).await.map_err(ApiError::internal)?;
    let millis = started.elapsed().as_millis() as u64;
    match result {
        Ok(a) => {
            tracing::info!(who, format = a.format.name(), size, millis, "resume analysed");
            Ok(a)
        }
        Err(reason) => {
            tracing::info!(who, file = %file_name, size, millis, reason = %reason, "resume analysis failed");
            Err(ApiError::ResumeAnalysisFailed)
        }
    }
}

/// Analyses the file in this process. Use [`analyse_in_child`] for untrusted files in the server.
pub fn analyse(bytes: &[u8]) -> Result<Analysis, Failure> {
    let format = extract::detect(bytes).ok_or(Failure::NotSupported)?;
    let text = extract::text(bytes, format)?;
    if std::env::var_os("ANALYSIS_PRINT_TEXT").is_some() {
        // A developer's aid: the extracted text on standard error.
        eprintln!("{text}");
    }
    let sections = fields::sections(&text);
    if !fields::usable(&sections) {
        return Err(Failure::NothingFound);
    }
    Ok(Analysis { format, sections, text: capped(text, TEXT_MAX_BYTES) })
}

/// The child's answer: one JSON line after this marker, so nothing else a library might print
/// on standard output is taken for it.
const ANSWER_MARK: &str = "\u{1}resume-analysis:";

/// The child's side: reads the file from standard input, sets its limits, answers on standard
/// output. Returns the exit code.
pub fn child_main(limits: Limits) -> i32 {
    set_limits(limits);
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().take(RECRUITER_MAX_BYTES as u64 + 1).read_to_end(&mut bytes) {
        tracing::warn!(error = %e, "analysis child: reading stdin");
        return 2;
    }
    let answer = match std::panic::catch_unwind(|| analyse(&bytes)) {
        Ok(Ok(a)) => serde_json::json!({"ok": {"format": a.format.name(), "sections": a.sections, "text": a.text}}),
        Ok(Err(f)) => serde_json::json!({"failure": f.to_string(), "kind": failure_kind(&f)}),
        Err(_) => serde_json::json!({"failure": "panic", "kind": "crashed"}),
    };
    let mut out = std::io::stdout().lock();
    if writeln!(out, "\n{ANSWER_MARK}{answer}").and_then(|()| out.flush()).is_err() {
        return 2;
    }
    0
}

fn failure_kind(f: &Failure) -> &'static str {
    match f {
        Failure::NotSupported => "notSupported",
        Failure::NoText => "noText",
        Failure::Corrupt(_) => "corrupt",
        Failure::ZipBomb(_) => "zipBomb",
        Failure::Timeout(_) => "timeout",
        Failure::Tool(_) => "tool",
        Failure::NothingFound => "nothingFound",
        Failure::Crashed(_) => "crashed",
    }
}

fn failure_of(kind: &str, reason: &str) -> Failure {
    match kind {
        "notSupported" => Failure::NotSupported,
        "noText" => Failure::NoText,
        "corrupt" => Failure::Corrupt(reason.into()),
        "zipBomb" => Failure::ZipBomb(reason.into()),
        "timeout" => Failure::Timeout(reason.into()),
        "tool" => Failure::Tool(reason.into()),
        "nothingFound" => Failure::NothingFound,
        _ => Failure::Crashed(reason.into()),
    }
}

#[allow(unsafe_code)]
fn set_limits(limits: Limits) {
    let set = |resource, value: u64| {
        let lim = libc::rlimit { rlim_cur: value as libc::rlim_t, rlim_max: value as libc::rlim_t };
        // SAFETY: setrlimit reads the struct we pass and changes only this process's limits.
        if unsafe { libc::setrlimit(resource, &lim) } != 0 {
            tracing::warn!(resource = resource as i64, "analysis child: setrlimit failed");
        }
    };
    set(libc::RLIMIT_AS, limits.memory);
    set(libc::RLIMIT_CPU, limits.cpu_secs);
    // Temporary files (the PDF or DOC handed to a tool) and nothing larger.
    set(libc::RLIMIT_FSIZE, 2 * RECRUITER_MAX_BYTES as u64);
    set(libc::RLIMIT_CORE, 0);
}

/// Analyses the file in a child process of `exe` (the server binary) under `limits`.
pub fn analyse_in_child(exe: &Path, bytes: &[u8], limits: Limits) -> Result<Analysis, Failure> {
    // Refuse what is not a resume format before starting a process.
    let format = extract::detect(bytes).ok_or(Failure::NotSupported)?;
    let mut child = Command::new(exe)
        .arg(CHILD_COMMAND)
        .env("ANALYSIS_CPU_SECS", limits.cpu_secs.to_string())
        .env("ANALYSIS_MEMORY", limits.memory.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| Failure::Crashed(format!("spawn {}: {e}", exe.display())))?;
    let mut stdin = child.stdin.take().ok_or_else(|| Failure::Crashed("no stdin".into()))?;
    let input = bytes.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().ok_or_else(|| Failure::Crashed("no stdout".into()))?;
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stdout.by_ref().take(16 * 1024 * 1024).read_to_end(&mut out);
        out
    });
    let deadline = Instant::now() + limits.wall;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                let _ = writer.join();
                let _ = reader.join();
                return Err(Failure::Timeout(format!("analysis child after {:?}", limits.wall)));
            }
            Err(e) => return Err(Failure::Crashed(e.to_string())),
        }
    };
    let _ = writer.join();
    let out = reader.join().map_err(|_| Failure::Crashed("reader".into()))?;
    let out = String::from_utf8_lossy(&out);
    let Some(line) = out.rsplit_once(ANSWER_MARK).map(|(_, l)| l.trim()) else {
        return Err(Failure::Crashed(format!("no answer ({status})")));
    };
    let answer: Value = serde_json::from_str(line).map_err(|e| Failure::Crashed(format!("answer: {e}")))?;
    if let Some(ok) = answer.get("ok") {
        let sections = ok.get("sections").and_then(Value::as_object).cloned().ok_or_else(|| Failure::Crashed("answer: no sections".into()))?;
        let text = ok.get("text").and_then(Value::as_str).unwrap_or_default();
        return Ok(Analysis { format, sections, text: capped(text.to_string(), TEXT_MAX_BYTES) });
    }
    let reason = answer.get("failure").and_then(Value::as_str).unwrap_or("");
    Err(failure_of(answer.get("kind").and_then(Value::as_str).unwrap_or(""), reason))
}

/// The limits the child was started with (its environment), or the defaults.
pub fn child_limits_from_env() -> Limits {
    let d = Limits::default();
    let get = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<u64>().ok());
    Limits { wall: d.wall, cpu_secs: get("ANALYSIS_CPU_SECS").unwrap_or(d.cpu_secs), memory: get("ANALYSIS_MEMORY").unwrap_or(d.memory) }
}
