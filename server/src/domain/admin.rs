//! What administrators do, each write with its audit row in the same transaction: accounts
//! (disable with a reason, enable, unlock), company verification and disabling, the queue of jobs
//! held for black words (approve or take down), job take-downs and reports, black words. TOTP
//! second factors for the admins themselves.

use diesel::prelude::*;
use serde::Serialize;
use totp_rs::{Algorithm, Secret, TOTP};

use crate::db::admin::{self, Admin, Entry};
use crate::db::schema::{
    account_disables, black_words, companies, company_disables, company_members, company_reviews, company_sessions, job_moderation, job_reports, jobs,
    users,
};
use crate::db::{session, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, AdminId, CompanyId, JobId, JobReportId, MemberId, UserId};

pub const ISSUER: &str = "职达招聘 admin";
/// Sessions end after 30 idle minutes, and after 12 hours whatever happens.
pub const IDLE_MS: i64 = 30 * 60 * 1000;
pub const MAX_SESSION_MS: i64 = 12 * 3600 * 1000;
pub const REASON_MAX: usize = 200;

/// A new random TOTP secret, base32.
pub fn new_totp_secret() -> String {
    Secret::generate_secret().to_encoded().to_string()
}

fn totp(secret: &str, username: &str) -> Option<TOTP> {
    let bytes = Secret::Encoded(secret.to_string()).to_bytes().ok()?;
    TOTP::new(Algorithm::SHA1, 6, 1, 30, bytes, Some(ISSUER.to_string()), username.to_string()).ok()
}

/// The 30-second step `code` belongs to, when it is the admin's code for the current step or one
/// step either side (clock skew). The caller refuses a step already used (`claim_totp_step`).
pub fn totp_step(a: &Admin, code: &str) -> Option<u64> {
    let code = code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let t = totp(&a.totp_secret, &a.username)?;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).ok()?.as_secs();
    let step = now / t.step;
    // Each step on its own (the code of one step is compared in constant time by totp-rs's check
    // with no skew), so that the step that matched is known.
    let exact = TOTP { skew: 0, ..t.clone() };
    [step.saturating_sub(1), step, step + 1].into_iter().find(|s| exact.check(code, s * t.step))
}

/// How long a used step is remembered: longer than the three steps a code is accepted in.
const USED_STEP_TTL_MS: i64 = 4 * 30 * 1000;

/// Takes `step` for the admin, once across every server (the shared store): false when it, or a
/// later step, was used already. Taking a step also marks the two before it used, so the previous
/// window's code (accepted for clock skew) cannot open a second session after a newer one.
pub fn claim_totp_step(store: &crate::store::SharedStore, admin: AdminId, step: u64) -> Result<bool, crate::store::StoreError> {
    if !store.put_new(&format!("admin-otp-step:{}:{step}", admin.0), "1", USED_STEP_TTL_MS)? {
        return Ok(false);
    }
    for older in [step.saturating_sub(1), step.saturating_sub(2)] {
        store.put_new(&format!("admin-otp-step:{}:{older}", admin.0), "1", USED_STEP_TTL_MS)?;
    }
    Ok(true)
}

/// The otpauth:// address an authenticator app reads from the enrolment QR code.
pub fn totp_url(a: &Admin) -> String {
    totp(&a.totp_secret, &a.username).map(|t| t.get_url()).unwrap_or_default()
}

/// The code of `step` (30-second steps since 1970) for a secret (tests choose a step not yet used).
pub fn code_of_step(secret: &str, step: u64) -> Option<String> {
    Some(totp(secret, "x")?.generate(step * 30))
}

/// Who does an admin write, from where.
pub struct Actor<'a> {
    pub admin: &'a Admin,
    pub ip: &'a str,
}

impl Actor<'_> {
    fn audit(&self, c: &mut DbConnection, action: &str, target: &str, before: Option<String>, after: Option<String>, reason: &str) -> QueryResult<usize> {
        admin::audit(
            c,
            &Entry { admin_id: Some(self.admin.id), admin_name: &self.admin.username, action, target, before, after, reason, ip: self.ip },
            now_ms(),
        )
    }
}

fn reason_of(reason: &str, required: bool) -> ApiResult<String> {
    let r = reason.trim();
    if (required && r.is_empty()) || r.chars().count() > REASON_MAX {
        return Err(ApiError::BadInput("reason".into()));
    }
    Ok(r.to_string())
}

/// An account found by mobile: a candidate and/or a company member.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountRow {
    pub kind: &'static str,
    pub id: i64,
    pub mobile: String,
    pub name: String,
    pub email: String,
    pub company: String,
    pub disabled: bool,
    pub disabled_reason: String,
    pub created_at: i64,
}

fn disabled_reason(c: &mut DbConnection, kind: &str, id: i64) -> QueryResult<String> {
    Ok(account_disables::table.find((kind, id)).select(account_disables::reason).first(c).optional()?.unwrap_or_default())
}

/// Candidates and company members whose mobile, name or email holds `q`.
pub fn search_accounts(c: &mut DbConnection, q: &str) -> ApiResult<Vec<AccountRow>> {
    let q = q.trim();
    if q.is_empty() || q.chars().count() > 50 {
        return Err(ApiError::BadInput("q".into()));
    }
    let p = format!("%{}%", crate::db::like_escape(q));
    let found: Vec<(i64, Option<String>, String, Option<String>, bool, i64)> = users::table
        .filter(users::mobile.like(p.clone()).escape('\\').or(users::name.like(p.clone()).escape('\\')).or(users::email.like(p.clone()).escape('\\')))
        .select((users::id, users::mobile, users::name, users::email, users::disabled, users::created_at))
        .limit(50)
        .load(c)?;
    let mut out = Vec::new();
    for (id, mobile, name, email, disabled, created_at) in found {
        let reason = disabled_reason(c, "user", id)?;
        out.push(AccountRow {
            kind: "candidate", id, mobile: mobile.unwrap_or_default(), name, email: email.unwrap_or_default(), company: String::new(),
            disabled, disabled_reason: reason, created_at,
        });
    }
    let members: Vec<(i64, String, String, bool, i64, String)> = company_members::table
        .inner_join(companies::table)
        .filter(company_members::mobile.like(p.clone()).escape('\\').or(company_members::name.like(p).escape('\\')))
        .select((company_members::id, company_members::mobile, company_members::name, company_members::disabled, company_members::created_at, companies::name))
        .limit(50)
        .load(c)?;
    for (id, mobile, name, disabled, created_at, company) in members {
        let reason = disabled_reason(c, "member", id)?;
        out.push(AccountRow { kind: "member", id, mobile, name, email: String::new(), company, disabled, disabled_reason: reason, created_at });
    }
    Ok(out)
}

/// One account as the console's detail shows it: the account, its state, what it holds (a
/// candidate's resumes and applications, a member's company and role), and the newest audit rows
/// naming its mobile.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountDetail {
    #[serde(flatten)]
    pub account: AccountRow,
    pub resumes: Option<i64>,
    pub applications: Option<i64>,
    pub company_id: Option<CompanyId>,
    pub role: Option<String>,
    pub audit: Vec<crate::db::admin::AuditRow>,
}

/// How many audit rows the detail shows.
const DETAIL_AUDIT_ROWS: i64 = 20;

/// The detail of a candidate (`kind` "candidate") or company member ("member") by id; NOT_FOUND.
pub fn account_detail(c: &mut DbConnection, kind: &str, id: i64) -> ApiResult<AccountDetail> {
    use crate::db::schema::{applications, resumes};
    let (account, resumes, applications, company_id, role) = match kind {
        "candidate" => {
            let (mobile, name, email, disabled, created_at): (Option<String>, String, Option<String>, bool, i64) = users::table
                .find(UserId(id))
                .select((users::mobile, users::name, users::email, users::disabled, users::created_at))
                .first(c)
                .optional()?
                .ok_or(ApiError::NotFound)?;
            let resume_count: i64 = resumes::table.filter(resumes::user_id.eq(UserId(id))).count().get_result(c)?;
            let application_count: i64 = applications::table.filter(applications::user_id.eq(UserId(id))).count().get_result(c)?;
            let account = AccountRow {
                kind: "candidate", id, mobile: mobile.unwrap_or_default(), name, email: email.unwrap_or_default(), company: String::new(),
                disabled, disabled_reason: disabled_reason(c, "user", id)?, created_at,
            };
            (account, Some(resume_count), Some(application_count), None, None)
        }
        "member" => {
            let (mobile, name, disabled, created_at, role, company_id, company): (String, String, bool, i64, String, CompanyId, String) = company_members::table
                .inner_join(companies::table)
                .filter(company_members::id.eq(MemberId(id)))
                .select((company_members::mobile, company_members::name, company_members::disabled, company_members::created_at, company_members::role, companies::id, companies::name))
                .first(c)
                .optional()?
                .ok_or(ApiError::NotFound)?;
            let account = AccountRow {
                kind: "member", id, mobile, name, email: String::new(), company, disabled, disabled_reason: disabled_reason(c, "member", id)?, created_at,
            };
            (account, None, None, Some(company_id), Some(role))
        }
        _ => return Err(ApiError::BadInput("kind".into())),
    };
    // Every row about the account names its mobile in the target ("candidate 138…", "mobile 138…").
    let audit = if account.mobile.is_empty() { Vec::new() } else { admin::audit_page(c, &account.mobile, 0, DETAIL_AUDIT_ROWS)?.1 };
    Ok(AccountDetail { account, resumes, applications, company_id, role, audit })
}

/// Disables (or enables) every account on `mobile`, candidate and company member alike; their
/// sessions end at once. Returns the candidate's id, whose cached log-ins the caller drops.
pub fn set_account_disabled(c: &mut DbConnection, actor: &Actor, mobile: &str, disabled: bool, reason: &str) -> ApiResult<Option<UserId>> {
    let mobile = mobile.trim();
    if !core_wasm::account::is_mainland_mobile(mobile) {
        return Err(ApiError::BadInput("mobile".into()));
    }
    let reason = reason_of(reason, disabled)?;
    crate::db::write_transaction(c, |c| {
        let now = now_ms();
        let user: Option<(UserId, bool)> = users::table.filter(users::mobile.eq(mobile)).select((users::id, users::disabled)).first(c).optional()?;
        let member: Option<(MemberId, bool)> =
            company_members::table.filter(company_members::mobile.eq(mobile)).select((company_members::id, company_members::disabled)).first(c).optional()?;
        if user.is_none() && member.is_none() {
            return Err(ApiError::UserNotFound);
        }
        let action = if disabled { "account.disable" } else { "account.enable" };
        let state = |d: bool| Some(if d { "disabled" } else { "enabled" }.to_string());
        if let Some((id, was)) = user {
            crate::db::user::set_disabled(c, id, disabled, now)?;
            set_reason(c, "user", id.0, disabled.then_some(reason.as_str()), now)?;
            if disabled {
                session::revoke_all(c, id, None, now)?;
            }
            actor.audit(c, action, &format!("candidate {mobile}"), state(was), state(disabled), &reason)?;
        }
        if let Some((id, was)) = member {
            diesel::update(company_members::table.find(id)).set(company_members::disabled.eq(disabled)).execute(c)?;
            set_reason(c, "member", id.0, disabled.then_some(reason.as_str()), now)?;
            if disabled {
                diesel::update(company_sessions::table.filter(company_sessions::member_id.eq(id)).filter(company_sessions::revoked_at.is_null()))
                    .set(company_sessions::revoked_at.eq(Some(now)))
                    .execute(c)?;
            }
            actor.audit(c, action, &format!("company member {mobile}"), state(was), state(disabled), &reason)?;
        }
        Ok(user.map(|(id, _)| id))
    })
}

fn set_reason(c: &mut DbConnection, kind: &str, id: i64, reason: Option<&str>, now: i64) -> QueryResult<()> {
    diesel::delete(account_disables::table.find((kind, id))).execute(c)?;
    if let Some(r) = reason {
        diesel::insert_into(account_disables::table)
            .values((account_disables::kind.eq(kind), account_disables::account_id.eq(id), account_disables::reason.eq(r), account_disables::at.eq(now)))
            .execute(c)?;
    }
    Ok(())
}

/// The reason a disabled candidate or member sees at log-in.
pub fn disable_reason(c: &mut DbConnection, kind: &str, id: i64) -> QueryResult<String> {
    disabled_reason(c, kind, id)
}

/// Records an unlock of a locked log-in (the caller clears the limiter).
pub fn audit_unlock(c: &mut DbConnection, actor: &Actor, mobile: &str) -> ApiResult<()> {
    actor.audit(c, "account.unlock", &format!("mobile {mobile}"), Some("locked".into()), Some("unlocked".into()), "")?;
    Ok(())
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompanyReviewRow {
    pub company_id: CompanyId,
    pub name: String,
    pub short_name: String,
    pub city: String,
    pub industry: String,
    pub status: String,
    pub reason: String,
    pub note: String,
    pub reviewed_by: String,
    pub updated_at: i64,
    pub created_at: i64,
    /// Where the reviewer reads the business licence the company sent, if it sent one.
    pub licence_url: Option<String>,
    /// An admin disabled the company (`company_disables`).
    pub disabled: bool,
}

/// Companies by review status (`pending`, `verified`, `rejected`); a company without a review row
/// (a registration not looked at yet, or a seeded one) is pending.
pub fn company_queue(c: &mut DbConnection, status: &str, offset: i64, limit: i64) -> ApiResult<(i64, Vec<CompanyReviewRow>)> {
    if !matches!(status, "pending" | "verified" | "rejected") {
        return Err(ApiError::BadInput("status".into()));
    }
    type Row = (CompanyId, String, String, String, String, i64, Option<String>, Option<String>, Option<String>, Option<String>, Option<i64>);
    let all: Vec<Row> = companies::table
        .left_join(company_reviews::table)
        .select((
            companies::id, companies::name, companies::short_name, companies::city, companies::industry, companies::created_at,
            company_reviews::status.nullable(), company_reviews::reason.nullable(), company_reviews::note.nullable(),
            company_reviews::reviewed_by.nullable(), company_reviews::updated_at.nullable(),
        ))
        .order(companies::created_at.desc())
        .load(c)?;
    let rows: Vec<CompanyReviewRow> = all
        .into_iter()
        .map(|r| CompanyReviewRow {
            company_id: r.0, name: r.1, short_name: r.2, city: r.3, industry: r.4, created_at: r.5,
            status: r.6.unwrap_or_else(|| "pending".into()), reason: r.7.unwrap_or_default(), note: r.8.unwrap_or_default(),
            reviewed_by: r.9.unwrap_or_default(), updated_at: r.10.unwrap_or(r.5), licence_url: None, disabled: false,
        })
        .filter(|r| r.status == status)
        .collect();
    let total = rows.len() as i64;
    let mut page: Vec<CompanyReviewRow> = rows.into_iter().skip(offset.max(0) as usize).take(limit.max(0) as usize).collect();
    let ids: Vec<CompanyId> = page.iter().map(|r| r.company_id).collect();
    let disabled: Vec<CompanyId> = company_disables::table.filter(company_disables::company_id.eq_any(&ids)).select(company_disables::company_id).load(c)?;
    for row in &mut page {
        row.disabled = disabled.contains(&row.company_id);
        if crate::db::company_file::licence_of(c, row.company_id)?.is_some() {
            row.licence_url = Some(format!("/ajax/admin/company/licence/{}", row.company_id));
        }
    }
    Ok((total, page))
}

/// Verifies or rejects a company, with a reason (required to reject) and a note.
pub fn review_company(c: &mut DbConnection, actor: &Actor, company: CompanyId, decision: &str, reason: &str, note: &str) -> ApiResult<()> {
    if !matches!(decision, "verified" | "rejected") {
        return Err(ApiError::BadInput("decision".into()));
    }
    let reason = reason_of(reason, decision == "rejected")?;
    let note: String = note.trim().chars().take(500).collect();
    crate::db::write_transaction(c, |c| {
        let name: String = companies::table.find(company).select(companies::name).first(c).optional()?.ok_or(ApiError::NotFound)?;
        let before: Option<String> = company_reviews::table.find(company).select(company_reviews::status).first(c).optional()?;
        diesel::delete(company_reviews::table.find(company)).execute(c)?;
        diesel::insert_into(company_reviews::table)
            .values((
                company_reviews::company_id.eq(company),
                company_reviews::status.eq(decision),
                company_reviews::reason.eq(&reason),
                company_reviews::note.eq(&note),
                company_reviews::reviewed_by.eq(&actor.admin.username),
                company_reviews::updated_at.eq(now_ms()),
            ))
            .execute(c)?;
        actor.audit(c, "company.review", &format!("company {company} {name}"), before.or(Some("pending".into())), Some(decision.into()), &reason)?;
        Ok(())
    })
}

/// Takes a job down: it closes (leaving search) and its company sees the reason.
pub fn take_down_job(c: &mut DbConnection, actor: &Actor, job: JobId, reason: &str) -> ApiResult<()> {
    let reason = reason_of(reason, true)?;
    crate::db::write_transaction(c, |c| {
        let (title, closed): (String, bool) = jobs::table.find(job).select((jobs::title, jobs::closed)).first(c).optional()?.ok_or(ApiError::NotFound)?;
        let held = moderation_of(c, job)?.is_some_and(|(status, _)| status == QUEUED);
        let now = now_ms();
        diesel::update(jobs::table.find(job)).set((jobs::closed.eq(true), jobs::updated_at.eq(now))).execute(c)?;
        diesel::delete(job_moderation::table.find(job)).execute(c)?;
        diesel::insert_into(job_moderation::table)
            .values((job_moderation::job_id.eq(job), job_moderation::status.eq("taken_down"), job_moderation::reason.eq(&reason), job_moderation::updated_at.eq(now)))
            .execute(c)?;
        diesel::update(job_reports::table.filter(job_reports::job_id.eq(job)).filter(job_reports::handled_at.is_null()))
            .set(job_reports::handled_at.eq(Some(now)))
            .execute(c)?;
        let before = if held { "held" } else if closed { "closed" } else { "open" };
        actor.audit(c, "job.takedown", &format!("job {job} {title}"), Some(before.into()), Some("taken_down".into()), &reason)?;
        Ok(())
    })
}

/// The take-down reasons of those of `jobs` a reviewer took down, as (job, reason).
pub fn takedown_reasons(c: &mut DbConnection, jobs: &[JobId]) -> QueryResult<Vec<(JobId, String)>> {
    job_moderation::table
        .filter(job_moderation::job_id.eq_any(jobs))
        .filter(job_moderation::status.eq("taken_down"))
        .select((job_moderation::job_id, job_moderation::reason))
        .load(c)
}

/// `job_moderation.status` of a job held for review because its text hit black words.
pub const QUEUED: &str = "queued";

/// A job's moderation row, if any: (status, reason), the reason of a held job being the words it hit.
pub fn moderation_of(c: &mut DbConnection, job: JobId) -> QueryResult<Option<(String, String)>> {
    job_moderation::table.find(job).select((job_moderation::status, job_moderation::reason)).first(c).optional()
}

/// The words that hold those of `jobs` waiting for review, as (job, words).
pub fn held_words(c: &mut DbConnection, jobs: &[JobId]) -> QueryResult<Vec<(JobId, String)>> {
    job_moderation::table
        .filter(job_moderation::job_id.eq_any(jobs))
        .filter(job_moderation::status.eq(QUEUED))
        .select((job_moderation::job_id, job_moderation::reason))
        .load(c)
}

/// Holds a job whose text hit black words: it leaves public view (closed, so search drops it) and
/// waits in the review queue with the words, until a reviewer approves it or takes it down.
pub fn hold_job(c: &mut DbConnection, job: JobId, words: &[String], now: i64) -> QueryResult<()> {
    diesel::update(jobs::table.find(job)).set((jobs::closed.eq(true), jobs::updated_at.eq(now))).execute(c)?;
    diesel::delete(job_moderation::table.find(job)).execute(c)?;
    diesel::insert_into(job_moderation::table)
        .values((job_moderation::job_id.eq(job), job_moderation::status.eq(QUEUED), job_moderation::reason.eq(words.join("、")), job_moderation::updated_at.eq(now)))
        .execute(c)?;
    Ok(())
}

/// A held job whose company edited the words away: it leaves the queue and is public at once.
pub fn release_job(c: &mut DbConnection, job: JobId, now: i64) -> QueryResult<()> {
    diesel::delete(job_moderation::table.find(job)).execute(c)?;
    diesel::update(jobs::table.find(job)).set((jobs::closed.eq(false), jobs::updated_at.eq(now))).execute(c)?;
    Ok(())
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HeldJobRow {
    pub job_id: JobId,
    pub title: String,
    pub company_id: CompanyId,
    pub company: String,
    /// The black words its text hit, separated by 、.
    pub words: String,
    pub held_at: i64,
}

/// Jobs held for black words, oldest first (the queue's order).
pub fn held_queue(c: &mut DbConnection, offset: i64, limit: i64) -> QueryResult<(i64, Vec<HeldJobRow>)> {
    let total = job_moderation::table.filter(job_moderation::status.eq(QUEUED)).count().get_result(c)?;
    let rows: Vec<(JobId, String, CompanyId, String, String, i64)> = job_moderation::table
        .inner_join(jobs::table.inner_join(companies::table))
        .filter(job_moderation::status.eq(QUEUED))
        .order((job_moderation::updated_at.asc(), job_moderation::job_id.asc()))
        .offset(offset.max(0))
        .limit(limit.max(0))
        .select((jobs::id, jobs::title, companies::id, companies::name, job_moderation::reason, job_moderation::updated_at))
        .load(c)?;
    Ok((total, rows.into_iter().map(|r| HeldJobRow { job_id: r.0, title: r.1, company_id: r.2, company: r.3, words: r.4, held_at: r.5 }).collect()))
}

/// Approves a held job: it leaves the queue and is published (public and in search).
pub fn approve_job(c: &mut DbConnection, actor: &Actor, job: JobId, reason: &str) -> ApiResult<()> {
    let reason = reason_of(reason, false)?;
    crate::db::write_transaction(c, |c| {
        let title: String = jobs::table.find(job).select(jobs::title).first(c).optional()?.ok_or(ApiError::NotFound)?;
        let words = match moderation_of(c, job)? {
            Some((status, words)) if status == QUEUED => words,
            _ => return Err(ApiError::NotFound),
        };
        release_job(c, job, now_ms())?;
        actor.audit(c, "job.approve", &format!("job {job} {title}"), Some(format!("held: {words}")), Some("open".into()), &reason)?;
        Ok(())
    })
}

/// A company's edit resubmits a taken-down job: the take-down is lifted (moderation is after
/// publication, so the job is public again and may be taken down again).
pub fn resubmitted(c: &mut DbConnection, job: JobId) -> QueryResult<usize> {
    diesel::delete(job_moderation::table.find(job)).execute(c)
}

pub const REPORT_REASONS: &[&str] = &["fake", "fraud", "discrimination", "fee", "contact", "other"];

/// A candidate reports a job.
pub fn report_job(c: &mut DbConnection, user: UserId, job: JobId, reason: &str, detail: &str) -> ApiResult<()> {
    if !REPORT_REASONS.contains(&reason) {
        return Err(ApiError::BadInput("reason".into()));
    }
    if detail.chars().count() > 500 {
        return Err(ApiError::BadInput("detail".into()));
    }
    let exists: i64 = jobs::table.filter(jobs::id.eq(job)).count().get_result(c)?;
    if exists == 0 {
        return Err(ApiError::NotFound);
    }
    diesel::insert_into(job_reports::table)
        .values((
            job_reports::id.eq(new_id::<JobReportId>()),
            job_reports::job_id.eq(job),
            job_reports::user_id.eq(user),
            job_reports::reason.eq(reason),
            job_reports::detail.eq(detail.trim()),
            job_reports::created_at.eq(now_ms()),
        ))
        .execute(c)?;
    Ok(())
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportRow {
    pub id: JobReportId,
    pub job_id: JobId,
    pub job_title: String,
    pub company: String,
    pub reason: String,
    pub detail: String,
    pub reporter: String,
    pub created_at: i64,
}

/// Open reports, newest first.
pub fn open_reports(c: &mut DbConnection, offset: i64, limit: i64) -> QueryResult<(i64, Vec<ReportRow>)> {
    let total = job_reports::table.filter(job_reports::handled_at.is_null()).count().get_result(c)?;
    let rows: Vec<(JobReportId, JobId, String, String, String, String, String, i64)> = job_reports::table
        .inner_join(jobs::table.inner_join(companies::table))
        .inner_join(users::table.on(users::id.eq(job_reports::user_id)))
        .filter(job_reports::handled_at.is_null())
        .order(job_reports::created_at.desc())
        .offset(offset)
        .limit(limit)
        .select((job_reports::id, job_reports::job_id, jobs::title, companies::name, job_reports::reason, job_reports::detail, users::name, job_reports::created_at))
        .load(c)?;
    Ok((
        total,
        rows.into_iter()
            .map(|r| ReportRow { id: r.0, job_id: r.1, job_title: r.2, company: r.3, reason: r.4, detail: r.5, reporter: r.6, created_at: r.7 })
            .collect(),
    ))
}

/// Dismisses a report without taking the job down.
pub fn dismiss_report(c: &mut DbConnection, actor: &Actor, report: JobReportId, reason: &str) -> ApiResult<()> {
    let reason = reason_of(reason, false)?;
    let n = diesel::update(job_reports::table.find(report).filter(job_reports::handled_at.is_null()))
        .set(job_reports::handled_at.eq(Some(now_ms())))
        .execute(c)?;
    if n == 0 {
        return Err(ApiError::NotFound);
    }
    actor.audit(c, "report.dismiss", &format!("report {report}"), Some("open".into()), Some("dismissed".into()), &reason)?;
    Ok(())
}

pub fn black_word_list(c: &mut DbConnection) -> QueryResult<Vec<String>> {
    black_words::table.order(black_words::word.asc()).select(black_words::word).load(c)
}

/// Adds or removes a black word; in effect at once for every server (they read the table).
pub fn set_black_word(c: &mut DbConnection, actor: &Actor, word: &str, present: bool) -> ApiResult<()> {
    let word = word.trim();
    if word.is_empty() || word.chars().count() > 20 {
        return Err(ApiError::BadInput("word".into()));
    }
    let had: i64 = black_words::table.filter(black_words::word.eq(word)).count().get_result(c)?;
    match (present, had > 0) {
        (true, false) => {
            diesel::insert_into(black_words::table).values(black_words::word.eq(word)).execute(c)?;
        }
        (false, true) => {
            diesel::delete(black_words::table.filter(black_words::word.eq(word))).execute(c)?;
        }
        _ => return Ok(()),
    }
    let action = if present { "blackword.add" } else { "blackword.remove" };
    actor.audit(c, action, word, Some((had > 0).to_string()), Some(present.to_string()), "")?;
    Ok(())
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    pub candidates: i64,
    pub companies: i64,
    pub members: i64,
    pub open_jobs: i64,
    pub applications: i64,
    pub open_reports: i64,
    pub pending_companies: i64,
}

pub fn stats(c: &mut DbConnection) -> QueryResult<Stats> {
    use crate::db::schema::applications;
    let companies_n: i64 = companies::table.count().get_result(c)?;
    // A company whose licence changed has a review row that is pending again.
    let reviewed: i64 = company_reviews::table.filter(company_reviews::status.ne("pending")).count().get_result(c)?;
    Ok(Stats {
        candidates: users::table.count().get_result(c)?,
        companies: companies_n,
        members: company_members::table.count().get_result(c)?,
        open_jobs: jobs::table.filter(jobs::closed.eq(false)).count().get_result(c)?,
        applications: applications::table.count().get_result(c)?,
        open_reports: job_reports::table.filter(job_reports::handled_at.is_null()).count().get_result(c)?,
        pending_companies: companies_n - reviewed,
    })
}

/// Disables a company: every member's account (their sessions end at once, the reason shows at
/// log-in) and its open jobs close, leaving search. Enabling lets the members in again; the jobs stay
/// closed until the company reopens them. Returns how many jobs closed.
pub fn set_company_disabled(c: &mut DbConnection, actor: &Actor, company: CompanyId, disabled: bool, reason: &str) -> ApiResult<i64> {
    let reason = reason_of(reason, disabled)?;
    crate::db::write_transaction(c, |c| {
        let name: String = companies::table.find(company).select(companies::name).first(c).optional()?.ok_or(ApiError::NotFound)?;
        let now = now_ms();
        let members: Vec<MemberId> = company_members::table.filter(company_members::company_id.eq(company)).select(company_members::id).load(c)?;
        diesel::update(company_members::table.filter(company_members::company_id.eq(company))).set(company_members::disabled.eq(disabled)).execute(c)?;
        for id in &members {
            set_reason(c, "member", id.0, disabled.then_some(reason.as_str()), now)?;
        }
        diesel::delete(company_disables::table.find(company)).execute(c)?;
        if disabled {
            diesel::insert_into(company_disables::table)
                .values((company_disables::company_id.eq(company), company_disables::reason.eq(&reason), company_disables::at.eq(now)))
                .execute(c)?;
        }
        let mut closed = 0;
        if disabled {
            diesel::update(company_sessions::table.filter(company_sessions::member_id.eq_any(&members)).filter(company_sessions::revoked_at.is_null()))
                .set(company_sessions::revoked_at.eq(Some(now)))
                .execute(c)?;
            closed = diesel::update(jobs::table.filter(jobs::company_id.eq(company)).filter(jobs::closed.eq(false)))
                .set((jobs::closed.eq(true), jobs::updated_at.eq(now)))
                .execute(c)? as i64;
        }
        let (action, before, after) =
            if disabled { ("company.disable", "enabled", format!("disabled, {closed} jobs closed")) } else { ("company.enable", "disabled", "enabled".to_string()) };
        actor.audit(c, action, &format!("company {company} {name}"), Some(before.into()), Some(after), &reason)?;
        Ok(closed)
    })
}

/// A company sent a new business licence: a verified or rejected company goes back to the review
/// queue (pending), and loses its badge until a reviewer looks at the new one.
pub fn licence_changed(c: &mut DbConnection, company: CompanyId, now: i64) -> QueryResult<usize> {
    back_to_review(c, company, "licence changed", now)
}

/// A verified or rejected company goes back to the review queue (pending) with `note` saying why,
/// and loses its badge until a reviewer decides again; 0 when it had no decision to lose.
pub fn back_to_review(c: &mut DbConnection, company: CompanyId, note: &str, now: i64) -> QueryResult<usize> {
    diesel::update(company_reviews::table.find(company).filter(company_reviews::status.ne("pending")))
        .set((company_reviews::status.eq("pending"), company_reviews::note.eq(note), company_reviews::updated_at.eq(now)))
        .execute(c)
}

/// Approves or rejects a company's pending trial application (issue 16), audited; a rejection needs
/// a reason.
pub fn decide_trial(c: &mut DbConnection, actor: &Actor, company: CompanyId, decision: &str, reason: &str) -> ApiResult<()> {
    let approve = match decision {
        "approved" => true,
        "rejected" => false,
        _ => return Err(ApiError::BadInput("decision".into())),
    };
    let reason = reason_of(reason, !approve)?;
    crate::db::write_transaction(c, |c| {
        let (before, name) = crate::domain::plan::decide_trial(c, company, approve, &reason, &actor.admin.username, now_ms())?;
        actor.audit(c, "company.trial", &format!("company {company} {name}"), Some(before), Some(decision.into()), &reason)?;
        Ok(())
    })
}
