use super::lang::Lang;

/// Monthly yuan, short, as the ui's compactYuan shows it: 35000 is 3.5万 in Chinese and 35K in English.
fn compact_yuan(yuan: i32, lang: Lang) -> String {
    let trim = |v: f64| {
        let s = format!("{:.2}", (v * 100.0).round() / 100.0);
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    let n = f64::from(yuan);
    match lang {
        Lang::Zh if yuan >= 10_000 => format!("{}万", trim(n / 10_000.0)),
        Lang::En if yuan >= 1_000_000 => format!("{}M", trim(n / 1_000_000.0)),
        Lang::En if yuan >= 1_000 => format!("{}K", trim(n / 1_000.0)),
        _ => yuan.to_string(),
    }
}

/// A monthly salary range as the ui's salaryText shows it (lib/format.ts and the `salary` strings).
pub fn salary_text(min: i32, max: i32, lang: Lang) -> String {
    let (lo, hi) = (min.max(0), max.max(0));
    let (zh, a, b) = (lang == Lang::Zh, compact_yuan(lo.min(hi), lang), compact_yuan(lo.max(hi), lang));
    match (lo > 0, hi > 0) {
        (false, false) => if zh { "薪资面议".into() } else { "Negotiable".into() },
        (true, true) if lo != hi => if zh { format!("{a}-{b}/月") } else { format!("¥{a}-{b}/month") },
        (true, true) => if zh { format!("{a}/月") } else { format!("¥{a}/month") },
        (true, false) => if zh { format!("{}以上/月", compact_yuan(lo, lang)) } else { format!("From ¥{}/month", compact_yuan(lo, lang)) },
        (false, true) => if zh { format!("{}以下/月", compact_yuan(hi, lang)) } else { format!("Up to ¥{}/month", compact_yuan(hi, lang)) },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn salaries_read_as_the_ui_shows_them() {
        assert_eq!(salary_text(30000, 50000, Lang::Zh), "3万-5万/月");
        assert_eq!(salary_text(19500, 30000, Lang::Zh), "1.95万-3万/月");
        assert_eq!(salary_text(8000, 0, Lang::Zh), "8000以上/月");
        assert_eq!(salary_text(0, 0, Lang::Zh), "薪资面议");
        assert_eq!(salary_text(30000, 50000, Lang::En), "¥30K-50K/month");
        assert_eq!(salary_text(12000, 12000, Lang::En), "¥12K/month");
        assert_eq!(salary_text(0, 9000, Lang::En), "Up to ¥9K/month");
    }
}
