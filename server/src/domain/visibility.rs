//! Which resumes a company may see. Every employer-facing read of a resume goes through
//! here, so a candidate's block and a resume's openness hold wherever the recruiter side reads.
//!
//! Two settings of the candidate's decide, the block first:
//! - A block covers the blocked company and every company of the same group, that is
//!   sharing its brand (the short name, compared by key: core_wasm::company::name_key, so a blank
//!   or white-space-only one is no brand; blocking 深圳市腾讯计算机系统有限公司 also hides the
//!   resume from 腾讯云计算（北京）有限责任公司 when both are 腾讯). It wins over everything,
//!   applications included.
//! - The resume's openness (/pcuser/updateType, core-wasm's behaviour::Openness): `public` (the
//!   default) lets every company find and open it; `applied` and `hidden` keep it out of every
//!   search, and only a company holding an application with the resume (to one of its own jobs)
//!   may open it. They differ in what that company reads: `applied` opens the live resume (by id
//!   and in the application), `hidden` only the resume as it was sent with each application
//!   (`application_resumes`, kept at apply time) and never the live one by id. An application
//!   older than that table shows the live resume unless the resume is hidden.

use core_wasm::behaviour::Openness;
use diesel::QueryResult;

use crate::db::{application, application_resume, resume, resume_openness, resume_view, shield, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, CompanyId, ResumeId, UserId};

/// The companies a block on `company` covers: itself and its group (the companies sharing its brand
/// by key; db/company.rs `group_of` is the one definition).
pub fn group_of(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<i64>> {
    crate::db::company::group_of(conn, company)
}

/// The resumes blocked for `viewer` or its group.
pub fn blocked_for(conn: &mut DbConnection, viewer: CompanyId) -> QueryResult<Vec<i64>> {
    let group = group_of(conn, viewer)?;
    shield::blocked_for_group(conn, &group)
}

/// The resumes closed to search at or after `since`: resume search's index (search/resumes.rs) may
/// hold them until its next sync, so the query leaves them out by id meanwhile.
pub fn closed_since(conn: &mut DbConnection, since: i64) -> QueryResult<Vec<i64>> {
    resume_openness::closed_since(conn, since)
}

/// The subset of `resumes` that `viewer` may open.
pub fn visible_to(conn: &mut DbConnection, viewer: CompanyId, resumes: &[ResumeId]) -> QueryResult<Vec<ResumeId>> {
    if resumes.is_empty() {
        return Ok(Vec::new());
    }
    let group = group_of(conn, viewer)?;
    let ids: Vec<i64> = resumes.iter().map(|r| r.0).collect();
    let blocked = shield::blocked_among(conn, &ids, &group)?;
    let closed: Vec<i64> = resume_openness::of_resumes(conn, &ids)?
        .into_iter()
        .filter(|r| !resume_openness::read_code(&r.openness).searchable())
        .map(|r| r.resume_id.0)
        .collect();
    // A closed resume is open to the companies holding an application with it.
    let sent_to_viewer = if closed.is_empty() { Vec::new() } else { application::held_by_company(conn, viewer, &closed)? };
    Ok(resumes
        .iter()
        .copied()
        .filter(|r| !blocked.contains(&r.0))
        .filter(|r| !closed.contains(&r.0) || sent_to_viewer.contains(&r.0))
        .collect())
}

/// Whether `viewer` may hold the resume: the application's card, its files.
pub fn may_view(conn: &mut DbConnection, viewer: CompanyId, resume: ResumeId) -> QueryResult<bool> {
    Ok(!visible_to(conn, viewer, &[resume])?.is_empty())
}

/// Whether the candidate hid the resume: companies holding an application read it as it was sent.
pub fn is_hidden(conn: &mut DbConnection, resume: ResumeId) -> QueryResult<bool> {
    Ok(resume_openness::of_resumes(conn, &[resume.0])?.iter().any(|r| resume_openness::read_code(&r.openness) == Openness::Hidden))
}

/// How a company reaches a resume: through an application to one of its jobs (free), through
/// resume search (counted against the month's quota, domain/plan.rs), or not at all. A block wins
/// over both (`may_view`).
#[derive(Debug, PartialEq, Eq)]
pub enum Access {
    Applied,
    Searched,
    Denied,
}

pub fn access(conn: &mut DbConnection, viewer: CompanyId, resume: ResumeId) -> QueryResult<Access> {
    if !may_view(conn, viewer, resume)? {
        return Ok(Access::Denied);
    }
    if application::company_holds(conn, viewer, resume)? {
        return Ok(Access::Applied);
    }
    Ok(if resume::by_id(conn, resume)?.is_some_and(|r| r.filled) { Access::Searched } else { Access::Denied })
}

/// Whether `viewer` may open the live resume by its id (/comresume/resume, search's path): as
/// `may_view`, except that a hidden resume is never opened live.
pub fn may_open_live(conn: &mut DbConnection, viewer: CompanyId, resume: ResumeId) -> QueryResult<bool> {
    Ok(may_view(conn, viewer, resume)? && !is_hidden(conn, resume)?)
}

/// A resume as a company reads it in an application: the live resume's view, or the copy kept
/// when it was sent (a hidden resume's), as JSON; both are a `ResumeView`, as the document says.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(transparent)]
pub struct ApplicationResume(pub serde_json::Value);

impl utoipa::PartialSchema for ApplicationResume {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::RefOr::Ref(utoipa::openapi::Ref::from_schema_name(<resume_view::ResumeView as utoipa::ToSchema>::name()))
    }
}

impl utoipa::ToSchema for ApplicationResume {
    fn schemas(schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        use utoipa::PartialSchema;
        schemas.push((resume_view::ResumeView::name().into_owned(), resume_view::ResumeView::schema()));
        resume_view::ResumeView::schemas(schemas);
    }
}

/// The resume a company reads in its application `application` (with `resume`), which the
/// caller has checked the company holds: the resume as sent when it is hidden, else the live one.
/// A hidden resume's application older than `application_resumes` has nothing to show: NOT_FOUND.
pub fn application_resume(conn: &mut DbConnection, application: i64, resume: ResumeId) -> ApiResult<ApplicationResume> {
    if is_hidden(conn, resume)? {
        let sent = application_resume::of_application(conn, application)?.ok_or(ApiError::NotFound)?;
        return serde_json::from_str(&sent).map(ApplicationResume).map_err(|e| ApiError::Internal(format!("application_resumes {application}: {e}")));
    }
    let row = resume::by_id(conn, resume)?.ok_or(ApiError::NotFound)?;
    Ok(ApplicationResume(serde_json::to_value(resume_view::view(conn, &row)?).map_err(|e| ApiError::Internal(e.to_string()))?))
}

/// The candidate's name as `viewer` may show it beside its application `application` (carrying
/// `resume`, whose live name is `live`): None when the candidate blocked the company (the card says
/// 候选人已屏蔽 and shows nothing of theirs), the name as sent when the resume is hidden, else `live`.
pub fn shown_name(conn: &mut DbConnection, viewer: CompanyId, application: i64, resume: ResumeId, live: &str) -> QueryResult<Option<String>> {
    if !may_view(conn, viewer, resume)? {
        return Ok(None);
    }
    if is_hidden(conn, resume)? {
        let sent = application_resume::of_application(conn, application)?;
        let name = sent
            .and_then(|s| serde_json::from_str::<serde_json::Value>(&s).ok())
            .and_then(|v| v.pointer("/sections/basic/name").and_then(serde_json::Value::as_str).map(str::to_string));
        return Ok(Some(name.unwrap_or_default()));
    }
    Ok(Some(live.to_string()))
}

/// Whether `viewer` may download the resume's file `file`: any file of a resume it may view, but of
/// a hidden resume only the files sent with one of its applications (the photo or an attachment of
/// `application_resume`'s copy), never one added since.
pub fn may_download(conn: &mut DbConnection, viewer: CompanyId, resume: ResumeId, file: i64) -> QueryResult<bool> {
    if !is_hidden(conn, resume)? {
        return Ok(true);
    }
    let sent = application_resume::sent_to_company(conn, viewer.0, resume.0)?;
    Ok(sent.iter().filter_map(|s| serde_json::from_str::<serde_json::Value>(s).ok()).any(|v| {
        let photo = v.get("photo").into_iter();
        let files = v.get("files").and_then(|f| f.as_object()).into_iter().flat_map(|m| m.values()).flat_map(|list| match list {
            serde_json::Value::Array(items) => items.iter().collect::<Vec<_>>(),
            one => vec![one],
        });
        photo.chain(files).any(|f| f.get("id").and_then(serde_json::Value::as_i64) == Some(file))
    }))
}

/// Keeps the resume as it is now with the new application `application`.
pub fn keep_sent_resume(conn: &mut DbConnection, application: crate::ids::ApplicationId, resume: ResumeId, now: i64) -> ApiResult<()> {
    let row = resume::by_id(conn, resume)?.ok_or(ApiError::NotFound)?;
    let sent = serde_json::to_string(&resume_view::view(conn, &row)?).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(application_resume::insert(conn, application, &sent, now)?)
}

/// `/pcuser/updateType`: the candidate sets one of their own resumes' openness. Another user's
/// resume is NOT_FOUND. Resume search leaves out a resume closed since its index's last sync, so
/// closing holds at once; the caller syncs this server's index so that opening does too.
pub fn set_openness(conn: &mut DbConnection, user: UserId, resume: ResumeId, openness: Openness) -> ApiResult<()> {
    if !resume::is_owned(conn, user, resume)? {
        return Err(ApiError::NotFound);
    }
    crate::db::write_transaction(conn, |c| Ok(resume_openness::set(c, resume, openness, now_ms())?))
}

/// Whether the candidate `user` blocked `company` (or a company of its group) with any of their
/// resumes: such a company cannot open a chat with them, and the conversations it has with them
/// are closed to it (domain/chat.rs).
pub fn user_blocked(conn: &mut DbConnection, user: UserId, company: CompanyId) -> QueryResult<bool> {
    let group = group_of(conn, company)?;
    Ok(!shield::hidden_from_group(conn, user, &group)?.is_empty())
}

/// Which of `users` blocked `company` (or its group), as `user_blocked` says for one.
pub fn users_blocking(conn: &mut DbConnection, users: &[UserId], company: CompanyId) -> QueryResult<Vec<UserId>> {
    if users.is_empty() {
        return Ok(Vec::new());
    }
    let group = group_of(conn, company)?;
    shield::users_blocking_group(conn, users, &group)
}

/// The candidate's name as `viewer` may show it beside something that is not an application (a
/// chat about `resume`): the live name where it may open the live resume; the name as sent with one
/// of its applications where it holds one of a hidden resume; else nothing.
pub fn shown_name_of_resume(conn: &mut DbConnection, viewer: CompanyId, resume: ResumeId) -> QueryResult<Option<String>> {
    if may_open_live(conn, viewer, resume)? {
        return resume::name_of(conn, resume);
    }
    if !may_view(conn, viewer, resume)? {
        return Ok(None);
    }
    let Some(application) = application::of_resume_at(conn, resume, &[viewer.0])?.into_iter().next() else { return Ok(None) };
    shown_name(conn, viewer, application, resume, "")
}
