//! Chat's 举报 (issue 32, "Blocking and visibility hold here too"): the reasons a user reports a
//! conversation for and the limit of the detail they add. The report form applies them in the
//! browser; the server again (domain/chat_report.rs).

/// Why a user reports a conversation. The wire carries the code; the i18n key
/// `chat.reportReasons.<code>` names it (zh-CN and en-US).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportReason {
    /// 骚扰/辱骂 (harassment or abuse)
    Harassment,
    /// 虚假职位/诈骗 (fake job or fraud)
    Fraud,
    /// 索要钱财 (asks for money)
    Money,
    /// 广告/推销 (advertising)
    Ads,
    /// 色情/低俗 (sexual or vulgar)
    Vulgar,
    /// 其他 (other)
    Other,
}

impl ReportReason {
    pub const ALL: &'static [ReportReason] =
        &[ReportReason::Harassment, ReportReason::Fraud, ReportReason::Money, ReportReason::Ads, ReportReason::Vulgar, ReportReason::Other];

    pub fn parse(s: &str) -> Option<ReportReason> {
        ReportReason::ALL.iter().copied().find(|r| r.code() == s)
    }

    pub fn code(self) -> &'static str {
        match self {
            ReportReason::Harassment => "harassment",
            ReportReason::Fraud => "fraud",
            ReportReason::Money => "money",
            ReportReason::Ads => "ads",
            ReportReason::Vulgar => "vulgar",
            ReportReason::Other => "other",
        }
    }

    /// The reason's name in zh-CN (the admin console and the audit log show it beside the code).
    pub fn zh(self) -> &'static str {
        match self {
            ReportReason::Harassment => "骚扰/辱骂",
            ReportReason::Fraud => "虚假职位/诈骗",
            ReportReason::Money => "索要钱财",
            ReportReason::Ads => "广告/推销",
            ReportReason::Vulgar => "色情/低俗",
            ReportReason::Other => "其他",
        }
    }

    /// The reason's name in en-US.
    pub fn en(self) -> &'static str {
        match self {
            ReportReason::Harassment => "Harassment or abuse",
            ReportReason::Fraud => "Fake job or fraud",
            ReportReason::Money => "Asks for money",
            ReportReason::Ads => "Advertising",
            ReportReason::Vulgar => "Sexual or vulgar content",
            ReportReason::Other => "Other",
        }
    }
}

/// The most characters of a report's detail (optional).
pub const DETAIL_MAX: usize = 500;

/// How many messages before the reported one a report keeps (its evidence).
pub const BEFORE: usize = 10;

/// What is wrong with a report's input; `key()` is its i18n key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportProblem {
    ReasonUnknown,
    DetailTooLong,
}

impl ReportProblem {
    pub fn key(self) -> &'static str {
        match self {
            ReportProblem::ReasonUnknown => "chat.reportReasonUnknown",
            ReportProblem::DetailTooLong => "chat.reportDetailTooLong",
        }
    }

    pub fn field(self) -> &'static str {
        match self {
            ReportProblem::ReasonUnknown => "reason",
            ReportProblem::DetailTooLong => "detail",
        }
    }
}

/// Checks a report's reason and detail: the reason parsed, and the detail trimmed.
pub fn check_report(reason: &str, detail: &str) -> Result<(ReportReason, String), ReportProblem> {
    let reason = ReportReason::parse(reason.trim()).ok_or(ReportProblem::ReasonUnknown)?;
    let detail = detail.trim();
    if detail.chars().count() > DETAIL_MAX {
        return Err(ReportProblem::DetailTooLong);
    }
    Ok((reason, detail.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_parses_back_from_its_code() {
        assert_eq!(ReportReason::ALL.len(), 6);
        for r in ReportReason::ALL {
            assert_eq!(ReportReason::parse(r.code()), Some(*r));
            assert!(!r.zh().is_empty() && !r.en().is_empty());
        }
        assert_eq!(ReportReason::parse("spam"), None);
    }

    #[test]
    fn the_detail_is_optional_trimmed_and_limited() {
        assert_eq!(check_report("money", "  "), Ok((ReportReason::Money, String::new())));
        assert_eq!(check_report(" other ", " 他要押金 "), Ok((ReportReason::Other, "他要押金".to_string())));
        assert_eq!(check_report("other", &"字".repeat(DETAIL_MAX)).map(|r| r.1.chars().count()), Ok(DETAIL_MAX));
        assert_eq!(check_report("other", &"字".repeat(DETAIL_MAX + 1)), Err(ReportProblem::DetailTooLong));
        assert_eq!(check_report("", ""), Err(ReportProblem::ReasonUnknown));
        assert_eq!(check_report("nope", "").unwrap_err().key(), "chat.reportReasonUnknown");
    }
}
