//! A page that bends near the fold: the grid's lines curve, and no homography puts them all in
//! place. The sample print is bent here, in code, by smooth warps that no projective map
//! undoes, and must still read right: a gentle bend, and a curl strong enough that only lines
//! followed as curves read it.

use crate::common::{png_bytes, sample_print};
use image::{GrayImage, Luma};
use sudolens::vision::{self, DigitModel, ImportOptions};

/// Bilinear sample of `img` at (x, y), paper white off the image.
fn sample(img: &GrayImage, x: f64, y: f64) -> f64 {
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    if x < 0.0 || y < 0.0 || x > w - 1.0 || y > h - 1.0 {
        return 235.0;
    }
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let p = |dx: f64, dy: f64| {
        let (xi, yi) = ((x0 + dx).min(w - 1.0), (y0 + dy).min(h - 1.0));
        f64::from(img.get_pixel(xi as u32, yi as u32)[0])
    };
    (p(0.0, 0.0) * (1.0 - fx) + p(1.0, 0.0) * fx) * (1.0 - fy)
        + (p(0.0, 1.0) * (1.0 - fx) + p(1.0, 1.0) * fx) * fy
}

/// The page bent up towards a fold on its left: left of `fold` the paper rises, so what lies
/// there is seen magnified away from the row `centre` and pushed towards the fold, both
/// growing with the square of the distance into the bend (`depth` pixels from `fold` to the
/// fold). Each output pixel samples the flat page where the bent paper shows it.
pub fn bent_at_fold(flat: &GrayImage, fold: f64, depth: f64, rise: f64, centre: f64) -> GrayImage {
    GrayImage::from_fn(flat.width(), flat.height(), |x, y| {
        let (x, y) = (f64::from(x), f64::from(y));
        let s = ((fold - x) / depth).max(0.0);
        let s2 = s * s;
        let qx = x + 0.12 * rise * s2 * depth;
        let qy = centre + (y - centre) * (1.0 - rise * s2);
        Luma([sample(flat, qx, qy).round() as u8])
    })
}

#[test]
fn a_page_bent_near_the_fold_reads_right() {
    let (flat, givens) = sample_print();
    let bent = bent_at_fold(&flat, 330.0, 250.0, 0.12, 320.0);
    let model = DigitModel::bundled().unwrap();
    let r = vision::import_bytes(&png_bytes(&bent), &model, &ImportOptions::default())
        .expect("the bent grid is found");
    assert_eq!(r.givens.to_line(), givens);
    assert_eq!(r.entries.filled_count(), 0, "{}", r.entries);
}

/// The page curled near a fold on its left: left of `fold` the paper lifts, so what lies
/// there is seen `sag` pixels lower at the fold's end of the grid (`depth` pixels from
/// `fold`), and a third of that towards the fold, both growing with the square of the
/// distance into the curl. Rows bend down into the curl while staying straight elsewhere:
/// no homography maps the flat grid onto the curled one.
pub fn curled_at_fold(flat: &GrayImage, fold: f64, depth: f64, sag: f64) -> GrayImage {
    GrayImage::from_fn(flat.width(), flat.height(), |x, y| {
        let (x, y) = (f64::from(x), f64::from(y));
        let s = ((fold - x) / depth).max(0.0);
        let s2 = s * s;
        Luma([sample(flat, x + sag * s2 / 3.0, y - sag * s2).round() as u8])
    })
}

/// A page curled hard near the fold: rows sag by 30 pixels (half a cell) at the grid's
/// left edge and stay straight past the middle. Read with straight lines (each line's
/// whole-line fit alone, `refine.rs` without its second pass) the lattice misses the curled
/// lines by up to half a cell and the grid is not found; only following each line as a
/// curve (`curves.rs`) reads it. Checked so: with `trace_line` replaced by the straight fit,
/// this bend (and any sag from 24 pixels) gave "no Sudoku grid found", while the curves read
/// every sag up to 36 pixels right.
#[test]
fn a_page_curled_hard_at_the_fold_is_read_by_following_its_lines_as_curves() {
    let (flat, givens) = sample_print();
    let curled = curled_at_fold(&flat, 330.0, 250.0, 30.0);
    let model = DigitModel::bundled().unwrap();
    let r = vision::import_bytes(&png_bytes(&curled), &model, &ImportOptions::default())
        .expect("the curled grid is found");
    assert_eq!(r.givens.to_line(), givens);
    assert_eq!(r.entries.filled_count(), 0, "{}", r.entries);
}
