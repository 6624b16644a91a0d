//! The resume's sections, fields and rules (SPEC sections 2, 3 and 5), once for the browser and the server.
//!
//! A section is described by a table of fields: its widget (which also says how the value is
//! checked), whether it is required, its maximum length and its format. The editor draws its
//! forms from this table and validates as the user types; the server answers the same JSON
//! with the same verdict. A verdict maps a field name to a [`Problem`] whose `key` is an i18n key.
//!
//! Lengths: the limits SPEC section 5 names count characters (a Chinese character is one), as
//! the tag rules do. The other, generic limits of short one-line fields count a Chinese
//! character as 2 (the generic form rule "with a Chinese character counted as 2").

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::account::{is_chinese, is_email, is_mainland_mobile};

/// How a value is entered, and so which shape it must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "options")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Widget {
    Input,
    /// Several lines of text.
    Text,
    /// One of the given codes; the ui labels them `resume.opt.<list>.<code>`.
    Select(&'static str),
    /// `YYYY-MM`.
    Month,
    /// `YYYY-MM`, or `now` for "to date".
    MonthOrNow,
    /// `YYYY-MM-DD`.
    Date,
    /// Digits only.
    Number,
    /// A list of keywords (the one JSON array among the values).
    Keywords,
}

/// A maximum length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "limit")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Max {
    /// Characters, a Chinese character counted as 1 (SPEC section 5's limits).
    Chars(usize),
    /// The generic rule: a Chinese character counted as 2.
    Width(usize),
}

/// A format rule beyond the widget's own shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Format {
    None,
    /// Up to 3 addresses separated by ';', ',' or spaces, each a valid email.
    Emails,
    /// An http(s) URL.
    Url,
    /// A QQ number: digits, 5 to 12 of them.
    Qq,
    Mobile,
    /// A fixed-line number: digits with optional '+', '-', spaces and parentheses, 7 to 20 long.
    Phone,
    /// Six digits.
    PostalCode,
    /// A mainland mobile or an email address.
    MobileOrEmail,
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Field {
    pub name: &'static str,
    pub widget: Widget,
    pub required: bool,
    pub max: Option<Max>,
    pub format: Format,
}

/// What a section holds: one form, a list of entries, or uploaded files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Kind {
    Single,
    List,
    Files,
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Section {
    pub name: &'static str,
    pub kind: Kind,
    pub fields: &'static [Field],
    /// The most entries (List) or files (Files) a resume can hold in this section.
    pub max_items: usize,
}

pub const SELF_ASSESSMENT_MAX: usize = 500;
pub const CAREER_OBJECTIVE_MAX: usize = 500;
pub const KEYWORD_MAX: usize = 30;
pub const KEYWORDS_TOTAL_MAX: usize = 200;
pub const DUTIES_MAX: usize = 4000;
pub const COMPANY_PROFILE_MAX: usize = 500;
pub const EDUCATION_TEXT_MAX: usize = 800;
pub const TRAINING_DESCRIPTION_MAX: usize = 800;
pub const SKILLS_TEXT_MAX: usize = 1000;
pub const PROJECT_SUMMARY_MAX: usize = 2000;
pub const ADDITIONAL_MAX: usize = 1500;
pub const PASTED_MAX: usize = 20_000;
pub const EMAILS_MAX: usize = 3;
/// Digits in a numeric field (salary in yuan, counts, months): plenty, and it fits an i64.
pub const NUMBER_DIGITS_MAX: usize = 9;
/// Entries in one list section.
pub const ENTRIES_MAX: usize = 20;
pub const RESUME_FILES_MAX: usize = 3;
pub const ATTACHMENTS_MAX: usize = 5;

/// The codes of each select; the ui labels them in both languages.
pub const OPTIONS: &[(&str, &[&str])] = &[
    ("gender", &["1", "2"]),
    ("city", &["beijing", "shanghai", "guangzhou", "shenzhen", "hangzhou", "chengdu", "wuhan", "nanjing", "xian", "suzhou", "tianjin", "chongqing", "other"]),
    ("education", &["junior", "highSchool", "secondary", "college", "bachelor", "master", "mba", "doctor", "other"]),
    ("workSince", &["none", "lt1", "1to3", "3to5", "5to10", "gt10"]),
    ("careerStatus", &["looking", "open", "notLooking", "student"]),
    ("marital", &["single", "married", "divorced", "secret"]),
    ("yesNo", &["yes", "no"]),
    ("political", &["masses", "league", "party", "democratic", "other"]),
    ("industry", &["internet", "finance", "manufacturing", "education", "health", "retail", "realEstate", "energy", "logistics", "media", "government", "other"]),
    ("jobType", &["fulltime", "parttime", "intern"]),
    ("onBoard", &["now", "week", "month", "threeMonths", "discuss"]),
    ("companyType", &["private", "foreign", "joint", "state", "listed", "government", "nonprofit", "other"]),
    ("companySize", &["lt50", "50to99", "100to499", "500to999", "1000to9999", "gt10000"]),
    ("language", &["english", "japanese", "korean", "french", "german", "russian", "spanish", "mandarin", "cantonese", "other"]),
    ("languageLevel", &["basic", "fair", "good", "fluent", "native"]),
    ("skillLevel", &["basic", "fair", "good", "expert"]),
];

pub fn options(list: &str) -> &'static [&'static str] {
    OPTIONS.iter().find(|(name, _)| *name == list).map_or(&[], |(_, codes)| codes)
}

const fn f(name: &'static str, widget: Widget) -> Field {
    Field { name, widget, required: false, max: None, format: Format::None }
}
const fn req(name: &'static str, widget: Widget) -> Field {
    Field { name, widget, required: true, max: None, format: Format::None }
}
const fn max(mut field: Field, max: Max) -> Field {
    field.max = Some(max);
    field
}
const fn fmt(mut field: Field, format: Format) -> Field {
    field.format = format;
    field
}

use Max::{Chars, Width};
use Widget::{Input, Keywords, Month, MonthOrNow, Number, Select, Text};

/// A short one-line text: 60 wide (30 Chinese characters).
const fn short(name: &'static str) -> Field {
    max(f(name, Input), Width(60))
}
const fn short_req(name: &'static str) -> Field {
    max(req(name, Input), Width(60))
}

const BASIC: &[Field] = &[
    max(req("title", Input), Width(60)),
    max(req("name", Input), Width(40)),
    req("gender", Select("gender")),
    req("birthday", Widget::Date),
    req("city", Select("city")),
    req("workSince", Select("workSince")),
    req("education", Select("education")),
    short("studentSource"),
    fmt(f("mobile", Input), Format::Mobile),
    fmt(f("telephone", Input), Format::Phone),
    max(fmt(f("email", Input), Format::Emails), Chars(310)),
    req("careerStatus", Select("careerStatus")),
    short("nationality"),
    short("ethnicity"),
    short("hukou"),
    f("marital", Select("marital")),
    f("hasChildren", Select("yesNo")),
    f("political", Select("political")),
    f("overseas", Select("yesNo")),
    max(f("address", Input), Width(200)),
    fmt(f("postalCode", Input), Format::PostalCode),
    max(fmt(f("homePage", Input), Format::Url), Chars(200)),
    fmt(f("qq", Input), Format::Qq),
    max(f("msn", Input), Chars(100)),
];

const ASSESSMENT: &[Field] = &[
    max(req("selfAssessment", Text), Chars(SELF_ASSESSMENT_MAX)),
    max(f("careerObjective", Text), Chars(CAREER_OBJECTIVE_MAX)),
];

const INTENTION: &[Field] = &[
    f("currentIndustry", Select("industry")),
    short("currentCategory"),
    short("currentTitle"),
    f("currentSalary", Number),
    req("jobType", Select("jobType")),
    req("targetCity", Select("city")),
    req("targetIndustry", Select("industry")),
    short_req("targetCategory"),
    f("targetSalary", Number),
    req("onBoard", Select("onBoard")),
    f("keywords", Keywords),
];

const WORK: &[Field] = &[
    short_req("company"),
    req("industry", Select("industry")),
    short_req("jobTitle"),
    short("category"),
    req("start", Month),
    req("end", MonthOrNow),
    f("employmentType", Select("jobType")),
    short("location"),
    f("salary", Number),
    max(req("duties", Text), Chars(DUTIES_MAX)),
    f("companyType", Select("companyType")),
    short("department"),
    f("companySize", Select("companySize")),
    short("reportTo"),
    f("subordinates", Number),
    max(f("companyProfile", Text), Chars(COMPANY_PROFILE_MAX)),
];

const EDUCATION: &[Field] = &[
    short_req("school"),
    req("level", Select("education")),
    short("majorCategory"),
    short_req("major"),
    req("start", Month),
    req("end", MonthOrNow),
    short("location"),
    max(f("description", Text), Chars(EDUCATION_TEXT_MAX)),
    f("classSize", Number),
    short("classRank"),
    f("studentCadre", Select("yesNo")),
    max(f("positions", Text), Chars(EDUCATION_TEXT_MAX)),
    max(f("scholarships", Text), Chars(EDUCATION_TEXT_MAX)),
    max(f("socialPractice", Text), Chars(EDUCATION_TEXT_MAX)),
];

const LANGUAGE: &[Field] = &[
    req("language", Select("language")),
    req("listenSpeak", Select("languageLevel")),
    req("readWrite", Select("languageLevel")),
    short("test"),
    short("score"),
];

const SKILLS_TEXT: &[Field] = &[max(req("text", Text), Chars(SKILLS_TEXT_MAX))];

const TRAINING: &[Field] = &[
    req("start", Month),
    short("duration"),
    short_req("programme"),
    short_req("institution"),
    short("location"),
    short("certificate"),
    max(f("description", Text), Chars(TRAINING_DESCRIPTION_MAX)),
];

const PROJECT: &[Field] = &[
    short_req("name"),
    req("start", Month),
    req("end", MonthOrNow),
    short("position"),
    max(f("environment", Input), Width(200)),
    max(f("tools", Input), Width(200)),
    max(req("summary", Text), Chars(PROJECT_SUMMARY_MAX)),
];

/// Skill recognition: a row needs all three boxes.
const SKILL: &[Field] = &[short_req("name"), req("level", Select("skillLevel")), req("months", Number)];

const CERTIFICATE: &[Field] = &[
    short_req("name"),
    req("date", Month),
    short("institution"),
    max(f("description", Text), Chars(500)),
];

const REFERENCE: &[Field] = &[
    max(req("name", Input), Width(40)),
    short_req("relationship"),
    max(fmt(req("contact", Input), Format::MobileOrEmail), Chars(100)),
    short("company"),
    short("title"),
];

const ADDITIONAL: &[Field] = &[short_req("title"), max(req("description", Text), Chars(ADDITIONAL_MAX))];

const PASTED: &[Field] = &[max(req("text", Text), Chars(PASTED_MAX))];

/// The name of an uploaded file (the file itself comes with the upload).
const ATTACHMENT: &[Field] = &[max(req("name", Input), Width(60))];

/// The sixteen sections of the editor, in SPEC section 2's order.
pub const SECTIONS: &[Section] = &[
    Section { name: "basic", kind: Kind::Single, fields: BASIC, max_items: 1 },
    Section { name: "assessment", kind: Kind::Single, fields: ASSESSMENT, max_items: 1 },
    Section { name: "intention", kind: Kind::Single, fields: INTENTION, max_items: 1 },
    Section { name: "work", kind: Kind::List, fields: WORK, max_items: ENTRIES_MAX },
    Section { name: "education", kind: Kind::List, fields: EDUCATION, max_items: ENTRIES_MAX },
    Section { name: "language", kind: Kind::List, fields: LANGUAGE, max_items: ENTRIES_MAX },
    Section { name: "skillsText", kind: Kind::Single, fields: SKILLS_TEXT, max_items: 1 },
    Section { name: "training", kind: Kind::List, fields: TRAINING, max_items: ENTRIES_MAX },
    Section { name: "project", kind: Kind::List, fields: PROJECT, max_items: ENTRIES_MAX },
    Section { name: "skill", kind: Kind::List, fields: SKILL, max_items: ENTRIES_MAX },
    Section { name: "certificate", kind: Kind::List, fields: CERTIFICATE, max_items: ENTRIES_MAX },
    Section { name: "reference", kind: Kind::List, fields: REFERENCE, max_items: ENTRIES_MAX },
    Section { name: "additional", kind: Kind::List, fields: ADDITIONAL, max_items: ENTRIES_MAX },
    Section { name: "pasted", kind: Kind::Single, fields: PASTED, max_items: 1 },
    Section { name: "resumeFile", kind: Kind::Files, fields: ATTACHMENT, max_items: RESUME_FILES_MAX },
    Section { name: "attachment", kind: Kind::Files, fields: ATTACHMENT, max_items: ATTACHMENTS_MAX },
];

pub fn section(name: &str) -> Option<&'static Section> {
    SECTIONS.iter().find(|s| s.name == name)
}

/// Everything the editor draws its forms from: the sections, the option lists, the upload limit.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Schema {
    pub sections: &'static [Section],
    pub options: BTreeMap<&'static str, &'static [&'static str]>,
    pub upload_max_bytes: u64,
}

pub fn schema() -> Schema {
    Schema { sections: SECTIONS, options: OPTIONS.iter().copied().collect(), upload_max_bytes: UPLOAD_MAX_BYTES }
}

/// The names of the sections, fields and option codes in both languages, shown by the editor and
/// printed in the resume's PDF and JSON export: `{"zh-CN": {section, field, opt}, "en-US": ...}`.
pub const LABELS: &str = include_str!("resume/labels.json");

/// What is wrong with one field: an i18n key, and the limit it names when it names one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Problem {
    pub key: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
}

impl Problem {
    pub fn new(key: &'static str) -> Self {
        Self { key, limit: None }
    }
    pub fn limit(key: &'static str, limit: usize) -> Self {
        Self { key, limit: Some(limit) }
    }
}

/// Field name -> problem; empty when the input is valid. In JSON, the map itself.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Verdict(BTreeMap<String, Problem>);

impl Verdict {
    pub fn new() -> Self {
        Self::default()
    }
}

impl std::ops::Deref for Verdict {
    type Target = BTreeMap<String, Problem>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Verdict {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

/// Input that is not a section's shape at all (no verdict a user could act on): the server
/// answers BAD_INPUT; the editor never sends such input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShapeError {
    UnknownSection(String),
    NotAnObject,
    UnknownField(String),
    WrongType(String),
}

impl std::fmt::Display for ShapeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShapeError::UnknownSection(s) => write!(f, "unknown section: {s}"),
            ShapeError::NotAnObject => f.write_str("data: not an object"),
            ShapeError::UnknownField(s) => write!(f, "unknown field: {s}"),
            ShapeError::WrongType(s) => write!(f, "wrong type: {s}"),
        }
    }
}

/// The generic length: a Chinese character counts 2, any other 1.
pub fn width(s: &str) -> usize {
    s.chars().map(|c| if is_chinese(c) { 2 } else { 1 }).sum()
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// `YYYY-MM` with a month 01-12 and a year 1900-2100.
pub fn is_month(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 7
        && b[4] == b'-'
        && is_digits(&s[..4])
        && is_digits(&s[5..])
        && s[..4].parse::<u32>().is_ok_and(|y| (1900..=2100).contains(&y))
        && s[5..].parse::<u32>().is_ok_and(|m| (1..=12).contains(&m))
}

/// `YYYY-MM-DD`, a day that exists.
pub fn is_date(s: &str) -> bool {
    if s.len() != 10 || s.as_bytes()[7] != b'-' || !is_month(&s[..7]) || !is_digits(&s[8..]) {
        return false;
    }
    let (Ok(y), Ok(m), Ok(d)) = (s[..4].parse::<u32>(), s[5..7].parse::<u32>(), s[8..].parse::<u32>()) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    (1..=days).contains(&d)
}

/// An absolute http(s) URL with a dotted host or localhost, no spaces.
pub fn is_url(s: &str) -> bool {
    if s.chars().any(char::is_whitespace) {
        return false;
    }
    crate::weburl::parse(s).is_some_and(|u| {
        matches!(u.scheme.as_str(), "http" | "https") && u.host.as_deref().is_some_and(|h| h.contains('.') || h == "localhost")
    })
}

pub fn is_phone(s: &str) -> bool {
    let digits = s.chars().filter(char::is_ascii_digit).count();
    (7..=20).contains(&s.chars().count())
        && digits >= 7
        && s.chars().all(|c| c.is_ascii_digit() || "+- ()".contains(c))
}

/// The addresses of an email field: split on ';', ',', '；', '，' and whitespace.
pub fn split_emails(s: &str) -> Vec<&str> {
    s.split(|c: char| c == ';' || c == ',' || c == '；' || c == '，' || c.is_whitespace())
        .filter(|e| !e.is_empty())
        .collect()
}

/// Keywords as a clean list: trimmed, empties dropped.
fn keyword_list(v: &Value) -> Result<Vec<String>, ()> {
    match v {
        Value::Null => Ok(Vec::new()),
        Value::Array(items) => items
            .iter()
            .map(|i| i.as_str().map(|s| s.trim().to_string()).ok_or(()))
            .collect::<Result<Vec<_>, _>>()
            .map(|l| l.into_iter().filter(|s| !s.is_empty()).collect()),
        _ => Err(()),
    }
}

/// The section's values as the server stores them: every field present, strings trimmed,
/// keywords a list of non-empty strings. Fields of other sections are refused.
pub fn normalize(section_name: &str, data: &Value) -> Result<Map<String, Value>, ShapeError> {
    let section = section(section_name).ok_or_else(|| ShapeError::UnknownSection(section_name.to_string()))?;
    let object = data.as_object().ok_or(ShapeError::NotAnObject)?;
    if let Some(unknown) = object.keys().find(|k| !section.fields.iter().any(|f| f.name == k.as_str())) {
        return Err(ShapeError::UnknownField(unknown.clone()));
    }
    let mut out = Map::new();
    for field in section.fields {
        let raw = object.get(field.name).unwrap_or(&Value::Null);
        let value = match field.widget {
            Widget::Keywords => Value::from(keyword_list(raw).map_err(|()| ShapeError::WrongType(field.name.into()))?),
            _ => match raw {
                Value::Null => Value::from(""),
                Value::String(s) => Value::from(s.trim()),
                Value::Number(n) => Value::from(n.to_string()),
                _ => return Err(ShapeError::WrongType(field.name.into())),
            },
        };
        out.insert(field.name.to_string(), value);
    }
    Ok(out)
}

fn check_field(field: &Field, value: &Value) -> Option<Problem> {
    if let Widget::Keywords = field.widget {
        let list: Vec<&str> = value.as_array().map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        if field.required && list.is_empty() {
            return Some(Problem::new("resume.v.input"));
        }
        if list.iter().any(|k| k.chars().count() > KEYWORD_MAX) {
            return Some(Problem::limit("resume.v.keywordTooLong", KEYWORD_MAX));
        }
        if list.iter().map(|k| k.chars().count()).sum::<usize>() > KEYWORDS_TOTAL_MAX {
            return Some(Problem::limit("resume.v.keywordsTooLong", KEYWORDS_TOTAL_MAX));
        }
        return None;
    }
    let s = value.as_str().unwrap_or("");
    if s.is_empty() {
        if !field.required {
            return None;
        }
        let key = match field.widget {
            Widget::Select(_) | Widget::Month | Widget::MonthOrNow | Widget::Date => "resume.v.select",
            _ => "resume.v.input",
        };
        return Some(Problem::new(key));
    }
    match field.max {
        Some(Max::Chars(limit)) if s.chars().count() > limit => return Some(Problem::limit("resume.v.maxChars", limit)),
        Some(Max::Width(limit)) if width(s) > limit => return Some(Problem::limit("resume.v.maxWidth", limit)),
        _ => {}
    }
    let shape_ok = match field.widget {
        Widget::Select(list) => options(list).contains(&s),
        Widget::Month => is_month(s),
        Widget::MonthOrNow => s == "now" || is_month(s),
        Widget::Date => is_date(s),
        Widget::Number => is_digits(s),
        Widget::Input | Widget::Text | Widget::Keywords => true,
    };
    if !shape_ok {
        return Some(match field.widget {
            Widget::Select(_) => Problem::new("resume.v.option"),
            Widget::Number => Problem::new("resume.v.number"),
            _ => Problem::new("resume.v.date"),
        });
    }
    if field.widget == Widget::Number && s.len() > NUMBER_DIGITS_MAX {
        return Some(Problem::limit("resume.v.numberTooLong", NUMBER_DIGITS_MAX));
    }
    let format_ok = match field.format {
        Format::None => true,
        Format::Emails => {
            let list = split_emails(s);
            if list.len() > EMAILS_MAX {
                return Some(Problem::limit("resume.v.emailCount", EMAILS_MAX));
            }
            list.iter().all(|e| is_email(e))
        }
        Format::Url => is_url(s),
        Format::Qq => is_digits(s) && (5..=12).contains(&s.len()),
        Format::Mobile => is_mainland_mobile(s),
        Format::Phone => is_phone(s),
        Format::PostalCode => is_digits(s) && s.len() == 6,
        Format::MobileOrEmail => is_mainland_mobile(s) || is_email(s),
    };
    if !format_ok {
        return Some(Problem::new(match field.format {
            Format::Emails => "resume.v.email",
            Format::Url => "resume.v.url",
            Format::Qq => "resume.v.qq",
            Format::Mobile => "resume.v.mobile",
            Format::Phone => "resume.v.phone",
            Format::PostalCode => "resume.v.postalCode",
            Format::MobileOrEmail | Format::None => "resume.v.contact",
        }));
    }
    None
}

/// The rules that join fields.
fn check_together(section: &Section, data: &Map<String, Value>, verdict: &mut Verdict) {
    let text = |name: &str| data.get(name).and_then(Value::as_str).unwrap_or("");
    if section.name == "basic" && text("mobile").is_empty() && text("telephone").is_empty() {
        verdict.entry("mobile".into()).or_insert_with(|| Problem::new("resume.v.mobileOrPhone"));
    }
    // A period ends after it starts ("now" is always after).
    if section.fields.iter().any(|f| f.name == "end") {
        let (start, end) = (text("start"), text("end"));
        if is_month(start) && is_month(end) && end < start {
            verdict.entry("end".into()).or_insert_with(|| Problem::new("resume.v.period"));
        }
    }
    // A skill row needs all three boxes: any empty box is named with the row rule.
    if section.name == "skill" {
        for name in ["name", "level", "months"] {
            if let Some(p) = verdict.get_mut(name) {
                if p.key == "resume.v.input" || p.key == "resume.v.select" {
                    *p = Problem::new("resume.v.skillRow");
                }
            }
        }
    }
}

/// Checks one section's (or one entry's) values: the verdict is empty when all is well.
pub fn validate(section_name: &str, data: &Value) -> Result<Verdict, ShapeError> {
    let clean = normalize(section_name, data)?;
    let section = section(section_name).ok_or_else(|| ShapeError::UnknownSection(section_name.to_string()))?;
    let mut verdict = Verdict::new();
    for field in section.fields {
        if let Some(problem) = check_field(field, clean.get(field.name).unwrap_or(&Value::Null)) {
            verdict.insert(field.name.to_string(), problem);
        }
    }
    check_together(section, &clean, &mut verdict);
    Ok(verdict)
}

/// Whether a section shows as complete: a form section once its saved values pass every
/// rule, a list or file section once it holds an entry. `items` is how many it holds.
pub fn is_complete(section_name: &str, saved: Option<&Value>, items: usize) -> bool {
    match section(section_name).map(|s| s.kind) {
        Some(Kind::Single) => saved.is_some_and(|v| validate(section_name, v).is_ok_and(|verdict| verdict.is_empty())),
        Some(Kind::List | Kind::Files) => items > 0,
        None => false,
    }
}

/// What an upload is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum UploadKind {
    Photo,
    ResumeFile,
    Attachment,
}

/// Every upload is at most 2 MiB (SPEC: "under 2 MB"); one byte more is refused.
pub const UPLOAD_MAX_BYTES: u64 = 2 * 1024 * 1024;

impl UploadKind {
    pub const ALL: [UploadKind; 3] = [Self::Photo, Self::ResumeFile, Self::Attachment];

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "photo" => Some(Self::Photo),
            "resumeFile" => Some(Self::ResumeFile),
            "attachment" => Some(Self::Attachment),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Photo => "photo",
            Self::ResumeFile => "resumeFile",
            Self::Attachment => "attachment",
        }
    }

    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Self::Photo => &["jpg", "jpeg", "gif", "png"],
            Self::ResumeFile => &["txt", "doc", "docx", "pdf"],
            Self::Attachment => &["doc", "docx", "ppt", "txt", "pdf", "gif", "jpg", "jpeg", "png"],
        }
    }

    /// How many files of the kind a resume holds; a new photo replaces the old one.
    pub fn max_count(self) -> usize {
        match self {
            Self::Photo => 1,
            Self::ResumeFile => RESUME_FILES_MAX,
            Self::Attachment => ATTACHMENTS_MAX,
        }
    }
}

/// The lower-cased extension of a file name ("" when it has none).
pub fn extension(file_name: &str) -> String {
    match file_name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => ext.to_ascii_lowercase(),
        _ => String::new(),
    }
}

/// What the browser can tell before sending a file, and the server checks again: the i18n key
/// `resume.upload.format`, `resume.upload.size` or `resume.upload.count`, or None.
/// `existing` is how many files of the kind the resume holds already.
pub fn upload_problem(kind: UploadKind, file_name: &str, size: u64, existing: usize) -> Option<&'static str> {
    if !kind.extensions().contains(&extension(file_name).as_str()) {
        return Some("resume.upload.format");
    }
    if size == 0 || size > UPLOAD_MAX_BYTES {
        return Some("resume.upload.size");
    }
    if kind != UploadKind::Photo && existing >= kind.max_count() {
        return Some("resume.upload.count");
    }
    None
}

pub mod import;

#[cfg(test)]
mod tests;
