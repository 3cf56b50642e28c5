//! Photos of newspaper pages of a samurai (five 9x9 grids in a cross, the centre grid's four
//! corner boxes each shared with one outer grid), drawn at run time for the samurai photo
//! test. Page `k` of a puzzle is the same on every machine (a seeded generator).
//!
//! A page: the cross on newsprint, thin cell lines and heavy lines round every box and round
//! the cross (its four holes left as bare paper), the givens in a font of the caller's list (the
//! test's are the two egui ships, which no training data shows), a headline above. Then the
//! camera of `shaped_pages.rs`: the page seen at a slant, light falling off across it, the
//! lens's blur, the sensor's noise, JPEG of quality 60 to 90.

use crate::screen_maker::{Canvas, Rng};
use crate::shaped_pages::{camera, headline, DrawnPage};
use skrifa::FontRef;
use sudolens::grid::ShapedGrid;

/// Photo `k` of `puzzle` (a shape of overlapping 9x9 grids: a samurai), its digits in one of
/// `fonts` (name, font file).
pub fn draw_overlap_page(k: usize, puzzle: &ShapedGrid, fonts: &[(&str, &[u8])]) -> DrawnPage {
    let mut rng = Rng(0x5A3C_7A11 ^ (k as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let shape = puzzle.shape();
    let (rows, cols) = shape.plane_size();
    let (font_name, font_data) = fonts[rng.below(fonts.len())];
    let font = FontRef::new(font_data).expect("the font loads");
    // a samurai fills most of a newspaper page's width: cells smaller than a classic's
    let cell = rng.range(30.0, 46.0).round();
    let (plane_w, plane_h) = (cols as f32 * cell, rows as f32 * cell);
    // the camera moves each corner of the photo by up to a twelfth of the plane's side, 1.75
    // cells: a wider margin than a classic's keeps the whole cross in the frame
    let margin = (cell * rng.range(2.0, 2.8)).round();
    let (w, h) = (
        (plane_w + 2.0 * margin) as usize,
        (plane_h + 2.0 * margin) as usize,
    );
    let paper = [
        rng.range(232.0, 248.0),
        rng.range(228.0, 244.0),
        rng.range(210.0, 230.0),
    ];
    let mut page = Canvas {
        w,
        h,
        px: vec![paper; w * h],
    };
    let (x0, y0) = (margin, margin);
    let at = |r: usize, c: usize| (x0 + cell * c as f32, y0 + cell * r as f32);
    let covered = |r: usize, c: usize| shape.cell_at(r, c).is_some();
    let thin = (cell / 40.0).max(1.0).round() as i64;
    let heavy = (cell * rng.range(0.06, 0.09)).round().max(3.0) as i64;
    let (thin_ink, heavy_ink) = ([rng.range(40.0, 90.0); 3], [rng.range(0.0, 40.0); 3]);
    // every side of every covered cell: heavy on a box's edge (the grids lie on whole boxes,
    // so the cross's outline is one too), thin inside a box; heavy drawn last, over the thin
    for pass_heavy in [false, true] {
        for r in 0..rows {
            for c in 0..cols {
                if !covered(r, c) {
                    continue;
                }
                let (x, y) = at(r, c);
                let (xe, ye) = (x + cell, y + cell);
                // (the line's index, along columns or rows, and its span)
                for (line, down) in [(c, true), (c + 1, true), (r, false), (r + 1, false)] {
                    let is_heavy = line % 3 == 0;
                    if is_heavy != pass_heavy {
                        continue;
                    }
                    let (wd, ink) = if is_heavy {
                        (heavy, heavy_ink)
                    } else {
                        (thin, thin_ink)
                    };
                    if down {
                        let lx = x0 + cell * line as f32;
                        page.fill(
                            lx as i64 - wd / 2,
                            y as i64 - heavy / 2,
                            lx as i64 + (wd + 1) / 2,
                            ye as i64 + heavy / 2,
                            ink,
                        );
                    } else {
                        let ly = y0 + cell * line as f32;
                        page.fill(
                            x as i64 - heavy / 2,
                            ly as i64 - wd / 2,
                            xe as i64 + heavy / 2,
                            ly as i64 + (wd + 1) / 2,
                            ink,
                        );
                    }
                }
            }
        }
    }
    // the digits
    let ink = [rng.range(0.0, 45.0); 3];
    let size = cell * rng.range(0.62, 0.78);
    for (i, &v) in puzzle.values().iter().enumerate() {
        if v != 0 {
            let (r, c) = shape.position(i);
            let (x, y) = at(r, c);
            page.text(
                &font,
                char::from(b'0' + v),
                size,
                (x + cell / 2.0, y + cell / 2.0),
                ink,
                false,
                false,
            );
        }
    }
    headline(&mut page, &font, &shape.name(), cell, (x0, y0), ink);
    let quality = 60 + rng.below(31) as u8;
    let bytes = camera(&page, &mut rng, plane_w.max(plane_h), quality);
    DrawnPage {
        bytes,
        description: format!(
            "{} in {font_name} {size:.0} px, cells of {cell:.0} px, JPEG q{quality}",
            shape.name()
        ),
    }
}
