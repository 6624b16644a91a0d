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
