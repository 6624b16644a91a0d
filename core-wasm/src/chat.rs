//! Chat (issue 32): the shape of a message and the rules of a send, which the composer applies
//! before sending and the server again on `/chat/send` and `/comchat/send`.
//!
//! A message has a kind. The sender types `text` and `emoji`; the others are made by the server's
//! own calls: `picture` (the upload path), `exchange` (a request of one of `ExchangeKind`, through
//! the exchange calls), `job` (the card of the job that opened or rejoined a thread), `system`
//! (notes such as a recall or an exchange's answer) and `interview` (a recruiter's invitation). Every message carries the sender's client id, unique per sender and
//! conversation, so that a resend is recognised: 1-64 of `A-Z a-z 0-9 _ -`.

/// The most characters of a text message (after trimming).
pub const TEXT_MAX: usize = 1000;
/// The most characters of an emoji message: one emoji may be several code points (a flag, a
/// family, a skin tone), a few of them side by side are still one "emoji" message.
pub const EMOJI_MAX: usize = 32;
/// The most characters of a client id.
pub const CLIENT_ID_MAX: usize = 64;

/// The largest picture a thread takes, as sent (the upload path's limit, web/upload.rs).
pub const PICTURE_MAX_BYTES: u64 = 5 * 1024 * 1024;
/// The file names a picture may have; the server also checks the bytes by content.
pub const PICTURE_EXTENSIONS: [&str; 4] = ["jpg", "jpeg", "png", "gif"];
/// The box a picture is kept in once re-encoded (never enlarged); its thumbnails are 96 and 240 px.
pub const PICTURE_KEPT_BOX: (u32, u32) = (1600, 1600);

/// What is wrong with a picture before it is sent; `key` is the i18n key the composer shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureProblem {
    /// Not a JPEG, PNG or GIF by its name (the server then checks the content).
    Format,
    /// Empty, or over PICTURE_MAX_BYTES.
    Size,
}

impl PictureProblem {
    pub fn key(self) -> &'static str {
        match self {
            PictureProblem::Format => "chat.pictureFormat",
            PictureProblem::Size => "chat.pictureSize",
        }
    }
}

/// Checks a picture by its file name and size (bytes), as the composer does before uploading and
/// the server again once the upload is read.
pub fn picture_problem(file_name: &str, size: u64) -> Option<PictureProblem> {
    if !PICTURE_EXTENSIONS.contains(&crate::resume::extension(file_name).as_str()) {
        return Some(PictureProblem::Format);
    }
    if size == 0 || size > PICTURE_MAX_BYTES {
        return Some(PictureProblem::Size);
    }
    None
}

/// What a message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Text,
    Emoji,
    Picture,
    Exchange,
    Job,
    System,
    Interview,
}

impl Kind {
    pub const ALL: &'static [Kind] = &[Kind::Text, Kind::Emoji, Kind::Picture, Kind::Exchange, Kind::Job, Kind::System, Kind::Interview];

    /// Exact lower case, as the wire carries it.
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.code() == s)
    }

    pub fn code(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Emoji => "emoji",
            Kind::Picture => "picture",
            Kind::Exchange => "exchange",
            Kind::Job => "job",
            Kind::System => "system",
            Kind::Interview => "interview",
        }
    }

    /// Whether a user sends it as typed through the send calls (the others come from the
    /// server's own calls).
    pub fn typed(self) -> bool {
        matches!(self, Kind::Text | Kind::Emoji)
    }
}

/// What an exchange card asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExchangeKind {
    Phone,
    Wechat,
    Resume,
}

impl ExchangeKind {
    pub const ALL: &'static [ExchangeKind] = &[ExchangeKind::Phone, ExchangeKind::Wechat, ExchangeKind::Resume];

    pub fn parse(s: &str) -> Option<ExchangeKind> {
        ExchangeKind::ALL.iter().copied().find(|k| k.code() == s)
    }

    pub fn code(self) -> &'static str {
        match self {
            ExchangeKind::Phone => "phone",
            ExchangeKind::Wechat => "wechat",
            ExchangeKind::Resume => "resume",
        }
    }
}

/// What is wrong with a send; `key` is the i18n key the composer shows and the server's
/// BAD_INPUT message names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendProblem {
    /// Not 1-64 of `A-Z a-z 0-9 _ -`.
    ClientIdBad,
    /// Not one of the kinds.
    KindUnknown,
    /// A kind the server makes itself (picture, exchange, job, system).
    KindNotTyped,
    /// Nothing but white space.
    TextEmpty,
    /// Over TEXT_MAX characters (EMOJI_MAX for an emoji).
    TextTooLong,
}

impl SendProblem {
    pub fn key(self) -> &'static str {
        match self {
            SendProblem::ClientIdBad => "chat.clientIdBad",
            SendProblem::KindUnknown => "chat.kindUnknown",
            SendProblem::KindNotTyped => "chat.kindNotTyped",
            SendProblem::TextEmpty => "chat.textEmpty",
            SendProblem::TextTooLong => "chat.textTooLong",
        }
    }

    /// The form field the problem is in.
    pub fn field(self) -> &'static str {
        match self {
            SendProblem::ClientIdBad => "clientId",
            SendProblem::KindUnknown | SendProblem::KindNotTyped => "kind",
            SendProblem::TextEmpty | SendProblem::TextTooLong => "text",
        }
    }
}

/// Whether `id` is a client id: 1-64 of `A-Z a-z 0-9 _ -`.
pub fn client_id_ok(id: &str) -> bool {
    (1..=CLIENT_ID_MAX).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The text as it is kept: trimmed, and within the kind's limit.
pub fn check_text(kind: Kind, text: &str) -> Result<String, SendProblem> {
    let text = text.trim();
    if text.is_empty() {
        return Err(SendProblem::TextEmpty);
    }
    let max = if kind == Kind::Emoji { EMOJI_MAX } else { TEXT_MAX };
    if text.chars().count() > max {
        return Err(SendProblem::TextTooLong);
    }
    Ok(text.to_string())
}

/// A typed message ready to keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedSend {
    pub kind: Kind,
    pub text: String,
}

/// Checks one send (the client id, then the kind, then the text): the message to keep, or the
/// first problem.
pub fn check_send(kind: &str, text: &str, client_id: &str) -> Result<CheckedSend, SendProblem> {
    if !client_id_ok(client_id) {
        return Err(SendProblem::ClientIdBad);
    }
    let kind = Kind::parse(kind).ok_or(SendProblem::KindUnknown)?;
    if !kind.typed() {
        return Err(SendProblem::KindNotTyped);
    }
    Ok(CheckedSend { kind, text: check_text(kind, text)? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_trimmed_and_kept() {
        assert_eq!(check_send("text", "  你好  ", "c-1"), Ok(CheckedSend { kind: Kind::Text, text: "你好".into() }));
    }

    #[test]
    fn a_text_holds_at_most_1000_characters_counted_as_characters() {
        let max = "字".repeat(TEXT_MAX);
        assert_eq!(check_send("text", &max, "a").map(|s| s.text.chars().count()), Ok(TEXT_MAX));
        assert_eq!(check_send("text", &format!("{max}a"), "a"), Err(SendProblem::TextTooLong));
        // White space around does not count.
        assert!(check_send("text", &format!("  {max}\n"), "a").is_ok());
    }

    #[test]
    fn an_empty_or_blank_text_is_refused() {
        for blank in ["", "   ", "\n\t", "\u{3000}"] {
            assert_eq!(check_send("text", blank, "a"), Err(SendProblem::TextEmpty), "{blank:?}");
        }
    }

    #[test]
    fn an_emoji_is_short() {
        assert!(check_send("emoji", "👍", "a").is_ok());
        assert!(check_send("emoji", "👨‍👩‍👧", "a").is_ok());
        assert_eq!(check_send("emoji", &"😀".repeat(EMOJI_MAX + 1), "a"), Err(SendProblem::TextTooLong));
    }

    #[test]
    fn kinds_are_exact_and_only_text_and_emoji_are_typed() {
        assert_eq!(check_send("TEXT", "x", "a"), Err(SendProblem::KindUnknown));
        assert_eq!(check_send("video", "x", "a"), Err(SendProblem::KindUnknown));
        assert_eq!(check_send("", "x", "a"), Err(SendProblem::KindUnknown));
        for k in ["picture", "exchange", "job", "system", "interview"] {
            assert_eq!(check_send(k, "x", "a"), Err(SendProblem::KindNotTyped), "{k}");
        }
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.code()), Some(*k));
        }
    }

    #[test]
    fn exchange_kinds_are_phone_wechat_and_resume() {
        let codes: Vec<&str> = ExchangeKind::ALL.iter().map(|k| k.code()).collect();
        assert_eq!(codes, ["phone", "wechat", "resume"]);
        assert_eq!(ExchangeKind::parse("email"), None);
        assert_eq!(ExchangeKind::parse("wechat"), Some(ExchangeKind::Wechat));
    }

    #[test]
    fn a_client_id_is_1_to_64_safe_characters() {
        assert!(client_id_ok("a"));
        assert!(client_id_ok("0f8e-AB_z"));
        assert!(client_id_ok(&"x".repeat(CLIENT_ID_MAX)));
        for bad in ["", " a", "a b", "a/b", "ä", "a.b", "a\u{0}"] {
            assert!(!client_id_ok(bad), "{bad:?}");
        }
        assert!(!client_id_ok(&"x".repeat(CLIENT_ID_MAX + 1)));
        // The client id is checked first: its problem is the one named.
        assert_eq!(check_send("video", "", "a b"), Err(SendProblem::ClientIdBad));
    }

    #[test]
    fn a_picture_is_a_jpeg_png_or_gif_of_at_most_5_mb() {
        assert_eq!(picture_problem("a.JPG", 10), None);
        assert_eq!(picture_problem("截图.png", PICTURE_MAX_BYTES), None);
        assert_eq!(picture_problem("x.gif", 1), None);
        assert_eq!(picture_problem("a.jpeg", PICTURE_MAX_BYTES + 1), Some(PictureProblem::Size));
        assert_eq!(picture_problem("a.png", 0), Some(PictureProblem::Size));
        for bad in ["a.pdf", "a.webp", "png", "", "a.jpg.txt"] {
            assert_eq!(picture_problem(bad, 10), Some(PictureProblem::Format), "{bad}");
        }
        assert_eq!(PictureProblem::Size.key(), "chat.pictureSize");
        assert_eq!(PictureProblem::Format.key(), "chat.pictureFormat");
    }

    #[test]
    fn problems_have_keys_and_fields() {
        assert_eq!(SendProblem::TextTooLong.key(), "chat.textTooLong");
        assert_eq!(SendProblem::TextTooLong.field(), "text");
        assert_eq!(SendProblem::ClientIdBad.field(), "clientId");
        assert_eq!(SendProblem::KindUnknown.field(), "kind");
    }
}
