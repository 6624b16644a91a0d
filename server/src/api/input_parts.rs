//! The parts of the /ajax calls' inputs that are not plain text fields, written into the OpenAPI
//! document beside api/input_rules.rs, from the code that reads them:
//! - each upload's own `multipart/form-data` body (`UPLOADS`): its file part, the file types it
//!   takes (`x-extensions`, from the lists the handler checks, by `kind` where the kind decides),
//!   its largest size, and its text fields;
//! - the form fields whose value is JSON (`JSON_FIELDS`): `contentMediaType: application/json` and
//!   a `contentSchema` built from the rules' constants.
//!
//! A client (or scripts/api_fuzz/hooks.py) reads these to send a file or a JSON text the handler
//! takes. The tests fail when an upload or a field described as JSON has no entry here.

use serde_json::{json, Map, Value};

use crate::api::input_rules::{id_rule, required_text, CHAT_CLIENT_ID_PATTERN};

/// A file part: its bytes (schemathesis and clients send it with a file name).
fn file(extensions: Value, max_bytes: u64) -> Value {
    json!({ "type": "string", "contentMediaType": "application/octet-stream", "x-extensions": extensions, "x-max-bytes": max_bytes })
}

fn kind_of<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> Value {
    json!({ "type": "string", "enum": names.into_iter().map(|s| s.as_ref().to_string()).collect::<Vec<_>>() })
}

fn id() -> Value {
    let mut v = id_rule();
    v["type"] = json!("string");
    v
}

/// `/resume/upload` (api/candidate/resume_files.rs): the file's types follow its kind.
fn resume_upload() -> Value {
    use core_wasm::resume::{UploadKind, UPLOAD_MAX_BYTES};
    let by_kind: Map<String, Value> = UploadKind::ALL.iter().map(|k| (k.name().to_string(), json!(k.extensions()))).collect();
    json!({
        "type": "object",
        "required": ["resumeId", "kind", "file"],
        "properties": {
            "resumeId": id(),
            "kind": kind_of(UploadKind::ALL.iter().map(|k| k.name())),
            "name": { "type": "string" },
            "file": file(Value::Object(by_kind), UPLOAD_MAX_BYTES),
        }
    })
}

/// `/comcompany/uploadPicture` (api/employer/company.rs).
fn company_picture() -> Value {
    use core_wasm::company::{CompanyFileKind, COMPANY_PICTURE_EXTENSIONS, COMPANY_PICTURE_MAX_BYTES};
    json!({
        "type": "object",
        "required": ["kind", "file"],
        "properties": {
            "kind": kind_of(CompanyFileKind::ALL.iter().map(|k| k.name())),
            "file": file(json!(COMPANY_PICTURE_EXTENSIONS), COMPANY_PICTURE_MAX_BYTES),
        }
    })
}

/// `/chat/picture` and `/comchat/picture` (api/chat_calls.rs `send_picture`).
fn chat_picture() -> Value {
    use core_wasm::chat::{PICTURE_EXTENSIONS, PICTURE_MAX_BYTES};
    json!({
        "type": "object",
        "required": ["conversationId", "clientId", "file"],
        "properties": {
            "conversationId": id(),
            "clientId": { "type": "string", "pattern": CHAT_CLIENT_ID_PATTERN },
            "file": file(json!(PICTURE_EXTENSIONS), PICTURE_MAX_BYTES),
        }
    })
}

/// The formats a recruiter's resume file is read in, by content (domain/resume_analysis/extract).
fn resume_formats() -> Value {
    use crate::domain::resume_analysis::{Format, RECRUITER_MAX_BYTES};
    file(json!(Format::ALL.iter().map(|f| f.name()).collect::<Vec<_>>()), RECRUITER_MAX_BYTES as u64)
}

/// `/comresume/analyze` (api/employer/resume_analysis.rs).
fn resume_analysis() -> Value {
    json!({ "type": "object", "required": ["file"], "properties": { "file": resume_formats() } })
}

/// `/comtalent/save` (api/employer/talent.rs): the file and the sections reviewed from /comresume/analyze's answer.
fn talent_save() -> Value {
    let sections = serde_json::to_value(crate::db::resume_view::found_sections_schema()).unwrap_or_default();
    json!({
        "type": "object",
        "required": ["file", "sections"],
        "properties": {
            "file": resume_formats(),
            "sections": { "type": "string", "contentMediaType": "application/json", "contentSchema": sections },
            "jobId": id(),
            "confirmDuplicate": kind_of(["1"]),
        }
    })
}

/// Every call that reads `multipart/form-data` (a `web::Payload` handler, api/operation.rs), and its body.
pub const UPLOADS: &[(&str, fn() -> Value)] = &[
    ("/resume/upload", resume_upload),
    ("/comcompany/uploadPicture", company_picture),
    ("/comresume/analyze", resume_analysis),
    ("/comtalent/save", talent_save),
    ("/chat/picture", chat_picture),
    ("/comchat/picture", chat_picture),
];

/// `/comassessment/save`'s `questions`: core-wasm's assessment::Question list, as
/// assessment::validate takes it (a choice question's options and the index of a right one; a text
/// question has neither).
fn questions() -> Value {
    use core_wasm::assessment::{MULTI, OPTIONS_MAX, OPTIONS_MIN, OPTION_MAX, QUESTIONS_MAX, QUESTION_TEXT_MAX, SCORE_MAX, SINGLE, TEXT};
    let score = json!({ "type": "integer", "minimum": 1, "maximum": SCORE_MAX });
    let choice = json!({
        "type": "object",
        "required": ["kind", "text", "options", "correct", "score"],
        "properties": {
            "kind": { "enum": [SINGLE, MULTI] },
            "text": required_text(QUESTION_TEXT_MAX),
            "options": { "type": "array", "minItems": OPTIONS_MIN, "maxItems": OPTIONS_MAX, "items": required_text(OPTION_MAX) },
            "correct": { "type": "array", "minItems": 1, "maxItems": 1, "items": { "type": "integer", "minimum": 0, "maximum": OPTIONS_MIN - 1 } },
            "score": score,
        }
    });
    let text = json!({
        "type": "object",
        "required": ["kind", "text", "score"],
        "properties": {
            "kind": { "enum": [TEXT] },
            "text": required_text(QUESTION_TEXT_MAX),
            "options": { "type": "array", "maxItems": 0 },
            "correct": { "type": "array", "maxItems": 0 },
            "score": score,
        }
    });
    json!({ "type": "array", "minItems": 1, "maxItems": QUESTIONS_MAX, "items": { "oneOf": [choice, text] } })
}

/// `/cominterview/feedback`'s `scores`: criterion -> score (domain/interview/feedback.rs).
fn scores() -> Value {
    use crate::domain::interview::feedback::{CRITERIA_MAX, CRITERION_CHARS, SCORES};
    json!({
        "type": "object",
        "minProperties": 1,
        "maxProperties": CRITERIA_MAX,
        "propertyNames": { "minLength": 1, "maxLength": CRITERION_CHARS, "pattern": "\\S" },
        "additionalProperties": { "type": "integer", "minimum": SCORES.start(), "maximum": SCORES.end() },
    })
}

/// `/pcuser/addLog`'s `events` (core-wasm behaviour::check_event): a short list of a job's events
/// (with its id) and searches (with their words and filters). Events of kinds it does not know are
/// dropped, not refused, so the kinds are not an enum here.
fn events() -> Value {
    use core_wasm::behaviour::{EventKind, LOG_BATCH_MAX, LOG_CODE_MAX, LOG_KEYWORD_MAX, LOG_SEARCH_FILTERS};
    let (job, other): (Vec<EventKind>, Vec<EventKind>) = EventKind::ALL.into_iter().partition(|k| k.about_a_job());
    let mut search = Map::new();
    search.insert("kind".into(), json!({ "type": "string", "enum": other.iter().map(|k| k.code()).collect::<Vec<_>>() }));
    search.insert("keyword".into(), json!({ "type": "string", "maxLength": LOG_KEYWORD_MAX }));
    for name in ["city", "category"].into_iter().chain(LOG_SEARCH_FILTERS) {
        search.insert(name.into(), json!({ "type": "string", "maxLength": LOG_CODE_MAX }));
    }
    let job = json!({
        "type": "object",
        "required": ["kind", "jobId"],
        "properties": {
            "kind": { "type": "string", "enum": job.iter().map(|k| k.code()).collect::<Vec<_>>() },
            "jobId": { "type": "integer", "minimum": 1, "maximum": 9_007_199_254_740_991_i64 },
        }
    });
    json!({
        "type": "array",
        "maxItems": LOG_BATCH_MAX,
        "items": { "oneOf": [job, { "type": "object", "required": ["kind"], "properties": search }] }
    })
}

/// `/resume/saveSection`'s `data`: the section's (or entry's) values by field, as the resume view
/// answers them; each section's own fields and rules are core-wasm resume::SECTIONS.
fn section_data() -> Value {
    json!({ "type": "object", "additionalProperties": { "oneOf": [{ "type": "string" }, { "type": "array", "items": { "type": "string" } }] } })
}

/// The form fields whose value is a JSON text, and its shape.
/// `/chat/phrasesSave`'s and `/comchat/phrasesSave`'s `texts` (api/chat_calls.rs): the greetings or quick
/// replies in order, each a phrase core-wasm's chat_tools takes; as many as the larger of the two kinds.
fn phrase_texts() -> Value {
    use core_wasm::chat_tools::{GREETINGS_MAX, PHRASE_MAX, REPLIES_MAX};
    json!({ "type": "array", "maxItems": GREETINGS_MAX.max(REPLIES_MAX), "items": required_text(PHRASE_MAX) })
}

pub const JSON_FIELDS: &[(&str, &str, fn() -> Value)] = &[
    ("/chat/phrasesSave", "texts", phrase_texts),
    ("/comchat/phrasesSave", "texts", phrase_texts),
    ("/comassessment/save", "questions", questions),
    ("/cominterview/feedback", "scores", scores),
    ("/pcuser/addLog", "events", events),
    ("/resume/saveSection", "data", section_data),
];

/// Writes each upload's body and each JSON field's shape into `doc`.
pub fn apply(doc: &mut Value) {
    for (path, body) in UPLOADS {
        if let Some(content) = doc.pointer_mut(&format!("/paths/~1ajax{}/post/requestBody/content", path.replace('/', "~1"))) {
            content["multipart/form-data"] = json!({ "schema": body(), "encoding": { "file": { "contentType": "application/octet-stream" } } });
        }
    }
    for (path, field, shape) in JSON_FIELDS {
        let pointer = format!("/paths/~1ajax{}/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/{field}", path.replace('/', "~1"));
        if let Some(Value::Object(schema)) = doc.pointer_mut(&pointer) {
            schema.insert("contentMediaType".into(), json!("application/json"));
            schema.insert("contentSchema".into(), shape());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bodies(doc: &Value) -> Vec<(String, String, Value)> {
        let mut out = Vec::new();
        for (route, item) in doc["paths"].as_object().unwrap() {
            for op in item.as_object().unwrap().values() {
                for (media, content) in op["requestBody"]["content"].as_object().into_iter().flatten() {
                    out.push((route.trim_start_matches("/ajax").to_string(), media.clone(), content["schema"].clone()));
                }
            }
        }
        out
    }

    #[test]
    fn every_upload_has_its_own_body_with_a_file_and_its_types() {
        let doc = crate::api::openapi::document();
        let uploads: Vec<_> = bodies(doc).into_iter().filter(|(_, media, _)| media == "multipart/form-data").collect();
        assert_eq!(uploads.len(), UPLOADS.len(), "an upload without its entry in input_parts::UPLOADS");
        for (path, _, schema) in uploads {
            assert!(UPLOADS.iter().any(|(p, _)| *p == path), "{path}: no entry in UPLOADS");
            let file = &schema["properties"]["file"];
            assert_eq!(file["contentMediaType"], "application/octet-stream", "{path}: {schema}");
            assert!(file["x-extensions"].is_array() || file["x-extensions"].is_object(), "{path}: {file}");
        }
        let picture = &doc["paths"]["/ajax/comcompany/uploadPicture"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"];
        assert!(picture["properties"]["file"]["x-extensions"].as_array().unwrap().contains(&json!("png")), "{picture}");
    }

    #[test]
    fn every_field_described_as_json_has_its_shape() {
        let doc = crate::api::openapi::document();
        let mut described = 0;
        for (path, media, schema) in bodies(doc) {
            for (name, field) in schema["properties"].as_object().into_iter().flatten() {
                let says_json = field["description"].as_str().is_some_and(|d| d.contains("JSON"));
                if says_json || field.get("contentMediaType") == Some(&json!("application/json")) {
                    described += 1;
                    assert!(field["contentSchema"].is_object(), "{path} ({media}) {name}: JSON without a contentSchema (input_parts::JSON_FIELDS)");
                }
            }
        }
        assert!(described >= JSON_FIELDS.len(), "{described}");
    }


    #[test]
    fn the_questions_shape_admits_what_validate_takes() {
        let question = |kind: &str, options: Vec<&str>, correct: Vec<u32>| core_wasm::assessment::Question {
            kind: kind.into(),
            text: "问题".into(),
            options: options.into_iter().map(String::from).collect(),
            correct,
            score: 10,
        };
        // The smallest of each branch of the shape passes the rule the server applies.
        let draft = core_wasm::assessment::AssessmentDraft {
            name: "测评".into(),
            time_limit: 0,
            questions: vec![question("single", vec!["甲", "乙"], vec![1]), question("multi", vec!["甲", "乙"], vec![0]), question("text", vec![], vec![])],
        };
        assert!(core_wasm::assessment::validate(&draft).is_empty(), "{:?}", core_wasm::assessment::validate(&draft));
        let shape = questions();
        assert_eq!(shape["items"]["oneOf"][0]["properties"]["correct"]["items"]["maximum"], json!(core_wasm::assessment::OPTIONS_MIN - 1));
    }
}
