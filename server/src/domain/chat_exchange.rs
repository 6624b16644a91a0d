//! Chat's cards (issue 32): exchanges of phone, WeChat and resume by consent, and interview invitations.
//!
//! - **An exchange** is a request card (kind `exchange`) one side posts; only the other side answers it,
//!   once. The answer rewrites the card's payload (its state) and posts a `system` note with a copy of
//!   the card, so both sides' clients, which keep messages by seq, learn the new state from a seq of
//!   its own (a push, or `/chat/messages` after their last seq).
//! - **Nothing is revealed before 同意.** A pending card's payload holds no value. Accepting copies the
//!   values onto the card then: both mobiles (phone), both WeChat ids (wechat: chat_wechat_ids, null
//!   for a side that gave none), or which resume went (resume). The values stay as exchanged.
//! - **A resume** goes when the candidate accepts a recruiter's 索取, or the recruiter accepts the
//!   candidate's 发送: the candidate's chosen attachment, or the online resume (its PDF). It enters the
//!   pipeline of the thread's job as an application whose source is `chat` (domain/apply.rs, the funnel's
//!   sources), unless the candidate applied already; a company the candidate blocked never gets it.
//! - **An interview card** (kind `interview`) shows an interview of the company's with the thread's
//!   candidate; it is read live from `interviews` whenever the thread is read, and the candidate's
//!   answer (`/pcuser/interviewAnswer`, here or on /my/apply) posts a note with its new state.

use serde::Serialize;

use crate::db::chat::{self as chat_db, Conversation, MessageKind, Side};
use crate::db::interview::{self as interview_db, Answer, InterviewState};
use crate::db::resume::FileRow;
use crate::db::resume_view::{self, ResumeView};
use crate::db::{application, company_member, job, resume, user, DbConnection};
use crate::domain::chat::{self, ChatMessage, Me};
use crate::domain::chat_cards::{interview_card, live_interviews, ChatExchangeKind, ExchangePayload, ExchangeState, InterviewPayload};
use crate::domain::visibility;
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, ApplicationId, ChatMessageId, ConversationId, InterviewId, JobId, ResumeFileId, ResumeId, UserId};
use core_wasm::chat::ExchangeKind;

/// The funnel's source of an application a chat's resume exchange made (domain/hiring_funnel.rs).
pub const CHAT_SOURCE: &str = "chat";

/// What an `exchange` card's text says (the lists' preview; the thread words it by `exchange`).
fn request_text(kind: ChatExchangeKind, asker: Side) -> &'static str {
    match (kind, asker) {
        (ChatExchangeKind::Phone, _) => "[请求交换电话]",
        (ChatExchangeKind::Wechat, _) => "[请求交换微信]",
        (ChatExchangeKind::Resume, Side::Candidate) => "[发送附件简历]",
        (ChatExchangeKind::Resume, Side::Company) => "[索取附件简历]",
    }
}

fn answer_text(kind: ChatExchangeKind, accept: bool) -> &'static str {
    match (kind, accept) {
        (ChatExchangeKind::Phone, true) => "[同意了交换电话]",
        (ChatExchangeKind::Phone, false) => "[拒绝了交换电话]",
        (ChatExchangeKind::Wechat, true) => "[同意了交换微信]",
        (ChatExchangeKind::Wechat, false) => "[拒绝了交换微信]",
        (ChatExchangeKind::Resume, true) => "[同意了发送简历]",
        (ChatExchangeKind::Resume, false) => "[拒绝了发送简历]",
    }
}

use crate::domain::chat::store_message as store;

fn json<T: Serialize>(value: &T) -> ApiResult<String> {
    serde_json::to_string(value).map_err(ApiError::internal)
}

/// The candidate's attachment `file` (NOT_FOUND when it is not theirs or not an attachment).
fn attachment_of(c: &mut DbConnection, user: UserId, file: ResumeFileId) -> ApiResult<FileRow> {
    let f = resume::file_by_id(c, file)?.ok_or(ApiError::NotFound)?;
    if f.user_id != user || f.kind != core_wasm::resume::UploadKind::Attachment.name() {
        return Err(ApiError::NotFound);
    }
    Ok(f)
}

/// Posts a request card of `kind` (`file`: the attachment a candidate sends). Asking again while a
/// request of the kind is pending (either side's) answers that one and posts nothing.
pub fn ask(c: &mut DbConnection, me: Me, id: ConversationId, kind: ExchangeKind, file: Option<ResumeFileId>) -> ApiResult<ChatMessage> {
    let side = me.side();
    let kind = ChatExchangeKind::from(kind);
    if file.is_some() && (side != Side::Candidate || kind != ChatExchangeKind::Resume) {
        return Err(ApiError::BadInput("fileId: only a candidate sending a resume names an attachment".into()));
    }
    let stored = crate::db::write_transaction(c, |c| {
        let conv = chat::mine(c, me, id)?;
        chat_db::lock(c, conv.id)?;
        chat::writable(c, conv.id, side)?;
        let pending = chat_db::of_kind(c, conv.id, MessageKind::Exchange)?
            .into_iter()
            .find(|m| serde_json::from_str::<ExchangePayload>(&m.payload).is_ok_and(|p| p.kind == kind && p.state == ExchangeState::Pending));
        if let Some(found) = pending {
            return Ok(found);
        }
        let mut payload = ExchangePayload {
            kind,
            state: ExchangeState::Pending,
            asker: side.code().into(),
            answered_at: None,
            request_id: None,
            candidate_value: None,
            company_value: None,
            file_id: None,
            file_name: None,
            resume_id: None,
            application_id: None,
        };
        match kind {
            ChatExchangeKind::Wechat if chat_db::wechat_id_of(c, side, me.sender_id())?.is_none() => return Err(ApiError::ChatWechatMissing),
            ChatExchangeKind::Resume if visibility::user_blocked(c, conv.user_id, conv.company_id)? => return Err(ApiError::ChatCompanyBlocked),
            _ => {}
        }
        if let Some(file) = file {
            let f = attachment_of(c, conv.user_id, file)?;
            (payload.file_id, payload.file_name, payload.resume_id) = (Some(f.id.0), Some(f.name.clone()), Some(f.resume_id.0));
        }
        store(
            c,
            &conv,
            (side, me.sender_id()),
            &format!(":exchange:{}:{{seq}}", side.code()),
            MessageKind::Exchange,
            request_text(kind, side),
            &json(&payload)?,
        )
    })?;
    Ok(chat::message_of(stored, side))
}

/// An answered request: its card as it is now, and the note of the answer (the seq both sides' clients get).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ExchangeAnswered {
    pub card: ChatMessage,
    pub note: ChatMessage,
}

/// The other side answers a request, once. Accepting copies what is exchanged onto the card; a
/// resume enters the pipeline (see the module's doc). `file`: the attachment a candidate sends to a
/// recruiter's 索取 (none: the online resume).
pub fn answer(c: &mut DbConnection, me: Me, message: ChatMessageId, accept: bool, file: Option<ResumeFileId>) -> ApiResult<ExchangeAnswered> {
    let side = me.side();
    let (card, note) = crate::db::write_transaction(c, |c| {
        let found = chat_db::message_by_id(c, message)?;
        let conv = chat::mine(c, me, found.conversation_id)?;
        chat_db::lock(c, conv.id)?;
        chat::writable(c, conv.id, side)?;
        // Read again under the lock: two answers at once, the second sees the first's.
        let card = chat_db::message_by_id(c, message)?;
        let Some(mut p) = (card.kind == MessageKind::Exchange).then(|| serde_json::from_str::<ExchangePayload>(&card.payload).ok()).flatten() else {
            return Err(ApiError::BadInput("messageId: not an exchange request".into()));
        };
        if p.asker() == side {
            return Err(ApiError::ChatExchangeOwn);
        }
        if p.state != ExchangeState::Pending {
            return Err(ApiError::ChatExchangeAnswered);
        }
        if file.is_some() && !(accept && side == Side::Candidate && p.kind == ChatExchangeKind::Resume) {
            return Err(ApiError::BadInput("fileId: only a candidate accepting a resume request names an attachment".into()));
        }
        let now = now_ms();
        if accept {
            match p.kind {
                ChatExchangeKind::Phone => {
                    p.candidate_value = user::by_id(c, conv.user_id)?.mobile;
                    p.company_value = company_member::account(c, conv.member_id)?.map(|m| m.mobile);
                }
                ChatExchangeKind::Wechat => {
                    p.candidate_value = chat_db::wechat_id_of(c, Side::Candidate, conv.user_id.0)?;
                    p.company_value = chat_db::wechat_id_of(c, Side::Company, conv.member_id.0)?;
                }
                ChatExchangeKind::Resume => {
                    if visibility::user_blocked(c, conv.user_id, conv.company_id)? {
                        return Err(ApiError::ChatCompanyBlocked);
                    }
                    if let Some(file) = file {
                        let f = attachment_of(c, conv.user_id, file)?;
                        (p.file_id, p.file_name, p.resume_id) = (Some(f.id.0), Some(f.name.clone()), Some(f.resume_id.0));
                    }
                    let resume = match p.resume_id {
                        Some(r) => ResumeId(r),
                        None => resume_of(c, &conv)?,
                    };
                    p.resume_id = Some(resume.0);
                    p.application_id = Some(enter_pipeline(c, &conv, resume, now)?.0);
                }
            }
        }
        p.state = if accept { ExchangeState::Accepted } else { ExchangeState::Declined };
        p.answered_at = Some(now);
        chat_db::set_payload(c, card.id, &json(&p)?)?;
        p.request_id = Some(card.id.0);
        let note = store(
            c,
            &conv,
            (side, me.sender_id()),
            &format!(":exchange-answer:{}", card.id.0),
            MessageKind::System,
            answer_text(p.kind, accept),
            &json(&p)?,
        )?;
        Ok((chat_db::message_by_id(c, card.id)?, note))
    })?;
    Ok(ExchangeAnswered { card: chat::message_of(card, side), note: chat::message_of(note, side) })
}

/// The resume a conversation is about: the one greeted, while the candidate still has it, else their first.
fn resume_of(c: &mut DbConnection, conv: &Conversation) -> ApiResult<ResumeId> {
    if let Some(r) = conv.resume_id {
        if resume::is_owned(c, conv.user_id, r)? {
            return Ok(r);
        }
    }
    resume::first_of_user(c, conv.user_id)?.ok_or_else(|| ApiError::BadInput("resume: chat.noResume".into()))
}

/// The job a thread is about now: its last job card's, else the one that opened it.
fn thread_job(c: &mut DbConnection, conv: &Conversation) -> ApiResult<JobId> {
    let card: Option<chat::ChatJobCard> = chat_db::last_job_card(c, conv.id)?.and_then(|m| serde_json::from_str(&m.payload).ok());
    Ok(card.map_or(conv.job_id, |card| card.job_id))
}

/// The candidate's application for the thread's job: the one they made, or a new one with `resume`
/// whose source is chat.
fn enter_pipeline(c: &mut DbConnection, conv: &Conversation, resume: ResumeId, _now: i64) -> ApiResult<ApplicationId> {
    let job = thread_job(c, conv)?;
    if let Some(id) = application::id_of(c, conv.user_id, job)? {
        return Ok(id);
    }
    let id = crate::domain::apply::apply(c, conv.user_id, job, resume)?;
    crate::domain::hiring_funnel::record_source(c, id.0, CHAT_SOURCE)?;
    Ok(id)
}

/// What the company downloads of an accepted resume exchange.
pub enum ExchangedFile {
    Attachment(FileRow),
    /// The online resume, with its photo's row.
    Online(Box<ResumeView>, Option<FileRow>),
}

/// The resume an accepted exchange of the member's conversation sent. NOT_FOUND for anything else:
/// another member's or company's card, a candidate who blocked the company, a card not accepted, a
/// file the candidate has since removed, and the online resume once hidden (its application shows it as sent).
pub fn exchanged_file(c: &mut DbConnection, me: Me, message: ChatMessageId) -> ApiResult<ExchangedFile> {
    let card = chat_db::message_by_id(c, message)?;
    let conv = chat::mine(c, me, card.conversation_id)?;
    let p: ExchangePayload = serde_json::from_str(&card.payload).map_err(|_| ApiError::NotFound)?;
    if card.kind != MessageKind::Exchange || p.kind != ChatExchangeKind::Resume || p.state != ExchangeState::Accepted {
        return Err(ApiError::NotFound);
    }
    if let Some(file) = p.file_id {
        let f = resume::file_by_id(c, ResumeFileId(file))?.ok_or(ApiError::NotFound)?;
        return if f.user_id == conv.user_id { Ok(ExchangedFile::Attachment(f)) } else { Err(ApiError::NotFound) };
    }
    let resume = ResumeId(p.resume_id.ok_or(ApiError::NotFound)?);
    if visibility::is_hidden(c, resume)? {
        return Err(ApiError::NotFound);
    }
    let row = resume::by_id(c, resume)?.ok_or(ApiError::NotFound)?;
    let photo = resume::files_of(c, resume)?.into_iter().find(|f| f.kind == core_wasm::resume::UploadKind::Photo.name());
    Ok(ExchangedFile::Online(Box::new(resume_view::view(c, &row)?), photo))
}

/// The caller's WeChat id for 交换微信 ("" when none).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatWechat {
    pub wechat_id: String,
}

pub fn wechat_of(c: &mut DbConnection, me: Me) -> ApiResult<ChatWechat> {
    Ok(ChatWechat { wechat_id: chat_db::wechat_id_of(c, me.side(), me.sender_id())?.unwrap_or_default() })
}

/// Sets (empty: removes) the caller's WeChat id, checked by core-wasm's rule: BAD_INPUT `wechatId: chat.wechatIdBad`.
pub fn set_wechat(c: &mut DbConnection, me: Me, raw: &str) -> ApiResult<ChatWechat> {
    let id = core_wasm::chat_exchange::check_wechat_id(raw).map_err(|key| ApiError::BadInput(format!("wechatId: {key}")))?;
    crate::db::write_transaction(c, |c| Ok(chat_db::set_wechat_id(c, me.side(), me.sender_id(), &id, now_ms())?))?;
    Ok(ChatWechat { wechat_id: id })
}

/// The application a member's thread can invite to an interview with: the candidate's for the
/// thread's job, else their newest to another of the company's jobs; null when there is none (a
/// resume exchange makes one).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatApplication {
    #[schema(required)]
    pub apply_id: Option<ApplicationId>,
}

pub fn application_of(c: &mut DbConnection, me: Me, id: ConversationId) -> ApiResult<ChatApplication> {
    let conv = chat::mine(c, me, id)?;
    let job = thread_job(c, &conv)?;
    let apply_id = match application::id_of(c, conv.user_id, job)? {
        Some(a) => Some(a),
        None => application::newest_of_user_at(c, conv.user_id, conv.company_id)?,
    };
    Ok(ChatApplication { apply_id })
}

fn interview_client_id(interview: InterviewId) -> String {
    format!(":interview:{}", interview.0)
}

/// A member posts the invitation of one of the company's interviews with the thread's candidate
/// (scheduled with the interview form). Posting it again answers the card posted.
pub fn post_interview(c: &mut DbConnection, me: Me, id: ConversationId, interview: InterviewId) -> ApiResult<ChatMessage> {
    let side = me.side();
    let Me::Member { company, .. } = me else { return Err(ApiError::NotFound) };
    let stored = crate::db::write_transaction(c, |c| {
        let conv = chat::mine(c, me, id)?;
        let i = interview_db::of_company(c, conv.company_id, interview)?.filter(|i| i.user_id == conv.user_id).ok_or(ApiError::NotFound)?;
        if i.state != InterviewState::Scheduled {
            return Err(ApiError::BadInput("interviewId: the interview is cancelled".into()));
        }
        chat_db::lock(c, conv.id)?;
        chat::writable(c, conv.id, side)?;
        let client_id = interview_client_id(interview);
        if let Some(found) = chat_db::by_client_id(c, conv.id, side, &client_id)? {
            return Ok(found);
        }
        let title = job::title_and_state(c, i.job_id)?.map(|t| t.title).unwrap_or_default();
        let payload = json(&InterviewPayload::of(&i, title))?;
        store(c, &conv, (side, me.sender_id()), &client_id, MessageKind::Interview, "[面试邀请]", &payload)
    })?;
    let mut card = chat::message_of(stored, side);
    live_interviews(c, company, card.interview.as_mut().into_iter())?;
    Ok(card)
}

/// After the candidate answered an interview (`/pcuser/interviewAnswer`): a note with its new state in
/// each of their threads that carries its card. Answers the conversations and the notes' seqs, to ring.
pub fn interview_answered(c: &mut DbConnection, user: UserId, interview: InterviewId) -> ApiResult<Vec<(ConversationId, i64)>> {
    let cards = chat_db::by_server_client_id(c, &interview_client_id(interview))?;
    let mut rung = Vec::new();
    for card in cards {
        let Some(conv) = chat_db::by_id(c, card.conversation_id)? else { continue };
        let Some(i) = interview_db::of_user(c, user, interview)?.filter(|_| conv.user_id == user) else { continue };
        let accept = i.answer == Answer::Accepted;
        let mut p = InterviewPayload::of(&i, interview_card(&card).map(|k| k.job_title).unwrap_or_default());
        p.request_id = Some(card.id.0);
        let payload = json(&p)?;
        let note = crate::db::write_transaction(c, |c| {
            chat_db::lock(c, conv.id)?;
            let text = if accept { "[接受了面试邀请]" } else { "[拒绝了面试邀请]" };
            store(c, &conv, (Side::Candidate, user.0), &format!(":interview-answer:{}:{{seq}}", interview.0), MessageKind::System, text, &payload)
        })?;
        rung.push((conv.id, note.seq));
    }
    Ok(rung)
}
