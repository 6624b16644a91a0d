//! Interviewers and interviews (issue 16).
//!
//! Interviewers are company members of role `interviewer` with an email (interviewer_profiles);
//! mobile and email are unique within the company. Removing one disables the member and ends
//! its sessions at once.
//!
//! An interview belongs to one application of the company. Saving checks overlaps (same candidate
//! or same interviewer, within the company; cancelled interviews and the one edited do not count;
//! touching intervals do not overlap) inside the write transaction (on PostgreSQL under an
//! advisory lock per company, so two saves at once cannot both pass), moves the application to
//! the interview stage, and queues its notices in the same transaction: the invitation (mail with
//! an .ics, SMS), reminders 24 h and 1 h before, and on a time change the reschedule notice; a
//! cancellation queues the cancellation notice and withdraws the pending reminders.

use std::collections::BTreeMap;

use core_wasm::interview as rules;
use core_wasm::notice_template::TemplateDraft;
use diesel::prelude::*;
use serde::Serialize;

use crate::db::application::CandidateStatus;
use crate::db::company_member::{self, NewMember, Role};
use crate::db::schema::{
    applications, companies, company_members, interview_feedback, interview_interviewers, interviewer_profiles, interviews, jobs,
    resumes,
};
use crate::db::{notice as notice_db, notice_template as template_db, DbConnection};
use crate::domain::notice::{self, ApplicationContext};
use crate::domain::notice_template::{self, CANCELLATION, INVITATION, RESCHEDULE};
use crate::domain::{auth, pipeline};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, ApplicationId, CompanyId, InterviewId, JobId, MemberId, NoticeTemplateId, ResumeId, UserId};
use crate::providers::mail::Attachment;

// The states, where the queries that read them are (db/interview.rs).
pub use crate::db::interview::{CANCELLED, SCHEDULED};

fn invalid(verdict: &core_wasm::notice_template::TemplateVerdict) -> ApiError {
    ApiError::FieldsInvalid(serde_json::to_string(verdict).unwrap_or_default())
}

// ---------------------------------------------------------------- interviewers

/// An interviewer as the company's list shows them.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InterviewerRecord {
    pub id: MemberId,
    pub name: String,
    /// The number the company gave.
    pub mobile: String,
    pub email: String,
    /// `pending` (invited, not yet accepted), `active`, or `removed`.
    pub state: &'static str,
    pub disabled: bool,
    pub created_at: i64,
}

/// The company's interviewers (removed ones too, marked disabled), oldest first.
pub fn interviewers(c: &mut DbConnection, company: CompanyId) -> ApiResult<Vec<InterviewerRecord>> {
    let rows: Vec<(MemberId, String, String, String, String, bool, i64)> = company_members::table
        .inner_join(interviewer_profiles::table)
        .filter(company_members::company_id.eq(company))
        .filter(company_members::role.eq(Role::Interviewer.as_str()))
        .order((company_members::created_at.asc(), company_members::id.asc()))
        .select((
            company_members::id,
            company_members::name,
            company_members::mobile,
            interviewer_profiles::mobile,
            interviewer_profiles::email,
            company_members::disabled,
            company_members::created_at,
        ))
        .load(c)?;
    Ok(rows
        .into_iter()
        .map(|(id, name, login_mobile, given, email, disabled, created_at)| {
            let state = if disabled {
                "removed"
            } else if login_mobile.starts_with("invite:") {
                "pending"
            } else {
                "active"
            };
            // An interviewer added before invitations has only the log-in mobile.
            let mobile = if given.is_empty() { login_mobile } else { given };
            InterviewerRecord { id, name, mobile, email, state, disabled, created_at }
        })
        .collect())
}

/// A random password nobody is told: an invited member's until they set their own.
fn new_password() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    let letters: String = (0..16).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect();
    format!("{letters}{}", rng.gen_range(10..100))
}

/// What saving an interviewer gives: its id, and whether an invitation went (a new one, added
/// again after removal, or a changed number).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedInterviewer {
    pub id: MemberId,
    pub invited: bool,
}

/// Where an invitation's link points and whose name it carries.
pub struct Inviting<'a> {
    pub origin: &'a str,
    pub company_name: &'a str,
}

/// Adds (`id` None) or edits an interviewer; a new one, or one given a new number, is invited
/// (domain/interviewer_invitation.rs). INTERVIEWER_MOBILE_EXISTS / INTERVIEWER_EMAIL_EXISTS for a
/// number or address the company has (its own members and interviewers: the company's own facts);
/// a number that is another company's account answers like any other (an invitation goes).
pub fn save_interviewer(c: &mut DbConnection, company: CompanyId, id: Option<MemberId>, draft: &rules::InterviewerDraft, inviting: &Inviting) -> ApiResult<SavedInterviewer> {
    let verdict = rules::validate_interviewer(draft);
    if !verdict.is_empty() {
        return Err(invalid(&verdict));
    }
    let (name, mobile, email) = (draft.name.trim().to_string(), draft.mobile.trim().to_string(), draft.email.trim().to_lowercase());
    // Nobody logs in with this password: it is replaced when the invitation is accepted. Hashing takes
    // a while: outside the write lock.
    let hash = auth::hash_password(&new_password())?;
    crate::db::write_transaction(c, |c| {
        let now = now_ms();
        let own_member = company_member::by_mobile(c, &mobile)?.filter(|h| h.company_id == company);
        let own_interviewer = crate::db::interviewer::of_company_with_mobile(c, company, &mobile)?;
        let email_holder: Option<MemberId> = interviewer_profiles::table
            .filter(interviewer_profiles::company_id.eq(company))
            .filter(interviewer_profiles::email.eq(&email))
            .select(interviewer_profiles::member_id)
            .first(c)
            .optional()?;
        match id {
            Some(id) => {
                let member = company_member_of(c, company, id)?;
                if own_member.as_ref().is_some_and(|h| h.id != member.id) || own_interviewer.is_some_and(|m| m != member.id) {
                    return Err(ApiError::InterviewerMobileExists);
                }
                if email_holder.is_some_and(|m| m != member.id) {
                    return Err(ApiError::InterviewerEmailExists);
                }
                let given: String = interviewer_profiles::table.find(member.id).select(interviewer_profiles::mobile).first(c)?;
                let current = if given.is_empty() { member.mobile.clone() } else { given };
                diesel::update(company_members::table.find(member.id)).set(company_members::name.eq(&name)).execute(c)?;
                diesel::update(interviewer_profiles::table.find(member.id)).set(interviewer_profiles::email.eq(&email)).execute(c)?;
                // A new number is asked again: whoever holds it accepts, and the old one logs in no more.
                let invited = current != mobile && !member.disabled;
                if invited {
                    company_member::revoke_all(c, member.id, None, now)?;
                    crate::domain::interviewer_invitation::send(c, company, inviting.company_name, member.id, &mobile, inviting.origin, now)?;
                } else if current != mobile {
                    diesel::update(interviewer_profiles::table.find(member.id)).set(interviewer_profiles::mobile.eq(&mobile)).execute(c)?;
                }
                Ok(SavedInterviewer { id: member.id, invited })
            }
            None => {
                if own_member.as_ref().is_some_and(|h| h.role() != Role::Interviewer) {
                    return Err(ApiError::InterviewerMobileExists);
                }
                if let Some(existing) = own_interviewer {
                    let member = company_member_of(c, company, existing)?;
                    if !member.disabled {
                        return Err(ApiError::InterviewerMobileExists);
                    }
                    if email_holder.is_some_and(|m| m != member.id) {
                        return Err(ApiError::InterviewerEmailExists);
                    }
                    // Added again after removal: invited again.
                    diesel::update(company_members::table.find(member.id))
                        .set((company_members::name.eq(&name), company_members::disabled.eq(false), company_members::password_hash.eq(&hash)))
                        .execute(c)?;
                    diesel::update(interviewer_profiles::table.find(member.id)).set(interviewer_profiles::email.eq(&email)).execute(c)?;
                    crate::domain::interviewer_invitation::send(c, company, inviting.company_name, member.id, &mobile, inviting.origin, now)?;
                    return Ok(SavedInterviewer { id: member.id, invited: true });
                }
                if email_holder.is_some() {
                    return Err(ApiError::InterviewerEmailExists);
                }
                let member: MemberId = new_id();
                let placeholder = crate::db::interviewer::pending_placeholder(member);
                company_member::insert(
                    c,
                    &NewMember {
                        id: member,
                        company_id: company,
                        mobile: &placeholder,
                        name: &name,
                        password_hash: &hash,
                        role: Role::Interviewer.as_str(),
                        created_at: now,
                    },
                )?;
                diesel::insert_into(interviewer_profiles::table)
                    .values((
                        interviewer_profiles::member_id.eq(member),
                        interviewer_profiles::company_id.eq(company),
                        interviewer_profiles::email.eq(&email),
                    ))
                    .execute(c)?;
                crate::domain::interviewer_invitation::send(c, company, inviting.company_name, member, &mobile, inviting.origin, now)?;
                Ok(SavedInterviewer { id: member, invited: true })
            }
        }
    })
}

/// The company's interviewer `id` (NOT_FOUND for anyone else).
fn company_member_of(c: &mut DbConnection, company: CompanyId, id: MemberId) -> ApiResult<company_member::Member> {
    company_members::table
        .filter(company_members::id.eq(id))
        .filter(company_members::company_id.eq(company))
        .filter(company_members::role.eq(Role::Interviewer.as_str()))
        .select(company_member::Member::as_select())
        .first(c)
        .optional()?
        .ok_or(ApiError::NotFound)
}

/// Removes an interviewer: disabled, every session ended at once, any invitation void, and the
/// number freed (it may register a company of its own). Their past interviews keep them.
pub fn remove_interviewer(c: &mut DbConnection, company: CompanyId, id: MemberId) -> ApiResult<()> {
    crate::db::write_transaction(c, |c| {
        let member = company_member_of(c, company, id)?;
        let given: String = interviewer_profiles::table.find(member.id).select(interviewer_profiles::mobile).first(c)?;
        let number = if crate::db::interviewer::is_placeholder(&member.mobile) { given } else { member.mobile.clone() };
        crate::db::interviewer::release(c, member.id, &number)?;
        company_member::revoke_all(c, member.id, None, now_ms())?;
        Ok(())
    })
}

// ---------------------------------------------------------------- interviews

/// A checked interview form.
#[derive(Debug, Clone)]
pub struct InterviewInput {
    pub apply: ApplicationId,
    /// The job the form named; None: the application's, whatever it is.
    pub job: Option<JobId>,
    pub start: i64,
    pub end: i64,
    pub contact: String,
    pub contact_phone: String,
    pub address: String,
    pub notes: String,
    pub interviewers: Vec<MemberId>,
    pub template: Option<NoticeTemplateId>,
}

impl InterviewInput {
    /// The form checked by core-wasm's rules. `job_named` false: the client sent no job (the first
    /// contract had none), so the job is not required and `save` takes the application's.
    pub fn parse(draft: &rules::InterviewDraft, template: Option<NoticeTemplateId>, job_named: bool) -> ApiResult<Self> {
        let mut verdict = rules::validate(draft);
        if !job_named {
            verdict.remove("jobId");
        }
        if !verdict.is_empty() {
            return Err(invalid(&verdict));
        }
        let start = rules::parse_start(&draft.start).ok_or_else(|| ApiError::BadInput("start".into()))?;
        let minutes: i64 = draft.minutes.trim().parse().map_err(|_| ApiError::BadInput("minutes".into()))?;
        Ok(Self {
            apply: ApplicationId(draft.apply_id.trim().parse().map_err(|_| ApiError::BadInput("applyId".into()))?),
            job: if job_named { Some(JobId(draft.job_id.trim().parse().map_err(|_| ApiError::BadInput("jobId".into()))?)) } else { None },
            start,
            end: start + minutes * 60_000,
            contact: draft.contact.trim().into(),
            contact_phone: draft.contact_phone.trim().into(),
            address: draft.address.trim().into(),
            notes: draft.notes.trim().into(),
            interviewers: rules::id_list(&draft.interviewers).unwrap_or_default().into_iter().map(MemberId).collect(),
            template,
        })
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = interviews)]
pub struct Interview {
    pub id: InterviewId,
    pub company_id: CompanyId,
    pub application_id: ApplicationId,
    pub job_id: JobId,
    pub user_id: UserId,
    pub start_at: i64,
    pub end_at: i64,
    pub contact: String,
    pub contact_phone: String,
    pub address: String,
    pub notes: String,
    pub template_id: Option<NoticeTemplateId>,
    pub state: String,
    pub answer: String,
    pub answered_at: Option<i64>,
    pub version: i32,
    pub cancel_reason: String,
    pub created_by: MemberId,
    pub created_at: i64,
    pub updated_at: i64,
}

fn interview_of(c: &mut DbConnection, company: CompanyId, id: InterviewId) -> ApiResult<Interview> {
    interviews::table
        .filter(interviews::id.eq(id))
        .filter(interviews::company_id.eq(company))
        .select(Interview::as_select())
        .first(c)
        .optional()?
        .ok_or(ApiError::NotFound)
}

/// The resume sent with the interview's application, to a member who may see the interview: an
/// interviewer (`member` Some) only when assigned to it, and never when the candidate blocked the
/// company; NotFound otherwise, as for any row not theirs.
pub fn resume_for(c: &mut DbConnection, company: CompanyId, id: InterviewId, member: Option<MemberId>) -> ApiResult<(i64, ResumeId)> {
    use crate::db::schema::applications;
    let interview = interview_of(c, company, id)?;
    if let Some(m) = member {
        let assigned: bool = diesel::select(diesel::dsl::exists(
            interview_interviewers::table.filter(interview_interviewers::interview_id.eq(id)).filter(interview_interviewers::member_id.eq(m)),
        ))
        .get_result(c)?;
        if !assigned {
            return Err(ApiError::NotFound);
        }
    }
    let resume: ResumeId = applications::table.find(interview.application_id).select(applications::resume_id).first(c)?;
    // An interview is no way around the candidate's block (docs/api.md, "What a block means").
    if !crate::domain::visibility::may_view(c, company, resume)? {
        return Err(ApiError::NotFound);
    }
    Ok((interview.application_id.0, resume))
}

/// The names of the company's active members `ids`, in that order; BAD_INPUT when one is not.
fn interviewer_names(c: &mut DbConnection, company: CompanyId, ids: &[MemberId]) -> ApiResult<Vec<String>> {
    let found: Vec<(MemberId, String)> = company_members::table
        .filter(company_members::company_id.eq(company))
        .filter(company_members::id.eq_any(ids))
        .filter(company_members::disabled.eq(false))
        .select((company_members::id, company_members::name))
        .load(c)?;
    ids.iter()
        .map(|id| found.iter().find(|(m, _)| m == id).map(|(_, n)| if n.is_empty() { "面试官".to_string() } else { n.clone() }))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| ApiError::BadInput("interviewers".into()))
}

/// INTERVIEW_CONFLICT when [start, end) overlaps another scheduled interview of the candidate or
/// of one of the interviewers, in the company; `except` is the interview being edited.
fn check_conflicts(c: &mut DbConnection, company: CompanyId, user: UserId, members: &[MemberId], start: i64, end: i64, except: InterviewId) -> ApiResult<()> {
    let candidate: i64 = interviews::table
        .filter(interviews::company_id.eq(company))
        .filter(interviews::user_id.eq(user))
        .filter(interviews::state.eq(SCHEDULED))
        .filter(interviews::id.ne(except))
        .filter(interviews::start_at.lt(end))
        .filter(interviews::end_at.gt(start))
        .count()
        .get_result(c)?;
    let interviewer: i64 = interview_interviewers::table
        .inner_join(interviews::table)
        .filter(interviews::company_id.eq(company))
        .filter(interview_interviewers::member_id.eq_any(members))
        .filter(interviews::state.eq(SCHEDULED))
        .filter(interviews::id.ne(except))
        .filter(interviews::start_at.lt(end))
        .filter(interviews::end_at.gt(start))
        .count()
        .get_result(c)?;
    if candidate + interviewer > 0 {
        return Err(ApiError::InterviewConflict);
    }
    Ok(())
}

/// On PostgreSQL, one interview save per company at a time (released at commit).
fn lock_company(c: &mut DbConnection, company: CompanyId) -> ApiResult<()> {
    if let DbConnection::Postgresql(pg) = c {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1)").bind::<diesel::sql_types::BigInt, _>(company.0).execute(pg)?;
    }
    Ok(())
}

/// The .ics file of an interview (RFC 5545 through the icalendar crate): one event, its UID
/// stable across reschedules and SEQUENCE the version, so calendars update it in place.
pub fn ics(id: InterviewId, version: i32, start: i64, end: i64, summary: &str, location: &str, description: &str, cancelled: bool, domain: &str) -> Vec<u8> {
    use icalendar::{Calendar, Component, Event, EventLike, EventStatus};
    let at = |ms: i64| chrono::DateTime::<chrono::Utc>::from_timestamp_millis(ms).unwrap_or_default();
    let mut event = Event::new();
    event
        .uid(&format!("interview-{id}@{domain}"))
        .summary(summary)
        .location(location)
        .description(description)
        .starts(at(start))
        .ends(at(end))
        .add_property("SEQUENCE", version.to_string())
        .status(if cancelled { EventStatus::Cancelled } else { EventStatus::Confirmed });
    let mut calendar = Calendar::new();
    calendar.name("面试邀请").push(event.done());
    if cancelled {
        calendar.append_property(icalendar::Property::new("METHOD", "CANCEL"));
    } else {
        calendar.append_property(icalendar::Property::new("METHOD", "REQUEST"));
    }
    calendar.done().to_string().into_bytes()
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

/// Queues the assigned interviewers' reminders, 24 h and 1 h before, in place of the ones queued
/// before for this version (the interviewers may have changed). Keys start with the version's
/// `remind` prefix, so a reschedule or a cancellation withdraws them with the candidate's; each save
/// queues under its own stamp, since a withdrawn key is never queued again.
fn queue_interviewer_reminders(
    c: &mut DbConnection,
    company: CompanyId,
    id: InterviewId,
    version: i32,
    members: &[MemberId],
    values: &BTreeMap<String, String>,
    start: i64,
) -> ApiResult<()> {
    use crate::db::schema::interviewer_profiles;
    let now = now_ms();
    notice_db::drop_pending(c, &format!("interview:{id}:v{version}:remind-iv"), now)?;
    let people: Vec<(MemberId, String, String, Option<String>)> = company_members::table
        .left_join(interviewer_profiles::table)
        .filter(company_members::company_id.eq(company))
        .filter(company_members::id.eq_any(members))
        .filter(company_members::disabled.eq(false))
        .select((company_members::id, company_members::name, company_members::mobile, interviewer_profiles::email.nullable()))
        .load(c)?;
    // Only those who accepted their invitation: nothing goes to a number that has not agreed.
    let people = people.into_iter().filter(|p: &(MemberId, String, String, Option<String>)| !crate::db::interviewer::is_placeholder(&p.2));
    for (member, name, mobile, email) in people {
        let mut mine = values.clone();
        mine.insert("interviewer".into(), if name.is_empty() { "面试官".into() } else { name });
        for (hours, before) in [(24, 24 * 3600 * 1000), (1, 3600 * 1000)] {
            let due = start - before;
            if due > now {
                let key = format!("interview:{id}:v{version}:remind-iv{member}-{hours}h-{now}");
                let rendered = notice::checked(core_wasm::notice_template::render_fitted(&interviewer_reminder_draft(), &mine))?;
                notice::enqueue_parts(c, company, &key, rendered, email.as_deref().unwrap_or(""), &mobile, None, due)?;
            }
        }
    }
    Ok(())
}

/// What sending needs beside the interview.
pub struct Sending<'a> {
    pub mail_domain: &'a str,
}

fn values_for(ctx: &ApplicationContext, input: &InterviewInput, names: &[String]) -> BTreeMap<String, String> {
    let mut values = ctx.values.clone();
    values.insert("interviewTime".into(), rules::format_start(input.start));
    values.insert("address".into(), input.address.clone());
    values.insert("contact".into(), input.contact.clone());
    values.insert("contactPhone".into(), input.contact_phone.clone());
    values.insert("interviewer".into(), names.join("、"));
    values
}

/// Queues the invitation-like notice `kind` and the version's reminders.
#[allow(clippy::too_many_arguments)]
fn queue_notices(
    c: &mut DbConnection,
    company: CompanyId,
    id: InterviewId,
    version: i32,
    event: &str,
    draft: &TemplateDraft,
    ctx: &ApplicationContext,
    input: &InterviewInput,
    values: &BTreeMap<String, String>,
    sending: &Sending,
    cancelled: bool,
) -> ApiResult<()> {
    let now = now_ms();
    let summary = format!("面试：{} · {}", values.get("companyName").cloned().unwrap_or_default(), values.get("jobTitle").cloned().unwrap_or_default());
    let description = format!("联系人：{}（{}）\n面试官：{}", input.contact, input.contact_phone, values.get("interviewer").cloned().unwrap_or_default());
    let attachment = Attachment {
        filename: "interview.ics".into(),
        content_type: "text/calendar; charset=utf-8; method=".to_string() + if cancelled { "CANCEL" } else { "REQUEST" },
        bytes: ics(id, version, input.start, input.end, &summary, &input.address, &description, cancelled, sending.mail_domain),
    };
    let key = format!("interview:{id}:v{version}:{event}");
    notice::enqueue_rendered(c, company, &key, draft, values, &ctx.email, &ctx.mobile, Some(attachment), now)?;
    if cancelled {
        return Ok(());
    }
    for (name, before) in [("remind24", 24 * 3600 * 1000), ("remind1", 3600 * 1000)] {
        let due = input.start - before;
        if due > now {
            let key = format!("interview:{id}:v{version}:{name}");
            let rendered = notice::checked(core_wasm::notice_template::render_fitted(&reminder_draft(), values))?;
            notice::enqueue_parts(c, company, &key, rendered, &ctx.email, &ctx.mobile, None, due)?;
        }
    }
    Ok(())
}

/// Saves a new interview (`id` None) or edits one; returns its id.
pub fn save(c: &mut DbConnection, company: CompanyId, member: MemberId, id: Option<InterviewId>, input: &InterviewInput, sending: &Sending) -> ApiResult<InterviewId> {
    let stage = pipeline::stages(c, company)?
        .into_iter()
        .find(|s| s.status == CandidateStatus::Interview as i32)
        .ok_or_else(|| ApiError::BadInput("the company has no interview stage".into()))?;
    // NotFound for an application that is not the company's.
    let ctx = notice::application_context(c, company, input.apply)?;
    if input.job.is_some_and(|job| job != ctx.job_id) {
        let mut verdict = core_wasm::notice_template::TemplateVerdict::new();
        verdict.insert("applyId".into(), core_wasm::notice_template::TemplateProblem { key: "interview.notOnJob", limit: None, name: None });
        return Err(invalid(&verdict));
    }
    let names = interviewer_names(c, company, &input.interviewers)?;
    let template: TemplateDraft = match input.template {
        Some(t) => notice_template::draft_of(&template_db::get(c, company, t)?.ok_or_else(|| ApiError::BadInput("template".into()))?),
        None => notice_template::of_kind(c, company, INVITATION)?,
    };
    let reschedule = notice_template::of_kind(c, company, RESCHEDULE)?;
    let values = values_for(&ctx, input, &names);
    crate::db::write_transaction(c, |c| {
        lock_company(c, company)?;
        check_conflicts(c, company, ctx.user_id, &input.interviewers, input.start, input.end, id.unwrap_or(InterviewId(0)))?;
        let now = now_ms();
        let (interview_id, version, event, draft) = match id {
            None => {
                let new_id: InterviewId = new_id();
                diesel::insert_into(interviews::table)
                    .values((
                        interviews::id.eq(new_id),
                        interviews::company_id.eq(company),
                        interviews::application_id.eq(input.apply),
                        interviews::job_id.eq(ctx.job_id),
                        interviews::user_id.eq(ctx.user_id),
                        interviews::start_at.eq(input.start),
                        interviews::end_at.eq(input.end),
                        interviews::contact.eq(&input.contact),
                        interviews::contact_phone.eq(&input.contact_phone),
                        interviews::address.eq(&input.address),
                        interviews::notes.eq(&input.notes),
                        interviews::template_id.eq(input.template),
                        interviews::state.eq(SCHEDULED),
                        interviews::version.eq(1),
                        interviews::created_by.eq(member),
                        interviews::created_at.eq(now),
                        interviews::updated_at.eq(now),
                    ))
                    .execute(c)?;
                pipeline::move_within(c, company, member.0, &[input.apply.0], &stage, &mut |_, _| Ok(()))?;
                (new_id, 1, Some("invite"), template.clone())
            }
            Some(id) => {
                let old = interview_of(c, company, id)?;
                if old.state != SCHEDULED {
                    return Err(ApiError::BadInput("the interview is cancelled".into()));
                }
                if old.application_id != input.apply {
                    return Err(ApiError::BadInput("applyId".into()));
                }
                let moved = old.start_at != input.start || old.end_at != input.end;
                let version = if moved { old.version + 1 } else { old.version };
                if moved {
                    notice_db::drop_pending(c, &format!("interview:{id}:v{}:", old.version), now)?;
                }
                diesel::update(interviews::table.find(id))
                    .set((
                        interviews::start_at.eq(input.start),
                        interviews::end_at.eq(input.end),
                        interviews::contact.eq(&input.contact),
                        interviews::contact_phone.eq(&input.contact_phone),
                        interviews::address.eq(&input.address),
                        interviews::notes.eq(&input.notes),
                        interviews::version.eq(version),
                        // A new time asks the candidate again.
                        interviews::answer.eq(if moved { String::new() } else { old.answer.clone() }),
                        interviews::updated_at.eq(now),
                    ))
                    .execute(c)?;
                diesel::delete(interview_interviewers::table.filter(interview_interviewers::interview_id.eq(id))).execute(c)?;
                (id, version, moved.then_some("reschedule"), reschedule.clone())
            }
        };
        for m in &input.interviewers {
            diesel::insert_into(interview_interviewers::table)
                .values((interview_interviewers::interview_id.eq(interview_id), interview_interviewers::member_id.eq(m)))
                .execute(c)?;
        }
        if let Some(event) = event {
            queue_notices(c, company, interview_id, version, event, &draft, &ctx, input, &values, sending, false)?;
        }
        queue_interviewer_reminders(c, company, interview_id, version, &input.interviewers, &values, input.start)?;
        Ok(interview_id)
    })
}

/// Cancels a scheduled interview: its pending reminders are withdrawn and the cancellation notice
/// queued.
pub fn cancel(c: &mut DbConnection, company: CompanyId, id: InterviewId, sending: &Sending) -> ApiResult<()> {
    let old = interview_of(c, company, id)?;
    let ctx = notice::application_context(c, company, old.application_id)?;
    let members: Vec<MemberId> = interview_interviewers::table
        .filter(interview_interviewers::interview_id.eq(id))
        .select(interview_interviewers::member_id)
        .load(c)?;
    let names = interviewer_names(c, company, &members).unwrap_or_default();
    let draft = notice_template::of_kind(c, company, CANCELLATION)?;
    let input = InterviewInput {
        apply: old.application_id,
        job: Some(old.job_id),
        start: old.start_at,
        end: old.end_at,
        contact: old.contact.clone(),
        contact_phone: old.contact_phone.clone(),
        address: old.address.clone(),
        notes: old.notes.clone(),
        interviewers: members,
        template: None,
    };
    let values = values_for(&ctx, &input, &names);
    crate::db::write_transaction(c, |c| {
        let n = diesel::update(interviews::table.find(id).filter(interviews::state.eq(SCHEDULED)))
            .set((interviews::state.eq(CANCELLED), interviews::updated_at.eq(now_ms())))
            .execute(c)?;
        if n == 0 {
            return Err(ApiError::BadInput("the interview is cancelled".into()));
        }
        notice_db::drop_pending(c, &format!("interview:{id}:v{}:remind", old.version), now_ms())?;
        queue_notices(c, company, id, old.version, "cancel", &draft, &ctx, &input, &values, sending, true)
    })
}

/// An interview as the recruiter site lists it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InterviewCard {
    pub id: InterviewId,
    pub apply_id: ApplicationId,
    pub job_id: JobId,
    pub job_title: String,
    /// "" when the candidate blocked the company (`candidateBlocked`).
    pub candidate_name: String,
    /// The candidate blocked the company: the calendar says 候选人已屏蔽, and the resume, its files,
    /// feedback and edits are NOT_FOUND.
    pub candidate_blocked: bool,
    pub start: String,
    pub start_at: i64,
    pub end_at: i64,
    pub minutes: i64,
    pub contact: String,
    pub contact_phone: String,
    pub address: String,
    pub notes: String,
    pub state: String,
    pub answer: String,
    pub version: i32,
    pub interviewers: Vec<MemberBrief>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberBrief {
    pub id: MemberId,
    pub name: String,
}

/// The company's interviews starting in [from, to), by start; only those of `member` when given
/// (an interviewer sees only their own).
pub fn list(c: &mut DbConnection, company: CompanyId, from: i64, to: i64, member: Option<MemberId>) -> ApiResult<Vec<InterviewCard>> {
    let mut q = interviews::table
        .inner_join(applications::table.on(applications::id.eq(interviews::application_id)).inner_join(resumes::table))
        .inner_join(jobs::table.on(jobs::id.eq(interviews::job_id)))
        .filter(interviews::company_id.eq(company))
        .filter(interviews::start_at.ge(from))
        .filter(interviews::start_at.lt(to))
        .into_boxed();
    if let Some(m) = member {
        let mine = interview_interviewers::table.filter(interview_interviewers::member_id.eq(m)).select(interview_interviewers::interview_id);
        q = q.filter(interviews::id.eq_any(mine));
    }
    let rows: Vec<(Interview, String, String, ResumeId)> = q
        .order((interviews::start_at.asc(), interviews::id.asc()))
        .limit(500)
        .select((Interview::as_select(), jobs::title, resumes::name, resumes::id))
        .load(c)?;
    // A candidate who blocked the company leaves no name on its calendar; a hidden resume's shows as sent.
    let mut shown = Vec::with_capacity(rows.len());
    for (i, job_title, live, resume) in rows {
        let name = crate::domain::visibility::shown_name(c, company, i.application_id.0, resume, &live)?;
        shown.push((i, job_title, name));
    }
    let ids: Vec<InterviewId> = shown.iter().map(|r| r.0.id).collect();
    let people: Vec<(InterviewId, MemberId, String)> = interview_interviewers::table
        .inner_join(company_members::table)
        .filter(interview_interviewers::interview_id.eq_any(&ids))
        .select((interview_interviewers::interview_id, company_members::id, company_members::name))
        .load(c)?;
    Ok(shown
        .into_iter()
        .map(|(i, job_title, candidate_name)| InterviewCard {
            interviewers: people.iter().filter(|p| p.0 == i.id).map(|p| MemberBrief { id: p.1, name: p.2.clone() }).collect(),
            id: i.id,
            apply_id: i.application_id,
            job_id: i.job_id,
            job_title,
            candidate_blocked: candidate_name.is_none(),
            candidate_name: candidate_name.unwrap_or_default(),
            start: rules::format_start(i.start_at),
            start_at: i.start_at,
            end_at: i.end_at,
            minutes: (i.end_at - i.start_at) / 60_000,
            contact: i.contact,
            contact_phone: i.contact_phone,
            address: i.address,
            notes: i.notes,
            state: i.state,
            answer: i.answer,
            version: i.version,
        })
        .collect())
}

/// One interview of the company; for an interviewer only one assigned to them (else NOT_FOUND).
pub fn get(c: &mut DbConnection, company: CompanyId, id: InterviewId, member: Option<MemberId>) -> ApiResult<(InterviewCard, Vec<Feedback>)> {
    let i = interview_of(c, company, id)?;
    let card = list(c, company, i.start_at, i.start_at + 1, member)?.into_iter().find(|x| x.id == id).ok_or(ApiError::NotFound)?;
    let mut q = interview_feedback::table
        .inner_join(company_members::table)
        .filter(interview_feedback::interview_id.eq(id))
        .into_boxed();
    if let Some(m) = member {
        q = q.filter(interview_feedback::member_id.eq(m));
    }
    let rows: Vec<(MemberId, String, String, String, i64)> = q
        .select((interview_feedback::member_id, company_members::name, interview_feedback::scores, interview_feedback::comment, interview_feedback::updated_at))
        .load(c)?;
    let feedback = rows
        .into_iter()
        .map(|(member_id, name, scores, comment, updated_at)| Feedback {
            member_id,
            name,
            scores: serde_json::from_str(&scores).unwrap_or_default(),
            comment,
            updated_at,
        })
        .collect();
    Ok((card, feedback))
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Feedback {
    pub member_id: MemberId,
    pub name: String,
    pub scores: serde_json::Value,
    pub comment: String,
    pub updated_at: i64,
}

/// An interviewer's feedback on an interview assigned to them: scores 1-5 per criterion
/// (at most 10 criteria of at most 20 characters), a comment of at most 2000.
pub fn feedback(c: &mut DbConnection, company: CompanyId, member: MemberId, id: InterviewId, scores: &BTreeMap<String, i64>, comment: &str) -> ApiResult<()> {
    if scores.is_empty() || scores.len() > 10 || scores.iter().any(|(k, v)| k.trim().is_empty() || k.chars().count() > 20 || !(1..=5).contains(v)) {
        return Err(ApiError::BadInput("scores".into()));
    }
    if comment.chars().count() > rules::COMMENT_MAX {
        return Err(ApiError::BadInput("comment".into()));
    }
    // NotFound for an interview not the company's, or whose candidate blocked it.
    resume_for(c, company, id, None)?;
    let assigned: i64 = interview_interviewers::table
        .filter(interview_interviewers::interview_id.eq(id))
        .filter(interview_interviewers::member_id.eq(member))
        .count()
        .get_result(c)?;
    if assigned == 0 {
        return Err(ApiError::NotFound);
    }
    let scores = serde_json::to_string(scores).map_err(ApiError::internal)?;
    crate::db::write_transaction(c, |c| {
        diesel::delete(interview_feedback::table.find((id, member))).execute(c)?;
        diesel::insert_into(interview_feedback::table)
            .values((
                interview_feedback::interview_id.eq(id),
                interview_feedback::member_id.eq(member),
                interview_feedback::scores.eq(&scores),
                interview_feedback::comment.eq(comment.trim()),
                interview_feedback::updated_at.eq(now_ms()),
            ))
            .execute(c)?;
        Ok(())
    })
}

// ---------------------------------------------------------------- the candidate's side

/// An interview as the candidate sees it on /my/apply.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CandidateInterview {
    pub id: InterviewId,
    pub apply_id: ApplicationId,
    pub job_id: JobId,
    pub job_title: String,
    pub company_name: String,
    pub start: String,
    pub start_at: i64,
    pub minutes: i64,
    pub address: String,
    pub contact: String,
    pub contact_phone: String,
    pub notes: String,
    pub state: String,
    /// Why a cancelled interview was: "" (the company cancelled) or "blocked" (the candidate blocked it).
    pub cancel_reason: String,
    pub answer: String,
}

pub fn for_candidate(c: &mut DbConnection, user: UserId) -> ApiResult<Vec<CandidateInterview>> {
    let rows: Vec<(Interview, String, String, String)> = interviews::table
        .inner_join(jobs::table.on(jobs::id.eq(interviews::job_id)))
        .inner_join(companies::table.on(companies::id.eq(interviews::company_id)))
        .filter(interviews::user_id.eq(user))
        .order(interviews::start_at.desc())
        .limit(200)
        .select((Interview::as_select(), jobs::title, companies::name, companies::short_name))
        .load(c)?;
    Ok(rows
        .into_iter()
        .map(|(i, job_title, name, short)| CandidateInterview {
            id: i.id,
            apply_id: i.application_id,
            job_id: i.job_id,
            job_title,
            company_name: if short.trim().is_empty() { name } else { short },
            start: rules::format_start(i.start_at),
            start_at: i.start_at,
            minutes: (i.end_at - i.start_at) / 60_000,
            address: i.address,
            contact: i.contact,
            contact_phone: i.contact_phone,
            notes: i.notes,
            state: i.state,
            cancel_reason: i.cancel_reason,
            answer: i.answer,
        })
        .collect())
}

/// The candidate accepts or declines a scheduled interview of theirs (NOT_FOUND for another's).
pub fn answer(c: &mut DbConnection, user: UserId, id: InterviewId, accept: bool) -> ApiResult<()> {
    crate::db::write_transaction(c, |c| {
        let i: Interview = interviews::table
            .filter(interviews::id.eq(id))
            .filter(interviews::user_id.eq(user))
            .select(Interview::as_select())
            .first(c)
            .optional()?
            .ok_or(ApiError::NotFound)?;
        if i.state != SCHEDULED {
            return Err(ApiError::BadInput("the interview is cancelled".into()));
        }
        diesel::update(interviews::table.find(id))
            .set((interviews::answer.eq(if accept { "accepted" } else { "declined" }), interviews::answered_at.eq(Some(now_ms()))))
            .execute(c)?;
        Ok(())
    })
}
