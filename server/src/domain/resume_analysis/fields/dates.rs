//! Dates and date ranges as resumes write them: 2019.07, 2019/07, 2019-07, 2019年7月, 07/2019,
//! Jul 2019, July 2019, a bare year; ranges joined by -, –, —, ~, 至, 到 or "to", and ending in
//! a date or 至今 / 今 / 现在 / now / present.

use std::sync::LazyLock;

use regex::Regex;

use super::re;

const MONTH_NAMES: &str = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec";

fn date_pattern() -> String {
    format!(
        r"(?:(?:19|20)\d{{2}}\s*(?:[./\-]|年)\s*\d{{1,2}}\s*月?(?:\s*[./\-]\s*\d{{1,2}}\b|\s*\d{{1,2}}\s*日)?|\d{{1,2}}\s*/\s*(?:19|20)\d{{2}}|(?:{MONTH_NAMES})[a-z]*\.?\s*,?\s*(?:19|20)\d{{2}}|(?:19|20)\d{{2}}\s*年?)"
    )
}

const NOW: &str = r"(?:至今|迄今|今|现在|目前|now|present|current|today|till\s+now|to\s+date|until\s+now)";

static RANGE: LazyLock<Regex> = LazyLock::new(|| {
    let d = date_pattern();
    re(&format!(r"(?i)(?:^|[^\d])(?P<s>{d})\s*(?:-|–|—|―|~|～|〜|－|至|到|to|→|\s)+\s*(?P<e>{d}|{NOW})"))
});

static ONE: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(r"(?i)(?:^|[^\d])({})", date_pattern()))
});

static PARTS: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^(?:(?P<y1>(?:19|20)\d{{2}})\s*(?:[./\-]|年)\s*(?P<m1>\d{{1,2}})\s*月?(?:\s*[./\-]?\s*(?P<d1>\d{{1,2}})\s*日?)?|(?P<m2>\d{{1,2}})\s*/\s*(?P<y2>(?:19|20)\d{{2}})|(?P<mn>{MONTH_NAMES})[a-z]*\.?\s*,?\s*(?P<y3>(?:19|20)\d{{2}})|(?P<y4>(?:19|20)\d{{2}})\s*年?)$"
    ))
});

/// A parsed date: year, month when given, day when given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ymd {
    pub year: u32,
    pub month: Option<u32>,
    pub day: Option<u32>,
}

pub fn parse_date(s: &str) -> Option<Ymd> {
    let c = PARTS.captures(s.trim())?;
    let num = |name: &str| c.name(name).and_then(|m| m.as_str().parse::<u32>().ok());
    let (year, month, day) = if let Some(y) = num("y1") {
        (y, num("m1"), num("d1"))
    } else if let Some(y) = num("y2") {
        (y, num("m2"), None)
    } else if let Some(y) = num("y3") {
        let name = c.name("mn")?.as_str().to_ascii_lowercase();
        let m = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].iter().position(|n| name.starts_with(n))? as u32 + 1;
        (y, Some(m), None)
    } else {
        (num("y4")?, None, None)
    };
    if !(1950..=2100).contains(&year) || month.is_some_and(|m| !(1..=12).contains(&m)) || day.is_some_and(|d| !(1..=31).contains(&d)) {
        return None;
    }
    Some(Ymd { year, month, day })
}

/// `YYYY-MM`; a bare year takes `default_month`.
pub fn month_of(d: Ymd, default_month: u32) -> String {
    format!("{:04}-{:02}", d.year, d.month.unwrap_or(default_month))
}

/// A range found in a line: start and end as the editor keeps them (`YYYY-MM`, end may be
/// `now`), and the byte span it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Range {
    pub start: String,
    pub end: String,
    pub span: (usize, usize),
}

/// The first date range in a line. Bare years take `months` (start, end), as schools start in
/// September and end in June or July while jobs say nothing.
pub fn find_range(line: &str, months: (u32, u32)) -> Option<Range> {
    for c in RANGE.captures_iter(line) {
        let (Some(s), Some(e)) = (c.name("s"), c.name("e")) else { continue };
        let Some(start) = parse_date(s.as_str()) else { continue };
        let end = if is_now(e.as_str()) {
            "now".to_string()
        } else {
            match parse_date(e.as_str()) {
                Some(end) if (end.year, end.month.unwrap_or(months.1)) >= (start.year, start.month.unwrap_or(months.0)) => month_of(end, months.1),
                _ => continue,
            }
        };
        return Some(Range { start: month_of(start, months.0), end, span: (s.start(), e.end()) });
    }
    None
}

fn is_now(s: &str) -> bool {
    let s = s.trim().to_lowercase();
    ["至今", "迄今", "今", "现在", "目前", "now", "present", "current", "today"].contains(&s.as_str())
        || s.starts_with("till") || s.starts_with("to ") || s.starts_with("until")
}

/// The first single date in a text, with its span.
pub fn find_date(text: &str) -> Option<(Ymd, (usize, usize))> {
    ONE.captures_iter(text).find_map(|c| {
        let m = c.get(1)?;
        parse_date(m.as_str()).map(|d| (d, (m.start(), m.end())))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(line: &str) -> Option<(String, String)> {
        find_range(line, (1, 12)).map(|r| (r.start, r.end))
    }
    fn p(a: &str, b: &str) -> Option<(String, String)> {
        Some((a.into(), b.into()))
    }

    #[test]
    fn reads_the_common_forms() {
        assert_eq!(r("2019.07-至今 腾讯"), p("2019-07", "now"));
        assert_eq!(r("2019年7月 – 2021年6月"), p("2019-07", "2021-06"));
        assert_eq!(r("2019/07~now"), p("2019-07", "now"));
        assert_eq!(r("2015.9 - 2019.6 北京大学"), p("2015-09", "2019-06"));
        assert_eq!(r("2018-03 至 2020-11"), p("2018-03", "2020-11"));
        assert_eq!(r("Jul 2019 – Present"), p("2019-07", "now"));
        assert_eq!(r("September 2015 to June 2019"), p("2015-09", "2019-06"));
        assert_eq!(r("07/2016 - 12/2018"), p("2016-07", "2018-12"));
        assert_eq!(r("Nov 2014 – Dec 2017"), p("2014-11", "2017-12"));
        assert_eq!(r("Sept. 2010 - Oct 2012"), p("2010-09", "2012-10"));
        assert_eq!(find_range("2015 - 2019", (9, 7)).map(|r| (r.start, r.end)), p("2015-09", "2019-07"));
        assert_eq!(r("2020年3月至今"), p("2020-03", "now"));
        assert_eq!(r("2021.06—2019.01"), None);
        assert_eq!(r("电话 13800138000"), None);
    }

    #[test]
    fn reads_single_dates() {
        assert_eq!(parse_date("1995年3月12日"), Some(Ymd { year: 1995, month: Some(3), day: Some(12) }));
        assert_eq!(parse_date("1995-03"), Some(Ymd { year: 1995, month: Some(3), day: None }));
        assert_eq!(parse_date("1995.13"), None);
        // A day after a second separator, as birthdays are written; a range's next year is not a day.
        assert_eq!(parse_date("1990/07/15"), Some(Ymd { year: 1990, month: Some(7), day: Some(15) }));
        assert_eq!(find_date("出生日期：1990-07-15").map(|(d, _)| d), Some(Ymd { year: 1990, month: Some(7), day: Some(15) }));
        assert_eq!(r("2019.07.01 - 2020.06.30"), p("2019-07", "2020-06"));
        assert_eq!(r("2019-07-2021-06"), p("2019-07", "2021-06"));
    }
}
