//! Light digits on a dark background: a dark-theme app or web page. The pipeline reads ink
//! darker than paper, so such an image is also read inverted, and the better reading kept.

use image::GrayImage;

/// An image whose median grey is below this is mostly dark: it may be a dark-theme screen
/// (light grid and digits on a dark background), or only a photo with dark surroundings;
/// both polarities are read and the better reading wins ([`better_reading`]).
const DARK_MEDIAN: u8 = 100;

/// Whether most of `image` is dark.
///
/// Algorithm: the median of a histogram of every pixel's grey level, compared with
/// [`DARK_MEDIAN`].
pub fn is_mostly_dark(image: &GrayImage) -> bool {
    let mut histogram = [0u64; 256];
    for p in image.pixels() {
        histogram[usize::from(p.0[0])] += 1;
    }
    let half = (u64::from(image.width()) * u64::from(image.height())).div_ceil(2);
    let mut seen = 0;
    for (grey, &count) in histogram.iter().enumerate() {
        seen += count;
        if seen >= half {
            return grey < usize::from(DARK_MEDIAN);
        }
    }
    false
}

/// `image` with every grey level `v` turned into `255 - v`.
pub fn inverted(image: &GrayImage) -> GrayImage {
    let mut out = image.clone();
    // the raw bytes, not `imageops::invert`: `image`'s generic pixel code is instantiated in
    // this crate and runs at its opt-level 0 in debug builds
    for v in out.iter_mut() {
        *v = 255 - *v;
    }
    out
}

/// How well a reading went, to choose between the two polarities of a dark image: the
/// number of cells read as a digit with confidence 0.9 or more. A dark screen read the wrong
/// way round finds few clear digits (its "ink" is the background), read the right way round
/// it finds every given.
pub fn clear_digits(confidences: impl Iterator<Item = (u8, f32)>) -> usize {
    confidences
        .filter(|&(digit, confidence)| digit != 0 && confidence >= 0.9)
        .count()
}

/// The better of two readings of one image: one that found a grid beats one that did not,
/// then the one with more clear digits, the first on a tie.
pub fn better_reading<T, E>(
    first: Result<T, E>,
    second: Result<T, E>,
    score: impl Fn(&T) -> usize,
) -> Result<T, E> {
    match (first, second) {
        (Ok(a), Ok(b)) => Ok(if score(&b) > score(&a) { b } else { a }),
        (Ok(a), Err(_)) => Ok(a),
        (Err(_), Ok(b)) => Ok(b),
        (Err(e), Err(_)) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    #[test]
    fn a_dark_theme_screen_is_mostly_dark_and_a_page_is_not() {
        let dark = GrayImage::from_fn(40, 40, |x, _| Luma([if x % 10 == 0 { 230 } else { 30 }]));
        let page = GrayImage::from_fn(40, 40, |x, _| Luma([if x % 10 == 0 { 20 } else { 240 }]));
        assert!(is_mostly_dark(&dark));
        assert!(!is_mostly_dark(&page));
        assert_eq!(inverted(&dark).get_pixel(1, 0).0[0], 225);
    }

    #[test]
    fn the_reading_with_more_clear_digits_wins() {
        let clear = |ds: &Vec<(u8, f32)>| clear_digits(ds.iter().copied());
        let garbage: Result<Vec<(u8, f32)>, ()> = Ok(vec![(1, 0.5), (0, 1.0), (7, 0.95)]);
        let good: Result<Vec<(u8, f32)>, ()> = Ok(vec![(3, 0.99), (5, 0.97), (7, 0.95)]);
        let chosen = better_reading(garbage.clone(), good.clone(), clear).unwrap();
        assert_eq!(clear(&chosen), 3);
        let chosen = better_reading(good.clone(), garbage, clear).unwrap();
        assert_eq!(clear(&chosen), 3);
        assert!(better_reading(Err(()), good, clear).is_ok());
    }
}
