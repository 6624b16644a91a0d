//! The notice outbox: mails and texts to candidates and interviewers, written in the transaction of
//! the change that causes them (`enqueue`) and sent by a worker thread (`spawn_worker`).
//!
//! The guarantee, exactly:
//! - **Nothing is lost.** A notice exists once its cause committed; the worker claims it (state
//!   `sending`, a lease of NOTICE_LEASE_SECS) before the send, and records the outcome after. A
//!   server killed at any point leaves the row pending, or sending with a lease that runs out; then
//!   any server (the same one restarted, or another on the same PostgreSQL) claims it again.
//! - **At most once per recipient and event, as rows:** the table is unique on (event key,
//!   recipient, channel), so repeating a change never queues a second notice.
//! - **On the wire:** a notice is handed to the provider again only when a server died (or hung past
//!   the lease) between claiming it and recording the outcome. If that happened before the provider
//!   accepted it (the SMTP server's 250 after DATA, the gateway's OK), the retry is the first
//!   delivery. Only a kill inside the window between the provider's acceptance and our commit of
//!   `sent` (one local UPDATE, a millisecond or so) can deliver twice; every try of one notice carries
//!   the same idempotency key (the mail's Message-ID `<notice-ID@…>`, the SMS's OutId `notice-ID`),
//!   so that second copy is recognisably the same message. No protocol we speak lets us do better:
//!   SMTP and the SMS gateway have no two-phase acceptance.
//! - Failures: a provider error is retried after NOTICE_RETRY_BASE_SECS, doubling each time, up to
//!   NOTICE_MAX_ATTEMPTS tries, then `failed`; a recipient the provider refuses for good (an invalid
//!   address or number) is `failed` at once. The company sees each notice's state on /recruit.

use std::sync::Arc;

use base64::Engine;

use crate::db::notice::{self, NewNotice, Notice, NoticeState};
use crate::db::{DbConnection, Pool};
use crate::error::ApiResult;
use crate::ids::{new_id, now_ms, ApplicationId, CompanyId, JobId, UserId};
use crate::providers::mail::{Attachment, Mail, MailProvider};
use crate::providers::sms::{SendError, SmsProvider};
use crate::settings::NoticeSettings;

/// One notice to queue.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub company_id: CompanyId,
    /// What caused it, the same for every recipient: `interview:ID:invite`, `interview:ID:remind24`.
    pub event_key: String,
    pub channel: &'static str,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub attachment: Option<Attachment>,
    pub due_at: i64,
}

/// Queues the notice in the caller's transaction, unless one exists for its event, recipient and
/// channel. An empty recipient (a candidate without an email) queues nothing.
pub fn enqueue(c: &mut DbConnection, out: Outgoing) -> ApiResult<bool> {
    if out.recipient.trim().is_empty() {
        return Ok(false);
    }
    let (attachment_name, attachment_type, attachment) = match out.attachment {
        Some(a) => (Some(a.filename), Some(a.content_type), Some(base64::engine::general_purpose::STANDARD.encode(a.bytes))),
        None => (None, None, None),
    };
    let new = NewNotice {
        id: new_id(),
        company_id: out.company_id,
        event_key: out.event_key,
        recipient: out.recipient,
        channel: out.channel.to_string(),
        subject: out.subject,
        body: out.body,
        attachment_name,
        attachment_type,
        attachment,
        state: NoticeState::Pending,
        due_at: out.due_at,
        created_at: now_ms(),
    };
    Ok(notice::insert_once(c, &new)?)
}

/// The host part of our Message-IDs: MAIL_FROM's domain.
pub fn mail_domain(settings: &NoticeSettings) -> String {
    settings
        .mail_from
        .rsplit_once('@')
        .map(|(_, d)| d.trim_end_matches('>').trim().to_string())
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| "localhost".into())
}

/// What the worker needs.
pub struct Worker {
    pub pool: Pool,
    pub mail: Arc<dyn MailProvider>,
    pub sms: Arc<dyn SmsProvider>,
    pub wechat: Arc<dyn crate::providers::wechat::WeChatProvider>,
    pub settings: NoticeSettings,
}

impl Worker {
    fn send(&self, n: &Notice) -> Result<(), SendError> {
        match n.channel.as_str() {
            notice::MAIL => {
                let attachments = match (&n.attachment_name, &n.attachment_type, &n.attachment) {
                    (Some(name), Some(kind), Some(data)) => vec![Attachment {
                        filename: name.clone(),
                        content_type: kind.clone(),
                        bytes: base64::engine::general_purpose::STANDARD.decode(data).map_err(|e| SendError::Failed(e.to_string()))?,
                    }],
                    _ => Vec::new(),
                };
                self.mail.send(&Mail {
                    message_id: format!("<notice-{}@{}>", n.id, mail_domain(&self.settings)),
                    to: n.recipient.clone(),
                    subject: n.subject.clone(),
                    text: n.body.clone(),
                    attachments,
                })
            }
            notice::SMS => self.sms.send_text(&n.recipient, &n.body, &format!("notice-{}", n.id)),
            notice::WECHAT => {
                let template: crate::providers::wechat::TemplateMessage =
                    serde_json::from_str(&n.body).map_err(|e| SendError::Failed(format!("wechat body: {e}")))?;
                self.wechat.send_template(&n.recipient, &template.fields, &template.url)
            }
            other => Err(SendError::Failed(format!("unknown channel {other}"))),
        }
    }

    /// One round: claims the due notices and sends them one by one. Returns how many it claimed.
    pub fn round(&self) -> ApiResult<usize> {
        let lease_ms = self.settings.notice_lease_secs.max(1) * 1000;
        let claimed = {
            let mut c = self.pool.get()?;
            notice::claim(&mut c, now_ms(), lease_ms, 20)?
        };
        for n in &claimed {
            let lease = n.lease_until.unwrap_or_default();
            let outcome = self.send(n);
            let now = now_ms();
            let (state, due, error) = match outcome {
                Ok(()) => (NoticeState::Sent, n.due_at, None),
                Err(SendError::CannotReceive) => (NoticeState::Failed, n.due_at, Some("the recipient cannot receive it".to_string())),
                Err(SendError::Failed(e)) if n.attempts >= self.settings.notice_max_attempts => (NoticeState::Failed, n.due_at, Some(e)),
                Err(SendError::Failed(e)) => {
                    (NoticeState::Retrying, now + retry_wait_ms(self.settings.notice_retry_base_secs, n.attempts), Some(e))
                }
            };
            let mut c = self.pool.get()?;
            let error = error.map(|e| e.chars().take(500).collect::<String>());
            if notice::finish(&mut c, n.id, lease, state, due, error.as_deref(), now)? == 0 {
                tracing::warn!(notice = n.id.0, "the notice's lease ran out before its outcome was recorded");
            }
        }
        Ok(claimed.len())
    }
}

/// How long a notice waits after its `attempts`-th try failed: the base, doubling with each try
/// (capped at 2^16 times the base, so the shift never overflows).
pub fn retry_wait_ms(base_secs: i64, attempts: i32) -> i64 {
    base_secs.max(0) * 1000 * (1i64 << (attempts - 1).clamp(0, 16))
}

/// Sends due notices every NOTICE_POLL_MS (at once again after a full round).
pub fn spawn_worker(worker: Worker) {
    let poll = std::time::Duration::from_millis(worker.settings.notice_poll_ms.max(10));
    let spawned = std::thread::Builder::new().name("notice-outbox".into()).spawn(move || loop {
        match worker.round() {
            Ok(n) if n > 0 => continue,
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "notice outbox round"),
        }
        std::thread::sleep(poll);
    });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "notice outbox thread");
    }
}

/// Who a notice about an application goes to, and the template values it already fixes.
#[derive(Debug, Clone)]
pub struct ApplicationContext {
    pub apply_id: ApplicationId,
    pub job_id: JobId,
    pub user_id: UserId,
    pub email: String,
    pub mobile: String,
    pub values: std::collections::BTreeMap<String, String>,
}

/// The company's application `apply` with its candidate's contacts; NOT_FOUND for another
/// company's application and for one whose candidate blocked the company (docs/api.md, "What a
/// block means").
pub fn application_context(c: &mut DbConnection, company: CompanyId, apply: ApplicationId) -> ApiResult<ApplicationContext> {
    let found = crate::db::application_contact::of_company(c, company, apply)?.ok_or(crate::error::ApiError::NotFound)?;
    // Nothing reaches a candidate who blocked the company, and their contacts never reach it.
    if !crate::domain::visibility::may_view(c, company, found.resume_id)? {
        return Err(crate::error::ApiError::NotFound);
    }
    let mut values = std::collections::BTreeMap::new();
    let name = found.name;
    values.insert("candidateName".to_string(), if name.trim().is_empty() { "同学".to_string() } else { name });
    values.insert("jobTitle".into(), found.job_title);
    let short_name = found.company_short_name;
    values.insert("companyName".into(), if short_name.trim().is_empty() { found.company_name } else { short_name });
    for k in ["interviewTime", "address", "contact", "contactPhone", "interviewer"] {
        values.insert(k.into(), String::new());
    }
    // The account's email, else the one the candidate put in the resume sent with the application.
    let email = found.email.filter(|e| !e.trim().is_empty()).unwrap_or_else(|| {
        found
            .basic
            .as_deref()
            .and_then(|b| serde_json::from_str::<serde_json::Value>(b).ok())
            .and_then(|v| v.get("email").and_then(|e| e.as_str()).map(str::to_string))
            .filter(|e| core_wasm::account::is_email(e))
            .unwrap_or_default()
    });
    Ok(ApplicationContext { apply_id: apply, job_id: found.job_id, user_id: found.user_id, email, mobile: found.mobile.unwrap_or_default(), values })
}

/// Queues `draft` rendered with `values` to the candidate by mail and text, under `event_key`.
/// Refuses (BAD_INPUT naming the field) a text that breaks its limit once rendered.
pub fn enqueue_rendered(
    c: &mut DbConnection,
    company: crate::ids::CompanyId,
    event_key: &str,
    draft: &core_wasm::notice_template::TemplateDraft,
    values: &std::collections::BTreeMap<String, String>,
    email: &str,
    mobile: &str,
    attachment: Option<Attachment>,
    due_at: i64,
) -> ApiResult<()> {
    enqueue_parts(c, company, event_key, checked(core_wasm::notice_template::render_all(draft, values))?, email, mobile, attachment, due_at)
}

/// A rendering's verdict as the answer's FIELDS_INVALID.
pub fn checked(
    rendering: Result<core_wasm::notice_template::Rendered, core_wasm::notice_template::TemplateVerdict>,
) -> ApiResult<core_wasm::notice_template::Rendered> {
    rendering.map_err(|verdict| crate::error::ApiError::FieldsInvalid(serde_json::to_string(&verdict).unwrap_or_default()))
}

/// Queues the mail and the text of one rendered notice (the site's own texts, the reminders, come
/// here rendered by `render_fitted`: cut to their limits, never refused, since a system text must not
/// block the user's action).
#[allow(clippy::too_many_arguments)]
pub fn enqueue_parts(
    c: &mut DbConnection,
    company: crate::ids::CompanyId,
    event_key: &str,
    rendered: core_wasm::notice_template::Rendered,
    email: &str,
    mobile: &str,
    attachment: Option<Attachment>,
    due_at: i64,
) -> ApiResult<()> {
    enqueue(
        c,
        Outgoing {
            company_id: company,
            event_key: event_key.to_string(),
            channel: notice::MAIL,
            recipient: email.to_string(),
            subject: rendered.mail_subject,
            body: rendered.mail_content,
            attachment,
            due_at,
        },
    )?;
    enqueue(
        c,
        Outgoing {
            company_id: company,
            event_key: event_key.to_string(),
            channel: notice::SMS,
            recipient: mobile.to_string(),
            subject: String::new(),
            body: rendered.sms_content,
            attachment: None,
            due_at,
        },
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::retry_wait_ms;

    #[test]
    fn the_retry_wait_doubles_with_each_failed_try() {
        let waits: Vec<i64> = (1..=5).map(|a| retry_wait_ms(30, a)).collect();
        assert_eq!(waits, [30_000, 60_000, 120_000, 240_000, 480_000]);
        // Capped, and a negative base waits nothing.
        assert_eq!(retry_wait_ms(1, 40), retry_wait_ms(1, 17));
        assert_eq!(retry_wait_ms(1, 17), 65_536_000);
        assert_eq!(retry_wait_ms(-5, 3), 0);
    }
}

/// The company's outbox (/comnotice/list), newest first. A notice about an application or an
/// interview whose candidate blocked the company shows neither the recipient nor the subject (both
/// name the candidate): only that it went, and when.
pub fn outbox(c: &mut DbConnection, company: CompanyId, prefix: Option<&str>, offset: i64, limit: i64) -> ApiResult<(i64, Vec<notice::NoticeRecord>)> {
    let (total, mut list) = notice::list(c, company, prefix, offset, limit)?;
    // The application each notice is about: `apply:{id}:…` or `interview:{id}:…`.
    let about = |key: &str, kind: &str| key.strip_prefix(kind).and_then(|rest| rest.split(':').next()).and_then(|id| id.parse::<i64>().ok());
    let interviews: Vec<i64> = list.iter().filter_map(|n| about(&n.event_key, "interview:")).collect();
    let of_interview = crate::db::interview::applications_of(c, &interviews)?;
    let application_of = |key: &str| {
        about(key, "apply:").or_else(|| about(key, "interview:").and_then(|i| of_interview.iter().find(|(id, _)| *id == i).map(|p| p.1)))
    };
    let applications: Vec<i64> = list.iter().filter_map(|n| application_of(&n.event_key)).collect();
    let resumes = crate::db::application::resumes_of(c, &applications)?;
    let ids: Vec<crate::ids::ResumeId> = resumes.iter().map(|p| p.1).collect();
    let visible = crate::domain::visibility::visible_to(c, company, &ids)?;
    for n in list.iter_mut() {
        let Some(apply) = application_of(&n.event_key) else { continue };
        let blocked = resumes.iter().any(|(a, r)| *a == apply && !visible.contains(r));
        if blocked {
            // An interviewer's own reminder keeps its recipient, a member of the company.
            if !n.event_key.contains(":remind-iv") {
                n.recipient = String::new();
            }
            n.subject = BLOCKED_SUBJECT.to_string();
        }
    }
    Ok((total, list))
}

/// What the outbox shows in place of the subject of a notice about a candidate who blocked the company.
pub const BLOCKED_SUBJECT: &str = "候选人已屏蔽";
