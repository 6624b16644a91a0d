//! The built ui's index.html as the frame of a server-rendered page: the page's head (title,
//! meta, links, structured data) replaces the app's default title, and its body goes in front of
//! the app's root, where the app finds it and takes over (ui/src/lib/ssr-handoff.ts).

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// The two halves of index.html around the page's head and body, re-read when the file changes
/// (a ui rebuilt under a running server is served without a restart).
pub struct Shell {
    path: PathBuf,
    /// Read when `path` is missing (a ui built before the touch site had its own entry).
    fallback: Option<PathBuf>,
    /// The parts, with the file they were read from and its modification time.
    cached: Mutex<Option<(PathBuf, SystemTime, Arc<Parts>)>>,
}

/// The touch site's entry in the built ui (ui/m.html): its own app, answered for every address
/// under /m (the ui's /m routes are there whatever MOBILE_BASE says).
pub const MOBILE_ENTRY: &str = "m.html";

/// Whether `path` is one of the touch site's addresses, which the touch site's entry answers.
pub fn is_mobile_path(path: &str) -> bool {
    path == "/m" || path.starts_with("/m/")
}

/// index.html cut around its title and root; a file without them (not the Vite build's) is
/// served as it is, without the page's head and body.
struct Parts {
    /// Up to the default `<title>` (the `<html lang>` is set per page).
    before_title: String,
    /// After the default title, up to the app's root element.
    before_root: String,
    /// The root element and the rest.
    rest: String,
}

const TITLE_OPEN: &str = "<title>";
const TITLE_CLOSE: &str = "</title>";
const ROOTS: [&str; 2] = ["<div id=\"root\"", "<div id=root"];

impl Shell {
    pub fn new(ui_dir: PathBuf) -> Self {
        Shell { path: ui_dir.join("index.html"), fallback: None, cached: Mutex::new(None) }
    }

    /// The touch site's frame: m.html, or index.html from a ui built without it.
    pub fn mobile(ui_dir: PathBuf) -> Self {
        Shell { path: ui_dir.join(MOBILE_ENTRY), fallback: Some(ui_dir.join("index.html")), cached: Mutex::new(None) }
    }

    fn parts(&self) -> Option<Arc<Parts>> {
        let path = match &self.fallback {
            Some(fallback) if !self.path.is_file() => fallback,
            _ => &self.path,
        };
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok()?;
        if let Ok(guard) = self.cached.lock() {
            if let Some((from, at, parts)) = guard.as_ref() {
                if from == path && *at == modified {
                    return Some(parts.clone());
                }
            }
        }
        let html = std::fs::read_to_string(path).ok()?;
        let parts = Arc::new(split(&html).unwrap_or(Parts { before_title: String::new(), before_root: String::new(), rest: html }));
        if let Ok(mut guard) = self.cached.lock() {
            *guard = Some((path.clone(), modified, parts.clone()));
        }
        Some(parts)
    }

    /// The page: `head` in place of the default title, `body` before the app's root. None while the
    /// ui is not built (the caller answers the 503 page, as for any other page).
    pub fn page(&self, lang: &str, head: &str, body: &str) -> Option<String> {
        let p = self.parts()?;
        if p.before_title.is_empty() {
            return Some(p.rest.clone());
        }
        let before_title = p.before_title.replacen("<html lang=\"zh-CN\">", &format!("<html lang=\"{lang}\">"), 1);
        let mut out = String::with_capacity(before_title.len() + head.len() + p.before_root.len() + body.len() + p.rest.len());
        out.push_str(&before_title);
        out.push_str(head);
        out.push_str(&p.before_root);
        out.push_str(body);
        out.push_str(&p.rest);
        Some(out)
    }
}

fn split(html: &str) -> Option<Parts> {
    let title_at = html.find(TITLE_OPEN)?;
    let title_end = title_at + html[title_at..].find(TITLE_CLOSE)? + TITLE_CLOSE.len();
    let root_at = title_end + ROOTS.iter().find_map(|r| html[title_end..].find(r))?;
    Some(Parts {
        before_title: html[..title_at].to_string(),
        before_root: html[title_end..root_at].to_string(),
        rest: html[root_at..].to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_replaces_the_title_and_the_body_goes_before_the_root() {
        let dir = std::env::temp_dir().join(format!("shell-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("index.html"),
            "<!doctype html><html lang=\"zh-CN\"><head><meta charset=\"UTF-8\"><title>职达招聘</title><script src=\"/a.js\"></script></head><body><div id=\"root\"></div></body></html>",
        )
        .unwrap();
        let shell = Shell::new(dir.clone());
        let page = shell.page("en-US", "<title>T</title>", "<div id=\"ssr\">B</div>").unwrap();
        assert_eq!(
            page,
            "<!doctype html><html lang=\"en-US\"><head><meta charset=\"UTF-8\"><title>T</title><script src=\"/a.js\"></script></head><body><div id=\"ssr\">B</div><div id=\"root\"></div></body></html>"
        );
        // A file without the markers is served as it is.
        assert!(split("<div id=root></div>").is_none());
        assert!(split("<title>t</title><div id=root></div>").is_some());
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(Shell::new(dir.clone()).page("zh-CN", "", "").is_none(), "no index.html: no page");
    }

    #[test]
    fn the_touch_site_has_its_own_entry_and_falls_back_to_the_desktop_one() {
        let dir = std::env::temp_dir().join(format!("shell-mobile-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("index.html"), "<html lang=\"zh-CN\"><title>d</title><div id=\"root\"></div><script src=\"/desktop.js\"></script></html>").unwrap();
        let shell = Shell::mobile(dir.clone());
        assert!(shell.page("zh-CN", "<title>T</title>", "").unwrap().contains("/desktop.js"), "no m.html: the desktop entry");
        std::fs::write(dir.join(MOBILE_ENTRY), "<html lang=\"zh-CN\"><title>m</title><div id=\"root\"></div><script src=\"/mobile.js\"></script></html>").unwrap();
        assert!(shell.page("zh-CN", "<title>T</title>", "").unwrap().contains("/mobile.js"), "m.html once it is there");
        assert!(is_mobile_path("/m") && is_mobile_path("/m/my/apply") && !is_mobile_path("/my") && !is_mobile_path("/mx"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
