//! The one error type of the API. Each variant has a stable code (docs/api.md), an HTTP
//! status and an English message for logs; the body is always the envelope
//! `{"error": {"code", "message", "data"?}}` (`data` only where a code says so: CHAT_QUOTA's `resetsAt`). The ui shows its own text per code, in the user's language.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde_json::json;

/// Declares every error once: variant, code, HTTP status, message.
macro_rules! api_errors {
    ($( $(#[$doc:meta])* $variant:ident => $code:literal, $status:ident, $message:literal; )*) => {
        #[derive(Debug)]
        pub enum ApiError {
            /// The payload is malformed or breaks a rule; the detail names the field or rule.
            BadInput(String),
            /// Something failed on our side; the detail goes to the log only.
            Internal(String),
            /// Resume fields that break the rules: the message is the verdict of core-wasm's
            /// resume::validate as JSON, `{field: {key, limit?}}`, the same the editor computes.
            FieldsInvalid(String),
            /// A job breaks core-wasm's job rules; the verdict as JSON.
            JobInvalid(String),
            /// The account was disabled by an administrator; the message is the reason they gave
            /// (empty when none was recorded), which the log-in pages show beside their own text.
            AccountDisabled(String),
            /// Chat's daily quota of new conversations is used up (domain/chat_quota.rs): 429, with
            /// the time it resets (the next Beijing midnight, ms) as the envelope's `data.resetsAt`.
            ChatQuota { resets_at: i64 },
            $( $(#[$doc])* $variant, )*
        }

        impl ApiError {
            pub fn code(&self) -> &'static str {
                match self {
                    ApiError::BadInput(_) => "BAD_INPUT",
                    ApiError::Internal(_) => "INTERNAL",
                    ApiError::FieldsInvalid(_) => "FIELDS_INVALID",
                    ApiError::JobInvalid(_) => "JOB_INVALID",
                    ApiError::AccountDisabled(_) => "ACCOUNT_DISABLED",
                    ApiError::ChatQuota { .. } => "CHAT_QUOTA",
                    $( ApiError::$variant => $code, )*
                }
            }

            fn status(&self) -> StatusCode {
                match self {
                    ApiError::BadInput(_) => StatusCode::BAD_REQUEST,
                    ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
                    ApiError::FieldsInvalid(_) => StatusCode::BAD_REQUEST,
                    ApiError::JobInvalid(_) => StatusCode::BAD_REQUEST,
                    ApiError::AccountDisabled(_) => StatusCode::BAD_REQUEST,
                    ApiError::ChatQuota { .. } => StatusCode::TOO_MANY_REQUESTS,
                    $( ApiError::$variant => StatusCode::$status, )*
                }
            }

            fn message(&self) -> String {
                match self {
                    ApiError::BadInput(detail) => detail.clone(),
                    ApiError::Internal(_) => "internal error".into(),
                    ApiError::FieldsInvalid(verdict) => verdict.clone(),
                    ApiError::JobInvalid(verdict) => verdict.clone(),
                    ApiError::AccountDisabled(reason) => reason.clone(),
                    ApiError::ChatQuota { .. } => "today's new conversations are used up".into(),
                    $( ApiError::$variant => $message.into(), )*
                }
            }

            /// What the envelope's error carries besides its code and message, if anything.
            fn data(&self) -> Option<serde_json::Value> {
                match self {
                    ApiError::ChatQuota { resets_at } => Some(json!({ "resetsAt": resets_at })),
                    _ => None,
                }
            }
        }

        /// Every code, for the test that each one is documented in docs/api.md.
        #[cfg(test)]
        pub const ALL_CODES: &[&str] = &["BAD_INPUT", "INTERNAL", "FIELDS_INVALID", "JOB_INVALID", "ACCOUNT_DISABLED", "CHAT_QUOTA", $( $code, )*];

        /// Every code with its HTTP status, for the OpenAPI document (api/openapi.rs).
        pub const CODES: &[(&str, StatusCode)] = &[
            ("BAD_INPUT", StatusCode::BAD_REQUEST),
            ("INTERNAL", StatusCode::INTERNAL_SERVER_ERROR),
            ("FIELDS_INVALID", StatusCode::BAD_REQUEST),
            ("JOB_INVALID", StatusCode::BAD_REQUEST),
            ("ACCOUNT_DISABLED", StatusCode::BAD_REQUEST),
            ("CHAT_QUOTA", StatusCode::TOO_MANY_REQUESTS),
            $( ($code, StatusCode::$status), )*
        ];
    };
}

api_errors! {
    LoginFailed => "LOGIN_FAILED", BAD_REQUEST, "wrong username or password";
    RateLimited => "RATE_LIMITED", TOO_MANY_REQUESTS, "too many attempts, try again later";
    /// 401, which the client ignores silently: the login guard takes over.
    NotLoggedIn => "NOT_LOGGED_IN", UNAUTHORIZED, "not logged in";
    /// A state-changing call from another site's page. 403, ignored by the client.
    OriginRefused => "ORIGIN_REFUSED", FORBIDDEN, "origin refused";
    NotFound => "NOT_FOUND", NOT_FOUND, "not found";
    AlreadyApplied => "ALREADY_APPLIED", BAD_REQUEST, "already applied for this job";
    JobClosed => "JOB_CLOSED", BAD_REQUEST, "the job is closed";
    OrderNotPayable => "ORDER_NOT_PAYABLE", BAD_REQUEST, "the order cannot be paid or cancelled any more";
    CodeRequired => "CODE_REQUIRED", BAD_REQUEST, "verification code required";
    CodeWrong => "CODE_WRONG", BAD_REQUEST, "verification code wrong or expired";
    SmsTooFrequent => "SMS_TOO_FREQUENT", TOO_MANY_REQUESTS, "a code was sent to this mobile less than a minute ago";
    CannotReceiveSms => "CANNOT_RECEIVE_SMS", BAD_REQUEST, "this phone cannot receive texts";
    SmsFailed => "SMS_FAILED", BAD_GATEWAY, "the text could not be sent, try again";
    /// The mail server did not take a code's mail.
    MailFailed => "MAIL_FAILED", BAD_GATEWAY, "the mail could not be sent, try again";
    CaptchaRequired => "CAPTCHA_REQUIRED", BAD_REQUEST, "slide the puzzle first";
    CaptchaFailed => "CAPTCHA_FAILED", BAD_REQUEST, "the puzzle piece is not in place";
    MobileRegistered => "MOBILE_REGISTERED", BAD_REQUEST, "this phone is already registered";
    UserNotFound => "USER_NOT_FOUND", BAD_REQUEST, "user does not exist";
    OriginalPasswordWrong => "ORIGINAL_PASSWORD_WRONG", BAD_REQUEST, "the original password is wrong";
    PasswordsDiffer => "PASSWORDS_DIFFER", BAD_REQUEST, "the password and its confirmation differ";
    AgreementRequired => "AGREEMENT_REQUIRED", BAD_REQUEST, "the member agreement must be accepted";
    MobileBound => "MOBILE_BOUND", BAD_REQUEST, "this phone is already bound to an account";
    MobileSame => "MOBILE_SAME", BAD_REQUEST, "this is already your phone";
    EmailSame => "EMAIL_SAME", BAD_REQUEST, "the email is the same as the current one";
    EmailBoundOther => "EMAIL_BOUND_OTHER", BAD_REQUEST, "the email is bound by another user";
    WxAlreadyBound => "WX_ALREADY_BOUND", BAD_REQUEST, "this account is already bound to a WeChat";
    WxNotBound => "WX_NOT_BOUND", BAD_REQUEST, "no WeChat is bound to this account";
    WxFailed => "WX_FAILED", BAD_GATEWAY, "WeChat did not answer, try again";
    /// The database cannot be reached (PostgreSQL restarting, say); the pool reconnects by itself.
    DbUnavailable => "DB_UNAVAILABLE", SERVICE_UNAVAILABLE, "the database is unavailable, try again shortly";
    ResumeExists => "RESUME_EXISTS", BAD_REQUEST, "the candidate has a resume of this type already";
    FileFormat => "FILE_FORMAT", BAD_REQUEST, "file format unsupported";
    FileTooBig => "FILE_TOO_BIG", PAYLOAD_TOO_LARGE, "file too big";
    FileCount => "FILE_COUNT", BAD_REQUEST, "too many files of this kind";
    /// No CJK font on this machine (fonts-noto-cjk, or PDF_FONT).
    PdfUnavailable => "PDF_UNAVAILABLE", SERVICE_UNAVAILABLE, "the PDF cannot be made here: no CJK font";
    UploadFailed => "UPLOAD_FAILED", INTERNAL_SERVER_ERROR, "the file could not be stored or removed, try again";
    /// The disk (or the uploads quota) is full: nothing of the file was kept.
    StorageFull => "STORAGE_FULL", INSUFFICIENT_STORAGE, "no room left to store the file";
    CompanyNameExists => "COMPANY_NAME_EXISTS", BAD_REQUEST, "company name exists";
    BrandExists => "BRAND_EXISTS", BAD_REQUEST, "brand exists";
    /// The member's or admin's role does not allow the call. 400, not 403: the client ignores 403
    /// silently (SPEC §8), and the user should hear why nothing happened.
    ForbiddenRole => "FORBIDDEN_ROLE", BAD_REQUEST, "your role does not allow this";
    /// An admin may not disable themselves or the last super admin.
    LastSuperAdmin => "LAST_SUPER_ADMIN", BAD_REQUEST, "an admin cannot disable themselves or the last super admin";
    /// The job's text hit the black-word list: it waits for an administrator's review and its
    /// company cannot publish or reopen it meanwhile.
    JobHeld => "JOB_HELD", BAD_REQUEST, "the job awaits review";
    /// A reviewer took the job down: its company edits it (resubmitting it) before reopening it.
    JobTakenDown => "JOB_TAKEN_DOWN", BAD_REQUEST, "the job was taken down; edit it to resubmit";
    RefreshLimit => "REFRESH_LIMIT", TOO_MANY_REQUESTS, "this job was refreshed as often as allowed today";
    // Recruiter tools (issue 16).
    TemplateNameExists => "TEMPLATE_NAME_EXISTS", BAD_REQUEST, "template name exists";
    InterviewerMobileExists => "INTERVIEWER_MOBILE_EXISTS", BAD_REQUEST, "an interviewer with this phone exists";
    InterviewerEmailExists => "INTERVIEWER_EMAIL_EXISTS", BAD_REQUEST, "an interviewer with this email exists";
    /// The interview overlaps another of the same candidate or interviewer.
    InterviewConflict => "INTERVIEW_CONFLICT", BAD_REQUEST, "the interview overlaps another of the same candidate or interviewer";
    // Assessments (issue 16).
    AssessmentNameExists => "ASSESSMENT_NAME_EXISTS", BAD_REQUEST, "assessment name exists";
    AssessmentAlreadySent => "ASSESSMENT_ALREADY_SENT", BAD_REQUEST, "this assessment was sent to this application already";
    AssessmentTimeUp => "ASSESSMENT_TIME_UP", BAD_REQUEST, "the assessment's time is up";
    AssessmentSubmitted => "ASSESSMENT_SUBMITTED", BAD_REQUEST, "the assessment was handed in already";
    // Plans and quotas (issue 16).
    /// The company used this month's quota of the service (resume views, downloads, refreshes).
    QuotaExceeded => "QUOTA_EXCEEDED", TOO_MANY_REQUESTS, "this month's quota of the service is used up";
    TrialExists => "TRIAL_EXISTS", BAD_REQUEST, "a trial application is pending or approved already";
    /// A resume file gave nothing usable (not a resume format, no text layer, a zip bomb, a
    /// parser failure or time-out, no name, contact or entry found). SPEC section 1's message, in
    /// zh-CN; the reason goes to the log only.
    ResumeAnalysisFailed => "RESUME_ANALYSIS_FAILED", BAD_REQUEST, "简历解析失败，请重试";
    // Refunds in the admin console (issue 19).
    /// Only a paid order can be refunded (not a pending, expired or cancelled one).
    OrderNotRefundable => "ORDER_NOT_REFUNDABLE", BAD_REQUEST, "only a paid order can be refunded";
    /// The order was refunded already: a second click refunds nothing.
    OrderRefunded => "ORDER_REFUNDED", BAD_REQUEST, "the order was refunded already";
    RefundTooMuch => "REFUND_TOO_MUCH", BAD_REQUEST, "the refund is more than was paid";
    /// The payment provider refused the refund or could not be reached; nothing was refunded here.
    RefundFailed => "REFUND_FAILED", BAD_GATEWAY, "the payment provider did not make the refund";
    // Private candidates (issue 17).
    /// The candidate's mobile or email matches one of the company's private candidates or
    /// applicants, and the save did not confirm it (`confirmDuplicate`).
    TalentDuplicate => "TALENT_DUPLICATE", BAD_REQUEST, "a candidate with this mobile or email exists";
    // Chat's exchange cards (issue 32, domain/chat_exchange.rs).
    /// Answering an exchange request of one's own side: only the other side answers it.
    ChatExchangeOwn => "CHAT_EXCHANGE_OWN", BAD_REQUEST, "only the other side can answer this request";
    /// The exchange request was answered already (once, by the other side).
    ChatExchangeAnswered => "CHAT_EXCHANGE_ANSWERED", BAD_REQUEST, "this request was answered already";
    /// Asking to exchange WeChat ids without having given one's own (/chat/setWechat).
    ChatWechatMissing => "CHAT_WECHAT_MISSING", BAD_REQUEST, "set your WeChat id first";
    /// The candidate blocked the company: their resume is not sent to it.
    ChatCompanyBlocked => "CHAT_COMPANY_BLOCKED", BAD_REQUEST, "you blocked this company: it cannot receive your resume";
    // Chat (issue 32).
    /// A recall more than 2 minutes after sending (core-wasm chat_tools.rs RECALL_WINDOW_MS).
    ChatRecallTooLate => "CHAT_RECALL_TOO_LATE", BAD_REQUEST, "a message can be recalled within 2 minutes of sending";
    /// The message was recalled already.
    ChatRecalled => "CHAT_RECALLED", BAD_REQUEST, "the message was recalled already";
    /// The other side's message, or one the server made (a job card, a note): only one's own typed
    /// messages can be recalled.
    ChatRecallNotYours => "CHAT_RECALL_NOT_YOURS", BAD_REQUEST, "only your own messages can be recalled";
    // Chat's 拉黑 and 举报 (issue 32, domain/chat_report.rs).
    /// The other side blocked (拉黑) the conversation: nothing the caller sends reaches them, and
    /// the answer says no more than that.
    ChatBlocked => "CHAT_BLOCKED", BAD_REQUEST, "the other side cannot receive your messages at the moment";
    /// The caller blocked the conversation: they unblock it before sending.
    ChatYouBlocked => "CHAT_YOU_BLOCKED", BAD_REQUEST, "you blocked this conversation: unblock it to send";
    /// A report names no message and the other side has written none.
    ChatReportNothing => "CHAT_REPORT_NOTHING", BAD_REQUEST, "the other side has sent no message to report";
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ApiError {}

impl ApiError {
    pub fn internal(e: impl std::fmt::Display) -> Self {
        ApiError::Internal(e.to_string())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse {
        if let ApiError::Internal(detail) = self {
            tracing::error!(detail = %detail, "internal error");
        }
        let mut error = json!({ "code": self.code(), "message": self.message() });
        if let Some(data) = self.data() {
            error["data"] = data;
        }
        HttpResponse::build(self.status_code()).json(json!({ "error": error }))
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(e: diesel::result::Error) -> Self {
        use diesel::result::DatabaseErrorKind::{ClosedConnection, UnableToSendCommand};
        match e {
            diesel::result::Error::NotFound => ApiError::NotFound,
            diesel::result::Error::DatabaseError(ClosedConnection | UnableToSendCommand, info) => {
                tracing::warn!(detail = %info.message(), "database connection lost");
                ApiError::DbUnavailable
            }
            other => ApiError::internal(other),
        }
    }
}

impl From<r2d2::Error> for ApiError {
    fn from(e: r2d2::Error) -> Self {
        // No connection within the pool's time-out: the database is down or swamped.
        tracing::warn!(detail = %e, "database pool");
        ApiError::DbUnavailable
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        ApiError::internal(e)
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_documented_in_api_md() {
        let doc = include_str!("../../docs/api.md");
        for (i, code) in ALL_CODES.iter().enumerate() {
            assert!(!ALL_CODES[i + 1..].contains(code), "{code} twice");
            assert!(doc.contains(&format!("| `{code}` |")), "docs/api.md lacks a row for {code}");
        }
    }

    #[test]
    fn internal_details_stay_out_of_the_body() {
        let e = ApiError::internal("password=hunter2 at db.rs:42");
        assert_eq!(e.code(), "INTERNAL");
        assert_eq!(e.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!e.to_string().contains("hunter2"));
    }
}
