//! Interviewers are invited, not created with a password (issue 30). Adding one sends an SMS with
//! a link to the number the company gave; whoever opens it (so holds that phone) sets a password and
//! is logged in as the company's interviewer. Until then, and again once removed, the member row's
//! log-in mobile is a placeholder (db/interviewer.rs), so:
//! - the number is nobody's account: it can still register a company of its own, and adding a
//!   colleague never claims a stranger's number;
//! - adding answers the same whether or not the number has an account anywhere (no probe of which
//!   phones are recruiters'); a number that is another company's account cannot accept, and learns so
//!   only by opening the link, on that phone.
//! The token is random, kept only as its SHA-256, valid 7 days, and a new invitation replaces it.

use base64::Engine;
use sha2::{Digest, Sha256};

use crate::db::{company_member, interviewer, DbConnection};
use crate::domain::notice::{self, Outgoing};
use crate::error::{ApiError, ApiResult};
use crate::ids::{CompanyId, MemberId};

/// How long an invitation's link works.
pub const VALID_MS: i64 = 7 * 24 * 3_600_000;

/// The SHA-256 (hex) of a token: what is stored and looked up.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.trim().as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Sends (or sends again) the member's invitation to `mobile`: a new token, the SMS queued in the
/// caller's transaction (the notice outbox delivers it, with retries). `origin` is the site's public
/// origin for the link.
pub fn send(c: &mut DbConnection, company: CompanyId, company_name: &str, member: MemberId, mobile: &str, origin: &str, now: i64) -> ApiResult<()> {
    let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    interviewer::set_invitation(c, member, mobile, &token_hash(&token), now)?;
    let link = format!("{}/recruit/invite/{token}", origin.trim_end_matches('/'));
    notice::enqueue(
        c,
        Outgoing {
            company_id: company,
            event_key: format!("interviewer:{}:invite:{now}", member.0),
            channel: crate::db::notice::SMS,
            recipient: mobile.to_string(),
            subject: String::new(),
            body: format!("【职达招聘】{company_name}邀请你担任面试官，可查看分配给你的面试与候选人简历。7天内打开链接设置密码即可加入：{link} 如不认识该公司，请忽略本短信。"),
            attachment: None,
            due_at: now,
        },
    )?;
    Ok(())
}

/// What the invitation page shows before it is accepted.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationView {
    pub company_name: String,
    pub name: String,
    /// The number it went to, masked.
    pub mobile: String,
}

fn pending(c: &mut DbConnection, token: &str, now: i64) -> ApiResult<interviewer::Pending> {
    let found = interviewer::pending_by_hash(c, &token_hash(token))?.ok_or(ApiError::NotFound)?;
    if found.disabled || now - found.invited_at > VALID_MS {
        return Err(ApiError::NotFound);
    }
    Ok(found)
}

/// The pending invitation of `token`; NOT_FOUND for an unknown, used, replaced or expired one.
pub fn view(c: &mut DbConnection, token: &str, now: i64) -> ApiResult<InvitationView> {
    let p = pending(c, token, now)?;
    let company_name = if p.company_short_name.trim().is_empty() { p.company_name } else { p.company_short_name };
    Ok(InvitationView { company_name, name: p.name, mobile: core_wasm::mask::mask_mobile(&p.mobile) })
}

/// Accepts the invitation of `token` with the new password's hash: the member logs in with the
/// number from now on. MOBILE_REGISTERED when the number is another account's by now (only the
/// phone's holder, who has the link, learns it).
pub fn accept(c: &mut DbConnection, token: &str, password_hash: &str, now: i64) -> ApiResult<company_member::Member> {
    crate::db::write_transaction(c, |c| {
        let p = pending(c, token, now)?;
        if company_member::by_mobile(c, &p.mobile)?.is_some() {
            return Err(ApiError::MobileRegistered);
        }
        interviewer::accept(c, p.member, &p.mobile, password_hash)?;
        company_member::by_mobile(c, &p.mobile)?.ok_or(ApiError::NotFound)
    })
}
