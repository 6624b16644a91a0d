//! The company's pictures over HTTP, on SQLite and PostgreSQL: the owner uploads a logo, photos, a
//! video cover and the business licence; they are checked by content and re-encoded; the public
//! ones show on the company page to anyone, the licence only to the owner and the admin console.

use crate::common;

use crate::common::staff::{company_login_into, register_company, super_admin};
use crate::common::{code, servers, TestServer};
use reqwest::blocking::multipart;
use reqwest::blocking::Client;
use serde_json::Value;

fn owner(s: &TestServer) -> (Client, i64) {
    let client = s.client();
    let id = company_login_into(s, &client)["company"]["id"].as_i64().expect("company id");
    (client, id)
}

fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).expect("png");
    out.into_inner()
}

fn upload(s: &TestServer, client: &Client, kind: &str, file_name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = multipart::Form::new().text("kind", kind.to_string()).part("file", multipart::Part::bytes(bytes).file_name(file_name.to_string()));
    common::envelope(client.post(s.url("/ajax/comcompany/uploadPicture")).multipart(form).send().expect("send"))
}

/// GET `path`: the status, the content type and the body.
fn fetch(s: &TestServer, client: &Client, path: &str) -> (u16, String, Vec<u8>) {
    let res = client.get(s.url(path)).send().expect("send");
    let status = res.status().as_u16();
    let ct = res.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    (status, ct, res.bytes().expect("body").to_vec())
}

fn url_of(v: &Value) -> String {
    v.as_str().unwrap_or_else(|| panic!("a url: {v}")).to_string()
}

#[test]
fn pictures_are_checked_reencoded_and_shown_to_whom_they_belong() {
    for s in servers() {
        let (a, company) = owner(&s);
        let anyone = s.client();

        // A logo: re-encoded as JPEG within 400×400, public to anyone without a session.
        let (status, v) = upload(&s, &a, "logo", "logo.png", png(900, 600));
        assert_eq!(status, 200, "{} {v}", s.engine);
        let logo = url_of(&v["result"]["pictures"]["logo"]["url"]);
        let (status, ct, body) = fetch(&s, &anyone, &logo);
        assert_eq!((status, ct.as_str()), (200, "image/jpeg"), "{}", s.engine);
        let img = image::load_from_memory(&body).expect("a picture");
        assert!(img.width() <= 400 && img.height() <= 400, "{}×{}", img.width(), img.height());

        // A new logo replaces the old one, whose address is gone.
        let (_, v) = upload(&s, &a, "logo", "logo2.jpg", {
            let mut out = std::io::Cursor::new(Vec::new());
            image::RgbImage::from_pixel(50, 50, image::Rgb([200, 10, 10])).write_to(&mut out, image::ImageFormat::Jpeg).expect("jpeg");
            out.into_inner()
        });
        let logo2 = url_of(&v["result"]["pictures"]["logo"]["url"]);
        assert_ne!(logo, logo2);
        assert_eq!(fetch(&s, &anyone, &logo).0, 404, "{}: the replaced logo", s.engine);
        assert_eq!(fetch(&s, &anyone, &logo2).0, 200);

        // Refused by name, content, size and kind, and nothing changes.
        let (_, v) = upload(&s, &a, "photo", "fake.png", b"%PDF-1.4 not a picture".to_vec());
        assert_eq!(code(&v), "FILE_FORMAT", "{}: content, not the name, decides", s.engine);
        let (_, v) = upload(&s, &a, "photo", "doc.pdf", png(10, 10));
        assert_eq!(code(&v), "FILE_FORMAT");
        let (status, v) = upload(&s, &a, "photo", "big.png", vec![0x89; 5 * 1024 * 1024 + 10]);
        assert_eq!((status, code(&v)), (413, "FILE_TOO_BIG"), "{}", s.engine);
        let (_, v) = upload(&s, &a, "banner", "a.png", png(10, 10));
        assert_eq!(code(&v), "BAD_INPUT");
        let (_, v) = s.call(&a, "/comcompany/get", &[]);
        assert_eq!(v["result"]["pictures"]["photos"].as_array().map(Vec::len), Some(0), "{}: {v}", s.engine);

        // Nine photos, then FILE_COUNT.
        for i in 0..9 {
            let (status, v) = upload(&s, &a, "photo", &format!("office{i}.png"), png(40 + i, 30));
            assert_eq!(status, 200, "{} photo {i}: {v}", s.engine);
        }
        let (_, v) = upload(&s, &a, "photo", "tenth.png", png(10, 10));
        assert_eq!(code(&v), "FILE_COUNT", "{}", s.engine);
        let (_, v) = upload(&s, &a, "videoCover", "cover.png", png(1920, 1080));
        let cover = url_of(&v["result"]["pictures"]["videoCover"]["url"]);

        // The licence: the owner reads it back; it has no public address and is not on the page.
        let (_, v) = upload(&s, &a, "licence", "licence.jpg", {
            let mut out = std::io::Cursor::new(Vec::new());
            image::RgbImage::from_pixel(300, 200, image::Rgb([240, 240, 240])).write_to(&mut out, image::ImageFormat::Jpeg).expect("jpeg");
            out.into_inner()
        });
        assert_eq!(v["result"]["licence"]["url"], "/ajax/comcompany/licence", "{v}");
        let licence_id = v["result"]["licence"]["id"].as_i64().expect("licence id");
        assert_eq!(fetch(&s, &anyone, &format!("/ajax/company/picture/{licence_id}")).0, 404, "{}: never public", s.engine);
        let (status, ct, _) = fetch(&s, &a, "/ajax/comcompany/licence");
        assert_eq!((status, ct.as_str()), (200, "image/jpeg"));
        assert_eq!(fetch(&s, &anyone, "/ajax/comcompany/licence").0, 401, "{}: no session", s.engine);

        // The public company page (and the job pages' company) shows the public pictures only.
        let s_company = company.to_string();
        let (_, v) = s.call(&anyone, "/company/detail", &[("comId", s_company.as_str())]);
        let page = &v["result"]["company"];
        assert_eq!(url_of(&page["pictures"]["logo"]["url"]), logo2, "{v}");
        assert_eq!(page["pictures"]["photos"].as_array().map(Vec::len), Some(9));
        assert_eq!(url_of(&page["pictures"]["videoCover"]["url"]), cover);
        assert!(!v.to_string().contains("licence"), "{}: the licence is not on the public page", s.engine);

        // Another company neither reads A's licence nor removes A's pictures.
        let b = register_company(&s, "13700000077", "乙图片测试科技有限公司");
        assert_eq!(fetch(&s, &b, "/ajax/comcompany/licence").0, 404, "{}: B has none, and never A's", s.engine);
        let photo_id = page["pictures"]["photos"][0]["id"].as_i64().expect("photo id").to_string();
        let (status, v) = s.call(&b, "/comcompany/removePicture", &[("id", photo_id.as_str())]);
        assert_eq!((status, code(&v)), (404, "NOT_FOUND"), "{}", s.engine);
        let (_, v) = s.call(&a, "/comcompany/removePicture", &[("id", photo_id.as_str())]);
        assert_eq!(v["result"]["pictures"]["photos"].as_array().map(Vec::len), Some(8), "{}: {v}", s.engine);

        // The admin console's review queue links the licence, which only admins read there.
        let admin = super_admin(&s);
        let mut link = None;
        for status in ["pending", "verified", "rejected"] {
            for page in 1..=20 {
                let page = page.to_string();
                let (_, v) = s.call(&admin, "/admin/company/queue", &[("status", status), ("page", page.as_str()), ("pagesize", "50")]);
                let rows = v["result"]["list"].as_array().unwrap_or_else(|| panic!("a list: {v}")).clone();
                for row in &rows {
                    if row["companyId"].as_i64() == Some(company) {
                        link = row["licenceUrl"].as_str().map(str::to_string);
                    }
                }
                if rows.len() < 50 {
                    break;
                }
            }
        }
        let link = link.expect("the company's row links its licence");
        let (status, ct, _) = fetch(&s, &admin, &link);
        assert_eq!((status, ct.as_str()), (200, "image/jpeg"), "{}", s.engine);
        assert_ne!(fetch(&s, &a, &link).0, 200, "{}: a company session is not an admin's", s.engine);
    }
}
