//! Plain text in UTF-8 (with or without BOM), UTF-16 with a BOM, or a legacy Chinese encoding
//! (GBK, GB18030, Big5) guessed by chardetng and decoded by encoding_rs.

use super::Failure;

/// Text by its bytes: a UTF-16 BOM, or no control bytes but tab, line ends and form feed.
pub fn looks_like_text(b: &[u8]) -> bool {
    if b.starts_with(&[0xFF, 0xFE]) || b.starts_with(&[0xFE, 0xFF]) {
        return true;
    }
    !b.is_empty() && b.iter().all(|&c| c >= 0x20 || matches!(c, b'\t' | b'\n' | b'\r' | 0x0C)) && b[0] != 0x7F
}

pub fn text(bytes: &[u8]) -> Result<String, Failure> {
    if let Some((encoding, _)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, _, _) = encoding.decode(bytes);
        return Ok(text.into_owned());
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s.to_string());
    }
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    // No top-level domain to hint with; mainland Chinese text is what we expect.
    let encoding = detector.guess(Some(b"cn"), chardetng::Utf8Detection::Allow);
    let (text, used, had_errors) = encoding.decode(bytes);
    if had_errors {
        tracing::info!(encoding = used.name(), "text decoded with replacements");
    }
    Ok(text.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_gbk_and_gb18030() {
        let s = "姓名：张三\n工作经历\n2019.07-至今 腾讯科技（深圳）有限公司 高级工程师\n";
        let (gbk, _, _) = encoding_rs::GBK.encode(s);
        assert_eq!(text(&gbk).ok().as_deref(), Some(s));
        let (gb, _, _) = encoding_rs::GB18030.encode("履历：𠀀 张三 工作经历 教育背景 本科 计算机科学与技术");
        assert!(text(&gb).is_ok_and(|t| t.contains("教育背景")));
        let mut utf16 = vec![0xFF, 0xFE];
        for u in "张三 工作".encode_utf16() {
            utf16.extend_from_slice(&u.to_le_bytes());
        }
        assert_eq!(text(&utf16).ok().as_deref(), Some("张三 工作"));
    }
}
