//! The company's pictures (issue 15): its logo, business licence, photos and the video's cover.
//! The recruiter page checks a file with these rules before sending it, and the server again.

use crate::resume::extension;

/// A picture may be this big as sent; the server keeps a re-encoded copy.
pub const COMPANY_PICTURE_MAX_BYTES: u64 = 5 * 1024 * 1024;
/// How many photos a company page shows.
pub const COMPANY_PHOTOS_MAX: usize = 9;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompanyFileKind {
    Logo,
    /// The business licence: kept for the admin console's verification, never public.
    Licence,
    Photo,
    VideoCover,
}

impl CompanyFileKind {
    pub const ALL: [CompanyFileKind; 4] = [Self::Logo, Self::Licence, Self::Photo, Self::VideoCover];

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == s)
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Logo => "logo",
            Self::Licence => "licence",
            Self::Photo => "photo",
            Self::VideoCover => "videoCover",
        }
    }

    /// Photos add up to COMPANY_PHOTOS_MAX; every other kind is one picture, replaced by a new one.
    pub fn max_count(self) -> usize {
        match self {
            Self::Photo => COMPANY_PHOTOS_MAX,
            _ => 1,
        }
    }

    /// The largest box the kept copy fits, in pixels: the licence keeps enough to read its text.
    pub fn kept_box(self) -> (u32, u32) {
        match self {
            Self::Logo => (400, 400),
            Self::Licence => (2400, 2400),
            Self::Photo | Self::VideoCover => (1600, 1200),
        }
    }
}

pub const COMPANY_PICTURE_EXTENSIONS: [&str; 4] = ["jpg", "jpeg", "png", "gif"];

/// What is wrong with a picture before it is sent: the i18n key `company.upload.format`,
/// `company.upload.size` or `company.upload.count`, or None. `existing` is how many pictures of
/// the kind the company has.
pub fn company_upload_problem(kind: CompanyFileKind, file_name: &str, size: u64, existing: usize) -> Option<&'static str> {
    if !COMPANY_PICTURE_EXTENSIONS.contains(&extension(file_name).as_str()) {
        return Some("company.upload.format");
    }
    if size == 0 || size > COMPANY_PICTURE_MAX_BYTES {
        return Some("company.upload.size");
    }
    if kind == CompanyFileKind::Photo && existing >= kind.max_count() {
        return Some("company.upload.count");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_by_name_size_and_count() {
        assert_eq!(company_upload_problem(CompanyFileKind::Logo, "logo.PNG", 1000, 0), None);
        assert_eq!(company_upload_problem(CompanyFileKind::Logo, "logo.pdf", 1000, 0), Some("company.upload.format"));
        assert_eq!(company_upload_problem(CompanyFileKind::Logo, "png", 1000, 0), Some("company.upload.format"));
        assert_eq!(company_upload_problem(CompanyFileKind::Licence, "a.jpg", 0, 0), Some("company.upload.size"));
        assert_eq!(company_upload_problem(CompanyFileKind::Licence, "a.jpg", COMPANY_PICTURE_MAX_BYTES, 0), None);
        assert_eq!(company_upload_problem(CompanyFileKind::Licence, "a.jpg", COMPANY_PICTURE_MAX_BYTES + 1, 0), Some("company.upload.size"));
        assert_eq!(company_upload_problem(CompanyFileKind::Photo, "a.gif", 10, 8), None);
        assert_eq!(company_upload_problem(CompanyFileKind::Photo, "a.gif", 10, 9), Some("company.upload.count"));
        assert_eq!(company_upload_problem(CompanyFileKind::Logo, "a.gif", 10, 1), None, "a logo replaces the old one");
        for k in CompanyFileKind::ALL {
            assert_eq!(CompanyFileKind::parse(k.name()), Some(k));
        }
        assert_eq!(CompanyFileKind::parse("Logo"), None);
    }
}

/// Whether `c` is invisible or a control: zero-width spaces and joiners, the byte-order mark, soft
/// hyphens, bidirectional marks and the other format characters, and C0/C1 controls. A company
/// name keeps none of them: they make a look-alike of another company's name.
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}' | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}' | '\u{E0000}'..='\u{E0FFF}')
}

/// A company's full name or brand as it is stored and shown: as typed, without invisible
/// characters, with runs of white space made one space, trimmed.
pub fn display_name(name: &str) -> String {
    let visible: String = name.chars().filter(|c| !is_invisible(*c)).collect();
    visible.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The key two company names are compared by (unique full names and brands, the block groups):
/// NFKC (full-width and half-width forms, compatibility characters folded), lower case, without
/// invisible characters, white space or the middle dots and dashes names are written with or
/// without. `阿里巴巴（中国）有限公司` with a zero-width space, `阿里巴巴(中国)有限公司` and
/// `阿里巴巴 （中国） 有限公司` are one key. Native only: the browser compares nothing.
#[cfg(not(target_arch = "wasm32"))]
pub fn name_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let visible: String = name.chars().filter(|c| !is_invisible(*c)).collect();
    visible
        .nfkc()
        .flat_map(char::to_lowercase)
        .filter(|c| !c.is_whitespace() && !is_invisible(*c) && !matches!(c, '·' | '・' | '-' | '‐' | '‑' | '–' | '—' | '_' | '.'))
        .collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod name_tests {
    use super::*;

    #[test]
    fn look_alike_names_have_one_key_and_show_as_typed() {
        let real = "阿里巴巴（中国）有限公司";
        for look_alike in ["阿里巴巴（中国）有限公司\u{200B}", "阿里巴巴(中国)有限公司", " 阿里巴巴 （中国）\u{FEFF}有限公司", "阿里巴巴\u{2060}（中国）有限公司\u{00AD}"] {
            assert_eq!(name_key(look_alike), name_key(real), "{look_alike:?}");
        }
        assert_eq!(name_key("ＡＢＣ科技"), name_key("abc科技"), "full-width letters and case");
        assert_ne!(name_key("阿里巴巴（中国）有限公司"), name_key("阿里巴巴（杭州）有限公司"));
        assert_eq!(display_name(" 阿里巴巴\u{200B}（中国）  有限公司\u{FEFF} "), "阿里巴巴（中国） 有限公司");
        assert_eq!(display_name("\u{200B}\u{200D}"), "", "only invisible: empty, refused as blank");
    }
}

/// The most characters of a member's own name, which candidates see on the jobs the member answers for.
pub const MEMBER_NAME_MAX: usize = 30;
/// The most characters of a member's title (职务, such as HR经理), shown beside the name.
pub const MEMBER_TITLE_MAX: usize = 20;

/// What is wrong with a member's own name and title, as (field, i18n key): the name is required,
/// both are bounded (after trimming). None when the server will take them.
pub fn member_profile_problem(name: &str, title: &str) -> Option<(&'static str, &'static str)> {
    let name = name.trim();
    if name.is_empty() {
        Some(("name", "recruit.account.nameRequired"))
    } else if name.chars().count() > MEMBER_NAME_MAX {
        Some(("name", "recruit.account.nameTooLong"))
    } else if title.trim().chars().count() > MEMBER_TITLE_MAX {
        Some(("title", "recruit.account.titleTooLong"))
    } else {
        None
    }
}

#[cfg(test)]
mod member_profile_tests {
    use super::*;

    #[test]
    fn a_name_is_required_and_both_are_bounded() {
        assert_eq!(member_profile_problem("  ", ""), Some(("name", "recruit.account.nameRequired")));
        assert_eq!(member_profile_problem(&"王".repeat(MEMBER_NAME_MAX + 1), ""), Some(("name", "recruit.account.nameTooLong")));
        assert_eq!(member_profile_problem(&"王".repeat(MEMBER_NAME_MAX), &"经".repeat(MEMBER_TITLE_MAX + 1)), Some(("title", "recruit.account.titleTooLong")));
        assert_eq!(member_profile_problem(" 王女士 ", "HR经理"), None);
        assert_eq!(member_profile_problem("王女士", ""), None);
    }
}
