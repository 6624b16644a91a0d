//! The payload extractor: a form-encoded body, whatever Content-Type the caller sent
//! (calls without a payload often send none). Bad bodies become BAD_INPUT in the envelope.

use std::future::Future;
use std::pin::Pin;

use actix_web::{dev::Payload, web, FromRequest, HttpRequest};
use futures_util::StreamExt;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

pub const MAX_FORM_BYTES: usize = 64 * 1024;

pub struct Form<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for Form<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(_: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let mut payload = payload.take();
        Box::pin(async move {
            let mut body = web::BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|e| ApiError::BadInput(format!("body: {e}")))?;
                if body.len() + chunk.len() > MAX_FORM_BYTES {
                    return Err(ApiError::BadInput("body too large".into()));
                }
                body.extend_from_slice(&chunk);
            }
            serde_urlencoded::from_bytes(&body).map(Form).map_err(|e| ApiError::BadInput(e.to_string()))
        })
    }
}
