//! What the /ajax calls' inputs must look like, written into the OpenAPI document (api/openapi.rs)
//! from the code that enforces it: core-wasm's limits, the parsers' id and mobile rules, and the
//! name lists of the enums and tables the handlers parse with. Form fields travel as strings, so
//! without this the document says only "a string" and a client generated from it (or schemathesis,
//! scripts/api-fuzz) sends what the handler must refuse.
//!
//! A field's rule is found by the call and the field's name (`BY_CALL`), else by the name alone
//! (`BY_NAME`: names that mean one thing everywhere), else by the shape of the name (`…Id` is an
//! id, `…Ids` a list of them). The tests below hold each rule to the code it restates.

use serde_json::{json, Map, Value};

use crate::db::admin::AdminRole;
use crate::db::application::CandidateStatus;
use crate::db::company_review::ReviewStatus;
use crate::web::paging::MAX_PAGE_SIZE;
use core_wasm::account::{EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN};

/// A positive decimal id, as `ids::parse_id` takes it (ids stay below 2^53: 16 digits).
pub const ID_PATTERN: &str = "^[1-9][0-9]{0,15}$";
/// Ids separated by commas, as `ids::parse_id_list` takes them.
pub const ID_LIST_PATTERN: &str = "^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15})*$";
/// A mainland mobile number, as `core_wasm::account::is_mainland_mobile` checks it.
pub const MOBILE_PATTERN: &str = "^1[3-9][0-9]{9}$";
/// A page number or size: digits (web/paging.rs).
const COUNT_PATTERN: &str = "^[1-9][0-9]{0,3}$";
/// A 6-digit SMS or mail code (domain/sms_code.rs).
const CODE_PATTERN: &str = "^[0-9]{6}$";
/// A chat message's client id, as `core_wasm::chat::client_id_ok` checks it.
pub const CHAT_CLIENT_ID_PATTERN: &str = "^[A-Za-z0-9_-]{1,64}$";
/// A seq of a conversation, from 0, as `domain::chat::parse_seq` takes it.
pub const SEQ_PATTERN: &str = "^(0|[1-9][0-9]{0,15})$";

/// A pattern of the decimal numbers 0 to `max` (no leading zeros), for a number a form sends as text.
pub(crate) fn up_to(max: u64) -> String {
    let digits: Vec<u32> = max.to_string().chars().filter_map(|c| c.to_digit(10)).collect();
    let n = digits.len();
    let mut alternatives = Vec::new();
    if n > 1 {
        alternatives.push("[0-9]".to_string());
    }
    for len in 2..n {
        alternatives.push(format!("[1-9][0-9]{{{}}}", len - 1));
    }
    let mut prefix = String::new();
    for (i, d) in digits.iter().enumerate() {
        let low = if i == 0 && n > 1 { 1 } else { 0 };
        if *d > low {
            let rest = if i + 1 < n { format!("[0-9]{{{}}}", n - i - 1) } else { String::new() };
            alternatives.push(format!("{prefix}[{low}-{}]{rest}", d - 1));
        }
        prefix.push_str(&d.to_string());
    }
    alternatives.push(prefix);
    format!("^({})$", alternatives.join("|"))
}

type Rule = fn() -> Value;

fn id() -> Value {
    json!({ "pattern": ID_PATTERN })
}
/// An id's keywords, for api/input_parts.rs.
pub(crate) fn id_rule() -> Value {
    id()
}
fn id_list() -> Value {
    json!({ "pattern": ID_LIST_PATTERN })
}
fn mobile() -> Value {
    json!({ "pattern": MOBILE_PATTERN })
}
fn password() -> Value {
    // A digit and something else, no space: then neither only digits nor only letters (the rule
    // takes a few more, e.g. letters with a sign). A common password is named by the answer (docs/api.md).
    json!({ "minLength": PASSWORD_MIN, "maxLength": PASSWORD_MAX, "pattern": "^\\S*([0-9]\\S*[^\\s0-9]|[^\\s0-9]\\S*[0-9])\\S*$" })
}
fn email() -> Value {
    json!({ "format": "email", "maxLength": EMAIL_MAX })
}
fn page() -> Value {
    json!({ "pattern": COUNT_PATTERN })
}
fn pagesize() -> Value {
    json!({ "pattern": COUNT_PATTERN, "maxLength": MAX_PAGE_SIZE.to_string().len() })
}
fn code() -> Value {
    json!({ "pattern": CODE_PATTERN })
}
fn one_of<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> Value {
    json!({ "enum": names.into_iter().map(|s| s.as_ref().to_string()).collect::<Vec<_>>() })
}
fn admin_role() -> Value {
    one_of(AdminRole::ALL.iter().map(|r| r.as_str()))
}
fn candidate_status() -> Value {
    one_of(CandidateStatus::ALL.iter().map(|s| s.code().to_string()))
}
fn review_decision() -> Value {
    one_of(ReviewStatus::ALL.iter().filter(|s| **s != ReviewStatus::Pending).map(|s| s.code()))
}
fn trial_decision() -> Value {
    one_of(crate::domain::admin::companies::TRIAL_DECISIONS.iter().map(|(name, _)| *name))
}
fn resume_section() -> Value {
    one_of(core_wasm::resume::SECTIONS.iter().map(|s| s.name))
}
fn list_section() -> Value {
    one_of(core_wasm::resume::SECTIONS.iter().filter(|s| s.kind == core_wasm::resume::Kind::List).map(|s| s.name))
}
fn resume_type() -> Value {
    one_of(crate::api::candidate::resume::RESUME_TYPES.iter().map(|(name, _)| *name))
}
fn move_direction() -> Value {
    one_of(crate::api::candidate::resume::MOVE_DIRECTIONS.iter().map(|(name, _)| *name))
}
fn openness() -> Value {
    one_of(core_wasm::behaviour::Openness::ALL.iter().map(|o| o.code()))
}
fn service_code() -> Value {
    one_of(crate::db::order::SERVICES.iter().map(|s| s.code))
}
fn plan_code() -> Value {
    one_of(crate::domain::plan::PAID_PLANS.iter().map(|p| p.code))
}
fn report_reason() -> Value {
    one_of(crate::domain::moderation::REPORT_REASONS.iter().copied())
}
fn sms_scene() -> Value {
    one_of(crate::domain::sms_code::Scene::BY_SMS.iter().map(|s| s.as_str()))
}
fn number() -> Value {
    json!({ "pattern": "^[0-9]{1,4}(\\.[0-9]{1,2})?$" })
}
fn admin_reason() -> Value {
    json!({ "maxLength": crate::domain::admin::REASON_MAX })
}
fn required_reason() -> Value {
    required_text(crate::domain::admin::REASON_MAX)
}
/// The admin calls that refuse to go without a reason (domain/admin: `reason_of(…, true)`).
const REASON_REQUIRED: &[&str] = &["/admin/company/disable", "/admin/user/disable", "/admin/job/takedown", "/admin/order/refund"];
fn admin_username() -> Value {
    json!({ "pattern": format!("^[A-Za-z0-9_.]{{1,{}}}$", crate::api::admin::admins::USERNAME_MAX) })
}
fn account_kind() -> Value {
    one_of(crate::domain::admin::accounts::ACCOUNT_KINDS)
}
fn thumbnail_size() -> Value {
    one_of(crate::domain::thumbnails::SIZES.iter().map(|px| px.to_string()))
}
fn trial_contact() -> Value {
    required_text(crate::domain::plan::CONTACT_MAX)
}
fn trial_note() -> Value {
    json!({ "maxLength": crate::domain::plan::NOTE_MAX })
}
fn stage_name() -> Value {
    required_text(crate::domain::pipeline::STAGE_NAME_MAX)
}
fn black_word() -> Value {
    required_text(crate::domain::moderation::BLACK_WORD_MAX)
}
/// Text that must not be blank, of at most `max` characters.
pub(crate) fn required_text(max: usize) -> Value {
    json!({ "minLength": 1, "maxLength": max, "pattern": "\\S" })
}
fn note_text() -> Value {
    required_text(crate::domain::pipeline_log::NOTE_MAX)
}
/// A flag a file route takes as `1` (the thumbnail kept at upload, or the download disposition).
fn flag() -> Value {
    one_of(["1"])
}
fn interview_answer() -> Value {
    one_of(crate::api::candidate::interview::ANSWERS.iter().map(|(name, _)| *name))
}
fn question_index() -> Value {
    json!({ "pattern": "^[0-9]{1,3}$" })
}
fn chat_client_id() -> Value {
    json!({ "pattern": CHAT_CLIENT_ID_PATTERN })
}
fn chat_kind() -> Value {
    one_of(core_wasm::chat::Kind::ALL.iter().filter(|k| k.typed()).map(|k| k.code()))
}
fn chat_exchange_kind() -> Value {
    one_of(core_wasm::chat::ExchangeKind::ALL.iter().map(|k| k.code()))
}
fn chat_accept() -> Value {
    one_of(crate::api::chat_exchange_calls::ACCEPT_VALUES.iter().map(|(v, _)| *v))
}
fn wechat_id() -> Value {
    // core-wasm chat_exchange.rs's rule (trimmed first); empty removes the id.
    json!({ "maxLength": core_wasm::chat_exchange::WECHAT_ID_MAX, "pattern": "^(|[A-Za-z][A-Za-z0-9_-]{5,19}|1[0-9]{10})$" })
}
fn chat_text() -> Value {
    // Trimmed first; an emoji's limit is lower (core-wasm chat.rs EMOJI_MAX), which the answer names.
    json!({ "maxLength": core_wasm::chat::TEXT_MAX, "pattern": "\\S" })
}
fn seq() -> Value {
    json!({ "pattern": SEQ_PATTERN })
}
fn chat_filter() -> Value {
    one_of(crate::domain::chat_tools::ListFilter::CODES.iter().map(|(c, _)| *c))
}
fn chat_search() -> Value {
    json!({ "maxLength": crate::domain::chat_tools::SEARCH_MAX })
}
fn phrase_kind() -> Value {
    one_of(core_wasm::chat_tools::PhraseKind::ALL.iter().map(|k| k.code()))
}
fn chat_report_reason() -> Value {
    one_of(core_wasm::chat_report::ReportReason::ALL.iter().map(|r| r.code()))
}
fn chat_report_detail() -> Value {
    json!({ "maxLength": core_wasm::chat_report::DETAIL_MAX })
}
fn chat_report_action() -> Value {
    one_of(crate::domain::chat_report::Handling::CODES.iter().copied())
}
fn unsuitable_reason() -> Value {
    one_of(core_wasm::chat_tools::UnsuitableReason::ALL.iter().map(|r| r.code()))
}
fn black_word_category() -> Value {
    one_of(["", crate::db::black_word::MONEY])
}
fn amount_fen() -> Value {
    json!({ "pattern": "^[1-9][0-9]{0,7}$" })
}

/// Names that mean one thing in every call.
const BY_NAME: &[(&str, Rule)] = &[
    ("id", id),
    ("jobid", id),
    ("mobile", mobile),
    ("password", password),
    ("confirmPassword", password),
    ("oldPassword", password),
    ("email", email),
    ("page", page),
    ("pagesize", pagesize),
    ("code", code),
    ("oldCode", code),
    ("thumb", flag),
    ("download", flag),
];

fn member_name() -> Value {
    required_text(core_wasm::company::MEMBER_NAME_MAX)
}
fn member_title() -> Value {
    json!({ "maxLength": core_wasm::company::MEMBER_TITLE_MAX })
}
fn zero_or_one() -> Value {
    one_of(["0", "1"])
}

/// Names whose meaning is the call's.
const BY_CALL: &[(&str, &str, Rule)] = &[
    ("/comlogin/saveProfile", "name", member_name),
    ("/comlogin/saveProfile", "title", member_title),
    ("/comlogin/saveProfile", "showActive", zero_or_one),
    ("/comlogin/saveChatNotice", "on", zero_or_one),
    ("/pcuser/saveChatNotice", "on", zero_or_one),
    ("/admin/admins/create", "role", admin_role),
    ("/admin/admins/create", "username", admin_username),
    ("/admin/login", "username", admin_username),
    ("/admin/user/detail", "kind", account_kind),
    ("/admin/blackword/add", "word", black_word),
    ("/admin/blackword/remove", "word", black_word),
    ("/complan/applyTrial", "contact", trial_contact),
    ("/complan/applyTrial", "note", trial_note),
    ("/comresume/saveStage", "name", stage_name),
    ("/comresume/note", "text", note_text),
    ("/pcuser/interviewAnswer", "answer", interview_answer),
    ("/pcassessment/answer", "question", question_index),
    ("/comassessment/grade", "question", question_index),
    ("/pcuser/shieldSearch", "comname", || required_text(crate::api::candidate::pcuser::COMNAME_MAX)),
    ("/cominterviewer/save", "name", || required_text(core_wasm::interview::NAME_MAX)),
    ("/comtemplate/save", "name", || required_text(core_wasm::notice_template::NAME_MAX)),
    ("/comtemplate/save", "mailSubject", || required_text(core_wasm::notice_template::SUBJECT_MAX)),
    ("/comtemplate/save", "mailContent", || required_text(core_wasm::notice_template::MAIL_MAX)),
    ("/comtemplate/save", "smsContent", || required_text(core_wasm::notice_template::SMS_MAX)),
    ("/comassessment/save", "timeLimit", || json!({ "pattern": up_to(core_wasm::assessment::TIME_LIMIT_MAX as u64) })),
    ("/comassessment/save", "name", || required_text(core_wasm::assessment::NAME_MAX)),
    ("/admin/company/review", "decision", review_decision),
    ("/admin/trial/decide", "decision", trial_decision),
    ("/admin/order/refund", "amountFen", amount_fen),
    ("/comresume/saveStage", "status", candidate_status),
    ("/complan/order/create", "planCode", plan_code),
    ("/order/create", "serviceCode", service_code),
    ("/pcjob/report", "reason", report_reason),
    ("/pcuser/sendCode", "scene", sms_scene),
    ("/pcuser/updateType", "type", openness),
    ("/resume/create", "resumeType", resume_type),
    ("/resume/saveSection", "section", resume_section),
    ("/resume/deleteItem", "section", list_section),
    ("/resume/moveItem", "section", list_section),
    ("/resume/moveItem", "direction", move_direction),
    ("/slider/test", "x", number),
    ("/chat/send", "clientId", chat_client_id),
    ("/chat/send", "kind", chat_kind),
    ("/chat/send", "text", chat_text),
    ("/chat/messages", "afterSeq", seq),
    ("/chat/read", "seq", seq),
    ("/comchat/send", "clientId", chat_client_id),
    ("/comchat/send", "kind", chat_kind),
    ("/comchat/send", "text", chat_text),
    ("/comchat/messages", "afterSeq", seq),
    ("/comchat/read", "seq", seq),
    ("/chat/exchange", "kind", chat_exchange_kind),
    ("/comchat/exchange", "kind", chat_exchange_kind),
    ("/chat/exchangeAnswer", "accept", chat_accept),
    ("/comchat/exchangeAnswer", "accept", chat_accept),
    ("/chat/setWechat", "wechatId", wechat_id),
    ("/comchat/setWechat", "wechatId", wechat_id),
    ("/chat/list", "filter", chat_filter),
    ("/chat/list", "q", chat_search),
    ("/comchat/list", "filter", chat_filter),
    ("/comchat/list", "q", chat_search),
    ("/chat/phrasesSave", "kind", phrase_kind),
    ("/chat/phrasesReset", "kind", phrase_kind),
    ("/comchat/phrasesSave", "kind", phrase_kind),
    ("/comchat/phrasesReset", "kind", phrase_kind),
    ("/comchat/unsuitable", "reason", unsuitable_reason),
    ("/comchat/unsuitable", "undo", flag),
    ("/chat/report", "reason", chat_report_reason),
    ("/comchat/report", "reason", chat_report_reason),
    ("/chat/report", "detail", chat_report_detail),
    ("/comchat/report", "detail", chat_report_detail),
    ("/admin/chatreport/handle", "action", chat_report_action),
    ("/admin/blackword/add", "category", black_word_category),
    ("/admin/blackword/remove", "category", black_word_category),
    ("/admin/blackword/list", "category", black_word_category),
];

/// The rule of `field` in the call at `path` (without /ajax), if the code has one.
pub fn rule(path: &str, field: &str) -> Option<Value> {
    if let Some((_, _, r)) = BY_CALL.iter().find(|(p, f, _)| *p == path && *f == field) {
        return Some(r());
    }
    if let Some((_, r)) = BY_NAME.iter().find(|(n, _)| *n == field) {
        return Some(r());
    }
    if field == "reason" && path.starts_with("/admin/") {
        return Some(if REASON_REQUIRED.contains(&path) { required_reason() } else { admin_reason() });
    }
    // A stored picture's thumbnail (domain/thumbnails.rs), on every route that serves one.
    if field == "size" {
        return Some(thumbnail_size());
    }
    if field.ends_with("Ids") || field == "ids" {
        return Some(id_list());
    }
    if field.ends_with("Id") {
        return Some(id());
    }
    None
}

/// Adds the rule's keywords to a field's schema. A field that may be null keeps null: `enum`
/// applies to every type, the string keywords only to strings.
fn merge(schema: &mut Value, rule: Value) {
    let Value::Object(rule) = rule else { return };
    let Value::Object(schema) = schema else {
        return;
    };
    let nullable = schema.get("type").and_then(Value::as_array).is_some_and(|t| t.iter().any(|t| t == "null"));
    for (k, mut v) in rule {
        if k == "enum" && nullable {
            if let Some(values) = v.as_array_mut() {
                values.push(Value::Null);
            }
        }
        schema.insert(k, v);
    }
}

/// Fields with a rule that a call takes without: the call then does something else (a new row
/// rather than an edit, no filter, the candidate's first resume, the other proof of identity).
const OPTIONAL: &[(&str, &str)] = &[
    ("/comlogin/saveProfile", "title"),
    ("/comassessment/save", "id"),
    ("/comassessment/save", "timeLimit"),
    ("/comcompany/save", "id"),
    ("/comresume/saveStage", "id"),
    ("/resume/saveSection", "itemId"),
    ("/comresume/applyresume", "stageId"),
    ("/comresume/applyresume", "stageOppId"),
    ("/comresume/hiringFunnel", "jobId"),
    ("/comtalent/list", "jobId"),
    ("/comtalent/duplicates", "mobile"),
    ("/pcuser/modifyMobile", "password"),
    ("/pcuser/modifyMobile", "oldCode"),
    ("/pcuser/sendCode", "scene"),
    ("/admin/trial/decide", "reason"),
    ("/complan/applyTrial", "note"),
    ("/chat/messages", "afterSeq"),
    ("/comchat/messages", "afterSeq"),
    ("/chat/exchange", "fileId"),
    ("/chat/exchangeAnswer", "fileId"),
    ("/comchat/exchange", "fileId"),
    ("/comchat/exchangeAnswer", "fileId"),
    ("/chat/setWechat", "wechatId"),
    ("/comchat/setWechat", "wechatId"),
    ("/chat/list", "filter"),
    ("/chat/list", "q"),
    ("/comchat/list", "filter"),
    ("/comchat/list", "q"),
    ("/comchat/unsuitable", "undo"),
    ("/admin/blackword/add", "category"),
    ("/admin/blackword/remove", "category"),
    ("/admin/blackword/list", "category"),
];

/// Whether a field with a rule may be left out: a field that may be null, one of OPTIONAL, a
/// candidate's `resumeId` (domain::resume::resolve takes the first), an admin's reason where only
/// some decisions need one. Every other field with a rule is one its call refuses to go without,
/// though its form declares it `#[serde(default)]` so the refusal is the call's own clear message.
fn optional(path: &str, field: &str, schema: &Value) -> bool {
    let nullable = schema.get("type").and_then(Value::as_array).is_some_and(|t| t.iter().any(|t| t == "null"));
    nullable || matches!(field, "size" | "thumb" | "download") || OPTIONAL.contains(&(path, field)) || (field == "resumeId" && !path.starts_with("/com")) || (field == "reason" && !REASON_REQUIRED.contains(&path))
}

fn apply_to_properties(path: &str, properties: &mut Map<String, Value>) -> Vec<String> {
    let mut required = Vec::new();
    for (name, schema) in properties.iter_mut() {
        if let Some(rule) = rule(path, name) {
            if !optional(path, name, schema) {
                required.push(name.clone());
            }
            merge(schema, rule);
        }
    }
    required
}

/// Writes the rules into every operation's form body, query and path parameters of `doc`.
pub fn apply(doc: &mut Value) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for (route, item) in paths.iter_mut() {
        let path = route.strip_prefix("/ajax").unwrap_or(route);
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        for op in item.values_mut() {
            if let Some(content) = op.pointer_mut("/requestBody/content").and_then(Value::as_object_mut) {
                for media in content.values_mut() {
                    let Some(schema) = media.get_mut("schema").and_then(Value::as_object_mut) else { continue };
                    let Some(props) = schema.get_mut("properties").and_then(Value::as_object_mut) else { continue };
                    let required = apply_to_properties(path, props);
                    let list = schema.entry("required").or_insert_with(|| json!([]));
                    if let Some(list) = list.as_array_mut() {
                        for name in required {
                            if !list.contains(&json!(name)) {
                                list.push(json!(name));
                            }
                        }
                    }
                }
            }
            if let Some(params) = op.get_mut("parameters").and_then(Value::as_array_mut) {
                for p in params {
                    let name = p.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
                    let in_path = p.get("in").and_then(Value::as_str) == Some("path");
                    let rule = if in_path { Some(id()) } else { rule(path, &name) };
                    if let Some(rule) = rule {
                        let optional = p.get("schema").is_none_or(|s| optional(path, &name, s));
                        if let Some(schema) = p.get_mut("schema") {
                            merge(schema, rule);
                        }
                        if !optional {
                            p["required"] = json!(true);
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::parse_id;

    fn matches(pattern: &str, s: &str) -> bool {
        regex::Regex::new(pattern).unwrap().is_match(s)
    }

    const SAMPLES: &[&str] = &[
        "",
        "0",
        "1",
        "7",
        "12",
        "007",
        "-3",
        "1.5",
        " 1",
        "abc",
        "9007199254740991",
        "99999999999999999",
        "13800000000",
        "12800000000",
        "1380000000",
        "138000000001",
        "19912345678",
        "1a800000000",
        "+8613800000000",
        "1,2",
        "1,,2",
        "1,2,",
        "3,0",
    ];

    // The parsers forgive more (spaces, leading zeros, empty list pieces) than the patterns say a
    // client should send: what a pattern admits must parse, and the plain forms must be admitted.

    #[test]
    fn what_the_id_pattern_admits_parse_id_takes() {
        for s in SAMPLES {
            if matches(ID_PATTERN, s) {
                assert!(parse_id::<i64>(s, "id").is_ok(), "{s:?}");
            }
        }
        for s in ["1", "12", "9007199254740991"] {
            assert!(matches(ID_PATTERN, s), "{s:?}");
        }
        assert!(!matches(ID_PATTERN, "0") && !matches(ID_PATTERN, "-3") && !matches(ID_PATTERN, "abc"));
    }

    #[test]
    fn what_the_id_list_pattern_admits_parse_id_list_takes() {
        for s in SAMPLES {
            if matches(ID_LIST_PATTERN, s) {
                assert!(crate::ids::parse_id_list::<i64>(s, "ids").is_ok_and(|v| !v.is_empty()), "{s:?}");
            }
        }
        assert!(matches(ID_LIST_PATTERN, "1,2") && matches(ID_LIST_PATTERN, "7"));
        assert!(!matches(ID_LIST_PATTERN, "3,0") && !matches(ID_LIST_PATTERN, ""));
    }

    #[test]
    fn the_mobile_pattern_is_core_wasms_rule() {
        for s in SAMPLES {
            assert_eq!(matches(MOBILE_PATTERN, s), core_wasm::account::is_mainland_mobile(s), "{s:?}");
        }
    }

    #[test]
    fn the_password_keywords_refuse_what_the_rule_refuses_for_length_and_spaces() {
        for (s, ok) in [("abc12", false), ("abc123", true), ("abc 123", false), (&"a1".repeat(10) as &str, true), (&"a1".repeat(11), false), ("123456", false), ("abcdef", false), ("12345a", true), ("#12345", true)] {
            let keywords = password();
            let n = s.chars().count() as u64;
            let fits = n >= keywords["minLength"].as_u64().unwrap()
                && n <= keywords["maxLength"].as_u64().unwrap()
                && matches(keywords["pattern"].as_str().unwrap(), s);
            assert_eq!(fits, ok, "{s:?}");
            assert_eq!(core_wasm::account::password_problem(s).is_none(), ok, "{s:?}");
        }
    }

    #[test]
    fn the_username_pattern_is_is_usernames_rule() {
        let pattern = admin_username()["pattern"].as_str().unwrap().to_string();
        for s in ["admin", "a.b_c9", "", "中文", "has space", "x-y", &"a".repeat(32), &"a".repeat(33)] {
            assert_eq!(matches(&pattern, s), crate::api::admin::admins::is_username(s), "{s:?}");
        }
    }

    #[test]
    fn the_chat_patterns_are_the_rules_they_restate() {
        for s in SAMPLES.iter().copied().chain(["a", "a-b_C9", "a b", "a/b", "ä", ":job:1:2"]) {
            assert_eq!(matches(CHAT_CLIENT_ID_PATTERN, s), core_wasm::chat::client_id_ok(s), "{s:?}");
            if matches(SEQ_PATTERN, s) {
                assert!(crate::domain::chat::parse_seq(s, "seq").is_ok(), "{s:?}");
            }
        }
        assert!(!matches(CHAT_CLIENT_ID_PATTERN, &"x".repeat(65)));
        assert!(matches(CHAT_CLIENT_ID_PATTERN, &"x".repeat(64)));
        assert!(matches(SEQ_PATTERN, "0") && matches(SEQ_PATTERN, "36"));
    }

    #[test]
    fn every_call_rule_names_a_field_of_that_call() {
        let doc = crate::api::openapi::document();
        for (path, field, _) in BY_CALL {
            let op = doc["paths"][format!("/ajax{path}")].as_object().unwrap_or_else(|| panic!("no call {path}"));
            let text = serde_json::to_string(op).unwrap();
            assert!(text.contains(&format!("\"{field}\"")), "{path} has no field {field}");
        }
    }

    #[test]
    fn the_document_carries_the_rules() {
        let doc = crate::api::openapi::document();
        let body = |p: &str| doc["paths"][p]["post"]["requestBody"]["content"]["application/x-www-form-urlencoded"]["schema"]["properties"].clone();
        assert_eq!(body("/ajax/comjob/get")["id"]["pattern"], ID_PATTERN);
        assert_eq!(body("/ajax/pclogin/login")["mobile"]["pattern"], MOBILE_PATTERN);
        let roles = body("/ajax/admin/admins/create")["role"]["enum"].clone();
        assert_eq!(roles.as_array().map(Vec::len), Some(AdminRole::ALL.len()), "{roles}");
        assert!(roles.as_array().unwrap().contains(&json!("reviewer")));
    }

    #[test]
    fn up_to_admits_the_numbers_to_max_and_no_more() {
        for max in [0u64, 5, 9, 10, 60, 100, 480, 600, 999, 1000] {
            let re = regex::Regex::new(&up_to(max)).unwrap();
            for n in 0..=max + 20 {
                assert_eq!(re.is_match(&n.to_string()), n <= max, "{max}: {n} ({})", up_to(max));
            }
            assert!(!re.is_match("01") && !re.is_match("") && !re.is_match("-1"), "{}", up_to(max));
        }
    }
}
