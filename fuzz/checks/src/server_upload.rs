//! Multipart uploads: arbitrary bodies under an arbitrary boundary go through the server's
//! streaming reader, and the file bytes through the content sniffer and the photo re-encoder.
//! Errors are answers; a panic, a hang or unbounded memory is a failure.

use std::future::Future;
use std::pin::pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};

use actix_web::http::header::{HeaderMap, HeaderValue, CONTENT_TYPE};
use actix_web::web::Bytes;

use crate::server_api::{content_matches, multipart, read_parts, reencode_photo, sniff};

/// The boundary the first byte of an input picks a prefix of (1 + byte % 20 characters).
pub const BOUNDARY: &str = "fuzzboundary0123456789";

/// actix-multipart 0.7 waits for more of a body that has ended when a part's content ends in
/// "\r\n" or in part of the boundary (actix/actix-web#3202, fixed in actix-multipart 0.8.3):
/// the call then answers nothing until the client hangs up. While the server is on 0.7 that
/// stuck read is let through here; `tests::the_known_eof_hang_is_still_there` fails once it is
/// gone, to set this to false.
pub const KNOWN_EOF_HANG: bool = true;

pub fn check(data: &[u8]) {
    // The first byte picks a boundary length, the rest is the body, fed in small chunks so the
    // reader's handling of fields split across chunks is exercised.
    let Some((&n, body)) = data.split_first() else { return };
    let boundary = &BOUNDARY[..(1 + n as usize % 20)];
    let mut headers = HeaderMap::new();
    let Ok(ct) = HeaderValue::from_str(&format!("multipart/form-data; boundary={boundary}")) else { return };
    headers.insert(CONTENT_TYPE, ct);
    let chunks: Vec<Result<Bytes, actix_web::error::PayloadError>> = body.chunks(7).map(|c| Ok(Bytes::copy_from_slice(c))).collect();
    let stream = futures_util::stream::iter(chunks);
    // Through the server's own guard, as the upload call does.
    let parts = run_to_end(async move {
        match multipart(&headers, stream) {
            Ok(reader) => read_parts(reader).await,
            Err(e) => Err(e),
        }
    });
    match parts {
        Some(Ok(parts)) => {
            let kind = sniff(&parts.bytes);
            for ext in ["pdf", "doc", "docx", "txt", "png", "jpg", "gif", "ppt"] {
                let _ = content_matches(ext, kind);
            }
        }
        Some(Err(_)) => {}
        None => assert!(KNOWN_EOF_HANG, "the multipart reader waits forever for a body that has ended"),
    }
    // The photo path takes any bytes too; keep the image small so a run stays quick.
    if body.len() < 4096 {
        let _ = reencode_photo(body);
    }
}

struct Flag(AtomicBool);

impl Wake for Flag {
    fn wake(self: Arc<Self>) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// Polls `fut` on this thread until it is done. The whole body is there from the start, so a
/// reader that is pending without having asked to be polled again never finishes: `None`
/// (where an executor would wait forever), as for one that keeps asking a million times.
pub fn run_to_end<F: Future>(fut: F) -> Option<F::Output> {
    let flag = Arc::new(Flag(AtomicBool::new(false)));
    let waker = Waker::from(flag.clone());
    let mut cx = Context::from_waker(&waker);
    let mut fut = pin!(fut);
    for _ in 0..1_000_000 {
        match fut.as_mut().poll(&mut cx) {
            Poll::Ready(out) => return Some(out),
            Poll::Pending if flag.0.swap(false, Ordering::SeqCst) => {}
            Poll::Pending => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{run_to_end, KNOWN_EOF_HANG};
    use crate::server_api::{multipart, read_parts};
    use actix_web::http::header::{HeaderMap, HeaderValue, CONTENT_TYPE};
    use actix_web::web::Bytes;

    fn read(boundary: &str, body: &'static [u8]) -> Option<bool> {
        let mut headers = HeaderMap::new();
        headers.insert(CONTENT_TYPE, HeaderValue::from_str(&format!("multipart/form-data; boundary={boundary}")).expect("a header"));
        let stream = futures_util::stream::iter([Ok::<_, actix_web::error::PayloadError>(Bytes::from_static(body))]);
        run_to_end(async move { read_parts(multipart(&headers, stream).expect("a boundary")).await.is_ok() })
    }

    #[test]
    fn a_whole_upload_reads_to_the_end() {
        let body = b"--abcdef\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nphoto\r\n--abcdef--\r\n";
        assert_eq!(read("abcdef", body), Some(true));
    }

    /// Fails when the server's actix-multipart answers a cut body (0.8.3 and later): then set
    /// KNOWN_EOF_HANG to false, and the replay counts any stuck read as the failure it is.
    #[test]
    fn the_known_eof_hang_is_still_there() {
        let cut = b"--abcdef\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nphoto\r\n";
        assert_eq!(read("abcdef", cut).is_none(), KNOWN_EOF_HANG, "KNOWN_EOF_HANG no longer matches the server's multipart reader");
    }
}
