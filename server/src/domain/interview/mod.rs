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

/// The recruiter's calendar: the interview card, one interview with its feedback.
pub mod calendar;
/// The candidate's side: their interviews and their answer.
pub mod candidate;
/// Interviewers' feedback.
pub mod feedback;
/// The .ics file an invitation carries.
pub mod ics;
/// The interview form, checked.
pub mod input;
/// Interviewers: the company's list, adding (an invitation), editing, removing.
pub mod interviewers;
/// The notices an interview queues: invitation, reschedule, cancellation, reminders.
pub mod notices;
/// The resume behind an interview, to whom may see it.
pub mod resume;
/// Saving and cancelling an interview, with the overlap checks.
pub mod scheduling;
