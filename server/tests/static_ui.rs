//! The built ui as the server serves it: SPA fallback, cache headers, compression.

use crate::common::servers_with;

fn fake_ui() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("jobseeker-ui-{}-{}", std::process::id(), rand_suffix()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>职达</title><div id=root></div>").unwrap();
    // Big enough to be worth compressing.
    std::fs::write(dir.join("assets/app-3f9a1c.js"), "console.log('职达');\n".repeat(400)).unwrap();
    dir
}

fn rand_suffix() -> u32 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos()
}

#[test]
fn routes_fall_back_to_index_and_hashed_assets_are_cached_and_compressed() {
    let ui = fake_ui();
    let ui_dir = ui.to_string_lossy().into_owned();
    for s in servers_with(&[("UI_DIR", ui_dir.as_str())]).into_iter().take(1) {
        let client = reqwest::blocking::Client::builder().build().unwrap();
        for path in ["/", "/my/tags", "/zgzx/my/apply/", "/search?q=java"] {
            let res = client.get(s.url(path)).send().unwrap();
            assert_eq!(res.status().as_u16(), 200, "{path}");
            assert_eq!(res.headers().get("cache-control").and_then(|v| v.to_str().ok()), Some("no-cache"), "{path}");
            assert!(res.headers().get("content-security-policy").is_some());
            assert!(res.text().unwrap().contains("id=root"), "{path}");
        }
        let res = client.get(s.url("/assets/app-3f9a1c.js")).header("Accept-Encoding", "gzip, br").send().unwrap();
        assert_eq!(res.status().as_u16(), 200);
        assert_eq!(res.headers().get("cache-control").and_then(|v| v.to_str().ok()), Some("public, max-age=31536000, immutable"));
        let encoding = res.headers().get("content-encoding").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        assert!(encoding == "br" || encoding == "gzip", "compressed: {encoding:?}");
        let body = res.bytes().unwrap();
        assert!(body.len() < 2000, "{} bytes after compression", body.len());
        let res = client.get(s.url("/assets/missing-000.js")).send().unwrap();
        assert_eq!(res.status().as_u16(), 404, "a missing asset is not the index page");
        let res = client.get(s.url("/../../etc/passwd")).send().unwrap();
        assert!(!res.text().unwrap().contains("root:"), "no way out of UI_DIR");
    }
    let _ = std::fs::remove_dir_all(ui);
}

/// The build's own compressed copies (ui/scripts/precompress.mjs) are sent as they are, by the
/// browser's Accept-Encoding, with the original's type; a copy is never an asset of its own.
#[test]
fn precompressed_copies_are_sent_by_accept_encoding() {
    let ui = fake_ui();
    let js = ui.join("assets/app-3f9a1c.js");
    // Not real brotli or gzip: the bytes show which file was sent as it is, not compressed again.
    std::fs::write(ui.join("assets/app-3f9a1c.js.br"), b"brotli copy").unwrap();
    std::fs::write(ui.join("assets/app-3f9a1c.js.gz"), b"gzip copy").unwrap();
    std::fs::write(ui.join("assets/core-9a8b.wasm"), vec![0u8; 64]).unwrap();
    let ui_dir = ui.to_string_lossy().into_owned();
    for s in servers_with(&[("UI_DIR", ui_dir.as_str())]).into_iter().take(1) {
        let client = reqwest::blocking::Client::builder().build().unwrap();
        let get = |path: &str, accept: &str| {
            let res = client.get(s.url(path)).header("Accept-Encoding", accept).send().unwrap();
            let header = |name: &str| res.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
            let (status, encoding, kind, vary) = (res.status().as_u16(), header("content-encoding"), header("content-type"), header("vary"));
            (status, encoding, kind, vary, res.bytes().unwrap().to_vec())
        };
        let (status, encoding, kind, vary, body) = get("/assets/app-3f9a1c.js", "gzip, deflate, br");
        assert_eq!((status, encoding.as_str(), body.as_slice()), (200, "br", b"brotli copy".as_slice()));
        assert!(kind.contains("javascript"), "{kind}");
        assert!(vary.to_ascii_lowercase().contains("accept-encoding"), "{vary}");
        let (_, encoding, _, _, body) = get("/assets/app-3f9a1c.js", "gzip");
        assert_eq!((encoding.as_str(), body.as_slice()), ("gzip", b"gzip copy".as_slice()));
        let (_, encoding, _, _, body) = get("/assets/app-3f9a1c.js", "br;q=0.5, gzip;q=0.9");
        assert_eq!((encoding.as_str(), body.as_slice()), ("gzip", b"gzip copy".as_slice()), "the browser's preference wins");
        let (_, encoding, _, _, body) = get("/assets/app-3f9a1c.js", "identity");
        assert_eq!(encoding, "");
        assert_eq!(body, std::fs::read(&js).unwrap());
        // A file without copies is still compressed on the way out.
        let (status, encoding, kind, _, _) = get("/assets/core-9a8b.wasm", "br");
        assert_eq!((status, encoding.as_str(), kind.as_str()), (200, "br", "application/wasm"));
        for copy in ["/assets/app-3f9a1c.js.br", "/assets/app-3f9a1c.js.gz", "/assets/.hidden", "/assets/missing-1.js"] {
            assert_eq!(get(copy, "br").0, 404, "{copy}");
        }
    }
    let _ = std::fs::remove_dir_all(ui);
}

/// While the ui is not built, or is being rebuilt, a page is a clear 503 in both languages, not the file error.
#[test]
fn a_missing_ui_build_is_a_clear_503_page_in_both_languages() {
    let parent = std::env::temp_dir().join(format!("jobseeker-noui-{}-{}", std::process::id(), rand_suffix()));
    std::fs::create_dir_all(&parent).unwrap();
    let ui = parent.join("dist");
    let ui_dir = ui.to_string_lossy().into_owned();
    for s in servers_with(&[("UI_DIR", ui_dir.as_str())]).into_iter().take(1) {
        let client = reqwest::blocking::Client::builder().build().unwrap();
        let missing = |path: &str, lang: &str| {
            let res = client.get(s.url(path)).header("Accept-Language", lang).send().unwrap();
            assert_eq!(res.status().as_u16(), 503, "{path}");
            assert_eq!(res.headers().get("retry-after").and_then(|v| v.to_str().ok()), Some("10"));
            assert!(res.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").starts_with("text/html"));
            let body = res.text().unwrap();
            assert!(body.contains("网站正在更新") && body.contains("The site is being updated"), "{path}: {body}");
            assert!(!body.contains("os error"), "{body}");
            body
        };
        // Not built when the server started.
        assert!(missing("/", "zh-CN,zh;q=0.9").contains(r#"<html lang="zh-CN">"#));
        assert!(missing("/my/tags", "en-US,en;q=0.9").contains(r#"<html lang="en">"#));
        let res = client.get(s.url("/assets/app-000.js")).send().unwrap();
        assert_eq!(res.status().as_u16(), 404, "a missing asset is not a page");
        // The calls still answer.
        let res = client.post(s.url("/ajax/pclogin/islogin")).send().unwrap();
        assert_eq!(res.status().as_u16(), 200);

        // Built afterwards: served without a restart.
        std::fs::write(ui.join("index.html"), "<!doctype html><title>职达</title><div id=root></div>").unwrap();
        let res = client.get(s.url("/my/tags")).send().unwrap();
        assert_eq!(res.status().as_u16(), 200);
        assert!(res.text().unwrap().contains("id=root"));

        // Being rebuilt: the index is gone for a moment.
        std::fs::remove_file(ui.join("index.html")).unwrap();
        missing("/", "zh-CN");
        missing("/search?q=java", "zh-CN");
    }
    let _ = std::fs::remove_dir_all(parent);
}

/// A UI_DIR whose parent does not exist either: every page is the 503 page, and no other directory is served.
#[test]
fn a_ui_dir_that_cannot_exist_serves_nothing_but_the_503_page() {
    let ui = std::env::temp_dir().join(format!("jobseeker-nowhere-{}-{}", std::process::id(), rand_suffix())).join("ui").join("dist");
    let ui_dir = ui.to_string_lossy().into_owned();
    for s in servers_with(&[("UI_DIR", ui_dir.as_str())]).into_iter().take(1) {
        let client = reqwest::blocking::Client::builder().build().unwrap();
        for path in ["/", "/Cargo.toml", "/src/main.rs", "/my/edit"] {
            let res = client.get(s.url(path)).send().unwrap();
            assert_eq!(res.status().as_u16(), 503, "{path}");
            assert!(res.text().unwrap().contains("网站正在更新"), "{path}");
        }
    }
    assert!(!ui.exists());
}

/// The touch site has its own entry (ui/m.html, issue 18): every /m address gets it, server-rendered
/// heads included; the other addresses keep index.html.
#[test]
fn the_touch_site_gets_its_own_entry_page() {
    let ui = fake_ui();
    std::fs::write(ui.join("m.html"), "<!doctype html><title>职达</title><div id=root></div><script src=\"/assets/mobile-entry.js\"></script>").unwrap();
    let ui_dir = ui.to_string_lossy().into_owned();
    for s in servers_with(&[("UI_DIR", ui_dir.as_str())]).into_iter().take(1) {
        let client = reqwest::blocking::Client::builder().build().unwrap();
        let body = |path: &str| {
            let res = client.get(s.url(path)).send().unwrap();
            assert_eq!(res.status().as_u16(), 200, "{path}");
            res.text().unwrap()
        };
        for path in ["/m", "/m/", "/m/my/apply", "/m/resume/edit/basic", "/m/search?q=java", "/m/login"] {
            assert!(body(path).contains("mobile-entry.js"), "{path} gets m.html");
        }
        for path in ["/", "/my/apply", "/search?q=java", "/mine", "/login"] {
            assert!(!body(path).contains("mobile-entry.js"), "{path} gets index.html");
        }
    }
    let _ = std::fs::remove_dir_all(ui);
}
