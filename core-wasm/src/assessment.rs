//! The assessment rules: what the recruiter's assessment editor checks as the user types and what
//! the server checks again on `/comassessment/save`; what a candidate's answer may be
//! (`/pcassessment/answer`); and how a choice question is scored. The verdict has the resume rules'
//! shape: field -> `{key, limit?}`, empty when valid. A question's fields are named `q<i>.<field>`
//! (0-based), an option's `q<i>.option<j>`.

use serde::{Deserialize, Serialize};

use crate::resume::{Problem, Verdict};

pub const NAME_MAX: usize = 50;
pub const QUESTIONS_MAX: usize = 50;
pub const QUESTION_TEXT_MAX: usize = 500;
pub const OPTIONS_MIN: usize = 2;
pub const OPTIONS_MAX: usize = 10;
pub const OPTION_MAX: usize = 200;
pub const SCORE_MAX: i64 = 100;
/// Minutes; 0 means no limit.
pub const TIME_LIMIT_MAX: i64 = 600;
/// A text answer's length in characters.
pub const TEXT_ANSWER_MAX: usize = 2000;

/// The kinds of question.
pub const SINGLE: &str = "single";
pub const MULTI: &str = "multi";
pub const TEXT: &str = "text";

/// One question as the editor sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Question {
    /// `single`, `multi` or `text`.
    pub kind: String,
    pub text: String,
    /// The choices (empty for a text question).
    pub options: Vec<String>,
    /// The indexes of the right choices (empty for a text question).
    pub correct: Vec<u32>,
    /// What the question is worth.
    pub score: i64,
}

/// An assessment as the editor sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct AssessmentDraft {
    pub name: String,
    /// Minutes, 0 for none.
    pub time_limit: i64,
    pub questions: Vec<Question>,
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// The verdict on a draft: empty when it may be saved.
pub fn validate(draft: &AssessmentDraft) -> Verdict {
    let mut v = Verdict::new();
    let name = draft.name.trim();
    if name.is_empty() {
        v.insert("name".into(), Problem::new("assessment.v.required"));
    } else if chars(name) > NAME_MAX {
        v.insert("name".into(), Problem::limit("assessment.v.tooLong", NAME_MAX));
    }
    if !(0..=TIME_LIMIT_MAX).contains(&draft.time_limit) {
        v.insert("timeLimit".into(), Problem::limit("assessment.v.timeLimit", TIME_LIMIT_MAX as usize));
    }
    if draft.questions.is_empty() {
        v.insert("questions".into(), Problem::new("assessment.v.noQuestions"));
    } else if draft.questions.len() > QUESTIONS_MAX {
        v.insert("questions".into(), Problem::limit("assessment.v.tooManyQuestions", QUESTIONS_MAX));
    }
    for (i, q) in draft.questions.iter().enumerate().take(QUESTIONS_MAX) {
        let f = |field: &str| format!("q{i}.{field}");
        let text = q.text.trim();
        if text.is_empty() {
            v.insert(f("text"), Problem::new("assessment.v.required"));
        } else if chars(text) > QUESTION_TEXT_MAX {
            v.insert(f("text"), Problem::limit("assessment.v.tooLong", QUESTION_TEXT_MAX));
        }
        if !(1..=SCORE_MAX).contains(&q.score) {
            v.insert(f("score"), Problem::limit("assessment.v.score", SCORE_MAX as usize));
        }
        match q.kind.as_str() {
            SINGLE | MULTI => {
                if q.options.len() < OPTIONS_MIN {
                    v.insert(f("options"), Problem::limit("assessment.v.tooFewOptions", OPTIONS_MIN));
                } else if q.options.len() > OPTIONS_MAX {
                    v.insert(f("options"), Problem::limit("assessment.v.tooManyOptions", OPTIONS_MAX));
                }
                for (j, o) in q.options.iter().enumerate().take(OPTIONS_MAX) {
                    let o = o.trim();
                    if o.is_empty() {
                        v.insert(f(&format!("option{j}")), Problem::new("assessment.v.required"));
                    } else if chars(o) > OPTION_MAX {
                        v.insert(f(&format!("option{j}")), Problem::limit("assessment.v.tooLong", OPTION_MAX));
                    }
                }
                let mut correct = q.correct.clone();
                correct.sort_unstable();
                correct.dedup();
                if correct.len() != q.correct.len() || correct.iter().any(|c| *c as usize >= q.options.len()) {
                    v.insert(f("correct"), Problem::new("assessment.v.correctRange"));
                } else if q.kind == SINGLE && correct.len() != 1 {
                    v.insert(f("correct"), Problem::new("assessment.v.correctSingle"));
                } else if q.kind == MULTI && correct.is_empty() {
                    v.insert(f("correct"), Problem::new("assessment.v.correctMulti"));
                }
            }
            TEXT => {
                if !q.options.is_empty() || !q.correct.is_empty() {
                    v.insert(f("options"), Problem::new("assessment.v.textHasOptions"));
                }
            }
            _ => {
                v.insert(f("kind"), Problem::new("assessment.v.kind"));
            }
        }
    }
    v
}

/// The draft as stored: names and texts trimmed, right choices in order.
pub fn clean(draft: &AssessmentDraft) -> AssessmentDraft {
    AssessmentDraft {
        name: draft.name.trim().to_string(),
        time_limit: draft.time_limit,
        questions: draft
            .questions
            .iter()
            .map(|q| {
                let mut correct = q.correct.clone();
                correct.sort_unstable();
                Question {
                    kind: q.kind.clone(),
                    text: q.text.trim().to_string(),
                    options: q.options.iter().map(|o| o.trim().to_string()).collect(),
                    correct,
                    score: q.score,
                }
            })
            .collect(),
    }
}

/// The choices of a choice answer (`"2"`, `"0,3"`), in order; None when it is not one.
fn choices(question: &Question, answer: &str) -> Option<Vec<u32>> {
    let mut picked = Vec::new();
    for part in answer.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let n: u32 = part.parse().ok()?;
        if n as usize >= question.options.len() || picked.contains(&n) {
            return None;
        }
        picked.push(n);
    }
    picked.sort_unstable();
    Some(picked)
}

/// The i18n key of what is wrong with an answer to `question`, or None. An empty answer is
/// allowed: it clears the question.
pub fn answer_problem(question: &Question, answer: &str) -> Option<&'static str> {
    match question.kind.as_str() {
        TEXT => (chars(answer) > TEXT_ANSWER_MAX).then_some("assessment.v.answerTooLong"),
        SINGLE => match choices(question, answer) {
            Some(c) if c.len() <= 1 => None,
            _ => Some("assessment.v.answerChoice"),
        },
        MULTI => choices(question, answer).is_none().then_some("assessment.v.answerChoice"),
        _ => Some("assessment.v.kind"),
    }
}

/// The score of an answer to a choice question: the whole score for exactly the right choices,
/// else 0. None for a text question (the company scores it).
pub fn score_choice(question: &Question, answer: &str) -> Option<i64> {
    if question.kind == TEXT {
        return None;
    }
    let right = choices(question, answer).is_some_and(|c| !c.is_empty() && c == question.correct);
    Some(if right { question.score } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn single() -> Question {
        Question { kind: SINGLE.into(), text: "1+1?".into(), options: vec!["1".into(), "2".into()], correct: vec![1], score: 5 }
    }

    fn multi() -> Question {
        Question { kind: MULTI.into(), text: "Even?".into(), options: vec!["2".into(), "3".into(), "4".into()], correct: vec![0, 2], score: 10 }
    }

    fn text() -> Question {
        Question { kind: TEXT.into(), text: "Why us?".into(), options: vec![], correct: vec![], score: 20 }
    }

    fn draft(questions: Vec<Question>) -> AssessmentDraft {
        AssessmentDraft { name: "前端笔试".into(), time_limit: 30, questions }
    }

    #[test]
    fn a_good_draft_passes() {
        assert!(validate(&draft(vec![single(), multi(), text()])).is_empty());
    }

    #[test]
    fn each_rule_names_its_field() {
        let mut d = draft(vec![]);
        d.name = " ".into();
        d.time_limit = 601;
        let v = validate(&d);
        assert_eq!(v["name"].key, "assessment.v.required");
        assert_eq!(v["timeLimit"].key, "assessment.v.timeLimit");
        assert_eq!(v["questions"].key, "assessment.v.noQuestions");

        let mut s = single();
        s.correct = vec![0, 1];
        let mut m = multi();
        m.correct = vec![];
        let mut t = text();
        t.score = 0;
        t.options = vec!["x".into()];
        let mut bad = single();
        bad.kind = "essay".into();
        let mut few = single();
        few.options = vec!["only".into()];
        few.correct = vec![0];
        let v = validate(&draft(vec![s, m, t, bad, few]));
        assert_eq!(v["q0.correct"].key, "assessment.v.correctSingle");
        assert_eq!(v["q1.correct"].key, "assessment.v.correctMulti");
        assert_eq!(v["q2.score"].key, "assessment.v.score");
        assert_eq!(v["q2.options"].key, "assessment.v.textHasOptions");
        assert_eq!(v["q3.kind"].key, "assessment.v.kind");
        assert_eq!(v["q4.options"].key, "assessment.v.tooFewOptions");

        let mut out = single();
        out.correct = vec![2];
        assert_eq!(validate(&draft(vec![out]))["q0.correct"].key, "assessment.v.correctRange");
        let mut long = draft(vec![single()]);
        long.name = "名".repeat(NAME_MAX + 1);
        assert_eq!(validate(&long)["name"].limit, Some(NAME_MAX));
        long.name = "名".repeat(NAME_MAX);
        assert!(validate(&long).is_empty());
    }

    #[test]
    fn answers_are_checked_by_kind() {
        assert_eq!(answer_problem(&single(), "1"), None);
        assert_eq!(answer_problem(&single(), ""), None);
        assert_eq!(answer_problem(&single(), "0,1"), Some("assessment.v.answerChoice"));
        assert_eq!(answer_problem(&single(), "2"), Some("assessment.v.answerChoice"));
        assert_eq!(answer_problem(&multi(), "0,2"), None);
        assert_eq!(answer_problem(&multi(), "0,0"), Some("assessment.v.answerChoice"));
        assert_eq!(answer_problem(&multi(), "x"), Some("assessment.v.answerChoice"));
        assert_eq!(answer_problem(&text(), &"字".repeat(TEXT_ANSWER_MAX)), None);
        assert_eq!(answer_problem(&text(), &"字".repeat(TEXT_ANSWER_MAX + 1)), Some("assessment.v.answerTooLong"));
    }

    #[test]
    fn choices_score_all_or_nothing() {
        assert_eq!(score_choice(&single(), "1"), Some(5));
        assert_eq!(score_choice(&single(), "0"), Some(0));
        assert_eq!(score_choice(&single(), ""), Some(0));
        assert_eq!(score_choice(&multi(), "2,0"), Some(10));
        assert_eq!(score_choice(&multi(), "0"), Some(0));
        assert_eq!(score_choice(&multi(), "0,1,2"), Some(0));
        assert_eq!(score_choice(&text(), "because"), None);
    }
}
