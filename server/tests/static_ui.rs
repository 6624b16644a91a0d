//! The built ui as the server serves it: SPA fallback, cache headers, compression.

mod common;

use common::servers_with;

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
