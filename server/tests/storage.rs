//! Uploads on S3-compatible object storage (STORAGE_URL=s3://…, through OpenDAL), against moto's fake
//! S3 on loopback: a file uploaded through one server is read through another on the same database,
//! still only by its owner, never cached, and a delete through either removes the object. On a
//! shared SQLite file always, and on PostgreSQL when TEST_DATABASE_URL is set.

use crate::common;
use crate::common::moto;

use std::process::Child;

use crate::common::{code, spawn_server, tempdir, DEMO_MOBILE, DEMO_PASSWORD};
use diesel::{Connection, PgConnection, RunQueryDsl};
use reqwest::blocking::{multipart, Client};
use serde_json::Value;

const SECOND_MOBILE: &str = "13900000001";

struct Node {
    child: Child,
    base: String,
    dir: tempdir::Dir,
}

impl Node {
    /// `hot_cache`: whether small files are kept in memory after their first read (STORAGE_CACHE_BYTES).
    fn start(database_url: &str, storage_url: &str, hot_cache: bool) -> Node {
        let dir = tempdir::Dir::new();
        let env = [
            ("JWT_SECRET", "a-shared-jwt-secret-of-at-least-32-bytes!!"),
            ("STORAGE_URL", storage_url),
            ("STORAGE_ACCESS_KEY_ID", "testing"),
            ("STORAGE_SECRET_ACCESS_KEY", "testing"),
            ("STORAGE_CACHE_BYTES", if hot_cache { "1048576" } else { "0" }),
        ];
        let (child, base) = spawn_server(&dir.0, Some(database_url), &env);
        Node { child, base, dir }
    }

    fn call(&self, client: &Client, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
        common::envelope(client.post(format!("{}/ajax{path}", self.base)).form(form).send().expect("send"))
    }

    fn get(&self, client: &Client, path: &str) -> reqwest::blocking::Response {
        client.get(self.url(path)).send().expect("get")
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn upload(&self, client: &Client, rid: &str, kind: &str, file_name: &str, bytes: Vec<u8>) -> (u16, Value) {
        let form = multipart::Form::new()
            .text("resumeId", rid.to_string())
            .text("kind", kind.to_string())
            .part("file", multipart::Part::bytes(bytes).file_name(file_name.to_string()));
        common::envelope(client.post(format!("{}/ajax/resume/upload", self.base)).multipart(form).send().expect("upload"))
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One browser per node: cookies are kept per host, and both nodes are 127.0.0.1, so a jar would
/// carry one node's cookie to the other anyway; separate jars show the token itself is what counts.
fn client() -> Client {
    Client::builder().cookie_store(true).build().expect("client")
}

fn databases(sqlite_dir: &std::path::Path) -> Vec<(String, Option<(String, String)>)> {
    let mut list = vec![(sqlite_dir.join("shared.sqlite3").to_string_lossy().into_owned(), None)];
    match std::env::var("TEST_DATABASE_URL").ok().filter(|u| !u.is_empty()) {
        Some(admin) => {
            let name = format!("jobseeker_storage_{}_{}", std::process::id(), tempdir::rand_suffix());
            let mut c = PgConnection::establish(&admin).expect("TEST_DATABASE_URL reachable");
            diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut c).expect("create database");
            let mut url = url::Url::parse(&admin).expect("url");
            url.set_path(&format!("/{name}"));
            list.push((url.to_string(), Some((admin, name))));
        }
        None => eprintln!("storage: TEST_DATABASE_URL unset, so only the shared SQLite file is tested (not PostgreSQL)"),
    }
    list
}

fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb([(x * 7) as u8, (y * 5) as u8, 120]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).expect("png");
    out.into_inner()
}

/// Logs in with a token in the header (the same token then works on the other node too).
fn login(node: &Node, c: &Client, mobile: &str) -> String {
    let (status, v) = node.call(c, "/pclogin/login", &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
    assert_eq!(status, 200, "{v}");
    let (_, v) = node.call(c, "/resume/get", &[]);
    v["result"]["id"].as_i64().expect("resume id").to_string()
}

#[test]
fn an_upload_through_one_server_is_read_through_the_other_from_object_storage() {
    let s3 = moto::FakeS3::start("jobseeker-uploads");
    let sqlite_dir = tempdir::Dir::new();
    for (i, (database_url, pg_drop)) in databases(&sqlite_dir.0).into_iter().enumerate() {
        let storage_url = s3.storage_url(&format!("site{i}"));
        let prefix = format!("site{i}/");
        let in_bucket = || s3.keys().into_iter().filter(|k| k.starts_with(&prefix)).count();
        // A starts first and seeds the demo data, its photo and files going to the bucket. A reads every
        // file from the bucket; B keeps small ones in memory after the first read.
        let a = Node::start(&database_url, &storage_url, false);
        let b = Node::start(&database_url, &storage_url, true);
        // The one-off job gives the demo photo its four thumbnails (domain/thumbnails.rs) in the bucket too.
        let start = std::time::Instant::now();
        while in_bucket() < 8 {
            assert!(start.elapsed() < std::time::Duration::from_secs(30), "the photo's thumbnails: {:?}", s3.keys());
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        let seeded = in_bucket();
        assert_eq!(seeded, 8, "the demo photo, its thumbnail, its four thumbnails of issue 38 and two files are in the bucket: {:?}", s3.keys());

        let (ca, cb) = (client(), client());
        let rid = login(&a, &ca, DEMO_MOBILE);
        assert_eq!(login(&b, &cb, DEMO_MOBILE), rid);

        // Upload a photo and a text file through A.
        let (status, v) = a.upload(&ca, &rid, "photo", "me.png", png(900, 900));
        assert_eq!(status, 200, "{v}");
        let photo = v["result"]["photo"].clone();
        let text = "张伟 简历 — stored in the bucket\n".as_bytes().to_vec();
        let (status, v) = a.upload(&ca, &rid, "resumeFile", "cv.txt", text.clone());
        assert_eq!(status, 200, "{v}");
        let file = v["result"]["files"]["resumeFile"].as_array().expect("files").iter().find(|f| f["originalName"] == "cv.txt" || f["name"] == "cv").cloned().expect("the new file");
        // The new photo replaced the demo one (its six objects gone, six new), and the text file was added.
        assert_eq!(in_bucket(), seeded + 1, "{:?}", s3.keys());
        let uploads_dir = a.dir.0.join("uploads");
        assert!(!uploads_dir.exists() || std::fs::read_dir(&uploads_dir).expect("dir").next().is_none(), "nothing on A's disk");

        // Read through B: the same bytes, kept by the browser only, which asks again each time.
        let r = b.get(&cb, photo["url"].as_str().expect("url"));
        assert_eq!(r.status().as_u16(), 200);
        assert_eq!(r.headers()["content-type"], "image/jpeg");
        assert_eq!(r.headers()["cache-control"], "private, no-cache");
        let photo_tag = r.headers()["etag"].to_str().expect("etag").to_string();
        let length: usize = r.headers()["content-length"].to_str().expect("length").parse().expect("a number");
        assert!(r.headers().get("transfer-encoding").is_none(), "a stored file is never chunked (issue 38)");
        let body = r.bytes().expect("body");
        assert_eq!(body.len(), length);
        // The tag answers 304 on either server (the store asked nothing more); another tag, the file.
        for (node, c) in [(&a, &ca), (&b, &cb)] {
            let again = c.get(node.url(photo["url"].as_str().unwrap())).header("If-None-Match", &photo_tag).send().expect("again");
            assert_eq!(again.status().as_u16(), 304);
            assert_eq!(again.headers()["etag"], photo_tag.as_str());
            let other = c.get(node.url(photo["url"].as_str().unwrap())).header("If-None-Match", "\"another\"").send().expect("other");
            assert_eq!(other.status().as_u16(), 200);
        }
        let img = image::load_from_memory(&body).expect("a picture");
        assert!(img.width() <= 600 && img.height() <= 800);
        let thumb = b.get(&cb, photo["thumbUrl"].as_str().expect("thumb")).bytes().expect("thumb");
        assert!(image::load_from_memory(&thumb).expect("thumb").width() <= 120);
        let r = b.get(&cb, file["url"].as_str().expect("url"));
        assert_eq!(r.status().as_u16(), 200);
        assert_eq!(r.headers()["cache-control"], "private, no-cache");
        assert_eq!(r.headers()["accept-ranges"], "bytes");
        let file_tag = r.headers()["etag"].to_str().expect("etag").to_string();
        assert_eq!(r.bytes().expect("body").to_vec(), text, "the same bytes, read from the bucket through B");
        // A range of it (the PDF viewer's reads): 206 with those bytes; past the end, 416.
        for (node, c) in [(&a, &ca), (&b, &cb)] {
            let part = c.get(node.url(file["url"].as_str().unwrap())).header("Range", "bytes=3-9").send().expect("range");
            assert_eq!(part.status().as_u16(), 206);
            assert_eq!(part.headers()["content-range"], format!("bytes 3-9/{}", text.len()).as_str());
            assert_eq!(part.bytes().expect("part").to_vec(), text[3..10].to_vec());
            let past = c.get(node.url(file["url"].as_str().unwrap())).header("Range", "bytes=5000-").send().expect("past");
            assert_eq!(past.status().as_u16(), 416);
            assert_eq!(past.headers()["content-range"], format!("bytes */{}", text.len()).as_str());
        }

        // Another candidate cannot read it through either server; nor can a visitor.
        let other = client();
        login(&b, &other, SECOND_MOBILE);
        for node in [&a, &b] {
            assert_eq!(node.get(&other, file["url"].as_str().unwrap()).status().as_u16(), 404);
            assert_eq!(node.get(&client(), file["url"].as_str().unwrap()).status().as_u16(), 401);
            // Knowing the tag opens nothing: the access check comes before the 304.
            let guessed = other.get(node.url(file["url"].as_str().unwrap())).header("If-None-Match", &file_tag).send().expect("tag");
            assert_eq!(guessed.status().as_u16(), 404);
        }

        // Deleting through B removes the object; A then answers 404.
        let file_id = file["id"].to_string();
        let (status, v) = b.call(&cb, "/resume/deleteFile", &[("resumeId", &rid), ("fileId", &file_id)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(in_bucket(), seeded, "{:?}", s3.keys());
        assert_eq!(a.get(&ca, file["url"].as_str().unwrap()).status().as_u16(), 404);
        let (_, v) = a.call(&ca, "/resume/deleteFile", &[("resumeId", &rid), ("fileId", &file_id)]);
        assert_eq!(code(&v), "NOT_FOUND");

        // The resume PDF on B draws the photo A stored: it is larger by about the photo than once the
        // photo is deleted.
        let pdf_len = |node: &Node, c: &Client| {
            let r = node.get(c, &format!("/ajax/resume/pdf?resumeId={rid}"));
            assert_eq!(r.status().as_u16(), 200);
            r.bytes().expect("pdf").len()
        };
        let with_photo = pdf_len(&b, &cb);
        let photo_id = photo["id"].to_string();
        let (status, v) = a.call(&ca, "/resume/deleteFile", &[("resumeId", &rid), ("fileId", &photo_id)]);
        assert_eq!(status, 200, "{v}");
        let without = pdf_len(&b, &cb);
        assert!(with_photo >= without + body.len() / 2, "with the photo {with_photo} B, without {without} B, the photo {} B", body.len());

        drop((a, b));
        if let Some((admin, name)) = pg_drop {
            if let Ok(mut c) = PgConnection::establish(&admin) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c);
            }
        }
    }
}

#[test]
fn a_bad_storage_url_stops_the_server_with_a_clear_message() {
    let dir = tempdir::Dir::new();
    for (url, says) in [
        ("ftp://x", "unknown scheme"),
        ("s3://bucket", "endpoint"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_jobseeker-server"))
            .env("PORT", "0")
            .env("DATA_DIR", &dir.0)
            .env("STORAGE_URL", url)
            .env_remove("STORAGE_ACCESS_KEY_ID")
            .env_remove("DATABASE_URL")
            .output()
            .expect("run");
        assert!(!out.status.success(), "{url}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{url}: {err}");
    }
}
