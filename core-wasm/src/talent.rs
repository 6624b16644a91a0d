//! A company's private candidate (issue 17): a resume read from a file by the analysis and
//! reviewed by a recruiter before it is saved. The sections are the editor's (resume.rs) and
//! keep its formats and lengths, but a file states only what it states: nothing is required
//! except the candidate's name. Duplicates are found by the normalised mobile and email.

use serde_json::{Map, Value};

use crate::account::{is_email, is_mainland_mobile};
use crate::resume::{normalize, section, split_emails, validate, Kind, Problem, ShapeError, Verdict};

/// The problems that only say "this is required": a private candidate may leave such a field empty.
const REQUIRED_ONLY: &[&str] = &["resume.v.input", "resume.v.select", "resume.v.mobileOrPhone", "resume.v.skillRow"];

/// One section's (or one entry's) values checked as a private candidate's: the editor's rules
/// without the required fields, but the name is required. Empty when valid.
pub fn validate_section(section_name: &str, data: &Value) -> Result<Verdict, ShapeError> {
    let mut verdict = validate(section_name, data)?;
    verdict.retain(|_, p| !REQUIRED_ONLY.contains(&p.key));
    if section_name == "basic" && data.get("name").and_then(Value::as_str).unwrap_or("").trim().is_empty() {
        verdict.insert("name".into(), Problem::new("resume.v.input"));
    }
    Ok(verdict)
}

/// Why a whole set of sections cannot be saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SectionsError {
    /// Not the sections' shape (the server answers BAD_INPUT).
    Shape(String),
    /// A rule failed: where (`basic`, `work.2`) and the verdict there.
    Invalid(String, Verdict),
}

fn entry_data(entry: &Value) -> &Value {
    // An entry is `{id, data}` as the view shows it, or its values alone.
    match entry.get("data") {
        Some(d) if d.is_object() => d,
        _ => entry,
    }
}

fn empty(values: &Map<String, Value>) -> bool {
    values.values().all(|v| match v {
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        _ => false,
    })
}

/// Checks and cleans a private candidate's sections (the view's shape: forms an object or null,
/// lists arrays of entries). Answers them normalised: every field present and trimmed, empty
/// forms null, empty entries dropped, and every list section present. The files sections are
/// not part of it.
pub fn check_sections(sections: &Value) -> Result<Map<String, Value>, SectionsError> {
    let given = sections.as_object().ok_or_else(|| SectionsError::Shape("sections: not an object".into()))?;
    if given.get("basic").is_none_or(Value::is_null) {
        let mut verdict = Verdict::new();
        verdict.insert("name".into(), Problem::new("resume.v.input"));
        return Err(SectionsError::Invalid("basic".into(), verdict));
    }
    let mut out = Map::new();
    for (name, value) in given {
        let s = section(name).ok_or_else(|| SectionsError::Shape(format!("unknown section: {name}")))?;
        let shape = |e: ShapeError| SectionsError::Shape(format!("{name}: {e}"));
        match s.kind {
            Kind::Files => return Err(SectionsError::Shape(format!("{name}: files come with the upload"))),
            Kind::Single => {
                if value.is_null() {
                    out.insert(name.clone(), Value::Null);
                    continue;
                }
                let verdict = validate_section(name, value).map_err(shape)?;
                if !verdict.is_empty() {
                    return Err(SectionsError::Invalid(name.clone(), verdict));
                }
                let clean = normalize(name, value).map_err(shape)?;
                out.insert(name.clone(), if empty(&clean) { Value::Null } else { Value::Object(clean) });
            }
            Kind::List => {
                let list = value.as_array().ok_or_else(|| SectionsError::Shape(format!("{name}: not a list")))?;
                if list.len() > s.max_items {
                    return Err(SectionsError::Shape(format!("{name}: more than {} entries", s.max_items)));
                }
                let mut kept = Vec::new();
                for (i, entry) in list.iter().enumerate() {
                    let data = entry_data(entry);
                    let clean = normalize(name, data).map_err(shape)?;
                    if empty(&clean) {
                        continue;
                    }
                    let verdict = validate_section(name, data).map_err(shape)?;
                    if !verdict.is_empty() {
                        return Err(SectionsError::Invalid(format!("{name}.{i}"), verdict));
                    }
                    kept.push(serde_json::json!({ "id": null, "data": clean }));
                }
                out.insert(name.clone(), Value::Array(kept));
            }
        }
    }
    for s in crate::resume::SECTIONS {
        if !out.contains_key(s.name) && s.kind != Kind::Files {
            out.insert(s.name.into(), if s.kind == Kind::List { Value::Array(Vec::new()) } else { Value::Null });
        }
    }
    Ok(out)
}

/// A mobile as duplicates are matched: its digits without a +86 or 0086 prefix, when that is a
/// mainland mobile; otherwise empty.
pub fn normalise_mobile(mobile: &str) -> String {
    let digits: String = mobile.chars().filter(char::is_ascii_digit).collect();
    let bare = if digits.len() == 13 && digits.starts_with("86") {
        &digits[2..]
    } else if digits.len() == 15 && digits.starts_with("0086") {
        &digits[4..]
    } else {
        &digits
    };
    if is_mainland_mobile(bare) {
        bare.to_string()
    } else {
        String::new()
    }
}

/// An email as duplicates are matched: the first of the field's addresses, trimmed and in
/// lower case, when it is an address; otherwise empty.
pub fn normalise_email(email: &str) -> String {
    let first = split_emails(email).into_iter().next().unwrap_or("").trim().to_lowercase();
    if is_email(&first) {
        first
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_the_name_is_required() {
        assert!(validate_section("basic", &json!({"name": "张伟"})).unwrap().is_empty());
        let v = validate_section("basic", &json!({"name": " ", "mobile": "138"})).unwrap();
        assert_eq!(v.get("name").map(|p| p.key), Some("resume.v.input"));
        assert_eq!(v.get("mobile").map(|p| p.key), Some("resume.v.mobile"), "formats still hold");
        assert!(validate_section("work", &json!({"company": "腾讯"})).unwrap().is_empty());
        let v = validate_section("work", &json!({"start": "2021-03", "end": "2019-01"})).unwrap();
        assert_eq!(v.get("end").map(|p| p.key), Some("resume.v.period"));
        assert!(validate_section("nope", &json!({})).is_err());
    }

    #[test]
    fn sections_are_checked_and_cleaned() {
        let s = json!({
            "basic": {"name": " 张伟 ", "mobile": "13812345678"},
            "work": [{"id": null, "data": {"company": "腾讯"}}, {"company": ""}],
            "assessment": {"selfAssessment": ""},
        });
        let out = check_sections(&s).unwrap();
        assert_eq!(out["basic"]["name"], "张伟");
        assert_eq!(out["work"].as_array().map(Vec::len), Some(1), "the empty entry is dropped");
        assert!(out["assessment"].is_null(), "an empty form is null");
        assert!(out["education"].as_array().is_some_and(Vec::is_empty));
        assert!(!out.contains_key("resumeFile"));
        assert!(matches!(check_sections(&json!({"work": []})), Err(SectionsError::Invalid(w, _)) if w == "basic"));
        assert!(matches!(check_sections(&json!({"basic": {"name": "a"}, "work": [{"start": "2020-13"}]})), Err(SectionsError::Invalid(w, _)) if w == "work.0"));
        assert!(matches!(check_sections(&json!({"basic": {"name": "a"}, "resumeFile": []})), Err(SectionsError::Shape(_))));
        assert!(matches!(check_sections(&json!({"basic": {"name": "a", "evil": 1}})), Err(SectionsError::Shape(_))));
        assert!(matches!(check_sections(&json!([])), Err(SectionsError::Shape(_))));
    }

    #[test]
    fn contacts_are_normalised() {
        assert_eq!(normalise_mobile("+86 138-1234-5678"), "13812345678");
        assert_eq!(normalise_mobile("008613812345678"), "13812345678");
        assert_eq!(normalise_mobile("010-12345678"), "");
        assert_eq!(normalise_email(" Zhang.Wei@Example.COM ; b@c.cn"), "zhang.wei@example.com");
        assert_eq!(normalise_email("not mail"), "");
    }
}
