/// How much of a job's description or a company's intro the page's description quotes.
pub const DESCRIPTION_CHARS: usize = 120;

/// The first `n` characters of `text` on one line.
pub fn excerpt(text: &str, n: usize) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= n {
        return flat;
    }
    let cut: String = flat.chars().take(n).collect();
    format!("{cut}…")
}

/// The non-blank lines of `text`, trimmed.
pub fn paragraphs(text: &str) -> Vec<String> {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect()
}
