//! Chat's cards as both sides read them (issue 32): an exchange's request and where it stands, an
//! interview invitation. What a card's payload keeps and how a message shows it; the calls that post
//! and answer cards are domain/chat_exchange.rs's (this module is below domain/chat.rs, which shows
//! every message through it).

use serde::{Deserialize, Serialize};

use crate::db::chat::{Message, MessageKind, Side};
use crate::db::interview::{self as interview_db, Answer, InterviewState};
use crate::db::DbConnection;
use crate::error::ApiResult;
use crate::ids::{ApplicationId, ChatMessageId, CompanyId, InterviewId, ResumeFileId, ResumeId};
use core_wasm::chat::ExchangeKind;

/// What an exchange card asks for (core-wasm chat.rs `ExchangeKind`, by the same codes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChatExchangeKind {
    Phone,
    Wechat,
    Resume,
}

impl From<ExchangeKind> for ChatExchangeKind {
    fn from(k: ExchangeKind) -> Self {
        match k {
            ExchangeKind::Phone => ChatExchangeKind::Phone,
            ExchangeKind::Wechat => ChatExchangeKind::Wechat,
            ExchangeKind::Resume => ChatExchangeKind::Resume,
        }
    }
}

/// Where an exchange stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ExchangeState {
    Pending,
    Accepted,
    Declined,
}

/// An exchange card's payload: the request, and once accepted what was exchanged. A note of the
/// answer carries a copy with `request_id`, its card's id.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ExchangePayload {
    pub(crate) kind: ChatExchangeKind,
    pub(crate) state: ExchangeState,
    /// `candidate` or `company`: who asked.
    pub(crate) asker: String,
    #[serde(default)]
    pub(crate) answered_at: Option<i64>,
    #[serde(default)]
    pub(crate) request_id: Option<i64>,
    /// Phone or WeChat, once accepted (None: that side has none).
    #[serde(default)]
    pub(crate) candidate_value: Option<String>,
    #[serde(default)]
    pub(crate) company_value: Option<String>,
    /// Resume: the attachment the candidate offered (their 发送) or chose when accepting.
    #[serde(default)]
    pub(crate) file_id: Option<i64>,
    #[serde(default)]
    pub(crate) file_name: Option<String>,
    /// Resume, once accepted: the resume sent and the application it made or found.
    #[serde(default)]
    pub(crate) resume_id: Option<i64>,
    #[serde(default)]
    pub(crate) application_id: Option<i64>,
}

impl ExchangePayload {
    pub(crate) fn asker(&self) -> Side {
        Side::from_code(&self.asker).unwrap_or(Side::Candidate)
    }
}

/// The resume an accepted exchange sent.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExchangedResume {
    pub resume_id: ResumeId,
    /// The attachment sent; null: the online resume (its PDF).
    #[schema(required)]
    pub file_id: Option<ResumeFileId>,
    /// The attachment's name ("" for the online resume).
    pub file_name: String,
    /// The application in the company's pipeline.
    #[schema(required)]
    pub application_id: Option<ApplicationId>,
}

/// An exchange card as either side reads it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatExchangeCard {
    /// The request card's id (a note's card is the one it answered): answer it with `/chat/exchangeAnswer`.
    pub message_id: ChatMessageId,
    pub kind: ChatExchangeKind,
    pub state: ExchangeState,
    /// Who asked.
    pub asker: Side,
    #[schema(required)]
    pub answered_at: Option<i64>,
    /// Accepted phone or WeChat: the candidate's value (null when they have none); null before.
    #[schema(required)]
    pub candidate_value: Option<String>,
    /// Accepted phone or WeChat: the member's value (null when they have none); null before.
    #[schema(required)]
    pub company_value: Option<String>,
    /// Accepted resume: what went. Pending, only the candidate reads the attachment they offer.
    #[schema(required)]
    pub resume: Option<ExchangedResume>,
}

/// The exchange card of an `exchange` message or of the `system` note of its answer, as `reader` reads it.
pub fn exchange_card(m: &Message, reader: Side) -> Option<ChatExchangeCard> {
    if !matches!(m.kind, MessageKind::Exchange | MessageKind::System) {
        return None;
    }
    let p: ExchangePayload = serde_json::from_str(&m.payload).ok()?;
    let accepted = p.state == ExchangeState::Accepted;
    let resume = match (p.kind, accepted) {
        (ChatExchangeKind::Resume, true) => p.resume_id.map(|r| ExchangedResume {
            resume_id: ResumeId(r),
            file_id: p.file_id.map(ResumeFileId),
            file_name: p.file_name.clone().unwrap_or_default(),
            application_id: p.application_id.map(ApplicationId),
        }),
        // The candidate's own offer, before the recruiter took it.
        (ChatExchangeKind::Resume, false) if reader == Side::Candidate => p.file_id.map(|f| ExchangedResume {
            resume_id: ResumeId(p.resume_id.unwrap_or_default()),
            file_id: Some(ResumeFileId(f)),
            file_name: p.file_name.clone().unwrap_or_default(),
            application_id: None,
        }),
        _ => None,
    };
    Some(ChatExchangeCard {
        message_id: ChatMessageId(p.request_id.unwrap_or(m.id.0)),
        kind: p.kind,
        state: p.state,
        asker: p.asker(),
        answered_at: p.answered_at,
        candidate_value: if accepted { p.candidate_value } else { None },
        company_value: if accepted { p.company_value } else { None },
        resume,
    })
}

/// An interview card's payload: the interview as it was posted (and, on a note, as answered).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InterviewPayload {
    pub(crate) interview_id: i64,
    pub(crate) application_id: i64,
    pub(crate) job_title: String,
    pub(crate) start_at: i64,
    pub(crate) end_at: i64,
    pub(crate) address: String,
    pub(crate) contact: String,
    pub(crate) contact_phone: String,
    pub(crate) state: String,
    pub(crate) answer: String,
    #[serde(default)]
    pub(crate) request_id: Option<i64>,
}

impl InterviewPayload {
    pub(crate) fn of(i: &interview_db::Interview, job_title: String) -> Self {
        InterviewPayload {
            interview_id: i.id.0,
            application_id: i.application_id.0,
            job_title,
            start_at: i.start_at,
            end_at: i.end_at,
            address: i.address.clone(),
            contact: i.contact.clone(),
            contact_phone: i.contact_phone.clone(),
            state: i.state.code().into(),
            answer: i.answer.code().into(),
            request_id: None,
        }
    }
}

/// An interview invitation as the thread shows it: the interview's live time, place and state.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatInterviewCard {
    /// The `interview` card's id (a note's card is the one it answers).
    pub message_id: ChatMessageId,
    /// Answer it with `/pcuser/interviewAnswer` (`id`, `answer` accept|decline).
    pub interview_id: InterviewId,
    pub apply_id: ApplicationId,
    pub job_title: String,
    /// `YYYY-MM-DD HH:mm`, China time.
    pub start: String,
    pub start_at: i64,
    pub minutes: i64,
    pub address: String,
    pub contact: String,
    pub contact_phone: String,
    pub state: InterviewState,
    pub answer: Answer,
}

/// The interview card of an `interview` message or of the note of its answer.
pub fn interview_card(m: &Message) -> Option<ChatInterviewCard> {
    if !matches!(m.kind, MessageKind::Interview | MessageKind::System) {
        return None;
    }
    let p: InterviewPayload = serde_json::from_str(&m.payload).ok()?;
    Some(ChatInterviewCard {
        message_id: ChatMessageId(p.request_id.unwrap_or(m.id.0)),
        interview_id: InterviewId(p.interview_id),
        apply_id: ApplicationId(p.application_id),
        job_title: p.job_title,
        start: core_wasm::interview::format_start(p.start_at),
        start_at: p.start_at,
        minutes: (p.end_at - p.start_at) / 60_000,
        address: p.address,
        contact: p.contact,
        contact_phone: p.contact_phone,
        state: InterviewState::from_code(&p.state).unwrap_or(InterviewState::Scheduled),
        answer: Answer::from_code(&p.answer).unwrap_or(Answer::Unanswered),
    })
}

/// The interview cards of a page read live from `interviews` (a reschedule, a cancel, an answer made on
/// /my/apply); the notes keep what they said.
pub fn live_interviews<'a>(c: &mut DbConnection, company: CompanyId, cards: impl Iterator<Item = &'a mut ChatInterviewCard>) -> ApiResult<()> {
    for card in cards {
        let Some(i) = interview_db::of_company(c, company, card.interview_id)? else { continue };
        card.start = core_wasm::interview::format_start(i.start_at);
        card.start_at = i.start_at;
        card.minutes = (i.end_at - i.start_at) / 60_000;
        card.address = i.address;
        card.contact = i.contact;
        card.contact_phone = i.contact_phone;
        card.state = i.state;
        card.answer = i.answer;
    }
    Ok(())
}
