//! Every input rule of core-wasm on arbitrary text: no panic, and the answers keep their promises.

use core_wasm::{account, guard, mask, mobile_site, resume, return_url, tags};

pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };

    let digits = account::keep_digits(text);
    assert!(digits.chars().all(|c| c.is_ascii_digit()));
    let stripped = account::strip_chinese(text);
    assert!(!stripped.chars().any(account::is_chinese));
    if account::password_problem(text).is_none() {
        let n = text.chars().count();
        assert!((6..=20).contains(&n) && !text.contains(' '), "accepted password {text:?}");
    }
    if account::is_mainland_mobile(text) {
        assert_eq!(text.len(), 11);
        assert!(text.bytes().all(|b| b.is_ascii_digit()));
    }
    let _ = account::is_email(text);

    let masked = mask::mask_mobile(text);
    if account::is_mainland_mobile(text) {
        assert_eq!(masked, format!("{}****{}", &text[..3], &text[7..]));
    }

    // A return URL never leaves our hosts: a path on this site, or an http(s) address of ours.
    let hosts = vec!["www.example.cn".to_string()];
    let safe = return_url::safe_return_url(text, &hosts, "m.example.cn");
    if safe.starts_with('/') {
        assert!(!safe.starts_with("//") && !safe.contains('\\'), "{text:?} -> {safe:?}");
    } else {
        let u = url::Url::parse(&safe).unwrap_or_else(|e| panic!("{text:?} -> {safe:?}: {e}"));
        assert!(matches!(u.scheme(), "http" | "https"), "{text:?} -> {safe:?}");
        assert!(matches!(u.host_str(), Some("www.example.cn" | "m.example.cn")), "{text:?} -> {safe:?}");
    }

    let _ = guard::decide(text, false, false);
    let _ = guard::decide(text, true, true);
    let _ = guard::login_url(text);
    let _ = mobile_site::is_mobile_browser(text, false);
    let _ = mobile_site::mobile_target(text, "https://m.example.cn");

    let list = tags::parse_tag_list(text);
    if let Ok(kept) = tags::normalize_tags(&list, &["违禁".to_string()]) {
        assert!(kept.iter().all(|t| !t.trim().is_empty() && !t.contains("违禁")), "{kept:?}");
    }

    // Resume sections: any JSON gets a verdict or a shape error; what normalizes is valid shape.
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
        for section in resume::SECTIONS {
            if let Ok(verdict) = resume::validate(section.name, &value) {
                if verdict.is_empty() {
                    let clean = resume::normalize(section.name, &value).expect("a valid section normalizes");
                    assert!(resume::validate(section.name, &serde_json::Value::Object(clean)).is_ok_and(|v| v.is_empty()));
                }
            }
        }
    }
    // JSON Resume import: every draft it makes is a shape the rules accept.
    if let Ok(imported) = resume::import::from_json_resume(text) {
        for (name, drafts) in &imported.drafts {
            for d in drafts {
                resume::validate(name, &serde_json::Value::Object(d.clone())).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }
}
