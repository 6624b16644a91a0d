//! An absolute URL read by the WHATWG URL standard's parser: the `url` crate natively (the
//! server), the browser's own `URL` in wasm32. Same standard, same answers; the browser already
//! carries the Unicode tables for international domain names, so the wasm need not ship them
//! (they were a third of its size).

/// The parts of a URL the rules look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebUrl {
    /// Without the trailing ':' (`https`).
    pub scheme: String,
    pub username: String,
    /// The host as the standard serializes it (punycode for international names); None when empty.
    pub host: Option<String>,
    /// None for the scheme's default port.
    pub port: Option<u16>,
    /// The whole URL, serialized.
    pub href: String,
}

#[cfg(not(target_arch = "wasm32"))]
pub fn parse(s: &str) -> Option<WebUrl> {
    let u = url::Url::parse(s).ok()?;
    Some(WebUrl {
        scheme: u.scheme().to_string(),
        username: u.username().to_string(),
        host: u.host_str().filter(|h| !h.is_empty()).map(str::to_string),
        port: u.port(),
        href: u.to_string(),
    })
}

#[cfg(target_arch = "wasm32")]
pub fn parse(s: &str) -> Option<WebUrl> {
    let u = web_sys::Url::new(s).ok()?;
    let protocol = u.protocol();
    let hostname = u.hostname();
    Some(WebUrl {
        scheme: protocol.strip_suffix(':').unwrap_or(&protocol).to_string(),
        username: u.username(),
        host: (!hostname.is_empty()).then_some(hostname),
        port: u.port().parse().ok(),
        href: u.href(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_parts_the_rules_need() {
        let u = parse("https://user@WWW.Example.cn:8443/a?b#c").expect("parses");
        assert_eq!((u.scheme.as_str(), u.username.as_str(), u.host.as_deref(), u.port), ("https", "user", Some("www.example.cn"), Some(8443)));
        assert_eq!(u.href, "https://user@www.example.cn:8443/a?b#c");
        assert_eq!(parse("https://example.cn:443/").expect("parses").port, None, "the default port is no port");
        assert_eq!(parse("http://例子.中国/").expect("parses").host.as_deref(), Some("xn--fsqu00a.xn--fiqs8s"));
        assert_eq!(parse("javascript:alert(1)").expect("parses").host, None);
        assert!(parse("not a url").is_none());
        assert!(parse("https://").is_none());
    }
}
