//! Chat's offline notice (issue 32): a message left unread while its recipient is away reaches them
//! once by WeChat, text or mail, through the notice outbox (domain/notice.rs).
//!
//! The rule, per conversation and recipient side:
//! - a message of the other side, not recalled, is unread for CHAT_OFFLINE_NOTICE_AFTER_SECS (10
//!   minutes by default) and came after the side's last notice;
//! - the side had no notice about this conversation in the last 6 hours (`GAP_MS`);
//! - the recipient holds no chat socket: none of their places (`socket_place_key`) is live in the
//!   shared store, whichever server holds it;
//! - the recipient has not switched these notices off (/pcuser/saveChatNotice, /comlogin/saveChatNotice),
//!   is not disabled, and, for a member, the candidate has not blocked the company.
//!
//! Then one notice is queued and the side's noticed time stamped, in one transaction; the stamp is
//! guarded by its old value, so two rounds at once queue one. A side that qualifies but is not to be
//! told (switched off, blocked, no address) is stamped without a notice, so it is not looked at again
//! until a newer message. The channel: a candidate's bound WeChat (when the official account can
//! send templates), else their account's email; a member's mobile by SMS (members bind no WeChat).
//! No text of a message is ever put in a notice: only who wrote and a link to log in.
//!
//! One server of a cluster looks, every CHAT_OFFLINE_NOTICE_EVERY_SECS (domain/background.rs `spawn_leased`).

use std::time::Duration;

use serde::Serialize;

use crate::db::chat::Side;
use crate::db::chat_notice::{self, Waiting};
use crate::db::notice as outbox;
use crate::db::{DbConnection, Pool};
use crate::domain::chat::{send_limit_key, Me};
use crate::domain::notice::{enqueue, Outgoing};
use crate::error::{ApiError, ApiResult};
use crate::ids::{beijing_time, now_ms};
use crate::providers::wechat::TemplateMessage;
use crate::settings::Settings;
use crate::store::SharedStore;

/// Chat sockets one user may hold at once (tabs and devices together); each holds one place.
pub const SOCKET_PLACES: u32 = 8;
/// At most one notice per conversation and side within this time.
pub const GAP_MS: i64 = 6 * 3_600_000;
/// Messages older than this are not noticed any more (the scan reads conversations changed since).
pub const WINDOW_MS: i64 = 3 * 24 * 3_600_000;
/// Conversations looked at per side and round.
const BATCH: i64 = 500;

/// The shared-store key of the user's `i`-th chat socket place (api/candidate/chat_ws.rs holds them).
pub fn socket_place_key(me: Me, i: u32) -> String {
    format!("chat-ws:{}:{i}", send_limit_key(me))
}

/// Whether the user holds a chat socket on any server. A store that cannot answer counts as online:
/// a notice withheld is retried next round, one sent wrongly cannot be taken back.
pub fn online(store: &SharedStore, me: Me) -> bool {
    let keys: Vec<String> = (0..SOCKET_PLACES).map(|i| socket_place_key(me, i)).collect();
    store.any_live(&keys).unwrap_or_else(|e| {
        tracing::warn!(error = %e.0, "chat notice: the shared store did not answer");
        true
    })
}

/// What one round needs besides the database.
pub struct Rounds {
    pub store: SharedStore,
    /// The site's origin for the links (SITE_URL, else this server's address).
    pub origin: String,
    /// Whether the WeChat provider sends template messages.
    pub wechat: bool,
    pub after_ms: i64,
}

impl Rounds {
    /// One look at both sides; answers how many notices it queued.
    pub fn round(&self, c: &mut DbConnection, now: i64) -> ApiResult<usize> {
        let mut queued = 0;
        for reader in [Side::Candidate, Side::Company] {
            let cutoff = now - self.after_ms.max(0);
            for w in chat_notice::waiting(c, reader, now - WINDOW_MS, cutoff, now - GAP_MS, BATCH)? {
                let me = match reader {
                    Side::Candidate => Me::Candidate(w.user_id),
                    Side::Company => Me::Member { id: w.member_id, company: w.company_id },
                };
                if online(&self.store, me) {
                    continue;
                }
                if self.notice(c, reader, &w, now)? {
                    queued += 1;
                }
            }
        }
        Ok(queued)
    }

    /// Stamps the side and queues its notice, when it is to be told; true when a notice was queued.
    fn notice(&self, c: &mut DbConnection, reader: Side, w: &Waiting, now: i64) -> ApiResult<bool> {
        crate::db::write_transaction(c, |c| {
            if chat_notice::stamp(c, w.id, reader, w.noticed_at, now)? == 0 {
                return Ok(false);
            }
            let Some(out) = self.outgoing(c, reader, w, now)? else { return Ok(false) };
            enqueue(c, out)
        })
    }

    /// The notice to queue, or None when the side is not to be told.
    fn outgoing(&self, c: &mut DbConnection, reader: Side, w: &Waiting, now: i64) -> ApiResult<Option<Outgoing>> {
        let member = chat_notice::member(c, w.member_id)?.ok_or(ApiError::NotFound)?;
        let company = if member.company_short_name.trim().is_empty() { member.company_name.clone() } else { member.company_short_name.clone() };
        // The company 屏蔽ed by the candidate, or the conversation 拉黑ed by the reader: no notice.
        let blocked = crate::domain::visibility::user_blocked(c, w.user_id, w.company_id)? || crate::db::chat_block::blockers(c, w.id)?.contains(&reader);
        let out = |key: &str, channel: &'static str, recipient: String, subject: String, body: String| Outgoing {
            company_id: w.company_id,
            event_key: format!("{key}{}:{now}", w.id.0),
            channel,
            recipient,
            subject,
            body,
            attachment: None,
            due_at: now,
        };
        match reader {
            Side::Candidate => {
                let Some(user) = chat_notice::candidate(c, w.user_id)? else { return Ok(None) };
                if user.disabled || !user.chat_notice || blocked {
                    return Ok(None);
                }
                let name = if member.name.trim().is_empty() { "招聘方".to_string() } else { member.name.trim().to_string() };
                let sender = format!("{name}（{company}）");
                let url = format!("{}/my/chat?c={}", self.origin, w.id.0);
                let key = outbox::CHAT_TO_CANDIDATE_PREFIX;
                if let Some(openid) = user.wx_openid.filter(|o| self.wechat && !o.trim().is_empty()) {
                    let mut fields = serde_json::Map::new();
                    fields.insert("first".into(), format!("{sender}给你发来了新消息").into());
                    fields.insert("keyword1".into(), sender.clone().into());
                    fields.insert("keyword2".into(), beijing_time(now).into());
                    fields.insert("remark".into(), "点击查看，在职达招聘回复".into());
                    let body = serde_json::to_string(&TemplateMessage { url, fields }).map_err(ApiError::internal)?;
                    return Ok(Some(out(key, outbox::WECHAT, openid, sender, body)));
                }
                let Some(email) = user.email.filter(|e| core_wasm::account::is_email(e.trim())) else { return Ok(None) };
                let body = format!(
                    "你好，\n\n{sender}在职达招聘给你发来了新消息，你还没有读。登录查看并回复：\n{url}\n\n\
                     不想收到这类提醒？在账号设置中关闭“离线消息提醒”：{}/my/account\n",
                    self.origin
                );
                Ok(Some(out(key, outbox::MAIL, email.trim().to_string(), format!("{sender}给你发来了新消息"), body)))
            }
            Side::Company => {
                if member.disabled || !member.chat_notice || blocked {
                    return Ok(None);
                }
                let name = chat_notice::candidate(c, w.user_id)?.map(|u| u.name.trim().to_string()).unwrap_or_default();
                let who = if name.is_empty() { "一位候选人".to_string() } else { format!("候选人{name}") };
                let job = chat_notice::job_title(c, w.id)?;
                let body = format!("【职达招聘】{who}（{job}）给你发来了新消息，登录查看：{}/recruit/chat?c={}", self.origin, w.id.0);
                Ok(Some(out("chat-offline:member:", outbox::SMS, member.mobile, String::new(), body)))
            }
        }
    }
}

/// The links' origin without a request: SITE_URL, else the address this server listens on.
pub fn origin(settings: &Settings) -> String {
    let configured = settings.site.site_url.trim().trim_end_matches('/');
    if configured.is_empty() {
        format!("http://{}:{}", settings.host, settings.port)
    } else {
        configured.to_string()
    }
}

/// Starts the leased loop (nothing when CHAT_OFFLINE_NOTICE_EVERY_SECS is 0).
pub fn spawn(pool: &Pool, store: &SharedStore, settings: &Settings, wechat: bool) {
    if settings.chat_offline_notice_every_secs == 0 {
        return;
    }
    let rounds = Rounds { store: store.clone(), origin: origin(settings), wechat, after_ms: settings.chat_offline_notice_after_secs.max(0) * 1000 };
    let every = Duration::from_secs(settings.chat_offline_notice_every_secs);
    crate::domain::background::spawn_leased(pool.clone(), "chat-offline-notice", every, move |c| rounds.round(c, now_ms()));
}

/// A user's offline-notice switch, and where the notices go.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatNoticeSetting {
    /// Whether chat messages left unread while away are noticed.
    pub on: bool,
    /// Where they go: `wechat` (the bound WeChat), `mail` (the account's email), `sms` (a member's
    /// mobile), or `none` (a candidate with neither: nothing can be sent).
    pub channel: &'static str,
}

/// The caller's switch and channel; `on` given: the switch set first.
pub fn setting(c: &mut DbConnection, me: Me, wechat: bool, on: Option<bool>) -> ApiResult<ChatNoticeSetting> {
    match me {
        Me::Candidate(user) => {
            if let Some(on) = on {
                chat_notice::set_user_switch(c, user, on)?;
            }
            let found = chat_notice::candidate(c, user)?.ok_or(ApiError::NotFound)?;
            let channel = if wechat && found.wx_openid.as_deref().is_some_and(|o| !o.trim().is_empty()) {
                outbox::WECHAT
            } else if found.email.as_deref().is_some_and(|e| core_wasm::account::is_email(e.trim())) {
                outbox::MAIL
            } else {
                "none"
            };
            Ok(ChatNoticeSetting { on: found.chat_notice, channel })
        }
        Me::Member { id, .. } => {
            if let Some(on) = on {
                chat_notice::set_member_switch(c, id, on)?;
            }
            Ok(ChatNoticeSetting { on: chat_notice::member_switch(c, id)?, channel: outbox::SMS })
        }
    }
}
