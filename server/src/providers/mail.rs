//! Notice mail and the servers that deliver it.
//!
//! Three faces of one trait: `DevMailOutbox` (the default on loopback) appends each mail, with its
//! attachments, to DATA_DIR/mail-outbox.jsonl, listed on /dev/outbox; `Smtp` speaks SMTP through
//! lettre to SMTP_URL; the tests point `Smtp` at a fake SMTP server on loopback.
//!
//! Every mail carries a Message-ID made from the notice's id (`<notice-ID@host>`): a mail sent again
//! after a crash (domain/notice.rs) is the same message to the receiving server, which may drop it.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use base64::Engine;

use crate::ids::now_ms;
use crate::providers::sms::SendError;
use crate::settings::{MailProviderKind, Settings};

#[derive(Debug, Clone)]
pub struct Attachment {
    pub filename: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

#[derive(Debug, Clone)]
pub struct Mail {
    /// The idempotency key: the same for every try of one notice.
    pub message_id: String,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub attachments: Vec<Attachment>,
}

pub trait MailProvider: Send + Sync {
    fn name(&self) -> &'static str;
    /// Blocking: called off the async workers. Ok once the server has taken the mail.
    fn send(&self, mail: &Mail) -> Result<(), SendError>;
}

pub struct DevMailOutbox {
    pub path: PathBuf,
    lock: Mutex<()>,
}

impl DevMailOutbox {
    pub fn new(path: PathBuf) -> Self {
        Self { path, lock: Mutex::new(()) }
    }

    pub fn in_data_dir(settings: &Settings) -> Self {
        Self::new(settings.data_dir.join("mail-outbox.jsonl"))
    }

    /// The newest mails first.
    pub fn read(&self, limit: usize) -> Vec<serde_json::Value> {
        let text = std::fs::read_to_string(&self.path).unwrap_or_default();
        text.lines().rev().take(limit).filter_map(|l| serde_json::from_str(l).ok()).collect()
    }
}

impl MailProvider for DevMailOutbox {
    fn name(&self) -> &'static str {
        "dev"
    }

    fn send(&self, mail: &Mail) -> Result<(), SendError> {
        let attachments: Vec<serde_json::Value> = mail
            .attachments
            .iter()
            .map(|a| {
                serde_json::json!({
                    "filename": a.filename,
                    "contentType": a.content_type,
                    "base64": base64::engine::general_purpose::STANDARD.encode(&a.bytes),
                })
            })
            .collect();
        let line = serde_json::json!({
            "at": now_ms(),
            "messageId": mail.message_id,
            "to": mail.to,
            "subject": mail.subject,
            "text": mail.text,
            "attachments": attachments,
        });
        let _guard = self.lock.lock().map_err(|_| SendError::Failed("outbox lock".into()))?;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .map_err(|e| SendError::Failed(e.to_string()))?;
        writeln!(file, "{line}").map_err(|e| SendError::Failed(e.to_string()))
    }
}

/// SMTP through lettre (its blocking transport, from SMTP_URL).
pub struct Smtp {
    transport: lettre::SmtpTransport,
    from: lettre::message::Mailbox,
}

impl Smtp {
    pub fn new(url: &str, from: &str) -> Result<Self, String> {
        let transport = lettre::SmtpTransport::from_url(url)
            .map_err(|e| format!("SMTP_URL: {e}"))?
            .timeout(Some(std::time::Duration::from_secs(20)))
            .build();
        let from = from.parse().map_err(|e| format!("MAIL_FROM: {e}"))?;
        Ok(Self { transport, from })
    }
}

/// The mail as lettre builds it: text/plain UTF-8, attachments beside it.
pub fn build_message(from: &lettre::message::Mailbox, mail: &Mail) -> Result<lettre::Message, SendError> {
    use lettre::message::{header::ContentType, MultiPart, SinglePart};
    let to: lettre::message::Mailbox = mail.to.parse().map_err(|_| SendError::CannotReceive)?;
    let builder = lettre::Message::builder()
        .from(from.clone())
        .to(to)
        .subject(mail.subject.clone())
        .message_id(Some(mail.message_id.clone()));
    let built = if mail.attachments.is_empty() {
        builder.header(ContentType::TEXT_PLAIN).body(mail.text.clone())
    } else {
        let mut parts = MultiPart::mixed().singlepart(SinglePart::plain(mail.text.clone()));
        for a in &mail.attachments {
            let kind = ContentType::parse(&a.content_type).map_err(|e| SendError::Failed(e.to_string()))?;
            parts = parts.singlepart(lettre::message::Attachment::new(a.filename.clone()).body(a.bytes.clone(), kind));
        }
        builder.multipart(parts)
    };
    built.map_err(|e| SendError::Failed(e.to_string()))
}

impl MailProvider for Smtp {
    fn name(&self) -> &'static str {
        "smtp"
    }

    fn send(&self, mail: &Mail) -> Result<(), SendError> {
        use lettre::Transport;
        let message = build_message(&self.from, mail)?;
        match self.transport.send(&message) {
            Ok(_) => Ok(()),
            // 5xx: the server refuses this recipient or message for good.
            Err(e) if e.is_permanent() => Err(SendError::CannotReceive),
            Err(e) => Err(SendError::Failed(e.to_string())),
        }
    }
}

/// The provider the configuration names (main checks SMTP_URL at start through `check`).
pub fn provider(settings: &Settings) -> Box<dyn MailProvider> {
    let n = &settings.notices;
    match n.mail_provider {
        MailProviderKind::Smtp => match Smtp::new(&n.smtp_url, &n.mail_from) {
            Ok(s) => Box::new(s),
            Err(e) => {
                tracing::error!(error = %e, "mail provider");
                Box::new(Unconfigured(e))
            }
        },
        MailProviderKind::Dev => Box::new(DevMailOutbox::in_data_dir(settings)),
    }
}

/// Why MAIL_PROVIDER=smtp cannot work as configured, for main to refuse to start.
pub fn check(settings: &Settings) -> Result<(), String> {
    let n = &settings.notices;
    if n.mail_provider == MailProviderKind::Smtp {
        if n.smtp_url.is_empty() {
            return Err("MAIL_PROVIDER=smtp needs SMTP_URL".into());
        }
        Smtp::new(&n.smtp_url, &n.mail_from)?;
    }
    Ok(())
}

struct Unconfigured(String);

impl MailProvider for Unconfigured {
    fn name(&self) -> &'static str {
        "unconfigured"
    }

    fn send(&self, _: &Mail) -> Result<(), SendError> {
        Err(SendError::Failed(self.0.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mail_with_an_attachment_is_multipart_with_our_message_id() {
        let from: lettre::message::Mailbox = "职达招聘 <noreply@zhida.example.cn>".parse().expect("from");
        let mail = Mail {
            message_id: "<notice-42@zhida.example.cn>".into(),
            to: "li@example.com".into(),
            subject: "面试邀请".into(),
            text: "您好".into(),
            attachments: vec![Attachment { filename: "invite.ics".into(), content_type: "text/calendar; charset=utf-8".into(), bytes: b"BEGIN:VCALENDAR".to_vec() }],
        };
        let text = String::from_utf8(build_message(&from, &mail).expect("built").formatted()).expect("utf8");
        assert!(text.contains("Message-ID: <notice-42@zhida.example.cn>"), "{text}");
        assert!(text.contains("multipart/mixed") && text.contains("invite.ics"), "{text}");
        let bad = Mail { to: "not an address".into(), ..mail };
        assert!(matches!(build_message(&from, &bad), Err(SendError::CannotReceive)));
    }
}
