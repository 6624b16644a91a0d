//! Inputs made from a seed, for the stable replay: each target gets the shapes its parsing
//! expects (form bodies, tokens, multipart uploads, resume JSON...), with values near the
//! edges the rules draw, and byte-level mutations of its corpus entries, as libFuzzer makes.
//! Everything is a function of the `Rng`'s seed, so a failure replays exactly.

use core_wasm::resume::{self, Field, Format, Max, Widget};
use serde_json::{json, Map, Value};

use crate::server_jwt;
use crate::server_upload::BOUNDARY;
use crate::transport;

/// How many generated inputs the replay (and the export, examples/export.rs) makes per target, and from
/// which seed, unless FUZZ_REPLAY_CASES / FUZZ_REPLAY_SEED say otherwise.
pub const DEFAULT_CASES: usize = 2000;
pub const DEFAULT_SEED: u64 = 0x6a6f_6273_6565_6b72;

/// SplitMix64: small, fast, and the same on every machine.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    pub fn pick_ref<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    pub fn byte(&mut self) -> u8 {
        self.next_u64() as u8
    }
}

// ---------- byte mutations, as libFuzzer's mutators do them ----------

const INTERESTING_BYTES: &[u8] = &[0, 1, 0x7f, 0x80, 0xff, b'%', b'&', b'=', b'+', b';', b'"', b'\\', b'/', b'\r', b'\n', b'{', b'['];

/// `base` changed by one to four mutations: bytes flipped, set, inserted, erased, repeated,
/// a dictionary token put in, a piece of another entry spliced in, or the end cut off.
pub fn mutate(rng: &mut Rng, base: &[u8], others: &[Vec<u8>], dict: &[&str]) -> Vec<u8> {
    let mut out = base.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(9) {
            0 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] ^= 1 << rng.below(8);
            }
            1 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] = if rng.one_in(2) { rng.pick(INTERESTING_BYTES) } else { rng.byte() };
            }
            2 => {
                let n = 1 + rng.below(8);
                let bytes: Vec<u8> = (0..n).map(|_| rng.byte()).collect();
                out.splice(at..at, bytes);
            }
            3 if !out.is_empty() => {
                let end = (at + 1 + rng.below(16)).min(out.len());
                out.drain(at.min(end)..end);
            }
            4 if !out.is_empty() => {
                let start = rng.below(out.len());
                let end = (start + 1 + rng.below(32)).min(out.len());
                let piece = out[start..end].to_vec();
                for _ in 0..1 + rng.below(3) {
                    out.splice(at..at, piece.iter().copied());
                }
            }
            5 if !dict.is_empty() => {
                let token = rng.pick(dict).as_bytes().to_vec();
                out.splice(at..at, token);
            }
            6 if !others.is_empty() => {
                let other = rng.pick_ref(others);
                let start = rng.below(other.len() + 1);
                let end = (start + rng.below(64)).min(other.len());
                out.splice(at..at, other[start..end].iter().copied());
            }
            7 => out.truncate(at),
            _ => {
                // A digit run becomes a number at an edge.
                if let Some(i) = out.iter().position(u8::is_ascii_digit) {
                    let end = out[i..].iter().position(|b| !b.is_ascii_digit()).map_or(out.len(), |n| i + n);
                    out.splice(i..end, rng.pick(NUMBERS).bytes());
                }
            }
        }
    }
    out
}

fn mutate_corpus(rng: &mut Rng, corpus: &[Vec<u8>], dict: &[&str], fallback: impl FnOnce(&mut Rng) -> Vec<u8>) -> Vec<u8> {
    let base = if corpus.is_empty() { fallback(rng) } else { rng.pick_ref(corpus).clone() };
    mutate(rng, &base, corpus, dict)
}

// ---------- text ----------

const NUMBERS: &[&str] = &[
    "0", "1", "-1", "7", "10", "49", "50", "51", "99999", "100000", "100001", "2147483647", "2147483648", "-2147483649",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551616", "1e3", "0x10", "+5", " 7 ",
    "０", "１２", "1.5", "NaN", "", "007", "999999999", "1000000000",
];

const PIECES: &[&str] = &[
    "张伟", "前端开发", "Java", "北京", "上海", "深圳", "腾讯", "阿里巴巴（中国）有限公司", "违禁", "违 禁", "13800000000",
    "1380000000０", "+8613800000000", "12345678901", "demo1234", "abc 1234", "a@b.cn", "a@@b", "user@例子.中国", "test@example.com;x@y.z",
    "http://", "https://", "//", "\\\\", "/\\", "www.example.cn", "m.example.cn", "evil.example", "@", ":", "?", "#", "%2F", "%5C", "%00",
    "%", "%E4%B8%AD", "javascript:alert(1)", "data:text/html,x", "..", "/my/apply", "/login?returnUrl=", "now", "2020-01", "2020-13",
    "1990-02-30", "0000-00", "9999-12-31", ",", "，", "、", ";", " ", "\u{3000}", "\t", "\n", "\r\n", "\u{200b}", "\u{202e}", "\u{feff}",
    "😀", "e\u{301}", "ｆｕｌｌ", "\u{7f}", "\u{0}", "<script>", "\"", "'", "{", "}", "[", "]", "null", "true", "-", "_", "Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) Mobile",
    "Android", "MicroMessenger", "iPad", "Windows NT 10.0",
];

const CHARS: &[char] = &[
    'a', 'Z', '0', '9', ' ', '.', '-', '_', '/', '\\', '@', ':', ';', ',', '%', '+', '&', '=', '?', '#', '"', '\'', '<', '>', '中', '文', '张',
    '伟', '，', '。', '、', '０', '９', '\u{3000}', '\t', '\n', '\r', '\u{0}', '\u{7f}', '\u{85}', '\u{200b}', '\u{202e}', '\u{fffd}', '😀', 'é',
    '\u{301}', 'ß', 'İ', 'ﬁ',
];

/// Up to `max` characters, from the alphabet the rules care about.
fn text(rng: &mut Rng, max: usize) -> String {
    let n = rng.below(max + 1);
    let mut s = String::new();
    while s.chars().count() < n {
        if rng.one_in(4) {
            s.push_str(rng.pick(PIECES));
        } else {
            s.push(rng.pick(CHARS));
        }
    }
    s
}

fn pieces(rng: &mut Rng, n: usize) -> String {
    (0..1 + rng.below(n)).map(|_| if rng.one_in(3) { text(rng, 6) } else { rng.pick(PIECES).to_string() }).collect()
}

/// A string of exactly `n` characters of one kind: the lengths right at a limit.
fn run_of(n: usize, rng: &mut Rng) -> String {
    let c = rng.pick(&['a', '中', ' ', '😀', '1']);
    std::iter::repeat_n(c, n).collect()
}

// ---------- resume JSON ----------

/// A value the field would accept, most of the time; the edits below push it off the edge.
fn plausible(rng: &mut Rng, field: &Field) -> Value {
    let limit = match field.max {
        Some(Max::Chars(n)) => n,
        Some(Max::Width(n)) => n / 2,
        None => 30,
    };
    let s = match field.widget {
        Widget::Select(list) => rng.pick(resume::options(list)).to_string(),
        Widget::Month => format!("{}-{:02}", 1960 + rng.below(80), 1 + rng.below(12)),
        Widget::MonthOrNow if rng.one_in(3) => "now".into(),
        Widget::MonthOrNow => format!("{}-{:02}", 1960 + rng.below(80), 1 + rng.below(12)),
        Widget::Date => format!("{}-{:02}-{:02}", 1950 + rng.below(80), 1 + rng.below(12), 1 + rng.below(31)),
        Widget::Number => (rng.next_u64() % 1_000_000_000).to_string(),
        Widget::Keywords => {
            let words: Vec<Value> = (0..rng.below(8)).map(|_| Value::String(text(rng, 12))).collect();
            return Value::Array(words);
        }
        Widget::Input | Widget::Text => match field.format {
            Format::Mobile => format!("13{:09}", rng.next_u64() % 1_000_000_000),
            Format::Phone => format!("010-{:08}", rng.next_u64() % 100_000_000),
            Format::PostalCode => format!("{:06}", rng.next_u64() % 1_000_000),
            Format::Qq => format!("{}", 10_000 + rng.next_u64() % 1_000_000),
            Format::Url => format!("https://example.cn/{}", rng.below(1000)),
            Format::Emails => "a@example.cn; b@example.cn".into(),
            Format::MobileOrEmail if rng.one_in(2) => "13800000000".into(),
            Format::MobileOrEmail => "ref@example.cn".into(),
            _ => {
                let mut s = text(rng, limit.min(40));
                if s.trim().is_empty() {
                    s.push('x');
                }
                s
            }
        },
    };
    Value::String(s)
}

/// A value of the wrong shape or just past a limit.
fn edge(rng: &mut Rng, field: &Field) -> Value {
    let limit = match field.max {
        Some(Max::Chars(n) | Max::Width(n)) => n,
        None => 60,
    };
    match rng.below(9) {
        0 => Value::Null,
        1 => json!(rng.pick(NUMBERS).parse::<f64>().unwrap_or(-1.0)),
        2 => json!([text(rng, 5), 1, null]),
        3 => json!({ "v": text(rng, 5) }),
        4 => Value::Bool(rng.one_in(2)),
        5 => Value::String(run_of(limit + rng.below(3), rng)),
        6 => Value::String(run_of(limit.saturating_sub(rng.below(2)), rng)),
        7 => Value::String(rng.pick(NUMBERS).to_string()),
        _ => Value::String(pieces(rng, 4)),
    }
}

/// A section's values: plausible for every field, some left out, a few off the edge, perhaps a
/// field the section does not have.
pub fn section_object(rng: &mut Rng, section: &resume::Section) -> Map<String, Value> {
    let mut m = Map::new();
    let wild = rng.below(4);
    for field in section.fields {
        if rng.one_in(8) {
            continue;
        }
        let v = if wild > 0 && rng.one_in(2 * section.fields.len().max(1) / wild) { edge(rng, field) } else { plausible(rng, field) };
        m.insert(field.name.to_string(), v);
    }
    if rng.one_in(6) {
        m.insert(text(rng, 8), Value::String(text(rng, 8)));
    }
    m
}

fn section_json(rng: &mut Rng) -> (String, Value) {
    let section = rng.pick_ref(resume::SECTIONS);
    let value = match rng.below(10) {
        0 => json!([section_object(rng, section)]),
        1 => Value::String(text(rng, 10)),
        2 => json!(null),
        _ => Value::Object(section_object(rng, section)),
    };
    let name = if rng.one_in(10) { text(rng, 10) } else { section.name.to_string() };
    (name, value)
}

fn any_json(rng: &mut Rng, depth: usize) -> Value {
    match rng.below(if depth == 0 { 4 } else { 7 }) {
        0 => Value::Null,
        1 => json!(rng.pick(NUMBERS).parse::<f64>().unwrap_or(0.5)),
        2 => Value::Bool(rng.one_in(2)),
        3 => Value::String(text(rng, 12)),
        4 | 5 => Value::Array((0..rng.below(4)).map(|_| any_json(rng, depth - 1)).collect()),
        _ => Value::Object((0..rng.below(4)).map(|_| (pieces(rng, 1), any_json(rng, depth - 1))).collect()),
    }
}

/// A JSON Resume document (jsonresume.org), of the shape the import reads, with odd values.
fn json_resume(rng: &mut Rng) -> Value {
    let v = |rng: &mut Rng| if rng.one_in(6) { any_json(rng, 1) } else { Value::String(pieces(rng, 3)) };
    let date = |rng: &mut Rng| {
        Value::String(match rng.below(5) {
            0 => format!("{}", 1990 + rng.below(40)),
            1 => format!("{}-{:02}", 1990 + rng.below(40), rng.below(14)),
            2 => format!("{}-{:02}-{:02}", 1990 + rng.below(40), 1 + rng.below(12), rng.below(33)),
            3 => String::new(),
            _ => pieces(rng, 2),
        })
    };
    let mut doc = Map::new();
    doc.insert(
        "basics".into(),
        json!({
            "name": v(rng), "label": v(rng), "email": v(rng), "phone": v(rng), "url": v(rng), "summary": v(rng),
            "location": { "city": v(rng), "address": v(rng), "postalCode": v(rng), "countryCode": v(rng) },
            "profiles": [{ "network": v(rng), "username": v(rng), "url": v(rng) }],
        }),
    );
    let list = |rng: &mut Rng, make: &mut dyn FnMut(&mut Rng) -> Value| Value::Array((0..rng.below(4)).map(|_| make(rng)).collect());
    doc.insert(
        "work".into(),
        list(rng, &mut |rng| json!({ "name": v(rng), "position": v(rng), "startDate": date(rng), "endDate": date(rng), "summary": v(rng), "highlights": [v(rng), v(rng)], "location": v(rng) })),
    );
    doc.insert(
        "education".into(),
        list(rng, &mut |rng| json!({ "institution": v(rng), "area": v(rng), "studyType": v(rng), "startDate": date(rng), "endDate": date(rng), "score": v(rng), "courses": [v(rng)] })),
    );
    doc.insert("skills".into(), list(rng, &mut |rng| json!({ "name": v(rng), "level": v(rng), "keywords": [v(rng), v(rng)] })));
    doc.insert("languages".into(), list(rng, &mut |rng| json!({ "language": v(rng), "fluency": v(rng) })));
    doc.insert(
        "projects".into(),
        list(rng, &mut |rng| json!({ "name": v(rng), "description": v(rng), "startDate": date(rng), "endDate": date(rng), "roles": [v(rng)], "keywords": [v(rng)] })),
    );
    doc.insert("certificates".into(), list(rng, &mut |rng| json!({ "name": v(rng), "date": date(rng), "issuer": v(rng) })));
    doc.insert("references".into(), list(rng, &mut |rng| json!({ "name": v(rng), "reference": v(rng) })));
    doc.insert("volunteer".into(), list(rng, &mut |rng| json!({ "organization": v(rng), "position": v(rng), "startDate": date(rng) })));
    // Drop some sections, or give one a wrong shape.
    let keys: Vec<String> = doc.keys().cloned().collect();
    for k in keys {
        match rng.below(6) {
            0 => {
                doc.remove(&k);
            }
            1 => {
                doc.insert(k, any_json(rng, 2));
            }
            _ => {}
        }
    }
    Value::Object(doc)
}

// ---------- the targets ----------

const CORE_DICT: &[&str] = &[
    "13800000000", "https://www.example.cn/", "http://m.example.cn", "//", "\\", "%2F", "@", "{\"", "\":", "\"}", "[", "]", ",", "，", "违禁", "now",
    "basics", "work", "startDate", "\u{3000}",
];

pub fn core_rules(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    let text = match rng.below(12) {
        0..=3 => return mutate_corpus(rng, corpus, CORE_DICT, |rng| pieces(rng, 6).into_bytes()),
        4 => pieces(rng, 6),
        5 => {
            // A return URL: a path, or an address at one of our hosts or elsewhere, with tricks.
            let scheme = rng.pick(&["", "http://", "https://", "//", "/\\", "\\\\", "HTTP://", "javascript:", "ftp://", "http:/", " https://"]);
            let host = rng.pick(&["www.example.cn", "m.example.cn", "evil.example", "www.example.cn.evil.example", "www.example.cn@evil.example", "evil.example\\@www.example.cn", "WWW.EXAMPLE.CN", "www.example.cn:8080", "[::1]", "127.0.0.1", ""]);
            let path = rng.pick(&["", "/", "/my/apply", "/%2F%2Fevil", "/..//evil", "?returnUrl=//evil", "#x", "/\t/evil", "/\n/evil"]);
            format!("{scheme}{host}{path}")
        }
        6 => {
            let sep = |rng: &mut Rng| rng.pick(&[",", "，", "、", ";", " ", "\n", ",,"]).to_string();
            (0..rng.below(40)).map(|_| format!("{}{}", text(rng, 35), sep(rng))).collect()
        }
        7 => {
            // A password or a mobile at the edges of their rules.
            match rng.below(3) {
                0 => run_of(4 + rng.below(20), rng),
                1 => format!("1{}{:09}", rng.below(10), rng.next_u64() % 1_000_000_000),
                _ => text(rng, 22),
            }
        }
        8 | 9 => section_json(rng).1.to_string(),
        _ => json_resume(rng).to_string(),
    };
    text.into_bytes()
}

const FORM_KEYS: &[&str] = &[
    "page", "pagesize", "current", "kw", "city", "category", "industry", "salary", "experience", "education", "comType", "comSize", "posted",
    "sort", "resumeId", "section", "data", "itemId", "tags", "jobid", "",
];

const FORM_VALUES: &[&str] = &[
    "北京", "上海", "杭州", "不限", "互联网", "IT服务", "5-10K", "10-15K", "50K以上", "面议", "1-3年", "3-5年", "本科", "硕士", "民营", "外资",
    "20-99人", "1", "3", "7", "30", "new", "salary", "relevance", "Java开发", "前端", "测试开发",
];

fn form_value(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => rng.pick(NUMBERS).to_string(),
        1 => rng.pick(FORM_VALUES).to_string(),
        2 => section_json(rng).1.to_string(),
        3 => rng.pick_ref(resume::SECTIONS).name.to_string(),
        4 => run_of(30 + rng.below(80), rng),
        _ => pieces(rng, 4),
    }
}

/// Percent-encoded as a browser does, or raw with the odd `%`, `+` or `&` left in.
fn form_part(rng: &mut Rng, s: &str) -> String {
    match rng.below(5) {
        0 => s.to_string(),
        1 => s.replace(' ', "+"),
        2 => {
            let mut e: String = url::form_urlencoded::byte_serialize(s.as_bytes()).collect();
            // A broken escape somewhere.
            let at = rng.below(e.len() + 1);
            e.insert_str(at, rng.pick(&["%", "%G0", "%e4%b8", "%00", "%ff", "+"]));
            e
        }
        _ => url::form_urlencoded::byte_serialize(s.as_bytes()).collect(),
    }
}

pub fn server_form(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    if rng.one_in(3) {
        return mutate_corpus(rng, corpus, &["&", "=", "%", "+", "data=", "section=", "page=", "%7B%22"], |rng| form_value(rng).into_bytes());
    }
    let mut pairs: Vec<(String, String)> = Vec::new();
    if rng.one_in(2) {
        // A resume section save: the section and its data agree, as the editor sends them.
        let (section, data) = section_json(rng);
        pairs.push(("resumeId".into(), rng.pick(NUMBERS).to_string()));
        pairs.push(("section".into(), section));
        pairs.push(("data".into(), data.to_string()));
    }
    for _ in 0..rng.below(8) {
        let key = if rng.one_in(8) { text(rng, 6) } else { rng.pick(FORM_KEYS).to_string() };
        pairs.push((key, form_value(rng)));
    }
    let sep = if rng.one_in(10) { ";" } else { "&" };
    let body: Vec<String> = pairs
        .iter()
        .map(|(k, v)| match rng.below(12) {
            0 => form_part(rng, k),
            1 => format!("{}=", form_part(rng, k)),
            _ => format!("{}={}", form_part(rng, k), form_part(rng, v)),
        })
        .collect();
    body.join(sep).into_bytes()
}

const JWT_DICT: &[&str] = &[".", "eyJ", "=", "-", "_", "+", "/", "eyJhbGciOiJub25lIn0", "eyJhbGciOiJIUzI1NiJ9"];

fn b64url(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | (u32::from(b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

pub fn server_jwt(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    let now = crate::server_api::now_ms();
    let ids = [0, 1, -1, i64::MAX, i64::MIN, 4_294_967_296, rng.next_u64() as i64];
    match rng.below(8) {
        0 | 1 => mutate_corpus(rng, corpus, JWT_DICT, |rng| server_jwt::token(1, 1, now, now + rng.below(1000) as i64).into_bytes()),
        2 => {
            // A token of ours, valid, expired, or not yet issued.
            let (iat, exp) = match rng.below(4) {
                0 => (now, now + 86_400_000),
                1 => (now - 2 * 86_400_000, now - 86_400_000),
                2 => (now + 86_400_000, now + 2 * 86_400_000),
                _ => (0, i64::MAX),
            };
            server_jwt::token(rng.pick(&ids), rng.pick(&ids), iat, exp).into_bytes()
        }
        3 | 4 => {
            // One of ours with a part changed: a character, a part dropped or swapped, no signature.
            let t = server_jwt::token(rng.pick(&ids), rng.pick(&ids), now, now + 86_400_000);
            let parts: Vec<&str> = t.split('.').collect();
            let out = match rng.below(5) {
                0 => format!("{}.{}.", parts[0], parts[1]),
                1 => format!("{}.{}", parts[0], parts[1]),
                2 => format!("{}.{}.{}", parts[1], parts[0], parts[2]),
                3 => format!("{}.{}.{}.{}", parts[0], parts[1], parts[2], parts[2]),
                _ => t.clone(),
            };
            mutate(rng, out.as_bytes(), corpus, JWT_DICT)
        }
        5 => {
            // A header and claims of our own making: alg none, odd types, huge numbers.
            let alg = rng.pick(&["none", "HS256", "HS512", "RS256", "", "hs256"]);
            let header = json!({ "alg": alg, "typ": "JWT" }).to_string();
            let claims = json!({
                "sub": rng.pick_ref(&[json!("1"), json!(1), json!(null), json!("-9223372036854775808"), json!([1])]),
                "sid": rng.pick_ref(&[json!(1), json!("1"), json!(1.5), json!(9_223_372_036_854_775_807i64)]),
                "iat": now / 1000, "exp": rng.pick_ref(&[json!(now / 1000 + 3600), json!(0), json!(-1), json!(1e300)]),
            })
            .to_string();
            let sig: Vec<u8> = (0..rng.below(40)).map(|_| rng.byte()).collect();
            format!("{}.{}.{}", b64url(header.as_bytes()), b64url(claims.as_bytes()), b64url(&sig)).into_bytes()
        }
        6 => {
            // Two ids for the issuing half of the target, and text after them.
            let mut out = Vec::new();
            out.extend_from_slice(&rng.pick(&ids).to_le_bytes());
            out.extend_from_slice(&rng.pick(&ids).to_le_bytes());
            out.extend((0..rng.below(20)).map(|_| rng.byte()));
            out
        }
        _ => pieces(rng, 4).into_bytes(),
    }
}

/// The smallest pictures the photo path decodes (its image crate reads PNG, JPEG and GIF).
pub const GIF_1X1: &[u8] = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";
pub const PNG_1X1: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\x00\x05\x00\x01\xff\x89\x99\x3d\x1d\x00\x00\x00\x00IEND\xaeB`\x82";

fn file_content(rng: &mut Rng) -> Vec<u8> {
    let mut b: Vec<u8> = match rng.below(10) {
        0 | 1 => GIF_1X1.to_vec(),
        2 => PNG_1X1.to_vec(),
        3 => b"\xff\xd8\xff\xe0\x00\x10JFIF\x00".to_vec(),
        4 => b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n".to_vec(),
        5 => b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00\x00".to_vec(),
        6 => b"PK\x03\x04\x14\x00[Content_Types].xml word/document.xml".to_vec(),
        7 => pieces(rng, 8).into_bytes(),
        8 => b"GIF87a\xff\xff\xff\xff".to_vec(),
        _ => (0..rng.below(64)).map(|_| rng.byte()).collect(),
    };
    if rng.one_in(3) {
        let base = b.clone();
        b = mutate(rng, &base, &[], &[]);
    }
    b
}

/// A multipart body as a browser sends the upload form, bent here and there, after the byte
/// that picks the boundary's length.
pub fn server_upload(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    if rng.one_in(3) {
        return mutate_corpus(rng, corpus, &["\r\n", "--", "Content-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n", "\r\n\r\n"], |rng| {
            file_content(rng)
        });
    }
    if rng.one_in(8) {
        // A picture as the whole body: the photo path decodes any bytes.
        let mut out = vec![rng.byte()];
        out.extend(file_content(rng));
        return out;
    }
    let len_byte = if rng.one_in(6) { rng.byte() } else { (3 + rng.below(17)) as u8 };
    let boundary = &BOUNDARY[..1 + len_byte as usize % 20];
    let nl = if rng.one_in(8) { "\n" } else { "\r\n" };
    let mut body = Vec::new();
    body.push(len_byte);
    if rng.one_in(6) {
        body.extend_from_slice(b"preamble");
        body.extend_from_slice(nl.as_bytes());
    }
    for _ in 0..rng.below(5) {
        body.extend_from_slice(format!("--{boundary}{nl}").as_bytes());
        let name = rng.pick(&["file", "resumeId", "kind", "name", "file", "other", ""]);
        let filename = match rng.below(6) {
            0 => String::new(),
            1 => "; filename=\"../../etc/passwd\"".into(),
            2 => format!("; filename=\"{}\"", pieces(rng, 3)),
            3 => "; filename*=UTF-8''%E7%AE%80%E5%8E%86.pdf".into(),
            _ => format!("; filename=\"resume.{}\"", rng.pick(&["pdf", "doc", "docx", "txt", "png", "jpg", "gif", "ppt", "exe", ""])),
        };
        let quote = if rng.one_in(10) { "" } else { "\"" };
        body.extend_from_slice(format!("Content-Disposition: form-data; name={quote}{name}{quote}{filename}{nl}").as_bytes());
        if rng.one_in(2) {
            body.extend_from_slice(format!("Content-Type: {}{nl}", rng.pick(&["image/png", "application/pdf", "text/plain", "x/", "", "multipart/mixed; boundary=x"])).as_bytes());
        }
        body.extend_from_slice(nl.as_bytes());
        let content = if name == "file" {
            file_content(rng)
        } else if rng.one_in(10) {
            run_of(4000 + rng.below(200), rng).into_bytes()
        } else {
            form_value(rng).into_bytes()
        };
        body.extend_from_slice(&content);
        if rng.one_in(10) {
            // The boundary inside a field's content, not at a line start.
            body.extend_from_slice(format!("--{boundary}").as_bytes());
        }
        body.extend_from_slice(nl.as_bytes());
    }
    match rng.below(5) {
        0 => {}
        1 => body.extend_from_slice(format!("--{boundary}").as_bytes()),
        _ => body.extend_from_slice(format!("--{boundary}--{nl}").as_bytes()),
    }
    body
}

const STATUSES: &[u16] = &[0, 1, 100, 199, 200, 201, 204, 299, 300, 301, 304, 400, 401, 403, 404, 429, 500, 502, 599, 999, 65535];

fn envelope(rng: &mut Rng) -> String {
    match rng.below(10) {
        0 => json!({ "result": any_json(rng, 2) }).to_string(),
        1 => json!({ "error": { "code": pieces(rng, 1), "message": text(rng, 10) } }).to_string(),
        2 => json!({ "error": null, "result": any_json(rng, 1) }).to_string(),
        3 => json!({ "error": { "code": 1 } }).to_string(),
        4 => json!({ "result": null, "error": { "code": "X", "message": "m" }, "extra": [] }).to_string(),
        5 => "[".repeat(rng.below(300)),
        6 => String::new(),
        7 => "<html>502 Bad Gateway</html>".into(),
        8 => format!("/{}", pieces(rng, 3)),
        _ => any_json(rng, 3).to_string(),
    }
}

fn cookies(rng: &mut Rng) -> String {
    let value = |rng: &mut Rng| -> String {
        rng.pick(&["abc.def.ghi", "", " ", "%0a", "%0d%0aX: y", "a+b", "%E4%B8%AD", "%", "%zz", "中文", "\"q\"", "=", "a=b=c", "0123456789abcdef0123456789abcdef"])
            .to_string()
    };
    (0..rng.below(5))
        .map(|_| {
            let name = rng.pick(&["token", "finger", " token", "token ", "TOKEN", "", "other"]).to_string();
            match rng.below(6) {
                0 => name,
                _ => format!("{name}={}", value(rng)),
            }
        })
        .collect::<Vec<_>>()
        .join(rng.pick(&["; ", ";", ";;", " ; "]))
}

pub fn transport(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    if rng.one_in(3) {
        return mutate_corpus(rng, corpus, &["{\"result\":", "{\"error\":", "token=", "; ", "%0a"], |rng| {
            transport::encode((200, &envelope(rng), &cookies(rng)))
        });
    }
    let status = match rng.below(6) {
        0 => rng.next_u64() as u16,
        1 | 2 => 200,
        _ => rng.pick(STATUSES),
    };
    let body = envelope(rng);
    let cookies = cookies(rng);
    transport::encode((status, &body, &cookies))
}

#[cfg(test)]
mod tests {
    use super::{Rng, GIF_1X1, PNG_1X1};
    use crate::server_api::reencode_photo;

    /// The seed pictures reach the encoder, so the photo path is exercised past decoding.
    #[test]
    fn the_seed_pictures_decode() {
        for picture in [GIF_1X1, PNG_1X1] {
            assert!(reencode_photo(picture).is_ok());
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_inputs() {
        let make = |seed| {
            let mut rng = Rng::new(seed);
            (0..50).map(|_| super::server_upload(&mut rng, &[])).collect::<Vec<_>>()
        };
        assert_eq!(make(1), make(1));
        assert_ne!(make(1), make(2));
    }
}

// ---------- resume analysis ----------

/// A PDF of the corpus changed a little (its objects, streams and xref break in new ways).
pub fn resume_pdf(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    mutate_corpus(rng, corpus, &["obj", "endobj", "stream", "endstream", "/ToUnicode", "/Length 99999999", "xref", "trailer", "<<", ">>", "/Type/Page"], |_| b"%PDF-1.4\n%%EOF".to_vec())
}

/// A DOCX or its document.xml (first byte even or odd) changed a little.
pub fn resume_docx(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    mutate_corpus(rng, corpus, &["<w:tbl>", "</w:tbl>", "<w:tr>", "<w:tc>", "<w:p>", "</w:p>", "<w:t>", "&#0;", "&amp;", "PK\x03\x04", "word/document.xml"], |_| vec![1])
}

/// antiword's output (first byte even) or a file to tell the format of (odd), changed a little.
pub fn resume_doc(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    mutate_corpus(rng, corpus, &["|", "||", "|姓名 |张三 |\n", "\n", "\t", "%PDF-", "PK\x03\x04", "word/", "[Content_Types].xml", "工作经历\n"], |_| b"\0|a|b|\n".to_vec())
}

/// Resume text, in UTF-8 or GBK, changed a little.
pub fn resume_text(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    mutate_corpus(rng, corpus, &["工作经历\n", "教育背景\n", "2019.07-至今 ", "2019年7月 – 2021年6月", "姓名：", "\t", "  ", "|", "13800138000", "a@b.cn", "Jul 2019 – Present"], |_| "姓名：张三".as_bytes().to_vec())
}
