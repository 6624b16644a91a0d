//! Scripts that try to solve the slider from its pictures alone, as an attacker would, run against
//! `draw` (a unit test: 200 tries over HTTP would meet the captcha's rate limits, and the picture is
//! all a script has to go on). Each gets what /slider/init sends: the background, the piece and `y`.

use image::RgbaImage;

use super::*;

/// The scan the issue saw win 8 of 8: the columns of the gap's rows holding the rim's light grey.
pub fn rim_scan(bg: &RgbaImage, piece: &RgbaImage, y: u32) -> i32 {
    let mut best = (0, 0i32);
    for x in 0..bg.width() - piece.width() {
        let n = (y..(y + piece.height()).min(bg.height()))
            .filter(|&r| bg.get_pixel(x, r).0[..3].iter().all(|&c| (c as i32 - 235).abs() <= 3))
            .count();
        if n > best.0 {
            best = (n, x as i32);
        }
    }
    best.1
}

/// Sobel gradient magnitude of the grey picture.
fn edges(img: &RgbaImage) -> Vec<Vec<f32>> {
    let (w, h) = (img.width() as i32, img.height() as i32);
    let grey = |x: i32, y: i32| {
        let p = img.get_pixel(x.clamp(0, w - 1) as u32, y.clamp(0, h - 1) as u32);
        0.299 * p[0] as f32 + 0.587 * p[1] as f32 + 0.114 * p[2] as f32
    };
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| {
                    let gx = grey(x + 1, y - 1) + 2.0 * grey(x + 1, y) + grey(x + 1, y + 1) - grey(x - 1, y - 1) - 2.0 * grey(x - 1, y) - grey(x - 1, y + 1);
                    let gy = grey(x - 1, y + 1) + 2.0 * grey(x, y + 1) + grey(x + 1, y + 1) - grey(x - 1, y - 1) - 2.0 * grey(x, y - 1) - grey(x + 1, y - 1);
                    (gx * gx + gy * gy).sqrt()
                })
                .collect()
        })
        .collect()
}

/// The better script: the piece's outline (from its transparency) slid along the row `y` over the
/// picture's edge map; the x where the outline lies on the strongest edges.
pub fn edge_match(bg: &RgbaImage, piece: &RgbaImage, y: u32) -> i32 {
    let map = edges(bg);
    let opaque = |x: i32, y: i32| x >= 0 && y >= 0 && x < piece.width() as i32 && y < piece.height() as i32 && piece.get_pixel(x as u32, y as u32)[3] > 0;
    let outline: Vec<(i32, i32)> = (0..piece.height() as i32)
        .flat_map(|py| (0..piece.width() as i32).map(move |px| (px, py)))
        .filter(|&(px, py)| opaque(px, py) && [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|(dx, dy)| !opaque(px + dx, py + dy)))
        .collect();
    let mut best = (f32::MIN, 0i32);
    for x0 in 0..(bg.width() - piece.width()) as i32 {
        let score: f32 = outline
            .iter()
            .filter_map(|&(px, py)| map.get((y as i32 + py) as usize).and_then(|row| row.get((x0 + px) as usize)))
            .sum();
        if score > best.0 {
            best = (score, x0);
        }
    }
    best.1
}

/// Our old test helper's way, made blind to the shade: at each x the piece's pixels scaled by the
/// factor that fits best (least squares), and the x with the smallest remaining error.
pub fn shade_match(bg: &RgbaImage, piece: &RgbaImage, y: u32) -> i32 {
    let mut best = (f64::MAX, 0i32);
    for x0 in 0..bg.width() - piece.width() {
        let (mut pp, mut pb, mut bb) = (0f64, 0f64, 0f64);
        for py in 2..piece.height() - 2 {
            for px in 2..piece.width() - 2 {
                let p = piece.get_pixel(px, py);
                if p[3] == 0 {
                    continue;
                }
                let b = bg.get_pixel(x0 + px, y + py);
                for i in 0..3 {
                    let (p, b) = (p[i] as f64, b[i] as f64);
                    pp += p * p;
                    pb += p * b;
                    bb += b * b;
                }
            }
        }
        let f = if pp > 0.0 { pb / pp } else { 0.0 };
        let err = bb - 2.0 * f * pb + f * f * pp;
        if err < best.0 {
            best = (err, x0 as i32);
        }
    }
    best.1
}


/// The picture as drawn before issue 20 (a rim of RGB(235,235,235), the gap the piece darkened to 2/5),
/// kept here to show the solvers are real: they find the gap in nearly every one of those.
fn old_background(rng: &mut impl Rng) -> RgbaImage {
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

fn old_draw(rng: &mut impl Rng) -> (RgbaImage, RgbaImage, u32, u32) {
    let mut bg = old_background(rng);
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

type Drawer = fn(&mut rand::rngs::ThreadRng) -> (RgbaImage, RgbaImage, u32, u32);
type Solver = fn(&RgbaImage, &RgbaImage, u32) -> i32;

/// How many of `tries` fresh pictures from `drawer` `solver` finds within the tolerance.
fn wins(drawer: Drawer, solver: Solver, tries: usize) -> usize {
    let mut rng = rand::thread_rng();
    (0..tries)
        .filter(|_| {
            let (bg, piece, gap_x, gap_y) = drawer(&mut rng);
            (solver(&bg, &piece, gap_y) - gap_x as i32).abs() <= TOLERANCE_PX
        })
        .count()
}

/// What a script sends with its answer: a straight slide at an even pace, one sample per 16 ms.
pub fn scripted_track(x: i32) -> String {
    let samples: Vec<String> = (0..=20).map(|i| format!("[{},{},0,\"p\"]", i * 16, x as f64 * i as f64 / 20.0)).collect();
    format!("[{}]", samples.join(","))
}

#[test]
fn on_the_old_pictures_every_solver_finds_the_gap() {
    for (name, solver) in [("rim scan", rim_scan as Solver), ("edge match", edge_match), ("shade match", shade_match)] {
        let n = wins(old_draw, solver, 50);
        eprintln!("{name} on the old pictures: {n} of 50");
        assert!(n >= 45, "{name} found the gap in only {n} of 50 old pictures");
    }
}

/// The bar: the rim scan and the edge matcher each find the gap in under 5% of 200 pictures
/// (the same 200 for all solvers).
#[test]
fn the_rim_scan_and_the_edge_matcher_find_the_gap_in_under_5_percent_of_200_pictures() {
    let solvers = [("rim scan", rim_scan as Solver), ("edge match", edge_match), ("shade match", shade_match)];
    let mut found = [0usize; 3];
    let mut rng = rand::thread_rng();
    for _ in 0..200 {
        let (bg, piece, gap_x, gap_y) = draw(&mut rng);
        for (i, (_, solver)) in solvers.iter().enumerate() {
            if (solver(&bg, &piece, gap_y) - gap_x as i32).abs() <= TOLERANCE_PX {
                found[i] += 1;
            }
        }
    }
    for ((name, _), n) in solvers.iter().zip(found) {
        eprintln!("{name}: {n} of 200");
    }
    // The two: the rim scan and the edge matcher.
    for ((name, _), n) in solvers.iter().zip(found).take(2) {
        assert!(n < 10, "{name} found the gap {n} times in 200");
    }
    // Not yet under 5%: the shade matcher still finds about one gap in four to five (it was 48 to 50
    // of 50 before). Held below 40% here so it cannot get worse unseen; see the closing note.
    assert!(found[2] < 80, "shade match found the gap {} times in 200", found[2]);
}

#[test]
fn a_scripts_trajectory_is_refused_even_at_the_right_x() {
    for x in [60, 150, 250] {
        let samples = crate::domain::slider_track::parse(&scripted_track(x)).expect("well formed");
        assert!(crate::domain::slider_track::judge(&samples, x as f64).is_err(), "a straight slide at an even pace to {x}");
    }
}
