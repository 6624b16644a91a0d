//! Session tokens: decoding arbitrary text never panics and accepts only what our key signed;
//! a token we issue decodes to the same claims.
#![no_main]

use server::auth::{decode_token, issue_token, Keys};
use server::ids::{now_ms, SessionId, UserId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let keys = Keys::from_secret(b"fuzzing-secret-of-at-least-32-bytes!!");
    if let Ok(text) = std::str::from_utf8(data) {
        if let Some(claims) = decode_token(&keys, text) {
            // Only a token signed with our key can decode; the fuzzer cannot forge HS256.
            let other = Keys::from_secret(b"another-secret-of-at-least-32-bytes!!");
            assert!(decode_token(&other, text).is_none(), "{claims:?}");
        }
    }
    if data.len() >= 16 {
        let user = i64::from_le_bytes(data[..8].try_into().unwrap());
        let session = i64::from_le_bytes(data[8..16].try_into().unwrap());
        let now = now_ms();
        let token = issue_token(&keys, UserId(user), SessionId(session), now, now + 86_400_000).expect("issue");
        // Issued now, expiring in a day: valid whatever the ids, and only under our key.
        let c = decode_token(&keys, &token).expect("our own token decodes");
        assert_eq!((c.sub, c.sid), (user.to_string(), session));
    }
});
