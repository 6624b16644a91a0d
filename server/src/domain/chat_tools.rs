//! Chat's tools beside sending (issue 32): recall (撤回), 不合适 with the company's closing message,
//! the fraud warning on a recruiter's request for money, each user's greetings and quick replies,
//! and the list's filters and search. The rules' constants are core-wasm chat_tools.rs's.
//!
//! - **Recall.** The sender may recall their own typed message (text, emoji, picture) within
//!   RECALL_WINDOW_MS. The message keeps its seq, and its text is returned to no one from then on.
//!   The recall itself is stored as a note (a `system` message with the conversation's next seq,
//!   its payload naming the seq recalled): so it reaches the other side live like any message, and a
//!   client that reconnects and asks for what came after its last seq learns of it too. Catch-up
//!   needs nothing besides seqs.
//! - **不合适.** A member marks the conversation unsuitable with a reason (kept for the company;
//!   the candidate never sees it), and the candidate gets the company's `chat_unsuitable` notice
//!   template (domain/notice_template.rs) rendered as a text message. Undoing sends nothing.
//! - **Fraud warning.** A member's message that holds a word of the black list's money category is
//!   flagged `money` when it is stored; the candidate's copy carries the warning; the admin console
//!   counts them.
//! - **Phrases.** A user who never saved theirs has the built-in ones in the language asked for;
//!   saving writes the whole list of a kind; resetting deletes it (back to the built-in ones).

use std::collections::{BTreeMap, HashMap, HashSet};

use core_wasm::chat_tools::{self as rules, PhraseKind, PhraseOwner, UnsuitableReason};
use serde::Serialize;

use crate::db::chat::{self, ConversationState, MessageKind, NewMessage, Side, RECALL_NOTE_PREFIX};
use crate::db::chat_phrase::{self, Phrase};
use crate::db::{company, job, DbConnection};
use crate::domain::chat::{message_of, mine, ChatList, ChatMessage, Me};
use crate::domain::chat_extras::{Closing, RecallNote, CLOSING_PREFIX};
pub use crate::domain::chat_extras::MONEY_FLAG;
use crate::domain::{notice_template, visibility};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, ChatMessageId, ConversationId};

/// Recalls the caller's message `id`: answers the recall's note (the hub pushes it as a message).
/// NOT_FOUND for a message of a conversation not theirs; CHAT_RECALL_NOT_YOURS for the other side's
/// or the server's messages; CHAT_RECALLED the second time; CHAT_RECALL_TOO_LATE after the window.
pub fn recall(c: &mut DbConnection, me: Me, id: ChatMessageId) -> ApiResult<ChatMessage> {
    let side = me.side();
    let note = crate::db::write_transaction(c, |c| {
        let found = chat::find_message(c, id)?.ok_or(ApiError::NotFound)?;
        let conv = mine(c, me, found.conversation_id)?;
        chat::lock(c, conv.id)?;
        crate::domain::chat::writable(c, conv.id, side)?;
        // Read again under the lock: two recalls at once make one note.
        let m = chat::find_message(c, id)?.ok_or(ApiError::NotFound)?;
        let typed = matches!(m.kind, MessageKind::Text | MessageKind::Emoji | MessageKind::Picture) && !m.client_id.starts_with(':');
        if m.sender_side != side || !typed {
            return Err(ApiError::ChatRecallNotYours);
        }
        if m.recalled_at.is_some() {
            return Err(ApiError::ChatRecalled);
        }
        let now = now_ms();
        if !rules::recall_open(m.created_at, now) {
            return Err(ApiError::ChatRecallTooLate);
        }
        chat::mark_recalled(c, m.id, now)?;
        let seq = chat::take_seq(c, conv.id, now)?;
        let note_id: ChatMessageId = new_id();
        let payload = serde_json::to_string(&RecallNote { recall: m.seq }).map_err(ApiError::internal)?;
        chat::insert_message(
            c,
            &NewMessage {
                id: note_id,
                conversation_id: conv.id,
                seq,
                sender_side: side,
                sender_id: m.sender_id,
                client_id: &format!("{RECALL_NOTE_PREFIX}{}", m.seq),
                kind: MessageKind::System,
                text: "",
                payload: &payload,
                created_at: now,
            },
        )?;
        Ok(chat::message_by_id(c, note_id)?)
    })?;
    Ok(message_of(note, side))
}

/// The kind of the company's notice template whose text closes a conversation marked 不合适.
pub const UNSUITABLE_TEMPLATE: &str = notice_template::CHAT_UNSUITABLE;

/// A conversation after `/comchat/unsuitable`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnsuitableDone {
    pub state: ConversationState,
    pub unsuitable_reason: String,
    /// The closing message sent to the candidate (none on undo, or when it was marked already).
    #[schema(required)]
    pub message: Option<ChatMessage>,
}

/// Parses a 不合适 reason: BAD_INPUT `reason: chat.unsuitableReasonUnknown` otherwise.
pub fn parse_reason(raw: &str) -> ApiResult<UnsuitableReason> {
    UnsuitableReason::parse(raw.trim()).ok_or_else(|| ApiError::BadInput("reason: chat.unsuitableReasonUnknown".into()))
}

/// A member marks their conversation 不合适 (`reason`), or undoes it (`None`). Marking sends the
/// candidate the closing message once; marking again only changes the reason.
pub fn unsuitable(c: &mut DbConnection, me: Me, id: ConversationId, reason: Option<UnsuitableReason>) -> ApiResult<UnsuitableDone> {
    let Me::Member { company, .. } = me else { return Err(ApiError::NotFound) };
    let conv = mine(c, me, id)?;
    crate::domain::chat::writable(c, conv.id, me.side())?;
    let Some(reason) = reason else {
        crate::db::write_transaction(c, |c| Ok(chat::set_state(c, conv.id, ConversationState::Open, "")?))?;
        return Ok(UnsuitableDone { state: ConversationState::Open, unsuitable_reason: String::new(), message: None });
    };
    // The closing text, rendered before the transaction (the template's reads need none).
    let draft = notice_template::of_kind(c, company, UNSUITABLE_TEMPLATE)?;
    let built_in = notice_template::default_draft(UNSUITABLE_TEMPLATE).is_some_and(|d| d.sms_content == draft.sms_content);
    let job_title = job::title_and_state(c, conv.job_id)?.map(|j| j.title).unwrap_or_default();
    let company_name = company::names_of(c, company)?.map(|(name, short)| if short.trim().is_empty() { name } else { short }).unwrap_or_default();
    let candidate_name = match conv.resume_id {
        Some(resume) => visibility::shown_name_of_resume(c, company, resume)?.unwrap_or_default(),
        None => String::new(),
    };
    let mut values: BTreeMap<String, String> = core_wasm::notice_template::VARIABLES.iter().map(|v| (v.to_string(), String::new())).collect();
    values.insert("candidateName".into(), if candidate_name.is_empty() { "同学".into() } else { candidate_name });
    values.insert("jobTitle".into(), job_title.clone());
    values.insert("companyName".into(), company_name.clone());
    let text = core_wasm::notice_template::render_fitted(&draft, &values)
        .map_err(|_| ApiError::BadInput("template: chat.unsuitableTemplateBroken".into()))?
        .sms_content;
    let text: String = text.trim().chars().take(core_wasm::chat::TEXT_MAX).collect();
    let closing = Closing { reason: reason.code().into(), built_in, job_title, company_name };
    let member = conv.member_id;
    let stored = crate::db::write_transaction(c, |c| {
        chat::lock(c, conv.id)?;
        let now_state = chat::by_id(c, conv.id)?.ok_or(ApiError::NotFound)?.state;
        chat::set_state(c, conv.id, ConversationState::Unsuitable, reason.code())?;
        if now_state == ConversationState::Unsuitable || text.is_empty() {
            return Ok(None);
        }
        let now = now_ms();
        let seq = chat::take_seq(c, conv.id, now)?;
        let message_id: ChatMessageId = new_id();
        let payload = serde_json::to_string(&closing).map_err(ApiError::internal)?;
        chat::insert_message(
            c,
            &NewMessage {
                id: message_id,
                conversation_id: conv.id,
                seq,
                sender_side: Side::Company,
                sender_id: member.0,
                client_id: &format!("{CLOSING_PREFIX}{seq}"),
                kind: MessageKind::Text,
                text: &text,
                payload: &payload,
                created_at: now,
            },
        )?;
        Ok(Some(chat::message_by_id(c, message_id)?))
    })?;
    Ok(UnsuitableDone {
        state: ConversationState::Unsuitable,
        unsuitable_reason: reason.code().into(),
        message: stored.map(|m| message_of(m, Side::Company)),
    })
}

/// The list's filters (全部, 未读, 新招呼, 沟通中, 已交换, 不合适).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListFilter {
    All,
    /// Unread messages wait.
    Unread,
    /// 新招呼: the other side wrote, the caller never did.
    New,
    /// 沟通中: both sides wrote, and it is not marked 不合适.
    Talking,
    /// 已交换: an exchange card was answered 同意.
    Exchanged,
    Unsuitable,
}

impl ListFilter {
    pub const CODES: &'static [(&'static str, ListFilter)] = &[
        ("all", ListFilter::All),
        ("unread", ListFilter::Unread),
        ("new", ListFilter::New),
        ("talking", ListFilter::Talking),
        ("exchanged", ListFilter::Exchanged),
        ("unsuitable", ListFilter::Unsuitable),
    ];

    /// Empty is `all`; an unknown code is BAD_INPUT `filter: chat.filterUnknown`.
    pub fn parse(raw: &str) -> ApiResult<ListFilter> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Ok(ListFilter::All);
        }
        Self::CODES.iter().find(|(c, _)| *c == raw).map(|(_, f)| *f).ok_or_else(|| ApiError::BadInput("filter: chat.filterUnknown".into()))
    }
}

/// The most characters of a list search.
pub const SEARCH_MAX: usize = 50;

/// The caller's list (domain/chat.rs), kept to `filter` and to the conversations whose other side's
/// name, job or company holds `q` (case-insensitive).
pub fn list_filtered(c: &mut DbConnection, me: Me, filter: ListFilter, q: &str) -> ApiResult<ChatList> {
    let q = q.trim().to_lowercase();
    if q.chars().count() > SEARCH_MAX {
        return Err(ApiError::BadInput(format!("q: at most {SEARCH_MAX} characters")));
    }
    let mut list = crate::domain::chat::list(c, me)?;
    if !q.is_empty() {
        list.list.retain(|i| [&i.peer_name, &i.job_title, &i.company_name].iter().any(|s| s.to_lowercase().contains(&q)));
    }
    if filter == ListFilter::All {
        return Ok(list);
    }
    let ids: Vec<ConversationId> = list.list.iter().map(|i| i.conversation_id).collect();
    let side = me.side();
    let mut sent: HashMap<(ConversationId, Side), i64> = HashMap::new();
    if matches!(filter, ListFilter::New | ListFilter::Talking) {
        for (id, by, n) in chat::sent_counts(c, &ids)? {
            sent.insert((id, by), n);
        }
    }
    let exchanged: HashSet<ConversationId> = if filter == ListFilter::Exchanged { chat::exchanged(c, &ids)?.into_iter().collect() } else { HashSet::new() };
    let wrote = |id: ConversationId, by: Side| sent.get(&(id, by)).copied().unwrap_or(0) > 0;
    list.list.retain(|i| match filter {
        ListFilter::All => true,
        ListFilter::Unread => i.unread > 0,
        ListFilter::New => wrote(i.conversation_id, side.other()) && !wrote(i.conversation_id, side),
        ListFilter::Talking => i.state == ConversationState::Open && wrote(i.conversation_id, side) && wrote(i.conversation_id, side.other()),
        ListFilter::Exchanged => exchanged.contains(&i.conversation_id),
        ListFilter::Unsuitable => i.state == ConversationState::Unsuitable,
    });
    Ok(list)
}

/// The caller's greetings and quick replies.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatPhrases {
    /// The greetings; the default one first.
    pub greetings: Vec<String>,
    pub replies: Vec<String>,
    /// Whether they are the built-in ones (the caller never saved theirs), in the language asked.
    pub greetings_built_in: bool,
    pub replies_built_in: bool,
    pub greetings_max: usize,
    pub replies_max: usize,
    pub text_max: usize,
}

fn owner_of(me: Me) -> (Side, i64, PhraseOwner) {
    match me {
        Me::Candidate(u) => (Side::Candidate, u.0, PhraseOwner::Candidate),
        Me::Member { id, .. } => (Side::Company, id.0, PhraseOwner::Recruiter),
    }
}

/// One kind's phrases: the saved ones (the default first), else the built-in ones in `lang`.
fn phrases_of(c: &mut DbConnection, me: Me, kind: PhraseKind, lang: &str) -> ApiResult<(Vec<String>, bool)> {
    let (side, owner, who) = owner_of(me);
    let mut rows = chat_phrase::of_owner(c, side, owner, kind.code())?;
    if rows.is_empty() {
        return Ok((rules::default_phrases(who, kind, lang).iter().map(|s| s.to_string()).collect(), true));
    }
    // The default greeting first (a stable sort keeps the others in their order).
    rows.sort_by_key(|p| !p.is_default);
    Ok((rows.into_iter().map(|p| p.text).collect(), false))
}

/// The caller's phrases, built-in ones in `lang` (`en-US`, else zh-CN) where they saved none.
pub fn phrases(c: &mut DbConnection, me: Me, lang: &str) -> ApiResult<ChatPhrases> {
    let (greetings, greetings_built_in) = phrases_of(c, me, PhraseKind::Greeting, lang)?;
    let (replies, replies_built_in) = phrases_of(c, me, PhraseKind::Reply, lang)?;
    Ok(ChatPhrases {
        greetings,
        replies,
        greetings_built_in,
        replies_built_in,
        greetings_max: rules::GREETINGS_MAX,
        replies_max: rules::REPLIES_MAX,
        text_max: rules::PHRASE_MAX,
    })
}

/// A phrase kind from a form: BAD_INPUT `kind: chat.phrase.kindUnknown` otherwise.
pub fn parse_kind(raw: &str) -> ApiResult<PhraseKind> {
    PhraseKind::parse(raw.trim()).ok_or_else(|| ApiError::BadInput(format!("kind: {}", rules::PhraseProblem::KindUnknown.key())))
}

/// Replaces the caller's phrases of `kind` with `texts` (each checked by core-wasm; at most the
/// kind's number; at least one); for greetings, `default` (an index of `texts`) is the default.
pub fn save_phrases(c: &mut DbConnection, me: Me, kind: PhraseKind, texts: &[String], default: usize, lang: &str) -> ApiResult<ChatPhrases> {
    let mut kept = Vec::with_capacity(texts.len());
    for t in texts {
        kept.push(rules::check_phrase(t).map_err(|p| ApiError::BadInput(format!("texts: {}", p.key())))?);
    }
    if kept.is_empty() {
        return Err(ApiError::BadInput(format!("texts: {}", rules::PhraseProblem::TextEmpty.key())));
    }
    if kept.len() > kind.max_count() {
        return Err(ApiError::BadInput(format!("texts: {}", rules::PhraseProblem::TooMany.key())));
    }
    if default >= kept.len() {
        return Err(ApiError::BadInput("default: must be the index of one of texts".into()));
    }
    let (side, owner, _) = owner_of(me);
    crate::db::write_transaction(c, |c| {
        chat_phrase::delete_kind(c, side, owner, kind.code())?;
        let now = now_ms();
        for (i, text) in kept.iter().enumerate() {
            chat_phrase::insert(
                c,
                &Phrase {
                    id: new_id(),
                    owner_side: side,
                    owner_id: owner,
                    kind: kind.code().into(),
                    text: text.clone(),
                    is_default: kind == PhraseKind::Greeting && i == default,
                    position: i as i64,
                    created_at: now,
                },
            )?;
        }
        Ok(())
    })?;
    phrases(c, me, lang)
}

/// Deletes the caller's phrases of `kind`: the built-in ones are theirs again.
pub fn reset_phrases(c: &mut DbConnection, me: Me, kind: PhraseKind, lang: &str) -> ApiResult<ChatPhrases> {
    let (side, owner, _) = owner_of(me);
    crate::db::write_transaction(c, |c| Ok(chat_phrase::delete_kind(c, side, owner, kind.code())?))?;
    phrases(c, me, lang)
}
