//! The client half of the core as a wasm of its own (scripts/build-wasm -> ui/src/lib/core/pkg-client):
//! the /ajax transport, the login guard, the mobile site's redirect rules and mask, and the small
//! input helpers. Every page fetches it before its first call; the validation rules are in core-wasm's
//! own wasm (src/wasm.rs), which only pages that validate fetch (issue 18: a phone opening /m/search
//! downloads no rules). This file only converts values: the rules themselves are core-wasm's, the same
//! code the server runs. Natively the crate is empty.

#[cfg(target_arch = "wasm32")]
mod wasm {
    use std::cell::{Cell, RefCell};
    use std::collections::BTreeMap;
    use std::rc::Rc;

    use core_wasm::guard::GuardDecision;
    use core_wasm::limits::Limits;
    use core_wasm::transport::{self, InFlight, Outcome, TransportError};
    use core_wasm::{account, guard, mask, mobile_site, return_url, salary};
    use core_wasm::js::{to_js, ts};
    use serde_json::Value;
    use tsify::Ts;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    thread_local! {
        static IN_FLIGHT: RefCell<InFlight> = RefCell::new(InFlight::default());
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
            serde_wasm_bindgen::from_value(body).map_err(|e| {
                to_js(&TransportError {
                    status: 0,
                    message: format!("bad payload: {e}"),
                })
            })?
        };
        let url = transport::call_url(&path);
        let form = transport::form_body(&payload);
        let key = InFlight::key(&url, &form);
        if !IN_FLIGHT.with(|f| f.borrow_mut().begin(&key)) {
            return Err(to_js(&TransportError::repeat()));
        }
        let _ticket = FlightTicket(key);

        let controller = web_sys::AbortController::new().map_err(|_| {
            to_js(&TransportError {
                status: 0,
                message: "network".into(),
            })
        })?;
        let timed_out = Rc::new(Cell::new(false));
        let timer = {
            let (controller, timed_out) = (controller.clone(), timed_out.clone());
            gloo_timers::callback::Timeout::new(transport::TIMEOUT_MS, move || {
                timed_out.set(true);
                controller.abort();
            })
        };

        let mut builder = gloo_net::http::Request::post(&url)
            .header(
                "Content-Type",
                "application/x-www-form-urlencoded;charset=UTF-8",
            )
            .header("Accept", "application/json")
            .abort_signal(Some(&controller.signal()));
        for (name, value) in transport::auth_headers(&document_cookies()) {
            builder = builder.header(name, &value);
        }
        let network = |timed_out: &Cell<bool>| TransportError {
            status: 0,
            message: if timed_out.get() {
                "timeout".into()
            } else {
                "network".into()
            },
        };
        let sent = match builder.body(form) {
            Ok(req) => req.send().await,
            Err(e) => Err(e),
        };
        let response = match sent {
            Ok(r) => r,
            Err(_) => {
                let err = network(&timed_out);
                web_sys::console::error_2(
                    &JsValue::from_str(&url),
                    &JsValue::from_str(&err.message),
                );
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
                web_sys::console::error_3(
                    &JsValue::from_str(&url),
                    &JsValue::from_str(&e.code),
                    &JsValue::from_str(&e.message),
                );
                Err(to_js(&e))
            }
            Outcome::Http(e) => {
                web_sys::console::error_2(&JsValue::from_str(&url), &JsValue::from_str(&e.message));
                Err(to_js(&e))
            }
        }
    }

    /// A monthly salary range's words and amounts (core-wasm's salary.rs): `[kind, amount…]`, the
    /// kind naming the catalogue's `salary.<kind>`. Numbers from JSON (f64; NaN and negatives are none).
    #[wasm_bindgen(js_name = salaryParts)]
    pub fn salary_parts(min: f64, max: f64, english: bool) -> Vec<String> {
        let text = salary::salary_text(min as i64, max as i64, english);
        let mut parts = vec![text.kind().to_string()];
        match text {
            salary::SalaryText::Negotiable => {}
            salary::SalaryText::Exact(a) | salary::SalaryText::From(a) | salary::SalaryText::UpTo(a) => parts.push(a),
            salary::SalaryText::Range(a, b) => parts.extend([a, b]),
        }
        parts
    }

    #[wasm_bindgen(js_name = maskMobile)]
    pub fn mask_mobile(mobile: &str) -> String {
        mask::mask_mobile(mobile)
    }

    /// `user` is the islogin answer: any object counts as logged in; null, undefined or false do not.
    #[wasm_bindgen(js_name = guardDecision)]
    pub fn guard_decision(
        path: &str,
        #[wasm_bindgen(unchecked_param_type = "object | null | undefined")] user: JsValue,
        in_frame: bool,
    ) -> Ts<GuardDecision> {
        ts(&guard::decide(path, user.is_object(), in_frame))
    }

    #[wasm_bindgen(js_name = isMobileBrowser)]
    pub fn is_mobile_browser(user_agent: &str, touch_mac: Option<bool>) -> bool {
        mobile_site::is_mobile_browser(user_agent, touch_mac.unwrap_or(false))
    }

    #[wasm_bindgen(js_name = mobileRedirectTarget)]
    pub fn mobile_redirect_target(path: &str, mobile_base: &str) -> String {
        mobile_site::mobile_target(path, mobile_base)
    }

    /// The "电脑版" link's target: the desktop path of a mobile page (its full path, query included).
    #[wasm_bindgen(js_name = desktopTarget)]
    pub fn desktop_target(mobile_path: &str, mobile_base: &str) -> String {
        mobile_site::desktop_target(mobile_path, mobile_base)
    }

    /// Where a browser opening `path` goes instead, or undefined to stay (see `mobile_site::mobile_redirect`).
    #[wasm_bindgen(js_name = mobileRedirect)]
    pub fn mobile_redirect(
        path: &str,
        mobile_base: &str,
        user_agent: &str,
        touch_mac: bool,
        cookies: &str,
    ) -> Option<String> {
        mobile_site::mobile_redirect(path, mobile_base, user_agent, touch_mac, cookies)
    }

    /// The cookie name the "电脑版" link sets to "1".
    #[wasm_bindgen(js_name = desktopCookie)]
    pub fn desktop_cookie() -> String {
        mobile_site::DESKTOP_COOKIE.to_string()
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

    #[wasm_bindgen(js_name = isMainlandMobile)]
    pub fn is_mainland_mobile(mobile: &str) -> bool {
        account::is_mainland_mobile(mobile)
    }

    /// The limits the ui shows, named as their Rust constants.
    #[wasm_bindgen]
    pub fn limits() -> Ts<Limits> {
        ts(&core_wasm::limits::LIMITS)
    }

    /// The resume openness codes `/pcuser/updateType` takes, in the order the settings list them.
    #[wasm_bindgen(js_name = opennessCodes)]
    pub fn openness_codes() -> Vec<String> {
        core_wasm::behaviour::Openness::ALL.iter().map(|o| o.code().to_string()).collect()
    }

    /// A search event's filters besides city and category (the job search's parameters of those names).
    #[wasm_bindgen(js_name = logSearchFilters)]
    pub fn log_search_filters() -> Vec<String> {
        core_wasm::behaviour::LOG_SEARCH_FILTERS
            .iter()
            .map(|f| f.to_string())
            .collect()
    }

    /// How many events one `/pcuser/addLog` batch may hold.
    #[wasm_bindgen(js_name = logBatchMax)]
    pub fn log_batch_max() -> usize {
        core_wasm::behaviour::LOG_BATCH_MAX
    }

    /// Whether the behaviour log keeps an event as the server will: "keep", "drop" (an unknown kind)
    /// or the key of what is wrong with it (see behaviour::check_event).
    #[wasm_bindgen(js_name = checkLogEvent)]
    pub fn check_log_event(
        #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] event: JsValue,
    ) -> String {
        let Ok(value) = serde_wasm_bindgen::from_value::<Value>(event) else {
            return core_wasm::behaviour::LogProblem::BadEvent.key().to_string();
        };
        match core_wasm::behaviour::check_event(&value) {
            Ok(Some(_)) => "keep".to_string(),
            Ok(None) => "drop".to_string(),
            Err(p) => p.key().to_string(),
        }
    }
}
