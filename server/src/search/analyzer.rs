//! How text becomes search terms: jieba word segmentation, lower case, and only tokens that
//! hold a letter or digit (no spaces, punctuation or filler words). The same analyzer runs
//! when a job is indexed and when a query is read, so `Java开发` meets `java` and `开发`.

use tantivy::tokenizer::{LowerCaser, TextAnalyzer, Token, TokenFilter, TokenStream, Tokenizer};
use tantivy_jieba::JiebaTokenizer;

/// The name the index knows the analyzer by (stored in the index's schema).
pub const ANALYZER: &str = "zh_jieba";

/// Words too common to mean anything in a job search.
const FILLER: &[&str] = &["的", "和", "与", "及", "或", "在", "了", "是", "等", "并", "有", "对", "为", "中"];

/// Search mode: every word of the dictionary found inside a longer one is a term too
/// (`前端开发工程师` gives `前端`, `开发`, `工程`, `工程师`, `前端开发`…), so a query for a
/// part finds the whole.
pub fn index_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(JiebaTokenizer::new()).filter(LowerCaser).filter(WordsOnly).build()
}

/// Precise mode: the longest words only, the units a query must all match.
fn precise_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(JiebaTokenizer::with_search_mode(false)).filter(LowerCaser).filter(WordsOnly).build()
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

/// Reads a query into words, in order, without repeats.
pub fn query_words(query: &str) -> Vec<QueryWord> {
    let mut precise = precise_analyzer();
    let mut fine = index_analyzer();
    tokens(&mut precise, query)
        .into_iter()
        .map(|word| {
            let parts = tokens(&mut fine, &word).into_iter().filter(|p| *p != word).collect();
            QueryWord { word, parts }
        })
        .collect()
}

/// Drops tokens without a letter or digit, and filler words.
#[derive(Clone)]
pub struct WordsOnly;

impl TokenFilter for WordsOnly {
    type Tokenizer<T: Tokenizer> = WordsOnlyFilter<T>;

    fn transform<T: Tokenizer>(self, tokenizer: T) -> WordsOnlyFilter<T> {
        WordsOnlyFilter(tokenizer)
    }
}

#[derive(Clone)]
pub struct WordsOnlyFilter<T>(T);

impl<T: Tokenizer> Tokenizer for WordsOnlyFilter<T> {
    type TokenStream<'a> = WordsOnlyStream<T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        WordsOnlyStream(self.0.token_stream(text))
    }
}

pub struct WordsOnlyStream<T>(T);

fn is_word(text: &str) -> bool {
    text.chars().any(char::is_alphanumeric) && !FILLER.contains(&text)
}

impl<T: TokenStream> TokenStream for WordsOnlyStream<T> {
    fn advance(&mut self) -> bool {
        while self.0.advance() {
            if is_word(&self.0.token().text) {
                return true;
            }
        }
        false
    }

    fn token(&self) -> &Token {
        self.0.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.0.token_mut()
    }
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
}
