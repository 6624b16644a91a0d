use crate::ids::InterviewId;

/// What the calendar event says.
pub struct Event<'a> {
    pub id: InterviewId,
    /// SEQUENCE: a calendar replaces an event it holds by one of a higher sequence.
    pub version: i32,
    pub start: i64,
    pub end: i64,
    pub summary: &'a str,
    pub location: &'a str,
    pub description: &'a str,
    pub cancelled: bool,
}

/// The .ics file of an interview (RFC 5545 through the icalendar crate): one event, its UID
/// stable across reschedules (`domain` is the mail domain) and SEQUENCE the version, so calendars
/// update it in place.
pub fn ics(e: &Event, domain: &str) -> Vec<u8> {
    use icalendar::{Calendar, Component, EventLike, EventStatus};
    let at = |ms: i64| chrono::DateTime::<chrono::Utc>::from_timestamp_millis(ms).unwrap_or_default();
    let mut event = icalendar::Event::new();
    event
        .uid(&format!("interview-{}@{domain}", e.id))
        .summary(e.summary)
        .location(e.location)
        .description(e.description)
        .starts(at(e.start))
        .ends(at(e.end))
        .add_property("SEQUENCE", e.version.to_string())
        .status(if e.cancelled { EventStatus::Cancelled } else { EventStatus::Confirmed });
    let mut calendar = Calendar::new();
    calendar.name("面试邀请").push(event.done());
    calendar.append_property(icalendar::Property::new("METHOD", if e.cancelled { "CANCEL" } else { "REQUEST" }));
    calendar.done().to_string().into_bytes()
}
