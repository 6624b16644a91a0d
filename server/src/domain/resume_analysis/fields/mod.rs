//! From a resume's text to the editor's sections: the text is cut into parts at its headings,
//! the basics are read from label: value pairs and the page's head, and entries (work,
//! education, projects, training) are split at their date ranges. A value is filled only when
//! it was found; select fields take an option code only when the text names one.

pub mod basic;
pub mod dates;
pub mod entries;
pub mod headings;
pub mod options;

use regex::Regex;
use serde_json::{Map, Value};

use headings::{heading, Part};

/// Our own constant patterns (each compiled by a unit test).
pub(crate) fn re(pattern: &str) -> Regex {
    #[allow(clippy::expect_used)]
    Regex::new(pattern).expect("a valid constant pattern")
}

/// One part of the resume: its kind, the heading line as written, and its lines.
#[derive(Debug, Clone)]
pub struct Block<'a> {
    pub part: Part,
    pub title: &'a str,
    pub lines: Vec<&'a str>,
}

/// The text cut at its headings; what comes before the first heading is the head (Basic).
pub fn blocks(text: &str) -> Vec<Block<'_>> {
    let mut out = vec![Block { part: Part::Basic, title: "", lines: Vec::new() }];
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            continue;
        }
        match heading(line) {
            Some(part) => out.push(Block { part, title: line, lines: Vec::new() }),
            None => {
                if let Some(last) = out.last_mut() {
                    last.lines.push(line);
                }
            }
        }
    }
    out
}

/// A line's cells: split at tabs, bars and runs of two or more spaces.
pub fn cells(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes: Vec<(usize, char)> = line.char_indices().collect();
    let mut i = 0;
    while i < bytes.len() {
        let (at, c) = bytes[i];
        let strong = c == '\t' || c == '|' || c == '｜' || c == '│';
        let double = c == ' ' && bytes.get(i + 1).is_some_and(|(_, n)| *n == ' ');
        if strong || double {
            out.push(line[start..at].trim());
            let mut j = i + 1;
            while j < bytes.len() && matches!(bytes[j].1, ' ' | '\t') {
                j += 1;
            }
            start = bytes.get(j).map_or(line.len(), |(a, _)| *a);
            i = j;
            continue;
        }
        i += 1;
    }
    out.push(line[start..].trim());
    out.into_iter().filter(|c| !c.is_empty()).collect()
}

/// Whether a text holds Chinese characters.
pub fn has_cjk(s: &str) -> bool {
    s.chars().any(crate::domain::resume_analysis::extract::is_cjk)
}

/// The analysis of a resume's text: every section of the view's `sections`, forms as objects
/// holding the fields found (or null), lists as `[{id: null, data}]`.
pub fn sections(text: &str) -> Map<String, Value> {
    let blocks = blocks(text);
    let mut found = Found::default();
    basic::read(&blocks, text, &mut found);
    entries::read(&blocks, &mut found);
    if found.basic.get("education").is_none() {
        if let Some(best) = found
            .lists
            .get("education")
            .into_iter()
            .flatten()
            .filter_map(|e| e.get("level").and_then(Value::as_str))
            .max_by_key(|l| options::level_rank(l))
        {
            found.basic.insert("education".into(), Value::from(best));
        }
    }
    found.into_sections()
}

/// What was found, before it takes the view's shape.
#[derive(Debug, Default)]
pub struct Found {
    pub basic: Map<String, Value>,
    pub assessment: Map<String, Value>,
    pub intention: Map<String, Value>,
    pub skills_text: Option<String>,
    pub lists: std::collections::BTreeMap<&'static str, Vec<Map<String, Value>>>,
}

impl Found {
    pub fn push(&mut self, section: &'static str, entry: Map<String, Value>) {
        let list = self.lists.entry(section).or_default();
        if list.len() < core_wasm::resume::ENTRIES_MAX && !list.contains(&entry) {
            list.push(entry);
        }
    }

    fn into_sections(self) -> Map<String, Value> {
        let mut out = Map::new();
        let form = |m: Map<String, Value>, name: &str| if m.is_empty() { Value::Null } else { Value::Object(fit(name, m)) };
        for s in core_wasm::resume::SECTIONS {
            let value = match s.name {
                "basic" => form(self.basic.clone(), "basic"),
                "assessment" => form(self.assessment.clone(), "assessment"),
                "intention" => form(self.intention.clone(), "intention"),
                "skillsText" => match &self.skills_text {
                    Some(t) => Value::Object(fit("skillsText", Map::from_iter([("text".to_string(), Value::from(t.as_str()))]))),
                    None => Value::Null,
                },
                "pasted" => Value::Null,
                _ if s.kind == core_wasm::resume::Kind::List => Value::Array(
                    self.lists
                        .get(s.name)
                        .into_iter()
                        .flatten()
                        .map(|data| serde_json::json!({"id": null, "data": Value::Object(fit(s.name, data.clone()))}))
                        .collect(),
                ),
                _ => continue,
            };
            out.insert(s.name.to_string(), value);
        }
        out
    }
}

/// Keeps only the section's own fields, each cut to its maximum length.
fn fit(section: &str, data: Map<String, Value>) -> Map<String, Value> {
    use core_wasm::resume::Max;
    let Some(s) = core_wasm::resume::section(section) else { return Map::new() };
    let mut out = Map::new();
    for (k, v) in data {
        let Some(field) = s.fields.iter().find(|f| f.name == k) else { continue };
        let v = match (v, field.max) {
            (Value::String(text), Some(max)) => {
                let mut cut = String::new();
                for c in text.chars() {
                    let next = format!("{cut}{c}");
                    let over = match max {
                        Max::Chars(n) => next.chars().count() > n,
                        Max::Width(n) => core_wasm::resume::width(&next) > n,
                    };
                    if over {
                        break;
                    }
                    cut.push(c);
                }
                Value::from(cut.trim().to_string())
            }
            (v, _) => v,
        };
        if v.as_str().is_some_and(str::is_empty) {
            continue;
        }
        out.insert(k, v);
    }
    out
}

/// Whether the analysis found anything a person would keep: a name, a contact, or an entry of
/// work or education.
pub fn usable(sections: &Map<String, Value>) -> bool {
    let basic = sections.get("basic").and_then(Value::as_object);
    let has = |f: &str| basic.is_some_and(|b| b.get(f).and_then(Value::as_str).is_some_and(|s| !s.is_empty()));
    let entries = |s: &str| sections.get(s).and_then(Value::as_array).is_some_and(|a| !a.is_empty());
    has("name") || has("mobile") || has("email") || entries("work") || entries("education")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_cells() {
        assert_eq!(cells("姓名\t张三 | 性别：男  年龄：28"), vec!["姓名", "张三", "性别：男", "年龄：28"]);
        assert_eq!(cells("Tencent Co., Ltd."), vec!["Tencent Co., Ltd."]);
    }

    #[test]
    fn cuts_at_headings() {
        let b = blocks("张三\n13800138000\n工作经历\n2019.07-至今 腾讯\n教育背景\n2015.09-2019.06 北京大学");
        let parts: Vec<Part> = b.iter().map(|b| b.part).collect();
        assert_eq!(parts, vec![Part::Basic, Part::Work, Part::Education]);
        assert_eq!(b[1].lines, vec!["2019.07-至今 腾讯"]);
    }
}
