//! The resume analysis's parsers (server/src/domain/resume_analysis): any bytes as a PDF's text
//! layer, as a DOCX (the zip with its bomb guard, or its document.xml alone), and as a text file
//! whose encoding is guessed and whose fields are read. Errors are answers; a panic, a hang or
//! unbounded memory is a failure. (antiword, catdoc and pdftotext are Debian's programs, run in
//! the analysis child under rlimits, and are not fuzzed here.)

use server::domain::resume_analysis::{extract, fields};

/// PDF: pdf-extract (its own panics are caught and mean "try poppler"), then the garble test.
pub fn check_pdf(data: &[u8]) {
    if let Some(text) = extract::pdf::own_text(data) {
        let _ = extract::looks_garbled(&text);
        let cleaned = extract::clean(&text);
        assert!(!cleaned.contains('\r'), "clean leaves no carriage returns");
    }
}

/// DOCX: the first byte picks the whole file (even) or its document.xml alone (odd).
pub fn check_docx(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else { return };
    let text = if which % 2 == 0 { extract::docx::text(rest) } else { extract::docx::document_text(rest) };
    if let Ok(t) = text {
        assert!(t.len() <= 8 * (rest.len() + 64) + (extract::docx::MAX_XML as usize), "text bounded by the input");
    }
}

/// Text: decoding in any encoding, then the field reader on whatever came out, whose answer
/// must have the view's shape.
pub fn check_text(data: &[u8]) {
    let Ok(text) = extract::txt::text(data) else { return };
    let text = extract::clean(&text);
    let sections = fields::sections(&text);
    for s in core_wasm::resume::SECTIONS {
        match s.kind {
            core_wasm::resume::Kind::Files => assert!(!sections.contains_key(s.name), "{} is not a section of the answer", s.name),
            core_wasm::resume::Kind::List => assert!(sections.get(s.name).is_some_and(|v| v.is_array()), "{} is a list", s.name),
            core_wasm::resume::Kind::Single => assert!(sections.get(s.name).is_some_and(|v| v.is_object() || v.is_null()), "{} is a form", s.name),
        }
    }
    let _ = fields::usable(&sections);
}
