//! The slider captcha: a background with a puzzle-shaped gap at a random place and the
//! matching piece; the client slides the piece, and a position within TOLERANCE_PX of the
//! gap earns a one-time `captchaVerification` that one SMS send consumes.

use std::io::Cursor;
use std::time::Duration;

use base64::Engine;
use image::{ImageFormat, Rgba, RgbaImage};
use rand::Rng;

use crate::domain::slider_track;
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

#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
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

/// A landscape-like picture: a sky gradient, hills, scattered discs, random strokes and per-pixel
/// grain, so the gap is visible to a person, the picture differs every time, and neither a colour
/// nor an edge is special to the gap.
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
    // Strokes: straight edges of every direction, many of them vertical or horizontal and as long
    // as the piece's sides, so an edge detector finds piece-like edges everywhere.
    for _ in 0..rng.gen_range(10..16) {
        let color = [rng.gen::<u8>(), rng.gen(), rng.gen()];
        let (x0, y0) = (rng.gen_range(0..WIDTH) as f32, rng.gen_range(0..HEIGHT) as f32);
        let angle = match rng.gen_range(0..3) {
            0 => 0.0,
            1 => std::f32::consts::FRAC_PI_2,
            _ => rng.gen_range(0.0..std::f32::consts::PI),
        };
        let (len, thick) = (rng.gen_range(20.0..60.0f32), rng.gen_range(1..4));
        for i in 0..len as i32 {
            let (x, y) = ((x0 + i as f32 * angle.cos()) as i32, (y0 + i as f32 * angle.sin()) as i32);
            for d in 0..thick {
                let (px, py) = if angle == 0.0 { (x, y + d) } else { (x + d, y) };
                if (0..WIDTH as i32).contains(&px) && (0..HEIGHT as i32).contains(&py) {
                    img.put_pixel(px as u32, py as u32, Rgba([color[0], color[1], color[2], 255]));
                }
            }
        }
    }
    for p in img.pixels_mut() {
        let n: i16 = rng.gen_range(-9..=9);
        for c in &mut p.0[..3] {
            *c = (*c as i16 + n + rng.gen_range(-3..=3)).clamp(0, 255) as u8;
        }
    }
    img
}

/// The shapes drawn into the picture: the piece's own (one knob, on the right), and for decoys the
/// same body with its knobs on other sides, or on the right and another side, so a person tells them
/// apart at a glance, while a decoy with the piece's knob and one more holds the piece's whole shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    right: bool,
    left: bool,
    top: bool,
    bottom: bool,
}

impl Shape {
    const PIECE: Shape = Shape { right: true, left: false, top: false, bottom: false };
    const DECOYS: [Shape; 6] = [
        Shape { right: false, left: true, top: false, bottom: false },
        Shape { right: false, left: false, top: true, bottom: false },
        Shape { right: false, left: false, top: false, bottom: true },
        Shape { right: true, left: false, top: true, bottom: false },
        Shape { right: true, left: false, top: false, bottom: true },
        Shape { right: true, left: true, top: false, bottom: false },
    ];

    /// Where in the shape's box the body's top-left corner is.
    fn body_at(self) -> (i32, i32) {
        let r = KNOB_R as i32 + 1;
        (if self.left { r } else { 0 }, if self.top { r } else { 0 })
    }
    /// The shape's box.
    fn size(self) -> (i32, i32) {
        let (b, r) = (BODY as i32, KNOB_R as i32 + 1);
        let side = |a: bool| if a { r } else { 0 };
        (b + side(self.left) + side(self.right), b + side(self.top) + side(self.bottom))
    }
    fn contains(self, x: i32, y: i32) -> bool {
        let (bx, by) = self.body_at();
        let (u, v, b, r) = (x - bx, y - by, BODY as i32, KNOB_R as i32);
        let knob = |cx: i32, cy: i32| (u - cx).pow(2) + (v - cy).pow(2) <= r * r;
        ((0..b).contains(&u) && (0..b).contains(&v))
            || (self.right && knob(b, b / 2))
            || (self.left && knob(-1, b / 2))
            || (self.top && knob(b / 2, -1))
            || (self.bottom && knob(b / 2, b))
    }
}

/// How a shape is drawn into the picture: its inside replaced by a shade of the place's mean colour
/// (darker or lighter) with its own grain, faded in over `feather` pixels from the outline, and an
/// optional light or dark rim. Every figure is drawn per challenge and per shape.
struct Shade {
    darker: bool,
    amount: f32,
    feather: f32,
    rim: f32,
    grain: i16,
}

impl Shade {
    /// The gap: soft-edged, with no rim, its inside a grainy shade, not the picture it came from;
    /// as often lighter as darker, and fainter than the decoys, so it is not the darkest shape either.
    fn gap(rng: &mut impl Rng) -> Shade {
        Shade { darker: rng.gen_bool(0.5), amount: rng.gen_range(0.22..0.38), feather: rng.gen_range(3.5..5.5), rim: 0.0, grain: rng.gen_range(5..12) }
    }
    /// A decoy: usually crisp and dark, sometimes with a rim of any shade.
    fn decoy(rng: &mut impl Rng) -> Shade {
        Shade {
            darker: rng.gen_bool(0.8),
            amount: rng.gen_range(0.4..0.65),
            feather: rng.gen_range(1.0..1.8),
            rim: if rng.gen_bool(0.5) { rng.gen_range(-0.5..0.6) } else { 0.0 },
            grain: rng.gen_range(5..12),
        }
    }
}

/// Draws `shape` with its box's top-left corner at (ox, oy).
fn stamp(img: &mut RgbaImage, shape: Shape, ox: i32, oy: i32, shade: &Shade, rng: &mut impl Rng) {
    let (w, h) = shape.size();
    let inside = |x: i32, y: i32| shape.contains(x, y);
    let mut sum = [0f32; 3];
    let mut n = 0f32;
    for y in 0..h {
        for x in 0..w {
            if inside(x, y) {
                let p = img.get_pixel((ox + x) as u32, (oy + y) as u32);
                for i in 0..3 {
                    sum[i] += p[i] as f32;
                }
                n += 1.0;
            }
        }
    }
    let mean = sum.map(|s| s / n.max(1.0));
    // A tint of its own (not the place's hue scaled), and light falling across it from a random side.
    let tint: [f32; 3] = if shade.darker { [0, 0, 0].map(|_: u8| rng.gen_range(0.0..70.0)) } else { [0, 0, 0].map(|_: u8| rng.gen_range(190.0..255.0)) };
    let target: [f32; 3] = std::array::from_fn(|i| mean[i] * (1.0 - shade.amount) + tint[i] * shade.amount);
    let (lx, ly) = {
        let a = rng.gen_range(0.0..std::f32::consts::TAU);
        let amp = rng.gen_range(10.0..28.0f32);
        (a.cos() * amp / w as f32, a.sin() * amp / h as f32)
    };
    // The distance of each inside pixel to the outside, up to 6 px.
    let depth = |x: i32, y: i32| -> f32 {
        let mut best = 6.0f32;
        for dy in -6i32..=6 {
            for dx in -6i32..=6 {
                if !inside(x + dx, y + dy) {
                    best = best.min(((dx * dx + dy * dy) as f32).sqrt());
                }
            }
        }
        best
    };
    // The rim fades in and out along the outline, so no edge has one strength all round.
    let wave = (rng.gen_range(0.0..std::f32::consts::TAU), rng.gen_range(0.05..0.2f32));
    for y in 0..h {
        for x in 0..w {
            if !inside(x, y) {
                continue;
            }
            let (px, py) = ((ox + x) as u32, (oy + y) as u32);
            let src = *img.get_pixel(px, py);
            let d = depth(x, y);
            let alpha = (d / shade.feather).min(1.0) * rng.gen_range(0.9..1.0);
            let grain = rng.gen_range(-shade.grain..=shade.grain) as f32;
            let mut out = [0u8; 3];
            for i in 0..3 {
                let light = lx * (x - w / 2) as f32 + ly * (y - h / 2) as f32;
                let mut t = target[i] + grain + light;
                if shade.rim != 0.0 && d < 1.5 {
                    let strength = shade.rim * (0.6 + 0.4 * ((x + y) as f32 * wave.1 + wave.0).sin());
                    t = if strength > 0.0 { t + (255.0 - t) * strength } else { t * (1.0 + strength) };
                }
                out[i] = (src[i] as f32 * (1.0 - alpha) + t * alpha).clamp(0.0, 255.0) as u8;
            }
            img.put_pixel(px, py, Rgba([out[0], out[1], out[2], 255]));
        }
    }
}

/// Draws a new challenge: the background with the gap, the piece, and the gap's x and y.
///
/// Besides the gap the picture holds decoys: the piece's body with other knobs (Shape::DECOYS), two of
/// them in the gap's own rows. They are drawn crisper and darker than the gap, so a program matching
/// the piece's outline against the picture's edges, or its shape against the darkest place, lands on
/// a decoy; a person sees the knobs are wrong.
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
            let src = *bg.get_pixel(gap_x + px as u32, gap_y + py as u32);
            let edge = on_outline(px, py);
            piece.put_pixel(px as u32, py as u32, if edge { Rgba([255, 255, 255, 255]) } else { src });
        }
    }
    // Decoys first, away from the gap and from each other, then the gap.
    let mut taken: Vec<(i32, i32, i32, i32)> = vec![(gap_x as i32 - 3, gap_y as i32 - 3, PIECE_W as i32 + 7, BODY as i32 + 7)];
    let mut placed_in_row = 0;
    for attempt in 0..200 {
        if taken.len() >= 5 {
            break;
        }
        // The first decoy in the gap's rows holds the piece's whole shape (its knob and one more).
        let shape = if placed_in_row == 0 && attempt < 150 { Shape::DECOYS[rng.gen_range(3..6)] } else { Shape::DECOYS[rng.gen_range(0..Shape::DECOYS.len())] };
        let (w, h) = shape.size();
        let (_, by) = shape.body_at();
        // The first decoys share the gap's rows exactly (their bodies line up with the gap's).
        let (ox, oy) = if placed_in_row < 2 && attempt < 150 {
            (rng.gen_range(0..WIDTH as i32 - w), gap_y as i32 - by)
        } else {
            (rng.gen_range(0..WIDTH as i32 - w), rng.gen_range(0..HEIGHT as i32 - h))
        };
        if oy < 0 || oy + h > HEIGHT as i32 || ox < 0 || ox + w > WIDTH as i32 {
            continue;
        }
        let overlaps = taken.iter().any(|&(x, y, tw, th)| ox < x + tw && x < ox + w && oy < y + th && y < oy + h);
        if overlaps {
            continue;
        }
        stamp(&mut bg, shape, ox, oy, &Shade::decoy(rng), rng);
        taken.push((ox - 3, oy - 3, w + 6, h + 6));
        if oy + by == gap_y as i32 {
            placed_in_row += 1;
        }
    }
    stamp(&mut bg, Shape::PIECE, gap_x as i32, gap_y as i32, &Shade::gap(rng), rng);
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

    /// One try per challenge: a miss spends it, so the position cannot be searched. `track` is the
    /// movement the client reports (domain::slider_track); a slide no person could have made is a miss.
    pub fn test(&self, client: &str, token: &str, x: f64, track: &str) -> TestOutcome {
        if self.locked_out(client) {
            return TestOutcome::LockedOut;
        }
        let pending = self.store.take(&format!("cap:p:{token}")).ok().flatten();
        let human = match slider_track::parse(track).ok_or("unreadable track").and_then(|samples| slider_track::judge(&samples, x)) {
            Ok(()) => true,
            Err(why) => {
                tracing::info!(event = "slider_refused", why, "a slide's track is not a person's");
                false
            }
        };
        let x = x.round() as i32;
        let hit = human && pending
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

    /// The gap's x of a pending challenge, without spending it: for the dev hint (/dev/captcha), which
    /// lets our own browser tests drag to the gap now that the picture does not give it away.
    pub fn gap_of(&self, token: &str) -> Option<i32> {
        self.store.get(&format!("cap:p:{token}")).ok()??.split_once('|')?.0.parse().ok()
    }
}

#[cfg(test)]
#[path = "captcha_attacks.rs"]
mod attacks;

#[cfg(test)]
#[path = "captcha_tests.rs"]
mod tests;
