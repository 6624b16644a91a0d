//! What a stored chat message carries besides its text (issue 32), read by domain/chat.rs as it
//! shapes every message and written by domain/chat_tools.rs: a recall's note, the closing message of
//! 不合适, and the fraud flag of a recruiter's request for money; and a picture's payload (written by
//! domain/chat_picture.rs). Apart from chat_tools so that
//! domain/chat.rs needs nothing of it (no import cycle).

use serde::{Deserialize, Serialize};

use crate::db::chat::{self, Message, MessageKind, Side, RECALL_NOTE_PREFIX};
use crate::db::{black_word, DbConnection};
use crate::error::ApiResult;
use crate::ids::ChatMessageId;

/// The client id of a closing message starts so (then its seq).
pub const CLOSING_PREFIX: &str = ":unsuitable:";
/// The flag of a message asking for money.
pub const MONEY_FLAG: &str = "money";

/// A recall's note's payload.
#[derive(Serialize, Deserialize)]
pub struct RecallNote {
    pub recall: i64,
}

/// The closing message of 不合适, as its payload keeps it.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Closing {
    /// The reason's code (core-wasm chat_tools.rs); '' in the candidate's copy.
    pub reason: String,
    /// Whether the text is the built-in template's (the company never edited it): then the thread
    /// shows it in the reader's language.
    pub built_in: bool,
    pub job_title: String,
    pub company_name: String,
}

/// A picture message's payload: the stored file (web/upload.rs re-encoded it; its thumbnails are
/// beside it, domain/thumbnails.rs) and its size in pixels. The stored name never leaves the server.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PicturePayload {
    pub stored: String,
    pub width: u32,
    pub height: u32,
}

impl PicturePayload {
    /// The payload of a picture message (None for another kind, or a payload that does not read).
    pub fn of(m: &Message) -> Option<PicturePayload> {
        if m.kind != MessageKind::Picture {
            return None;
        }
        serde_json::from_str(&m.payload).ok()
    }
}

/// A picture as either side reads it: its size, and where the caller's face reads it (the
/// access-checked route of the caller's side; `?size=240` its thumbnail).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatPicture {
    pub width: u32,
    pub height: u32,
    /// `/ajax/chat/picture/{messageId}` for the candidate, `/ajax/comchat/picture/{messageId}` for a member.
    pub url: String,
}

/// The picture of a picture message not recalled, as `me` reads it.
pub(crate) fn picture_of(m: &Message, me: Side) -> Option<ChatPicture> {
    if m.recalled_at.is_some() {
        return None;
    }
    let p = PicturePayload::of(m)?;
    let face = if me == Side::Candidate { "chat" } else { "comchat" };
    Some(ChatPicture { width: p.width, height: p.height, url: format!("/ajax/{face}/picture/{}", m.id.0) })
}

/// What a stored message adds to its shape: the seq a recall's note recalls, the fraud warning
/// (the candidate's copy only) and a closing message's card.
pub(crate) fn extras_of(m: &Message, me: Side) -> (Option<i64>, Option<String>, Option<Closing>) {
    let recalls = (m.kind == MessageKind::System && m.client_id.starts_with(RECALL_NOTE_PREFIX))
        .then(|| serde_json::from_str::<RecallNote>(&m.payload).ok().map(|n| n.recall))
        .flatten();
    let shown = m.recalled_at.is_none();
    let warning = (shown && me == Side::Candidate && m.flag == MONEY_FLAG).then(|| MONEY_FLAG.to_string());
    let closing = (shown && m.client_id.starts_with(CLOSING_PREFIX))
        .then(|| serde_json::from_str::<Closing>(&m.payload).ok())
        .flatten()
        .map(|mut c| {
            if me == Side::Candidate {
                c.reason = String::new();
            }
            c
        });
    (recalls, warning, closing)
}

/// The client id of a hand-over's note starts so (then its seq): domain/chat_handover.rs.
pub const HAND_OVER_PREFIX: &str = ":handover:";

/// A hand-over's note (a `system` message): the job handed and the member who took it over.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandOverNote {
    pub job_id: crate::ids::JobId,
    pub job_title: String,
    /// The member who answers the job's chats from now on.
    pub member_name: String,
    /// Set on the note of a conversation that stayed with the member before (the one taking over
    /// already talked with the candidate): the conversation the job continues in.
    #[schema(required)]
    pub continued_in: Option<crate::ids::ConversationId>,
}

/// A hand-over's note, when `m` is one.
pub(crate) fn hand_over_of(m: &Message) -> Option<HandOverNote> {
    (m.kind == MessageKind::System && m.client_id.starts_with(HAND_OVER_PREFIX)).then(|| serde_json::from_str(&m.payload).ok()).flatten()
}

/// Whether `text` holds one of `words`.
fn holds_any(text: &str, words: &[String]) -> bool {
    words.iter().any(|w| !w.is_empty() && text.contains(w.as_str()))
}

/// Flags a member's stored message `money` when it holds a money black word (in the storing
/// transaction).
pub(crate) fn flag_if_asking_money(c: &mut DbConnection, sender: Side, id: ChatMessageId, text: &str) -> ApiResult<()> {
    if sender != Side::Company {
        return Ok(());
    }
    if holds_any(text, &black_word::of_category(c, black_word::MONEY)?) {
        chat::set_flag(c, id, MONEY_FLAG)?;
    }
    Ok(())
}
