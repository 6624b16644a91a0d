//! The server's form parsing on arbitrary bodies: every form-encoded call goes through parse_form,
//! then its own field parsing (paging, ids, the job search query, a resume section's JSON). An
//! answer is Ok or an ApiError for the envelope; never a panic.

use crate::server_api::{checked, parse_form, parse_resume_id, parse_search, PageForm, Paging, SaveForm, SearchForm};

pub fn check(body: &[u8]) {
    if let Ok(form) = parse_form::<PageForm>(body) {
        if let Ok(p) = Paging::parse(form.page.as_deref(), form.pagesize.as_deref()) {
            assert!(p.page >= 1 && p.pagesize >= 1, "{p:?}");
        }
    }
    if let Ok(form) = parse_form::<SearchForm>(body) {
        let _ = parse_search(&form);
    }
    if let Ok(form) = parse_form::<SaveForm>(body) {
        let _ = parse_resume_id(&form.resume_id);
        if let Ok(data) = serde_json::from_str::<serde_json::Value>(&form.data) {
            if let Ok(clean) = checked(&form.section, &data) {
                // What the server stores passes the same rules again.
                assert!(checked(&form.section, &serde_json::Value::Object(clean)).is_ok());
            }
        }
    }
}
