use actix_web::HttpRequest;
use serde::Deserialize;

use crate::search::taxonomy::{self, Label};
use crate::state::AppState;

/// The language of a page: `?lang=en-US` asks for English, anything else is Chinese.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    pub fn of(q: Option<&str>) -> Lang {
        if q == Some("en-US") { Lang::En } else { Lang::Zh }
    }

    pub fn tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en-US",
        }
    }

    /// The label of a stored (Chinese) value in this language, from the site's lists.
    pub fn label(self, value: &str) -> String {
        if self == Lang::Zh {
            return value.to_string();
        }
        let lists: [&[Label]; 8] = [
            taxonomy::INDUSTRIES,
            taxonomy::SALARIES,
            taxonomy::EXPERIENCE,
            taxonomy::EDUCATION,
            taxonomy::COMPANY_TYPES,
            taxonomy::COMPANY_SIZES,
            taxonomy::POSTED_WITHIN,
            taxonomy::BENEFITS,
        ];
        taxonomy::CITIES
            .iter()
            .map(|(l, _)| (l.value, l.en))
            .chain(taxonomy::categories().map(|c| (c.value, c.en)))
            .chain(lists.iter().flat_map(|l| l.iter().map(|l| (l.value, l.en))))
            .find(|(v, _)| *v == value)
            .map_or_else(|| value.to_string(), |(_, en)| en.to_string())
    }

    /// `path` in this language: English pages carry `lang=en-US`, so links stay in English.
    pub fn href(self, path: &str) -> String {
        match self {
            Lang::Zh => path.to_string(),
            Lang::En if path.contains('?') => format!("{path}&lang=en-US"),
            Lang::En => format!("{path}?lang=en-US"),
        }
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct LangQuery {
    pub lang: Option<String>,
}

/// Where a page's links point: its language, and the mobile site's base on a mobile page.
#[derive(Debug, Clone, Copy)]
pub struct Link<'a> {
    pub lang: Lang,
    pub base: &'a str,
}

impl<'a> Link<'a> {
    /// The links of the page `req` asks for, in `lang`.
    pub fn of(req: &HttpRequest, state: &'a AppState, lang: Lang) -> Link<'a> {
        Link { lang, base: mobile_base_of(req, state) }
    }
}

impl Link<'_> {
    pub fn to(self, path: &str) -> String {
        // The mobile home is the base itself (/m).
        let full = if !self.base.is_empty() && path == "/" { self.base.to_string() } else { format!("{}{path}", self.base) };
        self.lang.href(&full)
    }

    pub fn mobile(self) -> bool {
        !self.base.is_empty()
    }

    /// The search page of `pairs` (its address's query).
    pub fn search(self, pairs: &[(&str, &str)]) -> String {
        let query = serde_urlencoded::to_string(pairs).unwrap_or_default().replace('+', "%20");
        self.to(&if query.is_empty() { "/search".to_string() } else { format!("/search?{query}") })
    }
}

/// The mobile site's base when `req` is one of its pages (only when the base is a path here).
pub fn mobile_base_of<'a>(req: &HttpRequest, state: &'a AppState) -> &'a str {
    let base = state.settings.site.mobile_base.trim_end_matches('/');
    if base.starts_with('/') && (req.path() == base || req.path().starts_with(&format!("{base}/"))) { base } else { "" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_links_keep_the_language() {
        assert_eq!(Lang::En.href("/job/3"), "/job/3?lang=en-US");
        assert_eq!(Lang::En.href("/search?city=%E5%8C%97%E4%BA%AC"), "/search?city=%E5%8C%97%E4%BA%AC&lang=en-US");
        assert_eq!(Lang::Zh.href("/job/3"), "/job/3");
        assert_eq!(Lang::En.label("北京"), "Beijing");
        assert_eq!(Lang::En.label("无此值"), "无此值");
    }
}
