//! The chat calls both sides make alike (`/chat/*` for the candidate, `/comchat/*` for a member):
//! their forms and what each does once the face's extractor has said who the caller is (`Me`).
//! The faces keep their own `start` (a job for the candidate, a resume and a job for a member).

use std::time::Duration;

use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db;
use crate::domain::chat::{self, ChatList, ChatMessage, ChatMessages, ChatRead, Me};
use crate::domain::chat_report::{self, ChatBlockDone, ChatReported};
use crate::domain::chat_tools::{self, ChatPhrases, ListFilter};
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, ChatMessageId, ConversationId};
use crate::providers::storage::random_name;
use crate::providers::wakeup::Bell;
use crate::rate_limit::RateLimiter;
use crate::state::AppState;
use crate::web::upload::{content_matches, multipart, read_upload, serve_jpeg, sniff, SizeQuery, TEXT_FIELD_MAX};
use actix_web::{web, HttpRequest, HttpResponse};
use core_wasm::chat::{picture_problem, PictureProblem, PICTURE_KEPT_BOX, PICTURE_MAX_BYTES};

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SendForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// The client's own id of the message (1-64 of A-Z a-z 0-9 _ -); a resend answers the stored one.
    #[serde(default, rename = "clientId")]
    pub client_id: String,
    /// `text` or `emoji`.
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub text: String,
}

/// The send limiter's count for the caller: RATE_LIMITED past SENDS_PER_MINUTE (texts and pictures alike).
fn count_send(state: &AppState, me: Me) -> ApiResult<()> {
    let limit = RateLimiter::new(state.store.clone(), "chat-send", chat::SENDS_PER_MINUTE, Duration::from_secs(60));
    if limit.hit(&chat::send_limit_key(me)) {
        Ok(())
    } else {
        Err(ApiError::RateLimited)
    }
}

/// Stores a message (or answers the one a resent client id stored) and rings the hub.
pub async fn send(state: &AppState, me: Me, form: SendForm) -> ApiResult<Answer<ChatMessage>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let checked = chat::checked_send(&form.kind, &form.text, &form.client_id)?;
    count_send(state, me)?;
    let client_id = form.client_id;
    let stored = db::run(&state.pool, move |c| chat::send(c, me, id, &client_id, &checked)).await?;
    state.chat.rang(Bell::Message { conversation: id, seq: stored.seq });
    Ok(answer(stored))
}

/// Past this many bytes in all a picture upload stops being read (the file's limit, and room for
/// the form's other parts).
const PICTURE_DRAIN_CAP: usize = PICTURE_MAX_BYTES as usize + 1024 * 1024;

/// `multipart/form-data`: `conversationId`, `clientId` and `file` (a JPEG, PNG or GIF by name and by
/// content, at most 5 MB, refused while streaming past it). Stores the picture re-encoded, with its
/// thumbnails, and sends it as a `picture` message in one go (domain/chat_picture.rs); a resent
/// client id answers the stored message and writes no file. Rings the hub.
pub async fn send_picture(state: &AppState, me: Me, req: &HttpRequest, payload: web::Payload) -> ApiResult<Answer<ChatMessage>> {
    use crate::domain::{chat_picture, thumbnails};
    let upload = read_upload(multipart(req.headers(), payload)?, PICTURE_MAX_BYTES as usize, PICTURE_DRAIN_CAP, TEXT_FIELD_MAX).await?;
    let id = parse_id::<ConversationId>(&upload.field("conversationId"), "conversationId")?;
    let client_id = upload.field("clientId");
    if !core_wasm::chat::client_id_ok(&client_id) {
        return Err(ApiError::BadInput(format!("clientId: {}", core_wasm::chat::SendProblem::ClientIdBad.key())));
    }
    let file_name = upload.file_name.clone().ok_or_else(|| ApiError::BadInput("file: a picture is needed".into()))?;
    let size = if upload.too_big { PICTURE_MAX_BYTES + 1 } else { upload.bytes.len() as u64 };
    match picture_problem(&file_name, size) {
        Some(PictureProblem::Format) => return Err(ApiError::FileFormat),
        Some(PictureProblem::Size) => return Err(ApiError::FileTooBig),
        None => {}
    }
    if !content_matches(&core_wasm::resume::extension(&file_name), sniff(&upload.bytes)) {
        return Err(ApiError::FileFormat);
    }
    // A resend answers the stored message before anything is written (or counted).
    let resend_id = client_id.clone();
    if let Some(found) = db::run(&state.pool, move |c| chat_picture::resent(c, me, id, &resend_id)).await? {
        return Ok(answer(found));
    }
    count_send(state, me)?;
    let bytes = upload.bytes;
    let stored_name = random_name();
    let name = stored_name.clone();
    let (kept, width, height, variants) = web::block(move || -> ApiResult<_> {
        let (kept, _) = crate::web::upload::reencode_image(&bytes, PICTURE_KEPT_BOX, None)?;
        let img = thumbnails::decode_picture(&kept)?;
        let variants = thumbnails::make(&name, &kept)?;
        Ok((kept, img.width(), img.height(), variants))
    })
    .await??;
    state.storage.put(&stored_name, kept).await?;
    if let Err(e) = thumbnails::store(&state.storage, variants).await {
        state.storage.remove(&stored_name).await;
        return Err(e);
    }
    let picture = crate::domain::chat_extras::PicturePayload { stored: stored_name.clone(), width, height };
    let sent = db::run(&state.pool, move |c| chat_picture::send(c, me, id, &client_id, &picture)).await;
    match sent {
        Ok((message, true)) => {
            state.chat.rang(Bell::Message { conversation: id, seq: message.seq });
            Ok(answer(message))
        }
        // The same client id was stored meanwhile: its message stands, this file goes.
        Ok((message, false)) => {
            remove_picture(state, &stored_name).await;
            Ok(answer(message))
        }
        Err(e) => {
            remove_picture(state, &stored_name).await;
            Err(e)
        }
    }
}

/// Removes a chat picture's file and its thumbnails.
async fn remove_picture(state: &AppState, stored: &str) {
    state.storage.remove(stored).await;
    crate::domain::thumbnails::remove(&state.storage, stored).await;
}

/// `GET …/picture/{messageId}[?size=96|240]`: a picture message's picture (its thumbnail with
/// `size`), to the conversation's two parties only, while it is not recalled; NOT_FOUND otherwise.
pub async fn picture(state: &AppState, me: Me, req: &HttpRequest, message: &str, query: &SizeQuery) -> ApiResult<HttpResponse> {
    let id = parse_id::<ChatMessageId>(message, "messageId")?;
    let size = query.px()?;
    let stored = db::run(&state.pool, move |c| crate::domain::chat_picture::stored_name(c, me, id)).await?;
    serve_jpeg(req, state, &stored, false, size).await
}

pub async fn list(state: &AppState, me: Me, form: ListForm) -> ApiResult<Answer<ChatList>> {
    let filter = ListFilter::parse(&form.filter)?;
    Ok(answer(db::run(&state.pool, move |c| chat_tools::list_filtered(c, me, filter, &form.q)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MessagesForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// The last seq the client has (0 or empty: from the start).
    #[serde(default, rename = "afterSeq")]
    pub after_seq: String,
}

pub async fn messages(state: &AppState, me: Me, form: MessagesForm) -> ApiResult<Answer<ChatMessages>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let after = chat::parse_seq(&form.after_seq, "afterSeq")?;
    Ok(answer(db::run(&state.pool, move |c| chat::messages(c, me, id, after)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReadForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// Read up to this seq.
    #[serde(default)]
    pub seq: String,
}

/// Moves the caller's read mark and rings the hub, so the other side's ticks change.
pub async fn read(state: &AppState, me: Me, form: ReadForm) -> ApiResult<Answer<ChatRead>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let seq = chat::parse_seq(&form.seq, "seq")?;
    let read = db::run(&state.pool, move |c| chat::read(c, me, id, seq)).await?;
    state.chat.rang(Bell::Read { conversation: id, side: me.side(), seq: read.read_seq });
    Ok(answer(read))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ListForm {
    /// `all` (or empty), `unread`, `new` (新招呼: the other side wrote, the caller never did),
    /// `talking` (沟通中), `exchanged` (已交换), `unsuitable` (不合适).
    #[serde(default)]
    pub filter: String,
    /// Keeps the conversations whose other side's name, job or company holds it (at most 50 characters).
    #[serde(default)]
    pub q: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RecallForm {
    #[serde(default, rename = "messageId")]
    pub message_id: String,
}

/// Recalls the caller's message (within 2 minutes) and rings the hub with the recall's note, which
/// both sides' sockets receive as a message (its `recalls` names the seq recalled).
pub async fn recall(state: &AppState, me: Me, form: RecallForm) -> ApiResult<Answer<ChatMessage>> {
    let id = parse_id::<ChatMessageId>(&form.message_id, "messageId")?;
    let note = db::run(&state.pool, move |c| chat_tools::recall(c, me, id)).await?;
    state.chat.rang(Bell::Message { conversation: note.conversation_id, seq: note.seq });
    // A recalled picture is served no more: its file goes too (a failure leaves bytes no route reads).
    if let Ok(Some(stored)) = db::run(&state.pool, move |c| crate::domain::chat_picture::recalled_file(c, me, id)).await {
        remove_picture(state, &stored).await;
    }
    Ok(answer(note))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PhrasesForm {
    /// The language of the built-in phrases for a user who never saved theirs: `en-US`, else zh-CN.
    #[serde(default)]
    pub lang: String,
}

pub async fn phrases(state: &AppState, me: Me, form: PhrasesForm) -> ApiResult<Answer<ChatPhrases>> {
    Ok(answer(db::run(&state.pool, move |c| chat_tools::phrases(c, me, &form.lang)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PhrasesSaveForm {
    /// `greeting` or `reply`.
    #[serde(default)]
    pub kind: String,
    /// The whole list of the kind, a JSON array of strings (each 1-200 characters; at most 10
    /// greetings, 20 quick replies).
    #[serde(default)]
    pub texts: String,
    /// For greetings, the index in `texts` of the default one (0 when empty).
    #[serde(default)]
    pub default: String,
    #[serde(default)]
    pub lang: String,
}

pub async fn phrases_save(state: &AppState, me: Me, form: PhrasesSaveForm) -> ApiResult<Answer<ChatPhrases>> {
    let kind = chat_tools::parse_kind(&form.kind)?;
    let texts: Vec<String> = serde_json::from_str(&form.texts).map_err(|_| ApiError::BadInput("texts must be a JSON array of strings".into()))?;
    let default = if form.default.trim().is_empty() {
        0
    } else {
        form.default.trim().parse::<usize>().map_err(|_| ApiError::BadInput("default must be a whole number from 0".into()))?
    };
    Ok(answer(db::run(&state.pool, move |c| chat_tools::save_phrases(c, me, kind, &texts, default, &form.lang)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PhrasesResetForm {
    /// `greeting` or `reply`.
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub lang: String,
}

/// Deletes the caller's phrases of a kind: the built-in ones are theirs again.
pub async fn phrases_reset(state: &AppState, me: Me, form: PhrasesResetForm) -> ApiResult<Answer<ChatPhrases>> {
    let kind = chat_tools::parse_kind(&form.kind)?;
    Ok(answer(db::run(&state.pool, move |c| chat_tools::reset_phrases(c, me, kind, &form.lang)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BlockForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
}

/// Blocks (拉黑, `on`) or unblocks the conversation for the caller (domain/chat_report.rs).
pub async fn block(state: &AppState, me: Me, form: BlockForm, on: bool) -> ApiResult<Answer<ChatBlockDone>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    Ok(answer(db::run(&state.pool, move |c| chat_report::set_blocked(c, me, id, on)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReportForm {
    #[serde(default, rename = "conversationId")]
    pub conversation_id: String,
    /// The other side's message reported; empty: their latest.
    #[serde(default, rename = "messageId")]
    pub message_id: String,
    /// harassment, fraud, money, ads, vulgar or other (core-wasm chat_report.rs).
    #[serde(default)]
    pub reason: String,
    /// Optional, at most 500 characters.
    #[serde(default)]
    pub detail: String,
}

/// Reports (举报) the conversation: the admin console's queue gets the reported message and the ten
/// before it, copied.
pub async fn report(state: &AppState, me: Me, form: ReportForm) -> ApiResult<Answer<ChatReported>> {
    let id = parse_id::<ConversationId>(&form.conversation_id, "conversationId")?;
    let message = if form.message_id.trim().is_empty() { None } else { Some(parse_id::<ChatMessageId>(&form.message_id, "messageId")?) };
    let (reason, detail) =
        core_wasm::chat_report::check_report(&form.reason, &form.detail).map_err(|p| ApiError::BadInput(format!("{}: {}", p.field(), p.key())))?;
    Ok(answer(db::run(&state.pool, move |c| chat_report::report(c, me, id, message, reason, &detail)).await?))
}
