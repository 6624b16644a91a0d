//! DOCX: the text of `word/document.xml`, read from the zip with a guard against zip bombs (a
//! cap on entries, on the declared total size and on each entry's compression ratio, and reads
//! that stop at the cap whatever the headers declare). Nothing in the file is run: macros in a
//! .docm are just other zip entries we never open.
//!
//! Paragraphs become lines; in tables a cell's paragraphs join with spaces, cells with tabs and
//! rows with line ends, so "姓名 | 张三 | 性别 | 男" comes out as one tab-separated line.

use std::io::{Cursor, Read};

use quick_xml::events::Event;

use super::Failure;

/// Entries a resume's zip may hold.
pub const MAX_ENTRIES: usize = 2_000;
/// The sum of the entries' declared sizes.
pub const MAX_TOTAL: u64 = 64 * 1024 * 1024;
/// The XML we read, at most.
pub const MAX_XML: u64 = 16 * 1024 * 1024;
/// Uncompressed to compressed, per entry (XML deflates about 10:1; 100:1 is already odd).
pub const MAX_RATIO: u64 = 200;

pub fn text(bytes: &[u8]) -> Result<String, Failure> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| Failure::Corrupt(format!("zip: {e}")))?;
    if zip.len() > MAX_ENTRIES {
        return Err(Failure::ZipBomb(format!("{} entries", zip.len())));
    }
    let mut total = 0u64;
    for i in 0..zip.len() {
        let entry = zip.by_index_raw(i).map_err(|e| Failure::Corrupt(format!("zip entry {i}: {e}")))?;
        total = total.saturating_add(entry.size());
        if entry.size() > 1024 * 1024 && entry.size() / entry.compressed_size().max(1) > MAX_RATIO {
            return Err(Failure::ZipBomb(format!("entry {i}: ratio {}:{}", entry.size(), entry.compressed_size())));
        }
    }
    if total > MAX_TOTAL {
        return Err(Failure::ZipBomb(format!("{total} bytes declared")));
    }
    let mut out = String::new();
    {
        let part = "word/document.xml";
        let entry = zip.by_name(part).map_err(|e| Failure::Corrupt(format!("{part}: {e}")))?;
        let mut xml = Vec::new();
        entry.take(MAX_XML + 1).read_to_end(&mut xml).map_err(|e| Failure::Corrupt(format!("{part}: {e}")))?;
        if xml.len() as u64 > MAX_XML {
            return Err(Failure::ZipBomb(format!("{part} larger than declared")));
        }
        out.push_str(&document_text(&xml)?);
    }
    Ok(out)
}

/// The text of WordprocessingML.
pub fn document_text(xml: &[u8]) -> Result<String, Failure> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut out = String::new();
    // Open tables, innermost last: rows of cells of paragraphs.
    let mut tables: Vec<Vec<Vec<Vec<String>>>> = Vec::new();
    // The paragraph being read (inside a table), whether we are inside counted text (w:t), and
    // inside text that must be skipped.
    let mut para = String::new();
    let mut in_text = false;
    let mut skip = 0usize;
    loop {
        let event = reader.read_event_into(&mut buf).map_err(|e| Failure::Corrupt(format!("document.xml: {e}")))?;
        let sink: &mut String = if tables.is_empty() { &mut out } else { &mut para };
        match event {
            Event::Start(e) => match e.local_name().into_inner() {
                "t" => in_text = true,
                "tbl" => {
                    if tables.len() >= 16 {
                        return Err(Failure::Corrupt("tables nested too deep".into()));
                    }
                    tables.push(Vec::new());
                }
                "tr" => {
                    if let Some(t) = tables.last_mut() {
                        t.push(Vec::new());
                    }
                }
                "tc" => {
                    if let Some(row) = tables.last_mut().and_then(|t| t.last_mut()) {
                        row.push(Vec::new());
                    }
                }
                // Deleted text, field codes, and the fallback copy of drawings.
                "delText" | "instrText" | "Fallback" => skip += 1,
                _ => {}
            },
            Event::End(e) => match e.local_name().into_inner() {
                "t" => in_text = false,
                "delText" | "instrText" | "Fallback" => skip = skip.saturating_sub(1),
                "p" => {
                    if tables.is_empty() {
                        out.push('\n');
                    } else {
                        let p = std::mem::take(&mut para);
                        if let Some(cell) = tables.last_mut().and_then(|t| t.last_mut()).and_then(|r| r.last_mut()) {
                            cell.push(p);
                        }
                    }
                }
                "tbl" => {
                    let table = tables.pop().unwrap_or_default();
                    let text = super::render_table(&table);
                    match tables.last_mut().and_then(|t| t.last_mut()).and_then(|r| r.last_mut()) {
                        Some(cell) => cell.extend(text.lines().map(str::to_string)),
                        None => {
                            out.push_str(&text);
                            out.push('\n');
                        }
                    }
                }
                _ => {}
            },
            Event::Empty(e) => match e.local_name().into_inner() {
                "tab" if skip == 0 => sink.push('\t'),
                "br" | "cr" if skip == 0 => sink.push(if tables.is_empty() { '\n' } else { ' ' }),
                "p" if tables.is_empty() => out.push('\n'),
                _ => {}
            },
            Event::Text(t) if in_text && skip == 0 => sink.push_str(&t.xml10_content()),
            Event::GeneralRef(r) if in_text && skip == 0 => match r.resolve_char_ref() {
                Ok(Some(ch)) => sink.push(ch),
                _ => {
                    if let Some(s) = quick_xml::escape::resolve_predefined_entity(&r) {
                        sink.push_str(s);
                    }
                }
            },
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_paragraphs_and_tables() {
        let xml = r#"<w:document xmlns:w="x"><w:body>
            <w:p><w:r><w:t>张三</w:t></w:r></w:p>
            <w:tbl><w:tr><w:tc><w:p><w:r><w:t>姓名</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>张三</w:t></w:r></w:p></w:tc></w:tr>
            <w:tr><w:tc><w:p><w:r><w:t>电话</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t xml:space="preserve">138 0013 8000</w:t></w:r></w:p></w:tc></w:tr></w:tbl>
            <w:p><w:r><w:t>A&amp;B</w:t><w:tab/><w:t>C</w:t><w:delText>gone</w:delText></w:r></w:p>
            </w:body></w:document>"#;
        let t = document_text(xml.as_bytes()).unwrap_or_default();
        assert!(t.contains("张三\n"), "{t:?}");
        assert!(t.contains("姓名\t张三\n"), "{t:?}");
        assert!(t.contains("电话\t138 0013 8000\n"), "{t:?}");
        assert!(t.contains("A&B\tC"), "{t:?}");
        assert!(!t.contains("gone"));
        // A page laid out as two columns: the left column's lines, then the right's.
        let cell = |ps: &[&str]| format!("<w:tc>{}</w:tc>", ps.iter().map(|p| format!("<w:p><w:r><w:t>{p}</w:t></w:r></w:p>")).collect::<String>());
        let xml = format!("<w:document><w:body><w:tbl><w:tr>{}{}</w:tr></w:tbl></w:body></w:document>", cell(&["张三", "手机:13800138000", "技能", "Java"]), cell(&["工作经历", "腾讯科技有限公司", "2019.07-至今", "负责后台开发"]));
        let t = document_text(xml.as_bytes()).unwrap_or_default();
        assert!(t.starts_with("张三\n手机:13800138000\n技能\nJava\n工作经历\n腾讯科技有限公司\n"), "{t:?}");
    }
}
