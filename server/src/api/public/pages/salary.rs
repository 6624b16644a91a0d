use super::lang::Lang;

use core_wasm::salary::{salary_text as salary_parts, SalaryText};

/// A monthly salary range as the ui's salaryText shows it: the form and the amounts are core-wasm's
/// (salary.rs, which the ui calls too), the words these, as the ui's `salary` strings.
pub fn salary_text(min: i32, max: i32, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match salary_parts(i64::from(min), i64::from(max), !zh) {
        SalaryText::Negotiable => if zh { "薪资面议".into() } else { "Negotiable".into() },
        SalaryText::Range(a, b) => if zh { format!("{a}-{b}/月") } else { format!("¥{a}-{b}/month") },
        SalaryText::Exact(a) => if zh { format!("{a}/月") } else { format!("¥{a}/month") },
        SalaryText::From(a) => if zh { format!("{a}以上/月") } else { format!("From ¥{a}/month") },
        SalaryText::UpTo(a) => if zh { format!("{a}以下/月") } else { format!("Up to ¥{a}/month") },
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
        // The ui's amounts are the same code's (core-wasm's salary.rs): 999,999 is 1M on both.
        assert_eq!(salary_text(999_999, 0, Lang::En), "From ¥1M/month");
    }
}
