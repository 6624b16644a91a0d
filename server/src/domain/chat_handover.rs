//! Handing jobs over (issue 32, "Who talks to whom"): an owner gives one job, or every job of a
//! member (someone who leaves), to another member who chats (an owner or HR of the same company).
//!
//! - **The job.** Its posting names the new member (a seeded job without a posting row gets one,
//!   published when it was made, as it read before), so `domain/chat.rs::responsible` answers them:
//!   the job page's recruiter card shows them and the candidate's next 立即沟通 reaches them.
//! - **Its conversations.** Those the job opened (`conversations.job_id`) and the member answering
//!   the job before held move with it: their member_id is re-pointed, nothing else. The messages,
//!   their seqs, both sides' read and delivered marks (so the unread counts) and the conversation's
//!   id stay, so the candidate's thread goes on where it was. A conversation another member opened
//!   by greeting on the job stays theirs. Handing all of a member's jobs moves every conversation
//!   they hold, whatever job opened it.
//! - **The note.** The candidate sees a `system` note with the conversation's next seq ("该职位已由
//!   X 接手", `handOver` on the message), which reaches sockets like any message. None goes to a
//!   candidate who blocked the company (the company may not write to them) or to a conversation
//!   marked 不合适 (the candidate had their answer); those move silently.
//! - **When the new member already talks with the candidate.** A conversation is one candidate and
//!   one member (UNIQUE (user_id, member_id)), and two threads cannot be merged without renumbering
//!   one's seqs, which clients hold. So the new member's own conversation stays as it is and the
//!   handed one stays with the member who had it (readable, answerable, unchanged). The job goes on
//!   in the new member's conversation: it gets the job's card (unless its newest card is that job's
//!   already) and the note; the conversation left behind gets the note too, naming where the job
//!   continues (`continuedIn`). The answer lists it under `kept`.

use std::collections::HashMap;

use serde::Serialize;

use crate::db::chat::{self, Conversation, ConversationState, MessageKind, NewMessage, Side};
use crate::db::company_member::{self, ChatMember, Role};
use crate::db::job_posting::{self, JobMember};
use crate::db::DbConnection;
use crate::domain::chat::{add_job_card, CHAT_ROLES};
use crate::domain::chat_extras::{HandOverNote, HAND_OVER_PREFIX};
use crate::domain::visibility;
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, ChatMessageId, CompanyId, ConversationId, JobId, MemberId};

/// What a hand-over did.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandedOver {
    /// The jobs whose chats the member now answers.
    pub jobs: Vec<JobId>,
    /// The conversations that moved to the member (same ids).
    pub moved: Vec<ConversationId>,
    /// The conversations that stayed with the member before, because the new one already talks
    /// with the same candidate (the job goes on in that conversation).
    pub kept: Vec<ConversationId>,
    /// The messages written (conversation, seq), for the sockets; not answered.
    #[serde(skip)]
    pub written: Vec<(ConversationId, i64)>,
}

/// One member who chats, as the hand-over picker lists them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMemberItem {
    pub id: MemberId,
    pub name: String,
    /// '' when the member gave none.
    pub title: String,
    pub role: Role,
    /// A disabled member (who left): their jobs can be handed over, nothing handed to them.
    pub disabled: bool,
    /// The company's jobs they answer now.
    pub jobs: Vec<JobId>,
}

/// The company's members who chat.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ChatMembers {
    pub list: Vec<ChatMemberItem>,
}

/// Who answers each job of the company: the rule of `domain/chat.rs::responsible`, for every job in
/// three queries.
fn responsible_of_jobs(c: &mut DbConnection, company: CompanyId) -> ApiResult<(Vec<ChatMember>, Vec<(JobMember, Option<MemberId>)>)> {
    let members = company_member::of_company_with_roles(c, company, CHAT_ROLES)?;
    let active = |id: MemberId| members.iter().any(|m| m.id == id && !m.disabled);
    let fallback = CHAT_ROLES.iter().find_map(|role| members.iter().find(|m| !m.disabled && m.role() == *role).map(|m| m.id));
    let jobs = job_posting::members_of_company(c, company)?
        .into_iter()
        .map(|j| {
            let who = j.member_id.filter(|m| active(*m)).or(fallback);
            (j, who)
        })
        .collect();
    Ok((members, jobs))
}

/// The company's owners and HR members, with the jobs each answers.
pub fn members(c: &mut DbConnection, company: CompanyId) -> ApiResult<ChatMembers> {
    let (members, jobs) = responsible_of_jobs(c, company)?;
    let mut of: HashMap<MemberId, Vec<JobId>> = HashMap::new();
    for (job, who) in &jobs {
        if let Some(m) = who {
            of.entry(*m).or_default().push(job.job_id);
        }
    }
    let list = members
        .into_iter()
        .map(|m| ChatMemberItem { role: m.role(), jobs: of.remove(&m.id).unwrap_or_default(), id: m.id, name: m.name, title: m.title, disabled: m.disabled })
        .collect();
    Ok(ChatMembers { list })
}

/// The member a hand-over goes to: an enabled owner or HR member of the company; NOT_FOUND for any
/// other (an interviewer, a disabled member, another company's).
fn receiver(c: &mut DbConnection, company: CompanyId, to: MemberId) -> ApiResult<String> {
    if !company_member::is_active_in(c, to, company, CHAT_ROLES)? {
        return Err(ApiError::NotFound);
    }
    Ok(company_member::card_of(c, to)?.0)
}

/// Hands `job` to `to`: the job's posting names them, and the conversations the job opened with the
/// member answering it before move to them (see the module's doc for a candidate they already talk with).
pub fn hand_job(c: &mut DbConnection, company: CompanyId, job: JobId, to: MemberId) -> ApiResult<HandedOver> {
    let title = crate::db::job::of_company(c, company, job)?.ok_or(ApiError::NotFound)?.title;
    let name = receiver(c, company, to)?;
    crate::db::write_transaction(c, |c| {
        let (_, before) = crate::domain::chat::responsible(c, job)?;
        crate::domain::job_posting::ensure_posting(c, company, job, None)?;
        job_posting::set_member(c, job, to)?;
        let mut done = HandedOver { jobs: vec![job], moved: Vec::new(), kept: Vec::new(), written: Vec::new() };
        if before != to {
            for conv in chat::of_job_and_member(c, job, before)? {
                move_conversation(c, company, conv, to, &name, &title, &mut done)?;
            }
        }
        Ok(done)
    })
}

/// Hands every job `from` answers (those their posting names, and those they answer for a member no
/// longer there) and every conversation they hold to `to`. `from` may be disabled already (someone
/// who left); BAD_INPUT `memberId: chat.handOverSame` when `to` is `from`.
pub fn hand_all(c: &mut DbConnection, company: CompanyId, from: MemberId, to: MemberId) -> ApiResult<HandedOver> {
    if !company_member::is_in(c, from, company, CHAT_ROLES)? {
        return Err(ApiError::NotFound);
    }
    let name = receiver(c, company, to)?;
    if from == to {
        return Err(ApiError::BadInput("memberId: chat.handOverSame".into()));
    }
    crate::db::write_transaction(c, |c| {
        let (_, jobs) = responsible_of_jobs(c, company)?;
        let mut titles: HashMap<JobId, String> = HashMap::new();
        let mut done = HandedOver { jobs: Vec::new(), moved: Vec::new(), kept: Vec::new(), written: Vec::new() };
        for (job, who) in jobs {
            titles.insert(job.job_id, job.title.clone());
            if job.member_id == Some(from) || who == Some(from) {
                crate::domain::job_posting::ensure_posting(c, company, job.job_id, None)?;
                job_posting::set_member(c, job.job_id, to)?;
                done.jobs.push(job.job_id);
            }
        }
        for conv in chat::of_member(c, from)? {
            let title = titles.get(&conv.job_id).cloned().unwrap_or_default();
            move_conversation(c, company, conv, to, &name, &title, &mut done)?;
        }
        Ok(done)
    })
}

/// Moves one conversation to `to` with the note, or, when `to` already talks with its candidate,
/// carries the job into that conversation and leaves this one where it is.
fn move_conversation(c: &mut DbConnection, company: CompanyId, conv: Conversation, to: MemberId, name: &str, title: &str, done: &mut HandedOver) -> ApiResult<()> {
    // The company writes nothing to a candidate who blocked it, nor after its 不合适.
    let quiet = conv.state == ConversationState::Unsuitable || visibility::user_blocked(c, conv.user_id, company)?;
    let note = |continued_in: Option<ConversationId>| HandOverNote { job_id: conv.job_id, job_title: title.to_string(), member_name: name.to_string(), continued_in };
    let now = now_ms();
    match chat::of_pair(c, conv.user_id, to)? {
        None => {
            chat::lock(c, conv.id)?;
            chat::set_member(c, conv.id, to)?;
            if !quiet {
                done.written.push((conv.id, write_note(c, conv.id, to, &note(None), now)?));
            }
            done.moved.push(conv.id);
        }
        Some(theirs) => {
            done.kept.push(conv.id);
            if quiet {
                return Ok(());
            }
            chat::lock(c, theirs.id)?;
            // Already carried over (a second hand-over of the same job): nothing more.
            let Some(card) = add_job_card(c, theirs.id, Side::Company, to.0, conv.job_id, title, now)? else { return Ok(()) };
            done.written.push((theirs.id, card));
            done.written.push((theirs.id, write_note(c, theirs.id, to, &note(None), now)?));
            chat::lock(c, conv.id)?;
            done.written.push((conv.id, write_note(c, conv.id, to, &note(Some(theirs.id)), now)?));
        }
    }
    Ok(())
}

/// Stores the note with the conversation's next seq (its lock taken); answers the seq.
fn write_note(c: &mut DbConnection, id: ConversationId, to: MemberId, note: &HandOverNote, now: i64) -> ApiResult<i64> {
    let seq = chat::take_seq(c, id, now)?;
    let payload = serde_json::to_string(note).map_err(ApiError::internal)?;
    // The text is what a list's preview and an offline notice show; the thread words it in the reader's language.
    let text = format!("该职位（{}）已由 {} 接手", note.job_title, note.member_name);
    let message_id: ChatMessageId = new_id();
    chat::insert_message(
        c,
        &NewMessage {
            id: message_id,
            conversation_id: id,
            seq,
            sender_side: Side::Company,
            sender_id: to.0,
            client_id: &format!("{HAND_OVER_PREFIX}{seq}"),
            kind: MessageKind::System,
            text: &text,
            payload: &payload,
            created_at: now,
        },
    )?;
    Ok(seq)
}
