//! Entries: work, education, projects and training split at their date ranges; skills,
//! languages, certificates and the other parts read line by line.
//!
//! A template puts an entry's head (company, title, dates) on one line or on two or three
//! short lines, with the dates first or last. The first entry of a part shows where its head
//! starts relative to its date line, and the others follow the same template.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::{Map, Value};

use super::dates::{find_date, find_range, Range};
use super::headings::Part;
use super::{cells, has_cjk, options, re, Block, Found};

const COMPANY_WORDS: &[&str] = &[
    "公司", "集团", "有限", "银行", "研究院", "研究所", "医院", "事务所", "工作室", "工厂", "酒店", "出版社", "电视台", "报社", "基金会", "协会",
    "委员会", "政府", "学校", "大学", "学院", "中心", "分行", "支行", "商行", "门店", "网络", "科技", "律所",
];
const COMPANY_WORDS_EN: &[&str] = &[
    "inc", "inc.", "ltd", "ltd.", "llc", "co.", "corp", "corp.", "corporation", "group", "company", "technologies", "technology", "bank",
    "limited", "gmbh", "studio", "labs", "consulting", "partners", "university", "institute", "hospital", "systems", "software",
];
/// Companies that are often written without a legal suffix.
const KNOWN_COMPANIES: &str = include_str!("../data/companies.txt");

const TITLE_WORDS: &[&str] = &[
    "工程师", "经理", "总监", "专员", "主管", "助理", "设计师", "开发", "分析师", "顾问", "实习生", "实习", "架构师", "会计", "出纳", "销售",
    "运营", "产品", "编辑", "教师", "老师", "律师", "行政", "人事", "文员", "主任", "总裁", "总经理", "负责人", "组长", "策划", "客服", "研究员",
    "专家", "技术员", "翻译", "代表", "店长", "秘书", "讲师", "医生", "护士", "记者", "程序员", "测试", "经理人", "合伙人", "董事", "leader", "HRBP",
];
const TITLE_WORDS_EN: &[&str] = &[
    "engineer", "manager", "developer", "designer", "analyst", "intern", "director", "lead", "specialist", "consultant", "architect",
    "officer", "assistant", "accountant", "scientist", "researcher", "coordinator", "representative", "editor", "teacher", "head", "vp",
    "president", "administrator", "associate", "programmer", "tester", "owner", "executive", "supervisor",
];
const SCHOOL_WORDS: &[&str] = &["大学", "学院", "学校", "中学", "高中", "职业技术", "党校", "研究生院", "科学院", "university", "college", "institute", "school", "academy", "polytechnic"];
/// Column heads of tables, never a value.
const COLUMN_HEADS: &[&str] = &["时间", "起止时间", "学校", "院校", "专业", "学历", "学位", "公司", "公司名称", "职位", "岗位", "部门", "项目", "项目名称", "角色", "时间段", "毕业院校", "在职时间", "就读时间", "证书", "获得时间"];

static BULLET: LazyLock<Regex> = LazyLock::new(|| re(r"^(?:[•·●○▪■□◆◇★☆\-–*>》]|\d{1,2}[.、)）]|[(（]\d{1,2}[)）])\s*"));
static SKILL_LINE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)(精通|熟练掌握|熟练使用|熟练运用|熟练|熟悉|掌握|了解|proficient\s+(?:in|with)|expert\s+in|familiar\s+with|experienced\s+(?:in|with)|knowledge\s+of|skilled\s+in)\s*[:：]?\s*(.+)"));
static TENURE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\s*[（(]\s*\d+(?:\.\d+)?\s*(?:年|个月|月|years?|months?|yrs?)[^（()）]{0,6}[）)]\s*$"));
static MAJOR_EN: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)(?:associate|bachelor|master|doctor|b\.?\s?s\.?|m\.?\s?s\.?|b\.?\s?a\.?|m\.?\s?a\.?|b\.?\s?eng\.?|m\.?\s?eng\.?|ph\.?\s?d\.?|mba|msc|bsc)(?:'s)?(?:\s+degree)?\s*(?:of|in|,)\s+(?:science\s+in\s+|arts\s+in\s+|engineering\s+in\s+)?([A-Za-z][A-Za-z &\-]{2,60})"));

fn lower(s: &str) -> String {
    s.to_lowercase()
}

fn words_en(s: &str) -> Vec<String> {
    lower(s).split(|c: char| !c.is_ascii_alphanumeric() && c != '.').filter(|w| !w.is_empty()).map(str::to_string).collect()
}

pub fn is_company(s: &str) -> bool {
    let n = s.chars().count();
    if n < 2 {
        return false;
    }
    if COMPANY_WORDS.iter().any(|w| s.contains(w) && s.chars().count() > w.chars().count() + 1) {
        return true;
    }
    let ws = words_en(s);
    if ws.len() >= 2 && ws.iter().any(|w| COMPANY_WORDS_EN.contains(&w.as_str())) {
        return true;
    }
    KNOWN_COMPANIES.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).any(|k| {
        if k.is_ascii() {
            ws.iter().any(|w| w.eq_ignore_ascii_case(k))
        } else {
            s.starts_with(k)
        }
    })
}

pub fn is_title(s: &str) -> bool {
    if s.chars().count() > 30 {
        return false;
    }
    if TITLE_WORDS.iter().any(|w| s.contains(w)) {
        return true;
    }
    words_en(s).iter().any(|w| TITLE_WORDS_EN.iter().any(|t| w == t || w.strip_suffix('s') == Some(t)))
}

pub fn is_school(s: &str) -> bool {
    let l = lower(s);
    SCHOOL_WORDS.iter().any(|w| l.contains(w) && l.chars().count() > w.chars().count() + 1)
}

/// Glyphs that separate the values of a head line, beside ASCII punctuation.
const SEPARATORS: &str = "·•・｜—–～，、；：";

/// A line that can be part of an entry's head: short, not a bullet, not a sentence.
fn head_like(line: &str) -> bool {
    let n = line.chars().count();
    let limit = if has_cjk(line) { 60 } else { 100 };
    n <= limit && !BULLET.is_match(line) && !line.ends_with(['。', '；', ';']) && !line.contains("。")
}

/// The level a skill line's word says: 精通 expert, 熟练 good, 熟悉 or 掌握 fair, 了解 basic.
fn skill_level(word: &str) -> &'static str {
    let word = lower(word);
    if word.contains("精通") || word.contains("expert") {
        "expert"
    } else if word.contains("熟练") || word.contains("proficient") || word.contains("skilled") || word.contains("experienced") {
        "good"
    } else if word.contains("熟悉") || word.contains("掌握") || word.contains("familiar") {
        "fair"
    } else {
        "basic"
    }
}

/// A skills sentence cut where a comma is followed by a level word ("精通 SQL，熟悉 Spark" is two
/// clauses); other commas stay inside their clause's list.
fn level_clauses(sentence: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for piece in sentence.split(['，', ',']) {
        let starts_level = SKILL_LINE.find(piece.trim_start()).is_some_and(|m| m.start() == 0);
        match out.last_mut() {
            Some(prev) if !starts_level => {
                prev.push('、');
                prev.push_str(piece.trim());
            }
            _ => out.push(piece.trim().to_string()),
        }
    }
    out
}

/// A line of the skills part that names a certificate (read as one, not as a skill).
fn is_certificate_line(line: &str) -> bool {
    let l = lower(line);
    ["证书", "资格", "认证", "certificate", "certified", "pmp", "cpa", "cfa", "acca", "cet-", "cet4", "cet6", "tem-", "ielts", "toefl", "雅思", "托福"].iter().any(|w| l.contains(w))
}

/// How many languages a line names.
fn languages_named(line: &str) -> usize {
    let l = lower(line);
    options::LANGUAGES.iter().filter(|(_, words)| words.iter().any(|w| l.contains(w))).count()
}

/// A line of the skills part about a language (read as one, not as a skill).
fn is_language_line(line: &str) -> bool {
    languages_named(line) > 0
}

/// The head's values: cells, then words for Chinese cells holding spaces; with the date taken out.
fn tokens(line: &str, range: Option<&Range>) -> Vec<String> {
    let line = match range {
        Some(r) if r.span.1 <= line.len() => format!("{}  {}", &line[..r.span.0], &line[r.span.1..]),
        _ => line.to_string(),
    };
    let mut out = Vec::new();
    for cell in cells(&line) {
        let parts: Vec<String> = if has_cjk(cell) && cell.contains(' ') {
            split_cjk_spaces(cell).into_iter().flat_map(|p| company_then_title(&p)).collect()
        } else if !has_cjk(cell) && [" - ", " – ", " — ", " at ", ", ", " / "].iter().any(|sep| cell.contains(sep)) {
            cell.split(" - ").flat_map(|p| p.split(" – ")).flat_map(|p| p.split(" — ")).flat_map(|p| p.split(" at ")).flat_map(|p| p.split(" / ")).flat_map(split_comma_en).collect()
        } else {
            cell.split(" / ").flat_map(|p| p.split('/')).map(str::to_string).collect()
        };
        for p in parts {
            // "四川长虹电器股份有限公司（3年以上）": the time spent there is no part of the name.
            let p = TENURE.replace(&p, "");
            let p = p.trim().trim_matches(|c: char| "-–—,，、:：()（）[]【】".contains(c)).trim().to_string();
            // A part of separators only ("·", "|", "•" between "本科 · 英语") is no value.
            if !p.is_empty() && !COLUMN_HEADS.contains(&p.as_str()) && !p.chars().all(|c| c.is_ascii_punctuation() || c.is_whitespace() || SEPARATORS.contains(c)) {
                out.push(p);
            }
        }
    }
    out
}

/// Splits at spaces between two Chinese characters (or closing brackets), not at the spaces a
/// PDF reader puts between Chinese and Latin text ("UI 设计师", "Java 开发工程师").
fn split_cjk_spaces(cell: &str) -> Vec<String> {
    let chars: Vec<char> = cell.chars().collect();
    let mut out = Vec::new();
    let mut cur = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' {
            let before = cur.chars().last();
            let after = chars[i + 1..].iter().find(|c| **c != ' ').copied();
            let wide = |c: Option<char>| c.is_some_and(|c| !c.is_ascii());
            if wide(before) && wide(after) || before.is_none() {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                continue;
            }
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// "阿里巴巴（中国）有限公司 Java实习生": a company and a title starting in Latin letters, which
/// `split_cjk_spaces` keeps together (as it keeps "UI 设计师"), cut at the space between them.
fn company_then_title(part: &str) -> Vec<String> {
    for (at, _) in part.match_indices(' ') {
        let (left, right) = (part[..at].trim(), part[at..].trim());
        if is_company(left) && is_title(right) && !is_company(right) {
            return vec![left.to_string(), right.to_string()];
        }
    }
    vec![part.to_string()]
}

/// "Software Engineer, Tencent Co., Ltd." keeps "Co., Ltd." with its company.
fn split_comma_en(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in s.split(", ") {
        let l = lower(part);
        const LEGAL: &[&str] = &["ltd", "ltd.", "inc", "inc.", "llc", "co.", "limited"];
        let suffix = |s: &str| LEGAL.iter().any(|w| lower(s).trim_end().ends_with(w));
        // A place after a company's legal suffix is part of its name ("Intel Co., Ltd., Shanghai");
        // after a bare name it is where the job was ("ByteDance, Shanghai").
        let place = ["china", "usa", "beijing", "shanghai", "shenzhen"].contains(&l.trim());
        let glue = LEGAL.contains(&l.trim()) || place && out.last().is_some_and(|prev| suffix(prev));
        match out.last_mut() {
            Some(prev) if glue => {
                prev.push_str(", ");
                prev.push_str(part);
            }
            _ => out.push(part.to_string()),
        }
    }
    out
}

/// Label prefixes inside entries: "公司名称：", "职位：", "专业：".
fn strip_label(t: &str) -> (Option<&'static str>, String) {
    const L: &[(&str, &[&str])] = &[
        ("company", &["公司名称", "公司", "单位", "工作单位", "company", "employer"]),
        ("title", &["职位", "岗位", "职务", "担任职位", "title", "position", "role", "担任角色", "项目角色", "角色"]),
        ("department", &["部门", "所在部门", "department"]),
        ("industry", &["所属行业", "行业", "行业类别", "industry"]),
        ("school", &["学校", "毕业院校", "院校", "学校名称", "school", "university"]),
        ("major", &["专业", "所学专业", "major"]),
        ("level", &["学历", "学位", "degree"]),
        ("name", &["项目名称", "项目", "project"]),
        ("duties", &["工作内容", "工作职责", "职责", "工作描述", "主要职责", "responsibilities", "duties", "项目描述", "项目内容", "责任描述", "项目职责", "description", "主要工作"]),
    ];
    if let Some(at) = t.find([':', '：']) {
        let key: String = t[..at].chars().filter(|c| !c.is_whitespace()).flat_map(char::to_lowercase).collect();
        if let Some((f, _)) = L.iter().find(|(_, ws)| ws.contains(&key.as_str())) {
            let colon_len = t[at..].chars().next().map_or(1, char::len_utf8);
            return (Some(f), t[at + colon_len..].trim().to_string());
        }
    }
    (None, t.to_string())
}

/// An entry as split: its head lines, its body lines, its dates.
#[derive(Debug, Clone)]
struct Entry<'a> {
    head: Vec<&'a str>,
    body: Vec<&'a str>,
    range: Range,
}

/// Splits a part's lines at date ranges.
fn split<'a>(lines: &[&'a str], months: (u32, u32), want: fn(&str) -> bool) -> Vec<Entry<'a>> {
    let dated: Vec<(usize, Range)> = lines.iter().enumerate().filter_map(|(i, l)| find_range(l, months).map(|r| (i, r))).collect();
    let Some((first, _)) = dated.first() else { return Vec::new() };
    // How many head lines stand before the date line: the lines before the first date line,
    // up to two, if they look like a head (or hold a company or a school).
    let mut lead = 0;
    for j in (first.saturating_sub(2)..*first).rev() {
        if head_like(lines[j]) && (lead > 0 || want(lines[j]) || *first - j == 1 && lines[j].chars().count() <= 40) {
            lead = first - j;
        } else {
            break;
        }
    }
    let mut out = Vec::new();
    for (n, (at, range)) in dated.iter().enumerate() {
        let prev_end = if n == 0 { 0 } else { dated[n - 1].0 + 1 };
        let start = at.saturating_sub(lead).max(prev_end);
        let start = (start..*at).find(|&j| head_like(lines[j])).unwrap_or(*at);
        let next = dated.get(n + 1).map_or(lines.len(), |(a, _)| a.saturating_sub(lead).max(at + 1));
        // Head lines after the date line: short lines while the head misses a company/school or a title.
        let mut head: Vec<&str> = lines[start..=*at].to_vec();
        let mut body_from = at + 1;
        for (k, &l) in lines.iter().enumerate().take(next.min(at + 3)).skip(at + 1) {
            let has_want = head.iter().any(|h| want(h));
            let has_title = head.iter().any(|h| tokens(h, None).iter().any(|t| is_title(t)));
            let has_level = head.iter().any(|h| options::education_level(h).is_some());
            let takes = (want(l) && !has_want)
                || (is_title(l) && !has_title && l.chars().count() <= 24)
                // "人力资源部 | HRBP": a department and a title on a line of their own.
                || (!has_title && tokens(l, None).iter().any(|t| is_title(t) && t.chars().count() <= 24))
                || strip_label(l).0.is_some_and(|f| f != "duties")
                || (options::education_level(l).is_some() && !has_level && l.chars().count() <= 30);
            if head_like(l) && l.chars().count() <= 40 && takes {
                head.push(l);
                body_from = k + 1;
            } else {
                break;
            }
        }
        let body = lines[body_from.min(next)..next].to_vec();
        out.push(Entry { head, body, range: range.clone() });
    }
    out
}

fn put(m: &mut Map<String, Value>, k: &str, v: impl Into<String>) {
    let v: String = v.into();
    let v = v.trim();
    if !v.is_empty() && !m.contains_key(k) {
        m.insert(k.to_string(), Value::from(v));
    }
}

fn body_text(lines: &[&str]) -> String {
    lines.iter().map(|l| strip_label(l)).map(|(f, t)| if f.is_some_and(|f| f != "duties") { String::new() } else { t }).filter(|t| !t.is_empty()).collect::<Vec<_>>().join("\n")
}

fn work(e: &Entry<'_>) -> Map<String, Value> {
    let mut m = Map::new();
    let mut rest = Vec::new();
    for line in &e.head {
        let r = find_range(line, (1, 12));
        for t in tokens(line, r.as_ref()) {
            match strip_label(&t) {
                (Some("company"), v) => put(&mut m, "company", v),
                (Some("title"), v) => put(&mut m, "jobTitle", v),
                (Some("department"), v) => put(&mut m, "department", v),
                (Some("industry"), v) => {
                    if let Some(code) = options::industry(&v).filter(|c| *c != "other") {
                        put(&mut m, "industry", code);
                    }
                }
                (Some("duties"), v) => rest.push(v),
                (_, v) => rest.push(v),
            }
        }
    }
    let mut left = Vec::new();
    for t in rest {
        if !m.contains_key("company") && is_company(&t) {
            put(&mut m, "company", t);
        } else if !m.contains_key("jobTitle") && is_title(&t) && !is_company(&t) {
            put(&mut m, "jobTitle", t);
        } else if options::is_place(&t) {
            put(&mut m, "location", t);
        } else if (t.ends_with('部') || t.ends_with("部门") || t.ends_with("事业部") || lower(&t).contains("department")) && t.chars().count() <= 20 {
            put(&mut m, "department", t);
        } else {
            left.push(t);
        }
    }
    for t in left {
        if t.chars().count() > 40 {
            continue;
        }
        if !m.contains_key("company") {
            put(&mut m, "company", t);
        } else if !m.contains_key("jobTitle") {
            put(&mut m, "jobTitle", t);
        }
    }
    put(&mut m, "start", e.range.start.clone());
    put(&mut m, "end", e.range.end.clone());
    if let Some(c) = m.get("company").and_then(Value::as_str).and_then(options::industry).filter(|_| !m.contains_key("industry")) {
        if c != "other" {
            put(&mut m, "industry", c);
        }
    }
    put(&mut m, "duties", body_text(&e.body));
    m
}

fn education(e: &Entry<'_>) -> Map<String, Value> {
    let mut m = Map::new();
    let mut rest = Vec::new();
    for line in &e.head {
        let r = find_range(line, (9, 7));
        for t in tokens(line, r.as_ref()) {
            match strip_label(&t) {
                (Some("school"), v) => put(&mut m, "school", v),
                (Some("major"), v) => put(&mut m, "major", v),
                (Some("level"), v) => {
                    if let Some(l) = options::education_level(&v) {
                        put(&mut m, "level", l);
                    }
                }
                (_, v) => rest.push(v),
            }
        }
    }
    let mut left = Vec::new();
    for t in rest {
        if let Some(c) = MAJOR_EN.captures(&t) {
            if let Some(l) = options::education_level(&t) {
                put(&mut m, "level", l);
            }
            put(&mut m, "major", c[1].trim().to_string());
            continue;
        }
        if !m.contains_key("school") && is_school(&t) {
            put(&mut m, "school", t);
        } else if let Some(l) = options::education_level(&t).filter(|_| t.chars().count() <= 12) {
            put(&mut m, "level", l);
        } else if ["统招", "全日制", "非全日制", "自考", "成人教育", "full-time", "gpa"].iter().any(|w| lower(&t).contains(w)) || options::is_place(&t) {
            if options::is_place(&t) {
                put(&mut m, "location", t);
            }
        } else if t.ends_with("专业") && t.chars().count() > 2 {
            put(&mut m, "major", t.trim_end_matches("专业"));
        } else {
            left.push(t);
        }
    }
    for t in left {
        if t.chars().count() > 30 {
            continue;
        }
        if !m.contains_key("school") {
            put(&mut m, "school", t);
        } else if !m.contains_key("major") {
            put(&mut m, "major", t);
        }
    }
    if !m.contains_key("level") {
        if let Some(l) = e.body.iter().find_map(|l| options::education_level(l)) {
            put(&mut m, "level", l);
        }
    }
    put(&mut m, "start", e.range.start.clone());
    put(&mut m, "end", e.range.end.clone());
    let desc = body_text(&e.body);
    put(&mut m, "description", desc);
    m
}

fn project(e: &Entry<'_>) -> Map<String, Value> {
    let mut m = Map::new();
    let mut rest = Vec::new();
    let mut summary = Vec::new();
    for line in &e.head {
        let r = find_range(line, (1, 12));
        for t in tokens(line, r.as_ref()) {
            match strip_label(&t) {
                (Some("name"), v) => put(&mut m, "name", v),
                (Some("title"), v) => put(&mut m, "position", v),
                (Some("duties"), v) => summary.push(v),
                (_, v) => rest.push(v),
            }
        }
    }
    for t in rest {
        if !m.contains_key("position") && is_title(&t) && m.contains_key("name") {
            put(&mut m, "position", t);
        } else if !m.contains_key("name") {
            put(&mut m, "name", t);
        } else if !m.contains_key("position") && t.chars().count() <= 20 {
            put(&mut m, "position", t);
        }
    }
    for l in &e.body {
        let (f, v) = strip_label(l);
        match f {
            Some("title") => put(&mut m, "position", v),
            Some("name") => put(&mut m, "name", v),
            _ => summary.push(v),
        }
    }
    put(&mut m, "start", e.range.start.clone());
    put(&mut m, "end", e.range.end.clone());
    put(&mut m, "summary", summary.join("\n"));
    m
}

fn training(e: &Entry<'_>) -> Map<String, Value> {
    let mut m = Map::new();
    for line in &e.head {
        let r = find_range(line, (1, 12));
        for t in tokens(line, r.as_ref()) {
            if !m.contains_key("institution") && (is_company(&t) || is_school(&t)) {
                put(&mut m, "institution", t);
            } else if !m.contains_key("programme") {
                put(&mut m, "programme", t);
            }
        }
    }
    put(&mut m, "start", e.range.start.clone());
    put(&mut m, "description", body_text(&e.body));
    m
}

fn lines_of<'a>(blocks: &'a [Block<'a>], part: Part) -> Vec<&'a str> {
    blocks.iter().filter(|b| b.part == part).flat_map(|b| b.lines.iter().copied()).collect()
}

pub fn read(blocks: &[Block<'_>], found: &mut Found) {
    for e in split(&lines_of(blocks, Part::Work), (1, 12), |l| cells(l).iter().any(|c| is_company(c)) || l.split(' ').any(is_company)) {
        found.push("work", work(&e));
    }
    for e in split(&lines_of(blocks, Part::Education), (9, 7), |l| cells(l).iter().any(|c| is_school(c)) || l.split(' ').any(is_school)) {
        found.push("education", education(&e));
    }
    for e in split(&lines_of(blocks, Part::Project), (1, 12), |l| l.contains("项目") || lower(l).contains("project")) {
        found.push("project", project(&e));
    }
    for e in split(&lines_of(blocks, Part::Training), (1, 12), |l| is_company(l) || is_school(l)) {
        found.push("training", training(&e));
    }
    // Skills: the part's text, and rows from "精通 Java、Go" lines.
    let skill_lines = lines_of(blocks, Part::Skill);
    if !skill_lines.is_empty() {
        found.skills_text = Some(skill_lines.join("\n"));
    }
    // "熟练掌握 Java、Go；熟悉 MySQL" holds two levels: each clause is read on its own.
    // "精通 SQL、Python，熟悉 Spark" too: a comma before a level word starts a clause.
    let clauses = skill_lines.iter().flat_map(|l| l.split(['；', ';', '。']).flat_map(level_clauses).map(|c| BULLET.replace(&c, "").into_owned()).collect::<Vec<_>>());
    for line in clauses {
        let (level, list) = match SKILL_LINE.captures(&line) {
            Some(c) => (Some(skill_level(&c[1])), c[2].to_string()),
            // A bare list, one a line or joined ("SQL", "Java、Python"): names without a level, but
            // never a certificate or a language line (read below) or a sentence.
            None if !is_certificate_line(&line) && !is_language_line(&line) && !line.contains(['，', '。', '的']) => (None, line.clone()),
            None => continue,
        };
        let items = list.split(['、', ',', '，', ';', '；', '/', '|', '｜']).flat_map(|s| s.split(" and ")).flat_map(|s| s.split('和')).flat_map(|s| s.split('及'));
        for item in items {
            let item = item.trim().trim_end_matches(['。', '.', '等']).trim();
            let n = item.chars().count();
            if (1..=20).contains(&n) && item.split_whitespace().count() <= 3 && !item.contains(['，', '。', ':', '：']) {
                let mut m = Map::new();
                put(&mut m, "name", item);
                if let Some(level) = level {
                    put(&mut m, "level", level);
                }
                found.push("skill", m);
            }
        }
    }
    // Languages: from their part, or language lines in skills and certificates.
    let mut lang_lines = lines_of(blocks, Part::Language);
    lang_lines.extend(skill_lines.iter().copied());
    lang_lines.extend(lines_of(blocks, Part::Certificate));
    let mut seen = Vec::new();
    // A line naming two languages ("English (fluent), Mandarin (native)") is read a part each, so one's
    // level is not the other's.
    let lang_parts: Vec<&str> = lang_lines.iter().flat_map(|line| if languages_named(line) > 1 { line.split([',', '，', '、', ';', '；', '|', '｜']).collect() } else { vec![*line] }).collect();
    for line in &lang_parts {
        let l = lower(line);
        for (code, words) in options::LANGUAGES {
            if seen.contains(code) || !words.iter().any(|w| l.contains(w)) {
                continue;
            }
            let test = options::language_test(line);
            let level = options::language_level(line);
            if test.is_none() && level.is_none() && line.chars().count() > 30 {
                continue;
            }
            seen.push(*code);
            let mut m = Map::new();
            put(&mut m, "language", *code);
            if let Some(lv) = level {
                put(&mut m, "listenSpeak", lv);
                put(&mut m, "readWrite", lv);
            }
            if let Some((t, s)) = test {
                put(&mut m, "test", t);
                if let Some(s) = s {
                    put(&mut m, "score", s);
                }
            }
            found.push("language", m);
        }
    }
    // Certificates: one a line (or several joined by 、), a date when the line has one.
    let mut cert_lines = lines_of(blocks, Part::Certificate);
    cert_lines.extend(skill_lines.iter().filter(|l| is_certificate_line(l)));
    for line in cert_lines {
        let line = BULLET.replace(line, "").to_string();
        let (date, rest) = match find_date(&line) {
            Some((d, (a, b))) if d.month.is_some() => (Some(format!("{:04}-{:02}", d.year, d.month.unwrap_or(1))), format!("{} {}", &line[..a], &line[b..])),
            _ => (None, line.clone()),
        };
        let rest = rest.trim().trim_start_matches("获得").trim_start_matches([':', '：']).trim().to_string();
        let items: Vec<&str> = if date.is_none() { rest.split(['、', '，', ',', ';', '；']).collect() } else { vec![rest.as_str()] };
        for item in items {
            let item = item.trim().trim_end_matches(['。', '.']).trim();
            if item.is_empty() || item.chars().count() > 30 {
                continue;
            }
            let mut m = Map::new();
            put(&mut m, "name", item);
            if let Some(d) = &date {
                put(&mut m, "date", d.clone());
            }
            found.push("certificate", m);
        }
    }
    // Everything else: a title and its text.
    for b in blocks.iter().filter(|b| b.part == Part::Additional && !b.lines.is_empty()) {
        let title: String = b.title.chars().filter(|c| !"【】[]■□●◆◇★☆▶►▪•|｜:：_—–=*#".contains(*c)).collect();
        let mut m = Map::new();
        put(&mut m, "title", title.trim());
        put(&mut m, "description", b.lines.join("\n"));
        found.push("additional", m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(lines: &[&str], part: &str) -> Vec<Map<String, Value>> {
        let mut found = Found::default();
        let mut text = String::from(part);
        for l in lines {
            text.push('\n');
            text.push_str(l);
        }
        read(&super::super::blocks(&text), &mut found);
        found.lists.get(if part == "工作经历" { "work" } else { "education" }).cloned().unwrap_or_default()
    }

    fn get<'a>(m: &'a Map<String, Value>, k: &str) -> &'a str {
        m.get(k).and_then(Value::as_str).unwrap_or("")
    }

    #[test]
    fn work_on_one_line() {
        let w = one(&["2019.07-至今  腾讯科技（深圳）有限公司  高级后台开发工程师", "负责微信支付后台开发", "2016.07-2019.06 | 北京字节跳动科技有限公司 | 后端工程师", "参与抖音推荐系统"], "工作经历");
        assert_eq!(w.len(), 2, "{w:?}");
        assert_eq!(get(&w[0], "company"), "腾讯科技（深圳）有限公司");
        assert_eq!(get(&w[0], "jobTitle"), "高级后台开发工程师");
        assert_eq!(get(&w[0], "start"), "2019-07");
        assert_eq!(get(&w[0], "end"), "now");
        assert_eq!(get(&w[0], "duties"), "负责微信支付后台开发");
        assert_eq!(get(&w[1], "company"), "北京字节跳动科技有限公司");
        assert_eq!(get(&w[1], "end"), "2019-06");
    }

    #[test]
    fn work_with_the_head_before_the_dates() {
        let w = one(&["阿里巴巴（中国）有限公司", "2018年3月 – 2021年6月", "产品经理", "负责淘宝直播产品规划；", "网易（杭州）网络有限公司", "2015年7月 – 2018年2月", "产品助理", "协助需求分析。"], "工作经历");
        assert_eq!(w.len(), 2, "{w:?}");
        assert_eq!(get(&w[0], "company"), "阿里巴巴（中国）有限公司");
        assert_eq!(get(&w[0], "jobTitle"), "产品经理");
        assert_eq!(get(&w[1], "company"), "网易（杭州）网络有限公司");
        assert_eq!(get(&w[1], "start"), "2015-07");
        assert_eq!(get(&w[1], "duties"), "协助需求分析。");
    }

    #[test]
    fn education_rows() {
        let e = one(&["2015.09 - 2019.06  北京大学  计算机科学与技术  本科", "2019.09 - 2022.06  清华大学  软件工程  硕士"], "教育背景");
        assert_eq!(e.len(), 2, "{e:?}");
        assert_eq!(get(&e[0], "school"), "北京大学");
        assert_eq!(get(&e[0], "major"), "计算机科学与技术");
        assert_eq!(get(&e[0], "level"), "bachelor");
        assert_eq!(get(&e[1], "level"), "master");
    }

    #[test]
    fn education_level_and_major_apart_by_a_middle_dot() {
        let e = one(&["武汉大学", "本科 · 英语 2006年9月 – 2010年6月"], "教育背景");
        assert_eq!(get(&e[0], "school"), "武汉大学");
        assert_eq!(get(&e[0], "level"), "bachelor");
        assert_eq!(get(&e[0], "major"), "英语");
    }

    #[test]
    fn english_education() {
        let e = one(&["Zhejiang University, Hangzhou", "B.S. in Computer Science", "Sep 2014 - Jun 2018"], "教育背景");
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(get(&e[0], "school"), "Zhejiang University");
        assert_eq!(get(&e[0], "level"), "bachelor");
        assert_eq!(get(&e[0], "major"), "Computer Science");
    }

    /// The lists found in `text`, cleaned first as every reader's text is.
    fn lists(text: &str) -> std::collections::BTreeMap<&'static str, Vec<Map<String, Value>>> {
        let text = crate::domain::resume_analysis::extract::clean(text);
        let mut found = Found::default();
        read(&super::super::blocks(&text), &mut found);
        found.lists
    }

    fn names(list: &[Map<String, Value>], k: &str) -> Vec<String> {
        list.iter().map(|m| format!("{}:{}", get(m, "name").to_owned() + get(m, "language"), get(m, k))).collect()
    }

    #[test]
    fn projects_with_their_role_and_period() {
        let l = lists("项目经验\n2020.03 - 2021.06　电商订单中心重构　项目负责人\n项目描述：为业务部门搭建订单中心。\n2021.07 - 至今　风控规则引擎　后端开发\n负责规则执行模块。");
        let p = l.get("project").cloned().unwrap_or_default();
        assert_eq!(p.len(), 2, "{p:?}");
        assert_eq!(get(&p[0], "name"), "电商订单中心重构");
        assert_eq!(get(&p[0], "position"), "项目负责人");
        assert_eq!((get(&p[0], "start"), get(&p[0], "end")), ("2020-03", "2021-06"));
        assert!(get(&p[0], "summary").contains("为业务部门搭建订单中心"), "{p:?}");
        assert_eq!(get(&p[1], "name"), "风控规则引擎");
        assert_eq!(get(&p[1], "end"), "now");
    }

    #[test]
    fn skills_with_their_levels() {
        let l = lists("专业技能\n熟练掌握 Java、Python、Redis；熟悉 Docker、Spring Boot。\n精通 SQL\n了解 Figma");
        let got = names(l.get("skill").map(Vec::as_slice).unwrap_or_default(), "level");
        assert_eq!(got, ["Java:good", "Python:good", "Redis:good", "Docker:fair", "Spring Boot:fair", "SQL:expert", "Figma:basic"]);
        let l = lists("SKILLS\nProficient in Go, Kafka and Kubernetes");
        let got = names(l.get("skill").map(Vec::as_slice).unwrap_or_default(), "level");
        assert_eq!(got, ["Go:good", "Kafka:good", "Kubernetes:good"]);
    }

    #[test]
    fn skills_with_two_levels_in_one_sentence() {
        let l = lists("专业技能\n精通 SQL、Python，熟悉 Spark、Hive；\nProficient in React, Vue, familiar with Go");
        let got = names(l.get("skill").map(Vec::as_slice).unwrap_or_default(), "level");
        assert_eq!(got, ["SQL:expert", "Python:expert", "Spark:fair", "Hive:fair", "React:good", "Vue:good", "Go:fair"]);
    }

    #[test]
    fn two_languages_on_one_line_keep_their_own_levels() {
        let l = lists("LANGUAGES\nEnglish (fluent), Mandarin (native)");
        let langs = l.get("language").cloned().unwrap_or_default();
        assert_eq!(names(&langs, "listenSpeak"), ["english:fluent", "mandarin:native"]);
    }

    #[test]
    fn a_city_after_a_bare_company_name_is_where_the_job_was() {
        let w = one(&["ByteDance, Shanghai — Senior Frontend Engineer    Jul 2021 – Present", "- Led the migration."], "工作经历");
        assert_eq!((get(&w[0], "company"), get(&w[0], "location"), get(&w[0], "jobTitle")), ("ByteDance", "Shanghai", "Senior Frontend Engineer"));
        assert_eq!(split_comma_en("Tencent Technology Co., Ltd., Shenzhen"), ["Tencent Technology Co., Ltd., Shenzhen"]);
    }

    #[test]
    fn a_51job_entry_with_its_tenure_industry_department_and_title() {
        let w = one(&["2019/08--至今：四川长虹电器股份有限公司（3年以上）", "所属行业：家电", "人力资源部 | HRBP", "1. 负责研发中心300人的招聘、培训与绩效管理；"], "工作经历");
        assert_eq!(get(&w[0], "company"), "四川长虹电器股份有限公司");
        assert_eq!((get(&w[0], "department"), get(&w[0], "jobTitle")), ("人力资源部", "HRBP"));
        assert!(!get(&w[0], "industry").is_empty(), "{w:?}");
        assert!(get(&w[0], "duties").starts_with("1. 负责研发中心"), "{w:?}");
    }

    #[test]
    fn a_company_then_a_title_in_latin_letters() {
        let w = one(&["阿里巴巴（中国）有限公司 Java实习生 2017.07到2017.12", "参与淘宝商品中心开发。"], "工作经历");
        assert_eq!((get(&w[0], "company"), get(&w[0], "jobTitle")), ("阿里巴巴（中国）有限公司", "Java实习生"));
        assert_eq!(company_then_title("UI 设计师"), ["UI 设计师"]);
    }

    #[test]
    fn english_heads_split_at_an_em_dash() {
        let w = one(&["Ctrip — Frontend Engineer    Aug 2018 – Jun 2021", "- Developed the hotel booking flow."], "工作经历");
        assert_eq!((get(&w[0], "company"), get(&w[0], "jobTitle")), ("Ctrip", "Frontend Engineer"));
        let e = one(&["Fudan University — B.S. in Computer Science    Sep 2014 – Jun 2018"], "教育背景");
        assert_eq!((get(&e[0], "school"), get(&e[0], "major"), get(&e[0], "level")), ("Fudan University", "Computer Science", "bachelor"));
    }

    #[test]
    fn skills_one_a_line_or_joined_without_a_level() {
        let l = lists("技能\nSQL\nSpring Boot\nPhotoshop、Figma\nCET-6\n英语流利\n具备良好的沟通能力，抗压能力强");
        let got = names(l.get("skill").map(Vec::as_slice).unwrap_or_default(), "level");
        assert_eq!(got, ["SQL:", "Spring Boot:", "Photoshop:", "Figma:"]);
    }

    #[test]
    fn languages_from_their_part_and_from_certificates() {
        let l = lists("语言能力\n英语：CET-6 560分，读写流利\n普通话：母语\n证书\n日语 N2");
        let langs = l.get("language").cloned().unwrap_or_default();
        assert_eq!(names(&langs, "listenSpeak"), ["english:fluent", "mandarin:native", "japanese:good"]);
        assert_eq!(get(&langs[0], "test"), "CET-6");
        assert_eq!(get(&langs[0], "score"), "560");
    }

    #[test]
    fn certificates_one_a_line_or_joined() {
        let l = lists("证书\nPMP项目管理专业人士资格认证、初级会计职称\n2019.06 软件设计师（中级）");
        let got: Vec<(String, String)> = l.get("certificate").into_iter().flatten().map(|m| (get(m, "name").to_string(), get(m, "date").to_string())).collect();
        assert_eq!(got, [("PMP项目管理专业人士资格认证".to_string(), String::new()), ("初级会计职称".into(), String::new()), ("软件设计师(中级)".into(), "2019-06".into())]);
    }
}
