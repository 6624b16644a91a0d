//! Job moderation: jobs held for review because their text hit black words (held by
//! domain/job_posting.rs, approved here), jobs reviewers take down, candidates' reports of jobs,
//! and the black-word list itself. Every reviewer's write leaves its audit row.

use crate::db::job_moderation::{self, ModerationStatus};
use crate::db::job_report::{self, NewJobReport};
use crate::db::{black_word, job, DbConnection};
use crate::domain::admin::{reason_of, Actor};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, JobId, JobReportId, UserId};

/// Holds a job whose text hit black words: it leaves public view (closed, so search drops it) and
/// waits in the review queue with the words, until a reviewer approves it or takes it down.
pub fn hold_job(c: &mut DbConnection, job: JobId, words: &[String], now: i64) -> ApiResult<()> {
    job::set_closed(c, job, true, now)?;
    job_moderation::put(c, job, ModerationStatus::Queued, &words.join("、"), now)?;
    Ok(())
}

/// A held job whose company edited the words away: it leaves the queue and is public at once.
pub fn release_job(c: &mut DbConnection, job: JobId, now: i64) -> ApiResult<()> {
    job_moderation::remove(c, job)?;
    job::set_closed(c, job, false, now)?;
    Ok(())
}

/// A company's edit resubmits a taken-down job: the take-down is lifted (moderation is after
/// publication, so the job is public again and may be taken down again).
pub fn resubmitted(c: &mut DbConnection, job: JobId) -> ApiResult<()> {
    job_moderation::remove(c, job)?;
    Ok(())
}

/// Approves a held job: it leaves the queue and is published (public and in search).
pub fn approve_job(c: &mut DbConnection, actor: &Actor, job: JobId, reason: &str) -> ApiResult<()> {
    let reason = reason_of(reason, false)?;
    crate::db::write_transaction(c, |c| {
        let found = job::title_and_state(c, job)?.ok_or(ApiError::NotFound)?;
        let words = match job_moderation::of_job(c, job)? {
            Some(m) if m.status == ModerationStatus::Queued => m.reason,
            _ => return Err(ApiError::NotFound),
        };
        release_job(c, job, now_ms())?;
        actor.audit(c, "job.approve", &format!("job {job} {}", found.title), Some(format!("held: {words}")), Some("open".into()), &reason)
    })
}

/// Takes a job down: it closes (leaving search), its open reports are handled, and its company
/// sees the reason.
pub fn take_down_job(c: &mut DbConnection, actor: &Actor, job: JobId, reason: &str) -> ApiResult<()> {
    let reason = reason_of(reason, true)?;
    crate::db::write_transaction(c, |c| {
        let found = job::title_and_state(c, job)?.ok_or(ApiError::NotFound)?;
        let held = job_moderation::is_held(c, job)?;
        let now = now_ms();
        job::set_closed(c, job, true, now)?;
        job_moderation::put(c, job, ModerationStatus::TakenDown, &reason, now)?;
        job_report::handle_all_of_job(c, job, now)?;
        let before = if held { "held" } else if found.closed { "closed" } else { "open" };
        actor.audit(c, "job.takedown", &format!("job {job} {}", found.title), Some(before.into()), Some("taken_down".into()), &reason)
    })
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
    if !job::exists(c, job)? {
        return Err(ApiError::NotFound);
    }
    job_report::insert(c, &NewJobReport { id: new_id(), job_id: job, user_id: user, reason, detail: detail.trim(), created_at: now_ms() })?;
    Ok(())
}

/// Dismisses a report without taking the job down.
pub fn dismiss_report(c: &mut DbConnection, actor: &Actor, report: JobReportId, reason: &str) -> ApiResult<()> {
    let reason = reason_of(reason, false)?;
    if job_report::handle(c, report, now_ms())? == 0 {
        return Err(ApiError::NotFound);
    }
    actor.audit(c, "report.dismiss", &format!("report {report}"), Some("open".into()), Some("dismissed".into()), &reason)
}

/// The most characters in a black word.
pub const BLACK_WORD_MAX: usize = 20;

/// Adds or removes a black word; in effect at once for every server (they read the table).
pub fn set_black_word(c: &mut DbConnection, actor: &Actor, word: &str, present: bool) -> ApiResult<()> {
    set_black_word_in(c, actor, word, "", present)
}

/// A black word's category from a form: '' (general) or `money` (chat's fraud warning).
pub fn parse_category(raw: &str) -> ApiResult<&'static str> {
    match raw.trim() {
        "" => Ok(""),
        black_word::MONEY => Ok(black_word::MONEY),
        _ => Err(ApiError::BadInput("category must be empty or money".into())),
    }
}

/// As set_black_word, adding to `category` (a word listed already keeps its own).
pub fn set_black_word_in(c: &mut DbConnection, actor: &Actor, word: &str, category: &str, present: bool) -> ApiResult<()> {
    let word = word.trim();
    if word.is_empty() || word.chars().count() > BLACK_WORD_MAX {
        return Err(ApiError::BadInput("word".into()));
    }
    let had = black_word::exists(c, word)?;
    match (present, had) {
        (true, false) => {
            black_word::insert_in(c, word, category)?;
        }
        (false, true) => {
            black_word::remove(c, word)?;
        }
        _ => return Ok(()),
    }
    let action = if present { "blackword.add" } else { "blackword.remove" };
    actor.audit(c, action, word, Some(had.to_string()), Some(present.to_string()), "")
}
