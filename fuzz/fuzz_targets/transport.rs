//! The request client's reading of responses and cookies on arbitrary bytes: no panic, and a
//! 401/403 is always ignored whatever the body.
#![no_main]

use core_wasm::transport::{self, Outcome};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: (u16, &str, &str)| {
    let (status, body, cookies) = data;
    let outcome = transport::interpret(status, body);
    if status == 401 || status == 403 {
        assert_eq!(outcome, Outcome::Ignored);
    }
    if let Outcome::Result(_) = outcome {
        assert!((200..300).contains(&status));
    }
    let _ = transport::cookie_value(cookies, "token");
    for (name, value) in transport::auth_headers(cookies) {
        assert!(!value.contains('\n') && !value.contains('\r'), "{name}: {value:?}");
    }
    let _ = transport::call_url(body);
});
