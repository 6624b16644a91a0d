//! Notice templates (SPEC §9 limits, issue 16): the recruiter's template form checks them as the
//! user types, the live preview renders with them, and the server checks again on
//! `/comtemplate/save` and renders every notice with them.
//!
//! Templates are minijinja text (`{{ candidateName }}`) rendered in strict mode: a variable
//! outside `VARIABLES` is refused when the template is saved, naming it. The limits hold for the
//! text as written and for the text rendered with `sample_values()`; the server checks the real
//! values' rendering again before it sends.
//!
//! What renders (minijinja) is behind the `templates` feature: the server enables it, and the
//! browser gets it in a wasm of its own (core-wasm/templates) that only the template page fetches;
//! the main wasm, which every page loads, keeps the types and limits alone.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub const NAME_MAX: usize = 50;
pub const SUBJECT_MAX: usize = 50;
pub const MAIL_MAX: usize = 5000;
pub const SMS_MAX: usize = 200;
/// Characters of a text that goes as one SMS (UCS-2, as Chinese text always is).
pub const SMS_SINGLE: usize = 70;
/// Characters of each part of a long SMS (3 go to the concatenation header).
pub const SMS_PART: usize = 67;

/// The variables a template may name.
pub const VARIABLES: &[&str] =
    &["candidateName", "jobTitle", "companyName", "interviewTime", "address", "contact", "contactPhone", "interviewer"];

/// Values for the live preview and for the check after rendering: as long as real ones commonly are.
pub fn sample_values() -> BTreeMap<String, String> {
    [
        ("candidateName", "张晓明"),
        ("jobTitle", "高级前端开发工程师"),
        ("companyName", "杭州职达网络科技有限公司"),
        ("interviewTime", "2026-12-01 14:30"),
        ("address", "杭州市西湖区文三路 478 号华星时代广场 A 座 12 楼"),
        ("contact", "王丽"),
        ("contactPhone", "13800138000"),
        ("interviewer", "李强、陈静"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

/// A template as the form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct TemplateDraft {
    pub name: String,
    pub mail_subject: String,
    pub mail_content: String,
    pub sms_content: String,
}

/// What is wrong with one field: `key` is the i18n key; `limit` the bound broken; `name` the
/// unknown variable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct TemplateProblem {
    pub key: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// field -> problem; empty when the template is good.
pub type TemplateVerdict = BTreeMap<String, TemplateProblem>;

fn chars(s: &str) -> usize {
    s.chars().count()
}

#[cfg(feature = "templates")]
fn problem(key: &'static str, limit: Option<usize>, name: Option<String>) -> TemplateProblem {
    TemplateProblem { key, limit, name }
}

/// Why a text does not render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// A variable outside VARIABLES (or without a value).
    UnknownVariable(String),
    /// Not minijinja syntax; the parser's message.
    Syntax(String),
}

#[cfg(feature = "templates")]
fn environment() -> minijinja::Environment<'static> {
    let mut env = minijinja::Environment::new();
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
    // Plain text (mail and SMS): no HTML escaping.
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::None);
    env
}

/// The variables a text names, known or not, in order of first use.
#[cfg(feature = "templates")]
pub fn variables_of(text: &str) -> Result<Vec<String>, RenderError> {
    let env = environment();
    let template = env.template_from_str(text).map_err(|e| RenderError::Syntax(e.to_string()))?;
    let mut names: Vec<String> = template.undeclared_variables(false).into_iter().collect();
    names.sort();
    Ok(names)
}

/// Renders `text` in strict mode with `values`.
#[cfg(feature = "templates")]
pub fn render(text: &str, values: &BTreeMap<String, String>) -> Result<String, RenderError> {
    if let Some(unknown) = variables_of(text)?.into_iter().find(|v| !VARIABLES.contains(&v.as_str()) || !values.contains_key(v)) {
        return Err(RenderError::UnknownVariable(unknown));
    }
    let env = environment();
    let template = env.template_from_str(text).map_err(|e| RenderError::Syntax(e.to_string()))?;
    template.render(values).map_err(|e| match e.kind() {
        minijinja::ErrorKind::UndefinedError => RenderError::UnknownVariable(e.detail().unwrap_or_default().to_string()),
        _ => RenderError::Syntax(e.to_string()),
    })
}

/// One field: required, its limit as written, its variables, its limit after rendering.
#[cfg(feature = "templates")]
fn check_field(verdict: &mut TemplateVerdict, field: &str, text: &str, max: usize, values: &BTreeMap<String, String>) {
    if text.trim().is_empty() {
        verdict.insert(field.into(), problem("template.required", None, None));
    } else if chars(text) > max {
        verdict.insert(field.into(), problem("template.tooLong", Some(max), None));
    } else {
        match render(text, values) {
            Err(RenderError::UnknownVariable(name)) => {
                verdict.insert(field.into(), problem("template.unknownVariable", None, Some(name)));
            }
            Err(RenderError::Syntax(_)) => {
                verdict.insert(field.into(), problem("template.syntax", None, None));
            }
            Ok(rendered) if chars(&rendered) > max => {
                verdict.insert(field.into(), problem("template.tooLongRendered", Some(max), None));
            }
            Ok(_) => {}
        }
    }
}

/// The verdict on a template, the same in the form and on the server.
#[cfg(feature = "templates")]
pub fn validate(draft: &TemplateDraft) -> TemplateVerdict {
    let mut verdict = TemplateVerdict::new();
    let name = draft.name.trim();
    if name.is_empty() {
        verdict.insert("name".into(), problem("template.required", None, None));
    } else if chars(name) > NAME_MAX {
        verdict.insert("name".into(), problem("template.tooLong", Some(NAME_MAX), None));
    }
    let values = sample_values();
    check_field(&mut verdict, "mailSubject", &draft.mail_subject, SUBJECT_MAX, &values);
    check_field(&mut verdict, "mailContent", &draft.mail_content, MAIL_MAX, &values);
    check_field(&mut verdict, "smsContent", &draft.sms_content, SMS_MAX, &values);
    verdict
}

/// A rendered notice: subject, mail text and SMS text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Rendered {
    pub mail_subject: String,
    pub mail_content: String,
    pub sms_content: String,
    pub sms_segments: usize,
}

/// The template rendered with `values`; Err with the verdict when a part does not render or
/// breaks its limit once rendered. The subject is never refused for length: a long job title or
/// name would otherwise stop the recruiter's action, so it is cut to its limit (`…` last).
#[cfg(feature = "templates")]
pub fn render_all(draft: &TemplateDraft, values: &BTreeMap<String, String>) -> Result<Rendered, TemplateVerdict> {
    render_with(draft, values, false)
}

/// The site's own texts (reminders): as `render_all`, but no part is ever refused for length;
/// each is cut to its limit. A system text must never block what the user is doing.
#[cfg(feature = "templates")]
pub fn render_fitted(draft: &TemplateDraft, values: &BTreeMap<String, String>) -> Result<Rendered, TemplateVerdict> {
    render_with(draft, values, true)
}

/// `text` cut to `max` characters, its last one `…` when cut.
#[cfg(feature = "templates")]
pub fn cut_to(text: String, max: usize) -> String {
    if chars(&text) <= max || max == 0 {
        return text;
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

#[cfg(feature = "templates")]
fn render_with(draft: &TemplateDraft, values: &BTreeMap<String, String>, fit_all: bool) -> Result<Rendered, TemplateVerdict> {
    let mut verdict = TemplateVerdict::new();
    let mut one = |field: &str, text: &str, max: usize, fit: bool| -> String {
        match render(text, values) {
            Ok(r) if chars(&r) <= max => return r,
            Ok(r) if fit => return cut_to(r, max),
            Ok(_) => verdict.insert(field.into(), problem("template.tooLongRendered", Some(max), None)),
            Err(RenderError::UnknownVariable(name)) => verdict.insert(field.into(), problem("template.unknownVariable", None, Some(name))),
            Err(RenderError::Syntax(_)) => verdict.insert(field.into(), problem("template.syntax", None, None)),
        };
        String::new()
    };
    let mail_subject = one("mailSubject", &draft.mail_subject, SUBJECT_MAX, true);
    let mail_content = one("mailContent", &draft.mail_content, MAIL_MAX, fit_all);
    let sms_content = one("smsContent", &draft.sms_content, SMS_MAX, fit_all);
    if !verdict.is_empty() {
        return Err(verdict);
    }
    let sms_segments = sms_segments(&sms_content);
    Ok(Rendered { mail_subject, mail_content, sms_content, sms_segments })
}

/// How many texts an SMS goes as: none when empty, one up to 70 characters, else one per 67.
pub fn sms_segments(text: &str) -> usize {
    let n = chars(text);
    match n {
        0 => 0,
        n if n <= SMS_SINGLE => 1,
        n => n.div_ceil(SMS_PART),
    }
}

#[cfg(all(test, feature = "templates"))]
mod tests {
    use super::*;

    fn draft(subject: &str, mail: &str, sms: &str) -> TemplateDraft {
        TemplateDraft { name: "面试邀请".into(), mail_subject: subject.into(), mail_content: mail.into(), sms_content: sms.into() }
    }

    #[test]
    fn known_variables_render_and_unknown_ones_are_named() {
        let ok = draft("{{ companyName }}面试邀请", "{{candidateName}}您好，{{ interviewTime }}在{{ address }}", "{{ jobTitle }}");
        assert!(validate(&ok).is_empty(), "{:?}", validate(&ok));
        let bad = draft("面试", "{{ candidate_name }}您好", "{{ jobTitle }}");
        let v = validate(&bad);
        assert_eq!(v["mailContent"].key, "template.unknownVariable");
        assert_eq!(v["mailContent"].name.as_deref(), Some("candidate_name"));
        // Inside a condition too.
        let hidden = draft("面试", "{% if salary %}{{ salary }}{% endif %}", "x");
        assert_eq!(validate(&hidden)["mailContent"].name.as_deref(), Some("salary"));
        assert_eq!(validate(&draft("面试", "{{ oops", "x"))["mailContent"].key, "template.syntax");
    }

    #[test]
    fn a_long_job_title_cuts_the_subject_and_a_system_text_but_refuses_a_companys_body() {
        let mut values = sample_values();
        values.insert("jobTitle".into(), "职".repeat(40));
        let d = draft("面试提醒：{{ interviewTime }} {{ candidateName }}（{{ jobTitle }}）", "{{ jobTitle }}", "{{ jobTitle }}");
        let r = render_all(&d, &values).expect("a subject over its limit is cut, not refused");
        assert_eq!(chars(&r.mail_subject), SUBJECT_MAX);
        assert!(r.mail_subject.ends_with('…'));
        let long_body = draft("主题", &"{{ jobTitle }}".repeat(130), "x");
        assert_eq!(render_all(&long_body, &values).unwrap_err()["mailContent"].key, "template.tooLongRendered");
        let fitted = render_fitted(&long_body, &values).expect("a system text is never refused for length");
        assert_eq!(chars(&fitted.mail_content), MAIL_MAX);
        assert_eq!(cut_to("短".into(), 5), "短");
    }

    #[test]
    fn limits_hold_as_written_and_after_rendering() {
        let v = validate(&TemplateDraft { name: "名".repeat(51), ..draft("a", "b", "c") });
        assert_eq!(v["name"], problem("template.tooLong", Some(50), None));
        assert!(validate(&draft(&"字".repeat(50), "b", "c")).is_empty());
        assert_eq!(validate(&draft(&"字".repeat(51), "b", "c"))["mailSubject"].limit, Some(50));
        // 50 characters written, over 50 once the address is in.
        let subject = format!("{}{{{{ address }}}}", "字".repeat(37));
        assert!(chars(&subject) <= 50);
        assert_eq!(validate(&draft(&subject, "b", "c"))["mailSubject"].key, "template.tooLongRendered");
        let sms = format!("{}{{{{ address }}}}", "字".repeat(180));
        assert_eq!(validate(&draft("a", "b", &sms))["smsContent"], problem("template.tooLongRendered", Some(200), None));
        assert_eq!(validate(&draft("a", "", "c"))["mailContent"].key, "template.required");
    }

    #[test]
    fn sms_segments_follow_the_70_and_67_rule() {
        assert_eq!(sms_segments(""), 0);
        assert_eq!(sms_segments(&"字".repeat(70)), 1);
        assert_eq!(sms_segments(&"字".repeat(71)), 2);
        assert_eq!(sms_segments(&"字".repeat(134)), 2);
        assert_eq!(sms_segments(&"字".repeat(135)), 3);
        assert_eq!(sms_segments(&"字".repeat(200)), 3);
    }

    #[test]
    fn render_all_gives_every_part() {
        let r = render_all(&draft("{{ companyName }}", "{{ candidateName }}", "{{ contactPhone }}"), &sample_values()).expect("renders");
        assert_eq!((r.mail_subject.as_str(), r.mail_content.as_str(), r.sms_content.as_str(), r.sms_segments), ("杭州职达网络科技有限公司", "张晓明", "13800138000", 1));
        let mut values = sample_values();
        values.remove("contactPhone");
        assert!(render_all(&draft("a", "b", "{{ contactPhone }}"), &values).is_err());
    }
}
