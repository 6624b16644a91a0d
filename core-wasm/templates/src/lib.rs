//! The notice templates' rules for the browser (core-wasm's `notice_template`, the same code the
//! server checks with), as a second wasm that only the recruiter's template page fetches: minijinja
//! would otherwise weigh on every page's wasm (404 KB gzipped instead of 144 KB, docs/BENCHMARKS.md).
//! scripts/build-wasm builds it into ui/src/lib/core/pkg-templates; ui/src/lib/core/templates.ts is
//! its door. Natively the crate is empty: the server uses core-wasm directly.

#[cfg(target_arch = "wasm32")]
mod wasm {
    use core_wasm::js::to_js;
    use core_wasm::notice_template::{self as rules, TemplateDraft};
    use wasm_bindgen::prelude::*;

    /// The verdict on a notice template, `{field: {key, limit?, name?}}` (see notice_template::validate).
    #[wasm_bindgen(js_name = validateNoticeTemplate)]
    pub fn validate_notice_template(name: String, mail_subject: String, mail_content: String, sms_content: String) -> JsValue {
        to_js(&rules::validate(&TemplateDraft { name, mail_subject, mail_content, sms_content }))
    }

    /// The template rendered with the sample values, as the live preview shows it:
    /// `{ok: true, rendered: {mailSubject, mailContent, smsContent, smsSegments}}` or `{ok: false, verdict}`.
    #[wasm_bindgen(js_name = previewNoticeTemplate)]
    pub fn preview_notice_template(mail_subject: String, mail_content: String, sms_content: String) -> JsValue {
        let draft = TemplateDraft { name: String::new(), mail_subject, mail_content, sms_content };
        match rules::render_all(&draft, &rules::sample_values()) {
            Ok(rendered) => to_js(&serde_json::json!({ "ok": true, "rendered": rendered })),
            Err(verdict) => to_js(&serde_json::json!({ "ok": false, "verdict": verdict })),
        }
    }

    /// How many texts an SMS goes as (70 characters for one, 67 for each part of a longer one).
    #[wasm_bindgen(js_name = smsSegments)]
    pub fn sms_segments(text: String) -> u32 {
        rules::sms_segments(&text) as u32
    }

    /// The variables a notice template may name.
    #[wasm_bindgen(js_name = noticeVariables)]
    pub fn notice_variables() -> Vec<String> {
        rules::VARIABLES.iter().map(|v| v.to_string()).collect()
    }
}
