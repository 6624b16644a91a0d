//! Thumbnails of stored pictures (issue 38, domain/thumbnails.rs), over HTTP on SQLite and PostgreSQL:
//! `?size=96|240` on a picture's own route answers its thumbnail, WebP or JPEG by Accept; a caller
//! refused the original (a visitor, another candidate, a blocked company, a company reading a hidden
//! resume's later photo, a licence asked on the public route) is refused every thumbnail too; a
//! removed picture's thumbnails go with it.

use crate::common;

use std::path::Path;

use crate::common::staff::company_login;
use crate::common::{code, login, servers, TestServer};
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
