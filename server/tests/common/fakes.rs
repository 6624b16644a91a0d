//! Fake vendors on loopback for the notice outbox: an SMTP server and an Alibaba Cloud SMS gateway.
//! Each records what it ACCEPTED: a mail counts once the server answered 250 to the end of its
//! DATA, a text once the gateway answered OK, to a client still connected. Both can be told to
//! refuse the first messages (a transient 451 / a throttling code) or to hold their answer to the
//! first messages for a while (so a test can kill the client mid-send).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub from: String,
    pub to: Vec<String>,
    pub data: String,
}

impl ReceivedMail {
    pub fn header(&self, name: &str) -> Option<String> {
        let prefix = format!("{}:", name.to_ascii_lowercase());
        self.data.lines().find(|l| l.to_ascii_lowercase().starts_with(&prefix)).map(|l| l[prefix.len()..].trim().to_string())
    }
}

/// How a fake behaves; counts go down as messages arrive.
#[derive(Default)]
pub struct Behaviour {
    /// Refuse this many messages with a transient error.
    pub fail_first: AtomicUsize,
    /// Hold the answer to this many messages for `hold`.
    pub hold_first: AtomicUsize,
    pub hold: Mutex<Duration>,
    /// Messages that arrived whole (accepted or not).
    pub arrived: AtomicUsize,
}

fn take(counter: &AtomicUsize) -> bool {
    counter.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_ok()
}

/// Whether the peer is still there: nothing to read within a moment, rather than end of stream.
fn peer_alive(stream: &TcpStream) -> bool {
    let _ = stream.set_read_timeout(Some(Duration::from_millis(100)));
    let mut buf = [0u8; 1];
    let alive = match stream.peek(&mut buf) {
        Ok(0) => false,
        Ok(_) => true,
        Err(e) => matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut),
    };
    let _ = stream.set_read_timeout(None);
    alive
}

fn hold_if_asked(b: &Behaviour) {
    if take(&b.hold_first) {
        let d = *b.hold.lock().expect("hold");
        std::thread::sleep(d);
    }
}

pub struct FakeSmtp {
    pub url: String,
    pub accepted: Arc<Mutex<Vec<ReceivedMail>>>,
    pub behaviour: Arc<Behaviour>,
}

pub fn fake_smtp() -> FakeSmtp {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("smtp://{}", listener.local_addr().expect("addr"));
    let accepted: Arc<Mutex<Vec<ReceivedMail>>> = Arc::default();
    let behaviour: Arc<Behaviour> = Arc::default();
    let (acc, beh) = (accepted.clone(), behaviour.clone());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (acc, beh) = (acc.clone(), beh.clone());
            std::thread::spawn(move || {
                let _ = smtp_session(stream, &acc, &beh);
            });
        }
    });
    FakeSmtp { url, accepted, behaviour }
}

fn smtp_session(stream: TcpStream, accepted: &Mutex<Vec<ReceivedMail>>, b: &Behaviour) -> std::io::Result<()> {
    let mut out = stream.try_clone()?;
    let mut reader = BufReader::new(stream.try_clone()?);
    out.write_all(b"220 fake.smtp ESMTP ready\r\n")?;
    let (mut from, mut to) = (String::new(), Vec::new());
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let upper = line.to_ascii_uppercase();
        if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            out.write_all(b"250-fake.smtp\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n")?;
        } else if upper.starts_with("MAIL FROM:") {
            from = line[10..].trim().to_string();
            to.clear();
            out.write_all(b"250 OK\r\n")?;
        } else if upper.starts_with("RCPT TO:") {
            to.push(line[8..].trim().trim_matches(['<', '>']).to_string());
            out.write_all(b"250 OK\r\n")?;
        } else if upper.starts_with("DATA") {
            out.write_all(b"354 go ahead\r\n")?;
            let mut data = String::new();
            loop {
                let mut l = String::new();
                if reader.read_line(&mut l)? == 0 {
                    return Ok(());
                }
                if l == ".\r\n" || l == ".\n" {
                    break;
                }
                data.push_str(l.strip_prefix('.').filter(|_| l.starts_with("..")).unwrap_or(&l));
            }
            b.arrived.fetch_add(1, Ordering::SeqCst);
            if take(&b.fail_first) {
                out.write_all(b"451 4.3.0 try again later\r\n")?;
                continue;
            }
            hold_if_asked(b);
            if !peer_alive(&out) {
                return Ok(());
            }
            out.write_all(b"250 2.0.0 queued\r\n")?;
            accepted.lock().expect("lock").push(ReceivedMail { from: from.clone(), to: to.clone(), data });
        } else if upper.starts_with("QUIT") {
            out.write_all(b"221 bye\r\n")?;
            return Ok(());
        } else {
            out.write_all(b"250 OK\r\n")?;
        }
    }
}

pub struct FakeSms {
    pub url: String,
    /// The form fields of each accepted request.
    pub accepted: Arc<Mutex<Vec<Vec<(String, String)>>>>,
    pub behaviour: Arc<Behaviour>,
}

impl FakeSms {
    pub fn texts(&self) -> Vec<(String, String, String)> {
        self.accepted
            .lock()
            .expect("lock")
            .iter()
            .map(|p| {
                let get = |k: &str| p.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()).unwrap_or_default();
                let content: serde_json::Value = serde_json::from_str(&get("TemplateParam")).unwrap_or_default();
                (get("PhoneNumbers"), content["content"].as_str().unwrap_or("").to_string(), get("OutId"))
            })
            .collect()
    }
}

/// A gateway answering like Alibaba Cloud's SendSms (signatures are checked in accounts.rs).
pub fn fake_sms() -> FakeSms {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}/", listener.local_addr().expect("addr"));
    let accepted: Arc<Mutex<Vec<Vec<(String, String)>>>> = Arc::default();
    let behaviour: Arc<Behaviour> = Arc::default();
    let (acc, beh) = (accepted.clone(), behaviour.clone());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (acc, beh) = (acc.clone(), beh.clone());
            std::thread::spawn(move || {
                let _ = sms_request(stream, &acc, &beh);
            });
        }
    });
    FakeSms { url, accepted, behaviour }
}

fn sms_request(stream: TcpStream, accepted: &Mutex<Vec<Vec<(String, String)>>>, b: &Behaviour) -> std::io::Result<()> {
    let mut out = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        if line == "\r\n" {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body)?;
    let params: Vec<(String, String)> = url::form_urlencoded::parse(&body).into_owned().collect();
    b.arrived.fetch_add(1, Ordering::SeqCst);
    let answer = if take(&b.fail_first) {
        r#"{"Code":"isv.BUSINESS_LIMIT_CONTROL","Message":"throttled"}"#
    } else {
        hold_if_asked(b);
        if !peer_alive(&out) {
            return Ok(());
        }
        accepted.lock().expect("lock").push(params);
        r#"{"Code":"OK","Message":"OK","BizId":"900000000000000000^0"}"#
    };
    let response = format!("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}", answer.len());
    out.write_all(response.as_bytes())
}

/// One HTTP/1.1 request off `stream`, as a fake vendor API reads it: its request line and its body
/// (by Content-Length), and the stream to answer on (`answer_json`).
pub fn read_request(stream: TcpStream) -> (BufReader<TcpStream>, String, Vec<u8>) {
    let mut reader = BufReader::new(stream);
    let mut request_line = String::new();
    let _ = reader.read_line(&mut request_line);
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    (reader, request_line, body)
}

/// Answers a request read by `read_request` with 200 and the JSON `answer`, and closes.
pub fn answer_json(reader: &mut BufReader<TcpStream>, answer: &str) {
    let response = format!("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}", answer.len());
    let _ = reader.get_mut().write_all(response.as_bytes());
}
