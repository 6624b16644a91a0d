//! Every path into the server crate that the checks use, and only here: when the server's
//! modules move or a signature changes, this is the one file to follow them.

pub use server::api::candidate::pcuser::PageForm;
pub use server::api::candidate::resume::{checked, SaveForm};
pub use server::api::candidate::resume_files::{content_matches, multipart, read_parts, reencode_photo, sniff};
pub use server::api::public::jobs::{parse_search, SearchForm};
pub use server::domain::auth::{decode_token, issue_token, Keys};
pub use server::ids::{now_ms, ResumeId, SessionId, UserId};
pub use server::web::form::parse_form;
pub use server::web::paging::Paging;

/// A form's resume id, read as the save call reads it.
pub fn parse_resume_id(raw: &str) -> Option<ResumeId> {
    server::ids::parse_id::<ResumeId>(raw, "resumeId").ok()
}
