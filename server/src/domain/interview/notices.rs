use std::collections::BTreeMap;

use core_wasm::interview as rules;
use core_wasm::notice_template::{render_fitted, TemplateDraft};

use crate::db::{interviewer, notice as notice_db, DbConnection};
use crate::domain::notice::{self, ApplicationContext};
use crate::error::ApiResult;
use crate::ids::{now_ms, CompanyId, InterviewId, MemberId};
use crate::providers::mail::Attachment;

use super::ics::{self, Event};
use super::input::InterviewInput;

const HOUR_MS: i64 = 3600 * 1000;

/// What sending needs beside the interview.
pub struct Sending<'a> {
    pub mail_domain: &'a str,
}

/// The reminders' text (not a company template: it names only the interview).
fn reminder_draft() -> TemplateDraft {
    TemplateDraft {
        name: "面试提醒".into(),
        mail_subject: "面试提醒：{{ companyName }}{{ jobTitle }}".into(),
        mail_content: "{{ candidateName }}您好：\n\n提醒您{{ interviewTime }}参加{{ companyName }}{{ jobTitle }}的面试。\n\n地点或会议链接：{{ address }}\n联系人：{{ contact }}（{{ contactPhone }}）\n\n{{ companyName }}".into(),
        sms_content: "提醒：{{ interviewTime }}{{ companyName }}{{ jobTitle }}面试，地点：{{ address }}，联系人{{ contact }} {{ contactPhone }}".into(),
    }
}

/// The interviewers' reminder: whom they meet, when and where (`interviewer` is the one reminded).
fn interviewer_reminder_draft() -> TemplateDraft {
    TemplateDraft {
        name: "面试官提醒".into(),
        mail_subject: "面试提醒：{{ interviewTime }} {{ candidateName }}（{{ jobTitle }}）".into(),
        mail_content: "{{ interviewer }}您好：\n\n提醒您{{ interviewTime }}面试候选人{{ candidateName }}，应聘职位：{{ jobTitle }}。\n\n地点或会议链接：{{ address }}\n\n登录{{ companyName }}的企业后台“面试日程”可查看候选人简历，面试后请填写面试评价。".into(),
        sms_content: "面试提醒：{{ interviewTime }}面试{{ candidateName }}（{{ jobTitle }}），地点：{{ address }}。简历见企业后台面试日程".into(),
    }
}

/// The templates' values: the application's, and the interview's time, place, contact and
/// interviewers' `names`.
pub fn values_for(ctx: &ApplicationContext, input: &InterviewInput, names: &[String]) -> BTreeMap<String, String> {
    let mut values = ctx.values.clone();
    values.insert("interviewTime".into(), rules::format_start(input.start));
    values.insert("address".into(), input.address.clone());
    values.insert("contact".into(), input.contact.clone());
    values.insert("contactPhone".into(), input.contact_phone.clone());
    values.insert("interviewer".into(), names.join("、"));
    values
}

/// One version of an interview's notice to the candidate: which, and in whose words.
pub struct CandidateNotice<'a> {
    pub id: InterviewId,
    pub version: i32,
    /// The event key's last part: `invite`, `reschedule`, `cancel`.
    pub event: &'a str,
    pub draft: &'a TemplateDraft,
    pub cancelled: bool,
}

/// Queues the candidate's notice (its mail carrying the .ics) and, unless cancelled, the
/// version's reminders 24 h and 1 h before.
pub fn queue_for_candidate(
    c: &mut DbConnection,
    company: CompanyId,
    which: &CandidateNotice,
    ctx: &ApplicationContext,
    input: &InterviewInput,
    values: &BTreeMap<String, String>,
    sending: &Sending,
) -> ApiResult<()> {
    let (id, version, cancelled) = (which.id, which.version, which.cancelled);
    let now = now_ms();
    let value = |k: &str| values.get(k).cloned().unwrap_or_default();
    let summary = format!("面试：{} · {}", value("companyName"), value("jobTitle"));
    let description = format!("联系人：{}（{}）\n面试官：{}", input.contact, input.contact_phone, value("interviewer"));
    let event = Event { id, version, start: input.start, end: input.end, summary: &summary, location: &input.address, description: &description, cancelled };
    let attachment = Attachment {
        filename: "interview.ics".into(),
        content_type: "text/calendar; charset=utf-8; method=".to_string() + if cancelled { "CANCEL" } else { "REQUEST" },
        bytes: ics::ics(&event, sending.mail_domain),
    };
    let key = format!("interview:{id}:v{version}:{}", which.event);
    notice::enqueue_rendered(c, company, &key, which.draft, values, &ctx.email, &ctx.mobile, Some(attachment), now)?;
    if cancelled {
        return Ok(());
    }
    for (name, before) in [("remind24", 24 * HOUR_MS), ("remind1", HOUR_MS)] {
        let due = input.start - before;
        if due > now {
            let key = format!("interview:{id}:v{version}:{name}");
            let rendered = notice::checked(render_fitted(&reminder_draft(), values))?;
            notice::enqueue_parts(c, company, &key, rendered, &ctx.email, &ctx.mobile, None, due)?;
        }
    }
    Ok(())
}

/// Queues the assigned interviewers' reminders, 24 h and 1 h before, in place of the ones queued
/// before for this version (the interviewers may have changed). Keys start with the version's
/// `remind` prefix, so a reschedule or a cancellation withdraws them with the candidate's; each save
/// queues under its own stamp, since a withdrawn key is never queued again.
pub fn queue_for_interviewers(
    c: &mut DbConnection,
    company: CompanyId,
    id: InterviewId,
    version: i32,
    members: &[MemberId],
    values: &BTreeMap<String, String>,
    start: i64,
) -> ApiResult<()> {
    let now = now_ms();
    notice_db::drop_pending(c, &format!("interview:{id}:v{version}:remind-iv"), now)?;
    // Only those who accepted their invitation: nothing goes to a number that has not agreed.
    let people = interviewer::enabled_recipients(c, company, members)?.into_iter().filter(|p| !interviewer::is_placeholder(&p.mobile));
    for person in people {
        let mut mine = values.clone();
        mine.insert("interviewer".into(), if person.name.is_empty() { "面试官".into() } else { person.name });
        for (hours, before) in [(24, 24 * HOUR_MS), (1, HOUR_MS)] {
            let due = start - before;
            if due > now {
                let key = format!("interview:{id}:v{version}:remind-iv{}-{hours}h-{now}", person.id);
                let rendered = notice::checked(render_fitted(&interviewer_reminder_draft(), &mine))?;
                notice::enqueue_parts(c, company, &key, rendered, person.email.as_deref().unwrap_or(""), &person.mobile, None, due)?;
            }
        }
    }
    Ok(())
}
