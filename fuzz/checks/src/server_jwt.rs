//! Session tokens: decoding arbitrary text never panics and accepts only what our key signed;
//! a token we issue decodes to the same claims.

use crate::server_api::{decode_token, issue_token, now_ms, Keys, SessionId, UserId};

/// The key the target signs with; tokens in the corpus were issued under it.
pub const SECRET: &[u8] = b"fuzzing-secret-of-at-least-32-bytes!!";

pub fn check(data: &[u8]) {
    let keys = Keys::from_secret(SECRET);
    if let Ok(text) = std::str::from_utf8(data) {
        if let Some(claims) = decode_token(&keys, text) {
            // Only a token signed with our key can decode; the fuzzer cannot forge HS256.
            let other = Keys::from_secret(b"another-secret-of-at-least-32-bytes!!");
            assert!(decode_token(&other, text).is_none(), "{claims:?}");
        }
    }
    if let (Some(user), Some(session)) = (data.get(..8), data.get(8..16)) {
        let user = i64::from_le_bytes(user.try_into().expect("8 bytes"));
        let session = i64::from_le_bytes(session.try_into().expect("8 bytes"));
        let now = now_ms();
        let token = issue_token(&keys, UserId(user), SessionId(session), now, now + 86_400_000).expect("issue");
        // Issued now, expiring in a day: valid whatever the ids, and only under our key.
        let c = decode_token(&keys, &token).expect("our own token decodes");
        assert_eq!((c.sub, c.sid), (user.to_string(), session));
    }
}

/// A token our key signs, for generated inputs to start from.
pub fn token(user: i64, session: i64, now: i64, expires: i64) -> String {
    issue_token(&Keys::from_secret(SECRET), UserId(user), SessionId(session), now, expires).expect("issue")
}
