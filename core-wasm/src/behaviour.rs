//! Two candidate settings of SPEC §7 with rules the browser applies before sending and the server
//! applies again: a resume's openness to employers (`/pcuser/updateType`) and the behaviour log's
//! batches (`/pcuser/addLog`).

use serde::Serialize;
use serde_json::Value;

/// Events in one `/pcuser/addLog` batch; the browser sends a batch when it holds this many.
pub const LOG_BATCH_MAX: usize = 50;
/// Characters of a search keyword kept in the log.
pub const LOG_KEYWORD_MAX: usize = 50;
/// Characters of a city or category code in a search event.
pub const LOG_CODE_MAX: usize = 32;
/// A search event's filters besides city and category: the job search's parameters of the same names
/// (each a code of at most LOG_CODE_MAX characters).
pub const LOG_SEARCH_FILTERS: [&str; 7] = ["industry", "salary", "experience", "education", "comType", "comSize", "posted"];

/// Who may find and open a resume.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Openness {
    /// Every company may find it in resume search, except the blocked ones (the default).
    Public,
    /// No search finds it; only the companies the candidate applied to may open it.
    Applied,
    /// No search finds it; companies holding an application still see what was sent.
    Hidden,
}

impl Openness {
    pub const ALL: [Openness; 3] = [Openness::Public, Openness::Applied, Openness::Hidden];

    /// The code the call and the database use: `public`, `applied`, `hidden`.
    pub fn code(self) -> &'static str {
        match self {
            Openness::Public => "public",
            Openness::Applied => "applied",
            Openness::Hidden => "hidden",
        }
    }

    /// The openness a code names (exact, lower case), or None.
    pub fn parse(code: &str) -> Option<Openness> {
        Openness::ALL.into_iter().find(|o| o.code() == code)
    }

    /// Whether a resume search may list the resume.
    pub fn searchable(self) -> bool {
        self == Openness::Public
    }
}

/// The kinds of behaviour event the log keeps; any other kind is dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    /// A job seen in a list.
    View,
    /// A job's page opened.
    Open,
    /// A search, with its keyword and filters.
    Search,
    Apply,
    Save,
}

impl EventKind {
    pub const ALL: [EventKind; 5] = [EventKind::View, EventKind::Open, EventKind::Search, EventKind::Apply, EventKind::Save];

    pub fn code(self) -> &'static str {
        match self {
            EventKind::View => "view",
            EventKind::Open => "open",
            EventKind::Search => "search",
            EventKind::Apply => "apply",
            EventKind::Save => "save",
        }
    }

    pub fn parse(code: &str) -> Option<EventKind> {
        EventKind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// Events about one job carry its id; a search carries its keyword and filters instead.
    pub fn about_a_job(self) -> bool {
        self != EventKind::Search
    }
}

/// One event, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub kind: EventKind,
    /// The job of a view, open, apply or save.
    pub job_id: Option<i64>,
    /// A search's keyword (trimmed) and filter codes; empty for job events.
    pub keyword: String,
    pub city: String,
    pub category: String,
    /// A search's other filters that are set, `(name, code)` in LOG_SEARCH_FILTERS order.
    pub filters: Vec<(String, String)>,
}

/// What is wrong with an event or a batch, as an i18n-style key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogProblem {
    /// The batch is not a JSON array of objects.
    NotAList,
    /// More than LOG_BATCH_MAX events.
    TooMany,
    /// An event of a known kind without its job id, or with a field of the wrong type or length.
    BadEvent,
}

impl LogProblem {
    pub fn key(self) -> &'static str {
        match self {
            LogProblem::NotAList => "log.notList",
            LogProblem::TooMany => "log.tooMany",
            LogProblem::BadEvent => "log.badEvent",
        }
    }
}

/// A job id as JSON carries it: a positive integer, or its decimal digits as a string.
fn job_id(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::Number(n) => n.as_i64().filter(|n| *n > 0),
        Value::String(s) if !s.is_empty() && s.len() <= 19 && s.bytes().all(|b| b.is_ascii_digit()) => s.parse().ok().filter(|n| *n > 0),
        _ => None,
    }
}

/// An optional text field: absent or null is empty, a string at most `max` characters once trimmed.
fn text(v: Option<&Value>, max: usize) -> Result<String, LogProblem> {
    match v {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) if s.trim().chars().count() <= max && !s.contains('\0') => Ok(s.trim().to_string()),
        _ => Err(LogProblem::BadEvent),
    }
}

/// Checks one event: `Ok(None)` for an object of an unknown kind (dropped, not an error), an
/// error for something that is not an object or a known kind in the wrong shape.
pub fn check_event(v: &Value) -> Result<Option<Event>, LogProblem> {
    let obj = v.as_object().ok_or(LogProblem::BadEvent)?;
    let Some(kind) = obj.get("kind").and_then(Value::as_str) else { return Err(LogProblem::BadEvent) };
    let Some(kind) = EventKind::parse(kind) else { return Ok(None) };
    if kind.about_a_job() {
        let job_id = job_id(obj.get("jobId")).ok_or(LogProblem::BadEvent)?;
        return Ok(Some(Event { kind, job_id: Some(job_id), keyword: String::new(), city: String::new(), category: String::new(), filters: Vec::new() }));
    }
    let keyword = text(obj.get("keyword"), LOG_KEYWORD_MAX)?;
    let city = text(obj.get("city"), LOG_CODE_MAX)?;
    let category = text(obj.get("category"), LOG_CODE_MAX)?;
    let mut filters = Vec::new();
    for name in LOG_SEARCH_FILTERS {
        let code = text(obj.get(name), LOG_CODE_MAX)?;
        if !code.is_empty() {
            filters.push((name.to_string(), code));
        }
    }
    Ok(Some(Event { kind, job_id: None, keyword, city, category, filters }))
}

/// A batch checked: its events of known kinds, and how many of unknown kinds were dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub events: Vec<Event>,
    pub dropped: usize,
}

/// Checks the `events` field of `/pcuser/addLog`: a JSON array of at most LOG_BATCH_MAX events.
/// One malformed event refuses the whole batch (the browser checks each event before queueing it,
/// so only a broken or forged client sends one); events of unknown kinds are dropped.
pub fn check_batch(json: &str) -> Result<Batch, LogProblem> {
    let value: Value = serde_json::from_str(json).map_err(|_| LogProblem::NotAList)?;
    let list = value.as_array().ok_or(LogProblem::NotAList)?;
    if list.len() > LOG_BATCH_MAX {
        return Err(LogProblem::TooMany);
    }
    let mut events = Vec::with_capacity(list.len());
    let mut dropped = 0;
    for v in list {
        match check_event(v)? {
            Some(e) => events.push(e),
            None => dropped += 1,
        }
    }
    Ok(Batch { events, dropped })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn openness_codes_round_trip_and_nothing_else_parses() {
        for o in Openness::ALL {
            assert_eq!(Openness::parse(o.code()), Some(o));
        }
        for bad in ["", "Public", "PUBLIC", " public", "open", "1", "0", "hidden "] {
            assert_eq!(Openness::parse(bad), None, "{bad:?}");
        }
        assert!(Openness::Public.searchable());
        assert!(!Openness::Applied.searchable());
        assert!(!Openness::Hidden.searchable());
    }

    #[test]
    fn job_events_need_a_positive_job_id() {
        let e = check_event(&json!({"kind": "open", "jobId": "123"})).unwrap().unwrap();
        assert_eq!((e.kind, e.job_id), (EventKind::Open, Some(123)));
        assert_eq!(check_event(&json!({"kind": "save", "jobId": 7})).unwrap().unwrap().job_id, Some(7));
        for bad in [json!({"kind": "open"}), json!({"kind": "view", "jobId": "x1"}), json!({"kind": "apply", "jobId": -3}), json!({"kind": "apply", "jobId": 0}), json!({"kind": "open", "jobId": 1.5}), json!({"kind": "open", "jobId": "99999999999999999999"})] {
            assert_eq!(check_event(&bad), Err(LogProblem::BadEvent), "{bad}");
        }
    }

    #[test]
    fn searches_carry_short_texts() {
        let e = check_event(&json!({"kind": "search", "keyword": "  前端 ", "city": "beijing"})).unwrap().unwrap();
        assert_eq!((e.keyword.as_str(), e.city.as_str(), e.category.as_str(), e.job_id), ("前端", "beijing", "", None));
        let long = "字".repeat(LOG_KEYWORD_MAX + 1);
        assert_eq!(check_event(&json!({"kind": "search", "keyword": long})), Err(LogProblem::BadEvent));
        assert!(check_event(&json!({"kind": "search", "keyword": "字".repeat(LOG_KEYWORD_MAX)})).is_ok());
        assert_eq!(check_event(&json!({"kind": "search", "city": 3})), Err(LogProblem::BadEvent));
    }

    #[test]
    fn searches_carry_their_other_filters() {
        let e = check_event(&json!({"kind": "search", "city": "杭州", "industry": " internet ", "salary": "15-25k", "experience": "3-5年", "education": "本科", "comType": "private", "comSize": "100-499", "posted": "7", "page": "2"})).unwrap().unwrap();
        let expected: Vec<(String, String)> = [("industry", "internet"), ("salary", "15-25k"), ("experience", "3-5年"), ("education", "本科"), ("comType", "private"), ("comSize", "100-499"), ("posted", "7")]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        assert_eq!(e.filters, expected, "every filter but what is not one (page)");
        // Unset and blank filters are left out; a filter is a short text like the city.
        let e = check_event(&json!({"kind": "search", "salary": "", "posted": null, "comSize": "  "})).unwrap().unwrap();
        assert!(e.filters.is_empty(), "{:?}", e.filters);
        for name in LOG_SEARCH_FILTERS {
            assert_eq!(check_event(&json!({"kind": "search", name: 3})), Err(LogProblem::BadEvent), "{name}");
            assert_eq!(check_event(&json!({"kind": "search", name: "x".repeat(LOG_CODE_MAX + 1)})), Err(LogProblem::BadEvent), "{name}");
        }
        assert!(check_event(&json!({"kind": "open", "jobId": 1, "salary": "15-25k"})).unwrap().unwrap().filters.is_empty(), "a job event carries no filters");
    }

    #[test]
    fn unknown_kinds_are_dropped_and_shapeless_events_refused() {
        assert_eq!(check_event(&json!({"kind": "scroll", "jobId": 1})), Ok(None));
        assert_eq!(check_event(&json!({"kind": 3})), Err(LogProblem::BadEvent));
        assert_eq!(check_event(&json!("open")), Err(LogProblem::BadEvent));
        let b = check_batch(r#"[{"kind":"open","jobId":1},{"kind":"hover","x":1},{"kind":"search"}]"#).unwrap();
        assert_eq!((b.events.len(), b.dropped), (2, 1));
    }

    #[test]
    fn a_batch_is_a_short_list() {
        assert_eq!(check_batch("{}"), Err(LogProblem::NotAList));
        assert_eq!(check_batch("not json"), Err(LogProblem::NotAList));
        assert_eq!(check_batch("[]").unwrap().events.len(), 0);
        let one = json!({"kind": "view", "jobId": 1});
        let full = serde_json::to_string(&vec![one.clone(); LOG_BATCH_MAX]).unwrap();
        assert_eq!(check_batch(&full).unwrap().events.len(), LOG_BATCH_MAX);
        let over = serde_json::to_string(&vec![one; LOG_BATCH_MAX + 1]).unwrap();
        assert_eq!(check_batch(&over), Err(LogProblem::TooMany));
        assert_eq!(check_batch(r#"[{"kind":"open","jobId":1}, 5]"#), Err(LogProblem::BadEvent));
    }
}
