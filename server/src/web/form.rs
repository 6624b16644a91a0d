//! The payload extractor: a form-encoded body, whatever Content-Type the caller sent
//! (calls without a payload often send none). Bad bodies become BAD_INPUT in the envelope.

use std::future::Future;
use std::pin::Pin;

use actix_web::{dev::Payload, web, FromRequest, HttpRequest};
use futures_util::StreamExt;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

pub const MAX_FORM_BYTES: usize = 64 * 1024;

/// `LIMIT` is the most bytes the body may have; a few calls (the resume's long texts) raise it.
pub struct Form<T, const LIMIT: usize = MAX_FORM_BYTES>(pub T);

impl<T: DeserializeOwned + 'static, const LIMIT: usize> FromRequest for Form<T, LIMIT> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(_: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let mut payload = payload.take();
        Box::pin(async move {
            let mut body = web::BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|e| ApiError::BadInput(format!("body: {e}")))?;
                if body.len() + chunk.len() > LIMIT {
                    return Err(ApiError::BadInput("body too large".into()));
                }
                body.extend_from_slice(&chunk);
            }
            parse_form(&body).map(Form)
        })
    }
}

/// A form-encoded body as the payload `T`, with the rules every call shares.
pub fn parse_form<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    // PostgreSQL cannot store a NUL character and no field of ours has a use for one:
    // refuse it here, the same on both engines.
    if url::form_urlencoded::parse(body).any(|(k, v)| k.contains('\0') || v.contains('\0')) {
        return Err(ApiError::BadInput("NUL character".into()));
    }
    serde_urlencoded::from_bytes(body).map_err(|e| ApiError::BadInput(e.to_string()))
}
