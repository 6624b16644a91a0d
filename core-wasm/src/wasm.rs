//! The JavaScript face of the crate: converts values and passes calls through.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::transport::{self, InFlight, Outcome, TransportError};
use crate::{account, guard, mask, mobile_site, return_url};

thread_local! {
    static IN_FLIGHT: RefCell<InFlight> = RefCell::new(InFlight::default());
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

fn document_cookies() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.dyn_into::<web_sys::HtmlDocument>().ok())
        .and_then(|d| d.cookie().ok())
        .unwrap_or_default()
}

/// Removes the call from the in-flight set however the call ends.
struct FlightTicket(String);

impl Drop for FlightTicket {
    fn drop(&mut self) {
        IN_FLIGHT.with(|f| f.borrow_mut().end(&self.0));
    }
}

/// POST `body` form-encoded to `/ajax` + `path` and resolve with the envelope's result.
#[wasm_bindgen]
pub async fn request(path: String, body: JsValue) -> Result<JsValue, JsValue> {
    let payload: BTreeMap<String, Value> = if body.is_undefined() || body.is_null() {
        BTreeMap::new()
    } else {
        serde_wasm_bindgen::from_value(body)
            .map_err(|e| to_js(&TransportError { status: 0, message: format!("bad payload: {e}") }))?
    };
    let url = transport::call_url(&path);
    let form = transport::form_body(&payload);
    let key = InFlight::key(&url, &form);
    if !IN_FLIGHT.with(|f| f.borrow_mut().begin(&key)) {
        return Err(to_js(&TransportError::repeat()));
    }
    let _ticket = FlightTicket(key);

    let controller = web_sys::AbortController::new()
        .map_err(|_| to_js(&TransportError { status: 0, message: "network".into() }))?;
    let timed_out = Rc::new(Cell::new(false));
    let timer = {
        let (controller, timed_out) = (controller.clone(), timed_out.clone());
        gloo_timers::callback::Timeout::new(transport::TIMEOUT_MS, move || {
            timed_out.set(true);
            controller.abort();
        })
    };

    let mut builder = gloo_net::http::Request::post(&url)
        .header("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
        .header("Accept", "application/json")
        .abort_signal(Some(&controller.signal()));
    for (name, value) in transport::auth_headers(&document_cookies()) {
        builder = builder.header(name, &value);
    }
    let network = |timed_out: &Cell<bool>| TransportError {
        status: 0,
        message: if timed_out.get() { "timeout".into() } else { "network".into() },
    };
    let sent = match builder.body(form) {
        Ok(req) => req.send().await,
        Err(e) => Err(e),
    };
    let response = match sent {
        Ok(r) => r,
        Err(_) => {
            let err = network(&timed_out);
            web_sys::console::error_2(&JsValue::from_str(&url), &JsValue::from_str(&err.message));
            return Err(to_js(&err));
        }
    };
    let status = response.status();
    let text = response.text().await.unwrap_or_default();
    drop(timer);

    match transport::interpret(status, &text) {
        Outcome::Result(v) => Ok(to_js(&v)),
        Outcome::Ignored => Ok(JsValue::UNDEFINED),
        Outcome::Api(e) => {
            web_sys::console::error_3(&JsValue::from_str(&url), &JsValue::from_str(&e.code), &JsValue::from_str(&e.message));
            Err(to_js(&e))
        }
        Outcome::Http(e) => {
            web_sys::console::error_2(&JsValue::from_str(&url), &JsValue::from_str(&e.message));
            Err(to_js(&e))
        }
    }
}

#[wasm_bindgen(js_name = maskMobile)]
pub fn mask_mobile(mobile: &str) -> String {
    mask::mask_mobile(mobile)
}

#[derive(Serialize)]
struct GuardAnswer {
    action: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
}

/// `user` is the islogin answer: any object counts as logged in; null, undefined or false do not.
#[wasm_bindgen(js_name = guardDecision)]
pub fn guard_decision(path: &str, user: JsValue, in_frame: bool) -> JsValue {
    let logged_in = user.is_object();
    let answer = match guard::decide(path, logged_in, in_frame) {
        guard::GuardDecision::Proceed => GuardAnswer { action: "proceed", url: None },
        guard::GuardDecision::Redirect { url } => GuardAnswer { action: "redirect", url: Some(url) },
        guard::GuardDecision::PostLogout => GuardAnswer { action: "postLogout", url: None },
    };
    to_js(&answer)
}

#[wasm_bindgen(js_name = isMobileBrowser)]
pub fn is_mobile_browser(user_agent: &str, touch_mac: Option<bool>) -> bool {
    mobile_site::is_mobile_browser(user_agent, touch_mac.unwrap_or(false))
}

#[wasm_bindgen(js_name = mobileRedirectTarget)]
pub fn mobile_redirect_target(path: &str, mobile_base: &str) -> String {
    mobile_site::mobile_target(path, mobile_base)
}

#[wasm_bindgen(js_name = safeReturnUrl)]
pub fn safe_return_url(url: &str, allowed_hosts: Vec<String>, current_host: &str) -> String {
    return_url::safe_return_url(url, &allowed_hosts, current_host)
}

#[wasm_bindgen(js_name = keepDigits)]
pub fn keep_digits(input: &str) -> String {
    account::keep_digits(input)
}

#[wasm_bindgen(js_name = stripChinese)]
pub fn strip_chinese(input: &str) -> String {
    account::strip_chinese(input)
}

/// The i18n key of what is wrong with the password, or undefined.
#[wasm_bindgen(js_name = passwordProblem)]
pub fn password_problem(password: &str) -> Option<String> {
    account::password_problem(password).map(|p| p.key().to_string())
}

#[wasm_bindgen(js_name = isEmail)]
pub fn is_email(email: &str) -> bool {
    account::is_email(email)
}

#[wasm_bindgen(js_name = isMainlandMobile)]
pub fn is_mainland_mobile(mobile: &str) -> bool {
    account::is_mainland_mobile(mobile)
}

#[derive(Serialize)]
struct TagsAnswer {
    ok: bool,
    tags: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    problem: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tag: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    word: Option<String>,
}

/// Checks a tag list as the server will: `{ok, tags}` or `{ok: false, problem, tag?, word?}`
/// with `problem` an i18n key (tags.tooLong, tags.totalTooLong, tags.blackWord).
#[wasm_bindgen(js_name = checkTags)]
pub fn check_tags(tags: Vec<String>, black_words: Vec<String>) -> JsValue {
    use crate::tags::{normalize_tags, TagProblem};
    let answer = match normalize_tags(&tags, &black_words) {
        Ok(tags) => TagsAnswer { ok: true, tags, problem: None, tag: None, word: None },
        Err(p) => {
            let key = p.key();
            let (tag, word) = match p {
                TagProblem::TooLong(t) => (Some(t), None),
                TagProblem::BlackWord { tag, word } => (Some(tag), Some(word)),
                TagProblem::TotalTooLong => (None, None),
            };
            TagsAnswer { ok: false, tags: Vec::new(), problem: Some(key), tag, word }
        }
    };
    to_js(&answer)
}

/// The resume's sections, fields and option lists, from which the editor draws its forms.
#[wasm_bindgen(js_name = resumeSchema)]
pub fn resume_schema() -> JsValue {
    use crate::resume;
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Schema {
        sections: &'static [resume::Section],
        options: BTreeMap<&'static str, &'static [&'static str]>,
        upload_max_bytes: u64,
    }
    to_js(&Schema {
        sections: resume::SECTIONS,
        options: resume::OPTIONS.iter().copied().collect(),
        upload_max_bytes: resume::UPLOAD_MAX_BYTES,
    })
}

/// Checks a section's values as the server will: `{field: {key, limit?}}`, empty when valid.
/// Throws an Error when the input is not the section's shape at all.
#[wasm_bindgen(js_name = validateResumeSection)]
pub fn validate_resume_section(section: &str, data: JsValue) -> Result<JsValue, JsError> {
    let value: Value = serde_wasm_bindgen::from_value(data).map_err(|e| JsError::new(&e.to_string()))?;
    let verdict = crate::resume::validate(section, &value).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(to_js(&verdict))
}

/// Whether a section shows as complete (see resume::is_complete).
#[wasm_bindgen(js_name = resumeSectionComplete)]
pub fn resume_section_complete(section: &str, saved: JsValue, items: usize) -> bool {
    let value: Option<Value> = if saved.is_null() || saved.is_undefined() { None } else { serde_wasm_bindgen::from_value(saved).ok() };
    crate::resume::is_complete(section, value.as_ref(), items)
}

/// The i18n key of what is wrong with a file before it is sent, or undefined.
#[wasm_bindgen(js_name = uploadProblem)]
pub fn upload_problem(kind: &str, file_name: &str, size: f64, existing: usize) -> Option<String> {
    let kind = crate::resume::UploadKind::parse(kind)?;
    crate::resume::upload_problem(kind, file_name, size as u64, existing).map(str::to_string)
}

/// Reads a JSON Resume file into drafts by section: `{ok: true, drafts, dropped}`, or
/// `{ok: false, problem}` with an i18n key when the file is not one.
#[wasm_bindgen(js_name = importJsonResume)]
pub fn import_json_resume(text: &str) -> JsValue {
    #[derive(Serialize)]
    struct Answer<'a> {
        ok: bool,
        #[serde(flatten)]
        imported: Option<&'a crate::resume::import::Imported>,
        #[serde(skip_serializing_if = "Option::is_none")]
        problem: Option<&'static str>,
    }
    match crate::resume::import::from_json_resume(text) {
        Ok(imported) => to_js(&Answer { ok: true, imported: Some(&imported), problem: None }),
        Err(e) => to_js(&Answer { ok: false, imported: None, problem: Some(e.key()) }),
    }
}
