use core_wasm::notice_template::{TemplateDraft, TemplateProblem, TemplateVerdict};

use crate::db::application::CandidateStatus;
use crate::db::interview::{self as interview_db, Answer, CancelReason, InterviewEdit, InterviewState, NewInterview};
use crate::db::{interview_interviewer, interviewer, notice as notice_db, notice_template as template_db, DbConnection};
use crate::domain::notice_template::{self, CANCELLATION, INVITATION, RESCHEDULE};
use crate::domain::{notice, pipeline};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, CompanyId, InterviewId, MemberId, UserId};

use super::input::{invalid, InterviewInput};
use super::notices::{self, CandidateNotice, Sending};

/// The names of the company's active members `ids`, in that order; BAD_INPUT when one is not.
fn interviewer_names(c: &mut DbConnection, company: CompanyId, ids: &[MemberId]) -> ApiResult<Vec<String>> {
    let found = interviewer::enabled_names(c, company, ids)?;
    ids.iter()
        .map(|id| found.iter().find(|m| m.id == *id).map(|m| if m.name.is_empty() { "面试官".to_string() } else { m.name.clone() }))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| ApiError::BadInput("interviewers".into()))
}

/// INTERVIEW_CONFLICT when [start, end) overlaps another scheduled interview of the candidate or
/// of one of the interviewers, in the company; `except` is the interview being edited.
fn check_conflicts(c: &mut DbConnection, company: CompanyId, user: UserId, members: &[MemberId], start: i64, end: i64, except: InterviewId) -> ApiResult<()> {
    let candidate = interview_db::overlapping_of_user(c, company, user, start, end, except)?;
    let interviewers = interview_interviewer::overlapping_of_members(c, company, members, start, end, except)?;
    if candidate + interviewers > 0 {
        return Err(ApiError::InterviewConflict);
    }
    Ok(())
}

/// Saves a new interview (`id` None) or edits one; returns its id.
pub fn save(c: &mut DbConnection, company: CompanyId, member: MemberId, id: Option<InterviewId>, input: &InterviewInput, sending: &Sending) -> ApiResult<InterviewId> {
    let stage = pipeline::stages(c, company)?
        .into_iter()
        .find(|s| s.status == CandidateStatus::Interview)
        .ok_or_else(|| ApiError::BadInput("the company has no interview stage".into()))?;
    // NotFound for an application that is not the company's.
    let ctx = notice::application_context(c, company, input.apply)?;
    if input.job.is_some_and(|job| job != ctx.job_id) {
        let mut verdict = TemplateVerdict::new();
        verdict.insert("applyId".into(), TemplateProblem { key: "interview.notOnJob", limit: None, name: None });
        return Err(invalid(&verdict));
    }
    let names = interviewer_names(c, company, &input.interviewers)?;
    let template: TemplateDraft = match input.template {
        Some(t) => notice_template::draft_of(&template_db::get(c, company, t)?.ok_or_else(|| ApiError::BadInput("template".into()))?),
        None => notice_template::of_kind(c, company, INVITATION)?,
    };
    let reschedule = notice_template::of_kind(c, company, RESCHEDULE)?;
    let values = notices::values_for(&ctx, input, &names);
    crate::db::write_transaction(c, |c| {
        interview_db::lock_schedule(c, company)?;
        check_conflicts(c, company, ctx.user_id, &input.interviewers, input.start, input.end, id.unwrap_or(InterviewId(0)))?;
        let now = now_ms();
        let (interview_id, version, event, draft) = match id {
            None => {
                let new_id: InterviewId = new_id();
                interview_db::insert(
                    c,
                    &NewInterview {
                        id: new_id,
                        company_id: company,
                        application_id: input.apply,
                        job_id: ctx.job_id,
                        user_id: ctx.user_id,
                        start_at: input.start,
                        end_at: input.end,
                        contact: &input.contact,
                        contact_phone: &input.contact_phone,
                        address: &input.address,
                        notes: &input.notes,
                        template_id: input.template,
                        state: InterviewState::Scheduled,
                        version: 1,
                        created_by: member,
                        created_at: now,
                        updated_at: now,
                    },
                )?;
                pipeline::move_within(c, company, member.0, &[input.apply.0], &stage, &mut |_, _| Ok(()))?;
                (new_id, 1, Some("invite"), &template)
            }
            Some(id) => {
                let old = interview_db::of_company(c, company, id)?.ok_or(ApiError::NotFound)?;
                if old.state != InterviewState::Scheduled {
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
                let edit = InterviewEdit {
                    start_at: input.start,
                    end_at: input.end,
                    contact: &input.contact,
                    contact_phone: &input.contact_phone,
                    address: &input.address,
                    notes: &input.notes,
                    version,
                    // A new time asks the candidate again.
                    answer: if moved { Answer::Unanswered } else { old.answer },
                    updated_at: now,
                };
                interview_db::update(c, id, &edit)?;
                (id, version, moved.then_some("reschedule"), &reschedule)
            }
        };
        interview_interviewer::assign(c, interview_id, &input.interviewers)?;
        if let Some(event) = event {
            let which = CandidateNotice { id: interview_id, version, event, draft, cancelled: false };
            notices::queue_for_candidate(c, company, &which, &ctx, input, &values, sending)?;
        }
        notices::queue_for_interviewers(c, company, interview_id, version, &input.interviewers, &values, input.start)?;
        Ok(interview_id)
    })
}

/// Cancels a scheduled interview: its pending reminders are withdrawn and the cancellation notice
/// queued.
pub fn cancel(c: &mut DbConnection, company: CompanyId, id: InterviewId, sending: &Sending) -> ApiResult<()> {
    let old = interview_db::of_company(c, company, id)?.ok_or(ApiError::NotFound)?;
    let ctx = notice::application_context(c, company, old.application_id)?;
    let members = interview_interviewer::members_of(c, id)?;
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
    let values = notices::values_for(&ctx, &input, &names);
    crate::db::write_transaction(c, |c| {
        if interview_db::cancel(c, id, CancelReason::Company, now_ms())? == 0 {
            return Err(ApiError::BadInput("the interview is cancelled".into()));
        }
        notice_db::drop_pending(c, &format!("interview:{id}:v{}:remind", old.version), now_ms())?;
        let which = CandidateNotice { id, version: old.version, event: "cancel", draft: &draft, cancelled: true };
        notices::queue_for_candidate(c, company, &which, &ctx, &input, &values, sending)
    })
}
