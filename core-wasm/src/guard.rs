//! The login-guard decision taken before every navigation (SPEC section 4).

use serde::Serialize;

/// What the router does after the login check; JavaScript gets `{ action, url? }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum GuardDecision {
    /// Go on; when a user came back, the ui stores it first.
    Proceed,
    /// Send the visitor to our login page, coming back to `url` afterwards.
    Redirect { url: String },
    /// Inside an embedded frame: tell the parent window to log out instead.
    PostLogout,
}

pub const LOGIN_PATH: &str = "/login";

/// Whether a route needs a logged-in candidate. Only the personal centre does,
/// in both the default and the zgzx layout.
pub fn requires_login(path: &str) -> bool {
    let path = path.split(['?', '#']).next().unwrap_or("");
    let path = path.strip_prefix("/zgzx").unwrap_or(path);
    path == "/my" || path.starts_with("/my/")
}

pub fn decide(path: &str, logged_in: bool, in_frame: bool) -> GuardDecision {
    if logged_in || !requires_login(path) {
        GuardDecision::Proceed
    } else if in_frame {
        GuardDecision::PostLogout
    } else {
        GuardDecision::Redirect { url: login_url(path) }
    }
}

/// `/login?returnUrl=<path, percent-encoded>`.
pub fn login_url(return_to: &str) -> String {
    let encoded: String = form_urlencoded::byte_serialize(return_to.as_bytes()).collect();
    // form encoding writes spaces as '+'; a returnUrl is a path, so keep it %20.
    format!("{LOGIN_PATH}?returnUrl={}", encoded.replace('+', "%20"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_logged_in_user_proceeds_everywhere() {
        assert_eq!(decide("/my/apply", true, false), GuardDecision::Proceed);
        assert_eq!(decide("/my/apply", true, true), GuardDecision::Proceed);
    }

    #[test]
    fn public_pages_need_no_login() {
        for path in ["/", "/search", "/search?q=java", "/login", "/zgzx/", "/myself"] {
            assert_eq!(decide(path, false, false), GuardDecision::Proceed, "{path}");
        }
    }

    #[test]
    fn a_visitor_is_sent_to_login_with_the_return_url() {
        assert_eq!(
            decide("/my/apply", false, false),
            GuardDecision::Redirect { url: "/login?returnUrl=%2Fmy%2Fapply".into() }
        );
        assert_eq!(
            decide("/my/collect?page=2", false, false),
            GuardDecision::Redirect { url: "/login?returnUrl=%2Fmy%2Fcollect%3Fpage%3D2".into() }
        );
        assert_eq!(
            decide("/zgzx/my/apply/", false, false),
            GuardDecision::Redirect { url: "/login?returnUrl=%2Fzgzx%2Fmy%2Fapply%2F".into() }
        );
    }

    #[test]
    fn inside_a_frame_the_parent_logs_out() {
        assert_eq!(decide("/my", false, true), GuardDecision::PostLogout);
    }

    #[test]
    fn javascript_reads_an_action_and_a_url() {
        use serde_json::json;
        assert_eq!(serde_json::to_value(GuardDecision::Proceed).unwrap(), json!({ "action": "proceed" }));
        assert_eq!(serde_json::to_value(GuardDecision::PostLogout).unwrap(), json!({ "action": "postLogout" }));
        assert_eq!(
            serde_json::to_value(GuardDecision::Redirect { url: "/login?returnUrl=%2Fmy".into() }).unwrap(),
            json!({ "action": "redirect", "url": "/login?returnUrl=%2Fmy" })
        );
    }
}
