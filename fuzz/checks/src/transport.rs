//! The request client's reading of responses and cookies on arbitrary bytes: no panic, and a
//! 401/403 is always ignored whatever the body.

use arbitrary::{Arbitrary, Unstructured};
use core_wasm::transport::{self, Outcome};

/// The target's input: a status, a response body and a `document.cookie` string.
pub type Input<'a> = (u16, &'a str, &'a str);

pub fn check((status, body, cookies): Input<'_>) {
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
}

/// The input a corpus file stands for, read exactly as libfuzzer-sys's `fuzz_target!` reads a
/// typed target's bytes (too short for the type, or undecodable: libFuzzer skips it, so do we).
pub fn decode(data: &[u8]) -> Option<Input<'_>> {
    if data.len() < <Input<'_> as Arbitrary>::size_hint(0).0 {
        return None;
    }
    Input::arbitrary_take_rest(Unstructured::new(data)).ok()
}

/// The bytes that `decode` reads back as `(status, body, cookies)`: what a generated input is
/// saved as, so it can join the corpus. arbitrary 1.5 reads the u16 little-endian from the
/// front, then the body's length from the end (1, 2 or 4 bytes by how much data is left, of
/// which it reads as many as the largest possible length needs, big-endian), then the body;
/// the cookies take the rest.
pub fn encode((status, body, cookies): Input<'_>) -> Vec<u8> {
    let rest = body.len() + cookies.len();
    let len_bytes: usize = if rest < 256 { 1 } else if rest < 65536 { 2 } else { 4 };
    let used = (usize::BITS - rest.leading_zeros()).div_ceil(8) as usize;
    let mut out = Vec::with_capacity(2 + rest + len_bytes);
    out.extend_from_slice(&status.to_le_bytes());
    out.extend_from_slice(body.as_bytes());
    out.extend_from_slice(cookies.as_bytes());
    let len = (body.len() as u64).to_be_bytes();
    out.extend_from_slice(&len[8 - used..]);
    out.resize(out.len() + len_bytes - used, 0);
    out
}

/// The target on its corpus form.
pub fn check_bytes(data: &[u8]) {
    if let Some(input) = decode(data) {
        check(input);
    }
}

#[cfg(test)]
mod tests {
    use super::{decode, encode};
    use crate::generate::Rng;

    /// What `encode` writes, libfuzzer-sys's reading gives back, at every length class.
    #[test]
    fn encode_round_trips() {
        let mut rng = Rng::new(7);
        for (body_len, cookies_len) in [(0, 0), (0, 5), (3, 0), (100, 154), (100, 155), (255, 0), (256, 0), (300, 65_235), (65_536, 0), (70_000, 20)] {
            let body: String = (0..body_len).map(|_| if rng.one_in(9) { '中' } else { 'a' }).collect::<String>();
            let cookies: String = "c".repeat(cookies_len);
            for status in [0, 401, 65_535] {
                let bytes = encode((status, &body, &cookies));
                assert_eq!(decode(&bytes), Some((status, body.as_str(), cookies.as_str())), "{} + {}", body.len(), cookies.len());
            }
        }
    }
}
