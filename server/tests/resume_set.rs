//! The labelled resume set (server/tests/data/resumes/set, made by make.py beside it with
//! LibreOffice): every file through the analysis as the server runs it (the server binary's
//! `analyze-resume` child), scored field by field against its `.expected.json`.
//!
//! Prints the figures docs/BENCHMARKS.md records (`cargo test --release -p server --test it
//! resume_set:: -- --nocapture`) and fails below the accuracy targets of issue 17. Times are
//! printed, not asserted: speed is for benchmarks.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;
use server::domain::resume_analysis::{analyse_in_child, Limits};

fn set_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/resumes/set")
}

fn norm(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v.get(k).and_then(Value::as_str).unwrap_or("")
}

#[derive(Default)]
struct F1 {
    matched: usize,
    predicted: usize,
    expected: usize,
}

impl F1 {
    fn add(&mut self, predicted: &[String], expected: &[String]) {
        self.predicted += predicted.len();
        self.expected += expected.len();
        let mut left: Vec<&String> = predicted.iter().collect();
        for e in expected {
            if let Some(i) = left.iter().position(|p| *p == e) {
                left.remove(i);
                self.matched += 1;
            }
        }
    }
    fn f1(&self) -> f64 {
        let p = self.matched as f64 / self.predicted.max(1) as f64;
        let r = self.matched as f64 / self.expected.max(1) as f64;
        if p + r == 0.0 { 0.0 } else { 2.0 * p * r / (p + r) }
    }
}

fn pct(n: usize, d: usize) -> f64 {
    100.0 * n as f64 / d.max(1) as f64
}

#[test]
fn the_labelled_set_meets_the_targets() {
    let exe = Path::new(env!("CARGO_BIN_EXE_jobseeker-server"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(set_dir())
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.to_string_lossy().ends_with(".expected.json"));
    files.sort();
    assert!(files.len() >= 100, "the set has {} resumes", files.len());
    let (mut n, mut failures) = (0usize, 0usize);
    let (mut name_ok, mut mobile_ok, mut email_ok, mut gender_ok, mut level_ok, mut city_ok, mut city_n) = (0, 0, 0, 0, 0, 0, 0);
    let (mut edu, mut work) = (F1::default(), F1::default());
    // Fields only some layouts print, each scored over the files that print it.
    let mut extras = Extras::default();
    let mut skills = F1::default();
    let mut majors = F1::default();
    let this_year = time::OffsetDateTime::now_utc().year();
    let mut pdf2_times: Vec<Duration> = Vec::new();
    let mut all_times: Vec<Duration> = Vec::new();
    let mut misses: Vec<String> = Vec::new();
    for exp_path in &files {
        let exp: Value = serde_json::from_str(&std::fs::read_to_string(exp_path).unwrap_or_default()).unwrap_or(Value::Null);
        let file = set_dir().join(s(&exp, "file"));
        let bytes = std::fs::read(&file).unwrap_or_default();
        n += 1;
        let started = Instant::now();
        let result = analyse_in_child(exe, &bytes, Limits::default());
        let took = started.elapsed();
        all_times.push(took);
        if s(&exp, "file").ends_with(".pdf") && pdf_pages(&bytes) == 2 {
            pdf2_times.push(took);
        }
        let sections = match result {
            Ok(a) => a.sections,
            Err(e) => {
                failures += 1;
                misses.push(format!("{}: failed: {e}", s(&exp, "file")));
                continue;
            }
        };
        let basic = sections.get("basic").cloned().unwrap_or(Value::Null);
        let check = |field: &str, want: &str, ok: &mut usize, misses: &mut Vec<String>| {
            if s(&basic, field) == want {
                *ok += 1;
            } else {
                misses.push(format!("{}: {field} {:?} want {want:?}", s(&exp, "file"), s(&basic, field)));
            }
        };
        check("name", s(&exp, "name"), &mut name_ok, &mut misses);
        check("mobile", s(&exp, "mobile"), &mut mobile_ok, &mut misses);
        check("email", s(&exp, "email"), &mut email_ok, &mut misses);
        check("gender", s(&exp, "gender"), &mut gender_ok, &mut misses);
        check("education", s(&exp, "education"), &mut level_ok, &mut misses);
        if let Some(c) = exp.get("city").and_then(Value::as_str) {
            city_n += 1;
            check("city", c, &mut city_ok, &mut misses);
        }
        let intention = sections.get("intention").cloned().unwrap_or(Value::Null);
        let file = s(&exp, "file");
        if let Some(want) = exp.get("birthday").and_then(Value::as_str) {
            extras.score("birthday", s(&basic, "birthday") == want, || format!("{file}: birthday {:?} want {want:?}", s(&basic, "birthday")), &mut misses);
        }
        if let Some(age) = exp.get("age").and_then(Value::as_i64) {
            let want = format!("{}-", i64::from(this_year) - age);
            extras.score("birth year from the age", s(&basic, "birthday").starts_with(&want), || format!("{file}: birthday {:?} want {want}.. (age {age})", s(&basic, "birthday")), &mut misses);
        }
        if let Some(want) = exp.get("workSince").and_then(Value::as_str) {
            extras.score("years of work (workSince)", s(&basic, "workSince") == want, || format!("{file}: workSince {:?} want {want:?}", s(&basic, "workSince")), &mut misses);
        }
        for (field, label) in [("targetCategory", "job wanted"), ("targetCity", "city wanted"), ("targetSalary", "salary wanted")] {
            if let Some(want) = exp.get(field).and_then(Value::as_str) {
                let got = s(&intention, field);
                extras.score(label, norm(got) == norm(want), || format!("{file}: {field} {got:?} want {want:?}"), &mut misses);
            }
        }
        if let Some(want) = exp.get("skills").and_then(Value::as_array) {
            let want: Vec<String> = want.iter().filter_map(Value::as_str).map(norm).collect();
            let got: Vec<String> = sections.get("skill").and_then(Value::as_array).into_iter().flatten().map(|e| norm(s(&e["data"], "name"))).collect();
            if got != want {
                misses.push(format!("{file}: skills {got:?} want {want:?}"));
            }
            skills.add(&got, &want);
        }
        let entries = |section: &str| -> Vec<Value> {
            sections.get(section).and_then(Value::as_array).map(|a| a.iter().map(|e| e.get("data").cloned().unwrap_or(Value::Null)).collect()).unwrap_or_default()
        };
        let edu_key = |e: &Value| format!("{}|{}|{}|{}", norm(s(e, "school")), s(e, "level"), s(e, "start"), s(e, "end"));
        let work_key = |e: &Value, title: &str| format!("{}|{}|{}|{}", norm(s(e, "company")), norm(s(e, title)), s(e, "start"), s(e, "end"));
        let got_edu: Vec<String> = entries("education").iter().map(edu_key).collect();
        let want_edu: Vec<String> = exp.get("educationEntries").and_then(Value::as_array).into_iter().flatten().map(edu_key).collect();
        let got_work: Vec<String> = entries("work").iter().map(|e| work_key(e, "jobTitle")).collect();
        let want_work: Vec<String> = exp.get("workEntries").and_then(Value::as_array).into_iter().flatten().map(|e| work_key(e, "title")).collect();
        if got_edu != want_edu {
            misses.push(format!("{}: education {got_edu:?} want {want_edu:?}", s(&exp, "file")));
        }
        if got_work != want_work {
            misses.push(format!("{}: work {got_work:?} want {want_work:?}", s(&exp, "file")));
        }
        edu.add(&got_edu, &want_edu);
        let major_key = |e: &Value| format!("{}|{}", norm(s(e, "school")), norm(s(e, "major")));
        let want_majors: Vec<String> = exp.get("educationEntries").and_then(Value::as_array).into_iter().flatten().filter(|e| !s(e, "major").is_empty()).map(major_key).collect();
        let got_majors: Vec<String> = entries("education").iter().filter(|e| !s(e, "major").is_empty()).map(major_key).collect();
        if got_majors != want_majors {
            misses.push(format!("{file}: majors {got_majors:?} want {want_majors:?}"));
        }
        majors.add(&got_majors, &want_majors);
        work.add(&got_work, &want_work);
    }
    let p95 = |t: &mut Vec<Duration>| {
        t.sort();
        t.get(((t.len() as f64 * 0.95).ceil() as usize).saturating_sub(1)).copied().unwrap_or_default()
    };
    let contact = pct(mobile_ok + email_ok, 2 * n);
    let ok_n = n - failures;
    println!("resume set: {n} files ({failures} failed)");
    for m in &misses {
        println!("  miss: {m}");
    }
    println!("| Measure | Target | Measured |");
    println!("|---|---|---|");
    println!("| Mobile and email, exact | ≥ 99% | {contact:.1}% (mobile {:.1}%, email {:.1}%) |", pct(mobile_ok, n), pct(email_ok, n));
    println!("| Name | ≥ 95% | {:.1}% |", pct(name_ok, n));
    println!("| Education entries, F1 on school + level + period | ≥ 90% | {:.1}% ({} of {} expected, {} found) |", 100.0 * edu.f1(), edu.matched, edu.expected, edu.predicted);
    println!("| Work entries, F1 on company + title + period | ≥ 85% | {:.1}% ({} of {} expected, {} found) |", 100.0 * work.f1(), work.matched, work.expected, work.predicted);
    println!("| Analysis failures on files with a text layer | ≤ 2% | {:.1}% ({failures} of {n}) |", pct(failures, n));
    println!("| Parse time, 2-page PDF | p95 ≤ 1 s | p95 {:?} over {} files (all files: p95 {:?}) |", p95(&mut pdf2_times), pdf2_times.len(), p95(&mut all_times));
    println!("| (beyond the targets) gender, highest education, city | | {:.1}%, {:.1}%, {:.1}% |", pct(gender_ok, ok_n), pct(level_ok, ok_n), pct(city_ok, city_n));
    for (label, (ok, of)) in &extras.0 {
        println!("| (beyond the targets) {label}, exact | | {:.1}% ({ok} of {of}) |", pct(*ok, *of));
    }
    println!("| (beyond the targets) education entries' majors, F1 on school + major | | {:.1}% ({} of {} expected, {} found) |", 100.0 * majors.f1(), majors.matched, majors.expected, majors.predicted);
    println!("| (beyond the targets) skills, F1 on the name | | {:.1}% ({} of {} expected, {} found) |", 100.0 * skills.f1(), skills.matched, skills.expected, skills.predicted);
    assert!(contact >= 99.0, "mobile and email {contact:.1}%");
    assert!(pct(name_ok, n) >= 95.0, "name {:.1}%", pct(name_ok, n));
    assert!(edu.f1() >= 0.90, "education F1 {:.3}", edu.f1());
    assert!(work.f1() >= 0.85, "work F1 {:.3}", work.f1());
    assert!(pct(failures, n) <= 2.0, "failures {failures}");
}

/// Right answers per field, in the order first scored.
#[derive(Default)]
struct Extras(Vec<(&'static str, (usize, usize))>);

impl Extras {
    fn score(&mut self, label: &'static str, right: bool, miss: impl FnOnce() -> String, misses: &mut Vec<String>) {
        let i = self.0.iter().position(|(l, _)| *l == label).unwrap_or_else(|| {
            self.0.push((label, (0, 0)));
            self.0.len() - 1
        });
        let (ok, of) = &mut self.0[i].1;
        *of += 1;
        if right {
            *ok += 1;
        } else {
            misses.push(miss());
        }
    }
}

/// Pages of a PDF by its page objects (`/Type /Page`, not `/Pages`), enough for LibreOffice's files.
fn pdf_pages(b: &[u8]) -> usize {
    let needle = b"/Type/Page";
    let spaced = b"/Type /Page";
    let count = |n: &[u8]| b.windows(n.len() + 1).filter(|w| &w[..n.len()] == n && w[n.len()] != b's').count();
    count(needle) + count(spaced)
}
