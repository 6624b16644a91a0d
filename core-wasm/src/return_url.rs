//! No open redirects: a return URL stays on our own hosts.

pub const FALLBACK: &str = "/my";

/// `candidate` when it points at one of our hosts, else [`FALLBACK`].
/// Relative paths must start with exactly one `/` (`//evil` is protocol-relative)
/// and carry no backslash (browsers read `/\evil` as `//evil`).
pub fn safe_return_url(candidate: &str, allowed_hosts: &[String], current_host: &str) -> String {
    let c = candidate.trim();
    if c.is_empty() || c.contains('\\') || c.chars().any(char::is_control) {
        return FALLBACK.into();
    }
    if c.starts_with('/') {
        return if c.starts_with("//") { FALLBACK.into() } else { c.into() };
    }
    match crate::weburl::parse(c) {
        Some(u) if matches!(u.scheme.as_str(), "http" | "https") && u.username.is_empty() => {
            let Some(name) = u.host.as_deref() else { return FALLBACK.into() };
            let host = match u.port {
                Some(p) => format!("{name}:{p}"),
                None => name.to_string(),
            };
            let ours = |h: &str| h.eq_ignore_ascii_case(&host) || h.eq_ignore_ascii_case(name);
            if ours(current_host) || allowed_hosts.iter().any(|h| ours(h)) {
                u.href
            } else {
                FALLBACK.into()
            }
        }
        _ => FALLBACK.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(c: &str) -> String {
        safe_return_url(c, &["www.example.cn".to_string()], "127.0.0.1:8080")
    }

    #[test]
    fn keeps_our_paths_and_hosts() {
        assert_eq!(check("/my/apply"), "/my/apply");
        assert_eq!(check("/my/apply?page=2"), "/my/apply?page=2");
        assert_eq!(check("http://127.0.0.1:8080/my/tags"), "http://127.0.0.1:8080/my/tags");
        assert_eq!(check("https://www.example.cn/search"), "https://www.example.cn/search");
    }

    #[test]
    fn refuses_other_hosts_and_tricks() {
        for bad in [
            "https://evil.example/",
            "//evil.example/x",
            "/\\evil.example",
            "javascript:alert(1)",
            "https://www.example.cn@evil.example/",
            "https://user@www.example.cn/",
            "https://www.example.cn.evil.example/",
            "data:text/html,x",
            "",
        ] {
            assert_eq!(check(bad), FALLBACK, "{bad}");
        }
    }
}
