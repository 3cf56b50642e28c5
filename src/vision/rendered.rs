//! Screenshots and other rendered images, told apart from photos. A camera's sensor leaves
//! noise on every pixel, so a photo's paper is never perfectly flat; an app or a web page
//! paints its page, cells and shading in flat colours, which stay flat through JPEG (its
//! blocks of one colour decode exactly) and through resizing. Rendered images are read with
//! two differences: their pale lines count as ink ([`super::detect::InkLevel::Pale`]), and they
//! are upright ([`super::orientation`]).

use image::GrayImage;

/// A rendered image has at least this share of its pixels in perfectly flat 3x3
/// neighbourhoods. Chosen between the training photos (at most 0.24: over-exposed paper or
/// black surroundings) and synthetic screenshots (0.35 and more, JPEG quality 50 included).
const FLAT_SHARE: f32 = 0.30;
/// Pixels examined at most: rows are skipped evenly beyond this, which leaves the share as
/// it is and a 12-megapixel photo cheap.
const EXAMINED: u64 = 300_000;

/// The share of `image`'s pixels whose 3x3 neighbourhood holds one grey level only.
///
/// Algorithm: on evenly spaced rows (all of them for images up to [`EXAMINED`] pixels), each
/// interior pixel is compared with its eight neighbours.
pub fn flat_share(image: &GrayImage) -> f32 {
    let (w, h) = (image.width() as usize, image.height() as usize);
    if w < 3 || h < 3 {
        return 0.0;
    }
    let raw = image.as_raw();
    let step = ((w as u64 * h as u64).div_ceil(EXAMINED)).max(1) as usize;
    let (mut flat, mut seen) = (0u64, 0u64);
    for y in (1..h - 1).step_by(step) {
        let rows = [
            &raw[(y - 1) * w..y * w],
            &raw[y * w..(y + 1) * w],
            &raw[(y + 1) * w..(y + 2) * w],
        ];
        for x in 1..w - 1 {
            let v = rows[1][x];
            seen += 1;
            if rows
                .iter()
                .all(|r| r[x - 1] == v && r[x] == v && r[x + 1] == v)
            {
                flat += 1;
            }
        }
    }
    flat as f32 / seen.max(1) as f32
}

/// Whether `image` was rendered (a screenshot, a digital page) rather than photographed: at
/// least [`FLAT_SHARE`] of it is perfectly flat.
pub fn is_rendered(image: &GrayImage) -> bool {
    flat_share(image) >= FLAT_SHARE
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    #[test]
    fn a_flat_page_is_rendered_and_a_noisy_one_is_not() {
        // a screen: white cells, grey lines every 20 pixels
        let screen = GrayImage::from_fn(200, 200, |x, y| {
            Luma([if x % 20 == 0 || y % 20 == 0 { 200 } else { 255 }])
        });
        assert!(is_rendered(&screen));
        // the same page photographed: a grey level of noise on every pixel
        let photo = GrayImage::from_fn(200, 200, |x, y| {
            let noise = ((x * 7 + y * 13) ^ (x * y)) % 3;
            let v = if x % 20 == 0 || y % 20 == 0 { 200 } else { 250 };
            Luma([(v + noise) as u8])
        });
        assert!(!is_rendered(&photo));
        assert!(flat_share(&GrayImage::new(2, 2)) == 0.0);
    }
}
