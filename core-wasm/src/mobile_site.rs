//! Mobile browsers go to the mobile site (SPEC sections 1 and 9).

const MOBILE_MARKERS: [&str; 8] =
    ["android", "iphone", "ipad", "ipod", "windows phone", "harmonyos", "mobile", "blackberry"];

/// Phones and tablets by their user agent. iPadOS 13+ claims to be a Mac; the
/// ui passes the touch-point check for that case in `touch_mac`.
pub fn is_mobile_browser(user_agent: &str, touch_mac: bool) -> bool {
    let ua = user_agent.to_ascii_lowercase();
    MOBILE_MARKERS.iter().any(|m| ua.contains(m)) || (touch_mac && ua.contains("macintosh"))
}

/// Where a personal-centre path lives on the mobile site rooted at `base`.
pub fn mobile_target(path: &str, base: &str) -> String {
    let base = base.trim_end_matches('/');
    let path = path.split(['?', '#']).next().unwrap_or("").trim_end_matches('/');
    let target = match path {
        "/my/edit" => "/resume/detail",
        "/my/apply" => "/my/apply",
        "/my/collect" => "/my/collect",
        "/my/account" => "/my/set-password",
        _ => "/my",
    };
    format!("{base}{target}")
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
        assert_eq!(mobile_target("/", base), "https://m.example.cn/my");
    }
}
