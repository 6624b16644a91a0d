//! Tests of captcha.rs (a file of their own to keep that one short).
use super::*;
use clap::Parser;

/// A person's drag to `x`: eased, a frame or so apart, wandering a pixel up and down.
fn hand(x: i32) -> String {
    let samples: Vec<String> = (0..=30)
        .map(|i| {
            let s = i as f64 / 30.0;
            let ease = 10.0 * s.powi(3) - 15.0 * s.powi(4) + 6.0 * s.powi(5);
            format!("[{},{},{},\"p\"]", i * 17 + i % 3, x as f64 * ease, i % 2)
        })
        .collect();
    format!("[{}]", samples.join(","))
}

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
        // Inside the gap the picture is shaded over: it differs from what the piece shows.
        let (mut diff, mut n) = (0u32, 0u32);
        for py in 8..BODY - 8 {
            for px in 8..BODY - 8 {
                let (p, g) = (piece.get_pixel(px, py), bg.get_pixel(gx + px, gy + py));
                diff += (0..3).map(|i| (p[i] as i32 - g[i] as i32).unsigned_abs()).sum::<u32>();
                n += 3;
            }
        }
        assert!(diff / n >= 6, "the gap looks like the piece: {} per channel", diff / n);
        assert_eq!(piece.get_pixel(PIECE_W, 0)[3], 0, "outside the shape is transparent");
    }
}

#[test]
fn the_pieces_shape_is_the_outline_the_client_gets() {
    assert_eq!(Shape::PIECE.size(), (PIECE_W as i32 + 1, BODY as i32));
    for y in -2..BODY as i32 + 2 {
        for x in -2..PIECE_W as i32 + 3 {
            assert_eq!(Shape::PIECE.contains(x, y), in_piece(x, y), "({x}, {y})");
        }
    }
    for d in Shape::DECOYS {
        let (w, h) = d.size();
        assert!((0..w).any(|x| d.contains(x, 0)) && (0..h).any(|y| d.contains(0, y)), "{d:?} fills its box");
        assert!((0..w).any(|x| d.contains(x, h - 1)) && (0..h).any(|y| d.contains(w - 1, y)), "{d:?} fills its box");
    }
}

#[test]
fn a_slide_within_tolerance_passes_once() {
    let (c, _dir) = captcha();
    let ch = c.init("ip1").unwrap();
    assert!(ch.bg.starts_with("data:image/png;base64,") && ch.piece.starts_with("data:image/png;base64,"));
    let gap = c.gap_of(&ch.token).unwrap();
    let TestOutcome::Passed(v) = c.test("ip1", &ch.token, (gap + TOLERANCE_PX).into(), &hand(gap + TOLERANCE_PX)) else { panic!("should pass") };
    assert_eq!(c.test("ip1", &ch.token, gap.into(), &hand(gap)), TestOutcome::Missed, "a challenge is single-use");
    assert!(!c.consume("ip2", &v), "bound to the client it was issued to");
    assert!(c.consume("ip1", &v));
    assert!(!c.consume("ip1", &v), "one send per verification");
}

#[test]
fn the_right_x_without_a_persons_track_is_a_miss() {
    let (c, _dir) = captcha();
    for track in ["", "[]", "not json", &attacks::scripted_track(0)] {
        let ch = c.init("ip").unwrap();
        let gap = c.gap_of(&ch.token).unwrap();
        let track = if track.starts_with("[[") { attacks::scripted_track(gap) } else { track.to_string() };
        assert_eq!(c.test("ip", &ch.token, gap.into(), &track), TestOutcome::Missed, "track {track:?}");
    }
}

#[test]
fn a_miss_spends_the_challenge_and_too_many_lock_out() {
    let (c, _dir) = captcha();
    let ch = c.init("ip").unwrap();
    let gap = c.gap_of(&ch.token).unwrap();
    assert_eq!(c.test("ip", &ch.token, (gap + TOLERANCE_PX + 1).into(), &hand(gap + TOLERANCE_PX + 1)), TestOutcome::Missed);
    assert_eq!(c.test("ip", &ch.token, gap.into(), &hand(gap)), TestOutcome::Missed, "no second try on the same picture");
    for _ in 0..3 {
        let ch = c.init("ip").unwrap();
        assert_eq!(c.test("ip", &ch.token, -50.0, "[]"), TestOutcome::Missed);
    }
    assert!(c.init("ip").is_none(), "locked out after {MAX_FAILURES} misses");
    assert!(c.init("other").is_some());
}
