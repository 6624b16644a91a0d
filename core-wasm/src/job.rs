//! The job-posting rules: what the recruiter's job form checks as the user types and what the
//! server checks again on `/comjob/save`. The verdict has the resume rules' shape: field ->
//! `{key, limit?}`, empty when valid.

use serde::{Deserialize, Serialize};

use crate::resume::{Problem, Verdict};

pub const TITLE_MAX: usize = 50;
pub const DISTRICT_MAX: usize = 30;
pub const DESCRIPTION_MIN: usize = 10;
pub const DESCRIPTION_MAX: usize = 5000;
pub const CONTACT_MAX: usize = 100;
pub const TAGS_MAX: usize = 10;
pub const TAG_MAX: usize = 12;
pub const KEYWORDS_MAX: usize = 10;
pub const KEYWORD_MAX: usize = 20;
/// Monthly salary bounds in yuan.
pub const SALARY_MAX: i64 = 1_000_000;
pub const SALARY_MONTHS: std::ops::RangeInclusive<i64> = 12..=16;
pub const HEADCOUNT_MAX: i64 = 999;

/// A job as the form sends it: text as typed, numbers as text (the form keeps what was typed).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct JobDraft {
    pub title: String,
    pub category: String,
    pub city: String,
    pub district: String,
    pub salary_min: String,
    pub salary_max: String,
    pub salary_months: String,
    pub experience: String,
    pub education: String,
    pub headcount: String,
    /// Comma-separated.
    pub tags: String,
    /// Comma-separated.
    pub keywords: String,
    pub description: String,
    pub contact: String,
}

/// The checked job, as the server stores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CleanJob {
    pub title: String,
    pub category: String,
    pub city: String,
    pub district: String,
    pub salary_min: i64,
    pub salary_max: i64,
    pub salary_months: i64,
    pub experience: String,
    pub education: String,
    pub headcount: i64,
    pub tags: Vec<String>,
    pub keywords: Vec<String>,
    pub description: String,
    pub contact: String,
}

/// Comma-separated items (either comma), trimmed, empty ones and repeats dropped.
pub fn split_list(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in text.split([',', '，']).map(str::trim).filter(|s| !s.is_empty()) {
        if !out.iter().any(|o| o == item) {
            out.push(item.to_string());
        }
    }
    out
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// An optional number: None when empty, Err when not a whole number.
fn number(text: &str) -> Result<Option<i64>, ()> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if t.len() > 9 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    t.parse().map(Some).map_err(|_| ())
}

fn has_black_word(text: &str, black_words: &[String]) -> bool {
    black_words.iter().any(|w| !w.is_empty() && text.contains(w.as_str()))
}

/// The verdict on a draft, and the clean job when the verdict is empty.
pub fn check(draft: &JobDraft, black_words: &[String]) -> (Verdict, Option<CleanJob>) {
    let mut v = Verdict::new();
    let mut put = |field: &str, p: Problem| {
        v.entry(field.to_string()).or_insert(p);
    };
    let title = draft.title.trim();
    if title.is_empty() {
        put("title", Problem::new("job.v.required"));
    } else if chars(title) > TITLE_MAX {
        put("title", Problem::limit("job.v.maxChars", TITLE_MAX));
    }
    for (field, value) in [("category", &draft.category), ("city", &draft.city), ("experience", &draft.experience), ("education", &draft.education)] {
        if value.trim().is_empty() {
            put(field, Problem::new("job.v.select"));
        } else if chars(value.trim()) > 30 {
            put(field, Problem::limit("job.v.maxChars", 30));
        }
    }
    if chars(draft.district.trim()) > DISTRICT_MAX {
        put("district", Problem::limit("job.v.maxChars", DISTRICT_MAX));
    }
    let min = number(&draft.salary_min);
    let max = number(&draft.salary_max);
    match (min, max) {
        (Err(()), _) => put("salaryMin", Problem::new("job.v.number")),
        (_, Err(())) => put("salaryMax", Problem::new("job.v.number")),
        (Ok(None), _) => put("salaryMin", Problem::new("job.v.required")),
        (_, Ok(None)) => put("salaryMax", Problem::new("job.v.required")),
        (Ok(Some(a)), Ok(Some(b))) => {
            if !(1..=SALARY_MAX).contains(&a) {
                put("salaryMin", Problem::limit("job.v.salaryRange", SALARY_MAX as usize));
            } else if !(1..=SALARY_MAX).contains(&b) {
                put("salaryMax", Problem::limit("job.v.salaryRange", SALARY_MAX as usize));
            } else if a > b {
                put("salaryMax", Problem::new("job.v.salaryOrder"));
            }
        }
    }
    let months = match number(&draft.salary_months) {
        Ok(None) => Some(12),
        Ok(Some(m)) if SALARY_MONTHS.contains(&m) => Some(m),
        _ => {
            put("salaryMonths", Problem::new("job.v.salaryMonths"));
            None
        }
    };
    let headcount = match number(&draft.headcount) {
        Ok(None) => Some(0),
        Ok(Some(n)) if n <= HEADCOUNT_MAX => Some(n),
        _ => {
            put("headcount", Problem::limit("job.v.headcount", HEADCOUNT_MAX as usize));
            None
        }
    };
    let tags = split_list(&draft.tags);
    if tags.len() > TAGS_MAX {
        put("tags", Problem::limit("job.v.tooMany", TAGS_MAX));
    } else if tags.iter().any(|t| chars(t) > TAG_MAX) {
        put("tags", Problem::limit("job.v.itemTooLong", TAG_MAX));
    }
    let keywords = split_list(&draft.keywords);
    if keywords.len() > KEYWORDS_MAX {
        put("keywords", Problem::limit("job.v.tooMany", KEYWORDS_MAX));
    } else if keywords.iter().any(|t| chars(t) > KEYWORD_MAX) {
        put("keywords", Problem::limit("job.v.itemTooLong", KEYWORD_MAX));
    }
    let description = draft.description.trim();
    if description.is_empty() {
        put("description", Problem::new("job.v.required"));
    } else if chars(description) < DESCRIPTION_MIN {
        put("description", Problem::limit("job.v.minChars", DESCRIPTION_MIN));
    } else if chars(description) > DESCRIPTION_MAX {
        put("description", Problem::limit("job.v.maxChars", DESCRIPTION_MAX));
    }
    if chars(draft.contact.trim()) > CONTACT_MAX {
        put("contact", Problem::limit("job.v.maxChars", CONTACT_MAX));
    }
    for (field, text) in [("title", title), ("description", description), ("tags", draft.tags.as_str()), ("keywords", draft.keywords.as_str())] {
        if has_black_word(text, black_words) {
            put(field, Problem::new("job.v.blackWord"));
        }
    }
    if !v.is_empty() {
        return (v, None);
    }
    let (Ok(Some(salary_min)), Ok(Some(salary_max)), Some(salary_months), Some(headcount)) = (min, max, months, headcount) else {
        return (v, None);
    };
    let clean = CleanJob {
        title: title.to_string(),
        category: draft.category.trim().to_string(),
        city: draft.city.trim().to_string(),
        district: draft.district.trim().to_string(),
        salary_min,
        salary_max,
        salary_months,
        experience: draft.experience.trim().to_string(),
        education: draft.education.trim().to_string(),
        headcount,
        tags,
        keywords,
        description: description.to_string(),
        contact: draft.contact.trim().to_string(),
    };
    (v, Some(clean))
}

/// The verdict alone, for the form.
pub fn validate(draft: &JobDraft, black_words: &[String]) -> Verdict {
    check(draft, black_words).0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> JobDraft {
        JobDraft {
            title: "前端开发工程师".into(),
            category: "前端开发".into(),
            city: "杭州".into(),
            salary_min: "15000".into(),
            salary_max: "25000".into(),
            experience: "3-5年".into(),
            education: "本科".into(),
            description: "负责公司核心产品的前端开发与维护。".into(),
            tags: "五险一金, 双休，五险一金".into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_complete_job_is_clean() {
        let (v, clean) = check(&good(), &[]);
        assert!(v.is_empty(), "{v:?}");
        let c = clean.unwrap();
        assert_eq!((c.salary_min, c.salary_max, c.salary_months, c.headcount), (15000, 25000, 12, 0));
        assert_eq!(c.tags, vec!["五险一金", "双休"]);
    }

    #[test]
    fn required_fields_and_salary_order() {
        let v = validate(&JobDraft::default(), &[]);
        for f in ["title", "category", "city", "experience", "education", "salaryMin", "description"] {
            assert!(v.contains_key(f), "{f}: {v:?}");
        }
        let mut j = good();
        j.salary_min = "30000".into();
        assert_eq!(validate(&j, &[])["salaryMax"].key, "job.v.salaryOrder");
        j.salary_min = "3万".into();
        assert_eq!(validate(&j, &[])["salaryMin"].key, "job.v.number");
        j = good();
        j.salary_months = "17".into();
        assert_eq!(validate(&j, &[])["salaryMonths"].key, "job.v.salaryMonths");
    }

    #[test]
    fn lengths_and_black_words() {
        let mut j = good();
        j.title = "长".repeat(TITLE_MAX + 1);
        assert_eq!(validate(&j, &[])["title"], Problem::limit("job.v.maxChars", TITLE_MAX));
        j = good();
        j.description = "短".into();
        assert_eq!(validate(&j, &[])["description"].key, "job.v.minChars");
        j = good();
        j.description.push_str("日结刷单");
        let v = validate(&j, &["刷单".to_string()]);
        assert_eq!(v["description"].key, "job.v.blackWord");
        assert!(validate(&good(), &["刷单".to_string()]).is_empty());
        j = good();
        j.tags = (0..11).map(|i| format!("t{i}")).collect::<Vec<_>>().join(",");
        assert_eq!(validate(&j, &[])["tags"].key, "job.v.tooMany");
    }
}
