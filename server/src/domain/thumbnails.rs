//! Thumbnails of stored pictures (issue 38): the candidate's photo and the company's logo, photos and
//! video cover get resized copies, so a list of avatars or a card does not load the original.
//!
//! - **Which**: each picture fitted into a square of 96 px and of 240 px (never enlarged), each as
//!   WebP (lossy, libwebp through the `webp` crate) and as JPEG, made from the stored JPEG (the
//!   re-encoded upload, web/upload.rs), at upload time, and for files stored before this existed by
//!   the one-off job below.
//! - **Where**: beside the original in the storage, under names derived from its stored name
//!   (`<name>x96webp`, `<name>x240jpg`…; letters and digits only, as every stored name), so no column
//!   says which exist: a variant missing (an old file the job has not reached) is answered with the
//!   original, never 404. Removing an original removes its variants.
//! - **Served**: by the same routes as the original, with `?size=96` or `?size=240`, after the same
//!   access check (web/file_answer.rs `send_picture`): a thumbnail is never more visible than its
//!   original. WebP when the request's Accept names image/webp, else JPEG, with `Vary: Accept`.
//! - **The one-off job** (`spawn_backfill`, domain/background.rs lists it): once across servers,
//!   through the lease row `lease:thumbnails` in `shared_keys` (the same atomic statement as the other
//!   leases); its progress is the row `job:thumbnails` (`resume:<last id>`, `company:<last id>`, then
//!   `done`), so a server that stops mid-way leaves the rest to the next holder, which resumes after
//!   the last finished batch. Idempotent: a file whose variants are there is skipped, and the variants'
//!   names and bytes are the same whoever makes them. A file that no longer reads or decodes is logged
//!   and passed over; a storage write that fails stops the round, which is tried again. A picture
//!   removed while the job is making its thumbnails may leave them behind: space, not visibility (they
//!   are only ever read through the original's row, which is gone).

use std::time::Duration;

use crate::db::{company_file, resume_file, shared_key, DbConnection, Pool};
use crate::error::{ApiError, ApiResult};
use crate::ids::now_ms;
use crate::providers::storage::Storage;

/// The thumbnails' sizes: the square each is fitted into, in pixels.
pub const SIZES: [u32; 2] = [96, 240];
/// The JPEG variants' quality (the originals are kept at 85).
const JPEG_QUALITY: u8 = 82;
/// The WebP variants' quality (libwebp's scale; its default is 75).
const WEBP_QUALITY: f32 = 80.0;

/// A variant's encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Webp,
    Jpeg,
}

impl Format {
    pub const ALL: [Format; 2] = [Format::Webp, Format::Jpeg];

    pub fn content_type(self) -> &'static str {
        match self {
            Format::Webp => "image/webp",
            Format::Jpeg => "image/jpeg",
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Format::Webp => "webp",
            Format::Jpeg => "jpg",
        }
    }

    /// WebP when the request's Accept names it (every current browser's image requests do), else JPEG.
    pub fn for_accept(accept: Option<&str>) -> Format {
        let webp = accept.is_some_and(|a| {
            a.split(',').any(|item| {
                let mut parts = item.split(';');
                let kind = parts.next().unwrap_or("").trim();
                // `image/webp;q=0` refuses it.
                let refused = parts.any(|p| p.trim().strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok()).is_some_and(|q| q <= 0.0));
                kind.eq_ignore_ascii_case("image/webp") && !refused
            })
        });
        if webp {
            Format::Webp
        } else {
            Format::Jpeg
        }
    }
}

/// The stored name of a variant of the file stored as `stored`.
pub fn variant_name(stored: &str, px: u32, format: Format) -> String {
    format!("{stored}x{px}{}", format.suffix())
}

/// Every variant name of the file stored as `stored`.
pub fn variant_names(stored: &str) -> Vec<String> {
    SIZES.iter().flat_map(|&px| Format::ALL.iter().map(move |&f| variant_name(stored, px, f))).collect()
}

/// The size `?size=` asks for: none, or one of SIZES; anything else is BAD_INPUT.
pub fn size_asked(raw: Option<&str>) -> ApiResult<Option<u32>> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => match s.parse::<u32>() {
            Ok(px) if SIZES.contains(&px) => Ok(Some(px)),
            _ => Err(ApiError::BadInput(format!("size: one of {SIZES:?}"))),
        },
    }
}

/// A variant made, to be stored.
pub struct Variant {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Decodes an untrusted picture with limits on its size and memory; anything else is FILE_FORMAT.
pub fn decode_picture(bytes: &[u8]) -> ApiResult<image::DynamicImage> {
    let mut reader = image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format().map_err(|_| ApiError::FileFormat)?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(8000);
    limits.max_image_height = Some(8000);
    limits.max_alloc = Some(256 * 1024 * 1024);
    reader.limits(limits);
    reader.decode().map_err(|_| ApiError::FileFormat)
}

/// The variants of the picture stored as `stored`, made from its bytes as kept (a JPEG). CPU work,
/// some milliseconds: call it on a blocking thread.
pub fn make(stored: &str, kept: &[u8]) -> ApiResult<Vec<Variant>> {
    let img = decode_picture(kept)?;
    let mut out = Vec::with_capacity(SIZES.len() * Format::ALL.len());
    for px in SIZES {
        let small = if img.width() > px || img.height() > px { img.thumbnail(px, px) } else { img.clone() };
        let rgb = small.to_rgb8();
        for format in Format::ALL {
            out.push(Variant { name: variant_name(stored, px, format), bytes: encode(&rgb, format)? });
        }
    }
    Ok(out)
}

fn encode(rgb: &image::RgbImage, format: Format) -> ApiResult<Vec<u8>> {
    match format {
        Format::Jpeg => {
            let mut out = Vec::new();
            rgb.write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)).map_err(ApiError::internal)?;
            Ok(out)
        }
        Format::Webp => {
            let encoder = webp::Encoder::from_rgb(rgb.as_raw(), rgb.width(), rgb.height());
            let encoded = encoder.encode_simple(false, WEBP_QUALITY).map_err(|e| ApiError::internal(format!("webp: {e:?}")))?;
            Ok(encoded.to_vec())
        }
    }
}

/// Stores the variants; on a failure removes those stored and answers the error.
pub async fn store(storage: &Storage, variants: Vec<Variant>) -> ApiResult<()> {
    let mut stored: Vec<String> = Vec::with_capacity(variants.len());
    for v in variants {
        if let Err(e) = storage.put(&v.name, v.bytes).await {
            for name in &stored {
                storage.remove(name).await;
            }
            return Err(e);
        }
        stored.push(v.name);
    }
    Ok(())
}

/// Removes the variants of the file stored as `stored` (those that exist; a failure is only logged).
pub async fn remove(storage: &Storage, stored: &str) {
    for name in variant_names(stored) {
        storage.remove(&name).await;
    }
}

/// The lease of the one-off job, and its progress.
const LEASE: &str = "lease:thumbnails";
const PROGRESS: &str = "job:thumbnails";
const DONE: &str = "done";
/// How long the lease lasts unless renewed (each batch renews it).
const LEASE_MS: i64 = 60_000;
/// Files per batch: the progress is saved after each.
const BATCH: i64 = 20;

/// Where the job stands: which table, after which id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cursor {
    Resume(i64),
    Company(i64),
    Done,
}

impl Cursor {
    fn parse(raw: Option<&str>) -> Cursor {
        let after = |s: &str| s.parse::<i64>().unwrap_or(i64::MIN);
        match raw {
            Some(DONE) => Cursor::Done,
            Some(s) if s.starts_with("company:") => Cursor::Company(after(&s["company:".len()..])),
            Some(s) if s.starts_with("resume:") => Cursor::Resume(after(&s["resume:".len()..])),
            _ => Cursor::Resume(i64::MIN),
        }
    }

    fn text(self) -> String {
        match self {
            Cursor::Resume(id) => format!("resume:{id}"),
            Cursor::Company(id) => format!("company:{id}"),
            Cursor::Done => DONE.into(),
        }
    }
}

/// What a round of the job did.
#[derive(Debug, PartialEq, Eq)]
enum Round {
    /// A batch went by (or a table ended); more may follow at once.
    Went { made: usize },
    /// Another server holds the lease.
    Waiting,
    Done,
}

/// Starts the one-off job that gives files stored before thumbnails existed theirs (see the module's
/// doc). It ends once the job is done, here or on another server. `rt` runs the storage's futures.
pub fn spawn_backfill(pool: Pool, storage: Storage, rt: tokio::runtime::Handle) {
    let holder = {
        let tag: u64 = rand::random();
        format!("{}-{tag:016x}", std::process::id())
    };
    let spawned = std::thread::Builder::new().name("thumbnails".into()).spawn(move || {
        let mut made = 0usize;
        let mut holding = false;
        loop {
            match round(&pool, &storage, &rt, &holder) {
                Ok(Round::Went { made: n }) => {
                    if !holding {
                        tracing::info!(job = "thumbnails", holder = %holder, "lease taken");
                        holding = true;
                    }
                    made += n;
                }
                Ok(Round::Waiting) => {
                    holding = false;
                    std::thread::sleep(Duration::from_secs(5));
                }
                Ok(Round::Done) => {
                    if holding {
                        tracing::info!(job = "thumbnails", made, "thumbnails of earlier files made");
                    }
                    return;
                }
                Err(e) => {
                    tracing::warn!(job = "thumbnails", error = ?e, "background round");
                    std::thread::sleep(Duration::from_secs(5));
                }
            }
        }
    });
    if let Err(e) = spawned {
        tracing::error!(job = "thumbnails", error = %e, "background thread did not start");
    }
}

fn round(pool: &Pool, storage: &Storage, rt: &tokio::runtime::Handle, holder: &str) -> ApiResult<Round> {
    let mut c = pool.get()?;
    let cursor = Cursor::parse(shared_key::get(&mut c, PROGRESS, now_ms())?.as_deref());
    if cursor == Cursor::Done {
        return Ok(Round::Done);
    }
    let now = now_ms();
    if !shared_key::hold(&mut c, LEASE, holder, now + LEASE_MS, now)? {
        return Ok(Round::Waiting);
    }
    let (batch, next) = next_batch(&mut c, cursor)?;
    drop(c);
    let mut made = 0;
    for (_, stored) in &batch {
        if rt.block_on(backfill_one(storage, stored))? {
            made += 1;
        }
    }
    let mut c = pool.get()?;
    // Still ours (a holder paused past its lease stops here; what it made is what the next one skips).
    let now = now_ms();
    if !shared_key::hold(&mut c, LEASE, holder, now + LEASE_MS, now)? {
        return Ok(Round::Waiting);
    }
    shared_key::set(&mut c, PROGRESS, &next.text(), i64::MAX)?;
    if next == Cursor::Done {
        // Nothing is left to hold: a server started later need not wait for the lease to run out.
        shared_key::delete(&mut c, LEASE)?;
    }
    Ok(Round::Went { made })
}

/// The files after the cursor, and where the cursor stands after them.
fn next_batch(c: &mut DbConnection, cursor: Cursor) -> ApiResult<(Vec<(i64, String)>, Cursor)> {
    Ok(match cursor {
        Cursor::Resume(after) => {
            let rows = resume_file::photos_after(c, after, BATCH)?;
            match rows.last() {
                Some(&(id, _)) => {
                    let next = Cursor::Resume(id);
                    (rows, next)
                }
                None => (Vec::new(), Cursor::Company(i64::MIN)),
            }
        }
        Cursor::Company(after) => {
            let rows = company_file::pictures_after(c, after, BATCH)?;
            match rows.last() {
                Some(&(id, _)) => {
                    let next = Cursor::Company(id);
                    (rows, next)
                }
                None => (Vec::new(), Cursor::Done),
            }
        }
        Cursor::Done => (Vec::new(), Cursor::Done),
    })
}

/// Gives one stored picture its variants unless it has them; true when it made them.
async fn backfill_one(storage: &Storage, stored: &str) -> ApiResult<bool> {
    // The last variant written: when it is there, so are the others (`store` writes them in order
    // and removes them all on a failure).
    let last = variant_names(stored).pop().unwrap_or_default();
    if storage.size(&last).await.is_ok() {
        return Ok(false);
    }
    let kept = match storage.read(stored).await {
        Ok(bytes) => bytes,
        Err(_) => {
            tracing::warn!(job = "thumbnails", file = stored, "the original does not read: passed over");
            return Ok(false);
        }
    };
    // On the job's own thread (`Handle::block_on` runs the future here), not on a server worker.
    let variants = match make(stored, &kept) {
        Ok(v) => v,
        Err(_) => {
            tracing::warn!(job = "thumbnails", file = stored, "the original does not decode: passed over");
            return Ok(false);
        }
    };
    store(storage, variants).await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webp_only_when_accepted() {
        assert_eq!(Format::for_accept(Some("image/avif,image/webp,image/apng,image/*,*/*;q=0.8")), Format::Webp);
        assert_eq!(Format::for_accept(Some("image/WebP")), Format::Webp);
        assert_eq!(Format::for_accept(Some("image/webp;q=0, image/jpeg")), Format::Jpeg);
        assert_eq!(Format::for_accept(Some("image/*,*/*")), Format::Jpeg);
        assert_eq!(Format::for_accept(None), Format::Jpeg);
    }

    #[test]
    fn sizes_and_names() {
        assert_eq!(size_asked(None).unwrap(), None);
        assert_eq!(size_asked(Some("96")).unwrap(), Some(96));
        assert_eq!(size_asked(Some("240")).unwrap(), Some(240));
        assert!(size_asked(Some("100")).is_err());
        assert!(size_asked(Some("-1")).is_err());
        let names = variant_names("0123456789abcdef0123456789abcdef");
        assert_eq!(names.len(), 4);
        assert!(names.iter().all(|n| n.len() <= 64 && n.bytes().all(|b| b.is_ascii_alphanumeric())), "{names:?}");
    }

    #[test]
    fn cursors_read_back() {
        for c in [Cursor::Resume(i64::MIN), Cursor::Resume(42), Cursor::Company(7), Cursor::Done] {
            assert_eq!(Cursor::parse(Some(&c.text())), c);
        }
        assert_eq!(Cursor::parse(None), Cursor::Resume(i64::MIN));
    }

    #[test]
    fn variants_fit_their_squares() {
        let img = image::RgbImage::from_fn(600, 800, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
        let mut jpeg = Vec::new();
        img.write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 85)).unwrap();
        let variants = make("abc", &jpeg).unwrap();
        assert_eq!(variants.iter().map(|v| v.name.as_str()).collect::<Vec<_>>(), ["abcx96webp", "abcx96jpg", "abcx240webp", "abcx240jpg"]);
        for (v, px) in variants.iter().zip([96, 96, 240, 240]) {
            let (w, h) = if v.name.ends_with("webp") {
                let f = webp::BitstreamFeatures::new(&v.bytes).unwrap_or_else(|| panic!("{}: not WebP", v.name));
                (f.width(), f.height())
            } else {
                let decoded = image::load_from_memory(&v.bytes).unwrap_or_else(|e| panic!("{}: {e}", v.name));
                (decoded.width(), decoded.height())
            };
            assert_eq!((w, h), (px * 3 / 4, px), "{}", v.name);
        }
        assert!(variants[0].bytes.starts_with(b"RIFF") && variants[1].bytes.starts_with(&[0xFF, 0xD8, 0xFF]));
    }
}
