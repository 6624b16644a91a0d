//! The JavaScript face of the validation rules (the browser's core-wasm wasm, fetched only by pages
//! that validate): converts values and passes calls through. The transport, the login guard and the
//! mobile site's rules that every page needs are core-wasm/client's wasm.
//!
//! A value JavaScript receives goes out as `Ts<T>`: serialized here, typed in the generated
//! `.d.ts` as tsify derives `T`'s TypeScript from the Rust type.

use serde_json::Value;
use tsify::Ts;
use wasm_bindgen::prelude::*;

use crate::js::{to_js, ts};

use crate::resume::import::ImportAnswer;
use crate::resume::{Schema, Verdict};
use crate::tags::TagCheck;
use crate::{account, chat, chat_tools, resume, tags};

/// The i18n key of what is wrong with the password, or undefined.
#[wasm_bindgen(js_name = passwordProblem)]
pub fn password_problem(password: &str) -> Option<String> {
    account::password_problem(password).map(|p| p.key().to_string())
}

#[wasm_bindgen(js_name = isEmail)]
pub fn is_email(email: &str) -> bool {
    account::is_email(email)
}

/// The i18n key of what is wrong with a chat send (`chat.textTooLong`, …; see chat::check_send), or
/// undefined when the server will take it.
#[wasm_bindgen(js_name = chatSendProblem)]
pub fn chat_send_problem(kind: &str, text: &str, client_id: &str) -> Option<String> {
    chat::check_send(kind, text, client_id).err().map(|p| p.key().to_string())
}

/// The i18n key of what is wrong with a member's own name and title (company::member_profile_problem),
/// or undefined when the server will take them.
#[wasm_bindgen(js_name = memberProfileProblem)]
pub fn member_profile_problem(name: &str, title: &str) -> Option<String> {
    crate::company::member_profile_problem(name, title).map(|(_, key)| key.to_string())
}

/// `chat.wechatIdBad` when the text is not a WeChat id the server keeps (chat_exchange::check_wechat_id), or
/// undefined.
#[wasm_bindgen(js_name = wechatIdProblem)]
pub fn wechat_id_problem(raw: &str) -> Option<String> {
    crate::chat_exchange::check_wechat_id(raw).err().map(str::to_string)
}

/// The i18n key of what is wrong with a picture for a chat thread (`chat.pictureFormat`,
/// `chat.pictureSize`; chat::picture_problem), or null.
#[wasm_bindgen(js_name = chatPictureProblem)]
pub fn chat_picture_problem(file_name: &str, size: f64) -> Option<String> {
    let size = if size.is_finite() && size >= 0.0 { size as u64 } else { u64::MAX };
    chat::picture_problem(file_name, size).map(|p| p.key().to_string())
}

/// Whether a message sent at `sent_at` may still be recalled at `now` (ms; chat_tools::recall_open).
#[wasm_bindgen(js_name = chatRecallOpen)]
pub fn chat_recall_open(sent_at: f64, now: f64) -> bool {
    chat_tools::recall_open(sent_at as i64, now as i64)
}

/// The codes of the reasons for 不合适, in the order the menu lists them.
#[wasm_bindgen(js_name = chatUnsuitableReasons)]
pub fn chat_unsuitable_reasons() -> Vec<String> {
    chat_tools::UnsuitableReason::ALL.iter().map(|r| r.code().to_string()).collect()
}

/// The codes of the reasons for 举报 (chat_report::ReportReason), in the order the form lists them.
#[wasm_bindgen(js_name = chatReportReasons)]
pub fn chat_report_reasons() -> Vec<String> {
    crate::chat_report::ReportReason::ALL.iter().map(|r| r.code().to_string()).collect()
}

/// The i18n key of what is wrong with a report's reason or detail (chat_report::check_report), or undefined.
#[wasm_bindgen(js_name = chatReportProblem)]
pub fn chat_report_problem(reason: &str, detail: &str) -> Option<String> {
    crate::chat_report::check_report(reason, detail).err().map(|p| p.key().to_string())
}

/// The most characters of a report's detail.
#[wasm_bindgen(js_name = chatReportDetailMax)]
pub fn chat_report_detail_max() -> usize {
    crate::chat_report::DETAIL_MAX
}

/// The i18n key of what is wrong with a greeting or quick reply's text, or undefined.
#[wasm_bindgen(js_name = chatPhraseProblem)]
pub fn chat_phrase_problem(text: &str) -> Option<String> {
    chat_tools::check_phrase(text).err().map(|p| p.key().to_string())
}

/// The most greetings (`greeting`) or quick replies (`reply`) one user keeps; 0 for another kind.
#[wasm_bindgen(js_name = chatPhraseMax)]
pub fn chat_phrase_max(kind: &str) -> usize {
    chat_tools::PhraseKind::parse(kind).map_or(0, |k| k.max_count())
}

/// Checks a tag list as the server will (see tags::check_tags).
#[wasm_bindgen(js_name = checkTags)]
pub fn check_tags(tags: Vec<String>, black_words: Vec<String>) -> Ts<TagCheck> {
    ts(&tags::check_tags(&tags, &black_words))
}

/// The resume's sections, fields and option lists, from which the editor draws its forms.
#[wasm_bindgen(js_name = resumeSchema)]
pub fn resume_schema() -> Ts<Schema> {
    ts(&resume::schema())
}

/// Checks a section's values as the server will: `{field: {key, limit?}}`, empty when valid.
/// Throws an Error when the input is not the section's shape at all.
#[wasm_bindgen(js_name = validateResumeSection)]
pub fn validate_resume_section(
    section: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] data: JsValue,
) -> Result<Ts<Verdict>, JsError> {
    let value: Value = serde_wasm_bindgen::from_value(data).map_err(|e| JsError::new(&e.to_string()))?;
    let verdict = resume::validate(section, &value).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(ts(&verdict))
}

/// Whether a section shows as complete (see resume::is_complete).
#[wasm_bindgen(js_name = resumeSectionComplete)]
pub fn resume_section_complete(
    section: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | null")] saved: JsValue,
    items: usize,
) -> bool {
    let value: Option<Value> = if saved.is_null() || saved.is_undefined() { None } else { serde_wasm_bindgen::from_value(saved).ok() };
    resume::is_complete(section, value.as_ref(), items)
}

/// The i18n key of what is wrong with a file before it is sent, or undefined.
#[wasm_bindgen(js_name = uploadProblem)]
pub fn upload_problem(kind: &str, file_name: &str, size: f64, existing: usize) -> Option<String> {
    let kind = resume::UploadKind::parse(kind)?;
    resume::upload_problem(kind, file_name, size as u64, existing).map(str::to_string)
}

/// The i18n key of what is wrong with a company picture before it is sent, or undefined.
#[wasm_bindgen(js_name = companyUploadProblem)]
pub fn company_upload_problem(kind: &str, file_name: &str, size: f64, existing: usize) -> Option<String> {
    let kind = crate::company::CompanyFileKind::parse(kind)?;
    crate::company::company_upload_problem(kind, file_name, size as u64, existing).map(str::to_string)
}

/// Reads a JSON Resume file into drafts by section (see resume::import::import_answer).
#[wasm_bindgen(js_name = importJsonResume)]
pub fn import_json_resume(text: &str) -> Ts<ImportAnswer> {
    ts(&resume::import::import_answer(text))
}


/// The job form's verdict (`{}` when valid): the rules `/comjob/save` applies again.
#[wasm_bindgen(js_name = validateJob)]
pub fn validate_job(
    #[wasm_bindgen(unchecked_param_type = "JobDraft")] draft: JsValue,
    black_words: Vec<String>,
) -> Result<Ts<Verdict>, JsError> {
    let draft: crate::job::JobDraft = serde_wasm_bindgen::from_value(draft).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(ts(&crate::job::validate(&draft, &black_words)))
}

// ---- Recruiter tools (issue 16): interviews and assessments. The notice templates' rules are in
// core-wasm/templates, a wasm of their own that only the template page fetches.

/// The verdict on an interview form (see interview::validate).
#[wasm_bindgen(js_name = validateInterview)]
pub fn validate_interview(
    #[wasm_bindgen(unchecked_param_type = "InterviewDraft")] draft: JsValue,
) -> Result<JsValue, JsError> {
    let draft: crate::interview::InterviewDraft = serde_wasm_bindgen::from_value(draft).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(to_js(&crate::interview::validate(&draft)))
}

/// The assessment editor's verdict (`{}` when valid): the rules `/comassessment/save` applies again.
#[wasm_bindgen(js_name = validateAssessment)]
pub fn validate_assessment(#[wasm_bindgen(unchecked_param_type = "AssessmentDraft")] draft: JsValue) -> Result<Ts<Verdict>, JsError> {
    let draft: crate::assessment::AssessmentDraft = serde_wasm_bindgen::from_value(draft).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(ts(&crate::assessment::validate(&draft)))
}

/// The i18n key of what is wrong with a candidate's answer to a question, or undefined.
#[wasm_bindgen(js_name = assessmentAnswerProblem)]
pub fn assessment_answer_problem(
    #[wasm_bindgen(unchecked_param_type = "Question")] question: JsValue,
    answer: &str,
) -> Result<Option<String>, JsError> {
    let question: crate::assessment::Question = serde_wasm_bindgen::from_value(question).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(crate::assessment::answer_problem(&question, answer).map(str::to_string))
}

/// A private candidate's section or entry checked as `/comtalent/save` will (talent::validate_section):
/// the editor's formats and lengths, only the name required. Throws when not the section's shape.
#[wasm_bindgen(js_name = validateTalentSection)]
pub fn validate_talent_section(
    section: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] data: JsValue,
) -> Result<Ts<Verdict>, JsError> {
    let value: Value = serde_wasm_bindgen::from_value(data).map_err(|e| JsError::new(&e.to_string()))?;
    let verdict = crate::talent::validate_section(section, &value).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(ts(&verdict))
}

