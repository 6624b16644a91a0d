//! The old binary Word format through Debian's antiword, or catdoc when antiword refuses the
//! file (antiword reads Word 6 and later; catdoc also older and some odd files). Neither runs
//! macros: they only read the text stream.

use super::{run_tool, Failure, TempFile};

const TOOL_SECS: u64 = 20;

pub fn text(bytes: &[u8]) -> Result<String, Failure> {
    let file = TempFile::with(bytes, "doc")?;
    let path = file.0.as_os_str();
    // -w 0: no wrapping, a paragraph stays one line.
    match run_tool("antiword", &["-m".as_ref(), "UTF-8.txt".as_ref(), "-w".as_ref(), "0".as_ref(), path], TOOL_SECS) {
        Ok(t) if t.trim().chars().count() >= 10 => return Ok(tables(&t)),
        Ok(_) => {}
        Err(e) => tracing::info!(error = %e, "antiword; trying catdoc"),
    }
    let t = run_tool("catdoc", &["-d".as_ref(), "utf-8".as_ref(), "-w".as_ref(), path], TOOL_SECS)?;
    if t.trim().is_empty() {
        return Err(Failure::NoText);
    }
    Ok(t)
}

/// antiword draws tables as lines of `|cell|cell|`: each block of such lines becomes a table,
/// read as [`super::render_table`] reads one (a layout table column by column).
pub fn tables(text: &str) -> String {
    let mut out = String::new();
    let mut block: Vec<Vec<Vec<String>>> = Vec::new();
    let flush = |block: &mut Vec<Vec<Vec<String>>>, out: &mut String| {
        if !block.is_empty() {
            out.push_str(&super::render_table(block));
            block.clear();
        }
    };
    for line in text.lines() {
        let t = line.trim();
        if t.len() >= 2 && t.starts_with('|') && t.ends_with('|') {
            let cells = t[1..t.len() - 1].split('|').map(|c| vec![c.trim().to_string()]).collect();
            block.push(cells);
        } else {
            flush(&mut block, &mut out);
            out.push_str(line);
            out.push('\n');
        }
    }
    flush(&mut block, &mut out);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_antiword_tables() {
        let t = super::tables("|姓名 |张三 |性别 |男 |\n|手机 |13800138000 |邮箱 |a@b.cn |\ntext\n");
        assert_eq!(t, "姓名\t张三\t性别\t男\n手机\t13800138000\t邮箱\ta@b.cn\ntext\n");
    }
}
