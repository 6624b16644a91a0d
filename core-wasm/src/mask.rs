//! The masked mobile shown wherever a mobile number is displayed.

/// Keeps the first 3 and the last 4 characters and puts `****` between them.
/// Inputs too short to hide anything are returned unchanged.
pub fn mask_mobile(mobile: &str) -> String {
    let chars: Vec<char> = mobile.trim().chars().collect();
    if chars.len() < 7 {
        return mobile.trim().to_string();
    }
    let head: String = chars[..3].iter().collect();
    let tail: String = chars[chars.len() - 4..].iter().collect();
    format!("{head}****{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_a_mainland_mobile() {
        assert_eq!(mask_mobile("13800000000"), "138****0000");
        assert_eq!(mask_mobile("13912345678"), "139****5678");
    }

    #[test]
    fn trims_before_masking() {
        assert_eq!(mask_mobile(" 13912345678 "), "139****5678");
    }

    #[test]
    fn short_values_are_left_alone() {
        assert_eq!(mask_mobile(""), "");
        assert_eq!(mask_mobile("123456"), "123456");
        assert_eq!(mask_mobile("1234567"), "123****4567");
    }
}
