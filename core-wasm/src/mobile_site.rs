//! Mobile browsers go to the mobile site (SPEC sections 1 and 9), and its "电脑版" link comes back.
//!
//! The mobile site lives under a base (`MOBILE_BASE`, "/m" by default; a deployment may point it at
//! another host, "https://m.example.cn"). Paths map both ways:
//!
//! | Desktop | Mobile (under the base) |
//! |---|---|
//! | /my/edit, /my/preview | /resume/detail |
//! | /my/apply | /my/apply |
//! | /my/collect | /my/collect |
//! | /my/account | /my/set-password |
//! | /my, /my/tags, /my/shield, /my/order, anything unknown | /my (the user centre) |
//! | / | / (home) |
//! | /search?query | /search?query (the same query: keyword, filters, page) |
//! | /job/{id} | /job/{id} |
//! | /company/{id} | /company/{id} |
//! | /login?returnUrl=path | /login?returnUrl=(path mapped) |
//! | /register, /forgot-password | /register, /forgot-password |
//!
//! The zgzx variant's prefix is dropped on the way to the mobile site.

const MOBILE_MARKERS: [&str; 8] =
    ["android", "iphone", "ipad", "ipod", "windows phone", "harmonyos", "mobile", "blackberry"];

/// The cookie the "电脑版" (desktop version) link sets: while it is "1", a phone stays on the desktop site.
pub const DESKTOP_COOKIE: &str = "m_desktop";

/// Phones and tablets by their user agent. iPadOS 13+ claims to be a Mac; the
/// ui passes the touch-point check for that case in `touch_mac`.
pub fn is_mobile_browser(user_agent: &str, touch_mac: bool) -> bool {
    let ua = user_agent.to_ascii_lowercase();
    MOBILE_MARKERS.iter().any(|m| ua.contains(m)) || (touch_mac && ua.contains("macintosh"))
}

/// Whether a `document.cookie` string (`a=1; b=2`) holds the desktop choice.
pub fn prefers_desktop(cookies: &str) -> bool {
    cookies.split(';').any(|c| c.trim() == format!("{DESKTOP_COOKIE}=1"))
}

/// The base's path: "/m" for "/m/" and for "https://m.example.cn/m", "" for "https://m.example.cn".
fn base_path(base: &str) -> &str {
    let base = base.trim_end_matches('/');
    match base.find("://") {
        Some(i) => {
            let rest = &base[i + 3..];
            rest.find('/').map_or("", |j| &rest[j..])
        }
        None => base,
    }
}

fn split_query(path: &str) -> (&str, &str) {
    let path = path.split('#').next().unwrap_or("");
    match path.find('?') {
        Some(i) => (&path[..i], &path[i..]),
        None => (path, ""),
    }
}

/// One path segment: an id, no slash, not empty.
fn single_segment<'a>(path: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = path.strip_prefix(prefix)?;
    (!rest.is_empty() && !rest.contains('/')).then_some(rest)
}

/// The value of `returnUrl` in a query string ("?returnUrl=%2Fmy%2Fapply"), decoded.
/// Only a path on this site comes along: not another host's address, not a protocol-relative one.
fn return_url_of(query: &str) -> Option<String> {
    form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
        .find(|(k, _)| k == "returnUrl")
        .map(|(_, v)| v.into_owned())
        .filter(|r| r.starts_with('/') && !r.starts_with("//") && !r.contains('\\'))
}

fn with_return_url(path: &str, return_to: Option<String>) -> String {
    match return_to {
        Some(r) => {
            let encoded: String = form_urlencoded::byte_serialize(r.as_bytes()).collect();
            format!("{path}?returnUrl={}", encoded.replace('+', "%20"))
        }
        _ => path.to_string(),
    }
}

/// A desktop path (with its query) as a path of the mobile site, relative to its base.
fn to_mobile_path(path_and_query: &str, prefix: &str) -> String {
    let (path, query) = split_query(path_and_query);
    let path = path.strip_prefix("/zgzx").unwrap_or(path);
    let path = path.trim_end_matches('/');
    match path {
        "" => "/".into(),
        "/search" => format!("/search{query}"),
        "/login" => with_return_url("/login", return_url_of(query).map(|r| format!("{prefix}{}", to_mobile_path(&r, prefix)))),
        "/register" => "/register".into(),
        "/forgot-password" => "/forgot-password".into(),
        "/my/edit" | "/my/preview" => "/resume/detail".into(),
        "/my/apply" => "/my/apply".into(),
        "/my/collect" => "/my/collect".into(),
        "/my/account" => "/my/set-password".into(),
        _ => {
            if let Some(id) = single_segment(path, "/job/") {
                format!("/job/{id}")
            } else if let Some(id) = single_segment(path, "/company/") {
                format!("/company/{id}")
            } else {
                "/my".into()
            }
        }
    }
}

/// A path of the mobile site (relative to its base, with its query) as a desktop path.
fn to_desktop_path(path_and_query: &str, prefix: &str) -> String {
    let (path, query) = split_query(path_and_query);
    let path = path.trim_end_matches('/');
    match path {
        "" => "/".into(),
        "/search" => format!("/search{query}"),
        "/login" => with_return_url("/login", return_url_of(query).map(|r| to_desktop_path(strip_prefix(&r, prefix), prefix))),
        "/register" => "/register".into(),
        "/forgot-password" => "/forgot-password".into(),
        "/my" => "/my".into(),
        "/my/apply" => "/my/apply".into(),
        "/my/collect" => "/my/collect".into(),
        "/my/set-password" => "/my/account".into(),
        p if p == "/resume/detail" || p.starts_with("/resume/") => "/my/edit".into(),
        _ => {
            if let Some(id) = single_segment(path, "/job/") {
                format!("/job/{id}")
            } else if let Some(id) = single_segment(path, "/company/") {
                format!("/company/{id}")
            } else {
                "/".into()
            }
        }
    }
}

/// Where a desktop path (with its query) lives on the mobile site rooted at `base`.
pub fn mobile_target(path: &str, base: &str) -> String {
    let base = base.trim_end_matches('/');
    format!("{base}{}", to_mobile_path(path, base_path(base)))
}

/// `path` without the mobile base's path, when it starts with it as whole segments.
fn strip_prefix<'a>(path_and_query: &'a str, prefix: &str) -> &'a str {
    let (path, _) = split_query(path_and_query);
    if !prefix.is_empty() && (path == prefix || path.starts_with(&format!("{prefix}/"))) {
        &path_and_query[prefix.len()..]
    } else {
        path_and_query
    }
}

/// Where a page of the mobile site (its full path, base included, with its query) lives on the
/// desktop site: the "电脑版" link's target, a path on the desktop host.
pub fn desktop_target(mobile_path: &str, base: &str) -> String {
    let prefix = base_path(base);
    to_desktop_path(strip_prefix(mobile_path, prefix), prefix)
}

/// Whether `path` is already a page of the mobile site (only knowable when the base is a path here).
pub fn is_mobile_path(path: &str, base: &str) -> bool {
    let base = base.trim_end_matches('/');
    if !base.starts_with('/') || base.is_empty() {
        return false;
    }
    let (path, _) = split_query(path);
    path == base || path.starts_with(&format!("{base}/"))
}

/// The redirect a browser takes on opening `path` (with its query) on the desktop site: `None` when
/// there is no mobile site, the browser is no phone or tablet, the visitor chose "电脑版", or the
/// page is already one of the mobile site's.
pub fn mobile_redirect(path: &str, base: &str, user_agent: &str, touch_mac: bool, cookies: &str) -> Option<String> {
    if base.trim_end_matches('/').is_empty() && !base.starts_with('/')
        || !is_mobile_browser(user_agent, touch_mac)
        || prefers_desktop(cookies)
        || is_mobile_path(path, base)
    {
        return None;
    }
    Some(mobile_target(path, base))
}

#[cfg(test)]
mod tests {
    use super::*;

    const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const ANDROID: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
    const DESKTOP: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156 Safari/537.36";
    const MAC: &str = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15";

    #[test]
    fn detects_phones_and_tablets() {
        assert!(is_mobile_browser(IPHONE, false));
        assert!(is_mobile_browser(ANDROID, false));
        assert!(is_mobile_browser(MAC, true), "an iPad in desktop mode");
        assert!(!is_mobile_browser(DESKTOP, false));
        assert!(!is_mobile_browser(MAC, false));
    }

    #[test]
    fn maps_routes_to_mobile_pages() {
        let base = "https://m.example.cn/";
        assert_eq!(mobile_target("/my/edit", base), "https://m.example.cn/resume/detail");
        assert_eq!(mobile_target("/my/apply", base), "https://m.example.cn/my/apply");
        assert_eq!(mobile_target("/my/collect/", base), "https://m.example.cn/my/collect");
        assert_eq!(mobile_target("/my/account?x=1", base), "https://m.example.cn/my/set-password");
        assert_eq!(mobile_target("/my/tags", base), "https://m.example.cn/my");
        assert_eq!(mobile_target("/nowhere", base), "https://m.example.cn/my");
    }

    /// SPEC section 9, each rule under the default base.
    #[test]
    fn spec_redirect_targets_under_m() {
        assert_eq!(mobile_target("/my/edit", "/m"), "/m/resume/detail");
        assert_eq!(mobile_target("/my/preview", "/m"), "/m/resume/detail");
        assert_eq!(mobile_target("/my/apply", "/m"), "/m/my/apply");
        assert_eq!(mobile_target("/my/collect", "/m/"), "/m/my/collect");
        assert_eq!(mobile_target("/my/account", "/m"), "/m/my/set-password");
        for other in ["/my", "/my/tags", "/my/shield", "/my/order", "/my/whatever", "/no/such/page", "/job/", "/job/1/2"] {
            assert_eq!(mobile_target(other, "/m"), "/m/my", "{other}");
        }
        assert_eq!(mobile_target("/zgzx/my/apply/", "/m"), "/m/my/apply");
        assert_eq!(mobile_target("/my/apply#top", "/m"), "/m/my/apply");
    }

    #[test]
    fn public_pages_keep_ids_and_filters() {
        assert_eq!(mobile_target("/", "/m"), "/m/");
        assert_eq!(mobile_target("/zgzx/", "/m"), "/m/");
        assert_eq!(mobile_target("/search?q=java&city=%E5%8C%97%E4%BA%AC&page=2", "/m"), "/m/search?q=java&city=%E5%8C%97%E4%BA%AC&page=2");
        assert_eq!(mobile_target("/search", "/m"), "/m/search");
        assert_eq!(mobile_target("/job/42", "/m"), "/m/job/42");
        assert_eq!(mobile_target("/company/7/", "/m"), "/m/company/7");
        assert_eq!(mobile_target("/register", "/m"), "/m/register");
        assert_eq!(mobile_target("/forgot-password", "/m"), "/m/forgot-password");
        assert_eq!(mobile_target("/login", "/m"), "/m/login");
        assert_eq!(mobile_target("/login?returnUrl=%2Fmy%2Fapply", "/m"), "/m/login?returnUrl=%2Fm%2Fmy%2Fapply");
        assert_eq!(mobile_target("/login?returnUrl=%2Fmy%2Faccount", "/m"), "/m/login?returnUrl=%2Fm%2Fmy%2Fset-password");
        assert_eq!(mobile_target("/login?returnUrl=%2Fjob%2F3", "https://m.example.cn"), "https://m.example.cn/login?returnUrl=%2Fjob%2F3");
        assert_eq!(mobile_target("/login?returnUrl=https%3A%2F%2Fevil.example", "/m"), "/m/login", "only paths come along");
    }

    #[test]
    fn desktop_targets_of_mobile_pages() {
        assert_eq!(desktop_target("/m/resume/detail", "/m"), "/my/edit");
        assert_eq!(desktop_target("/m/resume/edit/work", "/m"), "/my/edit");
        assert_eq!(desktop_target("/m/my/apply", "/m"), "/my/apply");
        assert_eq!(desktop_target("/m/my/collect/", "/m/"), "/my/collect");
        assert_eq!(desktop_target("/m/my/set-password", "/m"), "/my/account");
        assert_eq!(desktop_target("/m/my", "/m"), "/my");
        assert_eq!(desktop_target("/m", "/m"), "/");
        assert_eq!(desktop_target("/m/", "/m"), "/");
        assert_eq!(desktop_target("/m/search?q=java&page=3", "/m"), "/search?q=java&page=3");
        assert_eq!(desktop_target("/m/job/42", "/m"), "/job/42");
        assert_eq!(desktop_target("/m/company/7", "/m"), "/company/7");
        assert_eq!(desktop_target("/m/login?returnUrl=%2Fm%2Fmy%2Fset-password", "/m"), "/login?returnUrl=%2Fmy%2Faccount");
        assert_eq!(desktop_target("/m/register", "/m"), "/register");
        assert_eq!(desktop_target("/m/forgot-password", "/m"), "/forgot-password");
        assert_eq!(desktop_target("/m/logout", "/m"), "/");
        assert_eq!(desktop_target("/m/nowhere/else", "/m"), "/");
        // A mobile site on its own host: its paths have no prefix.
        assert_eq!(desktop_target("/my/apply", "https://m.example.cn"), "/my/apply");
        assert_eq!(desktop_target("/wap/job/9", "https://m.example.cn/wap/"), "/job/9");
    }

    /// Every mapping, both directions: desktop → mobile → desktop and mobile → desktop → mobile.
    #[test]
    fn every_mapping_goes_both_ways() {
        let pairs = [
            ("/", "/m/"),
            ("/search?q=%E5%89%8D%E7%AB%AF&city=%E4%B8%8A%E6%B5%B7&salary=15-25&page=2", "/m/search?q=%E5%89%8D%E7%AB%AF&city=%E4%B8%8A%E6%B5%B7&salary=15-25&page=2"),
            ("/job/42", "/m/job/42"),
            ("/company/7", "/m/company/7"),
            ("/my/edit", "/m/resume/detail"),
            ("/my/apply", "/m/my/apply"),
            ("/my/collect", "/m/my/collect"),
            ("/my/account", "/m/my/set-password"),
            ("/my", "/m/my"),
            ("/register", "/m/register"),
            ("/forgot-password", "/m/forgot-password"),
            ("/login?returnUrl=%2Fmy%2Fapply", "/m/login?returnUrl=%2Fm%2Fmy%2Fapply"),
        ];
        for (desktop, mobile) in pairs {
            let there = mobile_target(desktop, "/m");
            assert_eq!(there, mobile, "{desktop} -> mobile");
            assert_eq!(desktop_target(mobile, "/m"), desktop, "{mobile} -> desktop");
            assert_eq!(desktop_target(&there, "/m"), desktop, "{desktop} round trip");
        }
    }

    #[test]
    fn the_desktop_cookie() {
        assert!(prefers_desktop("m_desktop=1"));
        assert!(prefers_desktop("lang=en; m_desktop=1; finger=abc"));
        assert!(!prefers_desktop("m_desktop=0"));
        assert!(!prefers_desktop("xm_desktop=1"));
        assert!(!prefers_desktop(""));
    }

    #[test]
    fn who_is_redirected() {
        assert_eq!(mobile_redirect("/my/apply", "/m", IPHONE, false, ""), Some("/m/my/apply".into()));
        assert_eq!(mobile_redirect("/my/edit", "/m", ANDROID, false, "a=b"), Some("/m/resume/detail".into()));
        assert_eq!(mobile_redirect("/my/apply", "/m", DESKTOP, false, ""), None, "a desktop browser stays");
        assert_eq!(mobile_redirect("/my/apply", "", IPHONE, false, ""), None, "no mobile site");
        assert_eq!(mobile_redirect("/my/apply", "/m", IPHONE, false, "m_desktop=1"), None, "电脑版 chosen");
        assert_eq!(mobile_redirect("/m/my/apply", "/m", IPHONE, false, ""), None, "already there");
        assert_eq!(mobile_redirect("/m", "/m", IPHONE, false, ""), None);
        assert_eq!(mobile_redirect("/mine", "/m", IPHONE, false, ""), Some("/m/my".into()), "a prefix is not a segment");
        assert_eq!(mobile_redirect("/job/3", "https://m.example.cn", ANDROID, false, ""), Some("https://m.example.cn/job/3".into()));
        assert_eq!(mobile_redirect("/", "/m", MAC, true, ""), Some("/m/".into()), "an iPad in desktop mode");
    }
}
