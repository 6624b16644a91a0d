use core_wasm::interview as rules;
use core_wasm::notice_template::TemplateVerdict;

use crate::error::{ApiError, ApiResult};
use crate::ids::{ApplicationId, JobId, MemberId, NoticeTemplateId};

/// FIELDS_INVALID with core-wasm's verdict, as the form shows it.
pub fn invalid(verdict: &TemplateVerdict) -> ApiError {
    ApiError::FieldsInvalid(serde_json::to_string(verdict).unwrap_or_default())
}

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
