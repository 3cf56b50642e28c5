//! Photos of newspaper pages of the 9x9 variants and of the smaller newspaper grids (6x6 with
//! boxes of two rows by three columns, 4x4), drawn at run time: the shapes and sizes figures
//! of the photo tests. Page `k` of a puzzle is the same on every machine (a seeded generator).
//!
//! A page: the puzzle in one of the two fonts egui ships, which no training data shows
//! (Ubuntu Light, Hack), on newsprint, with thin cell lines and heavy lines round its boxes or,
//! for a jigsaw, its regions; X's diagonals, Hyper's windows and odd/even's cells shaded grey
//! as newspapers print them (a classic's every other box, as some papers do); a headline
//! above. Then the camera: the page seen at a slant (each
//! corner moved by up to a twelfth of the grid), light falling off across it, the lens's blur,
//! the sensor's noise, and JPEG of quality 60 to 90.

use crate::screen_maker::{Canvas, Rng};
use skrifa::FontRef;
use sudolens::grid::ShapedGrid;
use sudolens::vision::Homography;

/// One drawn photo and what it shows.
pub struct DrawnPage {
    pub bytes: Vec<u8>,
    /// What was drawn, for messages: font, grid size, quality.
    pub description: String,
}

/// Photo `k` of `puzzle` (a 9x9 shape's givens, or a plain 6x6's or 4x4's).
pub fn draw_page(k: usize, puzzle: &ShapedGrid) -> DrawnPage {
    let mut rng = Rng(0x9A6E_5EED ^ (k as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let spec = puzzle.shape().spec().clone();
    let fonts = [
        ("Ubuntu Light", epaint_default_fonts::UBUNTU_LIGHT),
        ("Hack", epaint_default_fonts::HACK_REGULAR),
    ];
    let (font_name, font_data) = fonts[rng.below(2)];
    let font = FontRef::new(font_data).expect("egui's fonts load");
    let n = usize::from(spec.size.side);
    let (box_rows, box_cols) = (
        usize::from(spec.size.box_rows),
        usize::from(spec.size.box_cols),
    );
    // a smaller grid is printed with larger cells, most of a column wide as the classic is
    let cell = (rng.range(40.0, 70.0) * (9.0 / n as f32).sqrt()).round();
    let grid = n as f32 * cell;
    let margin = (cell * rng.range(1.2, 2.0)).round();
    let side = (grid + 2.0 * margin) as usize;
    let paper = [
        rng.range(232.0, 248.0),
        rng.range(228.0, 244.0),
        rng.range(210.0, 230.0),
    ];
    let mut page = Canvas {
        w: side,
        h: side,
        px: vec![paper; side * side],
    };
    let shade = rng.range(165.0, 205.0);
    let shaded: Vec<bool> = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let diagonal = spec.diagonals && (r == c || r + c == 8);
            let window =
                spec.windows && [1, 2, 3, 5, 6, 7].contains(&r) && [1, 2, 3, 5, 6, 7].contains(&c);
            let parity = spec.parity.as_ref().is_some_and(|p| p.shaded[i]);
            // a classic page shades every other box, as several papers print it: a shading
            // that must name no variant
            let classic_box =
                spec == sudolens::grid::ShapeSpec::classic() && ((r / 3) + (c / 3)) % 2 == 1;
            diagonal || window || parity || classic_box
        })
        .collect();
    let (x0, y0) = (margin, margin);
    let at = |i: usize| (x0 + cell * i as f32, y0 + cell * i as f32);
    for (i, &s) in shaded.iter().enumerate() {
        if s {
            let (x, _) = at(i % n);
            let (_, y) = at(i / n);
            let col = paper.map(|p| p * shade / 240.0);
            page.fill(
                x as i64,
                y as i64,
                (x + cell) as i64,
                (y + cell) as i64,
                col,
            );
        }
    }
    // lines: thin between cells of one box or region, heavy between two and round the grid
    let region = |r: usize, c: usize| -> usize {
        match &spec.regions {
            Some(regions) => usize::from(regions[r * n + c]),
            None => (r / box_rows) * n + c / box_cols,
        }
    };
    let thin = (cell / 40.0).max(1.0).round() as i64;
    let heavy = (cell * rng.range(0.06, 0.09)).round().max(3.0) as i64;
    let (thin_ink, heavy_ink) = ([rng.range(40.0, 90.0); 3], [rng.range(0.0, 40.0); 3]);
    for r in 0..n {
        for c in 0..n {
            let (x, _) = at(c);
            let (_, y) = at(r);
            let (xe, ye) = (x + cell, y + cell);
            // the right and bottom sides of each cell
            let right_heavy = c == n - 1 || region(r, c) != region(r, c + 1);
            let bottom_heavy = r == n - 1 || region(r, c) != region(r + 1, c);
            let (w, ink) = if right_heavy {
                (heavy, heavy_ink)
            } else {
                (thin, thin_ink)
            };
            page.fill(
                xe as i64 - w / 2,
                y as i64 - heavy / 2,
                xe as i64 + (w + 1) / 2,
                ye as i64 + heavy / 2,
                ink,
            );
            let (w, ink) = if bottom_heavy {
                (heavy, heavy_ink)
            } else {
                (thin, thin_ink)
            };
            page.fill(
                x as i64 - heavy / 2,
                ye as i64 - w / 2,
                xe as i64 + heavy / 2,
                ye as i64 + (w + 1) / 2,
                ink,
            );
        }
    }
    // the top and left borders
    let (gx, gy) = (x0 as i64, y0 as i64);
    let end = (x0 + grid) as i64;
    page.fill(
        gx - heavy / 2,
        gy - heavy / 2,
        end + heavy / 2,
        gy + (heavy + 1) / 2,
        heavy_ink,
    );
    page.fill(
        gx - heavy / 2,
        gy - heavy / 2,
        gx + (heavy + 1) / 2,
        end + heavy / 2,
        heavy_ink,
    );
    // the digits
    let ink = [rng.range(0.0, 45.0); 3];
    let size = cell * rng.range(0.62, 0.78);
    for (i, &v) in puzzle.values().iter().enumerate() {
        if v != 0 {
            let (x, _) = at(i % n);
            let (_, y) = at(i / n);
            let ch = char::from(b'0' + v);
            page.text(
                &font,
                ch,
                size,
                (x + cell / 2.0, y + cell / 2.0),
                ink,
                false,
                false,
            );
        }
    }
    headline(
        &mut page,
        &font,
        &puzzle.shape().name(),
        cell,
        (x0, y0),
        ink,
    );
    let quality = 60 + rng.below(31) as u8;
    let bytes = camera(&page, &mut rng, grid, quality);
    DrawnPage {
        bytes,
        description: format!(
            "{} in {font_name} {:.0} px in a {grid:.0} px grid, JPEG q{quality}",
            puzzle.shape().name(),
            size
        ),
    }
}

/// The shape's name in capitals above the grid whose top-left corner is
/// `corner`, in letters of `cell` size, as a newspaper heads its puzzle.
pub fn headline(
    page: &mut Canvas,
    font: &FontRef,
    name: &str,
    cell: f32,
    corner: (f32, f32),
    ink: [f32; 3],
) {
    let (x0, y0) = corner;
    for (j, ch) in name.to_uppercase().chars().enumerate() {
        page.text(
            font,
            ch,
            cell * 0.6,
            (x0 + cell * (0.5 + 0.55 * j as f32), y0 - cell * 0.8),
            ink,
            false,
            false,
        );
    }
}

/// The camera: `page` seen at a slant (each corner of the photo moved by up to a twelfth of
/// the grid's side), light falling off across it, blur, noise, JPEG at `quality`.
pub fn camera(page: &Canvas, rng: &mut Rng, grid: f32, quality: u8) -> Vec<u8> {
    let (w, h) = (page.w as f64, page.h as f64);
    let (out_w, out_h) = (page.w, page.h);
    let wobble = f64::from(grid) / 12.0;
    let mut jitter = || f64::from(rng.range(-1.0, 1.0)) * wobble;
    // the photo's corners, seen in the page
    let seen = [
        (jitter(), jitter()),
        (w + jitter(), jitter()),
        (w + jitter(), h + jitter()),
        (jitter(), h + jitter()),
    ];
    let photo = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)];
    let to_page = Homography::from_4(photo, seen).expect("a proper quadrilateral");
    let grey_at = |x: f64, y: f64| -> [f32; 3] {
        let (xi, yi) = (x.floor(), y.floor());
        let (fx, fy) = ((x - xi) as f32, (y - yi) as f32);
        let px = |xx: f64, yy: f64| -> [f32; 3] {
            if xx < 0.0 || yy < 0.0 || xx >= w || yy >= h {
                [90.0, 85.0, 80.0] // the table under the page
            } else {
                page.px[yy as usize * page.w + xx as usize]
            }
        };
        let (a, b, c, d) = (
            px(xi, yi),
            px(xi + 1.0, yi),
            px(xi, yi + 1.0),
            px(xi + 1.0, yi + 1.0),
        );
        std::array::from_fn(|i| {
            let top = a[i] * (1.0 - fx) + b[i] * fx;
            let bottom = c[i] * (1.0 - fx) + d[i] * fx;
            top * (1.0 - fy) + bottom * fy
        })
    };
    let (dim_x, dim_y) = (rng.range(-0.25, 0.25), rng.range(-0.2, 0.2));
    let mut px: Vec<[f32; 3]> = Vec::with_capacity(out_w * out_h);
    for y in 0..out_h {
        for x in 0..out_w {
            let (sx, sy) = to_page.apply((x as f64 + 0.5, y as f64 + 0.5));
            let light = 1.0
                - (dim_x * x as f32 / out_w as f32).abs()
                - (dim_y * y as f32 / out_h as f32).abs();
            px.push(grey_at(sx - 0.5, sy - 0.5).map(|v| v * light));
        }
    }
    let mut photo = Canvas {
        w: out_w,
        h: out_h,
        px,
    };
    for _ in 0..(1 + rng.below(2)) {
        box_blur(&mut photo);
    }
    for p in &mut photo.px {
        let n = rng.range(-6.0, 6.0);
        *p = p.map(|v| v + n);
    }
    let mut jpeg = std::io::Cursor::new(Vec::new());
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, quality);
    photo
        .to_image()
        .write_with_encoder(encoder)
        .expect("JPEG encodes");
    jpeg.into_inner()
}

/// A 3x3 box blur: twice over, near enough a lens's Gaussian.
fn box_blur(c: &mut Canvas) {
    let (w, h) = (c.w, c.h);
    let src = c.px.clone();
    for y in 0..h {
        for x in 0..w {
            let mut sum = [0.0f32; 3];
            let mut n = 0.0;
            for yy in y.saturating_sub(1)..(y + 2).min(h) {
                for xx in x.saturating_sub(1)..(x + 2).min(w) {
                    let p = src[yy * w + xx];
                    for i in 0..3 {
                        sum[i] += p[i];
                    }
                    n += 1.0;
                }
            }
            c.px[y * w + x] = sum.map(|s| s / n);
        }
    }
}
