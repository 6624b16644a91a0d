//! Log-in from partner platforms (the zgzx layout). A partner opens our pages with
//! `platformId`, `id` (its user), `type`, `ts` (Unix seconds) and `sign`: the hex HMAC-SHA256,
//! under the secret we share with that platform, of `id=…&platformId=…&ts=…&type=…`.
//! Unsigned, stale, replayed or forged requests log nobody in.

use std::collections::HashMap;

use diesel::{Connection, QueryResult};
use hmac::{Hmac, Mac};

use crate::db::partner_account::{self, NewPartnerAccount};
use crate::db::{resume, user, DbConnection};
use crate::ids::{now_ms, UserId};
use crate::store::SharedStore;

/// How far a partner's timestamp may be from ours.
pub const MAX_SKEW_SECS: i64 = 300;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartnerLogin {
    pub platform_id: String,
    pub partner_user_id: String,
    pub kind: String,
}

pub fn canonical(platform_id: &str, id: &str, kind: &str, ts: &str) -> String {
    format!("id={id}&platformId={platform_id}&ts={ts}&type={kind}")
}

pub fn sign(secret: &str, message: &str) -> String {
    let Ok(mut mac) = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()) else { return String::new() };
    mac.update(message.as_bytes());
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// Secrets by platform id, from PARTNERS ("platform:secret,platform2:secret2").
pub fn parse_partners(spec: &str) -> HashMap<String, String> {
    spec.split(',')
        .filter_map(|pair| pair.split_once(':'))
        .map(|(p, s)| (p.trim().to_string(), s.trim().to_string()))
        .filter(|(p, s)| !p.is_empty() && s.len() >= 16)
        .collect()
}

pub struct Partners {
    secrets: HashMap<String, String>,
    /// Signatures already used, in the shared store, so a captured link does not log in twice
    /// on any server.
    used: SharedStore,
}

impl Partners {
    pub fn new(spec: &str, used: SharedStore) -> Self {
        Self { secrets: parse_partners(spec), used }
    }

    /// The partner user a request names, if the request is signed, fresh and not replayed.
    pub fn verify(&self, platform_id: &str, id: &str, kind: &str, ts: &str, signature: &str, now_secs: i64) -> Option<PartnerLogin> {
        let secret = self.secrets.get(platform_id)?;
        if id.is_empty() || id.len() > 64 || kind.len() > 16 {
            return None;
        }
        let ts_secs: i64 = ts.parse().ok()?;
        if (now_secs - ts_secs).abs() > MAX_SKEW_SECS {
            return None;
        }
        let expected = sign(secret, &canonical(platform_id, id, kind, ts));
        // Compare in constant time: the length is public, the bytes are not.
        if expected.len() != signature.len()
            || expected.bytes().zip(signature.to_ascii_lowercase().bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) != 0
        {
            return None;
        }
        let window_ms = 2 * MAX_SKEW_SECS * 1000;
        if !self.used.put_new(&format!("partner:{expected}"), "", window_ms).unwrap_or(false) {
            return None;
        }
        Some(PartnerLogin { platform_id: platform_id.to_string(), partner_user_id: id.to_string(), kind: kind.to_string() })
    }
}

/// The account linked to the partner user, made on first visit (no mobile yet, an empty resume).
pub fn find_or_create(conn: &mut DbConnection, login: &PartnerLogin) -> QueryResult<user::User> {
    conn.transaction(|c| {
        let linked = partner_account::user_of(c, &login.platform_id, &login.partner_user_id)?;
        let uid = match linked {
            Some(uid) => uid,
            None => {
                let (uid, now): (UserId, i64) = (crate::ids::new_id(), now_ms());
                user::insert(c, &user::NewUser { id: uid, mobile: None, name: "求职者", password_hash: None, created_at: now })?;
                resume::insert(
                    c,
                    &resume::NewResume { id: crate::ids::new_id(), user_id: uid, resume_type: 1, title: "我的简历", filled: false, created_at: now, updated_at: now },
                )?;
                partner_account::insert(
                    c,
                    &NewPartnerAccount { platform_id: &login.platform_id, partner_user_id: &login.partner_user_id, user_id: uid, created_at: now },
                )?;
                uid
            }
        };
        user::by_id(c, uid)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "partner-secret-0123456789";

    fn store() -> (SharedStore, std::path::PathBuf) {
        use clap::Parser;
        let dir = std::env::temp_dir().join(format!("jobseeker-partner-{}-{}", std::process::id(), crate::ids::next_id()));
        let settings = crate::settings::Settings::parse_from(["test", "--data-dir", dir.to_str().unwrap_or("/tmp")]);
        (SharedStore::new(crate::db::connect(&settings).unwrap()), dir)
    }

    fn signed(now: i64) -> (String, String) {
        let ts = now.to_string();
        (ts.clone(), sign(SECRET, &canonical("p1", "u42", "1", &ts)))
    }

    #[test]
    fn a_signed_fresh_request_names_the_partner_user_once() {
        let (store, _dir) = store();
        let p = Partners::new(&format!("p1:{SECRET}"), store);
        let now = 1_800_000_000;
        let (ts, sig) = signed(now);
        let got = p.verify("p1", "u42", "1", &ts, &sig, now + 10).unwrap();
        assert_eq!(got.partner_user_id, "u42");
        assert!(p.verify("p1", "u42", "1", &ts, &sig, now + 11).is_none(), "replayed");
    }

    #[test]
    fn unsigned_stale_forged_or_unknown_requests_are_refused() {
        let (store, _dir) = store();
        let p = Partners::new(&format!("p1:{SECRET}"), store);
        let now = 1_800_000_000;
        let (ts, sig) = signed(now);
        assert!(p.verify("p1", "u42", "1", &ts, "", now).is_none(), "unsigned");
        assert!(p.verify("p1", "u42", "1", &ts, &sig, now + MAX_SKEW_SECS + 1).is_none(), "stale");
        assert!(p.verify("p1", "u43", "1", &ts, &sig, now).is_none(), "another user with this signature");
        assert!(p.verify("p2", "u42", "1", &ts, &sig, now).is_none(), "unknown platform");
        let forged = sign("another-secret-0123456789", &canonical("p1", "u42", "1", &ts));
        assert!(p.verify("p1", "u42", "1", &ts, &forged, now).is_none(), "wrong key");
    }

    #[test]
    fn partner_specs_need_real_secrets() {
        let m = parse_partners("p1:0123456789abcdef, p2:short ,bad");
        assert_eq!(m.len(), 1);
        assert!(m.contains_key("p1"));
    }
}
