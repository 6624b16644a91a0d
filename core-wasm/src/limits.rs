//! The limits the ui shows or enforces before asking the server, gathered for JavaScript under
//! the names of their Rust constants, so the ui never repeats a number.

use serde::Serialize;

use crate::{account, company, resume, tags};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Limits {
    /// Characters in one interest tag.
    pub tag_max: usize,
    /// Characters in all interest tags together.
    pub tags_total_max: usize,
    pub password_min: usize,
    pub password_max: usize,
    /// Characters in an email address.
    pub email_max: usize,
    /// Characters in one keyword of the resume's intention.
    pub keyword_max: usize,
    /// Characters in all those keywords together.
    pub keywords_total_max: usize,
    /// Entries in one list section of the resume.
    pub entries_max: usize,
    pub resume_files_max: usize,
    pub attachments_max: usize,
    /// Bytes in one uploaded file.
    pub upload_max_bytes: u64,
    /// Bytes in a JSON Resume file to import.
    pub import_max_bytes: usize,
    /// Characters in a recruiter's own name and title.
    pub member_name_max: usize,
    pub member_title_max: usize,
}

pub const LIMITS: Limits = Limits {
    tag_max: tags::TAG_MAX,
    tags_total_max: tags::TAGS_TOTAL_MAX,
    password_min: account::PASSWORD_MIN,
    password_max: account::PASSWORD_MAX,
    email_max: account::EMAIL_MAX,
    keyword_max: resume::KEYWORD_MAX,
    keywords_total_max: resume::KEYWORDS_TOTAL_MAX,
    entries_max: resume::ENTRIES_MAX,
    resume_files_max: resume::RESUME_FILES_MAX,
    attachments_max: resume::ATTACHMENTS_MAX,
    upload_max_bytes: resume::UPLOAD_MAX_BYTES,
    import_max_bytes: resume::import::IMPORT_MAX_BYTES,
    member_name_max: company::MEMBER_NAME_MAX,
    member_title_max: company::MEMBER_TITLE_MAX,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_as_the_constants() {
        let v = serde_json::to_value(LIMITS).unwrap();
        assert_eq!(v["TAG_MAX"], 30);
        assert_eq!(v["TAGS_TOTAL_MAX"], 200);
        assert_eq!(v["UPLOAD_MAX_BYTES"], 2 * 1024 * 1024);
        assert_eq!(v.as_object().map(|o| o.len()), Some(14));
    }
}
