//! Pictures in chat threads (issue 32, "What travels in a thread"): a `picture` message whose
//! payload names a file stored through the upload path (web/upload.rs: read with limits while
//! streaming, sniffed by content, re-encoded as JPEG within core-wasm's PICTURE_KEPT_BOX, with the
//! 96 and 240 px thumbnails of domain/thumbnails.rs beside it).
//!
//! - **Sending** (api/chat_calls.rs `send_picture`): the upload and the message are one call,
//!   idempotent by client id like a text. A resend is looked for (`resent`) before any file is
//!   written, so it answers the stored message and writes nothing; two sends of one client id at
//!   once both write a file, and the one that finds the message stored under the conversation's lock
//!   (`send` answers `false`) removes its own.
//! - **Reading** (`stored_name`): only the conversation's two parties, as every chat read
//!   (domain/chat.rs `mine`: an outsider, another company's member and a company the candidate
//!   blocked get NOT_FOUND), and only while the message is not recalled.
//! - **Recall**: a recalled picture is no longer served, and its file is removed
//!   (`recalled_file`, after chat_tools.rs's recall).

use crate::db::chat::{self, MessageKind};
use crate::db::DbConnection;
use crate::domain::chat::{message_of, mine, ChatMessage, Me};
use crate::domain::chat_extras::PicturePayload;
use crate::error::{ApiError, ApiResult};
use crate::ids::{ChatMessageId, ConversationId};

/// The message the caller stored already under `client_id` in the conversation (NOT_FOUND when the
/// conversation is not theirs), before anything of a resend is written.
pub fn resent(c: &mut DbConnection, me: Me, id: ConversationId, client_id: &str) -> ApiResult<Option<ChatMessage>> {
    let conv = mine(c, me, id)?;
    let found = chat::by_client_id(c, conv.id, me.side(), client_id)?.map(|m| message_of(m, me.side()));
    if found.is_none() {
        // A blocked thread (拉黑) takes no new picture: refused before any file is written.
        crate::domain::chat::writable(c, conv.id, me.side())?;
    }
    Ok(found)
}

/// Stores the picture message with the conversation's next seq; `false` when the client id's
/// message was stored meanwhile (it is answered, and the caller removes the file it wrote).
pub fn send(c: &mut DbConnection, me: Me, id: ConversationId, client_id: &str, picture: &PicturePayload) -> ApiResult<(ChatMessage, bool)> {
    let side = me.side();
    let payload = serde_json::to_string(picture).map_err(ApiError::internal)?;
    let (stored, fresh) = crate::db::write_transaction(c, |c| {
        let conv = mine(c, me, id)?;
        chat::lock(c, conv.id)?;
        if let Some(found) = chat::by_client_id(c, conv.id, side, client_id)? {
            return Ok((found, false));
        }
        crate::domain::chat::writable(c, conv.id, side)?;
        Ok((crate::domain::chat::store_message(c, &conv, (side, me.sender_id()), client_id, MessageKind::Picture, "", &payload)?, true))
    })?;
    Ok((message_of(stored, side), fresh))
}

/// The stored file of a picture message the caller may see: one of the conversation's two parties,
/// while it is not recalled. NOT_FOUND otherwise, whatever the reason.
pub fn stored_name(c: &mut DbConnection, me: Me, message: ChatMessageId) -> ApiResult<String> {
    let m = chat::find_message(c, message)?.ok_or(ApiError::NotFound)?;
    mine(c, me, m.conversation_id)?;
    if m.recalled_at.is_some() {
        return Err(ApiError::NotFound);
    }
    PicturePayload::of(&m).map(|p| p.stored).ok_or(ApiError::NotFound)
}

/// The stored file of the caller's picture message once recalled, for its removal; None for a
/// message of another kind.
pub fn recalled_file(c: &mut DbConnection, me: Me, message: ChatMessageId) -> ApiResult<Option<String>> {
    let Some(m) = chat::find_message(c, message)? else { return Ok(None) };
    mine(c, me, m.conversation_id)?;
    if m.recalled_at.is_none() || m.sender_side != me.side() {
        return Ok(None);
    }
    Ok(PicturePayload::of(&m).map(|p| p.stored))
}
