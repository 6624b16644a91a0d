//! The slider captcha: a background with a puzzle-shaped gap at a random place and the
//! matching piece; the client slides the piece, and a position within TOLERANCE_PX of the
//! gap earns a one-time `captchaVerification` that one SMS send consumes.

use std::io::Cursor;
use std::time::Duration;

use base64::Engine;
use image::{ImageFormat, Rgba, RgbaImage};
use rand::Rng;

use crate::store::SharedStore;

pub const WIDTH: u32 = 310;
pub const HEIGHT: u32 = 155;
/// The square body of the piece; a round knob on its right side sticks out by KNOB_R.
pub const BODY: u32 = 42;
pub const KNOB_R: u32 = 8;
pub const PIECE_W: u32 = BODY + KNOB_R;
pub const TOLERANCE_PX: i32 = 5;
pub const CHALLENGE_TTL: Duration = Duration::from_secs(120);
pub const VERIFICATION_TTL: Duration = Duration::from_secs(300);
/// Failed slides before the client is locked out, and for how long.
pub const MAX_FAILURES: u32 = 5;
pub const LOCKOUT: Duration = Duration::from_secs(600);

#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    pub token: String,
    /// PNG data URLs.
    pub bg: String,
    pub piece: String,
    /// Where the piece sits vertically; the client slides it horizontally from x = 0.
    pub y: u32,
    pub width: u32,
    pub height: u32,
    pub piece_width: u32,
}

/// Challenges, verifications and misses live in the shared store, so a verification spent on
/// one server is refused on another and a lockout holds on every server.
pub struct Captcha {
    store: SharedStore,
}

#[derive(Debug, PartialEq, Eq)]
pub enum TestOutcome {
    Passed(String),
    Missed,
    LockedOut,
}

fn random_token() -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 24]>())
}

/// Whether (x, y), relative to the piece's top-left corner, lies inside the piece.
fn in_piece(x: i32, y: i32) -> bool {
    let (body, r) = (BODY as i32, KNOB_R as i32);
    let in_body = (0..body).contains(&x) && (0..body).contains(&y);
    let (cx, cy) = (body, body / 2);
    let in_knob = (x - cx).pow(2) + (y - cy).pow(2) <= r * r;
    in_body || in_knob
}

fn on_outline(x: i32, y: i32) -> bool {
    in_piece(x, y) && [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|(dx, dy)| !in_piece(x + dx, y + dy))
}

fn png_data_url(img: &RgbaImage) -> String {
    let mut bytes = Cursor::new(Vec::new());
    if img.write_to(&mut bytes, ImageFormat::Png).is_err() {
        return String::new();
    }
    format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes.into_inner()))
}

/// A landscape-like picture: a sky gradient, hills, and scattered shapes, so the gap is
/// visible to a person and the picture differs every time.
fn background(rng: &mut impl Rng) -> RgbaImage {
    let mut img = RgbaImage::new(WIDTH, HEIGHT);
    let hue = rng.gen_range(0..3);
    let top = [[120u8, 170, 230], [240, 180, 120], [150, 210, 170]][hue];
    let bottom = [[220u8, 235, 250], [250, 230, 200], [225, 245, 230]][hue];
    for y in 0..HEIGHT {
        let t = y as f32 / HEIGHT as f32;
        for x in 0..WIDTH {
            let c = |i: usize| (top[i] as f32 * (1.0 - t) + bottom[i] as f32 * t) as u8;
            img.put_pixel(x, y, Rgba([c(0), c(1), c(2), 255]));
        }
    }
    for _ in 0..3 {
        let (base, amp, freq, phase) =
            (rng.gen_range(90.0..130.0f32), rng.gen_range(8.0..22.0f32), rng.gen_range(0.01..0.04f32), rng.gen_range(0.0..std::f32::consts::TAU));
        let shade: [u8; 3] = [rng.gen_range(40..110), rng.gen_range(110..170), rng.gen_range(50..110)];
        for x in 0..WIDTH {
            let h = (base + amp * (x as f32 * freq + phase).sin()) as u32;
            for y in h.min(HEIGHT)..HEIGHT {
                img.put_pixel(x, y, Rgba([shade[0], shade[1], shade[2], 255]));
            }
        }
    }
    for _ in 0..14 {
        let (cx, cy, r) = (rng.gen_range(0..WIDTH) as i32, rng.gen_range(0..HEIGHT) as i32, rng.gen_range(4..16));
        let color = Rgba([rng.gen(), rng.gen(), rng.gen(), 255]);
        for y in (cy - r).max(0)..(cy + r).min(HEIGHT as i32) {
            for x in (cx - r).max(0)..(cx + r).min(WIDTH as i32) {
                if (x - cx).pow(2) + (y - cy).pow(2) <= r * r {
                    img.put_pixel(x as u32, y as u32, color);
                }
            }
        }
    }
    img
}

/// Draws a new challenge: the background with the gap, the piece, and the gap's x.
pub fn draw(rng: &mut impl Rng) -> (RgbaImage, RgbaImage, u32, u32) {
    let mut bg = background(rng);
    let gap_x = rng.gen_range(PIECE_W + 20..WIDTH - PIECE_W - 4);
    let gap_y = rng.gen_range(8..HEIGHT - BODY - 8);
    let mut piece = RgbaImage::new(PIECE_W + 1, BODY);
    for py in 0..BODY as i32 {
        for px in 0..=PIECE_W as i32 {
            if !in_piece(px, py) {
                continue;
            }
            let (bx, by) = (gap_x + px as u32, gap_y + py as u32);
            let src = *bg.get_pixel(bx, by);
            let edge = on_outline(px, py);
            piece.put_pixel(px as u32, py as u32, if edge { Rgba([255, 255, 255, 255]) } else { src });
            // The gap: darkened, with a light rim.
            let dark = |v: u8| (v as u16 * 2 / 5) as u8;
            let gap = if edge { Rgba([235, 235, 235, 255]) } else { Rgba([dark(src[0]), dark(src[1]), dark(src[2]), 255]) };
            bg.put_pixel(bx, by, gap);
        }
    }
    (bg, piece, gap_x, gap_y)
}

impl Captcha {
    pub fn new(store: SharedStore) -> Self {
        Self { store }
    }

    fn locked_out(&self, client: &str) -> bool {
        self.store.count(&format!("cap:f:{client}")).map_or(true, |n| n >= i64::from(MAX_FAILURES))
    }

    pub fn init(&self, client: &str) -> Option<Challenge> {
        if self.locked_out(client) {
            return None;
        }
        let (bg, piece, gap_x, gap_y) = draw(&mut rand::thread_rng());
        let token = random_token();
        let pending = format!("{gap_x}|{client}");
        if !self.store.put_new(&format!("cap:p:{token}"), &pending, CHALLENGE_TTL.as_millis() as i64).unwrap_or(false) {
            return None;
        }
        Some(Challenge {
            token,
            bg: png_data_url(&bg),
            piece: png_data_url(&piece),
            y: gap_y,
            width: WIDTH,
            height: HEIGHT,
            piece_width: PIECE_W + 1,
        })
    }

    /// One try per challenge: a miss spends it, so the position cannot be searched.
    pub fn test(&self, client: &str, token: &str, x: i32) -> TestOutcome {
        if self.locked_out(client) {
            return TestOutcome::LockedOut;
        }
        let pending = self.store.take(&format!("cap:p:{token}")).ok().flatten();
        let hit = pending
            .as_deref()
            .and_then(|p| p.split_once('|'))
            .and_then(|(gap, owner)| Some((gap.parse::<i32>().ok()?, owner)))
            .is_some_and(|(gap, owner)| owner == client && (x - gap).abs() <= TOLERANCE_PX);
        if hit {
            let verification = random_token();
            let until = crate::ids::now_ms() + VERIFICATION_TTL.as_millis() as i64;
            if self.store.put_new(&format!("cap:v:{verification}"), &format!("{until}|{client}"), VERIFICATION_TTL.as_millis() as i64).unwrap_or(false) {
                return TestOutcome::Passed(verification);
            }
        }
        let _ = self.store.incr(&format!("cap:f:{client}"), LOCKOUT.as_millis() as i64);
        TestOutcome::Missed
    }

    /// Spends a verification; true once, for the client it was issued to, within its time.
    pub fn consume(&self, client: &str, verification: &str) -> bool {
        let key = format!("cap:v:{verification}");
        let Some(value) = self.store.take(&key).ok().flatten() else { return false };
        let Some((until, owner)) = value.split_once('|') else { return false };
        if owner == client {
            return true;
        }
        // Another client's try does not spend it: put it back for the rest of its time.
        let left = until.parse::<i64>().unwrap_or(0) - crate::ids::now_ms();
        if left > 0 {
            let _ = self.store.put_new(&key, &value, left);
        }
        false
    }

    #[cfg(test)]
    fn gap_of(&self, token: &str) -> Option<i32> {
        self.store.get(&format!("cap:p:{token}")).ok()??.split_once('|')?.0.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn captcha() -> (Captcha, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("jobseeker-captcha-{}-{}", std::process::id(), crate::ids::next_id()));
        let settings = crate::settings::Settings::parse_from(["test", "--data-dir", dir.to_str().unwrap_or("/tmp")]);
        (Captcha::new(SharedStore::new(crate::db::connect(&settings).unwrap())), dir)
    }

    #[test]
    fn the_gap_is_where_the_piece_fits() {
        let mut rng = rand::thread_rng();
        for _ in 0..20 {
            let (bg, piece, gx, gy) = draw(&mut rng);
            assert_eq!((bg.width(), bg.height()), (WIDTH, HEIGHT));
            assert!(gx >= PIECE_W + 20 && gx + PIECE_W < WIDTH);
            // Inside the gap the background is darker than the piece shows.
            let (px, py) = (BODY / 2, BODY / 2);
            let p = piece.get_pixel(px, py);
            let g = bg.get_pixel(gx + px, gy + py);
            assert!(g[0] as u16 + g[1] as u16 + g[2] as u16 <= (p[0] as u16 + p[1] as u16 + p[2] as u16));
            assert_eq!(piece.get_pixel(PIECE_W, 0)[3], 0, "outside the shape is transparent");
        }
    }

    #[test]
    fn a_slide_within_tolerance_passes_once() {
        let (c, _dir) = captcha();
        let ch = c.init("ip1").unwrap();
        assert!(ch.bg.starts_with("data:image/png;base64,") && ch.piece.starts_with("data:image/png;base64,"));
        let gap = c.gap_of(&ch.token).unwrap();
        let TestOutcome::Passed(v) = c.test("ip1", &ch.token, gap + TOLERANCE_PX) else { panic!("should pass") };
        assert_eq!(c.test("ip1", &ch.token, gap), TestOutcome::Missed, "a challenge is single-use");
        assert!(!c.consume("ip2", &v), "bound to the client it was issued to");
        assert!(c.consume("ip1", &v));
        assert!(!c.consume("ip1", &v), "one send per verification");
    }

    #[test]
    fn a_miss_spends_the_challenge_and_too_many_lock_out() {
        let (c, _dir) = captcha();
        let ch = c.init("ip").unwrap();
        let gap = c.gap_of(&ch.token).unwrap();
        assert_eq!(c.test("ip", &ch.token, gap + TOLERANCE_PX + 1), TestOutcome::Missed);
        assert_eq!(c.test("ip", &ch.token, gap), TestOutcome::Missed, "no second try on the same picture");
        for _ in 0..3 {
            let ch = c.init("ip").unwrap();
            assert_eq!(c.test("ip", &ch.token, -50), TestOutcome::Missed);
        }
        assert!(c.init("ip").is_none(), "locked out after {MAX_FAILURES} misses");
        assert!(c.init("other").is_some());
    }
}
