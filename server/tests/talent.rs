//! Private candidates from resume files (`/comtalent/*`) and the candidate's "fill my resume from
//! this file" (`/resume/analyzeFile`), over HTTP on SQLite and PostgreSQL: a recruiter's analysed
//! file saved with its original, listed, opened and downloaded; duplicates by normalised mobile or
//! email (private candidates and the company's applicants) refused until confirmed; another company,
//! an interviewer and a candidate never reach them; bad sections, files and sizes change nothing.

use std::path::{Path, PathBuf};

use crate::common::staff::{accept_invitation, company_login, interviewer_login, register_company};
use crate::common::{code, envelope, login, servers, TestServer, DEMO_PASSWORD};
use reqwest::blocking::{multipart, Client};
use serde_json::{json, Value};

/// 王芳, whose only records are applications to the demo company (cli/seed.rs).
const APPLICANT_MOBILE: &str = "13900000002";

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/resumes").join(name)
}

/// The first PDF of the labelled set and its bytes.
fn set_pdf() -> (String, Vec<u8>) {
    let mut names: Vec<String> = std::fs::read_dir(data("set")).expect("set").filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    let name = names.into_iter().find(|n| n.ends_with(".pdf")).expect("a PDF");
    let bytes = std::fs::read(data(&format!("set/{name}"))).expect("read");
    (name, bytes)
}

fn analyze(s: &TestServer, client: &Client, bytes: Vec<u8>) -> Value {
    let form = multipart::Form::new().part("file", multipart::Part::bytes(bytes).file_name("简历.pdf"));
    let (status, v) = envelope(client.post(s.url("/ajax/comresume/analyze")).multipart(form).send().expect("send"));
    assert_eq!(status, 200, "{v}");
    v["result"]["sections"].clone()
}

fn save(s: &TestServer, client: &Client, bytes: Vec<u8>, sections: &Value, extra: &[(&str, &str)]) -> (u16, Value) {
    let mut form = multipart::Form::new().text("sections", sections.to_string());
    for (k, v) in extra {
        form = form.text(k.to_string(), v.to_string());
    }
    form = form.part("file", multipart::Part::bytes(bytes).file_name("张伟 简历.pdf"));
    envelope(client.post(s.url("/ajax/comtalent/save")).multipart(form).send().expect("send"))
}

fn list(s: &TestServer, client: &Client, keyword: &str) -> Value {
    let (status, v) = s.call(client, "/comtalent/list", &[("keyword", keyword)]);
    assert_eq!(status, 200, "{v}");
    v["result"].clone()
}

/// A mobile and email no other test run holds.
fn unique_contact() -> (String, String) {
    let n = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    (format!("136{:08}", n % 100_000_000), format!("talent{n}@example.com"))
}

fn with_contact(sections: &Value, name: &str, mobile: &str, email: &str) -> Value {
    let mut s = sections.clone();
    s["basic"]["name"] = json!(name);
    s["basic"]["mobile"] = json!(mobile);
    s["basic"]["email"] = json!(email);
    s
}

#[test]
fn a_recruiter_saves_an_analysed_file_then_lists_opens_and_downloads_it_and_duplicates_need_a_confirmation() {
    for s in servers() {
        let client = company_login(&s);
        let (_, pdf) = set_pdf();
        let found = analyze(&s, &client, pdf.clone());
        let (mobile, email) = unique_contact();
        let sections = with_contact(&found, "周晓明", &mobile, &email);

        let (_, v) = s.call(&client, "/comtalent/duplicates", &[("mobile", &mobile), ("email", &email)]);
        assert_eq!(v["result"]["list"], json!([]), "nobody yet: {v}");
        let (status, v) = save(&s, &client, pdf.clone(), &sections, &[]);
        assert_eq!(status, 200, "{v}");
        let id = v["result"]["id"].as_i64().expect("id");

        let page = list(&s, &client, "周晓明");
        assert_eq!(page["total"], 1, "{page}");
        assert_eq!(page["list"][0]["id"], id);
        assert_eq!(page["list"][0]["mobile"], mobile.as_str());
        assert_eq!(page["list"][0]["originalName"], "张伟 简历.pdf");
        assert_eq!(list(&s, &client, &mobile)["total"], 1, "found by mobile");

        let (status, v) = s.call(&client, "/comtalent/get", &[("id", &id.to_string())]);
        assert_eq!(status, 200, "{v}");
        let got = &v["result"];
        assert_eq!(got["sections"]["basic"]["name"], "周晓明");
        assert_eq!(got["sections"]["work"].as_array().map(Vec::len), found["work"].as_array().map(Vec::len), "the entries kept: {got}");
        assert_eq!(got["file"]["contentType"], "application/pdf");
        let url = got["file"]["url"].as_str().expect("url");
        let res = client.get(s.url(url)).send().expect("file");
        assert_eq!(res.status().as_u16(), 200);
        assert!(res.headers()["content-disposition"].to_str().unwrap_or("").starts_with("inline"));
        assert_eq!(res.bytes().expect("bytes").as_ref(), pdf.as_slice(), "the original, byte for byte");

        // The same mobile (found as it was written, compared normalised), another email: a duplicate,
        // refused unconfirmed.
        let (_, other_email) = unique_contact();
        let spaced = format!("+86 {}-{}-{}", &mobile[..3], &mobile[3..7], &mobile[7..]);
        let again = with_contact(&found, "周晓明", &mobile, &other_email);
        let (_, v) = s.call(&client, "/comtalent/duplicates", &[("mobile", &spaced), ("email", "")]);
        assert_eq!(v["result"]["list"][0]["kind"], "talent", "{v}");
        assert_eq!(v["result"]["list"][0]["id"], id, "{v}");
        let (status, v) = save(&s, &client, pdf.clone(), &again, &[]);
        assert_eq!((status, code(&v)), (400, "TALENT_DUPLICATE"), "{v}");
        assert_eq!(list(&s, &client, "周晓明")["total"], 1, "nothing saved");
        // By email alone, in another case.
        let by_email = with_contact(&found, "周晓明", "", &email.to_uppercase());
        let (_, v) = save(&s, &client, pdf.clone(), &by_email, &[]);
        assert_eq!(code(&v), "TALENT_DUPLICATE", "{v}");
        // Confirmed, it is saved beside the first: never merged.
        let (status, v) = save(&s, &client, pdf.clone(), &again, &[("confirmDuplicate", "1")]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(list(&s, &client, "周晓明")["total"], 2);

        // One of the company's applicants, by the mobile of their account.
        let (_, v) = s.call(&client, "/comtalent/duplicates", &[("mobile", APPLICANT_MOBILE)]);
        let first = &v["result"]["list"][0];
        assert_eq!(first["kind"], "applicant", "{v}");
        assert!(first["applicationId"].as_i64().is_some(), "{v}");
        assert!(first.get("mobile").is_none(), "an applicant's contact is not repeated: {v}");
        let applicant = with_contact(&found, "王芳", APPLICANT_MOBILE, "");
        let (_, v) = save(&s, &client, pdf.clone(), &applicant, &[]);
        assert_eq!(code(&v), "TALENT_DUPLICATE", "{v}");

        // Saved for one of the company's jobs, filtered by it; deleted, gone with its file.
        let (_, jobs) = s.call(&client, "/comjob/list", &[]);
        let job = jobs["result"]["list"][0]["id"].as_i64().expect("a job").to_string();
        let (m3, e3) = unique_contact();
        let (status, v) = save(&s, &client, pdf.clone(), &with_contact(&found, "林涛", &m3, &e3), &[("jobId", &job)]);
        assert_eq!(status, 200, "{v}");
        let for_job = v["result"]["id"].to_string();
        let (_, v) = s.call(&client, "/comtalent/list", &[("jobId", &job)]);
        assert_eq!(v["result"]["total"], 1, "{v}");
        assert!(v["result"]["list"][0]["jobTitle"].is_string(), "{v}");
        let (status, v) = s.call(&client, "/comtalent/delete", &[("id", &for_job)]);
        assert_eq!((status, v["result"].clone()), (200, json!(true)), "{v}");
        let (_, v) = s.call(&client, "/comtalent/get", &[("id", &for_job)]);
        assert_eq!(code(&v), "NOT_FOUND");
        let res = client.get(s.url(&format!("/ajax/comtalent/file/{for_job}"))).send().expect("file");
        assert_eq!(res.status().as_u16(), 404);
    }
}

/// A DOCX the browser cannot show: its page shows the text the analysis reads from the saved
/// original, read again from storage (not from what the save was sent).
#[test]
fn a_saved_docx_is_read_back_as_text_for_its_page() {
    for s in servers() {
        let client = company_login(&s);
        let docx = std::fs::read(data("set/002-sidebar.docx")).expect("docx");
        let found = analyze(&s, &client, docx.clone());
        let (mobile, email) = unique_contact();
        let (status, v) = save(&s, &client, docx, &with_contact(&found, "改过的名字", &mobile, &email), &[]);
        assert_eq!(status, 200, "{v}");
        let id = v["result"]["id"].to_string();
        let (_, v) = s.call(&client, "/comtalent/get", &[("id", &id)]);
        assert_eq!(v["result"]["file"]["contentType"], "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "{v}");
        let (status, v) = s.call(&client, "/comtalent/text", &[("id", &id)]);
        assert_eq!(status, 200, "{v}");
        let text = v["result"]["text"].as_str().expect("text");
        assert!(text.contains("薛溪杰"), "the original's own name, not the edited one: {text}");
        assert!(!text.contains("改过的名字"), "{text}");
        let (_, v) = s.call(&client, "/comtalent/text", &[("id", "999999999")]);
        assert_eq!(code(&v), "NOT_FOUND", "{v}");
        let (_, v) = s.call(&client, "/comtalent/text", &[("id", "x")]);
        assert_eq!(code(&v), "BAD_INPUT", "{v}");
    }
}

#[test]
fn private_candidates_stay_in_their_company_and_with_its_owner_and_hr() {
    for s in servers() {
        let a = company_login(&s);
        let (_, pdf) = set_pdf();
        let found = analyze(&s, &a, pdf.clone());
        let (mobile, email) = unique_contact();
        let (status, v) = save(&s, &a, pdf.clone(), &with_contact(&found, "只属于甲", &mobile, &email), &[]);
        assert_eq!(status, 200, "{v}");
        let id = v["result"]["id"].to_string();

        let (other_mobile, _) = unique_contact();
        let b = register_company(&s, &other_mobile, &format!("另一家公司{other_mobile}"));
        assert_eq!(list(&s, &b, "")["total"], 0, "B's pool is empty");
        assert_eq!(list(&s, &b, "只属于甲")["total"], 0);
        for path in ["/comtalent/get", "/comtalent/text", "/comtalent/delete"] {
            let (_, v) = s.call(&b, path, &[("id", &id)]);
            assert_eq!(code(&v), "NOT_FOUND", "{path}: {v}");
        }
        let res = b.get(s.url(&format!("/ajax/comtalent/file/{id}"))).send().expect("file");
        assert_eq!(res.status().as_u16(), 404);
        let (_, v) = s.call(&b, "/comtalent/duplicates", &[("mobile", &mobile), ("email", &email)]);
        assert_eq!(v["result"]["list"], json!([]), "A's candidate is no duplicate for B: {v}");
        let (_, v) = s.call(&b, "/comtalent/duplicates", &[("mobile", APPLICANT_MOBILE)]);
        assert_eq!(v["result"]["list"], json!([]), "A's applicant is not told to B: {v}");
        // B may save the same person: its own pool.
        let (status, v) = save(&s, &b, pdf.clone(), &with_contact(&found, "只属于甲", &mobile, &email), &[]);
        assert_eq!(status, 200, "{v}");
        // A job of A is not B's to save for.
        let (_, jobs) = s.call(&a, "/comjob/list", &[]);
        let a_job = jobs["result"]["list"][0]["id"].as_i64().expect("a job").to_string();
        let (m2, e2) = unique_contact();
        let (_, v) = save(&s, &b, pdf.clone(), &with_contact(&found, "某人", &m2, &e2), &[("jobId", &a_job)]);
        assert_eq!(code(&v), "NOT_FOUND", "{v}");
        assert_eq!(list(&s, &b, "")["total"], 1, "nothing more saved");
        assert_eq!(list(&s, &a, "只属于甲")["total"], 1, "A still sees only its own");

        // An interviewer of A: no private candidates.
        let (im, ie) = unique_contact();
        let (status, v) = s.call(&a, "/cominterviewer/save", &[("name", "面试官"), ("mobile", &im), ("email", &ie)]);
        assert_eq!(status, 200, "{v}");
        let password = accept_invitation(&s, &im);
        let interviewer = interviewer_login(&s, &im, &password);
        for (path, form) in [("/comtalent/list", vec![]), ("/comtalent/get", vec![("id", id.as_str())]), ("/comtalent/text", vec![("id", id.as_str())]), ("/comtalent/duplicates", vec![("mobile", mobile.as_str())])] {
            let (_, v) = s.call(&interviewer, path, &form);
            assert_eq!(code(&v), "FORBIDDEN_ROLE", "{path}: {v}");
        }
        let (_, v) = save(&s, &interviewer, pdf.clone(), &with_contact(&found, "x", "", ""), &[]);
        assert_eq!(code(&v), "FORBIDDEN_ROLE", "{v}");

        // A candidate's session is no company session.
        let candidate = s.client();
        login(&s, &candidate);
        let (_, v) = s.call(&candidate, "/comtalent/list", &[]);
        assert_eq!(code(&v), "NOT_LOGGED_IN", "{v}");
        let res = candidate.get(s.url(&format!("/ajax/comtalent/file/{id}"))).send().expect("file");
        assert_ne!(res.status().as_u16(), 200);
    }
}

#[test]
fn bad_sections_files_and_sizes_save_nothing() {
    for s in servers() {
        let client = company_login(&s);
        let (_, pdf) = set_pdf();
        let found = analyze(&s, &client, pdf.clone());
        let (mobile, email) = unique_contact();
        let good = with_contact(&found, "赵敏", &mobile, &email);

        let (_, v) = save(&s, &client, pdf.clone(), &with_contact(&found, " ", &mobile, &email), &[]);
        assert_eq!(code(&v), "FIELDS_INVALID", "{v}");
        let verdict: Value = serde_json::from_str(v["error"]["message"].as_str().unwrap_or("")).expect("verdict");
        assert_eq!(verdict["basic.name"]["key"], "resume.v.input", "{verdict}");
        let (_, v) = save(&s, &client, pdf.clone(), &with_contact(&found, "赵敏", "1381234", &email), &[]);
        let verdict: Value = serde_json::from_str(v["error"]["message"].as_str().unwrap_or("")).expect("verdict");
        assert_eq!(verdict["basic.mobile"]["key"], "resume.v.mobile", "{verdict}");
        let mut bad_date = good.clone();
        bad_date["work"] = json!([{"id": null, "data": {"company": "某公司", "start": "2021-13"}}]);
        let (_, v) = save(&s, &client, pdf.clone(), &bad_date, &[]);
        assert_eq!(code(&v), "FIELDS_INVALID", "{v}");
        assert!(v["error"]["message"].as_str().unwrap_or("").contains("work.0.start"), "{v}");

        let mut unknown = good.clone();
        unknown["salaryHistory"] = json!([]);
        let mut files = good.clone();
        files["resumeFile"] = json!([]);
        for (what, sections) in [("unknown section", unknown), ("files section", files), ("not an object", json!([1, 2]))] {
            let (status, v) = save(&s, &client, pdf.clone(), &sections, &[]);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{what}: {v}");
        }
        let form = multipart::Form::new().text("sections", "{not json").part("file", multipart::Part::bytes(pdf.clone()).file_name("a.pdf"));
        let (_, v) = envelope(client.post(s.url("/ajax/comtalent/save")).multipart(form).send().expect("send"));
        assert_eq!(code(&v), "BAD_INPUT", "{v}");
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89".to_vec();
        let (_, v) = save(&s, &client, png, &good, &[]);
        assert_eq!(code(&v), "BAD_INPUT", "an image is no resume file: {v}");
        let form = multipart::Form::new().text("sections", good.to_string());
        let (_, v) = envelope(client.post(s.url("/ajax/comtalent/save")).multipart(form).send().expect("send"));
        assert_eq!(code(&v), "BAD_INPUT", "no file: {v}");
        let mut big = pdf.clone();
        big.resize(10 * 1024 * 1024 + 1, b' ');
        let (status, v) = save(&s, &client, big, &good, &[]);
        assert_eq!((status, code(&v)), (413, "FILE_TOO_BIG"), "{v}");
        for (k, val) in [("keyword", "x".repeat(51)), ("page", "0".into()), ("jobId", "abc".into())] {
            let (_, v) = s.call(&client, "/comtalent/list", &[(k, val.as_str())]);
            assert_eq!(code(&v), "BAD_INPUT", "{k}: {v}");
        }
        assert_eq!(list(&s, &client, "赵敏")["total"], 0, "nothing was saved");
        let (status, v) = save(&s, &client, pdf.clone(), &good, &[]);
        assert_eq!(status, 200, "the same, corrected, saves: {v}");
    }
}

#[test]
fn a_candidate_fills_the_resume_from_their_own_uploaded_file_only() {
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        let (_, v) = s.call(&client, "/resume/get", &[]);
        let rid = v["result"]["id"].as_i64().expect("id").to_string();
        let (name, pdf) = set_pdf();
        let want: Value = serde_json::from_str(&std::fs::read_to_string(data(&format!("set/{}", name.replace(".pdf", ".expected.json")))).expect("expected")).expect("json");
        let form = multipart::Form::new().text("resumeId", rid.clone()).text("kind", "resumeFile").part("file", multipart::Part::bytes(pdf).file_name("我的简历.pdf"));
        let (status, v) = envelope(client.post(s.url("/ajax/resume/upload")).multipart(form).send().expect("send"));
        assert_eq!(status, 200, "{v}");
        let file = v["result"]["files"]["resumeFile"].as_array().expect("files").iter().find(|f| f["originalName"] == "我的简历.pdf").expect("the upload")["id"].to_string();
        let before = s.call(&client, "/resume/get", &[]).1["result"]["sections"].clone();

        let (status, v) = s.call(&client, "/resume/analyzeFile", &[("fileId", &file)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["sections"]["basic"]["name"], want["name"], "{v}");
        assert_eq!(v["result"]["sections"]["basic"]["mobile"], want["mobile"], "{v}");
        assert!(v["result"]["sections"]["work"][0]["id"].is_null(), "drafts, not saved: {v}");
        assert_eq!(s.call(&client, "/resume/get", &[]).1["result"]["sections"], before, "nothing saved by the analysis");

        // Not a resume: the analysis's failure message.
        let form = multipart::Form::new().text("resumeId", rid.clone()).text("kind", "resumeFile").part("file", multipart::Part::bytes("红烧肉的做法\n五花肉切块。\n".repeat(3).into_bytes()).file_name("菜谱.txt"));
        let (_, v) = envelope(client.post(s.url("/ajax/resume/upload")).multipart(form).send().expect("send"));
        let recipe = v["result"]["files"]["resumeFile"].as_array().expect("files").iter().find(|f| f["originalName"] == "菜谱.txt").expect("the upload")["id"].to_string();
        let (_, v) = s.call(&client, "/resume/analyzeFile", &[("fileId", &recipe)]);
        assert_eq!(code(&v), "RESUME_ANALYSIS_FAILED", "{v}");
        // An attachment or a photo is not offered; bad ids are bad input.
        let attachment = v_first(&s, &client, "attachment");
        if let Some(att) = attachment {
            let (_, v) = s.call(&client, "/resume/analyzeFile", &[("fileId", &att)]);
            assert_eq!(code(&v), "NOT_FOUND", "{v}");
        }
        let (_, v) = s.call(&client, "/resume/analyzeFile", &[("fileId", "abc")]);
        assert_eq!(code(&v), "BAD_INPUT", "{v}");

        // Another candidate's file is not found; without a session, not logged in.
        let other = s.client();
        let (status, v) = s.call(&other, "/pclogin/login", &[("mobile", APPLICANT_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        let (_, v) = s.call(&other, "/resume/analyzeFile", &[("fileId", &file)]);
        assert_eq!(code(&v), "NOT_FOUND", "{v}");
        let (_, v) = s.call(&s.client(), "/resume/analyzeFile", &[("fileId", &file)]);
        assert_eq!(code(&v), "NOT_LOGGED_IN", "{v}");
    }
}

/// The id of the candidate's first file of `kind`, if the resume has one.
fn v_first(s: &TestServer, client: &Client, kind: &str) -> Option<String> {
    let (_, v) = s.call(client, "/resume/get", &[]);
    v["result"]["files"][kind].as_array().and_then(|a| a.first()).map(|f| f["id"].to_string())
}

#[test]
fn a_candidate_may_start_thirty_analyses_an_hour() {
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        let (_, v) = s.call(&client, "/resume/get", &[]);
        let rid = v["result"]["id"].as_i64().expect("id").to_string();
        let form = multipart::Form::new().text("resumeId", rid).text("kind", "resumeFile").part("file", multipart::Part::bytes("只有一行字。\n".as_bytes().to_vec()).file_name("short.txt"));
        let (_, v) = envelope(client.post(s.url("/ajax/resume/upload")).multipart(form).send().expect("send"));
        let file = v["result"]["files"]["resumeFile"].as_array().expect("files").iter().find(|f| f["originalName"] == "short.txt").expect("the upload")["id"].to_string();
        for i in 0..30 {
            let (_, v) = s.call(&client, "/resume/analyzeFile", &[("fileId", &file)]);
            assert_eq!(code(&v), "RESUME_ANALYSIS_FAILED", "call {i}: {v}");
        }
        let (status, v) = s.call(&client, "/resume/analyzeFile", &[("fileId", &file)]);
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"), "{v}");
    }
}
