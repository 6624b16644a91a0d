//! Where uploaded files are kept, through Apache OpenDAL: the local filesystem (the default,
//! DATA_DIR/uploads, for one machine) or S3-compatible object storage (Aliyun OSS, Tencent COS,
//! MinIO… through their S3 APIs), for servers in a cluster that must all see every file.
//!
//! `STORAGE_URL`:
//! - empty: `DATA_DIR/uploads`;
//! - `fs:///srv/uploads`: that directory;
//! - `s3://bucket[/prefix]?endpoint=https://oss-cn-hangzhou.aliyuncs.com&region=oss-cn-hangzhou[&virtual_host=1]`
//!   with `STORAGE_ACCESS_KEY_ID` and `STORAGE_SECRET_ACCESS_KEY` from the environment (never in the
//!   URL, which is logged). OSS and COS want `virtual_host=1` (bucket.endpoint addressing).
//!
//! What is stored here is only ever named by the server (random hex names, api/candidate/resume_files.rs)
//! and only ever read back through the server, which checks who asks first: objects are private, and
//! no bucket URL is handed out. The fake S3 of the tests is moto's server (server/tests/storage.rs).

use std::path::Path;

use actix_web::web::Bytes;
use opendal::{services, ErrorKind, Operator};

use crate::error::{ApiError, ApiResult};
use crate::settings::Settings;

/// The kept files.
#[derive(Clone)]
pub struct Storage {
    op: Operator,
    /// `fs:<dir>` or `s3:<bucket>`, for the log.
    pub describe: String,
    /// Small files kept in memory after their first read, so a page of avatars is not a bucket
    /// round trip each, nor an open, stat and read of the disk each (stored files never change
    /// under their name; a removed one's row is gone first, so the access check refuses it).
    hot: Option<std::sync::Arc<HotFiles>>,
}

/// The in-process cache of small stored files, bounded by their total size.
struct HotFiles {
    files: quick_cache::sync::Cache<String, Bytes, ByteSize>,
    /// The largest file kept.
    item_max: u64,
}

impl HotFiles {
    /// `(total bytes, largest file)`; none when either is 0.
    fn new((total, item_max): (u64, u64)) -> Option<std::sync::Arc<HotFiles>> {
        (total > 0 && item_max > 0).then(|| {
            // quick_cache wants an estimate of the number of items: the bound over a typical avatar's 16 KB.
            let items = usize::try_from(total / 16_384).unwrap_or(usize::MAX).max(16);
            std::sync::Arc::new(HotFiles { files: quick_cache::sync::Cache::with_weighter(items, total, ByteSize), item_max })
        })
    }
}

/// A cached file weighs its bytes.
#[derive(Clone)]
struct ByteSize;

impl quick_cache::Weighter<String, Bytes> for ByteSize {
    fn weight(&self, _name: &String, bytes: &Bytes) -> u64 {
        bytes.len() as u64 + 64
    }
}

/// A stored file (or the part of it asked for) being read: its bytes as they arrive, and how many
/// there will be, so the answer carries a `Content-Length` rather than a chunked body.
pub struct Download {
    pub stream: std::pin::Pin<Box<dyn futures_util::Stream<Item = std::io::Result<Bytes>>>>,
    pub len: u64,
}

impl Storage {
    /// The storage STORAGE_URL names (DATA_DIR/uploads when empty).
    pub fn from_settings(settings: &Settings) -> Result<Self, String> {
        let raw = settings.storage_url.trim();
        let cache = (settings.storage_cache_bytes, settings.storage_cache_item_max);
        if raw.is_empty() {
            return Self::fs(&settings.data_dir.join("uploads"), cache);
        }
        let url = url::Url::parse(raw).map_err(|e| format!("STORAGE_URL: {e}"))?;
        match url.scheme() {
            "fs" | "file" => Self::fs(Path::new(url.path()), cache),
            "s3" => Self::s3(&url, &settings.storage_access_key_id, &settings.storage_secret_access_key, cache),
            other => Err(format!("STORAGE_URL: unknown scheme {other}: (fs:///dir or s3://bucket?endpoint=…)")),
        }
    }

    /// Files in a local directory (made when missing).
    fn fs(dir: &Path, cache: (u64, u64)) -> Result<Self, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("uploads dir {}: {e}", dir.display()))?;
        let root = dir.to_str().ok_or("the uploads dir is not UTF-8")?;
        let op = Operator::new(services::Fs::default().root(root)).map_err(|e| format!("storage: {e}"))?;
        Ok(Storage { op, describe: format!("fs:{root}"), hot: HotFiles::new(cache) })
    }

    fn s3(url: &url::Url, key_id: &str, secret: &str, cache: (u64, u64)) -> Result<Self, String> {
        let bucket = url.host_str().filter(|b| !b.is_empty()).ok_or("STORAGE_URL: s3://<bucket>")?;
        let query: std::collections::HashMap<String, String> = url.query_pairs().into_owned().collect();
        let endpoint = query.get("endpoint").ok_or("STORAGE_URL: s3://… needs ?endpoint=https://…")?;
        if key_id.is_empty() || secret.is_empty() {
            return Err("STORAGE_URL s3://…: set STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY".into());
        }
        // The HTTP client (reqwest) the S3 service speaks through; once per process, later calls do nothing.
        opendal::install_default();
        let mut b = services::S3::default()
            .bucket(bucket)
            .endpoint(endpoint)
            .region(query.get("region").map_or("us-east-1", String::as_str))
            .root(if url.path().is_empty() { "/" } else { url.path() })
            .access_key_id(key_id)
            .secret_access_key(secret)
            // Only what is configured here: no AWS profile files or instance metadata.
            .disable_config_load();
        if query.get("virtual_host").is_some_and(|v| v == "1" || v == "true") {
            b = b.enable_virtual_host_style();
        }
        let op = Operator::new(b).map_err(|e| format!("storage: {e}"))?;
        Ok(Storage { op, describe: format!("s3:{bucket}{}", url.path()), hot: HotFiles::new(cache) })
    }

    /// Stores the bytes under `name`. A failed write leaves nothing under the name (the database
    /// row that would point at it is written only after this succeeds).
    pub async fn put(&self, name: &str, bytes: Vec<u8>) -> ApiResult<()> {
        checked_name(name)?;
        if let Err(e) = self.op.write(name, bytes).await {
            let full = is_full(&e);
            tracing::warn!(file = name, error = %e, storage = %self.describe, "storing an upload");
            if let Err(e) = self.op.delete(name).await {
                tracing::warn!(file = name, error = %e, "removing a half-stored upload");
            }
            return Err(if full { ApiError::StorageFull } else { ApiError::UploadFailed });
        }
        Ok(())
    }

    /// How many bytes the file holds (NOT_FOUND when it is not there). A file in the hot cache costs no
    /// request; otherwise one stat (a HEAD on object storage), and a small file is read whole into
    /// the cache at once, so the read that follows costs nothing either.
    pub async fn size(&self, name: &str) -> ApiResult<u64> {
        checked_name(name)?;
        if let Some(hot) = &self.hot {
            if let Some(bytes) = hot.files.get(name) {
                return Ok(bytes.len() as u64);
            }
        }
        let meta = self.op.stat(name).await.map_err(|e| read_error(name, &e))?;
        let len = meta.content_length();
        if let Some(hot) = self.hot.as_ref().filter(|h| len <= h.item_max) {
            let bytes = self.op.read(name).await.map_err(|e| read_error(name, &e))?.to_bytes();
            let len = bytes.len() as u64;
            hot.files.insert(name.to_string(), bytes);
            return Ok(len);
        }
        Ok(len)
    }

    /// The whole file as a stream (NOT_FOUND when it is not there).
    pub async fn open(&self, name: &str) -> ApiResult<Download> {
        let len = self.size(name).await?;
        self.open_range(name, 0..len).await
    }

    /// Bytes `range` of the file (within the size [`Storage::size`] gave) as a stream. The first chunk
    /// is awaited here, so a file gone since is a 404 before any header is sent.
    pub async fn open_range(&self, name: &str, range: std::ops::Range<u64>) -> ApiResult<Download> {
        use futures_util::StreamExt;
        checked_name(name)?;
        let len = range.end.saturating_sub(range.start);
        if let Some(bytes) = self.hot.as_ref().and_then(|h| h.files.get(name)) {
            let (start, end) = (usize::try_from(range.start).unwrap_or(usize::MAX), usize::try_from(range.end).unwrap_or(usize::MAX));
            let part = bytes.slice(start.min(bytes.len())..end.min(bytes.len()));
            return Ok(Download { len: part.len() as u64, stream: Box::pin(futures_util::stream::iter([Ok(part)])) });
        }
        if len == 0 {
            return Ok(Download { len, stream: Box::pin(futures_util::stream::empty()) });
        }
        let reader = self.op.reader(name).await.map_err(|e| read_error(name, &e))?;
        let mut stream = reader.into_bytes_stream(range).await.map_err(|e| read_error(name, &e))?;
        let first = match stream.next().await {
            Some(Ok(chunk)) => Some(Ok(chunk)),
            Some(Err(e)) => {
                if e.kind() != std::io::ErrorKind::NotFound {
                    tracing::warn!(file = name, error = %e, "reading an upload");
                }
                return Err(ApiError::NotFound);
            }
            None => None,
        };
        Ok(Download { len, stream: Box::pin(futures_util::stream::iter(first).chain(stream)) })
    }

    /// The whole file (for the resume PDF's photo).
    pub async fn read(&self, name: &str) -> ApiResult<Vec<u8>> {
        checked_name(name)?;
        Ok(self.op.read(name).await.map_err(|e| read_error(name, &e))?.to_vec())
    }

    /// Removes the file; a failure is only logged (an orphan costs space, not correctness).
    pub async fn remove(&self, name: &str) {
        if checked_name(name).is_err() {
            return;
        }
        if let Some(hot) = &self.hot {
            hot.files.remove(name);
        }
        if let Err(e) = self.op.delete(name).await {
            tracing::warn!(file = name, error = %e, storage = %self.describe, "removing an upload");
        }
    }
}

/// A new name for a stored file: 128 random bits in hex.
pub fn random_name() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Names are ours (random hex); anything else is refused before it reaches a path or a key.
fn checked_name(name: &str) -> ApiResult<()> {
    if !name.is_empty() && name.len() <= 64 && name.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(())
    } else {
        Err(ApiError::NotFound)
    }
}

fn read_error(name: &str, e: &opendal::Error) -> ApiError {
    if e.kind() != ErrorKind::NotFound {
        tracing::warn!(file = name, error = %e, "reading an upload");
    }
    ApiError::NotFound
}

/// ENOSPC or EDQUOT somewhere in the error's causes: the disk or the quota is full.
fn is_full(e: &opendal::Error) -> bool {
    const ENOSPC: i32 = 28;
    const EDQUOT: i32 = 122;
    let mut cause: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(c) = cause {
        if let Some(io) = c.downcast_ref::<std::io::Error>() {
            if matches!(io.raw_os_error(), Some(ENOSPC | EDQUOT)) {
                return true;
            }
        }
        cause = c.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_our_names_reach_the_store() {
        assert!(checked_name("0123456789abcdef0123456789abcdef").is_ok());
        for bad in ["", "../jwt.key", "a/b", "a.b", ".part-x", &"a".repeat(65)] {
            assert!(checked_name(bad).is_err(), "{bad}");
        }
    }
}
