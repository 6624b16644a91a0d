//! Pictures in chat threads over HTTP (issue 32; domain/chat_picture.rs): `/chat/picture` and
//! `/comchat/picture` store a picture through the upload path and send it in one go, idempotent by
//! client id; `GET …/picture/{messageId}` (and `?size=` thumbnails) answers the two parties only;
//! bad files are refused by content and size and change nothing; a recalled picture is gone.
//! SQLite, and PostgreSQL with TEST_DATABASE_URL. The candidate is 王芳, who applied to the demo
//! company (the demo candidate's conversation is the demo's own).

use crate::common;
use crate::common::staff::{company_login_into, register_company};
use crate::common::{code, servers, wait_for_thumbnails, TestServer, DEMO_PASSWORD};
use reqwest::blocking::multipart;
use reqwest::blocking::Client;
use serde_json::Value;

const CANDIDATE: &str = "13900000002";
const OUTSIDER: &str = "13900000001";

fn ok(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, v) = s.call(client, path, form);
    assert_eq!(status, 200, "{} {path} {form:?}: {v}", s.engine);
    v["result"].clone()
}

fn candidate_login(s: &TestServer, mobile: &str) -> (Client, String) {
    let client = s.client();
    let v = ok(s, &client, "/pclogin/login", &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
    (client, v["resumeId"].to_string())
}

/// 王芳 (logged in) and her resume, the demo company's owner (logged in) and its id, and their
/// conversation about one of its open jobs.
struct Talk {
    candidate: Client,
    resume: String,
    company: Client,
    company_id: String,
    conv: String,
}

fn talk(s: &TestServer) -> Talk {
    let (candidate, resume) = candidate_login(s, CANDIDATE);
    let company = s.client();
    let company_id = company_login_into(s, &company)["company"]["id"].to_string();
    let job = ok(s, &company, "/comjob/list", &[("state", "open")])["list"][0]["id"].to_string();
    let conv = ok(s, &candidate, "/chat/start", &[("jobid", &job)])["conversationId"].to_string();
    Talk { candidate, resume, company, company_id, conv }
}

fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb([(x / 8 % 256) as u8, (y / 8 % 256) as u8, 120]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).expect("png");
    out.into_inner()
}

fn jpeg(w: u32, h: u32) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(w, h, image::Rgb([30, 140, 200])).write_to(&mut out, image::ImageFormat::Jpeg).expect("jpeg");
    out.into_inner()
}

/// POST a picture to `/ajax{face}/picture`: the status and the envelope.
fn upload(s: &TestServer, client: &Client, face: &str, conv: &str, client_id: &str, file_name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = multipart::Form::new()
        .text("conversationId", conv.to_string())
        .text("clientId", client_id.to_string())
        .part("file", multipart::Part::bytes(bytes).file_name(file_name.to_string()));
    common::envelope(client.post(s.url(&format!("/ajax{face}/picture"))).multipart(form).send().expect("send"))
}

fn sent(s: &TestServer, client: &Client, face: &str, conv: &str, client_id: &str, file_name: &str, bytes: Vec<u8>) -> Value {
    let (status, v) = upload(s, client, face, conv, client_id, file_name, bytes);
    assert_eq!(status, 200, "{} {face}/picture: {v}", s.engine);
    v["result"].clone()
}

/// GET `path` with `accept`: the status, the content type and the body.
fn fetch(s: &TestServer, client: &Client, path: &str, accept: &str) -> (u16, String, Vec<u8>) {
    let res = client.get(s.url(path)).header("accept", accept).send().expect("send");
    let status = res.status().as_u16();
    let ct = res.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    (status, ct, res.bytes().expect("body").to_vec())
}

/// The error code of a GET's JSON envelope.
fn fetch_code(s: &TestServer, client: &Client, path: &str) -> (u16, String) {
    let (status, _, body) = fetch(s, client, path, "*/*");
    let v: Value = serde_json::from_slice(&body).unwrap_or_else(|_| panic!("{} {path}: not JSON ({status})", s.engine));
    (status, code(&v).to_string())
}

/// The files in the server's storage (uploads/ under its data dir), counted through every folder.
fn stored_files(s: &TestServer) -> usize {
    fn count(dir: &std::path::Path) -> usize {
        std::fs::read_dir(dir).map_or(0, |entries| {
            entries.flatten().map(|e| if e.path().is_dir() { count(&e.path()) } else { 1 }).sum()
        })
    }
    count(&s.data_dir().join("uploads"))
}

fn message_rows(s: &TestServer, conv: &str) -> i64 {
    use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
    use server::db::schema::chat_messages;
    let id: i64 = conv.parse().expect("id");
    chat_messages::table.filter(chat_messages::conversation_id.eq(id)).count().get_result(&mut s.db()).expect("count")
}

fn messages(s: &TestServer, client: &Client, face: &str, conv: &str) -> Vec<Value> {
    ok(s, client, &format!("{face}/messages"), &[("conversationId", conv)])["list"].as_array().expect("list").clone()
}

fn url_of(m: &Value) -> String {
    m["picture"]["url"].as_str().unwrap_or_else(|| panic!("a picture's url: {m}")).to_string()
}

#[test]
fn a_picture_is_stored_once_sent_live_and_read_by_the_two_parties_with_thumbnails() {
    for s in servers() {
        wait_for_thumbnails(&s.database_url());
        let t = talk(&s);
        let files_before = stored_files(&s);

        // The candidate sends a 2000×1000 PNG: kept as a JPEG within 1600×1600, with its thumbnails
        // (the original, 96 and 240 px as WebP and JPEG: five files).
        let m = sent(&s, &t.candidate, "/chat", &t.conv, "pic-1", "截图.png", png(2000, 1000));
        assert_eq!((m["kind"].as_str(), m["seq"].as_i64(), m["mine"].as_bool(), m["text"].as_str()), (Some("picture"), Some(2), Some(true), Some("")), "{m}");
        assert_eq!((m["picture"]["width"].as_u64(), m["picture"]["height"].as_u64()), (Some(1600), Some(800)), "{m}");
        let id = m["id"].to_string();
        assert_eq!(url_of(&m), format!("/ajax/chat/picture/{id}"));
        assert_eq!(stored_files(&s), files_before + 5, "{}: the picture and its four thumbnails", s.engine);
        assert!(!m.to_string().contains("stored"), "the stored name stays on the server: {m}");

        // A resend with the same client id answers the stored message and stores nothing more.
        let rows = message_rows(&s, &t.conv);
        let again = sent(&s, &t.candidate, "/chat", &t.conv, "pic-1", "截图.png", png(2000, 1000));
        assert_eq!((again["id"].to_string(), again["seq"].as_i64()), (id.clone(), Some(2)), "{}: {again}", s.engine);
        assert_eq!(message_rows(&s, &t.conv), rows, "{}: no second message", s.engine);
        assert_eq!(stored_files(&s), files_before + 5, "{}: no second file", s.engine);

        // The candidate reads it back: a JPEG of the kept size; the thumbnail fits 240 px, as JPEG
        // or WebP by Accept.
        let (status, ct, body) = fetch(&s, &t.candidate, &url_of(&m), "image/jpeg");
        assert_eq!((status, ct.as_str()), (200, "image/jpeg"), "{}", s.engine);
        let img = image::load_from_memory(&body).expect("a picture");
        assert_eq!((img.width(), img.height()), (1600, 800));
        let (status, ct, body) = fetch(&s, &t.candidate, &format!("{}?size=240", url_of(&m)), "image/jpeg");
        assert_eq!((status, ct.as_str()), (200, "image/jpeg"), "{}", s.engine);
        let thumb = image::load_from_memory(&body).expect("a thumbnail");
        assert_eq!((thumb.width(), thumb.height()), (240, 120), "{}", s.engine);
        let (status, ct, _) = fetch(&s, &t.candidate, &format!("{}?size=96", url_of(&m)), "image/webp,image/*");
        assert_eq!((status, ct.as_str()), (200, "image/webp"));
        assert_eq!(fetch_code(&s, &t.candidate, &format!("{}?size=500", url_of(&m))), (400, "BAD_INPUT".into()));

        // The recruiter sees it in the thread and the list, and reads it on its own route.
        let theirs = messages(&s, &t.company, "/comchat", &t.conv);
        let shown = theirs.iter().find(|x| x["seq"] == 2).expect("the picture");
        assert_eq!((shown["kind"].as_str(), shown["mine"].as_bool()), (Some("picture"), Some(false)));
        let company_url = url_of(shown);
        assert_eq!(company_url, format!("/ajax/comchat/picture/{id}"));
        let (status, ct, body) = fetch(&s, &t.company, &format!("{company_url}?size=240"), "image/jpeg");
        assert_eq!((status, ct.as_str()), (200, "image/jpeg"), "{}", s.engine);
        assert_eq!(image::load_from_memory(&body).expect("a thumbnail").width(), 240);
        let item = ok(&s, &t.company, "/comchat/list", &[])["list"].as_array().expect("list").iter().find(|c| c["conversationId"].to_string() == t.conv).cloned().expect("item");
        assert_eq!((item["lastMessage"]["kind"].as_str(), item["lastMessage"]["text"].as_str(), item["unread"].as_i64()), (Some("picture"), Some(""), Some(2)), "{item}");

        // The recruiter answers with a small JPEG (never enlarged), which the candidate reads.
        let back = sent(&s, &t.company, "/comchat", &t.conv, "pic-back", "office.jpg", jpeg(120, 90));
        assert_eq!((back["picture"]["width"].as_u64(), back["picture"]["height"].as_u64(), back["seq"].as_i64()), (Some(120), Some(90), Some(3)));
        let mine = messages(&s, &t.candidate, "/chat", &t.conv);
        let got = mine.iter().find(|x| x["seq"] == 3).expect("the answer");
        let (status, _, body) = fetch(&s, &t.candidate, &format!("{}?size=240", url_of(got)), "image/jpeg");
        assert_eq!(status, 200);
        assert_eq!(image::load_from_memory(&body).expect("picture").width(), 120, "{}: a small picture is not enlarged", s.engine);
        // Each reads on their own face only: the company's route is no candidate's and back.
        assert_eq!(fetch(&s, &t.candidate, &company_url, "image/jpeg").0, 401, "{}: the candidate has no company session", s.engine);
        assert_eq!(fetch(&s, &t.company, &url_of(&m), "image/jpeg").0, 401);

        // Outsiders: another candidate, another company's member, no session, and a message that is
        // not a picture (the job card).
        let (outsider, _) = candidate_login(&s, OUTSIDER);
        assert_eq!(fetch_code(&s, &outsider, &url_of(&m)), (404, "NOT_FOUND".into()), "{}", s.engine);
        let other = register_company(&s, "13700000088", "图片外人科技有限公司");
        assert_eq!(fetch_code(&s, &other, &company_url), (404, "NOT_FOUND".into()), "{}", s.engine);
        assert_eq!(fetch(&s, &s.client(), &url_of(&m), "image/jpeg").0, 401);
        let card = mine.iter().find(|x| x["kind"] == "job").expect("job card");
        assert_eq!(fetch_code(&s, &t.candidate, &format!("/ajax/chat/picture/{}", card["id"])), (404, "NOT_FOUND".into()));
        assert_eq!(fetch_code(&s, &t.candidate, "/ajax/chat/picture/abc"), (400, "BAD_INPUT".into()));

        // Sending into a conversation that is not theirs stores nothing.
        let files = stored_files(&s);
        let (status, v) = upload(&s, &outsider, "/chat", &t.conv, "intruder", "a.png", png(20, 20));
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{} {v}", s.engine);
        let (status, v) = upload(&s, &other, "/comchat", &t.conv, "intruder", "a.png", png(20, 20));
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{} {v}", s.engine);
        assert_eq!(stored_files(&s), files, "{}: nothing stored for an outsider", s.engine);
    }
}

#[test]
fn a_file_that_is_no_picture_or_too_big_is_refused_and_changes_nothing() {
    for s in servers() {
        wait_for_thumbnails(&s.database_url());
        let t = talk(&s);
        let (files, rows) = (stored_files(&s), message_rows(&s, &t.conv));
        let refused = |client: &Client, face: &str, client_id: &str, name: &str, bytes: Vec<u8>| {
            let (status, v) = upload(&s, client, face, &t.conv, client_id, name, bytes);
            (status, code(&v).to_string())
        };
        // The content decides, not the name: a PDF and a text renamed .jpg, a PNG named .gif.
        let pdf = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n".to_vec();
        assert_eq!(refused(&t.candidate, "/chat", "bad-1", "photo.jpg", pdf.clone()), (400, "FILE_FORMAT".into()), "{}", s.engine);
        assert_eq!(refused(&t.candidate, "/chat", "bad-2", "photo.jpg", "我不是图片".as_bytes().to_vec()), (400, "FILE_FORMAT".into()));
        assert_eq!(refused(&t.company, "/comchat", "bad-3", "photo.gif", png(10, 10)), (400, "FILE_FORMAT".into()));
        // The name: a PDF by its name, and a picture type the thread does not take.
        assert_eq!(refused(&t.candidate, "/chat", "bad-4", "resume.pdf", pdf), (400, "FILE_FORMAT".into()));
        assert_eq!(refused(&t.candidate, "/chat", "bad-5", "a.webp", png(10, 10)), (400, "FILE_FORMAT".into()));
        // Bytes that claim to be a PNG but do not decode.
        let mut broken = png(40, 40);
        broken.truncate(60);
        assert_eq!(refused(&t.candidate, "/chat", "bad-6", "broken.png", broken), (400, "FILE_FORMAT".into()), "{}", s.engine);
        // Over 5 MB by one byte, and far over (reading stops past the limit), and empty.
        let mut big = png(10, 10);
        big.resize(5 * 1024 * 1024 + 1, 0);
        assert_eq!(refused(&t.candidate, "/chat", "big-1", "big.png", big), (413, "FILE_TOO_BIG".into()), "{}", s.engine);
        // 24 MB: the server answers FILE_TOO_BIG once 6 MB came (the limit and the form's room) and reads no
        // more, so the client may be cut off while it still sends: then it sees its body refused, not an answer.
        let mut huge = png(10, 10);
        huge.resize(24 * 1024 * 1024, 7);
        let form = multipart::Form::new()
            .text("conversationId", t.conv.clone())
            .text("clientId", "big-2")
            .part("file", multipart::Part::bytes(huge).file_name("huge.png"));
        match t.company.post(s.url("/ajax/comchat/picture")).multipart(form).send() {
            Ok(res) => {
                let (status, v) = common::envelope(res);
                assert_eq!((status, code(&v)), (413, "FILE_TOO_BIG"), "{} {v}", s.engine);
            }
            Err(e) => assert!(e.is_body() || e.is_request(), "{}: cut off while sending, nothing else: {e:?}", s.engine),
        }
        assert_eq!(refused(&t.candidate, "/chat", "empty", "empty.png", Vec::new()), (413, "FILE_TOO_BIG".into()));
        // A client id out of its rule, and no file at all.
        assert_eq!(refused(&t.candidate, "/chat", "a b", "a.png", png(10, 10)), (400, "BAD_INPUT".into()));
        let form = multipart::Form::new().text("conversationId", t.conv.clone()).text("clientId", "nofile");
        let (status, v) = common::envelope(t.candidate.post(s.url("/ajax/chat/picture")).multipart(form).send().expect("send"));
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{v}");
        let (status, v) = s.call(&t.candidate, "/chat/picture", &[("conversationId", t.conv.as_str()), ("clientId", "form")]);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{}: a form that is not multipart: {v}", s.engine);
        // Nothing of it stayed.
        assert_eq!((stored_files(&s), message_rows(&s, &t.conv)), (files, rows), "{}", s.engine);
        // Exactly 5 MB is not too big: a PNG with bytes after its end, which the re-encoding leaves out.
        let mut five = png(10, 10);
        five.resize(5 * 1024 * 1024, 0);
        let m = sent(&s, &t.candidate, "/chat", &t.conv, "five", "five.png", five);
        assert_eq!((m["kind"].as_str(), m["picture"]["width"].as_u64()), (Some("picture"), Some(10)), "{}: {m}", s.engine);
        let (_, _, body) = fetch(&s, &t.candidate, &url_of(&m), "image/jpeg");
        assert!(body.len() < 100_000, "{}: re-encoded, {} bytes", s.engine, body.len());
        // A picture as /chat/send's kind is still refused there.
        let (status, v) = s.call(&t.candidate, "/chat/send", &[("conversationId", t.conv.as_str()), ("clientId", "k"), ("kind", "picture"), ("text", "x")]);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{v}");
    }
}

#[test]
fn a_recalled_picture_and_a_blocked_company_get_not_found() {
    for s in servers() {
        wait_for_thumbnails(&s.database_url());
        let t = talk(&s);
        let files = stored_files(&s);
        let m = sent(&s, &t.candidate, "/chat", &t.conv, "to-recall", "oops.png", png(300, 200));
        let kept = sent(&s, &t.candidate, "/chat", &t.conv, "to-keep", "ok.png", png(300, 200));
        assert_eq!(stored_files(&s), files + 10);
        let company_url = |m: &Value| format!("/ajax/comchat/picture/{}", m["id"]);
        assert_eq!(fetch(&s, &t.company, &company_url(&m), "image/jpeg").0, 200);

        // Recalled: neither side reads it, in full or as a thumbnail, and its files are gone.
        let note = ok(&s, &t.candidate, "/chat/recall", &[("messageId", &m["id"].to_string())]);
        assert_eq!(note["recalls"], m["seq"]);
        for (client, url) in [(&t.candidate, url_of(&m)), (&t.company, company_url(&m))] {
            assert_eq!(fetch_code(&s, client, &url), (404, "NOT_FOUND".into()), "{} {url}", s.engine);
            assert_eq!(fetch_code(&s, client, &format!("{url}?size=240")), (404, "NOT_FOUND".into()));
        }
        assert_eq!(stored_files(&s), files + 5, "{}: the recalled picture's files are removed", s.engine);
        let theirs = messages(&s, &t.company, "/comchat", &t.conv);
        let recalled = theirs.iter().find(|x| x["seq"] == m["seq"]).expect("recalled");
        assert!(recalled["picture"].is_null() && recalled["recalledAt"].is_i64(), "{recalled}");

        // The candidate blocks the company: its members read no picture of the thread any more, nor
        // send one; the candidate still reads theirs.
        assert_eq!(fetch(&s, &t.company, &company_url(&kept), "image/jpeg").0, 200);
        assert_eq!(s.call(&t.candidate, "/pcuser/shield", &[("comId", t.company_id.as_str()), ("resumeId", t.resume.as_str())]).0, 200);
        assert_eq!(fetch_code(&s, &t.company, &company_url(&kept)), (404, "NOT_FOUND".into()), "{}", s.engine);
        assert_eq!(fetch_code(&s, &t.company, &format!("{}?size=96", company_url(&kept))), (404, "NOT_FOUND".into()));
        let (status, v) = upload(&s, &t.company, "/comchat", &t.conv, "after-block", "a.png", png(20, 20));
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{v}");
        assert_eq!(fetch(&s, &t.candidate, &url_of(&kept), "image/jpeg").0, 200);
        assert_eq!(stored_files(&s), files + 5, "{}", s.engine);
    }
}
