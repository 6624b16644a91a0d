//! Interview invitations and interviewers: the recruiter's forms check these as the user types
//! and the server checks them again on `/cominterview/save` and `/cominterviewer/save`.
//! The verdict has the notice templates' shape: field -> `{key, limit?}`, empty when valid.
//! Required prompts (SPEC §8): interview date (`start`), job (`jobId`), candidate (`applyId`, an
//! application of that job in the pipeline), interviewer (`interviewers`), contact (`contact`).

use serde::{Deserialize, Serialize};

use crate::notice_template::{TemplateProblem, TemplateVerdict};

pub const MINUTES_MIN: i64 = 15;
pub const MINUTES_MAX: i64 = 480;
pub const CONTACT_MAX: usize = 30;
pub const PHONE_MAX: usize = 20;
pub const ADDRESS_MAX: usize = 200;
pub const NOTES_MAX: usize = 500;
pub const INTERVIEWERS_MAX: usize = 10;
pub const NAME_MAX: usize = 30;
pub const EMAIL_MAX: usize = 100;
pub const COMMENT_MAX: usize = 2000;

/// China time is UTC+8 all year.
const CHINA_OFFSET_MS: i64 = 8 * 3600 * 1000;

/// The form as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct InterviewDraft {
    /// The job the candidate applied to: the form picks it first, then one of its applications.
    pub job_id: String,
    pub apply_id: String,
    /// `YYYY-MM-DD HH:MM`, China time.
    pub start: String,
    pub minutes: String,
    pub contact: String,
    pub contact_phone: String,
    pub address: String,
    /// Member ids, comma-separated.
    pub interviewers: String,
    pub notes: String,
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

fn problem(key: &'static str, limit: Option<usize>) -> TemplateProblem {
    TemplateProblem { key, limit, name: None }
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        _ => 28,
    }
}

/// `YYYY-MM-DD HH:MM` in China time as milliseconds since the epoch; None when not such a time.
pub fn parse_start(text: &str) -> Option<i64> {
    let t = text.trim();
    let b = t.as_bytes();
    if b.len() != 16 || b[4] != b'-' || b[7] != b'-' || b[10] != b' ' || b[13] != b':' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let s = t.get(r)?;
        s.bytes().all(|c| c.is_ascii_digit()).then(|| s.parse().ok()).flatten()
    };
    let (y, mo, d, h, mi) = (num(0..4)?, num(5..7)?, num(8..10)?, num(11..13)?, num(14..16)?);
    if !(2000..=2100).contains(&y) || !(1..=12).contains(&mo) || d < 1 || d > days_in_month(y, mo) || h > 23 || mi > 59 {
        return None;
    }
    Some((days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60) * 1000 - CHINA_OFFSET_MS)
}

/// The China-time `YYYY-MM-DD HH:MM` of an instant.
pub fn format_start(ms: i64) -> String {
    let secs = (ms + CHINA_OFFSET_MS).div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // civil_from_days
    let z = days + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", rem / 3600, rem % 3600 / 60)
}

/// Two intervals overlap when each starts before the other ends: touching ones do not.
pub fn overlaps(a_start: i64, a_end: i64, b_start: i64, b_end: i64) -> bool {
    a_start < b_end && a_end > b_start
}

/// Ids in a comma-separated list (either comma), repeats dropped; None when one is not an id.
pub fn id_list(text: &str) -> Option<Vec<i64>> {
    let mut out: Vec<i64> = Vec::new();
    for item in text.split([',', '，']).map(str::trim).filter(|s| !s.is_empty()) {
        let id: i64 = item.parse().ok().filter(|n| *n > 0)?;
        if !out.contains(&id) {
            out.push(id);
        }
    }
    Some(out)
}

fn is_id(text: &str) -> bool {
    text.trim().parse::<i64>().ok().filter(|n| *n > 0).is_some()
}

/// The verdict on an interview form.
pub fn validate(draft: &InterviewDraft) -> TemplateVerdict {
    let mut v = TemplateVerdict::new();
    if draft.job_id.trim().is_empty() {
        v.insert("jobId".into(), problem("interview.jobRequired", None));
    } else if !is_id(&draft.job_id) {
        v.insert("jobId".into(), problem("interview.invalid", None));
    }
    if draft.apply_id.trim().is_empty() {
        v.insert("applyId".into(), problem("interview.candidateRequired", None));
    } else if !is_id(&draft.apply_id) {
        v.insert("applyId".into(), problem("interview.invalid", None));
    }
    if draft.start.trim().is_empty() {
        v.insert("start".into(), problem("interview.dateRequired", None));
    } else if parse_start(&draft.start).is_none() {
        v.insert("start".into(), problem("interview.invalid", None));
    }
    match draft.minutes.trim().parse::<i64>() {
        Ok(m) if (MINUTES_MIN..=MINUTES_MAX).contains(&m) => {}
        _ => {
            v.insert("minutes".into(), problem("interview.minutes", Some(MINUTES_MAX as usize)));
        }
    }
    let contact = draft.contact.trim();
    if contact.is_empty() {
        v.insert("contact".into(), problem("interview.contactRequired", None));
    } else if chars(contact) > CONTACT_MAX {
        v.insert("contact".into(), problem("interview.tooLong", Some(CONTACT_MAX)));
    }
    let phone = draft.contact_phone.trim();
    if phone.is_empty() {
        v.insert("contactPhone".into(), problem("interview.contactPhoneRequired", None));
    } else if chars(phone) > PHONE_MAX || !phone.chars().all(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | ' ')) {
        v.insert("contactPhone".into(), problem("interview.invalid", None));
    }
    let address = draft.address.trim();
    if address.is_empty() {
        v.insert("address".into(), problem("interview.addressRequired", None));
    } else if chars(address) > ADDRESS_MAX {
        v.insert("address".into(), problem("interview.tooLong", Some(ADDRESS_MAX)));
    }
    match id_list(&draft.interviewers) {
        Some(list) if list.is_empty() => {
            v.insert("interviewers".into(), problem("interview.interviewerRequired", None));
        }
        Some(list) if list.len() > INTERVIEWERS_MAX => {
            v.insert("interviewers".into(), problem("interview.tooMany", Some(INTERVIEWERS_MAX)));
        }
        Some(_) => {}
        None => {
            v.insert("interviewers".into(), problem("interview.invalid", None));
        }
    }
    if chars(&draft.notes) > NOTES_MAX {
        v.insert("notes".into(), problem("interview.tooLong", Some(NOTES_MAX)));
    }
    v
}

/// An interviewer as the company enters them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct InterviewerDraft {
    pub name: String,
    pub mobile: String,
    pub email: String,
}

pub fn validate_interviewer(draft: &InterviewerDraft) -> TemplateVerdict {
    let mut v = TemplateVerdict::new();
    let name = draft.name.trim();
    if name.is_empty() {
        v.insert("name".into(), problem("interviewer.required", None));
    } else if chars(name) > NAME_MAX {
        v.insert("name".into(), problem("interviewer.tooLong", Some(NAME_MAX)));
    }
    if !crate::account::is_mainland_mobile(draft.mobile.trim()) {
        v.insert("mobile".into(), problem("interviewer.mobile", None));
    }
    let email = draft.email.trim();
    if chars(email) > EMAIL_MAX || !crate::account::is_email(email) {
        v.insert("email".into(), problem("interviewer.email", None));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_china_time() {
        // 2024-01-01 08:00 in China is midnight UTC.
        assert_eq!(parse_start("2024-01-01 08:00"), Some(1_704_067_200_000));
        assert_eq!(format_start(1_704_067_200_000), "2024-01-01 08:00");
        assert_eq!(parse_start("2024-02-29 09:30").map(format_start).as_deref(), Some("2024-02-29 09:30"));
        for bad in ["2023-02-29 09:30", "2024-13-01 09:00", "2024-01-01 24:00", "2024-01-01T09:00", "2024-1-01 09:00", ""] {
            assert_eq!(parse_start(bad), None, "{bad}");
        }
    }

    #[test]
    fn touching_intervals_do_not_overlap() {
        assert!(!overlaps(0, 60, 60, 120));
        assert!(!overlaps(60, 120, 0, 60));
        assert!(overlaps(0, 61, 60, 120));
        assert!(overlaps(10, 20, 0, 100));
    }

    #[test]
    fn required_prompts_name_their_fields() {
        let v = validate(&InterviewDraft::default());
        assert_eq!(v["start"].key, "interview.dateRequired");
        assert_eq!(v["jobId"].key, "interview.jobRequired");
        assert_eq!(v["applyId"].key, "interview.candidateRequired");
        assert_eq!(v["interviewers"].key, "interview.interviewerRequired");
        assert_eq!(v["contact"].key, "interview.contactRequired");
        let ok = InterviewDraft {
            job_id: "7".into(),
            apply_id: "12".into(),
            start: "2026-12-01 14:30".into(),
            minutes: "60".into(),
            contact: "王丽".into(),
            contact_phone: "0571-88888888".into(),
            address: "https://meeting.example.com/j/1".into(),
            interviewers: "5,6".into(),
            notes: String::new(),
        };
        assert!(validate(&ok).is_empty(), "{:?}", validate(&ok));
        assert_eq!(validate(&InterviewDraft { minutes: "481".into(), ..ok.clone() })["minutes"].key, "interview.minutes");
    }

    #[test]
    fn job_and_candidate_are_ids() {
        let ok = InterviewDraft {
            job_id: " 7 ".into(),
            apply_id: "12".into(),
            start: "2026-12-01 14:30".into(),
            minutes: "60".into(),
            contact: "王丽".into(),
            contact_phone: "13800138000".into(),
            address: "线上".into(),
            interviewers: "5".into(),
            notes: String::new(),
        };
        assert!(validate(&ok).is_empty(), "{:?}", validate(&ok));
        for bad in ["0", "-3", "abc", "7.5"] {
            let v = validate(&InterviewDraft { job_id: bad.into(), ..ok.clone() });
            assert_eq!(v.len(), 1, "{bad}: {v:?}");
            assert_eq!(v["jobId"].key, "interview.invalid", "{bad}");
            let v = validate(&InterviewDraft { apply_id: bad.into(), ..ok.clone() });
            assert_eq!(v["applyId"].key, "interview.invalid", "{bad}");
        }
        // A job without a candidate prompts for the candidate only; blank is empty.
        let v = validate(&InterviewDraft { apply_id: "  ".into(), ..ok.clone() });
        assert_eq!(v.len(), 1);
        assert_eq!(v["applyId"].key, "interview.candidateRequired");
        let v = validate(&InterviewDraft { job_id: " ".into(), ..ok });
        assert_eq!(v.len(), 1);
        assert_eq!(v["jobId"].key, "interview.jobRequired");
    }

    #[test]
    fn interviewer_fields() {
        let ok = InterviewerDraft { name: "李强".into(), mobile: "13900001111".into(), email: "li@example.com".into() };
        assert!(validate_interviewer(&ok).is_empty());
        let bad = InterviewerDraft { name: String::new(), mobile: "123".into(), email: "x".into() };
        assert_eq!(validate_interviewer(&bad).len(), 3);
    }
}
