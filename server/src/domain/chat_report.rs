//! 拉黑 and 举报 from a chat thread (issue 32, "Blocking and visibility hold here too").
//!
//! - **拉黑.** Either side blocks the conversation (`chat_blocks`, one row per blocking side). While
//!   it is blocked nothing new is written into it (domain/chat.rs `writable`: the blocked side gets
//!   CHAT_BLOCKED, which tells it no more than "the other side cannot receive your messages"; the
//!   blocker CHAT_YOU_BLOCKED), opening it again (/chat/start, /comchat/start) does not reopen it for
//!   the blocked side, the blocker's sockets get no frame from the other side of it
//!   (domain/chat_live.rs) and no offline notice (domain/chat_notice.rs). Both lists mark it
//!   (`blocked`: byMe, byPeer). Unblocking deletes the blocker's row. This is a chat-level block of
//!   one conversation; a candidate's 屏蔽 of a whole company (domain/visibility.rs, blocking.rs) is
//!   apart from it and unchanged.
//! - **举报.** Either side reports the conversation with a reason (core-wasm chat_report.rs) and an
//!   optional detail. The report keeps a copy of the reported message (the one picked, else the
//!   other side's latest) and the ten messages before it, as they were: a later recall changes
//!   nothing of it. Admins see the reports in the console's queue (`admin_list`), with the parties'
//!   names, the reason, the detail and that copy, and nothing else of the chat: no call lets an
//!   admin read a conversation. Handling one (dismiss, or disable the reported account with the
//!   console's disabling tool) writes the audit log.

use serde::{Deserialize, Serialize};

use crate::db::chat::{self as chat_db, Side};
use crate::db::chat_block;
use crate::db::chat_report::{self, ChatReportRow, NewChatReport};
use crate::db::DbConnection;
use crate::domain::admin::{reason_of, Actor};
use crate::domain::chat::{self, BlockState, Me};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, ChatMessageId, ChatReportId, ConversationId, UserId};

/// Where the conversation stands after a block or an unblock, as the caller sees it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatBlockDone {
    pub conversation_id: ConversationId,
    pub blocked: BlockState,
}

/// The caller blocks (`on`) or unblocks the conversation; doing it twice changes nothing more.
pub fn set_blocked(c: &mut DbConnection, me: Me, id: ConversationId, on: bool) -> ApiResult<ChatBlockDone> {
    let side = me.side();
    let blocked = crate::db::write_transaction(c, |c| {
        let conv = chat::mine(c, me, id)?;
        chat_db::lock(c, conv.id)?;
        if on {
            chat_block::insert(c, conv.id, side, now_ms())?;
        } else {
            chat_block::delete(c, conv.id, side)?;
        }
        Ok(BlockState::of(&chat_block::blockers(c, conv.id)?, side))
    })?;
    Ok(ChatBlockDone { conversation_id: id, blocked })
}

/// One message of a report's copy, as it was when reported.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportedMessage {
    pub seq: i64,
    /// Who wrote it: `candidate` or `company`.
    pub side: Side,
    pub kind: chat_db::MessageKind,
    pub text: String,
    pub created_at: i64,
    /// Whether it had been recalled before the report (its text is kept as evidence).
    pub recalled: bool,
    /// Whether it is the message reported (the others are the ten before it).
    pub reported: bool,
}

/// A message of the copy as `chat_reports.messages` keeps it (JSON).
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Kept {
    seq: i64,
    side: String,
    kind: String,
    text: String,
    created_at: i64,
    recalled: bool,
    reported: bool,
}

fn read_kept(json: &str) -> Vec<ReportedMessage> {
    let kept: Vec<Kept> = serde_json::from_str(json).unwrap_or_default();
    kept.into_iter()
        .map(|k| ReportedMessage {
            seq: k.seq,
            side: Side::from_code(&k.side).unwrap_or(Side::Candidate),
            kind: chat_db::MessageKind::from_code(&k.kind).unwrap_or(chat_db::MessageKind::System),
            text: k.text,
            created_at: k.created_at,
            recalled: k.recalled,
            reported: k.reported,
        })
        .collect()
}

/// The report stored.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatReported {
    pub report_id: ChatReportId,
    /// How many messages the report keeps (the reported one and up to ten before it).
    pub messages: usize,
}

/// The caller reports the conversation: `message` (one of the other side's) or, when none is
/// named, the other side's latest. NOT_FOUND for a conversation or message not theirs;
/// CHAT_REPORT_NOTHING when the other side wrote nothing to report.
pub fn report(
    c: &mut DbConnection,
    me: Me,
    id: ConversationId,
    message: Option<ChatMessageId>,
    reason: core_wasm::chat_report::ReportReason,
    detail: &str,
) -> ApiResult<ChatReported> {
    let side = me.side();
    let conv = chat::mine(c, me, id)?;
    let reported = match message {
        Some(m) => {
            let found = chat_db::find_message(c, m)?.filter(|found| found.conversation_id == conv.id).ok_or(ApiError::NotFound)?;
            if found.sender_side == side || found.client_id.starts_with(':') {
                return Err(ApiError::BadInput("messageId: chat.reportOwnMessage".into()));
            }
            found
        }
        None => chat_report::latest_of_side(c, conv.id, side.other())?.ok_or(ApiError::ChatReportNothing)?,
    };
    let copy: Vec<Kept> = chat_report::up_to(c, conv.id, reported.seq, core_wasm::chat_report::BEFORE as i64)?
        .into_iter()
        .map(|m| Kept {
            seq: m.seq,
            side: m.sender_side.code().to_string(),
            kind: m.kind.code().to_string(),
            reported: m.id == reported.id,
            recalled: m.recalled_at.is_some(),
            text: m.text,
            created_at: m.created_at,
        })
        .collect();
    let parties = chat_report::parties(c, conv.id)?.ok_or(ApiError::NotFound)?;
    let member = format!("{}（{}）", parties.member_name.trim(), parties.company_name.trim());
    let (reporter_id, reporter_name, reported_id, reported_name) = match side {
        Side::Candidate => (parties.user_id.0, parties.user_name.clone(), parties.member_id.0, member),
        Side::Company => (parties.member_id.0, member, parties.user_id.0, parties.user_name.clone()),
    };
    let messages = serde_json::to_string(&copy).map_err(ApiError::internal)?;
    let report_id: ChatReportId = new_id();
    crate::db::write_transaction(c, |c| {
        chat_report::insert(
            c,
            &NewChatReport {
                id: report_id,
                conversation_id: conv.id,
                reporter_side: side,
                reporter_id,
                reporter_name: &reporter_name,
                reported_side: side.other(),
                reported_id,
                reported_name: &reported_name,
                reason: reason.code(),
                detail,
                message_id: reported.id,
                messages: &messages,
                created_at: now_ms(),
            },
        )?;
        Ok(())
    })?;
    Ok(ChatReported { report_id, messages: copy.len() })
}

/// A chat report as the admin console shows it: who reported whom, why, and the copy of the
/// messages. Nothing else of the conversation.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminChatReport {
    pub id: ChatReportId,
    /// `candidate` or `company`.
    pub reporter_side: Side,
    pub reporter_name: String,
    pub reported_side: Side,
    /// A candidate's name, or a member's with their company (`name（company）`).
    pub reported_name: String,
    /// The reason's code (core-wasm chat_report.rs).
    pub reason: String,
    /// The reason's name in zh-CN.
    pub reason_name: String,
    pub detail: String,
    /// The reported message and the ten before it, in seq order.
    pub messages: Vec<ReportedMessage>,
    pub created_at: i64,
}

fn admin_row(r: ChatReportRow) -> AdminChatReport {
    AdminChatReport {
        id: r.id,
        reporter_side: r.reporter_side,
        reporter_name: r.reporter_name,
        reported_side: r.reported_side,
        reported_name: r.reported_name,
        reason_name: core_wasm::chat_report::ReportReason::parse(&r.reason).map(|x| x.zh()).unwrap_or_default().to_string(),
        reason: r.reason,
        detail: r.detail,
        messages: read_kept(&r.messages),
        created_at: r.created_at,
    }
}

/// The open chat reports, newest first, with how many there are.
pub fn admin_list(c: &mut DbConnection, offset: i64, limit: i64) -> ApiResult<(i64, Vec<AdminChatReport>)> {
    let (total, rows) = chat_report::open_page(c, offset, limit)?;
    Ok((total, rows.into_iter().map(admin_row).collect()))
}

/// What an admin does with a chat report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handling {
    /// Nothing was wrong: the report is closed.
    Dismiss,
    /// The reported account is disabled (domain/admin/accounts.rs, every account on its mobile),
    /// and the report closed.
    Disable,
}

impl Handling {
    pub const CODES: &'static [&'static str] = &["dismiss", "disable"];

    pub fn parse(raw: &str) -> ApiResult<Handling> {
        match raw.trim() {
            "dismiss" => Ok(Handling::Dismiss),
            "disable" => Ok(Handling::Disable),
            _ => Err(ApiError::BadInput("action must be dismiss or disable".into())),
        }
    }

    fn outcome(self) -> &'static str {
        match self {
            Handling::Dismiss => "dismissed",
            Handling::Disable => "disabled",
        }
    }
}

/// An admin handles an open report; each step writes the audit log. Answers the disabled
/// candidate's id, whose cached log-ins the caller drops. NOT_FOUND for a report unknown or handled.
pub fn handle(c: &mut DbConnection, actor: &Actor, id: ChatReportId, how: Handling, reason: &str) -> ApiResult<Option<UserId>> {
    let reason = reason_of(reason, how == Handling::Disable)?;
    let report = chat_report::by_id(c, id)?.filter(|r| r.handled_at.is_none()).ok_or(ApiError::NotFound)?;
    let mut disabled = None;
    if how == Handling::Disable {
        let mobile = chat_report::mobile_of(c, report.reported_side, report.reported_id)?.ok_or(ApiError::UserNotFound)?;
        disabled = crate::domain::admin::accounts::set_disabled(c, actor, &mobile, true, &reason)?;
    }
    crate::db::write_transaction(c, |c| {
        if chat_report::handle(c, id, how.outcome(), now_ms())? == 0 {
            return Err(ApiError::NotFound);
        }
        let target = format!("chat report {id}: {} {} reported by {} {}", report.reported_side.code(), report.reported_name, report.reporter_side.code(), report.reporter_name);
        actor.audit(c, &format!("chatreport.{}", match how { Handling::Dismiss => "dismiss", Handling::Disable => "disable" }), &target, Some("open".into()), Some(how.outcome().into()), &reason)
    })?;
    Ok(disabled)
}
