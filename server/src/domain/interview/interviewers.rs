use core_wasm::interview as rules;
use serde::Serialize;

use crate::db::company_member::{self, Member, NewMember, Role};
use crate::db::interviewer::{self, NewProfile};
use crate::db::DbConnection;
use crate::domain::{auth, interviewer_invitation};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, CompanyId, MemberId};

use super::input::invalid;

/// Where an interviewer stands, as the company's list shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InterviewerState {
    /// Invited, not yet accepted.
    Pending,
    Active,
    Removed,
}

/// An interviewer as the company's list shows them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewerRecord {
    pub id: MemberId,
    pub name: String,
    /// The number the company gave.
    pub mobile: String,
    pub email: String,
    pub state: InterviewerState,
    pub disabled: bool,
    pub created_at: i64,
}

/// The company's interviewers (removed ones too, marked disabled), oldest first.
pub fn list(c: &mut DbConnection, company: CompanyId) -> ApiResult<Vec<InterviewerRecord>> {
    Ok(interviewer::of_company(c, company)?
        .into_iter()
        .map(|row| {
            let state = if row.disabled {
                InterviewerState::Removed
            } else if interviewer::is_pending_placeholder(&row.mobile) {
                InterviewerState::Pending
            } else {
                InterviewerState::Active
            };
            // An interviewer added before invitations has only the log-in mobile.
            let mobile = if row.given_mobile.is_empty() { row.mobile } else { row.given_mobile };
            InterviewerRecord { id: row.id, name: row.name, mobile, email: row.email, state, disabled: row.disabled, created_at: row.created_at }
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
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
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

/// The company's interviewer `id` (NOT_FOUND for anyone else).
fn interviewer_of(c: &mut DbConnection, company: CompanyId, id: MemberId) -> ApiResult<Member> {
    interviewer::member_of_company(c, company, id)?.ok_or(ApiError::NotFound)
}

/// Adds (`id` None) or edits an interviewer; a new one, or one given a new number, is invited
/// (domain/interviewer_invitation.rs). INTERVIEWER_MOBILE_EXISTS / INTERVIEWER_EMAIL_EXISTS for a
/// number or address the company has (its own members and interviewers: the company's own facts);
/// a number that is another company's account answers like any other (an invitation goes).
pub fn save(c: &mut DbConnection, company: CompanyId, id: Option<MemberId>, draft: &rules::InterviewerDraft, inviting: &Inviting) -> ApiResult<SavedInterviewer> {
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
        let own_interviewer = interviewer::of_company_with_mobile(c, company, &mobile)?;
        let email_holder = interviewer::with_email(c, company, &email)?;
        match id {
            Some(id) => {
                let member = interviewer_of(c, company, id)?;
                if own_member.as_ref().is_some_and(|h| h.id != member.id) || own_interviewer.is_some_and(|m| m != member.id) {
                    return Err(ApiError::InterviewerMobileExists);
                }
                if email_holder.is_some_and(|m| m != member.id) {
                    return Err(ApiError::InterviewerEmailExists);
                }
                let given = interviewer::given_mobile(c, member.id)?;
                let current = if given.is_empty() { member.mobile.clone() } else { given };
                interviewer::rename(c, member.id, &name, &email)?;
                // A new number is asked again: whoever holds it accepts, and the old one logs in no more.
                let invited = current != mobile && !member.disabled;
                if invited {
                    company_member::revoke_all(c, member.id, None, now)?;
                    interviewer_invitation::send(c, company, inviting.company_name, member.id, &mobile, inviting.origin, now)?;
                } else if current != mobile {
                    interviewer::set_given_mobile(c, member.id, &mobile)?;
                }
                Ok(SavedInterviewer { id: member.id, invited })
            }
            None => {
                if own_member.as_ref().is_some_and(|h| h.role() != Role::Interviewer) {
                    return Err(ApiError::InterviewerMobileExists);
                }
                if let Some(existing) = own_interviewer {
                    let member = interviewer_of(c, company, existing)?;
                    if !member.disabled {
                        return Err(ApiError::InterviewerMobileExists);
                    }
                    if email_holder.is_some_and(|m| m != member.id) {
                        return Err(ApiError::InterviewerEmailExists);
                    }
                    // Added again after removal: invited again.
                    interviewer::reinstate(c, member.id, &name, &email, &hash)?;
                    interviewer_invitation::send(c, company, inviting.company_name, member.id, &mobile, inviting.origin, now)?;
                    return Ok(SavedInterviewer { id: member.id, invited: true });
                }
                if email_holder.is_some() {
                    return Err(ApiError::InterviewerEmailExists);
                }
                let member: MemberId = new_id();
                let placeholder = interviewer::pending_placeholder(member);
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
                interviewer::insert_profile(c, &NewProfile { member_id: member, company_id: company, email: &email })?;
                interviewer_invitation::send(c, company, inviting.company_name, member, &mobile, inviting.origin, now)?;
                Ok(SavedInterviewer { id: member, invited: true })
            }
        }
    })
}

/// Removes an interviewer: disabled, every session ended at once, any invitation void, and the
/// number freed (it may register a company of its own). Their past interviews keep them.
pub fn remove(c: &mut DbConnection, company: CompanyId, id: MemberId) -> ApiResult<()> {
    crate::db::write_transaction(c, |c| {
        let member = interviewer_of(c, company, id)?;
        let given = interviewer::given_mobile(c, member.id)?;
        let number = if interviewer::is_placeholder(&member.mobile) { given } else { member.mobile.clone() };
        interviewer::release(c, member.id, &number)?;
        company_member::revoke_all(c, member.id, None, now_ms())?;
        Ok(())
    })
}
