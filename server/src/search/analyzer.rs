//! How text becomes search terms: jieba word segmentation, lower case, and only tokens that
//! hold a letter or digit (no spaces, punctuation or filler words). The same dictionary runs
//! when a job is indexed and when a query is read, so `Java开发` meets `java` and `开发`.
//!
//! A job's text is indexed under every dictionary word found anywhere in it (jieba's search
//! mode plus its full mode), so a query word from the dictionary is one term: `数据分析` finds
//! `大数据分析师`, which precise segmentation reads as `大数据` + `分析`. Only words jieba made up
//! (its HMM) or mixed with letters still need their parts matched one by one.

use std::sync::LazyLock;

use jieba_rs::Jieba;
use tantivy::tokenizer::{TextAnalyzer, Token, TokenStream, Tokenizer};

/// The name the index knows the analyzer by (stored in the index's schema).
pub const ANALYZER: &str = "zh_jieba";

/// Words too common to mean anything in a job search.
const FILLER: &[&str] = &["的", "和", "与", "及", "或", "在", "了", "是", "等", "并", "有", "对", "为", "中"];

/// One dictionary for the whole process (about 30 MB): indexing and queries share it.
static JIEBA: LazyLock<Jieba> = LazyLock::new(Jieba::new);

/// The words of `text` jieba tags as a person's name (`nr`), in order: for a resume whose head
/// writes the name run into other words ("张伟男28岁本科", "我叫李娜"), which no label or cell gives.
pub fn person_names(text: &str) -> Vec<String> {
    JIEBA.tag(text, true).into_iter().filter(|t| t.tag == "nr").map(|t| t.word.to_string()).collect()
}

/// `text` cut into jieba's words (precise mode, with its model for unknown words).
pub fn words(text: &str) -> Vec<String> {
    JIEBA.cut(text, true).into_iter().map(|t| t.word.to_string()).collect()
}

/// Loads the dictionary now, so the first search does not wait for it.
pub fn load_dictionary() {
    LazyLock::force(&JIEBA);
}

/// Index mode: jieba's precise words (`前端开发工程师` gives `前端开发` and `工程师`) and every
/// dictionary word of two or more characters anywhere in the text (`前端`, `开发`, `工程`…),
/// lower-cased, without punctuation or filler words.
pub fn index_analyzer() -> TextAnalyzer {
    TextAnalyzer::from(IndexTokenizer)
}

/// Cuts, lower-cases and filters in one pass, with one token buffer: indexing a million jobs
/// spent much of its time allocating a string per token and looking up the case of Chinese
/// characters (docs/BENCHMARKS.md).
#[derive(Clone, Copy)]
pub struct IndexTokenizer;

/// Byte spans of `text` that are terms, in order, each handed to Tantivy as it asks.
pub struct IndexTokens<'a> {
    text: &'a str,
    spans: Vec<(usize, usize)>,
    next: usize,
    token: Token,
}

fn is_han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{2FA1F}')
}

/// Two lists of spans sorted by (start, end), merged, each span once: a word both modes find
/// would otherwise count twice.
fn merge_spans(a: &[(usize, usize)], b: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let next = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
                *x
            }
            (Some(x), Some(y)) if x < y => {
                i += 1;
                *x
            }
            (Some(x), None) => {
                i += 1;
                *x
            }
            (_, Some(y)) => {
                j += 1;
                *y
            }
            (None, None) => break,
        };
        out.push(next);
    }
    out
}

impl Tokenizer for IndexTokenizer {
    type TokenStream<'a> = IndexTokens<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> IndexTokens<'a> {
        let precise: Vec<(usize, usize)> = JIEBA.cut(text, true).iter().map(|t| (t.byte_start, t.byte_end)).collect();
        let full: Vec<(usize, usize)> =
            JIEBA.cut_all(text).iter().filter(|t| t.end - t.start >= 2).map(|t| (t.byte_start, t.byte_end)).collect();
        IndexTokens { text, spans: merge_spans(&precise, &full), next: 0, token: Token::default() }
    }
}

/// Lower case, cheaply for the common cases: Chinese and ASCII need no case tables.
fn lower_into(word: &str, out: &mut String) {
    out.clear();
    if word.chars().all(|c| c.is_ascii() || is_han(c)) {
        out.push_str(word);
        out.make_ascii_lowercase();
    } else {
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
}

impl TokenStream for IndexTokens<'_> {
    fn advance(&mut self) -> bool {
        while let Some(&(start, end)) = self.spans.get(self.next) {
            self.next += 1;
            let word = &self.text[start..end];
            if !is_word(word) {
                continue;
            }
            lower_into(word, &mut self.token.text);
            self.token.offset_from = start;
            self.token.offset_to = end;
            self.token.position = self.next - 1;
            return true;
        }
        false
    }

    fn token(&self) -> &Token {
        &self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.token
    }
}

/// The longest words only (jieba's precise mode): the units a query must all match.
#[derive(Clone, Copy)]
struct PreciseTokenizer;

impl Tokenizer for PreciseTokenizer {
    type TokenStream<'a> = IndexTokens<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> IndexTokens<'a> {
        let spans = JIEBA.cut(text, true).iter().map(|t| (t.byte_start, t.byte_end)).collect();
        IndexTokens { text, spans, next: 0, token: Token::default() }
    }
}

fn precise_analyzer() -> TextAnalyzer {
    TextAnalyzer::from(PreciseTokenizer)
}

fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut stream = analyzer.token_stream(text);
    let mut out: Vec<String> = Vec::new();
    while stream.advance() {
        let t = stream.token().text.clone();
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// The terms a document's text is indexed under.
#[cfg(test)]
pub fn index_terms(text: &str) -> Vec<String> {
    tokens(&mut index_analyzer(), text)
}

/// One word of a query: the document must hold it, or else every one of its parts.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryWord {
    pub word: String,
    pub parts: Vec<String>,
}

/// Whether every job holding `word` is indexed under it: a dictionary word of Chinese characters,
/// which full mode finds wherever it occurs. A word of letters has no parts to fall back on.
fn indexed_wherever_it_occurs(word: &str) -> bool {
    !word.chars().any(is_han) || (word.chars().all(is_han) && JIEBA.has_word(word))
}

/// Reads a query into words, in order, without repeats.
pub fn query_words(query: &str) -> Vec<QueryWord> {
    let mut precise = precise_analyzer();
    let mut fine = index_analyzer();
    tokens(&mut precise, query)
        .into_iter()
        .map(|word| {
            let parts = if indexed_wherever_it_occurs(&word) {
                Vec::new()
            } else {
                tokens(&mut fine, &word).into_iter().filter(|p| *p != word).collect()
            };
            QueryWord { word, parts }
        })
        .collect()
}
/// Whether a token is a word: it holds a letter or digit and is not a filler word.
fn is_word(text: &str) -> bool {
    text.chars().any(|c| is_han(c) || c.is_alphanumeric()) && !FILLER.contains(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_indexed_under_their_parts_in_lower_case() {
        let t = index_terms("Java高级开发工程师");
        for want in ["java", "高级", "开发", "工程师"] {
            assert!(t.contains(&want.to_string()), "{want} in {t:?}");
        }
        let t = index_terms("前端开发工程师（React/Vue）");
        for want in ["前端", "开发", "工程师", "react", "vue"] {
            assert!(t.contains(&want.to_string()), "{want} in {t:?}");
        }
        assert!(!t.iter().any(|w| w.trim().is_empty() || w == "（" || w == "/"), "{t:?}");
    }

    #[test]
    fn queries_split_into_words_with_parts() {
        let w = query_words("Java开发");
        let words: Vec<&str> = w.iter().map(|q| q.word.as_str()).collect();
        assert_eq!(words, ["java", "开发"]);
        let w = query_words("  前端 的 ");
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(w[0].word, "前端");
        assert!(query_words("，。!?").is_empty());
    }

    #[test]
    fn dictionary_words_are_indexed_wherever_they_occur() {
        // Precise segmentation reads 大数据 + 分析; full mode still finds 数据分析 inside.
        let t = index_terms("大数据分析师");
        assert!(t.contains(&"数据分析".to_string()), "{t:?}");
        let w = query_words("数据分析");
        assert_eq!(w, [QueryWord { word: "数据分析".into(), parts: vec![] }]);
        // A common word occurs once per place it appears, not once per mode that found it.
        let mut stream = index_analyzer();
        let mut s = stream.token_stream("前端");
        let mut n = 0;
        while s.advance() {
            n += usize::from(s.token().text == "前端");
        }
        assert_eq!(n, 1);
    }
}
