//! The resume analysis's parsers (server/src/domain/resume_analysis): any bytes as a PDF's text
//! layer, as a DOCX (the zip with its bomb guard, or its document.xml alone), as antiword's output
//! of a DOC (its `|cell|` tables reshaped) or a file whose format is told by its content, and as a
//! text file whose encoding is guessed and whose fields are read. Errors are answers; a panic, a hang or
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
    assert_view_shape(&fields::sections(&text));
}

/// DOC: the first byte picks antiword's output reshaped then read into fields (even), or the
/// format told by the content (odd), which must agree with the bytes that tell it.
pub fn check_doc(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else { return };
    if which % 2 == 0 {
        let antiword = String::from_utf8_lossy(rest);
        let text = extract::doc::tables(&antiword);
        // Reshaping moves cells about and adds tabs and line ends, never more than that.
        assert!(text.len() <= 2 * antiword.len() + 1, "tables() grew {} bytes to {}", antiword.len(), text.len());
        assert_view_shape(&fields::sections(&extract::clean(&text)));
    } else {
        let head = &rest[..rest.len().min(1024)];
        match extract::detect(rest) {
            Some(extract::Format::Pdf) => assert!(head.windows(5).any(|w| w == b"%PDF-"), "a PDF has its header"),
            Some(extract::Format::Doc) => assert!(rest.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]), "a DOC is an OLE file"),
            Some(extract::Format::Docx) => assert!(rest.starts_with(b"PK\x03\x04"), "a DOCX is a zip"),
            Some(extract::Format::Txt) => assert!(!head.windows(5).any(|w| w == b"%PDF-") && !rest.starts_with(b"PK\x03\x04"), "text is not a PDF or a zip"),
            None => {}
        }
    }
}

/// The analysis's answer has every section of the view: lists as arrays, forms as objects or
/// null, and no file sections.
fn assert_view_shape(sections: &serde_json::Map<String, serde_json::Value>) {
    for s in core_wasm::resume::SECTIONS {
        match s.kind {
            core_wasm::resume::Kind::Files => assert!(!sections.contains_key(s.name), "{} is not a section of the answer", s.name),
            core_wasm::resume::Kind::List => assert!(sections.get(s.name).is_some_and(|v| v.is_array()), "{} is a list", s.name),
            core_wasm::resume::Kind::Single => assert!(sections.get(s.name).is_some_and(|v| v.is_object() || v.is_null()), "{} is a form", s.name),
        }
    }
    let _ = fields::usable(sections);
}
