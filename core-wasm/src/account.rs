//! Account input rules (SPEC section 5): the password rule and the input filters; and the user
//! record the server answers a log-in check with.

use serde::{Deserialize, Serialize};

/// The user record of SPEC section 3: what `/pclogin/islogin` and the log-ins answer, and what
/// the ui keeps as the logged-in user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct UserRecord {
    pub mobile: String,
    pub has_password: bool,
    /// Where the header's "resume" link goes.
    pub url: String,
    pub name: String,
    pub resume_id: i64,
    pub resume_type: i32,
    /// A resume that exists but holds nothing yet (0 when none).
    pub empty_resume_id: i64,
    pub zx_info: Option<ZxInfo>,
}

/// The partner platform a user came from (see the server's partner links).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct ZxInfo {
    pub zx_login: bool,
    /// The platform id.
    pub p: String,
    pub id: String,
}

/// Why a password is refused; the ui turns the key into a message in the user's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordProblem {
    Length,
    Space,
    OnlyDigits,
    OnlyLetters,
    /// Among the 10,000 most common passwords (checked on the server: see `is_common_password`).
    Common,
}

impl PasswordProblem {
    /// The i18n key the ui shows and the server returns as the message key.
    pub fn key(self) -> &'static str {
        match self {
            PasswordProblem::Length => "password.length",
            PasswordProblem::Space => "password.space",
            PasswordProblem::OnlyDigits => "password.onlyDigits",
            PasswordProblem::OnlyLetters => "password.onlyLetters",
            PasswordProblem::Common => "password.common",
        }
    }
}

pub const PASSWORD_MIN: usize = 6;
pub const PASSWORD_MAX: usize = 20;

/// 6-20 characters, no whitespace, not only digits, not only letters.
pub fn password_problem(password: &str) -> Option<PasswordProblem> {
    let len = password.chars().count();
    if password.chars().any(char::is_whitespace) {
        return Some(PasswordProblem::Space);
    }
    if !(PASSWORD_MIN..=PASSWORD_MAX).contains(&len) {
        return Some(PasswordProblem::Length);
    }
    if password.chars().all(|c| c.is_ascii_digit()) {
        return Some(PasswordProblem::OnlyDigits);
    }
    if password.chars().all(char::is_alphabetic) {
        return Some(PasswordProblem::OnlyLetters);
    }
    None
}

/// Whether a password is among the most common ones (data/common-passwords.txt), ignoring case.
/// Native only: the 80 KB list stays out of the browser's wasm, which shows the server's answer.
#[cfg(not(target_arch = "wasm32"))]
pub fn is_common_password(password: &str) -> bool {
    use std::collections::HashSet;
    use std::sync::OnceLock;
    static LIST: OnceLock<HashSet<&'static str>> = OnceLock::new();
    let list = LIST.get_or_init(|| include_str!("../data/common-passwords.txt").lines().filter(|l| !l.is_empty()).collect());
    list.contains(password.to_lowercase().as_str())
}

/// A new password's problem: SPEC §5's rule, then the common-password list (native only).
#[cfg(not(target_arch = "wasm32"))]
pub fn new_password_problem(password: &str) -> Option<PasswordProblem> {
    password_problem(password).or_else(|| is_common_password(password).then_some(PasswordProblem::Common))
}

/// The phone input keeps digits only.
pub fn keep_digits(input: &str) -> String {
    input.chars().filter(|c| c.is_ascii_digit()).collect()
}

/// Whether a character is a Chinese (CJK) character, including punctuation a Chinese IME types.
pub fn is_chinese(c: char) -> bool {
    matches!(c as u32,
        0x3000..=0x303F   // CJK symbols and punctuation
        | 0x3400..=0x4DBF // extension A
        | 0x4E00..=0x9FFF // unified ideographs
        | 0xF900..=0xFAFF // compatibility ideographs
        | 0xFF00..=0xFFEF // full-width forms
        | 0x20000..=0x2FA1F)
}

/// The password input strips Chinese characters.
pub fn strip_chinese(input: &str) -> String {
    input.chars().filter(|c| !is_chinese(*c)).collect()
}

/// A mainland mobile number: 11 digits starting with 1 and a second digit 3-9.
pub fn is_mainland_mobile(mobile: &str) -> bool {
    let b = mobile.as_bytes();
    b.len() == 11 && b[0] == b'1' && (b'3'..=b'9').contains(&b[1]) && b.iter().all(u8::is_ascii_digit)
}

pub const EMAIL_MAX: usize = 100;

/// A plain mailbox address: one '@', a dotted domain, no spaces, at most 100 characters.
pub fn is_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    let label_ok = |l: &str| !l.is_empty() && l.chars().all(|c| c.is_alphanumeric() || c == '-') && !l.starts_with('-') && !l.ends_with('-');
    email.chars().count() <= EMAIL_MAX
        && !local.is_empty()
        && local.chars().all(|c| c.is_alphanumeric() || "._%+-".contains(c))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && domain.contains('.')
        && domain.split('.').all(label_ok)
        && domain.rsplit('.').next().is_some_and(|tld| tld.chars().count() >= 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_length_boundaries() {
        assert_eq!(password_problem("ab12c"), Some(PasswordProblem::Length));
        assert_eq!(password_problem("ab12cd"), None);
        assert_eq!(password_problem("abcdefghij1234567890"), None);
        assert_eq!(password_problem("abcdefghij12345678901"), Some(PasswordProblem::Length));
    }

    #[test]
    fn password_refuses_spaces_and_single_kinds() {
        assert_eq!(password_problem("abc 1234"), Some(PasswordProblem::Space));
        assert_eq!(password_problem("12345678"), Some(PasswordProblem::OnlyDigits));
        assert_eq!(password_problem("abcdefgh"), Some(PasswordProblem::OnlyLetters));
        assert_eq!(password_problem("demo1234"), None);
        assert_eq!(password_problem("!!!!!!!"), None);
    }

    #[test]
    fn common_passwords_are_refused_whatever_their_case() {
        for common in ["abc12345", "Passw0rd", "1qaz2wsx", "woaini1314", "QQ123456"] {
            assert_eq!(password_problem(common), None, "{common} passes SPEC's rule alone");
            assert_eq!(new_password_problem(common), Some(PasswordProblem::Common), "{common}");
        }
        assert_eq!(new_password_problem("demo1234"), None);
        assert_eq!(new_password_problem("12345678"), Some(PasswordProblem::OnlyDigits), "SPEC's rule first");
        let lines = include_str!("../data/common-passwords.txt").lines().count();
        assert!((9_000..=11_000).contains(&lines), "{lines}");
    }

    #[test]
    fn problem_keys_are_distinct() {
        let keys = [
            PasswordProblem::Length.key(),
            PasswordProblem::Space.key(),
            PasswordProblem::OnlyDigits.key(),
            PasswordProblem::OnlyLetters.key(),
            PasswordProblem::Common.key(),
        ];
        for (i, a) in keys.iter().enumerate() {
            assert!(keys[i + 1..].iter().all(|b| a != b));
        }
    }

    #[test]
    fn filters() {
        assert_eq!(keep_digits("138-0000 0000a"), "13800000000");
        assert_eq!(strip_chinese("密码abc123，。"), "abc123");
        assert_eq!(strip_chinese("abc!@#"), "abc!@#");
    }

    #[test]
    fn emails() {
        for ok in ["a@b.cn", "zhang.wei+jobs@example.com.cn", "li_na@qq.com", "张伟@例子.中国"] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in ["", "a@b", "a@@b.cn", "a b@c.cn", "@b.cn", "a@.cn", "a@b.c", ".a@b.cn", "a..b@c.cn", "a@-b.cn"] {
            assert!(!is_email(bad), "{bad}");
        }
        assert!(!is_email(&format!("{}@b.cn", "a".repeat(100))));
    }

    #[test]
    fn mainland_mobiles() {
        assert!(is_mainland_mobile("13800000000"));
        assert!(!is_mainland_mobile("12800000000"));
        assert!(!is_mainland_mobile("1380000000"));
        assert!(!is_mainland_mobile("1380000000a"));
    }

    #[test]
    fn the_user_record_in_json() {
        let u = UserRecord {
            mobile: "13800000000".into(),
            has_password: true,
            url: "/my/preview?resumeId=7".into(),
            name: "张伟".into(),
            resume_id: 7,
            resume_type: 1,
            empty_resume_id: 0,
            zx_info: Some(ZxInfo { zx_login: true, p: "9".into(), id: "u1".into() }),
        };
        assert_eq!(
            serde_json::to_value(&u).unwrap(),
            serde_json::json!({
                "mobile": "13800000000", "hasPassword": true, "url": "/my/preview?resumeId=7", "name": "张伟",
                "resumeId": 7, "resumeType": 1, "emptyResumeId": 0, "zxInfo": { "zxLogin": true, "p": "9", "id": "u1" }
            })
        );
    }
}
