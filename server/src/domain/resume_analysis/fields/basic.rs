//! The basics, the job wanted and the self assessment: label: value pairs (in lines, in cells,
//! or a label cell followed by its value cell), the head of the page for the name, and the
//! whole text for a mobile and an email.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::{Map, Value};

use super::dates::find_date;
use super::headings::Part;
use super::{cells, has_cjk, options, re, Block, Found};

static EMAIL: LazyLock<Regex> = LazyLock::new(|| re(r"[A-Za-z0-9][A-Za-z0-9._%+\-]*@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"));
static MOBILE: LazyLock<Regex> = LazyLock::new(|| re(r"(?:^|[^\d])(?:\+?86[\s\-]?)?(1[3-9]\d)[\s\-]?(\d{4})[\s\-]?(\d{4})(?:[^\d]|$)"));
static PHONE: LazyLock<Regex> = LazyLock::new(|| re(r"(?:^|[^\d])(0\d{2,3}[\s\-]?\d{7,8})(?:[^\d]|$)"));
static YEARS: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(\d{1,2})\s*(?:\+|多)?\s*年(?:以上)?(?:的)?(?:相关|工作|开发|从业|行业)*经[验历]|(\d{1,2})\+?\s*years?(?:'|’)?\s+(?:of\s+)?(?:\w+\s+)?experience|工作(?:年限|经验)\s*[:：]?\s*(\d{1,2})\s*年")
});
/// An age written bare ("28岁", "28 周岁") or after the label ("年龄：28").
static AGE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)(?:^|[^\d])(\d{2})\s*周?岁|^\s*(\d{2})\s*(?:years?(?:\s+old)?)?\s*$"));
/// Less than a year of work: "1年以下", "不足一年", "半年", "less than 1 year".
static UNDER_A_YEAR: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)(?:1|一)\s*年以下|(?:不[足到满]|少于|未满)\s*(?:1|一)\s*年|半年|less\s+than\s+(?:1|one|a)\s+year|<\s*1\s*(?:年|years?)"));
static SALARY: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)(\d+(?:\.\d+)?)\s*(k|千|万|w)?\s*(?:[-~～至到]\s*(\d+(?:\.\d+)?)\s*(k|千|万|w)?)?\s*(?:元|rmb|/月|每月|/年|年薪|/year|/month)?"));

/// Labels, normalised (lower case, no spaces), to the field they name.
const LABELS: &[(&str, &[&str])] = &[
    ("name", &["姓名", "名字", "name", "fullname"]),
    ("gender", &["性别", "gender", "sex"]),
    ("birthday", &["出生日期", "出生年月", "生日", "出生年月日", "出生", "birthday", "dateofbirth", "birthdate", "born", "dob"]),
    ("age", &["年龄", "age"]),
    ("mobile", &["手机", "手机号", "手机号码", "电话", "联系电话", "移动电话", "联系方式", "mobile", "phone", "tel", "telephone", "cell", "mobilephone"]),
    ("email", &["邮箱", "电子邮箱", "电子邮件", "邮件", "email", "e-mail", "mail"]),
    ("city", &["现居住地", "现居地", "居住地", "所在地", "所在城市", "现居城市", "城市", "现居", "居住城市", "目前所在地", "现住址", "location", "city", "currentcity", "basedin"]),
    ("address", &["地址", "通讯地址", "联系地址", "家庭住址", "address"]),
    ("hukou", &["户口", "户籍", "籍贯", "户口所在地", "户籍所在地", "hukou", "nativeplace"]),
    ("ethnicity", &["民族", "ethnicity"]),
    ("nationality", &["国籍", "nationality"]),
    ("political", &["政治面貌", "politicalstatus"]),
    ("marital", &["婚姻状况", "婚否", "婚姻", "maritalstatus"]),
    ("education", &["学历", "最高学历", "education", "degree", "highesteducation"]),
    ("workYears", &["工作年限", "工作经验", "工作年份", "从业年限", "experience", "yearsofexperience", "workexperience"]),
    ("homePage", &["个人主页", "主页", "博客", "github", "homepage", "website", "blog", "portfolio"]),
    ("qq", &["qq"]),
    ("careerStatus", &["求职状态", "当前状态", "目前状态", "状态", "jobstatus", "status"]),
    ("targetCategory", &["期望职位", "期望岗位", "意向岗位", "求职意向", "应聘职位", "目标职位", "意向职位", "求职岗位", "应聘岗位", "期望从事职业", "期望职业", "职位", "岗位", "desiredposition", "position", "targetposition", "objective", "targetrole", "desiredrole", "jobtarget"]),
    ("targetCity", &["期望城市", "期望地点", "工作地点", "意向城市", "期望工作地点", "目标城市", "意向地点", "期望工作地区", "工作城市", "preferredlocation", "targetcity", "desiredlocation", "preferredcity"]),
    ("targetSalary", &["期望薪资", "期望月薪", "薪资要求", "期望薪水", "期望薪酬", "期望工资", "期望待遇", "expectedsalary", "desiredsalary", "salaryexpectation", "salary"]),
    ("targetIndustry", &["期望行业", "意向行业", "目标行业", "desiredindustry", "targetindustry"]),
    ("jobType", &["工作性质", "工作类型", "求职类型", "jobtype", "employmenttype"]),
    ("onBoard", &["到岗时间", "入职时间", "availability", "startdate"]),
];

fn label_of(key: &str) -> Option<&'static str> {
    let k: String = key.chars().filter(|c| !c.is_whitespace() && !"*·.".contains(*c)).flat_map(char::to_lowercase).collect();
    LABELS.iter().find(|(_, ws)| ws.contains(&k.as_str())).map(|(f, _)| *f)
}

/// The label: value pairs of some lines.
pub fn pairs(lines: &[&str]) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for line in lines {
        let cs = cells(line);
        let mut i = 0;
        while i < cs.len() {
            let cell = cs[i];
            let groups = split_labelled(cell);
            if groups.len() > 1 || groups.first().is_some_and(|g| g.0.is_some()) {
                for (label, value) in groups {
                    if let (Some(field), Some(v)) = (label, value) {
                        out.push((field, v));
                    }
                }
                // A label with a colon and nothing after it, its value in the next cell.
                if let Some((Some(field), None)) = split_labelled(cell).last().cloned() {
                    if let Some(next) = cs.get(i + 1) {
                        if split_labelled(next).first().is_some_and(|g| g.0.is_none()) {
                            out.push((field, (*next).to_string()));
                            i += 1;
                        }
                    }
                }
            } else if let Some(spaced) = spaced_pairs(cell) {
                out.extend(spaced);
            } else if let Some(field) = label_of(cell) {
                // A table: the label cell, then the value cell.
                if let Some(next) = cs.get(i + 1) {
                    if label_of(next).is_none() && split_labelled(next).first().is_some_and(|g| g.0.is_none()) {
                        out.push((field, (*next).to_string()));
                        i += 1;
                    }
                }
            }
            i += 1;
        }
    }
    out
}

/// "姓名 张三 性别 男" (a table as some PDF readers give it, cells parted by single spaces): a
/// cell that starts with a label word, then values up to the next label word.
fn spaced_pairs(cell: &str) -> Option<Vec<(&'static str, String)>> {
    let words: Vec<&str> = cell.split(' ').filter(|w| !w.is_empty()).collect();
    if words.len() < 2 || label_of(words[0]).is_none() || cell.contains([':', '：']) {
        return None;
    }
    let mut out: Vec<(&'static str, String)> = Vec::new();
    let mut current: Option<(&'static str, Vec<&str>)> = None;
    for w in words {
        match label_of(w) {
            Some(f) => {
                if let Some((f, v)) = current.take() {
                    if !v.is_empty() {
                        out.push((f, v.join(" ")));
                    }
                }
                current = Some((f, Vec::new()));
            }
            None => {
                if let Some((_, v)) = current.as_mut() {
                    v.push(w);
                }
            }
        }
    }
    if let Some((f, v)) = current {
        if !v.is_empty() {
            out.push((f, v.join(" ")));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// "姓名：张三 性别：男" as [(name, 张三), (gender, 男)]: a new pair starts at each word ending in
/// a colon that names a label. Text before the first label comes as (None, text).
fn split_labelled(cell: &str) -> Vec<(Option<&'static str>, Option<String>)> {
    let mut out: Vec<(Option<&'static str>, String)> = Vec::new();
    let mut rest = cell;
    loop {
        // The next "label:" in the rest.
        let colon = rest.char_indices().find(|(i, c)| {
            (*c == ':' || *c == '：') && {
                let before = &rest[..*i];
                let word_start = after_last_space(before);
                label_of(&before[word_start..]).is_some() || label_of(before.trim()).is_some()
            }
        });
        let Some((at, c)) = colon else {
            match out.last_mut() {
                Some(last) => last.1.push_str(rest),
                None => out.push((None, rest.to_string())),
            }
            break;
        };
        let before = &rest[..at];
        let (prefix, word) = if label_of(before.trim()).is_some() && out.is_empty() {
            ("", before.trim())
        } else {
            let ws = after_last_space(before);
            (&before[..ws], &before[ws..])
        };
        match out.last_mut() {
            Some(last) => last.1.push_str(prefix),
            None if !prefix.trim().is_empty() => out.push((None, prefix.to_string())),
            None => {}
        }
        out.push((label_of(word), String::new()));
        rest = &rest[at + c.len_utf8()..];
    }
    out.into_iter()
        .map(|(l, v)| {
            let v = v.trim().trim_matches(|c: char| c == ';' || c == '；' || c == ',' || c == '，').trim().to_string();
            (l, (!v.is_empty()).then_some(v))
        })
        .collect()
}

/// Where the last word of `s` starts: after its last space of any width (U+3000 is three bytes).
fn after_last_space(s: &str) -> usize {
    s.char_indices().rev().find(|(_, c)| c.is_whitespace()).map_or(0, |(at, c)| at + c.len_utf8())
}

/// Common surnames (about 99% of the population), compound ones first.
const COMPOUND_SURNAMES: &[&str] = &["欧阳", "司马", "上官", "诸葛", "东方", "皇甫", "尉迟", "公孙", "慕容", "长孙", "宇文", "司徒", "夏侯", "令狐", "端木", "南宫", "西门", "独孤"];
const SURNAMES: &str = include_str!("../data/surnames.txt");

fn is_surname(c: char) -> bool {
    SURNAMES.contains(c)
}

/// Words that sit where a name might but are not one.
const NOT_NAMES: &[&str] = &["个人简历", "简历", "求职简历", "个人信息", "基本信息", "求职意向", "联系方式", "应聘", "个人资料", "本人", "男", "女", "未婚", "已婚", "汉族", "党员", "团员", "群众", "本科", "硕士", "博士", "大专", "高中", "电话", "手机", "邮箱", "地址", "简介", "中共党员", "共青团员"];

/// A Chinese personal name: two to four characters with a known surname.
pub fn chinese_name(s: &str) -> Option<String> {
    let s = s.trim().trim_end_matches("的个人简历").trim_end_matches("的简历").trim_end_matches("个人简历").trim_end_matches("简历").trim();
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    let n = s.chars().count();
    if !(2..=4).contains(&n) || !s.chars().all(crate::domain::resume_analysis::extract::is_cjk) || NOT_NAMES.contains(&s.as_str()) {
        return None;
    }
    let compound = COMPOUND_SURNAMES.iter().any(|p| s.starts_with(p));
    let first = s.chars().next()?;
    if compound || (is_surname(first) && n <= 3) {
        return Some(s);
    }
    None
}

/// An English personal name: two or three capitalised words, letters only.
fn english_name(s: &str) -> Option<String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    if !(2..=3).contains(&words.len()) {
        return None;
    }
    let ok = words.iter().all(|w| {
        let mut cs = w.chars();
        cs.next().is_some_and(|c| c.is_ascii_uppercase()) && w.len() <= 15 && w.chars().all(|c| c.is_ascii_alphabetic() || c == '-' || c == '\'')
    });
    let lower: String = s.to_lowercase();
    let stop = ["resume", "curriculum", "vitae", "experience", "education", "information", "profile", "summary", "skills", "contact", "objective"];
    (ok && !stop.iter().any(|w| lower.contains(w))).then(|| s.to_string())
}

fn digits(s: &str) -> String {
    s.chars().filter(char::is_ascii_digit).collect()
}

/// A mainland mobile number in the text, as 11 digits.
pub fn mobile_in(s: &str) -> Option<String> {
    MOBILE.captures(s).map(|c| format!("{}{}{}", &c[1], &c[2], &c[3]))
}

pub fn email_in(s: &str) -> Option<String> {
    EMAIL.find(s).map(|m| m.as_str().trim_end_matches('.').to_string())
}

fn gender_of(s: &str) -> Option<&'static str> {
    let t = s.trim().to_lowercase();
    match t.as_str() {
        "男" | "male" | "m" | "男性" => Some("1"),
        "女" | "female" | "f" | "女性" => Some("2"),
        _ => None,
    }
}

/// Whole years of work as the workSince codes (under a year is read by `work_since_of`).
fn work_since(years: u32) -> &'static str {
    match years {
        0 => "none",
        1..=2 => "1to3",
        3..=4 => "3to5",
        5..=9 => "5to10",
        _ => "gt10",
    }
}

/// A 工作年限 value as a workSince code: "应届" and "无" are none, "1年以下", "半年", "0.5年" and
/// "6个月" under a year, else the whole years.
fn work_since_of(v: &str) -> Option<&'static str> {
    let t = v.to_lowercase();
    if t.contains("应届") || t.contains('无') || t.contains("none") || t.contains("fresh") {
        return Some("none");
    }
    if UNDER_A_YEAR.is_match(&t) {
        return Some("lt1");
    }
    let number: String = t.trim_start().chars().skip_while(|c| !c.is_ascii_digit()).take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    let n: f64 = number.parse().ok()?;
    if t.contains("个月") || t.contains("month") {
        return (n < 12.0).then_some(if n == 0.0 { "none" } else { "lt1" });
    }
    match n {
        n if !(0.0..60.0).contains(&n) => None,
        n if n > 0.0 && n < 1.0 => Some("lt1"),
        n => Some(work_since(n as u32)),
    }
}

/// An age in years from "28岁", "28 周岁" or a bare "28" after its label; 15 to 70 only.
fn age_of(s: &str) -> Option<u32> {
    let c = AGE.captures(s.trim())?;
    c.get(1).or(c.get(2))?.as_str().parse().ok().filter(|a| (15..=70).contains(a))
}

/// The birthday an age stands for when no birthday is written: 1 January of the year the person
/// was born in if their birthday has passed this year (the age is all we know).
fn birthday_from_age(age: u32, this_year: i32) -> String {
    format!("{:04}-01-01", this_year - age as i32)
}

fn salary(s: &str) -> Option<String> {
    let c = SALARY.captures(s)?;
    let low: f64 = c.get(1)?.as_str().parse().ok()?;
    let unit = c.get(2).or(c.get(4)).map(|m| m.as_str().to_lowercase());
    let yearly = s.contains('年') || s.to_lowercase().contains("year");
    let mut yuan = match unit.as_deref() {
        Some("k" | "千") => low * 1000.0,
        Some("万" | "w") => low * 10000.0,
        _ => low,
    };
    if yearly {
        yuan /= 12.0;
    }
    (500.0..10_000_000.0).contains(&yuan).then(|| format!("{}", yuan.round() as u64))
}

fn put(m: &mut Map<String, Value>, k: &str, v: impl Into<String>) {
    let v: String = v.into();
    if !v.trim().is_empty() && !m.contains_key(k) {
        m.insert(k.to_string(), Value::from(v.trim()));
    }
}

fn place(m: &mut Map<String, Value>, field: &str, text_field: Option<&str>, value: &str) {
    match options::city(value) {
        Some(code) => put(m, field, code),
        None if options::is_place(value) || has_cjk(value) && value.chars().count() <= 12 => {
            put(m, field, "other");
            if let Some(tf) = text_field {
                put(m, tf, value);
            }
        }
        None => {}
    }
}

pub fn read(blocks: &[Block<'_>], text: &str, found: &mut Found) {
    let head: Vec<&str> = blocks.iter().filter(|b| matches!(b.part, Part::Basic | Part::Intention)).flat_map(|b| b.lines.iter().copied()).collect();
    let intention: Vec<&str> = blocks.iter().filter(|b| b.part == Part::Intention).flat_map(|b| b.lines.iter().copied()).collect();
    // Pairs from the head and the job wanted, then from anywhere (two-column pages put the
    // contact details beside the experience).
    let mut all = pairs(&head);
    let everywhere: Vec<&str> = blocks.iter().filter(|b| !matches!(b.part, Part::Basic | Part::Intention)).flat_map(|b| b.lines.iter().copied()).collect();
    for (f, v) in pairs(&everywhere) {
        if matches!(f, "name" | "gender" | "birthday" | "age" | "mobile" | "email" | "city" | "hukou" | "ethnicity" | "political" | "marital" | "qq" | "homePage") {
            all.push((f, v));
        }
    }
    let b = &mut found.basic;
    let i = &mut found.intention;
    let mut age: Option<u32> = None;
    for (field, value) in &all {
        let v = value.as_str();
        match *field {
            "name" => {
                if let Some(n) = chinese_name(v).or_else(|| english_name(v)).or_else(|| (v.chars().count() <= 20 && !v.contains(['@', ':'])).then(|| v.to_string())) {
                    put(b, "name", n);
                }
            }
            "gender" => {
                if let Some(g) = gender_of(v) {
                    put(b, "gender", g);
                }
            }
            "birthday" => {
                if let Some((d, _)) = find_date(v) {
                    if let Some(m) = d.month {
                        put(b, "birthday", format!("{:04}-{:02}-{:02}", d.year, m, d.day.unwrap_or(1)));
                    }
                }
            }
            "age" => {
                if let Some(a) = age_of(v) {
                    age.get_or_insert(a);
                }
            }
            "mobile" => {
                if let Some(m) = mobile_in(v) {
                    put(b, "mobile", m);
                } else if let Some(p) = PHONE.captures(v) {
                    put(b, "telephone", &p[1]);
                }
            }
            "email" => {
                if let Some(e) = email_in(v) {
                    put(b, "email", e);
                }
            }
            "city" => place(b, "city", Some("address"), v),
            "address" => {
                put(b, "address", v);
                if let Some(c) = options::city(v) {
                    put(b, "city", c);
                }
            }
            "hukou" => put(b, "hukou", v),
            "ethnicity" => put(b, "ethnicity", v),
            "nationality" => put(b, "nationality", v),
            "political" => {
                let code = if v.contains("党员") { Some("party") } else if v.contains("团员") { Some("league") } else if v.contains("群众") { Some("masses") } else if v.contains("民主") { Some("democratic") } else { None };
                if let Some(c) = code {
                    put(b, "political", c);
                }
            }
            "marital" => {
                let code = if v.contains("未婚") || v.eq_ignore_ascii_case("single") { Some("single") } else if v.contains("已婚") || v.eq_ignore_ascii_case("married") { Some("married") } else if v.contains("离") { Some("divorced") } else if v.contains("保密") { Some("secret") } else { None };
                if let Some(c) = code {
                    put(b, "marital", c);
                }
            }
            "education" => {
                if let Some(l) = options::education_level(v) {
                    put(b, "education", l);
                }
            }
            "workYears" => {
                if let Some(code) = work_since_of(v) {
                    put(b, "workSince", code);
                }
            }
            "homePage" => {
                if v.starts_with("http://") || v.starts_with("https://") {
                    put(b, "homePage", v);
                } else if v.contains('.') && !v.contains(' ') {
                    put(b, "homePage", format!("https://{v}"));
                }
            }
            "qq" => {
                let d = digits(v);
                if (5..=12).contains(&d.len()) {
                    put(b, "qq", d);
                }
            }
            "careerStatus" => {
                let code = if v.contains("离职") || v.contains("随时") { Some("looking") } else if v.contains("在职") { Some("open") } else if v.contains("在校") || v.contains("应届") { Some("student") } else { None };
                if let Some(c) = code {
                    put(b, "careerStatus", c);
                }
            }
            "targetCategory" => put(i, "targetCategory", v),
            "targetCity" => place(i, "targetCity", None, v),
            "targetSalary" => {
                if let Some(s) = salary(v) {
                    put(i, "targetSalary", s);
                }
            }
            "targetIndustry" => {
                if let Some(c) = options::industry(v) {
                    put(i, "targetIndustry", c);
                }
            }
            "jobType" => job_type(i, v),
            _ => {}
        }
    }
    // The job wanted written without labels: "Java开发工程师 | 北京 | 15K-20K | 全职", on its own
    // line under its heading, or after a 求职意向 label in the head (where only the first cell is
    // the label's value).
    let wanted = |i: &mut Map<String, Value>, cell: &str| {
        if options::city(cell).is_some() && cell.chars().count() <= 10 {
            place(i, "targetCity", None, cell);
        } else if cell.chars().any(|c| c.is_ascii_digit()) && salary(cell).is_some() && (cell.contains(['k', 'K', '万', '元', '千'])) {
            if let Some(s) = salary(cell) {
                put(i, "targetSalary", s);
            }
        } else if ["全职", "兼职", "实习", "full-time", "part-time", "intern"].iter().any(|w| cell.to_lowercase().contains(w)) && cell.chars().count() <= 12 {
            job_type(i, cell);
        } else if cell.chars().count() <= 30 && !i.contains_key("targetCategory") {
            put(i, "targetCategory", cell);
        }
    };
    for line in &intention {
        if pairs(&[line]).is_empty() {
            cells(line).into_iter().for_each(|cell| wanted(i, cell));
        }
    }
    for line in &head {
        if let Some(rest) = ["求职意向", "意向岗位", "求职岗位"].iter().find_map(|l| line.trim_start().strip_prefix(l)).and_then(|r| r.trim_start().strip_prefix([':', '：'])) {
            cells(rest).into_iter().skip(1).for_each(|cell| wanted(i, cell));
        }
    }
    // Mobile and email anywhere; the head's first.
    let head_text = head.join("\n");
    if !b.contains_key("mobile") {
        if let Some(m) = mobile_in(&head_text).or_else(|| mobile_in(text)) {
            put(b, "mobile", m);
        }
    }
    if !b.contains_key("email") {
        if let Some(e) = email_in(&head_text).or_else(|| email_in(text)) {
            put(b, "email", e);
        }
    }
    // The name from the head: the first cell that is a name.
    if !b.contains_key("name") {
        let first_lines: Vec<&str> = blocks.first().map(|b| b.lines.iter().take(6).copied().collect()).unwrap_or_default();
        let candidates = if first_lines.is_empty() { text.lines().take(6).collect() } else { first_lines };
        'outer: for line in &candidates {
            for cell in cells(line) {
                for word in std::iter::once(cell).chain(cell.split([' ', '/', ',', '，'])) {
                    if let Some(n) = chinese_name(word) {
                        put(b, "name", n);
                        break 'outer;
                    }
                }
            }
        }
        if !b.contains_key("name") {
            for line in candidates.iter().take(3) {
                if let Some(n) = cells(line).first().and_then(|c| english_name(c)) {
                    put(b, "name", n);
                    break;
                }
            }
        }
        // Run into other words ("张伟男28岁本科", "我叫李娜"): jieba's segmentation finds it, checked
        // by the surnames as any name here. Only now, as its dictionary takes the child a moment to load.
        if !b.contains_key("name") {
            let first_text = candidates.join("\n");
            if let Some(n) = crate::search::analyzer::person_names(&first_text).iter().find_map(|w| chinese_name(w)) {
                put(b, "name", n);
            }
        }
    }
    // Gender, age and the like written bare in the head: "男 | 28岁 | 本科 | 5年经验".
    for line in head.iter().take(12) {
        for cell in cells(line) {
            // "43 岁": PDF readers put a space between the number and 岁, so the whole cell is read.
            if age.is_none() && cell.contains('岁') && cell.chars().count() <= 8 {
                age = age_of(cell);
            }
            for word in cell.split([' ', '/', ',', '，', '、']) {
                if let Some(g) = gender_of(word).filter(|_| word.chars().count() <= 2) {
                    put(b, "gender", g);
                }
                if age.is_none() && word.chars().count() <= 5 {
                    age = age_of(word).filter(|_| word.contains('岁'));
                }
                if !b.contains_key("education") && word.chars().count() <= 6 {
                    if let Some(l) = options::education_level(word) {
                        put(b, "education", l);
                    }
                }
            }
        }
    }
    // The same facts run together ("张伟男28岁本科五年经验"): read from jieba's words, where a
    // split at spaces and commas found nothing. Words, not substrings: "男装销售" holds no gender.
    // Only for a head cell that may hold them glued, as the dictionary takes the child a moment to load.
    let missing = !b.contains_key("gender") || !b.contains_key("education") || (age.is_none() && !b.contains_key("birthday"));
    let glued = |cell: &str| cell.chars().count() > 4 && ["男", "女", "岁", "本科", "硕士", "博士", "大专", "专科"].iter().any(|w| cell.contains(w));
    if missing && head.iter().take(6).any(|line| cells(line).into_iter().any(glued)) {
        let words = crate::search::analyzer::words(&head.iter().take(6).copied().collect::<Vec<_>>().join("\n"));
        for (i, word) in words.iter().enumerate() {
            if let Some(g) = gender_of(word).filter(|_| !b.contains_key("gender") && has_cjk(word)) {
                put(b, "gender", g);
            }
            if !b.contains_key("education") {
                if let Some(l) = options::education_level(word).filter(|_| word.chars().count() <= 4) {
                    put(b, "education", l);
                }
            }
            if age.is_none() && words.get(i + 1).is_some_and(|w| w == "岁") {
                age = age_of(&format!("{word}岁"));
            }
        }
    }
    if !b.contains_key("workSince") {
        let scope = if head_text.is_empty() { text } else { &head_text };
        if let Some(c) = YEARS.captures(scope).or_else(|| YEARS.captures(text)) {
            if let Some(y) = c.get(1).or(c.get(2)).or(c.get(3)).and_then(|m| m.as_str().parse::<u32>().ok()).filter(|y| *y < 60) {
                put(b, "workSince", work_since(y));
            }
        } else if UNDER_A_YEAR.is_match(scope) && (scope.contains("经验") || scope.contains("工作") || scope.to_lowercase().contains("experience")) {
            put(b, "workSince", "lt1");
        }
    }
    if let Some(a) = age.filter(|_| !b.contains_key("birthday")) {
        put(b, "birthday", birthday_from_age(a, time::OffsetDateTime::now_utc().year()));
    }
    // The self assessment: the part's text.
    let assessment: Vec<&str> = blocks.iter().filter(|b| b.part == Part::Assessment).flat_map(|b| b.lines.iter().copied()).collect();
    if !assessment.is_empty() {
        put(&mut found.assessment, "selfAssessment", assessment.join("\n"));
    }
}

fn job_type(m: &mut Map<String, Value>, v: &str) {
    let t = v.to_lowercase();
    let code = if t.contains("全职") || t.contains("full") { Some("fulltime") } else if t.contains("兼职") || t.contains("part") { Some("parttime") } else if t.contains("实习") || t.contains("intern") { Some("intern") } else { None };
    if let Some(c) = code {
        put(m, "jobType", c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_pairs_in_lines_and_tables() {
        let q = pairs(&["姓名 齐萱思 性别 男", "工作年限 4 年"]);
        assert_eq!(q, vec![("name", "齐萱思".to_string()), ("gender", "男".to_string()), ("workYears", "4 年".to_string())]);
        let p = pairs(&["姓名：张三 性别：男", "出生年月\t1995.03\t手机\t138 0013 8000", "Email: zhang.san@example.com"]);
        assert!(p.contains(&("name", "张三".into())), "{p:?}");
        assert!(p.contains(&("gender", "男".into())), "{p:?}");
        assert!(p.contains(&("birthday", "1995.03".into())), "{p:?}");
        assert!(p.contains(&("mobile", "138 0013 8000".into())), "{p:?}");
        assert!(p.contains(&("email", "zhang.san@example.com".into())), "{p:?}");
    }

    #[test]
    fn tells_names() {
        assert_eq!(chinese_name("王小明"), Some("王小明".into()));
        assert_eq!(chinese_name("欧阳娜娜"), Some("欧阳娜娜".into()));
        assert_eq!(chinese_name("个人简历"), None);
        assert_eq!(chinese_name("工作经历"), None);
        assert_eq!(chinese_name("李雷的简历"), Some("李雷".into()));
        assert_eq!(english_name("Li Wei"), Some("Li Wei".into()));
        assert_eq!(english_name("Work Experience"), None);
    }

    #[test]
    fn finds_a_name_run_into_other_words_by_segmentation() {
        let (b, _, _) = basic_and_intention("张伟男28岁本科五年经验\n13800138000 zhangwei@example.com\n工作经历\n2019.07-至今 腾讯科技有限公司 工程师");
        assert_eq!(get(&b, "name"), "张伟");
        // The facts run together with it, read from the same words.
        assert_eq!((get(&b, "gender"), get(&b, "education")), ("1", "bachelor"));
        let year = time::OffsetDateTime::now_utc().year() - 28;
        assert_eq!(get(&b, "birthday"), format!("{year}-01-01"));
        // A word that holds 男 is no gender.
        let (b, _, _) = basic_and_intention("李娜\n男装销售主管\n13900139000\n工作经历\n2019.07-至今 某服饰有限公司 销售主管");
        assert_eq!(get(&b, "gender"), "", "{b:?}");
        let (b, _, _) = basic_and_intention("您好，我叫李娜，应聘会计一职。\n电话 13900139000\n教育背景\n2012.09-2016.06 武汉大学 会计学 本科");
        assert_eq!(get(&b, "name"), "李娜");
    }

    #[test]
    fn reads_numbers() {
        assert_eq!(mobile_in("电话：+86 138-0013-8000"), Some("13800138000".into()));
        assert_eq!(mobile_in("身份证 110101199003071234"), None);
        assert_eq!(salary("15K-20K"), Some("15000".into()));
        assert_eq!(salary("30万/年"), Some("25000".into()));
        assert_eq!(salary("面议"), None);
    }

    fn basic_and_intention(text: &str) -> (Map<String, Value>, Map<String, Value>, Map<String, Value>) {
        let s = super::super::sections(&crate::domain::resume_analysis::extract::clean(text));
        let form = |k: &str| s.get(k).and_then(Value::as_object).cloned().unwrap_or_default();
        (form("basic"), form("intention"), form("assessment"))
    }

    fn get<'a>(m: &'a Map<String, Value>, k: &str) -> &'a str {
        m.get(k).and_then(Value::as_str).unwrap_or("")
    }

    #[test]
    fn reads_birthdays_in_their_forms() {
        assert_eq!(get(&basic_and_intention("姓名：张三\n出生年月：1995.03").0, "birthday"), "1995-03-01");
        assert_eq!(get(&basic_and_intention("姓名：张三\n出生日期：1990/07/15").0, "birthday"), "1990-07-15");
        assert_eq!(get(&basic_and_intention("李四的简历\n性别：男　　出生：1988年11月").0, "birthday"), "1988-11-01");
        assert_eq!(get(&basic_and_intention("Name: Li Wei\nDate of Birth: May 1992").0, "birthday"), "1992-05-01");
    }

    #[test]
    fn turns_an_age_into_a_birth_year() {
        assert_eq!(age_of("28岁"), Some(28));
        assert_eq!(age_of("28 周岁"), Some(28));
        assert_eq!(age_of("28"), Some(28));
        assert_eq!(age_of("3岁"), None);
        assert_eq!(age_of("99岁"), None);
        assert_eq!(age_of("2019"), None);
        assert_eq!(birthday_from_age(28, 2026), "1998-01-01");
        let year = time::OffsetDateTime::now_utc().year();
        // Bare in the line of facts, as the "modern" layout prints it.
        let (b, _, _) = basic_and_intention("王小明\n男 | 28岁 | 本科 | 5年工作经验\n电话：138-0013-8000");
        assert_eq!(get(&b, "birthday"), format!("{}-01-01", year - 28));
        let (b, _, _) = basic_and_intention("王小明\n女 | 43 岁 | 硕士\n电话：138-0013-8000");
        assert_eq!(get(&b, "birthday"), format!("{}-01-01", year - 43), "spaced as a PDF reader gives it");
        // After its label.
        let (b, _, _) = basic_and_intention("姓名：王小明\n年龄：31");
        assert_eq!(get(&b, "birthday"), format!("{}-01-01", year - 31));
        // A written birthday wins over the age.
        let (b, _, _) = basic_and_intention("姓名：王小明\n年龄：31岁\n出生年月：1994.05");
        assert_eq!(get(&b, "birthday"), "1994-05-01");
    }

    #[test]
    fn reads_years_of_work() {
        assert_eq!(work_since_of("应届生"), Some("none"));
        assert_eq!(work_since_of("无"), Some("none"));
        assert_eq!(work_since_of("0年"), Some("none"));
        assert_eq!(work_since_of("1年以下"), Some("lt1"));
        assert_eq!(work_since_of("不足一年"), Some("lt1"));
        assert_eq!(work_since_of("半年"), Some("lt1"));
        assert_eq!(work_since_of("0.5年"), Some("lt1"));
        assert_eq!(work_since_of("6个月"), Some("lt1"));
        assert_eq!(work_since_of("Less than 1 year"), Some("lt1"));
        assert_eq!(work_since_of("1年"), Some("1to3"));
        assert_eq!(work_since_of("4 年"), Some("3to5"));
        assert_eq!(work_since_of("8年"), Some("5to10"));
        assert_eq!(work_since_of("12年"), Some("gt10"));
        assert_eq!(work_since_of("面议"), None);
        assert_eq!(get(&basic_and_intention("姓名：张三\n工作年限：7年").0, "workSince"), "5to10");
        assert_eq!(get(&basic_and_intention("张三\n女 | 26岁 | 硕士 | 3年工作经验").0, "workSince"), "3to5");
        assert_eq!(get(&basic_and_intention("张三\n女 | 23岁 | 本科 | 1年以下工作经验").0, "workSince"), "lt1");
        assert_eq!(get(&basic_and_intention("Li Wei\n6 years of experience in backend development").0, "workSince"), "5to10");
    }

    #[test]
    fn reads_the_job_wanted_with_and_without_labels() {
        let (_, i, _) = basic_and_intention("姓名：张三\n求职意向\n期望职位：Java开发工程师　　期望城市：杭州　　期望薪资：15K-20K/月");
        assert_eq!(get(&i, "targetCategory"), "Java开发工程师", "{i:?}");
        assert_eq!(get(&i, "targetCity"), "hangzhou", "{i:?}");
        assert_eq!(get(&i, "targetSalary"), "15000", "{i:?}");
        let (_, i, _) = basic_and_intention("王磊\n求职意向：Java开发工程师 | 北京 | 20-30K\n电话：15811112222");
        assert_eq!((get(&i, "targetCategory"), get(&i, "targetCity"), get(&i, "targetSalary")), ("Java开发工程师", "beijing", "20000"), "{i:?}");
        let (_, i, _) = basic_and_intention("张三\n【求职意向】\n产品经理 | 深圳 | 25K-30K | 全职");
        assert_eq!(get(&i, "targetCategory"), "产品经理", "{i:?}");
        assert_eq!(get(&i, "targetCity"), "shenzhen", "{i:?}");
        assert_eq!(get(&i, "targetSalary"), "25000", "{i:?}");
        assert_eq!(get(&i, "jobType"), "fulltime", "{i:?}");
    }

    #[test]
    fn keeps_the_self_assessment() {
        let (_, _, a) = basic_and_intention("张三\n13800138000\n自我评价\n性格开朗，责任心强。\n学习能力强。");
        assert_eq!(get(&a, "selfAssessment"), "性格开朗,责任心强。\n学习能力强。", "full-width commas are cleaned to ASCII");
    }
}
