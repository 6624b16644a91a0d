//! A company's private candidates (issue 17): a recruiter's resume file, read by the analysis
//! and reviewed, saved as a row only the company's owner and HR see. Never a candidate account,
//! never merged on its own: a mobile or email already among the company's private candidates or
//! applicants is a warning the recruiter must confirm.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::db::talent::{self, Talent, TalentItem};
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, ApplicationId, CompanyId, JobId, MemberId, TalentId};
use core_wasm::talent::{check_sections, normalise_email, normalise_mobile, SectionsError};

/// One possible duplicate: a private candidate of the company, or an application to one of its jobs.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[schema(as = TalentDuplicate)]
pub enum Duplicate {
    #[serde(rename_all = "camelCase")]
    Talent {
        id: TalentId,
        name: String,
        mobile: String,
        email: String,
        #[schema(required)]
        job_title: Option<String>,
        created_at: i64,
    },
    #[serde(rename_all = "camelCase")]
    Applicant { application_id: ApplicationId, name: String, job_title: String, created_at: i64 },
}

/// The normalised mobile and email of a sections' basics.
pub fn contacts(sections: &Map<String, Value>) -> (String, String) {
    let basic = sections.get("basic");
    let field = |k: &str| basic.and_then(|b| b.get(k)).and_then(Value::as_str).unwrap_or("");
    (normalise_mobile(field("mobile")), normalise_email(field("email")))
}

/// The company's private candidates and applicants with this mobile or email (raw; normalised here).
/// An applicant matches when the normalised mobile or email of the account or of the resume's
/// basics equals the one given, never a part of it; only applications the company may still see
/// count (a candidate who blocked it is not there), named as the company may show them (a hidden
/// resume's name as it was sent).
pub fn duplicates(c: &mut DbConnection, company: CompanyId, mobile: &str, email: &str) -> ApiResult<Vec<Duplicate>> {
    let (mobile, email) = (normalise_mobile(mobile), normalise_email(email));
    let mut out: Vec<Duplicate> = talent::same_contact(c, company, &mobile, &email)?
        .into_iter()
        .map(|t: TalentItem| Duplicate::Talent { id: t.id, name: t.name, mobile: t.mobile, email: t.email, job_title: t.job_title, created_at: t.created_at })
        .collect();
    for a in talent::applicants_with_contact(c, company, &mobile, &email)? {
        let basic = a.basic.as_deref().and_then(|b| serde_json::from_str::<Value>(b).ok());
        let field = |k: &str| basic.as_ref().and_then(|b| b.get(k)).and_then(Value::as_str).unwrap_or("").to_string();
        let same_mobile = !mobile.is_empty()
            && (normalise_mobile(a.user_mobile.as_deref().unwrap_or("")) == mobile || normalise_mobile(&field("mobile")) == mobile);
        let same_email =
            !email.is_empty() && (normalise_email(a.user_email.as_deref().unwrap_or("")) == email || normalise_email(&field("email")) == email);
        if !(same_mobile || same_email) {
            continue;
        }
        let live = Some(field("name")).filter(|n| !n.is_empty()).unwrap_or(a.user_name);
        let Some(name) = crate::domain::visibility::shown_name(c, company, a.application_id.0, a.resume_id, &live)? else {
            continue;
        };
        out.push(Duplicate::Applicant { application_id: a.application_id, name, job_title: a.job_title, created_at: a.created_at });
    }
    Ok(out)
}

/// The sections as core-wasm's talent rules clean them; a broken rule is FIELDS_INVALID with
/// the verdict keyed by `section.field` or `section.index.field`.
pub fn checked_sections(sections: &Value) -> ApiResult<Map<String, Value>> {
    check_sections(sections).map_err(|e| match e {
        SectionsError::Shape(why) => ApiError::BadInput(why),
        SectionsError::Invalid(at, verdict) => {
            let keyed: Map<String, Value> = verdict.iter().map(|(field, p)| (format!("{at}.{field}"), serde_json::to_value(p).unwrap_or(Value::Null))).collect();
            ApiError::FieldsInvalid(Value::Object(keyed).to_string())
        }
    })
}

/// What a save brings: the checked sections, the job, the stored file.
pub struct NewTalent {
    pub sections: Map<String, Value>,
    pub job: Option<JobId>,
    pub original_name: String,
    pub stored_name: String,
    pub content_type: String,
    pub file_size: i64,
    pub member: MemberId,
    pub confirm_duplicate: bool,
}

/// Saves a private candidate, onto the job's pipeline when it names one; TALENT_DUPLICATE when its mobile or email matches and the recruiter
/// did not confirm; another company's job is NOT_FOUND. Returns the new id.
pub fn save(c: &mut DbConnection, company: CompanyId, new: NewTalent) -> ApiResult<TalentId> {
    if let Some(job) = new.job {
        talent::company_job_title(c, company, job)?.ok_or(ApiError::NotFound)?;
    }
    let (mobile, email) = contacts(&new.sections);
    if !new.confirm_duplicate && !duplicates(c, company, &mobile, &email)?.is_empty() {
        return Err(ApiError::TalentDuplicate);
    }
    let name = new.sections.get("basic").and_then(|b| b.get("name")).and_then(Value::as_str).unwrap_or("").to_string();
    let row = Talent {
        id: new_id(),
        company_id: company,
        job_id: new.job,
        name,
        mobile,
        email,
        sections: Value::Object(new.sections).to_string(),
        original_name: new.original_name,
        stored_name: new.stored_name,
        content_type: new.content_type,
        file_size: new.file_size,
        created_by: new.member,
        created_at: now_ms(),
    };
    talent::insert(c, &row)?;
    // Saved for a job: onto its pipeline, in the first stage (the caller made the stages).
    if let Some(job) = row.job_id {
        crate::domain::talent_pipeline::arrive(c, company, row.id, job, row.created_by, row.created_at)?;
    }
    Ok(row.id)
}

/// One private candidate as `/comtalent/get` shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TalentView {
    pub id: TalentId,
    pub name: String,
    pub mobile: String,
    pub email: String,
    #[schema(required)]
    pub job_id: Option<JobId>,
    #[schema(required)]
    pub job_title: Option<String>,
    /// As core-wasm's talent rules keep them: the entries of lists have no ids (null).
    #[schema(schema_with = crate::db::resume_view::found_sections_schema)]
    pub sections: Value,
    pub file: TalentFile,
    pub created_at: i64,
    /// The job pipelines it is on, each with its stage, notes and moves.
    pub pipelines: Vec<crate::domain::talent_pipeline::EntryDetail>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TalentFile {
    pub original_name: String,
    pub content_type: String,
    pub size: i64,
    pub url: String,
}

pub fn view(c: &mut DbConnection, company: CompanyId, id: TalentId) -> ApiResult<TalentView> {
    let t = talent::get(c, company, id)?.ok_or(ApiError::NotFound)?;
    let job_title = match t.job_id {
        Some(j) => talent::company_job_title(c, company, j)?,
        None => None,
    };
    Ok(TalentView {
        id: t.id,
        name: t.name,
        mobile: t.mobile,
        email: t.email,
        job_id: t.job_id,
        job_title,
        sections: serde_json::from_str(&t.sections).map_err(ApiError::internal)?,
        file: TalentFile { original_name: t.original_name, content_type: t.content_type, size: t.file_size, url: format!("/ajax/comtalent/file/{}", t.id) },
        created_at: t.created_at,
        pipelines: crate::domain::talent_pipeline::of_talent(c, company, t.id)?,
    })
}
