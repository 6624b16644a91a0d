//! Whether the movement a client reports for a slide could be a person's: the slider's second
//! check, after the picture (as AJ-Captcha-class sliders do). Only the server judges it, so the
//! rule lives here rather than in core-wasm.
//!
//! The track is JSON: `[[t, x, y, kind], ...]`, `t` in ms since the first sample, `x` the piece's
//! left edge in picture pixels, `y` the pointer's height in screen pixels relative to where the drag
//! began (0 for keys), and `kind` `"p"` for a pointer sample (mouse, pen, touch) or `"k"` for a key
//! press (arrow keys, Home/End, and the Enter that submits). A drag ends with the release; keys may
//! come before a drag.

use serde::Deserialize;

/// More samples than this are refused: a two-minute drag at 60 Hz is 7,200; nobody needs as long.
pub const MAX_SAMPLES: usize = 1_500;
/// The picture lives two minutes.
pub const MAX_MS: f64 = 120_000.0;
/// The fewest pointer samples of a drag: browsers report a move per frame, and a drag lasts frames.
pub const MIN_POINTER_SAMPLES: usize = 6;
/// The shortest drag a hand makes, press to release.
pub const MIN_POINTER_MS: f64 = 200.0;
/// A hand speeds up and slows down: the fastest part of the drag is at least this many times the
/// drag's average speed (a minimum-jerk reach peaks at 1.875 times its average).
pub const MIN_PEAK_TO_MEAN: f64 = 1.25;
/// The shortest keyboard slide, first key to Enter, and the shortest time between two keys (the
/// fastest auto-repeat of common systems is 15 ms or more).
pub const MIN_KEY_MS: f64 = 300.0;
pub const MIN_KEY_GAP_MS: f64 = 10.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    pub t: f64,
    pub x: f64,
    pub y: f64,
    pub key: bool,
}

#[derive(Deserialize)]
struct Raw(f64, f64, f64, String);

/// The samples of a track, or None when it is not a list of `[t, x, y, "p"|"k"]` with finite
/// numbers and at most MAX_SAMPLES entries.
pub fn parse(track: &str) -> Option<Vec<Sample>> {
    let raw: Vec<Raw> = serde_json::from_str(track).ok()?;
    if raw.len() > MAX_SAMPLES {
        return None;
    }
    raw.into_iter()
        .map(|Raw(t, x, y, kind)| {
            let key = match kind.as_str() {
                "p" => false,
                "k" => true,
                _ => return None,
            };
            (t.is_finite() && x.is_finite() && y.is_finite()).then_some(Sample { t, x, y, key })
        })
        .collect()
}

/// Ok when the track could be a person's slide of the piece to `x`; else why not (for the log).
pub fn judge(samples: &[Sample], x: f64) -> Result<(), &'static str> {
    let (Some(first), Some(last)) = (samples.first(), samples.last()) else { return Err("no track") };
    if samples.len() < 2 {
        return Err("too few samples");
    }
    if first.t < 0.0 || last.t > MAX_MS {
        return Err("time out of range");
    }
    if samples.windows(2).any(|w| w[1].t < w[0].t) {
        return Err("time goes backwards");
    }
    if first.x.abs() > 3.0 {
        return Err("does not start at the left");
    }
    if (last.x - x).abs() > 2.0 {
        return Err("does not end where the piece was let go");
    }
    // A drag is the trailing run of pointer samples; keys may come before it.
    let drag_from = samples.iter().rposition(|s| s.key).map_or(0, |i| i + 1);
    let (keys, drag) = samples.split_at(drag_from);
    if drag.is_empty() {
        judge_keys(keys)
    } else {
        judge_drag(drag)
    }
}

/// Keyboard: key presses at a person's pace, not all evenly spaced (a held key's first repeat
/// waits longer than the next ones; separate presses vary). The first sample is where the piece
/// started, noted with the first key at the same moment, so the gaps count from the second.
fn judge_keys(keys: &[Sample]) -> Result<(), &'static str> {
    let span = keys[keys.len() - 1].t - keys[0].t;
    if span < MIN_KEY_MS {
        return Err("keys too fast in total");
    }
    let gaps: Vec<f64> = keys[1..].windows(2).map(|w| w[1].t - w[0].t).collect();
    if gaps.iter().any(|&g| g < MIN_KEY_GAP_MS) {
        return Err("keys faster than any keyboard repeats");
    }
    let (lo, hi) = gaps.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &g| (lo.min(g), hi.max(g)));
    if gaps.len() >= 3 && hi - lo < 4.0 {
        return Err("keys at a machine's even pace");
    }
    Ok(())
}

/// Pointer: enough samples over a hand's time, speeding up and slowing down, and not a dead
/// straight line sampled at perfectly even times.
fn judge_drag(drag: &[Sample]) -> Result<(), &'static str> {
    if drag.len() < MIN_POINTER_SAMPLES {
        return Err("too few pointer samples");
    }
    let span = drag[drag.len() - 1].t - drag[0].t;
    if span < MIN_POINTER_MS {
        return Err("drag too fast in total");
    }
    let path: f64 = drag.windows(2).map(|w| (w[1].x - w[0].x).abs()).sum();
    if path < 1.0 {
        return Err("the drag does not move");
    }
    let mean = path / span;
    // Speeds over steps of at least 12 ms, so two events in one frame do not make a spike.
    let mut peak = 0f64;
    let mut from = drag[0];
    for s in &drag[1..] {
        let dt = s.t - from.t;
        if dt >= 12.0 {
            peak = peak.max((s.x - from.x).abs() / dt);
            from = *s;
        }
    }
    if peak < mean * MIN_PEAK_TO_MEAN {
        return Err("constant speed");
    }
    let flat = drag.iter().all(|s| (s.y - drag[0].y).abs() < 0.01);
    let gaps: Vec<f64> = drag.windows(2).map(|w| w[1].t - w[0].t).collect();
    let (lo, hi) = gaps.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &g| (lo.min(g), hi.max(g)));
    if flat && hi - lo < 1.0 {
        return Err("a straight line at even times");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(t: f64, x: f64, y: f64) -> Sample {
        Sample { t, x, y, key: false }
    }
    fn k(t: f64, x: f64) -> Sample {
        Sample { t, x, y: 0.0, key: true }
    }

    /// A hand's drag to `to`: a minimum-jerk reach over `ms`, a frame apart with a little jitter,
    /// wandering a pixel or two up and down.
    fn hand(to: f64, ms: f64) -> Vec<Sample> {
        let mut out = vec![p(0.0, 0.0, 0.0)];
        let mut t = 0.0;
        let mut i = 0;
        while t < ms {
            i += 1;
            t = (t + 16.0 + (i % 3) as f64).min(ms);
            let s = t / ms;
            let ease = 10.0 * s.powi(3) - 15.0 * s.powi(4) + 6.0 * s.powi(5);
            out.push(p(t, to * ease, ((i as f64) * 0.7).sin() * 1.5));
        }
        out
    }

    #[test]
    fn a_hands_drag_passes() {
        for (to, ms) in [(60.0, 400.0), (150.0, 700.0), (250.0, 1500.0), (30.0, 250.0)] {
            let track = hand(to, ms);
            assert_eq!(judge(&track, to.round()), Ok(()), "to {to} in {ms} ms");
        }
    }

    #[test]
    fn a_drag_with_no_vertical_wander_still_passes_at_a_hands_pace() {
        let track: Vec<Sample> = hand(120.0, 600.0).into_iter().map(|s| Sample { y: 0.0, ..s }).collect();
        assert_eq!(judge(&track, 120.0), Ok(()));
    }

    #[test]
    fn scripted_drags_are_refused() {
        let even: Vec<Sample> = (0..=20).map(|i| p(i as f64 * 16.0, 6.0 * i as f64, 0.0)).collect();
        assert_eq!(judge(&even, 120.0), Err("constant speed"));
        let jittered: Vec<Sample> = (0..=20).map(|i| p(i as f64 * 16.0, 6.0 * i as f64, (i % 2) as f64)).collect();
        assert_eq!(judge(&jittered, 120.0), Err("constant speed"), "wobbling y does not make a line human");
        let fast: Vec<Sample> = hand(120.0, 120.0);
        assert_eq!(judge(&fast, 120.0), Err("drag too fast in total"));
        let few = vec![p(0.0, 0.0, 0.0), p(200.0, 10.0, 1.0), p(300.0, 110.0, 2.0), p(400.0, 120.0, 1.0)];
        assert_eq!(judge(&few, 120.0), Err("too few pointer samples"));
        let mut backwards = hand(120.0, 600.0);
        backwards[5].t = 1.0;
        assert_eq!(judge(&backwards, 120.0), Err("time goes backwards"));
        let mut line = hand(120.0, 600.0);
        for (i, s) in line.iter_mut().enumerate() {
            s.t = i as f64 * 16.0;
            s.y = 0.0;
        }
        assert_eq!(judge(&line, 120.0), Err("a straight line at even times"));
        assert_eq!(judge(&[], 120.0), Err("no track"));
        assert_eq!(judge(&hand(120.0, 600.0), 150.0), Err("does not end where the piece was let go"));
        let late: Vec<Sample> = hand(120.0, 600.0).into_iter().map(|s| Sample { x: s.x + 40.0, ..s }).collect();
        assert_eq!(judge(&late, 160.0), Err("does not start at the left"));
    }

    #[test]
    fn keyboard_slides_at_a_persons_pace_pass() {
        // Held right arrow: a 500 ms first repeat, then every 33 ms; Enter a moment later.
        // The ui notes where the piece starts at the first key's moment: the first two samples share t.
        let mut held = vec![k(0.0, 0.0), k(0.0, 1.2)];
        let mut t = 500.0;
        for i in 2..=60 {
            held.push(k(t, i as f64 * 1.2));
            t += 33.0;
        }
        held.push(k(t + 400.0, 72.0));
        assert_eq!(judge(&held, 72.0), Ok(()));
        // Shift+arrow presses, each by hand.
        let presses: Vec<Sample> = [0.0, 180.0, 390.0, 560.0, 800.0, 1300.0].iter().enumerate().map(|(i, &t)| k(t, (i.min(4) * 12) as f64)).collect();
        assert_eq!(judge(&presses, 48.0), Ok(()));
        // Keys, then a drag to finish.
        let mut mixed = vec![k(0.0, 0.0), k(150.0, 12.0), k(320.0, 24.0)];
        mixed.extend(hand(60.0, 500.0).into_iter().map(|s| Sample { t: s.t + 900.0, x: 24.0 + s.x, ..s }));
        assert_eq!(judge(&mixed, 84.0), Ok(()));
    }

    #[test]
    fn scripted_keys_are_refused() {
        let even: Vec<Sample> = (0..=40).map(|i| k(i.max(1) as f64 * 30.0, i as f64 * 2.0)).collect();
        assert_eq!(judge(&even, 80.0), Err("keys at a machine's even pace"));
        let burst: Vec<Sample> = (0..=40).map(|i| k(i as f64 * 2.0 + if i == 40 { 400.0 } else { 0.0 }, i as f64 * 2.0)).collect();
        assert_eq!(judge(&burst, 80.0), Err("keys faster than any keyboard repeats"));
        assert_eq!(judge(&[k(0.0, 0.0), k(100.0, 80.0)], 80.0), Err("keys too fast in total"));
    }

    #[test]
    fn parse_takes_only_the_documented_shape() {
        assert_eq!(parse(r#"[[0,0,0,"p"],[16.5,1.25,-1,"k"]]"#), Some(vec![p(0.0, 0.0, 0.0), k(16.5, 1.25)].into_iter().map(|s| if s.t > 0.0 { Sample { y: -1.0, ..s } } else { s }).collect()));
        for bad in ["", "{}", "[[0,0,0]]", r#"[[0,0,0,"m"]]"#, r#"[["a",0,0,"p"]]"#, r#"[[1e999,0,0,"p"]]"#] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        let long = format!("[{}]", vec![r#"[0,0,0,"p"]"#; MAX_SAMPLES + 1].join(","));
        assert_eq!(parse(&long), None);
    }
}
