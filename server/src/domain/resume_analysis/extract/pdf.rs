//! PDF: the text layer through pdf-extract; poppler's `pdftotext` when that fails or the text
//! looks garbled (open-source PDF crates mis-map some CJK fonts that poppler reads right).
//! No text at all means a scan: OCR is later work, so that is a failure.

use super::{looks_garbled, run_tool, Failure, TempFile};

/// pdftotext's own time limit, inside the analysis child's.
const PDFTOTEXT_SECS: u64 = 20;

/// pdf-extract's reading, None when it fails or panics. It panics on some malformed files; the
/// child would survive it, but a panic here should only mean "try poppler".
pub fn own_text(bytes: &[u8]) -> Option<String> {
    let own = std::panic::catch_unwind(|| pdf_extract::extract_text_from_mem(bytes));
    match own {
        Ok(Ok(t)) => Some(t),
        Ok(Err(e)) => {
            tracing::info!(error = %e, "pdf-extract failed; trying pdftotext");
            None
        }
        Err(_) => {
            tracing::info!("pdf-extract panicked; trying pdftotext");
            None
        }
    }
}

pub fn text(bytes: &[u8]) -> Result<String, Failure> {
    let own = own_text(bytes);
    if let Some(t) = &own {
        if has_text(t) && !looks_garbled(t) {
            return Ok(t.clone());
        }
    }
    match pdftotext(bytes) {
        Ok(t) if has_text(&t) => Ok(t),
        Ok(_) => match own {
            Some(t) if has_text(&t) => Ok(t),
            _ => Err(Failure::NoText),
        },
        Err(e) => {
            tracing::warn!(error = %e, "pdftotext");
            match own {
                Some(t) if has_text(&t) => Ok(t),
                Some(_) => Err(Failure::NoText),
                None => Err(e),
            }
        }
    }
}

/// poppler's reading, in its reading order (not `-layout`, which keeps two columns side by side).
pub fn pdftotext(bytes: &[u8]) -> Result<String, Failure> {
    let file = TempFile::with(bytes, "pdf")?;
    run_tool("pdftotext", &["-q".as_ref(), "-enc".as_ref(), "UTF-8".as_ref(), file.0.as_os_str(), "-".as_ref()], PDFTOTEXT_SECS)
}

/// Some letters or digits beyond page furniture.
fn has_text(t: &str) -> bool {
    t.chars().filter(|c| c.is_alphanumeric()).count() >= 10
}
