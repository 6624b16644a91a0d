//! The one error type of the API. Each variant has a stable code (docs/api.md) and an
//! HTTP status; the body is always the envelope `{"error": {"code", "message"}}`.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde_json::json;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The payload is missing a field or breaks a rule; the message says which.
    #[error("{0}")]
    BadInput(String),
    #[error("wrong username or password")]
    LoginFailed,
    #[error("account disabled by admin")]
    AccountDisabled,
    #[error("too many attempts, try again later")]
    RateLimited,
    /// Answered with 401, which the client ignores silently: the login guard takes over.
    #[error("not logged in")]
    NotLoggedIn,
    /// A state-changing call from another site's page. 403, ignored by the client.
    #[error("origin refused")]
    OriginRefused,
    #[error("not found")]
    NotFound,
    #[error("already applied for this job")]
    AlreadyApplied,
    #[error("the job is closed")]
    JobClosed,
    #[error("the order cannot be paid or cancelled any more")]
    OrderNotPayable,
    #[error("internal error")]
    Internal(String),
}

impl ApiError {
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadInput(_) => "BAD_INPUT",
            ApiError::LoginFailed => "LOGIN_FAILED",
            ApiError::AccountDisabled => "ACCOUNT_DISABLED",
            ApiError::RateLimited => "RATE_LIMITED",
            ApiError::NotLoggedIn => "NOT_LOGGED_IN",
            ApiError::OriginRefused => "ORIGIN_REFUSED",
            ApiError::NotFound => "NOT_FOUND",
            ApiError::AlreadyApplied => "ALREADY_APPLIED",
            ApiError::JobClosed => "JOB_CLOSED",
            ApiError::OrderNotPayable => "ORDER_NOT_PAYABLE",
            ApiError::Internal(_) => "INTERNAL",
        }
    }

    pub fn internal(e: impl std::fmt::Display) -> Self {
        ApiError::Internal(e.to_string())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::BadInput(_)
            | ApiError::LoginFailed
            | ApiError::AccountDisabled
            | ApiError::AlreadyApplied
            | ApiError::JobClosed
            | ApiError::OrderNotPayable => StatusCode::BAD_REQUEST,
            ApiError::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ApiError::NotLoggedIn => StatusCode::UNAUTHORIZED,
            ApiError::OriginRefused => StatusCode::FORBIDDEN,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let ApiError::Internal(detail) = self {
            // The detail is for the log only; the caller learns nothing about our internals.
            tracing::error!(detail = %detail, "internal error");
        }
        HttpResponse::build(self.status_code())
            .json(json!({ "error": { "code": self.code(), "message": self.to_string() } }))
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(e: diesel::result::Error) -> Self {
        match e {
            diesel::result::Error::NotFound => ApiError::NotFound,
            other => ApiError::internal(other),
        }
    }
}

impl From<r2d2::Error> for ApiError {
    fn from(e: r2d2::Error) -> Self {
        ApiError::internal(format!("database pool: {e}"))
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        ApiError::internal(e)
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// Every code, for the test that each one is documented in docs/api.md.
#[cfg(test)]
pub const ALL_CODES: [&str; 11] = [
    "BAD_INPUT",
    "LOGIN_FAILED",
    "ACCOUNT_DISABLED",
    "RATE_LIMITED",
    "NOT_LOGGED_IN",
    "ORIGIN_REFUSED",
    "NOT_FOUND",
    "ALREADY_APPLIED",
    "JOB_CLOSED",
    "ORDER_NOT_PAYABLE",
    "INTERNAL",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_a_listed_code_and_api_md_documents_it() {
        let variants = [
            ApiError::BadInput(String::new()),
            ApiError::LoginFailed,
            ApiError::AccountDisabled,
            ApiError::RateLimited,
            ApiError::NotLoggedIn,
            ApiError::OriginRefused,
            ApiError::NotFound,
            ApiError::AlreadyApplied,
            ApiError::JobClosed,
            ApiError::OrderNotPayable,
            ApiError::Internal(String::new()),
        ];
        let codes: Vec<&str> = variants.iter().map(ApiError::code).collect();
        assert_eq!(codes, ALL_CODES);
        let doc = include_str!("../../docs/api.md");
        for code in ALL_CODES {
            assert!(doc.contains(&format!("`{code}`")), "docs/api.md lacks {code}");
        }
    }
}
