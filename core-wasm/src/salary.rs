//! How a monthly salary reads: one formatter for the server-rendered pages (server/src/api/public/pages)
//! and the ui (lib/format.ts, through core-wasm/client), so the two cannot differ. The words around the
//! amounts ("/月", "From ¥…/month") are each side's catalogue; the form and the amounts are decided here.

/// Which words a salary range takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SalaryText {
    /// No amount at all: 薪资面议.
    Negotiable,
    /// One amount (both ends the same).
    Exact(String),
    /// From the lower amount up.
    From(String),
    /// Up to the higher amount.
    UpTo(String),
    /// A range, the lower amount first.
    Range(String, String),
}

impl SalaryText {
    /// The catalogue key's last part (`salary.<kind>` in the ui).
    pub fn kind(&self) -> &'static str {
        match self {
            SalaryText::Negotiable => "negotiable",
            SalaryText::Exact(_) => "exact",
            SalaryText::From(_) => "from",
            SalaryText::UpTo(_) => "upTo",
            SalaryText::Range(..) => "range",
        }
    }
}

/// A monthly range in yuan (a missing or negative end is none) as its words' kind and amounts; a
/// reversed range is put right.
pub fn salary_text(min: i64, max: i64, english: bool) -> SalaryText {
    let (lo, hi) = (min.max(0), max.max(0));
    match (lo > 0, hi > 0) {
        (false, false) => SalaryText::Negotiable,
        (true, true) if lo != hi => SalaryText::Range(compact_yuan(lo.min(hi), english), compact_yuan(lo.max(hi), english)),
        (true, true) => SalaryText::Exact(compact_yuan(lo, english)),
        (true, false) => SalaryText::From(compact_yuan(lo, english)),
        (false, true) => SalaryText::UpTo(compact_yuan(hi, english)),
    }
}

/// Yuan, short, at most two decimals: 35000 is 3.5万 in Chinese and 35K in English; amounts below
/// the first unit stay whole. An amount that rounds up to the next unit takes it (999,999 is 1M,
/// not 1000K), as the browsers' compact number format does.
pub fn compact_yuan(yuan: i64, english: bool) -> String {
    let units: &[(i64, &str)] = if english { &[(1_000_000_000, "B"), (1_000_000, "M"), (1_000, "K")] } else { &[(100_000_000, "亿"), (10_000, "万")] };
    let yuan = yuan.max(0);
    // The largest unit the amount reaches, in hundredths rounded half up.
    let mut shown = None;
    for (i, &(size, name)) in units.iter().enumerate() {
        if yuan >= size {
            let hundredths = (i128::from(yuan) * 100 + i128::from(size) / 2) / i128::from(size);
            // Rounded up to a whole next unit (1000K): the next unit's 1.
            shown = Some(if i > 0 && hundredths >= i128::from(units[i - 1].0 / size) * 100 { (100, units[i - 1].1) } else { (hundredths, name) });
            break;
        }
    }
    match shown {
        None => yuan.to_string(),
        Some((hundredths, unit)) => {
            let (whole, part) = (hundredths / 100, hundredths % 100);
            match part {
                0 => format!("{whole}{unit}"),
                p if p % 10 == 0 => format!("{whole}.{}{unit}", p / 10),
                p => format!("{whole}.{p:02}{unit}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_in_wan_and_thousands() {
        assert_eq!(compact_yuan(35_000, false), "3.5万");
        assert_eq!(compact_yuan(19_500, false), "1.95万");
        assert_eq!(compact_yuan(12_500, false), "1.25万");
        assert_eq!(compact_yuan(8_000, false), "8000");
        assert_eq!(compact_yuan(800, false), "800");
        assert_eq!(compact_yuan(1_000_000, false), "100万");
        assert_eq!(compact_yuan(35_000, true), "35K");
        assert_eq!(compact_yuan(1_500, true), "1.5K");
        assert_eq!(compact_yuan(999, true), "999");
        assert_eq!(compact_yuan(1_000_000, true), "1M");
        assert_eq!(compact_yuan(1_250_000, true), "1.25M");
    }

    #[test]
    fn an_amount_that_rounds_to_the_next_unit_takes_it() {
        // 999.995K rounds to 1000K: the browsers' compact format says 1M, and so does this.
        assert_eq!(compact_yuan(999_995, true), "1M");
        assert_eq!(compact_yuan(999_999, true), "1M");
        assert_eq!(compact_yuan(999_994, true), "999.99K");
        assert_eq!(compact_yuan(9_999, true), "10K");
        assert_eq!(compact_yuan(99_999_999, false), "1亿");
        assert_eq!(compact_yuan(99_994_999, false), "9999.5万");
        assert_eq!(compact_yuan(10_004, false), "1万");
        assert_eq!(compact_yuan(10_005, false), "1万");
        assert_eq!(compact_yuan(10_050, false), "1.01万");
    }

    #[test]
    fn ranges_ends_and_nothing() {
        assert_eq!(salary_text(30_000, 50_000, false), SalaryText::Range("3万".into(), "5万".into()));
        assert_eq!(salary_text(50_000, 30_000, true), SalaryText::Range("30K".into(), "50K".into()));
        assert_eq!(salary_text(12_000, 12_000, true), SalaryText::Exact("12K".into()));
        assert_eq!(salary_text(8_000, 0, false), SalaryText::From("8000".into()));
        assert_eq!(salary_text(-5, 9_000, true), SalaryText::UpTo("9K".into()));
        assert_eq!(salary_text(0, 0, false), SalaryText::Negotiable);
        assert_eq!(salary_text(0, 0, false).kind(), "negotiable");
        assert_eq!(salary_text(1, 0, false).kind(), "from");
    }
}
