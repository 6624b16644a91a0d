//! Chat's tools beside the messages (issue 32): recall's time limit, the reasons a recruiter marks
//! a conversation 不合适, and the rules of each user's greetings (打招呼语) and quick replies
//! (常用语). The composer and the thread apply them in the browser; the server again.

/// How long after sending its sender may recall a message (撤回): 2 minutes.
pub const RECALL_WINDOW_MS: i64 = 2 * 60 * 1000;

/// Whether a message sent at `sent_at` may still be recalled at `now` (both ms).
pub fn recall_open(sent_at: i64, now: i64) -> bool {
    now - sent_at <= RECALL_WINDOW_MS
}

/// Why a recruiter marks a conversation 不合适. The wire carries the code; the i18n key
/// `chat.unsuitableReasons.<code>` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnsuitableReason {
    /// 经验不符
    Experience,
    /// 技能不匹配
    Skills,
    /// 期望薪资不符
    Salary,
    /// 学历不符
    Education,
    /// 工作地点不合适
    Location,
    /// 职位已招满
    Filled,
    /// 其他
    Other,
}

impl UnsuitableReason {
    pub const ALL: &'static [UnsuitableReason] = &[
        UnsuitableReason::Experience,
        UnsuitableReason::Skills,
        UnsuitableReason::Salary,
        UnsuitableReason::Education,
        UnsuitableReason::Location,
        UnsuitableReason::Filled,
        UnsuitableReason::Other,
    ];

    pub fn parse(s: &str) -> Option<UnsuitableReason> {
        UnsuitableReason::ALL.iter().copied().find(|r| r.code() == s)
    }

    pub fn code(self) -> &'static str {
        match self {
            UnsuitableReason::Experience => "experience",
            UnsuitableReason::Skills => "skills",
            UnsuitableReason::Salary => "salary",
            UnsuitableReason::Education => "education",
            UnsuitableReason::Location => "location",
            UnsuitableReason::Filled => "filled",
            UnsuitableReason::Other => "other",
        }
    }
}

/// A user's phrase: a greeting (sent first in a conversation they start) or a quick reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PhraseKind {
    Greeting,
    Reply,
}

impl PhraseKind {
    pub const ALL: &'static [PhraseKind] = &[PhraseKind::Greeting, PhraseKind::Reply];

    pub fn parse(s: &str) -> Option<PhraseKind> {
        PhraseKind::ALL.iter().copied().find(|k| k.code() == s)
    }

    pub fn code(self) -> &'static str {
        match self {
            PhraseKind::Greeting => "greeting",
            PhraseKind::Reply => "reply",
        }
    }

    /// The most phrases of the kind one user keeps.
    pub fn max_count(self) -> usize {
        match self {
            PhraseKind::Greeting => GREETINGS_MAX,
            PhraseKind::Reply => REPLIES_MAX,
        }
    }
}

/// The most greetings one user keeps.
pub const GREETINGS_MAX: usize = 10;
/// The most quick replies one user keeps.
pub const REPLIES_MAX: usize = 20;
/// The most characters of one phrase (a greeting is sent as a text message: within its limit).
pub const PHRASE_MAX: usize = 200;

/// What is wrong with a phrase; `key` is the i18n key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhraseProblem {
    KindUnknown,
    TextEmpty,
    TextTooLong,
    /// The user keeps `max_count` of the kind already.
    TooMany,
}

impl PhraseProblem {
    pub fn key(self) -> &'static str {
        match self {
            PhraseProblem::KindUnknown => "chat.phrase.kindUnknown",
            PhraseProblem::TextEmpty => "chat.phrase.textEmpty",
            PhraseProblem::TextTooLong => "chat.phrase.textTooLong",
            PhraseProblem::TooMany => "chat.phrase.tooMany",
        }
    }

    pub fn field(self) -> &'static str {
        match self {
            PhraseProblem::KindUnknown => "kind",
            PhraseProblem::TextEmpty | PhraseProblem::TextTooLong => "text",
            PhraseProblem::TooMany => "kind",
        }
    }
}

/// A phrase's text as it is kept (trimmed), or its problem.
pub fn check_phrase(text: &str) -> Result<String, PhraseProblem> {
    let text = text.trim();
    if text.is_empty() {
        return Err(PhraseProblem::TextEmpty);
    }
    if text.chars().count() > PHRASE_MAX {
        return Err(PhraseProblem::TextTooLong);
    }
    Ok(text.to_string())
}

/// Whose phrases: the built-in ones differ for a candidate and a recruiter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhraseOwner {
    Candidate,
    Recruiter,
}

/// The built-in phrases of a user who never edited theirs, in `lang` (`en-US`; anything else is
/// zh-CN). The first greeting is the default.
pub fn default_phrases(owner: PhraseOwner, kind: PhraseKind, lang: &str) -> &'static [&'static str] {
    let en = lang.eq_ignore_ascii_case("en-US") || lang.eq_ignore_ascii_case("en");
    match (owner, kind, en) {
        (PhraseOwner::Candidate, PhraseKind::Greeting, false) => &[
            "您好，我对这个职位很感兴趣，希望能进一步沟通。",
            "您好，我的经历与职位要求比较匹配，方便看一下我的简历吗？",
            "您好，请问这个职位还在招聘吗？",
        ],
        (PhraseOwner::Candidate, PhraseKind::Greeting, true) => &[
            "Hello, I am very interested in this position and would like to talk further.",
            "Hello, my experience fits this role well. Would you have a look at my resume?",
            "Hello, is this position still open?",
        ],
        (PhraseOwner::Candidate, PhraseKind::Reply, false) => &[
            "您好，请问什么时候方便沟通？",
            "好的，谢谢！",
            "请问面试安排在什么时候？",
            "我可以发一份简历给您。",
        ],
        (PhraseOwner::Candidate, PhraseKind::Reply, true) => &[
            "Hello, when would be a good time to talk?",
            "OK, thank you!",
            "When would the interview be?",
            "I can send you my resume.",
        ],
        (PhraseOwner::Recruiter, PhraseKind::Greeting, false) => &[
            "您好，看了您的简历，觉得您很适合我们的职位，方便聊聊吗？",
            "您好，我们正在招聘，您的经历很匹配，有兴趣了解一下吗？",
        ],
        (PhraseOwner::Recruiter, PhraseKind::Greeting, true) => &[
            "Hello, I read your resume and think you would suit our position. Could we talk?",
            "Hello, we are hiring and your experience is a good match. Would you like to hear more?",
        ],
        (PhraseOwner::Recruiter, PhraseKind::Reply, false) => &[
            "您好，方便发一份简历吗？",
            "好的，我们尽快安排面试。",
            "感谢您的关注，请问您什么时候可以到岗？",
        ],
        (PhraseOwner::Recruiter, PhraseKind::Reply, true) => &[
            "Hello, could you send me your resume?",
            "Good, we will arrange an interview soon.",
            "Thanks for your interest. When could you start?",
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_may_be_recalled_for_two_minutes_and_not_after() {
        assert!(recall_open(1_000, 1_000));
        assert!(recall_open(1_000, 1_000 + RECALL_WINDOW_MS));
        assert!(!recall_open(1_000, 1_001 + RECALL_WINDOW_MS));
        assert_eq!(RECALL_WINDOW_MS, 120_000);
    }

    #[test]
    fn reasons_parse_by_their_codes_only() {
        for r in UnsuitableReason::ALL {
            assert_eq!(UnsuitableReason::parse(r.code()), Some(*r));
        }
        assert_eq!(UnsuitableReason::parse("Experience"), None);
        assert_eq!(UnsuitableReason::parse(""), None);
    }

    #[test]
    fn a_phrase_is_trimmed_and_at_most_200_characters() {
        assert_eq!(check_phrase("  您好 "), Ok("您好".into()));
        assert_eq!(check_phrase(" \n"), Err(PhraseProblem::TextEmpty));
        assert!(check_phrase(&"字".repeat(PHRASE_MAX)).is_ok());
        assert_eq!(check_phrase(&"字".repeat(PHRASE_MAX + 1)), Err(PhraseProblem::TextTooLong));
        assert_eq!(PhraseKind::parse("reply"), Some(PhraseKind::Reply));
        assert_eq!(PhraseKind::parse("greet"), None);
    }

    #[test]
    fn the_built_in_phrases_fit_their_limits_in_both_languages() {
        for owner in [PhraseOwner::Candidate, PhraseOwner::Recruiter] {
            for kind in PhraseKind::ALL {
                for lang in ["zh-CN", "en-US"] {
                    let list = default_phrases(owner, *kind, lang);
                    assert!(!list.is_empty() && list.len() <= kind.max_count());
                    assert!(list.iter().all(|p| check_phrase(p).is_ok()));
                }
            }
        }
        assert_ne!(default_phrases(PhraseOwner::Candidate, PhraseKind::Greeting, "en-US")[0], default_phrases(PhraseOwner::Candidate, PhraseKind::Greeting, "zh-CN")[0]);
    }
}
