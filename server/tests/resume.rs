//! The resume over HTTP: sections saved on their own, list entries added, moved and deleted,
//! the same verdict as core-wasm for invalid input, uploads, and ownership.

use crate::common;

use crate::common::{code, login, servers, servers_with, TestServer, DEMO_PASSWORD};
use core_wasm::resume as rules;
use hmac::Mac;
use reqwest::blocking::multipart;
use reqwest::blocking::Client;
use serde_json::{json, Value};

const SECOND: &str = "13900000001";
const PARTNER_SECRET: &str = "resume-tests-partner-secret";

/// The servers, with a partner platform whose signed links make new candidates (login_fresh).
fn partner_servers() -> Vec<TestServer> {
    let partners = format!("rt01:{PARTNER_SECRET}");
    servers_with(&[("PARTNERS", partners.as_str())])
}

/// Logs `client` in as a new candidate, whose resume is empty: a partner platform's user on the first
/// visit. (The demo candidate's resume is filled by the seed since issue 21.)
fn login_fresh(s: &TestServer, client: &Client) {
    let id = format!("r{}", std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos());
    let ts = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs().to_string();
    let message = format!("id={id}&platformId=rt01&ts={ts}&type=1");
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(PARTNER_SECRET.as_bytes()).unwrap();
    mac.update(message.as_bytes());
    let sign: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    let (status, v) = s.call(client, "/pclogin/islogin", &[("platformId", "rt01"), ("id", &id), ("type", "1"), ("ts", &ts), ("sign", &sign)]);
    assert_eq!(status, 200, "{v}");
    assert!(v["result"]["emptyResumeId"].as_i64().unwrap_or(0) > 0, "a new candidate: {v}");
}

fn login_as(s: &TestServer, client: &Client, mobile: &str) {
    let (status, v) = s.call(client, "/pclogin/login", &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
    assert_eq!(status, 200, "{v}");
}

fn result(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, v) = s.call(client, path, form);
    assert_eq!(status, 200, "{} {path}: {v}", s.engine);
    v["result"].clone()
}

fn resume_id(s: &TestServer, client: &Client) -> String {
    result(s, client, "/resume/get", &[])["id"].as_i64().expect("id").to_string()
}

fn save(s: &TestServer, client: &Client, rid: &str, section: &str, data: &Value) -> (u16, Value) {
    s.call(client, "/resume/saveSection", &[("resumeId", rid), ("section", section), ("data", &data.to_string())])
}

fn basic() -> Value {
    json!({
        "title": "张伟的简历", "name": "张伟", "gender": "1", "birthday": "1990-05-12", "city": "beijing",
        "workSince": "5to10", "education": "bachelor", "mobile": "13800000000", "email": "zhang@example.cn",
        "careerStatus": "open", "homePage": "https://zhangwei.example.cn", "qq": "123456",
    })
}

fn work(company: &str) -> Value {
    json!({ "company": company, "industry": "internet", "jobTitle": "后端工程师", "start": "2018-07", "end": "now", "duties": "负责订单系统" })
}

fn companies(resume: &Value) -> Vec<String> {
    resume["sections"]["work"].as_array().expect("work").iter().map(|e| e["data"]["company"].as_str().unwrap_or("").to_string()).collect()
}

#[test]
fn every_resume_call_needs_a_session() {
    for s in servers() {
        let client = s.client();
        for path in [
            "/resume/list", "/resume/get", "/resume/create", "/resume/saveSection", "/resume/deleteItem",
            "/resume/moveItem", "/resume/deleteFile",
        ] {
            let (status, v) = s.call(&client, path, &[]);
            assert_eq!((status, code(&v)), (401, "NOT_LOGGED_IN"), "{path}");
        }
        let res = client.get(s.url("/ajax/resume/file/1")).send().expect("send");
        assert_eq!(res.status().as_u16(), 401);
    }
}

#[test]
fn sections_are_saved_on_their_own_and_read_back() {
    for s in partner_servers() {
        let client = s.client();
        login_fresh(&s, &client);
        let rid = resume_id(&s, &client);
        let before = result(&s, &client, "/resume/get", &[("resumeId", &rid)]);
        assert_eq!(before["complete"]["basic"], false);
        assert_eq!(before["complete"]["work"], false);
        assert_eq!(before["sections"].as_object().expect("sections").len(), 14, "16 less the two file sections");

        let (status, v) = save(&s, &client, &rid, "basic", &basic());
        assert_eq!(status, 200, "{v}");
        let r = &v["result"]["resume"];
        assert_eq!(r["title"], "张伟的简历");
        assert_eq!(r["sections"]["basic"]["name"], "张伟");
        assert_eq!(r["sections"]["basic"]["telephone"], "", "every field present after saving");
        assert_eq!(r["complete"]["basic"], true);

        let intention = json!({ "jobType": "fulltime", "targetCity": "shanghai", "targetIndustry": "internet",
            "targetCategory": "Java开发", "targetSalary": "25000", "onBoard": "month", "keywords": [" Java ", "", "微服务"] });
        let v = result(&s, &client, "/resume/saveSection", &[("resumeId", &rid), ("section", "intention"), ("data", &intention.to_string())]);
        assert_eq!(v["resume"]["sections"]["intention"]["keywords"], json!(["Java", "微服务"]));

        let pasted = "简".repeat(rules::PASTED_MAX);
        let (status, v) = save(&s, &client, &rid, "pasted", &json!({ "text": pasted }));
        assert_eq!(status, 200, "20000 Chinese characters fit in one save: {}", code(&v));

        // Entries: add three, move the last up, delete the first.
        for c in ["甲公司", "乙公司", "丙公司"] {
            let v = result(&s, &client, "/resume/saveSection", &[("resumeId", &rid), ("section", "work"), ("data", &work(c).to_string())]);
            assert!(v["itemId"].as_i64().is_some());
        }
        let r = result(&s, &client, "/resume/get", &[("resumeId", &rid)]);
        assert_eq!(companies(&r), ["甲公司", "乙公司", "丙公司"]);
        assert_eq!(r["complete"]["work"], true);
        let ids: Vec<String> = r["sections"]["work"].as_array().unwrap().iter().map(|e| e["id"].to_string()).collect();
        let r = result(&s, &client, "/resume/moveItem", &[("resumeId", &rid), ("section", "work"), ("itemId", &ids[2]), ("direction", "up")]);
        assert_eq!(companies(&r), ["甲公司", "丙公司", "乙公司"]);
        let r = result(&s, &client, "/resume/moveItem", &[("resumeId", &rid), ("section", "work"), ("itemId", &ids[0]), ("direction", "up")]);
        assert_eq!(companies(&r), ["甲公司", "丙公司", "乙公司"], "the first stays first");
        let r = result(&s, &client, "/resume/deleteItem", &[("resumeId", &rid), ("section", "work"), ("itemId", &ids[0])]);
        assert_eq!(companies(&r), ["丙公司", "乙公司"]);
        // Edit one in place.
        let v = result(&s, &client, "/resume/saveSection", &[("resumeId", &rid), ("section", "work"), ("itemId", &ids[1]), ("data", &work("乙公司（改）").to_string())]);
        assert_eq!(companies(&v["resume"]), ["丙公司", "乙公司（改）"]);
        // An entry id of another section is not found there.
        let (status, v) = s.call(&client, "/resume/deleteItem", &[("resumeId", &rid), ("section", "education"), ("itemId", &ids[1])]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"));

        // The user record links to the filled resume's preview.
        let me = result(&s, &client, "/pclogin/islogin", &[]);
        assert_eq!(me["resumeId"].to_string(), rid);
        assert_eq!(me["url"], format!("/my/preview?resumeId={rid}"));
    }
}

/// Every kind of invalid input: the server's verdict is core-wasm's, field for field.
#[test]
fn invalid_input_gets_the_same_verdict_as_core_wasm() {
    let long = |n: usize| "字".repeat(n);
    let with = |base: Value, field: &str, value: Value| {
        let mut b = base;
        b[field] = value;
        b
    };
    let cases: Vec<(&str, Value)> = vec![
        ("basic", json!({})),
        ("basic", with(basic(), "mobile", json!(""))),
        ("basic", with(basic(), "mobile", json!("1380000"))),
        ("basic", with(basic(), "email", json!("zhang@"))),
        ("basic", with(basic(), "email", json!("a@b.cn;c@d.cn;e@f.cn;g@h.cn"))),
        ("basic", with(basic(), "homePage", json!("zhangwei.cn"))),
        ("basic", with(basic(), "qq", json!("12a456"))),
        ("basic", with(basic(), "name", json!(long(21)))),
        ("basic", with(basic(), "gender", json!("9"))),
        ("assessment", json!({ "selfAssessment": long(501), "careerObjective": long(501) })),
        ("intention", json!({ "targetSalary": "两万", "keywords": [long(31)] })),
        ("intention", json!({ "keywords": (0..21).map(|i| format!("关键词{i:02}abcde")).collect::<Vec<_>>() })),
        ("work", with(work("甲"), "duties", json!(long(4001)))),
        ("work", with(with(work("甲"), "companyProfile", json!(long(501))), "subordinates", json!("5人"))),
        ("work", with(with(work("甲"), "salary", json!("1.5万")), "end", json!("2017-01"))),
        ("education", json!({ "school": "北大", "level": "bachelor", "major": "CS", "start": "2010-09", "end": "2014-06",
            "description": long(801), "positions": long(801), "scholarships": long(801), "socialPractice": long(801), "classSize": "四十" })),
        ("language", json!({ "language": "english" })),
        ("skillsText", json!({ "text": long(1001) })),
        ("training", json!({ "start": "2019-03", "programme": "云", "institution": "某", "description": long(801) })),
        ("project", json!({ "name": "订单", "start": "2019-01", "end": "2020-12", "summary": long(2001) })),
        ("skill", json!({ "name": "Java", "months": "六年" })),
        ("skill", json!({ "level": "expert" })),
        ("certificate", json!({})),
        ("reference", json!({ "name": "李娜", "relationship": "同事", "contact": "not a contact" })),
        ("additional", json!({ "title": "爱好", "description": long(1501) })),
        ("pasted", json!({ "text": "" })),
        ("pasted", json!({ "text": long(20001) })),
    ];
    for s in partner_servers() {
        let client = s.client();
        login_fresh(&s, &client);
        let rid = resume_id(&s, &client);
        for (section, data) in &cases {
            let expected = rules::validate(section, data).expect("shape");
            assert!(!expected.is_empty(), "{section} {data}: the case must be invalid");
            let (status, v) = save(&s, &client, &rid, section, data);
            assert_eq!((status, code(&v)), (400, "FIELDS_INVALID"), "{section}: {v}");
            let server_verdict: Value = serde_json::from_str(v["error"]["message"].as_str().expect("message")).expect("verdict JSON");
            assert_eq!(server_verdict, serde_json::to_value(&expected).unwrap(), "{section} {data}");
        }
        // Input that is no section's shape is BAD_INPUT, and nothing was stored.
        for (section, data) in [("basic", "[]"), ("basic", r#"{"salary":"1"}"#), ("nope", "{}"), ("resumeFile", r#"{"name":"x"}"#), ("basic", "not json")] {
            let (status, v) = s.call(&client, "/resume/saveSection", &[("resumeId", &rid), ("section", section), ("data", data)]);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{section} {data}");
        }
        let r = result(&s, &client, "/resume/get", &[("resumeId", &rid)]);
        assert!(r["sections"]["pasted"].is_null(), "a refused save stores nothing");
    }
}

fn png_bytes(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 128]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A PNG carrying a text chunk, as a camera or editor leaves metadata.
fn png_with_metadata() -> Vec<u8> {
    let png = png_bytes(900, 1200);
    let ihdr_end = 8 + 25; // signature, then the IHDR chunk (4 length + 4 type + 13 data + 4 crc)
    let data = b"Comment\0GPS 39.9N 116.4E secret-marker";
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    let mut typed = b"tEXt".to_vec();
    typed.extend_from_slice(data);
    chunk.extend_from_slice(&typed);
    chunk.extend_from_slice(&crc32(&typed).to_be_bytes());
    let mut out = png[..ihdr_end].to_vec();
    out.extend_from_slice(&chunk);
    out.extend_from_slice(&png[ihdr_end..]);
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn upload(s: &TestServer, client: &Client, rid: &str, kind: &str, name: Option<&str>, file_name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let mut form = multipart::Form::new().text("resumeId", rid.to_string()).text("kind", kind.to_string());
    if let Some(n) = name {
        form = form.text("name", n.to_string());
    }
    form = form.part("file", multipart::Part::bytes(bytes).file_name(file_name.to_string()));
    let res = client.post(s.url("/ajax/resume/upload")).multipart(form).send().expect("send");
    common::envelope(res)
}

fn pdf(n: usize) -> Vec<u8> {
    let mut b = b"%PDF-1.4\n".to_vec();
    b.resize(n, b' ');
    b
}

#[test]
fn uploads_are_checked_by_name_content_size_and_count() {
    for s in partner_servers() {
        let client = s.client();
        login_fresh(&s, &client);
        let rid = resume_id(&s, &client);

        // A photo: re-encoded as JPEG, metadata gone, scaled down, with a thumbnail.
        let (status, v) = upload(&s, &client, &rid, "photo", None, "me.png", png_with_metadata());
        assert_eq!(status, 200, "{v}");
        let photo = v["result"]["photo"].clone();
        let bytes = client.get(s.url(photo["url"].as_str().unwrap())).send().unwrap();
        assert_eq!(bytes.headers()["content-type"], "image/jpeg");
        let body = bytes.bytes().unwrap();
        assert!(body.starts_with(&[0xFF, 0xD8, 0xFF]));
        assert!(!body.windows(13).any(|w| w == b"secret-marker"), "metadata stripped");
        let img = image::load_from_memory(&body).unwrap();
        assert!(img.width() <= 600 && img.height() <= 800, "{}x{}", img.width(), img.height());
        let thumb = client.get(s.url(photo["thumbUrl"].as_str().unwrap())).send().unwrap().bytes().unwrap();
        let t = image::load_from_memory(&thumb).unwrap();
        assert!(t.width() <= 120 && t.height() <= 160);

        // A renamed executable is refused by its content.
        let mut exe = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff".to_vec();
        exe.resize(4096, 0);
        for (kind, name) in [("resumeFile", "cv.pdf"), ("resumeFile", "cv.txt"), ("attachment", "a.doc"), ("photo", "me.jpg")] {
            let (status, v) = upload(&s, &client, &rid, kind, Some("简历"), name, exe.clone());
            assert_eq!((status, code(&v)), (400, "FILE_FORMAT"), "{kind} {name}");
        }
        // A PNG named .jpg is not a JPEG; a .exe is refused by its name.
        let (_, v) = upload(&s, &client, &rid, "photo", None, "me.jpg", png_bytes(10, 10));
        assert_eq!(code(&v), "FILE_FORMAT");
        let (_, v) = upload(&s, &client, &rid, "attachment", Some("x"), "tool.exe", pdf(100));
        assert_eq!(code(&v), "FILE_FORMAT");

        // Size: exactly 2 MiB is taken, one byte more is refused.
        let max = rules::UPLOAD_MAX_BYTES as usize;
        let (status, v) = upload(&s, &client, &rid, "resumeFile", None, "big.pdf", pdf(max + 1));
        assert_eq!((status, code(&v)), (413, "FILE_TOO_BIG"));
        let (status, v) = upload(&s, &client, &rid, "resumeFile", None, "我的简历.pdf", pdf(max));
        assert_eq!(status, 200, "{v}");
        let files = &v["result"]["files"]["resumeFile"];
        assert_eq!(files[0]["name"], "我的简历", "named after the file when no name is given");
        assert_eq!(files[0]["size"], max);

        // Count: 3 resume files, the fourth refused.
        for n in ["b.txt", "c.txt"] {
            let (status, v) = upload(&s, &client, &rid, "resumeFile", None, n, "张伟的简历\n".as_bytes().to_vec());
            assert_eq!(status, 200, "{v}");
        }
        let (status, v) = upload(&s, &client, &rid, "resumeFile", None, "d.txt", b"one too many".to_vec());
        assert_eq!((status, code(&v)), (400, "FILE_COUNT"));

        // Attachments need a name; 5 at most.
        let (status, v) = upload(&s, &client, &rid, "attachment", Some(" "), "a.pdf", pdf(100));
        assert_eq!((status, code(&v)), (400, "FIELDS_INVALID"));
        assert!(v["error"]["message"].as_str().unwrap().contains("resume.v.input"));
        for i in 0..5 {
            let (status, v) = upload(&s, &client, &rid, "attachment", Some(&format!("作品{i}")), "a.pdf", pdf(100));
            assert_eq!(status, 200, "{v}");
        }
        let (status, v) = upload(&s, &client, &rid, "attachment", Some("第六个"), "a.pdf", pdf(100));
        assert_eq!((status, code(&v)), (400, "FILE_COUNT"));

        // Deleting frees a place, and the file is gone.
        let r = result(&s, &client, "/resume/get", &[("resumeId", &rid)]);
        assert_eq!(r["files"]["attachment"].as_array().unwrap().len(), 5);
        assert_eq!(r["complete"]["attachment"], true);
        let first = r["files"]["attachment"][0].clone();
        let file_id = first["id"].to_string();
        let r = result(&s, &client, "/resume/deleteFile", &[("resumeId", &rid), ("fileId", &file_id)]);
        assert_eq!(r["files"]["attachment"].as_array().unwrap().len(), 4);
        let gone = client.get(s.url(first["url"].as_str().unwrap())).send().unwrap();
        assert_eq!(gone.status().as_u16(), 404);
        let (status, v) = s.call(&client, "/resume/deleteFile", &[("resumeId", &rid), ("fileId", &file_id)]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"));

        // A downloaded resume file is an attachment with its name.
        let cv = r["files"]["resumeFile"][0].clone();
        let res = client.get(s.url(cv["url"].as_str().unwrap())).send().unwrap();
        assert_eq!(res.status().as_u16(), 200);
        assert!(res.headers()["content-disposition"].to_str().unwrap().starts_with("attachment;"));
        assert_eq!(res.bytes().unwrap().len(), max);
    }
}

#[test]
fn a_multipart_body_with_a_short_boundary_is_refused_not_a_crash() {
    // actix-multipart panics on these (a line shorter than four bytes under a boundary of one to
    // three characters); the server refuses such boundaries before reading.
    for s in partner_servers() {
        let client = s.client();
        login_fresh(&s, &client);
        let rid = resume_id(&s, &client);
        for (boundary, body) in [("f", "\n`".to_string()), ("ab", "ab\n".to_string()), ("abc", format!("xyz\r\n--abc--\r\n{rid}"))] {
            let res = client
                .post(s.url("/ajax/resume/upload"))
                .header("Content-Type", format!("multipart/form-data; boundary={boundary}"))
                .body(body)
                .send()
                .expect("the server answers");
            let (status, v) = common::envelope(res);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "boundary {boundary}: {v}");
        }
        // A four-character boundary is read as usual.
        let body = format!(
            "--abcd\r\nContent-Disposition: form-data; name=\"resumeId\"\r\n\r\n{rid}\r\n--abcd\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nresumeFile\r\n--abcd\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\n张伟的简历\r\n--abcd--\r\n"
        );
        let res = client.post(s.url("/ajax/resume/upload")).header("Content-Type", "multipart/form-data; boundary=abcd").body(body).send().unwrap();
        let (status, v) = common::envelope(res);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["files"]["resumeFile"][0]["name"], "a");
    }
}

#[test]
fn another_users_resume_and_files_are_not_found() {
    for s in partner_servers() {
        let owner = s.client();
        login_fresh(&s, &owner);
        let rid = resume_id(&s, &owner);
        let v = result(&s, &owner, "/resume/saveSection", &[("resumeId", &rid), ("section", "work"), ("data", &work("甲").to_string())]);
        let item = v["itemId"].to_string();
        let (_, v) = upload(&s, &owner, &rid, "resumeFile", None, "cv.txt", b"cv".to_vec());
        let file = v["result"]["files"]["resumeFile"][0].clone();
        let file_id = file["id"].to_string();

        let other = s.client();
        login_as(&s, &other, SECOND);
        for (path, form) in [
            ("/resume/get", vec![("resumeId", rid.as_str())]),
            ("/resume/saveSection", vec![("resumeId", rid.as_str()), ("section", "work"), ("data", "{\"company\":\"x\",\"industry\":\"internet\",\"jobTitle\":\"x\",\"start\":\"2018-01\",\"end\":\"now\",\"duties\":\"x\"}")]),
            ("/resume/deleteItem", vec![("resumeId", rid.as_str()), ("section", "work"), ("itemId", item.as_str())]),
            ("/resume/moveItem", vec![("resumeId", rid.as_str()), ("section", "work"), ("itemId", item.as_str()), ("direction", "down")]),
            ("/resume/deleteFile", vec![("resumeId", rid.as_str()), ("fileId", file_id.as_str())]),
        ] {
            let (status, v) = s.call(&other, path, &form);
            assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{path}");
        }
        let (status, v) = upload(&s, &other, &rid, "resumeFile", None, "cv.txt", b"cv".to_vec());
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"));
        let res = other.get(s.url(file["url"].as_str().unwrap())).send().unwrap();
        assert_eq!(res.status().as_u16(), 404, "served only to its owner");
        // Their own resume is untouched by any of it, and the owner's still holds the entry.
        let mine = result(&s, &other, "/resume/get", &[]);
        assert_ne!(mine["id"].to_string(), rid);
        let theirs = result(&s, &owner, "/resume/get", &[("resumeId", &rid)]);
        assert_eq!(companies(&theirs), ["甲"]);
    }
}

#[test]
fn a_second_resume_in_english_and_the_empty_resume_id() {
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        let me = result(&s, &client, "/pclogin/islogin", &[]);
        assert_eq!(me["emptyResumeId"], 0);
        let en = result(&s, &client, "/resume/create", &[("resumeType", "2")]);
        assert_eq!(en["resumeType"], 2);
        assert_eq!(en["filled"], false);
        let (status, v) = s.call(&client, "/resume/create", &[("resumeType", "2")]);
        assert_eq!((status, code(&v)), (400, "RESUME_EXISTS"));
        let me = result(&s, &client, "/pclogin/islogin", &[]);
        assert_eq!(me["emptyResumeId"], en["id"], "the new, empty resume");
        let list = result(&s, &client, "/resume/list", &[]);
        assert_eq!(list.as_array().unwrap().iter().map(|r| r["resumeType"].as_i64().unwrap()).collect::<Vec<_>>(), [1, 2]);
        let rid = en["id"].to_string();
        let mut b = basic();
        b["title"] = json!("Zhang Wei CV");
        let (status, _) = save(&s, &client, &rid, "basic", &b);
        assert_eq!(status, 200);
        let me = result(&s, &client, "/pclogin/islogin", &[]);
        assert_eq!(me["emptyResumeId"], 0, "filled once its basics are saved");
    }
}

#[test]
fn the_pdf_embeds_only_the_glyphs_used_and_is_the_owners_alone() {
    for s in partner_servers() {
        let client = s.client();
        login_fresh(&s, &client);
        let rid = resume_id(&s, &client);
        let (status, _) = save(&s, &client, &rid, "basic", &basic());
        assert_eq!(status, 200);
        let (status, _) = save(&s, &client, &rid, "assessment", &json!({ "selfAssessment": "踏实肯干，".repeat(100) }));
        assert_eq!(status, 200);
        for c in ["甲公司", "乙公司"] {
            let (status, _) = save(&s, &client, &rid, "work", &work(c));
            assert_eq!(status, 200);
        }
        let started = std::time::Instant::now();
        let res = client.get(s.url(&format!("/ajax/resume/pdf?resumeId={rid}"))).send().unwrap();
        let took = started.elapsed();
        assert_eq!(res.status().as_u16(), 200, "{}", s.engine);
        assert_eq!(res.headers()["content-type"], "application/pdf");
        assert!(res.headers()["content-disposition"].to_str().unwrap().starts_with("attachment; filename*=UTF-8''"));
        let pdf = res.bytes().unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let has = |needle: &[u8]| pdf.windows(needle.len()).any(|w| w == needle);
        assert!(has(b"NotoSansCJK"), "the CJK font is embedded");
        assert!(has(b"/FontFile"), "as a font file");
        assert!(has(b"/ToUnicode"), "with a map back to text, so it can be searched and copied");
        // The whole font is some 19 MB; the subset of the glyphs used keeps the file small.
        assert!(pdf.len() < 150_000, "{} bytes", pdf.len());
        assert!(took.as_secs_f32() < 5.0, "took {took:?}");

        let other = s.client();
        login_as(&s, &other, SECOND);
        let res = other.get(s.url(&format!("/ajax/resume/pdf?resumeId={rid}"))).send().unwrap();
        assert_eq!(res.status().as_u16(), 404);
        let anonymous = s.client().get(s.url(&format!("/ajax/resume/pdf?resumeId={rid}"))).send().unwrap();
        assert_eq!(anonymous.status().as_u16(), 401);
    }
}

#[test]
fn exports_the_json_resume_format() {
    for s in partner_servers() {
        let client = s.client();
        login_fresh(&s, &client);
        let rid = resume_id(&s, &client);
        assert_eq!(save(&s, &client, &rid, "basic", &basic()).0, 200);
        assert_eq!(save(&s, &client, &rid, "work", &work("甲公司")).0, 200);
        let mut ended = work("乙公司");
        ended["start"] = json!("2015-03");
        ended["end"] = json!("2018-06");
        assert_eq!(save(&s, &client, &rid, "work", &ended).0, 200);
        let edu = json!({ "school": "北京大学", "level": "bachelor", "major": "计算机科学", "start": "2010-09", "end": "2014-06" });
        assert_eq!(save(&s, &client, &rid, "education", &edu).0, 200);
        assert_eq!(save(&s, &client, &rid, "skill", &json!({ "name": "Java", "level": "expert", "months": "72" })).0, 200);

        let j = result(&s, &client, "/resume/exportJson", &[("resumeId", &rid)]);
        assert_eq!(j["basics"]["name"], "张伟");
        assert_eq!(j["basics"]["email"], "zhang@example.cn");
        assert_eq!(j["basics"]["phone"], "13800000000");
        assert_eq!(j["basics"]["url"], "https://zhangwei.example.cn");
        assert_eq!(j["basics"]["location"]["city"], "北京", "codes become names in the resume's language");
        assert_eq!(j["basics"]["profiles"][0], json!({ "network": "QQ", "username": "123456" }));
        assert_eq!(j["work"][0], json!({ "name": "甲公司", "position": "后端工程师", "startDate": "2018-07", "summary": "负责订单系统" }));
        assert_eq!(j["work"][1]["endDate"], "2018-06");
        assert_eq!(j["education"][0]["studyType"], "本科");
        assert_eq!(j["skills"][0], json!({ "name": "Java", "level": "精通" }));
        assert_eq!(j["meta"]["version"], "v1.0.0");
        assert!(j.get("projects").is_none(), "empty sections are left out");

        let other = s.client();
        login_as(&s, &other, SECOND);
        let (status, v) = s.call(&other, "/resume/exportJson", &[("resumeId", &rid)]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"));
    }
}
