//! From a file's bytes to plain text: the format is told by the content (magic bytes), never by
//! the name. Each format has its reader; what every reader gives is cleaned the same way.

pub mod doc;
pub mod docx;
pub mod pdf;
pub mod txt;

use super::Failure;

/// The formats a resume may come in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Pdf,
    Docx,
    /// The old binary Word format (an OLE compound file).
    Doc,
    Txt,
}

impl Format {
    pub const ALL: [Format; 4] = [Format::Pdf, Format::Docx, Format::Doc, Format::Txt];

    pub fn name(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Docx => "docx",
            Format::Doc => "doc",
            Format::Txt => "txt",
        }
    }
}

const OLE_MAGIC: [u8; 8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// The format by the content alone; `None` for anything else (images, other zips, binaries).
pub fn detect(b: &[u8]) -> Option<Format> {
    // A PDF may have a few bytes of junk before its header; readers accept 1 KiB of it.
    let head = &b[..b.len().min(1024)];
    if head.windows(5).any(|w| w == b"%PDF-") {
        return Some(Format::Pdf);
    }
    if b.starts_with(&OLE_MAGIC) {
        return Some(Format::Doc);
    }
    if b.starts_with(b"PK\x03\x04") {
        let has = |needle: &[u8]| b.windows(needle.len()).any(|w| w == needle);
        return (has(b"word/") && has(b"[Content_Types].xml")).then_some(Format::Docx);
    }
    txt::looks_like_text(b).then_some(Format::Txt)
}

/// The file's text, by its format.
pub fn text(bytes: &[u8], format: Format) -> Result<String, Failure> {
    let raw = match format {
        Format::Pdf => pdf::text(bytes)?,
        Format::Docx => docx::text(bytes)?,
        Format::Doc => doc::text(bytes)?,
        Format::Txt => txt::text(bytes)?,
    };
    Ok(clean(&raw))
}

/// Full-width ASCII to half-width, odd spaces to plain ones, no control characters but tab and
/// line feed, lines trimmed, runs of blank lines made one.
pub fn clean(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        let c = match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' | '\u{00A0}' | '\u{2002}'..='\u{200A}' | '\u{202F}' => ' ',
            '\r' | '\u{000B}' | '\u{000C}' | '\u{2028}' | '\u{2029}' => '\n',
            '\u{200B}'..='\u{200D}' | '\u{FEFF}' | '\u{00AD}' => continue,
            c if c.is_control() && c != '\n' && c != '\t' => continue,
            c => c,
        };
        out.push(c);
    }
    let mut lines: Vec<&str> = Vec::new();
    for line in out.lines() {
        let line = line.trim_matches(|c: char| c == ' ' || c == '\t');
        if line.is_empty() && lines.last().is_none_or(|l| l.is_empty()) {
            continue;
        }
        lines.push(line);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines.join("\n")
}

/// Whether extracted text looks broken: replacement or private-use characters, radicals or
/// compatibility ideographs standing in for ordinary characters (a font without a usable
/// ToUnicode map), or CJK text torn into single characters by spaces.
pub fn looks_garbled(text: &str) -> bool {
    let mut total = 0usize;
    let mut bad = 0usize;
    let mut cjk = 0usize;
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        total += 1;
        match c {
            '\u{FFFD}' | '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{10FFFF}' => bad += 1,
            // Kangxi and supplementary radicals, compatibility ideographs.
            '\u{2E80}'..='\u{2FDF}' | '\u{F900}'..='\u{FAFF}' => bad += 1,
            c if c.is_control() => bad += 1,
            c if is_cjk(c) => cjk += 1,
            _ => {}
        }
    }
    if total == 0 {
        return false;
    }
    if bad * 100 > total || bad >= 20 {
        return true;
    }
    // Torn runs: most CJK characters stand alone between spaces ("工 作 经 历").
    if cjk >= 20 {
        let chars: Vec<char> = text.chars().collect();
        let mut lone = 0usize;
        for (i, &c) in chars.iter().enumerate() {
            if is_cjk(c) {
                let before = i == 0 || chars[i - 1] == ' ';
                let after = i + 1 == chars.len() || chars[i + 1] == ' ';
                if before && after {
                    lone += 1;
                }
            }
        }
        if lone * 2 > cjk {
            return true;
        }
    }
    false
}

pub fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{20000}'..='\u{2A6DF}')
}

/// A table as text. A table used to lay out the page (a cell of several paragraphs, or many
/// rows with long cells) reads column by column, each paragraph a line; a table of data (label
/// and value cells) reads row by row, cells joined by tabs.
pub fn render_table(rows: &[Vec<Vec<String>>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let many_paragraphs = rows.iter().flatten().any(|c| c.iter().filter(|p| !p.trim().is_empty()).count() >= 3);
    let long_cells = rows.len() >= 8 && rows.iter().flatten().flatten().any(|p| p.trim().chars().count() > 30);
    let mut out = String::new();
    if columns >= 2 && (many_paragraphs || long_cells) {
        for c in 0..columns {
            for p in rows.iter().filter_map(|r| r.get(c)).flatten() {
                let p = p.trim();
                if !p.is_empty() {
                    out.push_str(p);
                    out.push('\n');
                }
            }
        }
    } else {
        for row in rows {
            let cells: Vec<String> = row.iter().map(|c| c.iter().map(|p| p.trim()).filter(|p| !p.is_empty()).collect::<Vec<_>>().join(" ")).collect();
            let line = cells.iter().filter(|c| !c.is_empty()).cloned().collect::<Vec<_>>().join("\t");
            if !line.is_empty() {
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    out
}

/// Runs a helper program from Debian on a file, with a time limit; its standard output as UTF-8.
pub(crate) fn run_tool(program: &str, args: &[&std::ffi::OsStr], secs: u64) -> Result<String, Failure> {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| Failure::Tool(format!("{program}: {e}")))?;
    let mut stdout = child.stdout.take().ok_or_else(|| Failure::Tool(format!("{program}: no stdout")))?;
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.by_ref().take(32 * 1024 * 1024).read_to_end(&mut buf);
        buf
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if std::time::Instant::now() < deadline => std::thread::sleep(std::time::Duration::from_millis(5)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Failure::Timeout(program.into()));
            }
            Err(e) => return Err(Failure::Tool(format!("{program}: {e}"))),
        }
    };
    let out = reader.join().map_err(|_| Failure::Tool(format!("{program}: reader")))?;
    if !status.success() {
        return Err(Failure::Tool(format!("{program}: {status}")));
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// A private temporary file holding `bytes`, removed when dropped.
pub(crate) struct TempFile(pub std::path::PathBuf);

impl TempFile {
    pub fn with(bytes: &[u8], ext: &str) -> Result<TempFile, Failure> {
        use std::io::Write;
        let name: [u8; 12] = rand::random();
        let name: String = name.iter().map(|b| format!("{b:02x}")).collect();
        let path = std::env::temp_dir().join(format!("resume-{name}.{ext}"));
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| Failure::Tool(format!("temp file: {e}")))?;
        f.write_all(bytes).map_err(|e| Failure::Tool(format!("temp file: {e}")))?;
        Ok(TempFile(path))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_by_content() {
        assert_eq!(detect(b"%PDF-1.7\n..."), Some(Format::Pdf));
        assert_eq!(detect(&OLE_MAGIC), Some(Format::Doc));
        assert_eq!(detect("张三\n电话 13800138000".as_bytes()), Some(Format::Txt));
        assert_eq!(detect(b"PK\x03\x04 not a word file"), None);
        assert_eq!(detect(b"\x89PNG\r\n\x1a\n\0\0"), None);
    }

    #[test]
    fn cleans_width_and_spaces() {
        assert_eq!(clean("  姓名：张三\u{3000}\r\n\r\n\r\n电话：１３８  "), "姓名:张三\n\n电话:138");
    }

    #[test]
    fn tells_garbled_text() {
        assert!(!looks_garbled("工作经历 2019.07-至今 腾讯科技有限公司 高级工程师 负责后台开发"));
        assert!(looks_garbled("\u{E001}\u{E002}\u{E003} 工作"));
        assert!(looks_garbled("工 作 经 历 腾 讯 科 技 有 限 公 司 高 级 工 程 师 负 责 后 台 开 发 与 维 护"));
        assert!(looks_garbled("⼯作经历 ⼈⼒资源 ⽂员 ⼤学 ⼀⼆三⼋⼯⼈⼒⼤⼯⼈⼒⼤⼯⼈⼒⼤⼯⼈⼒⼤⼯⼈⼒"));
    }
}
