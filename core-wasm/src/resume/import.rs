//! Import from the JSON Resume format (jsonresume.org schema 1.0.0), the inverse of the server's
//! export. The result is a set of drafts, not saved data: JSON Resume has no place for several of
//! our required choices (gender, the target industry, a skill's months), so the editor opens each
//! draft as an unsaved form that the candidate completes and saves, checked by the usual rules.
//!
//! Option names are matched against the labels of both languages (and a few common spellings),
//! so a resume exported in English or Chinese comes back with its codes.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use super::{options, section, Kind, ENTRIES_MAX, LABELS};
use crate::answer::{False, True};

/// The largest file the importer reads; a real resume is a few kilobytes.
pub const IMPORT_MAX_BYTES: usize = 512 * 1024;

/// Drafts by section: one entry for a single section, up to [`ENTRIES_MAX`] for a list.
#[derive(Debug, Default, Serialize, PartialEq)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Imported {
    /// A draft holds every field of its section as normalized values: text, or keywords as a list.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, Record<string, string | string[]>[]>"))]
    pub drafts: BTreeMap<&'static str, Vec<Map<String, Value>>>,
    /// Entries found but left out because their section was full.
    pub dropped: usize,
}

impl Imported {
    pub fn count(&self) -> usize {
        self.drafts.values().map(Vec::len).sum()
    }
}

/// Why a file could not be imported; each serializes as its i18n key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum ImportError {
    #[serde(rename = "resume.import.tooLarge")]
    TooLarge,
    #[serde(rename = "resume.import.notJson")]
    NotJson,
    #[serde(rename = "resume.import.notResume")]
    NotResume,
}

impl ImportError {
    pub fn key(self) -> &'static str {
        match self {
            ImportError::TooLarge => "resume.import.tooLarge",
            ImportError::NotJson => "resume.import.notJson",
            ImportError::NotResume => "resume.import.notResume",
        }
    }
}

/// Common spellings beyond the labels, by option list and code.
const ALIASES: &[(&str, &str, &[&str])] = &[
    ("education", "bachelor", &["bachelor", "bachelors", "bachelor's degree", "ba", "bs", "bsc", "b.s.", "b.a.", "b.sc.", "学士", "大学本科"]),
    ("education", "master", &["master", "masters", "master's degree", "ms", "msc", "ma", "m.s.", "m.a.", "m.sc.", "meng", "硕士研究生", "研究生"]),
    ("education", "doctor", &["phd", "ph.d.", "ph.d", "doctor", "doctoral", "博士研究生"]),
    ("education", "mba", &["mba", "emba"]),
    ("education", "college", &["associate", "associate degree", "专科"]),
    ("languageLevel", "native", &["native speaker", "native or bilingual proficiency", "mother tongue", "bilingual"]),
    ("languageLevel", "fluent", &["full professional proficiency", "advanced", "流利"]),
    ("languageLevel", "good", &["professional working proficiency", "upper intermediate"]),
    ("languageLevel", "fair", &["intermediate", "limited working proficiency"]),
    ("languageLevel", "basic", &["beginner", "elementary", "elementary proficiency", "入门"]),
    ("skillLevel", "expert", &["master", "advanced", "expert level"]),
    ("skillLevel", "good", &["intermediate", "proficient"]),
    ("skillLevel", "basic", &["beginner", "novice"]),
    ("language", "english", &["英文"]),
    ("language", "mandarin", &["chinese", "mandarin chinese", "中文", "汉语"]),
    ("language", "japanese", &["日文"]),
    ("city", "xian", &["xian", "西安市"]),
];

struct Labels(Value);

impl Labels {
    fn load() -> Self {
        Labels(serde_json::from_str(LABELS).unwrap_or(Value::Null))
    }

    /// The code of `list` whose label (in either language) or alias is `text`; empty when none.
    fn code(&self, list: &str, text: &str) -> String {
        let wanted = fold(text);
        if wanted.is_empty() {
            return String::new();
        }
        for &code in options(list) {
            for lang in ["zh-CN", "en-US"] {
                if self.0[lang]["opt"][list][code].as_str().is_some_and(|l| fold(l) == wanted) {
                    return code.to_string();
                }
            }
            if fold(code) == wanted {
                return code.to_string();
            }
        }
        for (l, code, spellings) in ALIASES {
            if *l == list && spellings.iter().any(|s| fold(s) == wanted) {
                return (*code).to_string();
            }
        }
        // A city given as "深圳市" or "Shenzhen, Guangdong".
        if list == "city" {
            let head = wanted.split([',', '，', ' ']).next().unwrap_or("").trim_end_matches('市').to_string();
            if head != wanted {
                return self.code(list, &head);
            }
        }
        String::new()
    }
}

fn fold(s: &str) -> String {
    s.trim().to_lowercase()
}

fn text(v: &Value, key: &str) -> String {
    match &v[key] {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

fn strings(v: &Value, key: &str) -> Vec<String> {
    v[key].as_array().into_iter().flatten().filter_map(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// `YYYY-MM` from an ISO 8601 date (`2014-06-29`, `2014-06`); a year alone is not enough.
fn month(v: &Value, key: &str) -> String {
    let s = text(v, key);
    let head: String = s.chars().take(7).collect();
    if super::is_month(&head) {
        head
    } else {
        String::new()
    }
}

/// The end of a period: absent means "to date", as JSON Resume has it.
fn end_month(v: &Value, key: &str) -> String {
    if text(v, key).is_empty() {
        "now".to_string()
    } else {
        month(v, key)
    }
}

/// Paragraphs joined, highlights as bullet lines.
fn prose(parts: &[String], highlights: &[String]) -> String {
    let mut out: Vec<String> = parts.iter().filter(|p| !p.is_empty()).cloned().collect();
    if !highlights.is_empty() {
        out.push(highlights.iter().map(|h| format!("• {h}")).collect::<Vec<_>>().join("\n"));
    }
    out.join("\n")
}

fn entry(pairs: Vec<(&str, String)>) -> Map<String, Value> {
    pairs.into_iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| (k.to_string(), Value::from(v))).collect()
}

struct Builder {
    out: Imported,
}

impl Builder {
    fn single(&mut self, name: &'static str, values: Map<String, Value>) {
        if !values.is_empty() {
            self.out.drafts.insert(name, vec![values]);
        }
    }

    fn push(&mut self, name: &'static str, values: Map<String, Value>) {
        if values.is_empty() {
            return;
        }
        debug_assert!(section(name).is_some_and(|s| s.kind == Kind::List));
        let list = self.out.drafts.entry(name).or_default();
        if list.len() < ENTRIES_MAX {
            list.push(values);
        } else {
            self.out.dropped += 1;
        }
    }
}

fn items(doc: &Value, key: &str) -> impl Iterator<Item = Value> {
    doc[key].as_array().cloned().unwrap_or_default().into_iter().filter(Value::is_object)
}

/// An import as the browser reads it: `{ok: true, drafts, dropped}` or `{ok: false, problem}`.
#[derive(Debug, PartialEq, Serialize)]
#[serde(untagged)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum ImportAnswer {
    Ok {
        ok: True,
        #[serde(flatten)]
        imported: Imported,
    },
    Refused {
        ok: False,
        problem: ImportError,
    },
}

/// [`from_json_resume`] as an answer for the browser.
pub fn import_answer(text_in: &str) -> ImportAnswer {
    match from_json_resume(text_in) {
        Ok(imported) => ImportAnswer::Ok { ok: True, imported },
        Err(problem) => ImportAnswer::Refused { ok: False, problem },
    }
}

/// Reads a JSON Resume document into drafts for our sections.
pub fn from_json_resume(text_in: &str) -> Result<Imported, ImportError> {
    if text_in.len() > IMPORT_MAX_BYTES {
        return Err(ImportError::TooLarge);
    }
    let doc: Value = serde_json::from_str(text_in.trim_start_matches('\u{feff}')).map_err(|_| ImportError::NotJson)?;
    if !doc.is_object() {
        return Err(ImportError::NotResume);
    }
    const KNOWN: &[&str] = &["basics", "work", "volunteer", "education", "awards", "certificates", "publications", "skills", "languages", "interests", "references", "projects"];
    if !KNOWN.iter().any(|k| !doc[*k].is_null()) {
        return Err(ImportError::NotResume);
    }
    let labels = Labels::load();
    let mut b = Builder { out: Imported::default() };
    let basics = &doc["basics"];

    let phone = text(basics, "phone");
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let mobile = digits.strip_prefix("86").filter(|d| d.len() == 11).unwrap_or(&digits).to_string();
    let (mobile, telephone) = if crate::account::is_mainland_mobile(&mobile) { (mobile, String::new()) } else { (String::new(), phone) };
    let mut basic = vec![
        ("name", text(basics, "name")),
        ("email", text(basics, "email")),
        ("mobile", mobile),
        ("telephone", telephone),
        ("homePage", text(basics, "url")),
        ("address", text(&basics["location"], "address")),
        ("postalCode", text(&basics["location"], "postalCode")),
        ("city", labels.code("city", &text(&basics["location"], "city"))),
    ];
    for p in basics["profiles"].as_array().into_iter().flatten() {
        match fold(&text(p, "network")).as_str() {
            "qq" => basic.push(("qq", text(p, "username"))),
            "msn" => basic.push(("msn", text(p, "username"))),
            _ => {}
        }
    }
    b.single("basic", entry(basic));
    b.single("assessment", entry(vec![("selfAssessment", text(basics, "summary"))]));

    let mut keywords = Vec::new();
    let mut skill_lines = Vec::new();
    for s in items(&doc, "skills") {
        let name = text(&s, "name");
        if ["关键词", "keywords"].contains(&fold(&name).as_str()) {
            keywords.extend(strings(&s, "keywords"));
            continue;
        }
        let detail = strings(&s, "keywords");
        if !detail.is_empty() {
            skill_lines.push(if name.is_empty() { detail.join("、") } else { format!("{name}：{}", detail.join("、")) });
        }
        b.push("skill", entry(vec![("name", name), ("level", labels.code("skillLevel", &text(&s, "level")))]));
    }
    b.single("skillsText", entry(vec![("text", skill_lines.join("\n"))]));
    let mut intention = entry(vec![("targetCategory", text(basics, "label"))]);
    if !keywords.is_empty() {
        intention.insert("keywords".into(), Value::from(keywords));
    }
    b.single("intention", intention);

    for w in items(&doc, "work") {
        let company = if text(&w, "name").is_empty() { text(&w, "company") } else { text(&w, "name") };
        b.push(
            "work",
            entry(vec![
                ("company", company),
                ("jobTitle", text(&w, "position")),
                ("location", text(&w, "location")),
                ("companyProfile", text(&w, "description")),
                ("start", month(&w, "startDate")),
                ("end", end_month(&w, "endDate")),
                ("duties", prose(&[text(&w, "summary")], &strings(&w, "highlights"))),
            ]),
        );
    }
    for e in items(&doc, "education") {
        b.push(
            "education",
            entry(vec![
                ("school", text(&e, "institution")),
                ("major", text(&e, "area")),
                ("level", labels.code("education", &text(&e, "studyType"))),
                ("start", month(&e, "startDate")),
                ("end", end_month(&e, "endDate")),
                ("classRank", text(&e, "score")),
                ("description", strings(&e, "courses").join("、")),
            ]),
        );
    }
    for l in items(&doc, "languages") {
        let level = labels.code("languageLevel", &text(&l, "fluency"));
        b.push("language", entry(vec![("language", labels.code("language", &text(&l, "language"))), ("listenSpeak", level.clone()), ("readWrite", level)]));
    }
    for p in items(&doc, "projects") {
        b.push(
            "project",
            entry(vec![
                ("name", text(&p, "name")),
                ("summary", prose(&[text(&p, "description")], &strings(&p, "highlights"))),
                ("start", month(&p, "startDate")),
                ("end", end_month(&p, "endDate")),
                ("position", strings(&p, "roles").join("、")),
                ("tools", strings(&p, "keywords").join(", ")),
            ]),
        );
    }
    for c in items(&doc, "certificates") {
        b.push("certificate", entry(vec![("name", text(&c, "name")), ("date", month(&c, "date")), ("institution", text(&c, "issuer"))]));
    }
    for a in items(&doc, "awards") {
        b.push(
            "certificate",
            entry(vec![("name", text(&a, "title")), ("date", month(&a, "date")), ("institution", text(&a, "awarder")), ("description", text(&a, "summary"))]),
        );
    }
    for r in items(&doc, "references") {
        b.push("reference", entry(vec![("name", text(&r, "name")), ("relationship", text(&r, "reference"))]));
    }
    for i in items(&doc, "interests") {
        b.push("additional", entry(vec![("title", text(&i, "name")), ("description", strings(&i, "keywords").join("、"))]));
    }
    for v in items(&doc, "volunteer") {
        let title = [text(&v, "organization"), text(&v, "position")].into_iter().filter(|x| !x.is_empty()).collect::<Vec<_>>().join(" · ");
        b.push("additional", entry(vec![("title", title), ("description", prose(&[text(&v, "summary")], &strings(&v, "highlights")))]));
    }
    for p in items(&doc, "publications") {
        let about = [text(&p, "publisher"), text(&p, "releaseDate"), text(&p, "url"), text(&p, "summary")].into_iter().filter(|x| !x.is_empty()).collect::<Vec<_>>().join("\n");
        b.push("additional", entry(vec![("title", text(&p, "name")), ("description", about)]));
    }
    Ok(b.out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn import(v: Value) -> Imported {
        from_json_resume(&v.to_string()).expect("imports")
    }

    fn get<'a>(i: &'a Imported, section: &str, n: usize, field: &str) -> &'a Value {
        &i.drafts[section][n][field]
    }

    #[test]
    fn refuses_what_is_not_a_json_resume() {
        assert_eq!(from_json_resume("not json"), Err(ImportError::NotJson));
        assert_eq!(from_json_resume("[1,2]"), Err(ImportError::NotResume));
        assert_eq!(from_json_resume(r#"{"hello":"world"}"#), Err(ImportError::NotResume));
        let big = format!(r#"{{"basics":{{"summary":"{}"}}}}"#, "a".repeat(IMPORT_MAX_BYTES));
        assert_eq!(from_json_resume(&big), Err(ImportError::TooLarge));
        assert_eq!(ImportError::NotJson.key(), "resume.import.notJson");
    }

    #[test]
    fn maps_basics_to_personal_information_and_intention() {
        let i = import(json!({
            "basics": {
                "name": "王芳", "label": "前端开发工程师", "email": "wangfang@example.com", "phone": "+86 139-1234-5678",
                "url": "https://wangfang.dev", "summary": "五年前端经验。",
                "location": { "address": "南山区科技园", "postalCode": "518057", "city": "深圳市" },
                "profiles": [{ "network": "QQ", "username": "123456" }, { "network": "GitHub", "username": "wf" }]
            }
        }));
        assert_eq!(get(&i, "basic", 0, "name"), "王芳");
        assert_eq!(get(&i, "basic", 0, "mobile"), "13912345678");
        assert!(i.drafts["basic"][0].get("telephone").is_none());
        assert_eq!(get(&i, "basic", 0, "city"), "shenzhen");
        assert_eq!(get(&i, "basic", 0, "qq"), "123456");
        assert_eq!(get(&i, "basic", 0, "homePage"), "https://wangfang.dev");
        assert_eq!(get(&i, "assessment", 0, "selfAssessment"), "五年前端经验。");
        assert_eq!(get(&i, "intention", 0, "targetCategory"), "前端开发工程师");
        assert_eq!(i.count(), 3);
    }

    #[test]
    fn a_number_that_is_not_a_mainland_mobile_is_a_telephone() {
        let i = import(json!({ "basics": { "phone": "(912) 555-4321" } }));
        assert_eq!(get(&i, "basic", 0, "telephone"), "(912) 555-4321");
        assert!(i.drafts["basic"][0].get("mobile").is_none());
    }

    #[test]
    fn maps_work_with_months_to_date_and_highlights() {
        let i = import(json!({ "work": [
            { "name": "深圳市腾讯计算机系统有限公司", "position": "高级前端工程师", "startDate": "2019-07-01", "summary": "负责微信支付前端。", "highlights": ["性能提升 40%", "带 5 人团队"] },
            { "company": "Old Co", "position": "Intern", "startDate": "2017", "endDate": "2018-06" }
        ]}));
        assert_eq!(get(&i, "work", 0, "company"), "深圳市腾讯计算机系统有限公司");
        assert_eq!(get(&i, "work", 0, "start"), "2019-07");
        assert_eq!(get(&i, "work", 0, "end"), "now");
        assert_eq!(get(&i, "work", 0, "duties"), "负责微信支付前端。\n• 性能提升 40%\n• 带 5 人团队");
        assert_eq!(get(&i, "work", 1, "company"), "Old Co");
        assert!(i.drafts["work"][1].get("start").is_none(), "a year alone is not a month");
        assert_eq!(get(&i, "work", 1, "end"), "2018-06");
    }

    #[test]
    fn matches_option_names_in_either_language_and_common_spellings() {
        let i = import(json!({
            "education": [{ "institution": "浙江大学", "area": "计算机科学", "studyType": "本科", "startDate": "2010-09", "endDate": "2014-06" },
                          { "institution": "MIT", "studyType": "Master's", "endDate": "2016-06" },
                          { "institution": "X", "studyType": "PhD" },
                          { "institution": "Y", "studyType": "Certificate of something" }],
            "languages": [{ "language": "English", "fluency": "Native speaker" }, { "language": "日语", "fluency": "良好" }],
            "skills": [{ "name": "React", "level": "Expert" }, { "name": "Go", "level": "熟练" }]
        }));
        assert_eq!(get(&i, "education", 0, "level"), "bachelor");
        assert_eq!(get(&i, "education", 1, "level"), "master");
        assert_eq!(get(&i, "education", 2, "level"), "doctor");
        assert!(i.drafts["education"][3].get("level").is_none(), "an unknown name leaves the choice to the user");
        assert_eq!(get(&i, "language", 0, "language"), "english");
        assert_eq!(get(&i, "language", 0, "listenSpeak"), "native");
        assert_eq!(get(&i, "language", 1, "language"), "japanese");
        assert_eq!(get(&i, "language", 1, "readWrite"), "fair");
        assert_eq!(get(&i, "skill", 0, "level"), "expert");
        assert_eq!(get(&i, "skill", 1, "level"), "good");
    }

    #[test]
    fn keywords_go_to_the_intention_and_skill_keywords_to_the_skills_text() {
        let i = import(json!({ "skills": [
            { "name": "关键词", "keywords": ["React", "TypeScript"] },
            { "name": "Web", "level": "Good", "keywords": ["HTML", "CSS"] }
        ]}));
        assert_eq!(i.drafts["intention"][0]["keywords"], json!(["React", "TypeScript"]));
        assert_eq!(get(&i, "skillsText", 0, "text"), "Web：HTML、CSS");
        assert_eq!(i.drafts["skill"].len(), 1);
    }

    #[test]
    fn maps_projects_certificates_awards_references_interests_volunteering_publications() {
        let i = import(json!({
            "projects": [{ "name": "小程序", "description": "电商小程序", "roles": ["负责人"], "keywords": ["Taro", "React"], "startDate": "2020-01" }],
            "certificates": [{ "name": "PMP", "date": "2021-03-15", "issuer": "PMI" }],
            "awards": [{ "title": "优秀员工", "date": "2022-01", "awarder": "腾讯" }],
            "references": [{ "name": "李四", "reference": "前同事" }],
            "interests": [{ "name": "摄影", "keywords": ["风光", "人像"] }],
            "volunteer": [{ "organization": "红十字会", "position": "志愿者", "summary": "急救培训" }],
            "publications": [{ "name": "论文", "publisher": "某期刊" }]
        }));
        assert_eq!(get(&i, "project", 0, "position"), "负责人");
        assert_eq!(get(&i, "project", 0, "tools"), "Taro, React");
        assert_eq!(get(&i, "project", 0, "end"), "now");
        assert_eq!(get(&i, "certificate", 0, "date"), "2021-03");
        assert_eq!(get(&i, "certificate", 1, "name"), "优秀员工");
        assert_eq!(get(&i, "reference", 0, "relationship"), "前同事");
        assert_eq!(get(&i, "additional", 0, "description"), "风光、人像");
        assert_eq!(get(&i, "additional", 1, "title"), "红十字会 · 志愿者");
        assert_eq!(get(&i, "additional", 2, "description"), "某期刊");
    }

    #[test]
    fn a_list_holds_at_most_its_limit_and_says_how_many_were_left_out() {
        let work: Vec<Value> = (0..ENTRIES_MAX + 3).map(|n| json!({ "name": format!("公司{n}") })).collect();
        let i = import(json!({ "work": work }));
        assert_eq!(i.drafts["work"].len(), ENTRIES_MAX);
        assert_eq!(i.dropped, 3);
    }

    #[test]
    fn ignores_members_of_the_wrong_type() {
        let i = import(json!({ "basics": { "name": 5, "profiles": "x" }, "work": ["x", 3, { "name": ["a"] }], "skills": {} }));
        assert_eq!(get(&i, "basic", 0, "name"), "5");
        // The work object with no usable member still says "to date", which is harmless.
        assert_eq!(i.drafts["work"].len(), 1);
        assert!(i.drafts["work"][0].get("company").is_none());
    }

    #[test]
    fn every_draft_is_a_section_shape_the_rules_accept() {
        let i = import(json!({
            "basics": { "name": "王芳", "email": "a@b.cn", "location": { "city": "Beijing" } },
            "work": [{ "name": "A", "position": "B", "startDate": "2019-01" }],
            "skills": [{ "name": "关键词", "keywords": ["React"] }, { "name": "Go", "keywords": ["gin"] }],
            "languages": [{ "language": "English", "fluency": "Fluent" }]
        }));
        for (name, drafts) in &i.drafts {
            for d in drafts {
                super::super::validate(name, &Value::Object(d.clone())).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }

    #[test]
    fn the_browser_reads_ok_with_the_drafts_or_the_problem() {
        let ok = serde_json::to_value(import_answer(r#"{"basics":{"name":"王芳"}}"#)).unwrap();
        assert_eq!(ok["ok"], json!(true));
        assert_eq!(ok["dropped"], json!(0));
        assert_eq!(ok["drafts"]["basic"][0]["name"], json!("王芳"));
        assert_eq!(ok.as_object().map(|o| o.len()), Some(3), "{ok}");
        for (text, key) in [("x".repeat(IMPORT_MAX_BYTES + 1), ImportError::TooLarge), ("{".into(), ImportError::NotJson), ("[]".into(), ImportError::NotResume)] {
            assert_eq!(serde_json::to_value(import_answer(&text)).unwrap(), json!({ "ok": false, "problem": key.key() }));
        }
    }
}
