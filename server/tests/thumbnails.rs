//! Thumbnails of stored pictures (issue 38, domain/thumbnails.rs), over HTTP on SQLite and PostgreSQL:
//! `?size=96|240` on a picture's own route answers its thumbnail, WebP or JPEG by Accept; a caller
//! refused the original (a visitor, another candidate, a blocked company, a company reading a hidden
//! resume's later photo, a licence asked on the public route) is refused every thumbnail too; a
//! removed picture's thumbnails go with it; and the one-off job gives files stored before thumbnails
//! existed theirs, on one server of two, resuming from its saved progress.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::staff::company_login;
use crate::common::{code, login, servers, tempdir, TestServer};
use diesel::RunQueryDsl;
use reqwest::blocking::{multipart, Client};
use serde_json::Value;

const WEBP: &str = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";
const NO_WEBP: &str = "image/png,image/*;q=0.8";

fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).expect("png");
    out.into_inner()
}

/// A GET with this Accept: the status, the content type, Vary, and the body.
struct Got {
    status: u16,
    content_type: String,
    vary: String,
    etag: String,
    body: Vec<u8>,
}

fn get(s: &TestServer, client: &Client, path: &str, accept: &str) -> Got {
    let res = client.get(s.url(path)).header("Accept", accept).send().expect("send");
    let header = |name: &str| res.headers().get_all(name).iter().filter_map(|v| v.to_str().ok()).collect::<Vec<_>>().join(", ");
    let (status, content_type, vary, etag) = (res.status().as_u16(), header("content-type"), header("vary"), header("etag"));
    Got { status, content_type, vary, etag, body: res.bytes().expect("body").to_vec() }
}

/// The longer side of a thumbnail's picture (WebP from its VP8 header; JPEG decoded).
fn longer_side(got: &Got) -> u32 {
    if got.content_type == "image/webp" {
        assert!(got.body.starts_with(b"RIFF") && &got.body[8..12] == b"WEBP", "a WebP file");
        // Lossy: "VP8 " chunk, frame tag (3 bytes), start code (3), then 14-bit width and height.
        assert_eq!(&got.body[12..16], b"VP8 ", "lossy WebP");
        let w = u32::from(u16::from_le_bytes([got.body[26], got.body[27]]) & 0x3FFF);
        let h = u32::from(u16::from_le_bytes([got.body[28], got.body[29]]) & 0x3FFF);
        w.max(h)
    } else {
        let img = image::load_from_memory(&got.body).expect("a JPEG");
        img.width().max(img.height())
    }
}

/// The original and each thumbnail of the picture at `path`, as `client` gets them: every status.
fn statuses(s: &TestServer, client: &Client, path: &str) -> Vec<u16> {
    let join = if path.contains('?') { '&' } else { '?' };
    let mut out = vec![get(s, client, path, WEBP).status];
    for size in ["96", "240"] {
        for accept in [WEBP, NO_WEBP] {
            out.push(get(s, client, &format!("{path}{join}size={size}"), accept).status);
        }
    }
    out
}

fn upload_photo(s: &TestServer, candidate: &Client, resume: &str, bytes: Vec<u8>) -> Value {
    let form = multipart::Form::new()
        .text("resumeId", resume.to_string())
        .text("kind", "photo")
        .part("file", multipart::Part::bytes(bytes).file_name("me.png"));
    let (status, v) = common::envelope(candidate.post(s.url("/ajax/resume/upload")).multipart(form).send().expect("upload"));
    assert_eq!(status, 200, "{v}");
    v["result"]["photo"].clone()
}

fn files_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir).map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect()).unwrap_or_default()
}

#[test]
fn a_photos_thumbnails_are_served_by_accept_and_refused_whenever_the_original_is() {
    for s in servers() {
        // The seeded demo photo's thumbnails are made by the job at start (below): first that.
        wait_done(&s.database_url());
        let candidate = s.client();
        let resume = login(&s, &candidate)["resumeId"].to_string();
        let photo = upload_photo(&s, &candidate, &resume, png(900, 1200));
        let id = photo["id"].to_string();
        let own = format!("/ajax/resume/file/{id}");

        // The owner: each size, WebP when accepted, else JPEG; Vary: Accept; its own tag.
        let original = get(&s, &candidate, &own, WEBP);
        assert_eq!((original.status, original.content_type.as_str()), (200, "image/jpeg"));
        for px in [96u32, 240] {
            let webp = get(&s, &candidate, &format!("{own}?size={px}"), WEBP);
            assert_eq!((webp.status, webp.content_type.as_str()), (200, "image/webp"), "{} {px}", s.engine);
            assert!(webp.vary.to_ascii_lowercase().contains("accept"), "Vary: {}", webp.vary);
            assert_eq!(longer_side(&webp), px);
            assert_ne!(webp.etag, original.etag);
            let jpeg = get(&s, &candidate, &format!("{own}?size={px}"), NO_WEBP);
            assert_eq!((jpeg.status, jpeg.content_type.as_str()), (200, "image/jpeg"));
            assert_eq!(longer_side(&jpeg), px);
            assert_ne!(jpeg.etag, webp.etag);
            assert!(jpeg.body.len() < original.body.len());
            // The browser's copy: 304 to its tag, still with Vary.
            let again = candidate.get(s.url(&format!("{own}?size={px}"))).header("Accept", WEBP).header("If-None-Match", &webp.etag).send().expect("again");
            assert_eq!(again.status().as_u16(), 304);
        }
        assert_eq!(get(&s, &candidate, &format!("{own}?size=100"), WEBP).status, 400, "only the sizes made");
        // The old 120×160 thumbnail still answers.
        assert_eq!(get(&s, &candidate, &format!("{own}?thumb=1"), WEBP).status, 200);

        // A visitor and another candidate: refused the original, so every thumbnail.
        assert_eq!(statuses(&s, &Client::new(), &own), vec![401; 5]);
        let other = s.client();
        let (status, v) = s.call(&other, "/pclogin/login", &[("mobile", "13900000001"), ("password", common::DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(statuses(&s, &other, &own), vec![404; 5]);

        // The demo company, which the candidate applied to, reads the photo and its thumbnails…
        let company = company_login(&s);
        let theirs = format!("/ajax/comresume/file/{id}");
        assert_eq!(statuses(&s, &company, &theirs), vec![200; 5], "{}", s.engine);
        let tag = get(&s, &company, &format!("{theirs}?size=96"), WEBP).etag;
        // …until the candidate blocks it: the original and every thumbnail are refused, a tag too.
        let (_, me) = s.call(&company, "/comlogin/me", &[]);
        let company_id = me["result"]["company"]["id"].to_string();
        assert_eq!(s.call(&candidate, "/pcuser/shield", &[("comId", &company_id), ("resumeId", &resume)]).0, 200);
        assert_eq!(statuses(&s, &company, &theirs), vec![404; 5], "{}: blocked", s.engine);
        let guessed = company.get(s.url(&format!("{theirs}?size=96"))).header("Accept", WEBP).header("If-None-Match", &tag).send().expect("tag");
        assert_eq!(guessed.status().as_u16(), 404, "a tag opens nothing");
        assert_eq!(s.call(&candidate, "/pcuser/unshield", &[("comId", &company_id), ("resumeId", &resume)]).0, 200);
        assert_eq!(statuses(&s, &company, &theirs), vec![200; 5]);

        // Hidden: a photo uploaded after hiding was never sent with the application; the company gets
        // neither it nor its thumbnails, while the owner gets all of them.
        assert_eq!(s.call(&candidate, "/pcuser/updateType", &[("resumeId", &resume), ("type", "hidden")]).0, 200);
        let later = upload_photo(&s, &candidate, &resume, png(640, 480))["id"].to_string();
        assert_eq!(statuses(&s, &company, &format!("/ajax/comresume/file/{later}")), vec![404; 5], "{}: hidden", s.engine);
        assert_eq!(statuses(&s, &candidate, &format!("/ajax/resume/file/{later}")), vec![200; 5]);

        // The replaced photo's thumbnails went with it.
        let stored = files_in(&s.data_dir().join("uploads"));
        assert_eq!(stored.iter().filter(|n| n.contains('x') && (n.ends_with("webp") || n.ends_with("jpg"))).count(), 4, "{stored:?}");
        assert_eq!(statuses(&s, &candidate, &own), vec![404; 5], "the first photo is gone, thumbnails and all");
    }
}

#[test]
fn company_pictures_have_public_thumbnails_but_the_licence_has_none() {
    for s in servers() {
        wait_done(&s.database_url());
        let owner = company_login(&s);
        let upload = |kind: &str| {
            let form = multipart::Form::new().text("kind", kind.to_string()).part("file", multipart::Part::bytes(png(1000, 500)).file_name("p.png"));
            let (status, v) = common::envelope(owner.post(s.url("/ajax/comcompany/uploadPicture")).multipart(form).send().expect("send"));
            assert_eq!(status, 200, "{v}");
            v["result"].clone()
        };
        let v = upload("logo");
        let logo = v["pictures"]["logo"]["url"].as_str().expect("logo url").to_string();
        let logo_id = v["pictures"]["logo"]["id"].to_string();
        let visitor = Client::new();
        let small = get(&s, &visitor, &format!("{logo}?size=96"), WEBP);
        assert_eq!((small.status, small.content_type.as_str()), (200, "image/webp"));
        assert_eq!(longer_side(&small), 96);
        let res = visitor.get(s.url(&format!("{logo}?size=240"))).header("Accept", NO_WEBP).send().expect("get");
        assert_eq!(res.headers()["cache-control"], "public, max-age=604800, immutable");
        assert_eq!(res.headers()["content-type"], "image/jpeg");

        // The licence is not a public picture: not by id, and no thumbnail of it either.
        let before = files_in(&s.data_dir().join("uploads")).len();
        upload("licence");
        assert_eq!(files_in(&s.data_dir().join("uploads")).len(), before + 1, "a licence gets no thumbnails");
        let all: Vec<i64> = {
            #[derive(diesel::QueryableByName)]
            struct Id {
                #[diesel(sql_type = diesel::sql_types::BigInt)]
                id: i64,
            }
            let rows: Vec<Id> = diesel::sql_query("SELECT id FROM company_files WHERE kind = 'licence'").load(&mut s.db()).expect("licence");
            rows.into_iter().map(|r| r.id).collect()
        };
        for licence in all {
            assert_eq!(statuses(&s, &visitor, &format!("/ajax/company/picture/{licence}")), vec![404; 5]);
        }

        // Removed: the picture and its thumbnails are gone.
        let (status, v) = s.call(&owner, "/comcompany/removePicture", &[("id", &logo_id)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(statuses(&s, &visitor, &logo), vec![404; 5]);
        assert_eq!(files_in(&s.data_dir().join("uploads")).len(), before + 1 - 5, "the logo and its four thumbnails");
        let (_, v) = s.call(&owner, "/comcompany/removePicture", &[("id", &logo_id)]);
        assert_eq!(code(&v), "NOT_FOUND");
    }
}

/// A server over a database and an uploads directory it shares, its log in a file.
struct Node {
    child: Child,
    base: String,
    log: PathBuf,
    _dir: tempdir::Dir,
}

impl Node {
    fn start(database_url: &str, uploads: &Path) -> Node {
        let dir = tempdir::Dir::new();
        let log = dir.0.join("server.log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_jobseeker-server"))
            .env("PORT", "0")
            .env("HOST", "127.0.0.1")
            .env("DATA_DIR", &dir.0)
            .env("UI_DIR", dir.0.join("no-ui"))
            .env("DATABASE_URL", database_url)
            .env("STORAGE_URL", format!("fs://{}", uploads.display()))
            .env("JWT_SECRET", "a-shared-jwt-secret-of-at-least-32-bytes!!")
            .env("RUST_LOG", "error,server::domain::thumbnails=info")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("log file"))
            .spawn()
            .expect("start server");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("listening line");
        let base = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected: {line}")).to_string();
        Node { child, base, log, _dir: dir }
    }

    /// The job's log lines with this message.
    fn lines(&self, message: &str) -> Vec<Value> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|v| v["fields"]["message"] == message && v["fields"]["job"] == "thumbnails")
            .collect()
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(diesel::QueryableByName)]
struct Text {
    #[diesel(sql_type = diesel::sql_types::Text)]
    value: String,
}

fn wait_done(database_url: &str) {
    common::wait_for_thumbnails(database_url);
}

fn variants_of(uploads: &Path, stored: &str) -> usize {
    files_in(uploads).iter().filter(|n| n.len() > stored.len() && n.starts_with(stored)).count()
}

#[test]
fn files_stored_before_thumbnails_get_them_from_a_one_off_job_on_one_server() {
    let databases = {
        let mut list = vec![None];
        if let Some(admin) = std::env::var("TEST_DATABASE_URL").ok().filter(|u| !u.is_empty()) {
            list.push(Some(admin));
        }
        list
    };
    for admin in databases {
        let shared = tempdir::Dir::new();
        let uploads = shared.0.join("uploads");
        let (database_url, pg_drop) = match &admin {
            None => (shared.0.join("shared.sqlite3").to_string_lossy().into_owned(), None),
            Some(admin) => {
                use diesel::Connection;
                let name = format!("jobseeker_thumbs_{}_{}", std::process::id(), tempdir::rand_suffix());
                let mut c = diesel::PgConnection::establish(admin).expect("TEST_DATABASE_URL reachable");
                diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut c).expect("create database");
                let mut url = url::Url::parse(admin).expect("url");
                url.set_path(&format!("/{name}"));
                (url.to_string(), Some((admin.clone(), name)))
            }
        };

        // The first start seeds the demo photo, stored as before thumbnails: the job makes its four.
        let demo_photo: String = {
            let first = Node::start(&database_url, &uploads);
            wait_done(&database_url);
            std::thread::sleep(Duration::from_millis(300));
            let rows: Vec<Text> = diesel::sql_query("SELECT stored_name AS value FROM resume_files WHERE kind = 'photo'").load(&mut common::db_at(&database_url)).expect("photo");
            let photo = rows.into_iter().next().expect("the demo photo").value;
            assert_eq!(variants_of(&uploads, &photo), 4, "{:?}", files_in(&uploads));
            assert_eq!(first.lines("thumbnails of earlier files made")[0]["fields"]["made"], 1);
            photo
        };

        // An older site: five company photos without thumbnails (copies of the demo photo's bytes), and a
        // job that stopped after the first two (its progress says so). Two servers start at once.
        let bytes = std::fs::read(uploads.join(&demo_photo)).expect("the demo photo");
        let company: Vec<Text> = diesel::sql_query("SELECT CAST(id AS TEXT) AS value FROM companies ORDER BY id LIMIT 1").load(&mut common::db_at(&database_url)).expect("company");
        let company = &company[0].value;
        let names: Vec<String> = (1..=5).map(|i| format!("{:032x}", 0xab00 + i)).collect();
        for (i, name) in names.iter().enumerate() {
            std::fs::write(uploads.join(name), &bytes).expect("write");
            let id = 9_000_000_001i64 + i as i64;
            diesel::sql_query(format!(
                "INSERT INTO company_files (id, company_id, kind, stored_name, size, created_at) VALUES ({id}, {company}, 'photo', '{name}', {}, 0)",
                bytes.len()
            ))
            .execute(&mut common::db_at(&database_url))
            .expect("insert");
        }
        diesel::sql_query("UPDATE shared_keys SET value = 'company:9000000002' WHERE key = 'job:thumbnails'").execute(&mut common::db_at(&database_url)).expect("progress");
        let (a, b) = (Node::start(&database_url, &uploads), Node::start(&database_url, &uploads));
        wait_done(&database_url);
        // Resumed after the last finished batch: the first two are left as they were, the rest made.
        assert_eq!(names.iter().map(|n| variants_of(&uploads, n)).collect::<Vec<_>>(), vec![0, 0, 4, 4, 4]);
        // One server did it; the other found the lease taken, then the job done.
        std::thread::sleep(Duration::from_millis(300));
        let takers: Vec<&Node> = [&a, &b].into_iter().filter(|n| !n.lines("lease taken").is_empty()).collect();
        assert_eq!(takers.len(), 1, "one server took the lease");
        assert_eq!(takers[0].lines("thumbnails of earlier files made")[0]["fields"]["made"], 3);
        // And a company photo stored before thumbnails is served as its thumbnail now.
        let thumb = Client::new().get(format!("{}/ajax/company/picture/9000000003?size=96", a.base)).header("Accept", WEBP).send().expect("get");
        assert_eq!(thumb.headers()["content-type"], "image/webp");
        // One the job left (as an older server would have): the original, never a 404.
        let original = Client::new().get(format!("{}/ajax/company/picture/9000000001?size=96", b.base)).header("Accept", WEBP).send().expect("get");
        assert_eq!((original.status().as_u16(), original.headers()["content-type"].to_str().unwrap()), (200, "image/jpeg"));
        assert_eq!(original.bytes().expect("body").to_vec(), bytes);
        drop((a, b));

        // Run again from the start (idempotent): it makes only what is missing.
        diesel::sql_query("DELETE FROM shared_keys WHERE key = 'job:thumbnails'").execute(&mut common::db_at(&database_url)).expect("reset");
        let again = Node::start(&database_url, &uploads);
        wait_done(&database_url);
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(again.lines("thumbnails of earlier files made")[0]["fields"]["made"], 2, "the two left, nothing twice");
        drop(again);

        if let Some((admin, name)) = pg_drop {
            use diesel::Connection;
            if let Ok(mut c) = diesel::PgConnection::establish(&admin) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c);
            }
        }
    }
}
