//! Solves the slider captcha the way a person does: finds where the piece fits in the picture.

use base64::Engine;
use serde_json::Value;

fn decode(data_url: &str) -> image::RgbaImage {
    let b64 = data_url.split_once(',').map(|(_, b)| b).unwrap_or("");
    let bytes = base64::engine::general_purpose::STANDARD.decode(b64).expect("base64");
    image::load_from_memory(&bytes).expect("png").to_rgba8()
}

/// The x at which the piece's pixels, darkened as the gap is, best match the background.
pub fn solve(challenge: &Value) -> i64 {
    let bg = decode(challenge["bg"].as_str().expect("bg"));
    let piece = decode(challenge["piece"].as_str().expect("piece"));
    let y0 = challenge["y"].as_u64().expect("y") as u32;
    let mut best = (u64::MAX, 0i64);
    for x0 in 0..bg.width().saturating_sub(piece.width()) {
        let mut err = 0u64;
        for py in 2..piece.height() - 2 {
            for px in 2..piece.width() - 2 {
                let p = piece.get_pixel(px, py);
                if p[3] == 0 {
                    continue;
                }
                let b = bg.get_pixel(x0 + px, y0 + py);
                for i in 0..3 {
                    let expected = p[i] as i64 * 2 / 5;
                    err += (b[i] as i64 - expected).unsigned_abs();
                }
            }
        }
        if err < best.0 {
            best = (err, x0 as i64);
        }
    }
    best.1
}
