//! `/ajax/comresume/analyze` over HTTP: each format, the format told by content and not by name,
//! and the failure paths (not a resume, a scan without a text layer, an image, a zip bomb, the
//! 10 MB limit hit while the body streams), with who may call it; and the child process's own
//! limits (wall clock, memory) and the pdftotext fallback, called directly.

use std::io::Write;
use std::path::{Path, PathBuf};

use std::time::Duration;

use crate::common::staff::{accept_invitation, company_login, interviewer_login};
use crate::common::{code, envelope, login, servers, TestServer};
use server::domain::resume_analysis::{analyse_in_child, Failure, Limits};
use reqwest::blocking::{multipart, Client};
use serde_json::Value;

const FAILED_MESSAGE: &str = "简历解析失败，请重试";

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/resumes").join(name)
}

fn analyze(s: &TestServer, client: &Client, bytes: Vec<u8>, file_name: &str) -> (u16, Value) {
    let form = multipart::Form::new().part("file", multipart::Part::bytes(bytes).file_name(file_name.to_string()));
    envelope(client.post(s.url("/ajax/comresume/analyze")).multipart(form).send().expect("send"))
}

fn expected(stem: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(data(&format!("set/{stem}.expected.json"))).expect("expected")).expect("json")
}

/// The first file of the set in this format.
fn first_of(ext: &str) -> (Vec<u8>, Value) {
    let mut names: Vec<String> = std::fs::read_dir(data("set")).expect("set").filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    let name = names.into_iter().find(|n| n.ends_with(&format!(".{ext}"))).expect("a file of the format");
    let stem = name.trim_end_matches(&format!(".{ext}")).to_string();
    (std::fs::read(data(&format!("set/{name}"))).expect("read"), expected(&stem))
}

fn assert_found(v: &Value, want: &Value, what: &str) {
    let sections = &v["result"]["sections"];
    assert_eq!(sections["basic"]["name"], want["name"], "{what}: {v}");
    assert_eq!(sections["basic"]["mobile"], want["mobile"], "{what}: {v}");
    assert_eq!(sections["basic"]["email"], want["email"], "{what}: {v}");
    let work = sections["work"].as_array().expect("work list");
    assert_eq!(work.len(), want["workEntries"].as_array().map_or(0, Vec::len), "{what}: {v}");
    assert!(work[0]["id"].is_null(), "a draft has no id: {v}");
    assert_eq!(work[0]["data"]["start"], want["workEntries"][0]["start"], "{what}: {v}");
    let education = sections["education"].as_array().expect("education list");
    assert_eq!(education[0]["data"]["level"], want["educationEntries"][0]["level"], "{what}: {v}");
    // Every section of the view is there: forms an object or null, lists an array.
    for s in ["assessment", "intention", "skillsText", "pasted"] {
        assert!(sections[s].is_object() || sections[s].is_null(), "{s}: {v}");
    }
    for s in ["language", "training", "project", "skill", "certificate", "reference", "additional"] {
        assert!(sections[s].is_array(), "{s}: {v}");
    }
}

fn assert_failed(status: u16, v: &Value, what: &str) {
    assert_eq!(status, 400, "{what}: {v}");
    assert_eq!(code(v), "RESUME_ANALYSIS_FAILED", "{what}: {v}");
    assert_eq!(v["error"]["message"], FAILED_MESSAGE, "{what}: {v}");
}

#[test]
fn every_format_is_read_into_the_sections() {
    for s in servers() {
        let client = company_login(&s);
        for ext in ["pdf", "docx", "doc", "txt"] {
            let (bytes, want) = first_of(ext);
            let (status, v) = analyze(&s, &client, bytes, &format!("简历.{ext}"));
            assert_eq!(status, 200, "{ext}: {v}");
            assert_found(&v, &want, ext);
            assert_text_holds(&v, &want, ext);
        }
        // A GBK text file (the set alternates GBK and UTF-8).
        let gbk = std::fs::read_dir(data("set")).expect("set").filter_map(|e| e.ok()).map(|e| e.path()).find(|p| p.to_string_lossy().ends_with("-gbk.txt")).expect("a GBK file");
        assert!(std::str::from_utf8(&std::fs::read(&gbk).expect("read")).is_err(), "the file is not UTF-8");
        let stem = gbk.file_name().and_then(|n| n.to_str()).expect("name").trim_end_matches(".txt").to_string();
        let (status, v) = analyze(&s, &client, std::fs::read(&gbk).expect("read"), "resume.txt");
        assert_eq!(status, 200, "{v}");
        assert_found(&v, &expected(&stem), "gbk");
        assert_text_holds(&v, &expected(&stem), "gbk");
    }
}

/// The answer's `text`, the file's extracted text that the review shows beside the draft, holds
/// the name and the mobile (a table's cells may come out apart, so each is looked for alone).
fn assert_text_holds(v: &Value, want: &Value, what: &str) {
    let text = v["result"]["text"].as_str().unwrap_or_else(|| panic!("{what}: no text: {v}"));
    for field in ["name", "mobile"] {
        let value = want[field].as_str().expect("expected value");
        assert!(text.contains(value), "{what}: the text lacks the {field} {value}: {text}");
    }
}

#[test]
fn the_text_in_the_answer_is_capped_at_100_kb() {
    for s in servers() {
        let client = company_login(&s);
        let mut long = std::fs::read_to_string(data("set/011-text-utf-8.txt")).expect("a UTF-8 resume");
        let want = expected("011-text-utf-8");
        // 40,000 three-byte characters after the resume: 120 KB, cut inside a character.
        long.push_str("\n附加信息\n");
        long.push_str(&"熟".repeat(40_000));
        let (status, v) = analyze(&s, &client, long.into_bytes(), "long.txt");
        assert_eq!(status, 200, "{v}");
        let text = v["result"]["text"].as_str().expect("text");
        assert!(text.len() <= 100 * 1024 && text.len() > 99 * 1024, "{} bytes", text.len());
        assert!(text.ends_with('熟'), "cut on a character's boundary");
        assert_text_holds(&v, &want, "a long TXT");
    }
}

#[test]
fn the_content_decides_not_the_name() {
    for s in servers() {
        let client = company_login(&s);
        let (pdf, want) = first_of("pdf");
        let (status, v) = analyze(&s, &client, pdf, "resume.docx");
        assert_eq!(status, 200, "{v}");
        assert_found(&v, &want, "a PDF named .docx");
        let (docx, want) = first_of("docx");
        let (status, v) = analyze(&s, &client, docx, "resume.txt");
        assert_eq!(status, 200, "{v}");
        assert_found(&v, &want, "a DOCX named .txt");
        // An image named .pdf is still an image.
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89".to_vec();
        let (status, v) = analyze(&s, &client, png, "resume.pdf");
        assert_failed(status, &v, "a PNG named .pdf");
    }
}

#[test]
fn what_is_not_a_resume_fails_with_the_message() {
    for s in servers() {
        let client = company_login(&s);
        let recipe = "红烧肉的做法\n五花肉切块，冷水下锅焯水。\n锅中放冰糖炒出糖色，下肉翻炒，加生抽老抽和热水，小火炖一小时。\n".repeat(3);
        let (status, v) = analyze(&s, &client, recipe.into_bytes(), "resume.txt");
        assert_failed(status, &v, "a recipe");
        let scan = std::fs::read(data("failures/scanned.pdf")).expect("scan");
        let (status, v) = analyze(&s, &client, scan, "scan.pdf");
        assert_failed(status, &v, "a scanned PDF");
        let (status, v) = analyze(&s, &client, b"%PDF-1.4\n%%EOF garbage".to_vec(), "broken.pdf");
        assert_failed(status, &v, "a broken PDF");
        let (status, v) = analyze(&s, &client, zip_bomb(), "bomb.docx");
        assert_failed(status, &v, "a zip bomb");
        let (status, v) = analyze(&s, &client, vec![0u8; 4096], "zeros.doc");
        assert_failed(status, &v, "zeros");
    }
}

/// A DOCX whose document.xml inflates from a few kilobytes to 40 MB.
fn zip_bomb() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut out);
        let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        zip.start_file("[Content_Types].xml", opts).expect("entry");
        zip.write_all(b"<Types/>").expect("write");
        zip.start_file("word/document.xml", opts).expect("entry");
        let chunk = vec![b' '; 1024 * 1024];
        zip.write_all(b"<w:document><w:body><w:p><w:r><w:t>").expect("write");
        for _ in 0..40 {
            zip.write_all(&chunk).expect("write");
        }
        zip.write_all(b"</w:t></w:r></w:p></w:body></w:document>").expect("write");
        zip.finish().expect("finish");
    }
    let bytes = out.into_inner();
    assert!(bytes.len() < 200 * 1024, "the bomb is small: {}", bytes.len());
    bytes
}

#[test]
fn the_ten_megabyte_limit_is_counted_while_streaming() {
    for s in servers() {
        let client = company_login(&s);
        let mut big = std::fs::read(data("failures/scanned.pdf")).expect("pdf");
        big.resize(10 * 1024 * 1024 + 1, b' ');
        let (status, v) = analyze(&s, &client, big, "big.pdf");
        assert_eq!(status, 413, "{v}");
        assert_eq!(code(&v), "FILE_TOO_BIG", "{v}");
        // Exactly at the limit is read (and this one, a scan, then fails as a scan).
        let mut at = std::fs::read(data("failures/scanned.pdf")).expect("pdf");
        at.resize(10 * 1024 * 1024, b' ');
        let (status, v) = analyze(&s, &client, at, "at-limit.pdf");
        assert_failed(status, &v, "a scan at the limit");
    }
}

#[test]
fn only_a_company_member_may_call_it() {
    for s in servers() {
        let (pdf, _) = first_of("pdf");
        let (status, v) = analyze(&s, &s.client(), pdf.clone(), "r.pdf");
        assert_eq!((status, code(&v)), (401, "NOT_LOGGED_IN"), "{v}");
        // A candidate's session does not open the recruiter's call.
        let candidate = s.client();
        login(&s, &candidate);
        let (status, v) = analyze(&s, &candidate, pdf, "r.pdf");
        assert_eq!((status, code(&v)), (401, "NOT_LOGGED_IN"), "{v}");
        // Not multipart, or no file.
        let client = company_login(&s);
        let (status, v) = s.call(&client, "/comresume/analyze", &[("file", "x")]);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{v}");
        let form = multipart::Form::new().text("other", "x");
        let (status, v) = envelope(client.post(s.url("/ajax/comresume/analyze")).multipart(form).send().expect("send"));
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{v}");
    }
}

#[test]
fn an_interviewer_may_not_call_it() {
    for s in servers() {
        let owner = company_login(&s);
        let suffix = format!("{:04}", std::process::id() % 10_000);
        let mobile = format!("1360002{suffix}");
        let (status, v) = s.call(&owner, "/cominterviewer/save", &[("name", "赵敏"), ("mobile", &mobile), ("email", &format!("zhao{suffix}@example.com"))]);
        assert_eq!(status, 200, "{v}");
        let password = accept_invitation(&s, &mobile);
        let interviewer = interviewer_login(&s, &mobile, &password);
        let (pdf, want) = first_of("pdf");
        let (status, v) = analyze(&s, &interviewer, pdf.clone(), "r.pdf");
        assert_eq!((status, code(&v)), (400, "FORBIDDEN_ROLE"), "{v}");
        assert!(v.get("result").map_or(true, Value::is_null), "no sections for an interviewer: {v}");
        // The owner, on the same company, is answered.
        let (status, v) = analyze(&s, &owner, pdf, "r.pdf");
        assert_eq!(status, 200, "{v}");
        assert_found(&v, &want, "the owner");
    }
}

fn server_exe() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_jobseeker-server"))
}

#[test]
fn the_child_is_stopped_at_its_limits_and_the_caller_goes_on() {
    let (pdf, want) = first_of("pdf");
    // Wall clock: no child starts, reads a PDF and answers within a millisecond.
    let tight = Limits { wall: Duration::from_millis(1), ..Limits::default() };
    match analyse_in_child(server_exe(), &pdf, tight) {
        Err(Failure::Timeout(_)) => {}
        other => panic!("want a timeout: {other:?}"),
    }
    // Memory: 32 MiB of address space is less than the server binary needs to start.
    let small = Limits { memory: 32 * 1024 * 1024, ..Limits::default() };
    match analyse_in_child(server_exe(), &pdf, small) {
        Err(Failure::Crashed(_)) => {}
        other => panic!("want a crashed child: {other:?}"),
    }
    // The caller is untouched and the next analysis is answered.
    let a = analyse_in_child(server_exe(), &pdf, Limits::default()).expect("analysis");
    assert_eq!(a.sections["basic"]["name"], want["name"]);
}

#[test]
fn a_pdf_without_unicode_maps_is_read_by_pdftotext() {
    let bytes = std::fs::read(data("fallback/no-tounicode.pdf")).expect("fixture");
    // What pdf-extract alone makes of it is not the resume.
    let own = server::domain::resume_analysis::extract::pdf::own_text(&bytes).unwrap_or_default();
    assert!(!own.contains("13912345678"), "pdf-extract reads it, so it tests nothing: {own}");
    let a = analyse_in_child(server_exe(), &bytes, Limits::default()).expect("analysis");
    assert_eq!(a.sections["basic"]["mobile"], "13912345678", "{:?}", a.sections);
    assert_eq!(a.sections["basic"]["email"], "wang.fang@example.com", "{:?}", a.sections);
}
