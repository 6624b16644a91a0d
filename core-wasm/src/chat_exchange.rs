//! Chat's exchange cards (issue 32): the WeChat id a user gives for 交换微信, checked by the account
//! setting and the composer before sending and by the server again.

/// The fewest and most characters of a WeChat id (WeChat's own rule).
pub const WECHAT_ID_MIN: usize = 6;
pub const WECHAT_ID_MAX: usize = 20;

/// The i18n key of a WeChat id that is not one (the server's BAD_INPUT names it too).
pub const WECHAT_ID_BAD: &str = "chat.wechatIdBad";

/// The WeChat id as it is kept (trimmed), or WECHAT_ID_BAD: 6-20 of `A-Z a-z 0-9 _ -` starting with
/// a letter (WeChat's rule), or a mainland mobile number, which WeChat also finds people by.
/// Empty clears the setting.
pub fn check_wechat_id(raw: &str) -> Result<String, &'static str> {
    let id = raw.trim();
    if id.is_empty() {
        return Ok(String::new());
    }
    let mobile = id.len() == 11 && id.starts_with('1') && id.bytes().all(|b| b.is_ascii_digit());
    let wechat = (WECHAT_ID_MIN..=WECHAT_ID_MAX).contains(&id.len())
        && id.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if mobile || wechat {
        Ok(id.to_string())
    } else {
        Err(WECHAT_ID_BAD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wechat_id_is_six_to_twenty_safe_characters_from_a_letter() {
        assert_eq!(check_wechat_id("  wxid_abc123 "), Ok("wxid_abc123".into()));
        assert_eq!(check_wechat_id("a-b_c1"), Ok("a-b_c1".into()));
        assert_eq!(check_wechat_id(&format!("a{}", "b".repeat(WECHAT_ID_MAX - 1))).map(|s| s.len()), Ok(WECHAT_ID_MAX));
        for bad in ["abcde", "1abcdef", "_abcdef", "abc def", "微信号abcdef", "abc.def", &format!("a{}", "b".repeat(WECHAT_ID_MAX))] {
            assert_eq!(check_wechat_id(bad), Err(WECHAT_ID_BAD), "{bad:?}");
        }
    }

    #[test]
    fn a_mobile_number_is_a_wechat_id_and_empty_clears_it() {
        assert_eq!(check_wechat_id("13800138000"), Ok("13800138000".into()));
        assert_eq!(check_wechat_id("23800138000"), Err(WECHAT_ID_BAD));
        assert_eq!(check_wechat_id("   "), Ok(String::new()));
    }
}
