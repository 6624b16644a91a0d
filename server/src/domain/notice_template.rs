//! A company's notice templates: the defaults it starts with, and saving under core-wasm's rules.

use core_wasm::notice_template::{self as rules, TemplateDraft};
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use crate::db::notice_template::{self, Template};
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, CompanyId, NoticeTemplateId};

pub const INVITATION: &str = "invitation";
pub const RESCHEDULE: &str = "reschedule";
pub const CANCELLATION: &str = "cancellation";
pub const REJECTION: &str = "rejection";
pub const OFFER: &str = "offer";
/// The closing message a candidate gets in chat when the conversation is marked 不合适 (its SMS
/// text is the message; domain/chat_tools.rs).
pub const CHAT_UNSUITABLE: &str = "chat_unsuitable";

/// The templates every company starts with: (kind, name, subject, mail, SMS).
pub const DEFAULTS: &[(&str, &str, &str, &str, &str)] = &[
    (
        INVITATION,
        "面试邀请",
        "{{ companyName }}面试邀请：{{ jobTitle }}",
        "{{ candidateName }}您好：\n\n感谢您应聘{{ companyName }}的{{ jobTitle }}职位，诚邀您参加面试。\n\n时间：{{ interviewTime }}\n地点或会议链接：{{ address }}\n面试官：{{ interviewer }}\n联系人：{{ contact }}（{{ contactPhone }}）\n\n请在“我的投递”中确认是否参加。附件是日历文件，可加入您的日程。\n\n{{ companyName }}",
        "{{ candidateName }}您好，{{ companyName }}邀请您于{{ interviewTime }}面试{{ jobTitle }}，地点：{{ address }}。请在我的投递中确认。联系人{{ contact }} {{ contactPhone }}",
    ),
    (
        RESCHEDULE,
        "面试改期",
        "{{ companyName }}面试时间调整：{{ jobTitle }}",
        "{{ candidateName }}您好：\n\n您应聘{{ jobTitle }}的面试时间调整为{{ interviewTime }}。\n\n地点或会议链接：{{ address }}\n面试官：{{ interviewer }}\n联系人：{{ contact }}（{{ contactPhone }}）\n\n给您带来不便，敬请谅解。附件是新的日历文件。\n\n{{ companyName }}",
        "{{ candidateName }}您好，{{ companyName }}{{ jobTitle }}面试改至{{ interviewTime }}，地点：{{ address }}。联系人{{ contact }} {{ contactPhone }}",
    ),
    (
        CANCELLATION,
        "面试取消",
        "{{ companyName }}面试取消：{{ jobTitle }}",
        "{{ candidateName }}您好：\n\n很抱歉，原定于{{ interviewTime }}的{{ jobTitle }}面试已取消。如有疑问，请联系{{ contact }}（{{ contactPhone }}）。\n\n{{ companyName }}",
        "{{ candidateName }}您好，{{ companyName }}原定{{ interviewTime }}的{{ jobTitle }}面试已取消。联系人{{ contact }} {{ contactPhone }}",
    ),
    (
        REJECTION,
        "不合适通知",
        "{{ companyName }}应聘结果通知",
        "{{ candidateName }}您好：\n\n感谢您应聘{{ companyName }}的{{ jobTitle }}职位。经过慎重考虑，我们认为您的背景与该职位暂不匹配。您的简历已存入我们的人才库，今后有合适的机会会再与您联系。\n\n祝您求职顺利！\n\n{{ companyName }}",
        "{{ candidateName }}您好，感谢您应聘{{ companyName }}{{ jobTitle }}，您的背景与该职位暂不匹配，祝求职顺利。",
    ),
    (
        OFFER,
        "录用通知",
        "{{ companyName }}录用通知：{{ jobTitle }}",
        "{{ candidateName }}您好：\n\n恭喜您通过{{ companyName }}{{ jobTitle }}职位的面试，我们很高兴向您发出录用通知。具体入职事宜，{{ contact }}（{{ contactPhone }}）会与您联系。\n\n期待与您共事！\n\n{{ companyName }}",
        "{{ candidateName }}恭喜您获得{{ companyName }}{{ jobTitle }}职位录用，入职事宜{{ contact }} {{ contactPhone }}会与您联系。",
    ),
    (
        CHAT_UNSUITABLE,
        "沟通不合适",
        "{{ companyName }}：关于{{ jobTitle }}职位",
        "{{ candidateName }}您好：\n\n感谢您对{{ companyName }}{{ jobTitle }}职位的关注。经过慎重考虑，您的情况与该职位暂不匹配，期待今后有机会合作。\n\n祝您早日找到理想的工作！\n\n{{ companyName }}",
        "您好，感谢您对{{ jobTitle }}职位的关注。经过慎重考虑，您的情况与该职位暂不匹配，期待今后有机会合作，祝您早日找到理想的工作！",
    ),
];

/// The built-in default of `kind` as a draft (used when the company deleted its copy).
pub fn default_draft(kind: &str) -> Option<TemplateDraft> {
    DEFAULTS.iter().find(|d| d.0 == kind).map(|(_, name, subject, mail, sms)| TemplateDraft {
        name: (*name).into(),
        mail_subject: (*subject).into(),
        mail_content: (*mail).into(),
        sms_content: (*sms).into(),
    })
}

pub fn draft_of(t: &Template) -> TemplateDraft {
    TemplateDraft { name: t.name.clone(), mail_subject: t.mail_subject.clone(), mail_content: t.mail_content.clone(), sms_content: t.sms_content.clone() }
}

/// The company's template of `kind`: its own copy, else the built-in one.
pub fn of_kind(c: &mut DbConnection, company: CompanyId, kind: &str) -> ApiResult<TemplateDraft> {
    match notice_template::of_kind(c, company, kind)? {
        Some(t) => Ok(draft_of(&t)),
        None => default_draft(kind).ok_or_else(|| ApiError::internal(format!("no default template {kind}"))),
    }
}

/// The company's templates; the defaults are made when it has none (at first use, or after it
/// deleted them all).
pub fn list(c: &mut DbConnection, company: CompanyId) -> ApiResult<Vec<Template>> {
    let found = notice_template::list(c, company)?;
    if !found.is_empty() {
        // A company older than chat's closing template gets it the first time it lists them.
        if !found.iter().any(|t| t.kind == CHAT_UNSUITABLE) {
            add_default(c, company, CHAT_UNSUITABLE)?;
            return Ok(notice_template::list(c, company)?);
        }
        return Ok(found);
    }
    crate::db::write_transaction(c, |c| make_defaults(c, company))
    .or_else(|e| match e {
        // Another server made them at the same moment.
        ApiError::TemplateNameExists => Ok(()),
        e => Err(e),
    })?;
    Ok(notice_template::list(c, company)?)
}

/// A company's default templates, made the first time it has none (in the caller's transaction).
fn make_defaults(c: &mut DbConnection, company: CompanyId) -> ApiResult<()> {
    if notice_template::count(c, company)? > 0 {
        return Ok(());
    }
    let now = now_ms();
    for (i, default) in DEFAULTS.iter().enumerate() {
        notice_template::insert(c, &default_row(company, default, now + i as i64)).map_err(unique_violation)?;
    }
    Ok(())
}

/// The company's row of a built-in template, made at `at`.
fn default_row(company: CompanyId, (kind, name, subject, mail, sms): &(&str, &str, &str, &str, &str), at: i64) -> Template {
    Template {
        id: new_id(),
        company_id: company,
        name: (*name).into(),
        kind: (*kind).into(),
        mail_subject: (*subject).into(),
        mail_content: (*mail).into(),
        sms_content: (*sms).into(),
        created_at: at,
        updated_at: at,
    }
}

/// Adds the built-in template of `kind` to a company that has others (a name it uses already leaves it out).
fn add_default(c: &mut DbConnection, company: CompanyId, kind: &str) -> ApiResult<()> {
    let Some(default) = DEFAULTS.iter().find(|d| d.0 == kind) else { return Ok(()) };
    if notice_template::name_taken(c, company, default.1, NoticeTemplateId(0))? {
        return Ok(());
    }
    match notice_template::insert(c, &default_row(company, default, now_ms())).map_err(unique_violation) {
        Ok(_) | Err(ApiError::TemplateNameExists) => Ok(()),
        Err(e) => Err(e),
    }
}

fn unique_violation(e: DieselError) -> ApiError {
    match e {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => ApiError::TemplateNameExists,
        e => ApiError::from(e),
    }
}

/// Saves a new template (`id` None) or the company's template `id`; returns its id.
pub fn save(c: &mut DbConnection, company: CompanyId, id: Option<NoticeTemplateId>, draft: &TemplateDraft) -> ApiResult<NoticeTemplateId> {
    let verdict = rules::validate(draft);
    if !verdict.is_empty() {
        return Err(ApiError::FieldsInvalid(serde_json::to_string(&verdict).map_err(ApiError::internal)?));
    }
    let name = draft.name.trim().to_string();
    crate::db::write_transaction(c, |c| {
        // The defaults first, so a new template never takes a default's place unseen; in this
        // transaction, so a refused save leaves none behind.
        make_defaults(c, company)?;
        let now = now_ms();
        match id {
            Some(id) => {
                notice_template::get(c, company, id)?.ok_or(ApiError::NotFound)?;
                if notice_template::name_taken(c, company, &name, id)? {
                    return Err(ApiError::TemplateNameExists);
                }
                notice_template::update(c, company, id, &name, &draft.mail_subject, &draft.mail_content, &draft.sms_content, now)
                    .map_err(unique_violation)?;
                Ok(id)
            }
            None => {
                if notice_template::name_taken(c, company, &name, NoticeTemplateId(0))? {
                    return Err(ApiError::TemplateNameExists);
                }
                let t = Template {
                    id: new_id(),
                    company_id: company,
                    name,
                    kind: String::new(),
                    mail_subject: draft.mail_subject.clone(),
                    mail_content: draft.mail_content.clone(),
                    sms_content: draft.sms_content.clone(),
                    created_at: now,
                    updated_at: now,
                };
                notice_template::insert(c, &t).map_err(unique_violation)?;
                Ok(t.id)
            }
        }
    })
}
