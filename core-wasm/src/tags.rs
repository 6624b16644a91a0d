//! Interest-tag rules (SPEC section 5 limits for keywords): each tag at most 30 characters,
//! all together at most 200, none containing a forbidden word.

use serde::Serialize;

use crate::answer::{False, True};

pub const TAG_MAX: usize = 30;
pub const TAGS_TOTAL_MAX: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TagProblem {
    /// A tag over 30 characters.
    TooLong(String),
    /// All tags together over 200 characters.
    TotalTooLong,
    /// A tag containing a forbidden word.
    BlackWord { tag: String, word: String },
}

impl TagProblem {
    pub fn key(&self) -> &'static str {
        self.kind().key()
    }

    pub fn kind(&self) -> TagProblemKey {
        match self {
            TagProblem::TooLong(_) => TagProblemKey::TooLong,
            TagProblem::TotalTooLong => TagProblemKey::TotalTooLong,
            TagProblem::BlackWord { .. } => TagProblemKey::BlackWord,
        }
    }
}

/// Which rule a tag list breaks, serialized as its i18n key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum TagProblemKey {
    #[serde(rename = "tags.tooLong")]
    TooLong,
    #[serde(rename = "tags.totalTooLong")]
    TotalTooLong,
    #[serde(rename = "tags.blackWord")]
    BlackWord,
}

impl TagProblemKey {
    pub fn key(self) -> &'static str {
        match self {
            TagProblemKey::TooLong => "tags.tooLong",
            TagProblemKey::TotalTooLong => "tags.totalTooLong",
            TagProblemKey::BlackWord => "tags.blackWord",
        }
    }
}

/// A tag list checked as the server will, as the browser reads it: `{ok: true, tags}` with the
/// normalized list, or `{ok: false, tags: [], problem, tag?, word?}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum TagCheck {
    Ok {
        ok: True,
        tags: Vec<String>,
    },
    Refused {
        ok: False,
        tags: Vec<String>,
        problem: TagProblemKey,
        /// The tag that breaks the rule (none for the total length).
        #[serde(skip_serializing_if = "Option::is_none")]
        tag: Option<String>,
        /// The forbidden word found in `tag`.
        #[serde(skip_serializing_if = "Option::is_none")]
        word: Option<String>,
    },
}

/// [`normalize_tags`] as an answer for the browser.
pub fn check_tags(tags: &[String], black_words: &[String]) -> TagCheck {
    match normalize_tags(tags, black_words) {
        Ok(tags) => TagCheck::Ok { ok: True, tags },
        Err(p) => {
            let problem = p.kind();
            let (tag, word) = match p {
                TagProblem::TooLong(t) => (Some(t), None),
                TagProblem::BlackWord { tag, word } => (Some(tag), Some(word)),
                TagProblem::TotalTooLong => (None, None),
            };
            TagCheck::Refused { ok: False, tags: Vec::new(), problem, tag, word }
        }
    }
}

/// Trims, drops empties and duplicates (keeping the first), then checks the limits.
pub fn normalize_tags(tags: &[String], black_words: &[String]) -> Result<Vec<String>, TagProblem> {
    let mut out: Vec<String> = Vec::new();
    for raw in tags {
        let tag = raw.trim();
        if tag.is_empty() || out.iter().any(|t| t.eq_ignore_ascii_case(tag)) {
            continue;
        }
        if tag.chars().count() > TAG_MAX {
            return Err(TagProblem::TooLong(tag.to_string()));
        }
        let lower = tag.to_lowercase();
        if let Some(word) = black_words.iter().find(|w| !w.trim().is_empty() && lower.contains(&w.trim().to_lowercase())) {
            return Err(TagProblem::BlackWord { tag: tag.to_string(), word: word.clone() });
        }
        out.push(tag.to_string());
    }
    if out.iter().map(|t| t.chars().count()).sum::<usize>() > TAGS_TOTAL_MAX {
        return Err(TagProblem::TotalTooLong);
    }
    Ok(out)
}

/// Tags arrive as a JSON array or as text separated by commas (',' or '，').
pub fn parse_tag_list(input: &str) -> Vec<String> {
    let trimmed = input.trim();
    if trimmed.starts_with('[') {
        if let Ok(list) = serde_json::from_str::<Vec<String>>(trimmed) {
            return list;
        }
    }
    trimmed.split([',', '，']).map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn trims_and_dedupes() {
        assert_eq!(normalize_tags(&s(&[" Java ", "java", "", "前端"]), &[]).unwrap(), s(&["Java", "前端"]));
    }

    #[test]
    fn each_tag_at_most_30() {
        let ok = "一".repeat(30);
        let long = "一".repeat(31);
        assert!(normalize_tags(&[ok], &[]).is_ok());
        assert_eq!(normalize_tags(&[long.clone()], &[]), Err(TagProblem::TooLong(long)));
    }

    #[test]
    fn all_together_at_most_200() {
        let twenty: Vec<String> = (0..20).map(|i| format!("标签{i:02}xxxxxx")).collect(); // 10 chars each
        assert_eq!(twenty.iter().map(|t| t.chars().count()).sum::<usize>(), 200);
        assert!(normalize_tags(&twenty, &[]).is_ok());
        let mut more = twenty.clone();
        more.push("x".into());
        assert_eq!(normalize_tags(&more, &[]), Err(TagProblem::TotalTooLong));
    }

    #[test]
    fn black_words_are_refused_inside_tags_too() {
        let black = s(&["赌博", "Casino"]);
        assert_eq!(
            normalize_tags(&s(&["网络赌博推广"]), &black),
            Err(TagProblem::BlackWord { tag: "网络赌博推广".into(), word: "赌博".into() })
        );
        assert!(matches!(normalize_tags(&s(&["online casino"]), &black), Err(TagProblem::BlackWord { .. })));
        assert!(normalize_tags(&s(&["博士"]), &black).is_ok());
    }

    #[test]
    fn parses_both_list_forms() {
        assert_eq!(parse_tag_list(r#"["Java","前端"]"#), s(&["Java", "前端"]));
        assert_eq!(parse_tag_list("Java,前端，产品"), s(&["Java", "前端", "产品"]));
        assert_eq!(parse_tag_list(""), s(&[""]));
    }

    #[test]
    fn problem_keys_serialize_as_their_i18n_keys() {
        for k in [TagProblemKey::TooLong, TagProblemKey::TotalTooLong, TagProblemKey::BlackWord] {
            assert_eq!(serde_json::to_value(k).unwrap(), serde_json::json!(k.key()));
        }
    }

    #[test]
    fn the_browser_reads_ok_and_the_problem() {
        use serde_json::json;
        let check = |tags: &[&str]| serde_json::to_value(check_tags(&s(tags), &s(&["赌博"]))).unwrap();
        assert_eq!(check(&[" Java ", "java"]), json!({ "ok": true, "tags": ["Java"] }));
        let long = "一".repeat(31);
        assert_eq!(check(&[&long]), json!({ "ok": false, "tags": [], "problem": "tags.tooLong", "tag": long }));
        assert_eq!(
            check(&["网络赌博"]),
            json!({ "ok": false, "tags": [], "problem": "tags.blackWord", "tag": "网络赌博", "word": "赌博" })
        );
        let many: Vec<String> = (0..21).map(|i| format!("标签{i:02}xxxxxx")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        assert_eq!(check(&many), json!({ "ok": false, "tags": [], "problem": "tags.totalTooLong" }));
    }
}
