//! Synthetic screenshots drawn at run time, for the screens figure of the tests and the bench:
//! enough of them for a share like 99% to mean something, without a folder of images in the
//! repository. Screenshot `k` is the same on every machine (a seeded generator).
//!
//! Each one is a Sudoku app or web page as `models/train/gen_screens.py` draws them (that script
//! makes the training screens and the committed test set), drawn here in the two fonts that
//! egui ships and no training data shows: Ubuntu Light (thin) and Hack. A proper puzzle of the
//! built-in library, its digits relabelled and its rows, columns, bands and stacks shuffled;
//! a grid of 300-800 px with thin light cell lines and heavier box lines; a light or dark theme
//! (light digits on a dark background); the app's shading (the selected cell, its row, column
//! and box, the cells with the selected digit, alternating boxes); sometimes the player's pencil
//! marks in empty cells; a title, a timer and a number pad around it; digits anti-aliased, or
//! with sub-pixel colour fringes (three coverage samples per pixel through FreeType's LCD
//! filter); sometimes a browser zoom; then PNG or JPEG of quality 50-95.

use image::{ImageEncoder, RgbImage};
use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, MetadataProvider};

/// Screens drawn for `cargo test` and for `cargo bench --bench vision` (the test draws 100
/// to keep CI under its time goal; the bench draws 400 for the accuracy figure).
#[allow(dead_code)]
pub const TEST_SCREENS: usize = 100;
#[allow(dead_code)]
pub const BENCH_SCREENS: usize = 400;

/// One drawn screenshot and what it shows.
pub struct DrawnScreen {
    /// The encoded image (PNG or JPEG).
    pub bytes: Vec<u8>,
    /// The givens, 81 characters, `.` for an empty cell.
    pub givens: String,
    pub dark: bool,
    /// Whether the player's pencil marks (small candidate digits) fill some empty cells.
    #[allow(dead_code)]
    pub pencil_marks: bool,
    /// What was drawn, for messages: font, size, encoding.
    pub description: String,
}

impl DrawnScreen {
    pub fn theme(&self) -> &'static str {
        if self.dark {
            "dark"
        } else {
            "light"
        }
    }
}

/// SplitMix64: small, seedable, the same everywhere (the noise images of `vision::nogrid`
/// draw from it too).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }

    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A proper puzzle: a fresh one from the generator (Easy to Hard, as newspapers and web
/// pages print), transformed by a random symmetry of Sudoku (relabelled digits, shuffled
/// bands, stacks, and rows and columns within them, transposed), which keeps it proper.
fn puzzle(rng: &mut Rng) -> [u8; 81] {
    use sudolens::generate::{generate, Options};
    use sudolens::logic::Level;
    let level = [Level::Easy, Level::Medium, Level::Hard][rng.below(3)];
    let made = generate(&Options::new(level), rng.below(1 << 30) as u64);
    let base: Vec<u8> = sudolens::grid::Cell::ALL
        .iter()
        .map(|&c| made.puzzle.get(c))
        .collect();
    let mut relabel = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut relabel);
    let order = |rng: &mut Rng| {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut out = Vec::with_capacity(9);
        for b in bands {
            let mut rows = [0usize, 1, 2];
            rng.shuffle(&mut rows);
            out.extend(rows.iter().map(|r| b * 3 + r));
        }
        out
    };
    let (rows, cols) = (order(rng), order(rng));
    let transpose = rng.chance(0.5);
    std::array::from_fn(|i| {
        let (r, c) = (i / 9, i % 9);
        let (r, c) = if transpose { (c, r) } else { (r, c) };
        match base[rows[r] * 9 + cols[c]] {
            0 => 0,
            d => relabel[usize::from(d) - 1],
        }
    })
}

/// A glyph outline as straight segments, in pixels (y down), curves flattened.
#[derive(Default)]
struct Segments {
    lines: Vec<[f32; 4]>,
    at: (f32, f32),
    start: (f32, f32),
    x_scale: f32,
}

impl Segments {
    fn point(&self, x: f32, y: f32) -> (f32, f32) {
        (x * self.x_scale, -y)
    }

    fn to(&mut self, p: (f32, f32)) {
        self.lines.push([self.at.0, self.at.1, p.0, p.1]);
        self.at = p;
    }
}

impl OutlinePen for Segments {
    fn move_to(&mut self, x: f32, y: f32) {
        self.at = self.point(x, y);
        self.start = self.at;
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let p = self.point(x, y);
        self.to(p);
    }

    fn quad_to(&mut self, cx: f32, cy: f32, x: f32, y: f32) {
        let (a, c, b) = (self.at, self.point(cx, cy), self.point(x, y));
        for k in 1..=8 {
            let t = k as f32 / 8.0;
            let u = 1.0 - t;
            self.to((
                u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0,
                u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1,
            ));
        }
    }

    fn curve_to(&mut self, c0x: f32, c0y: f32, c1x: f32, c1y: f32, x: f32, y: f32) {
        let (a, c0, c1, b) = (
            self.at,
            self.point(c0x, c0y),
            self.point(c1x, c1y),
            self.point(x, y),
        );
        for k in 1..=12 {
            let t = k as f32 / 12.0;
            let u = 1.0 - t;
            let (w0, w1, w2, w3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
            self.to((
                w0 * a.0 + w1 * c0.0 + w2 * c1.0 + w3 * b.0,
                w0 * a.1 + w1 * c0.1 + w2 * c1.1 + w3 * b.1,
            ));
        }
    }

    fn close(&mut self) {
        let s = self.start;
        self.to(s);
    }
}

/// A glyph's coverage over its bounding box: `w` x `h` values in [0, 1], in (scaled) pixels.
struct Coverage {
    w: usize,
    h: usize,
    cov: Vec<f32>,
}

/// Sub-scanlines per pixel row; across a row, coverage is exact.
const SUB: usize = 5;

/// Rasterises `ch` at `size` pixels (em), `x_scale` times wider (3 for sub-pixel text), with
/// the non-zero rule.
fn rasterise(font: &FontRef, ch: char, size: f32, x_scale: f32) -> Coverage {
    let mut pen = Segments {
        x_scale,
        ..Default::default()
    };
    if let Some(glyph) = font
        .charmap()
        .map(ch)
        .and_then(|g| font.outline_glyphs().get(g))
    {
        let _ = glyph.draw(
            DrawSettings::unhinted(Size::new(size), LocationRef::default()),
            &mut pen,
        );
    }
    let lines = pen.lines;
    let (mut xmin, mut ymin, mut xmax, mut ymax) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for l in &lines {
        xmin = xmin.min(l[0]).min(l[2]);
        xmax = xmax.max(l[0]).max(l[2]);
        ymin = ymin.min(l[1]).min(l[3]);
        ymax = ymax.max(l[1]).max(l[3]);
    }
    if lines.is_empty() {
        return Coverage {
            w: 0,
            h: 0,
            cov: Vec::new(),
        };
    }
    let (x0, y0) = (xmin.floor(), ymin.floor());
    let (w, h) = (
        (xmax.ceil() - x0) as usize + 1,
        (ymax.ceil() - y0) as usize + 1,
    );
    let mut cov = vec![0f32; w * h];
    let mut hits: Vec<(f32, i32)> = Vec::new();
    for row in 0..h {
        for s in 0..SUB {
            let y = y0 + row as f32 + (s as f32 + 0.5) / SUB as f32;
            hits.clear();
            for l in &lines {
                let (ya, yb) = (l[1], l[3]);
                if (ya <= y) != (yb <= y) {
                    let t = (y - ya) / (yb - ya);
                    hits.push((l[0] + t * (l[2] - l[0]), if yb > ya { 1 } else { -1 }));
                }
            }
            hits.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut winding = 0;
            for pair in hits.windows(2) {
                winding += pair[0].1;
                if winding != 0 {
                    add_span(
                        &mut cov[row * w..(row + 1) * w],
                        pair[0].0 - x0,
                        pair[1].0 - x0,
                    );
                }
            }
        }
    }
    Coverage { w, h, cov }
}

/// Adds one sub-scanline's coverage of `[a, b)` (pixels) to a row.
fn add_span(row: &mut [f32], a: f32, b: f32) {
    let weight = 1.0 / SUB as f32;
    let (a, b) = (a.max(0.0), b.min(row.len() as f32));
    if b <= a {
        return;
    }
    let (ia, ib) = (a as usize, (b as usize).min(row.len() - 1));
    if ia == ib {
        row[ia] += (b - a) * weight;
        return;
    }
    row[ia] += (ia as f32 + 1.0 - a) * weight;
    for v in &mut row[ia + 1..ib] {
        *v += weight;
    }
    row[ib] += (b - ib as f32) * weight;
}

/// An RGB picture in floats.
pub struct Canvas {
    pub w: usize,
    pub h: usize,
    pub px: Vec<[f32; 3]>,
}

impl Canvas {
    pub fn fill(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, col: [f32; 3]) {
        for y in y0.max(0)..y1.min(self.h as i64) {
            for x in x0.max(0)..x1.min(self.w as i64) {
                self.px[y as usize * self.w + x as usize] = col;
            }
        }
    }

    /// Draws `ch` in `font` at `size`, its ink centred on `(cx, cy)`, anti-aliased or with
    /// sub-pixel fringes.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        font: &FontRef,
        ch: char,
        size: f32,
        (cx, cy): (f32, f32),
        col: [f32; 3],
        subpixel: bool,
        bgr: bool,
    ) {
        let k = if subpixel { 3.0 } else { 1.0 };
        let g = rasterise(font, ch, size, k);
        if g.w == 0 {
            return;
        }
        // where the glyph's coverage grid starts on the canvas, in (scaled) pixels
        let left = (cx * k - g.w as f32 / 2.0).round() as i64;
        let top = (cy - g.h as f32 / 2.0).round() as i64;
        let at = |x: i64, y: i64| -> f32 {
            if x < 0 || y < 0 || x >= g.w as i64 || y >= g.h as i64 {
                0.0
            } else {
                g.cov[y as usize * g.w + x as usize].min(1.0)
            }
        };
        let (xa, xb) = if subpixel {
            (
                left.div_euclid(3) - 1,
                (left + g.w as i64).div_euclid(3) + 2,
            )
        } else {
            (left, left + g.w as i64)
        };
        for y in top.max(0)..(top + g.h as i64).min(self.h as i64) {
            for x in xa.max(0)..xb.min(self.w as i64) {
                let gy = y - top;
                let c: [f32; 3] = if subpixel {
                    // FreeType's default LCD filter over the three samples of each channel
                    std::array::from_fn(|ch| {
                        let s = 3 * x + ch as i64 - left;
                        [1.0, 2.0, 3.0, 2.0, 1.0]
                            .iter()
                            .enumerate()
                            .map(|(i, w)| w / 9.0 * at(s + i as i64 - 2, gy))
                            .sum()
                    })
                } else {
                    [at(x - left, gy); 3]
                };
                let c = if bgr { [c[2], c[1], c[0]] } else { c };
                let p = &mut self.px[y as usize * self.w + x as usize];
                for i in 0..3 {
                    p[i] = p[i] * (1.0 - c[i]) + col[i] * c[i];
                }
            }
        }
    }

    pub fn to_image(&self) -> RgbImage {
        RgbImage::from_fn(self.w as u32, self.h as u32, |x, y| {
            let p = self.px[y as usize * self.w + x as usize];
            image::Rgb(p.map(|v| (v + 0.5).clamp(0.0, 255.0) as u8))
        })
    }
}

fn grey(rng: &mut Rng, lo: f32, hi: f32, tint: f32) -> [f32; 3] {
    let g = rng.range(lo, hi);
    std::array::from_fn(|_| (g + rng.range(-tint, tint)).clamp(0.0, 255.0))
}

/// The pale blue apps shade a selection with, and a grey exactly as bright (by the weights
/// `image`'s grey conversion uses): in plain greys the two are one shade, only the hue tells
/// them apart (the case `vision::load::decode_colour_muted` reads again).
pub const SELECTION_BLUE: [f32; 3] = [187.0, 222.0, 251.0];
pub const GREY_AS_BRIGHT_AS_THE_BLUE: f32 =
    0.2126 * SELECTION_BLUE[0] + 0.7152 * SELECTION_BLUE[1] + 0.0722 * SELECTION_BLUE[2];

/// Screenshot `k`.
pub fn draw(k: usize) -> DrawnScreen {
    draw_screen(k, false)
}

/// Screenshot `k` redrawn in a theme that hides its thin lines in plain greys: every cell
/// tinted the pale blue apps use for a selection, the thin lines a light grey exactly as
/// bright (only their hue tells them apart), the box lines dark; no shading, no zoom, PNG.
#[allow(dead_code)]
pub fn draw_tinted(k: usize) -> DrawnScreen {
    draw_screen(k, true)
}

fn draw_screen(k: usize, tinted: bool) -> DrawnScreen {
    let mut rng = Rng(0x5C12_EE45 ^ (k as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let givens = puzzle(&mut rng);
    let fonts = [
        ("Ubuntu Light", epaint_default_fonts::UBUNTU_LIGHT),
        ("Hack", epaint_default_fonts::HACK_REGULAR),
    ];
    let (font_name, font_data) = fonts[usize::from(rng.chance(0.25))];
    let font = FontRef::new(font_data).expect("egui's fonts load");
    // theme
    let dark = rng.chance(0.3);
    let (page, cell_bg, thin, thick, ink, shades) = if dark {
        let bg = rng.range(12.0, 48.0);
        let page = [bg; 3];
        let cell_bg = [bg + rng.range(0.0, 18.0); 3];
        let shades: Vec<[f32; 3]> = (0..3)
            .map(|_| {
                let s = rng.range(10.0, 40.0);
                cell_bg.map(|v| v + s + rng.range(-6.0, 10.0))
            })
            .collect();
        let ink = if rng.chance(0.6) {
            grey(&mut rng, 200.0, 255.0, 0.0)
        } else {
            [
                rng.range(120.0, 200.0),
                rng.range(170.0, 230.0),
                rng.range(220.0, 255.0),
            ]
        };
        (
            page,
            cell_bg,
            grey(&mut rng, 60.0, 120.0, 8.0),
            grey(&mut rng, 110.0, 200.0, 8.0),
            ink,
            shades,
        )
    } else {
        let pale = [
            [226.0, 235.0, 243.0],
            [187.0, 222.0, 251.0],
            [255.0, 249.0, 196.0],
            [232.0, 245.0, 233.0],
            [243.0, 229.0, 245.0],
            [220.0, 220.0, 220.0],
        ];
        let shades: Vec<[f32; 3]> = (0..3).map(|_| pale[rng.below(pale.len())]).collect();
        let ink = if rng.chance(0.7) {
            grey(&mut rng, 0.0, 90.0, 0.0)
        } else {
            [
                rng.range(20.0, 90.0),
                rng.range(40.0, 110.0),
                rng.range(90.0, 180.0),
            ]
        };
        (
            grey(&mut rng, 225.0, 255.0, 5.0),
            if rng.chance(0.7) {
                [255.0; 3]
            } else {
                grey(&mut rng, 238.0, 255.0, 4.0)
            },
            grey(&mut rng, 170.0, 230.0, 10.0),
            grey(&mut rng, 20.0, 150.0, 10.0),
            ink,
            shades,
        )
    };
    // a tinted screen overrides the theme after it is drawn, so the random stream (and
    // every other screen) stays as it was
    let (dark, page, cell_bg, thin, thick, ink) = if tinted {
        let grey = [GREY_AS_BRIGHT_AS_THE_BLUE; 3];
        (
            false,
            [255.0; 3],
            SELECTION_BLUE,
            grey,
            [60.0; 3],
            [30.0; 3],
        )
    } else {
        (dark, page, cell_bg, thin, thick, ink)
    };
    // layout
    let side = 300 + rng.below(501);
    let cell = side as f32 / 9.0;
    let (ml, mr) = (4 + rng.below(56), 4 + rng.below(56));
    let (mt, mb) = (6 + rng.below(84), 6 + rng.below(134));
    let (w, h) = (side + ml + mr + 1, side + mt + mb + 1);
    let mut canvas = Canvas {
        w,
        h,
        px: vec![page; w * h],
    };
    let (x0, y0) = (ml as f32, mt as f32);
    let edge = |origin: f32, k: usize| (origin + k as f32 * cell).round() as i64;
    canvas.fill(
        x0 as i64,
        y0 as i64,
        x0 as i64 + side as i64,
        y0 as i64 + side as i64,
        cell_bg,
    );
    // the app's shading
    let sel = rng.below(81);
    let (sr, sc) = (sel / 9, sel % 9);
    let mut fills: Vec<Option<[f32; 3]>> = vec![None; 81];
    let style = rng.unit();
    if style < 0.75 {
        for (i, f) in fills.iter_mut().enumerate() {
            let (r, c) = (i / 9, i % 9);
            if r == sr || c == sc || (r / 3 == sr / 3 && c / 3 == sc / 3) {
                *f = Some(shades[0]);
            }
        }
        if givens[sel] != 0 && rng.chance(0.6) {
            for i in 0..81 {
                if givens[i] == givens[sel] {
                    fills[i] = Some(shades[1]);
                }
            }
        }
        fills[sel] = Some(shades[2]);
    } else if style < 0.9 {
        for _ in 0..3 + rng.below(17) {
            let i = rng.below(81);
            fills[i] = Some(shades[rng.below(3)]);
        }
    }
    if rng.chance(0.2) {
        for (i, f) in fills.iter_mut().enumerate() {
            if (i / 27 + i % 9 / 3) % 2 == 1 && f.is_none() {
                *f = Some(shades[0]);
            }
        }
    }
    if tinted {
        fills.fill(None);
    }
    for (i, f) in fills.iter().enumerate() {
        if let Some(col) = f {
            let (r, c) = (i / 9, i % 9);
            canvas.fill(
                edge(x0, c),
                edge(y0, r),
                edge(x0, c + 1),
                edge(y0, r + 1),
                *col,
            );
        }
    }
    // grid lines: thin light cell lines, heavier box lines
    let thin_w = if rng.chance(0.8) { 1 } else { 2 };
    let thick_w = if rng.chance(0.85) {
        1 + rng.below(4) as i64
    } else {
        thin_w
    };
    let border_w = thick_w.max(1 + rng.below(5) as i64);
    let thick_col = if rng.chance(0.8) { thick } else { thin };
    for k in 0..10 {
        let (lw, col) = match k {
            0 | 9 => (border_w, thick_col),
            3 | 6 => (thick_w, thick_col),
            _ => (thin_w, thin),
        };
        let (xk, yk) = (edge(x0, k) - lw / 2, edge(y0, k) - lw / 2);
        let (end_x, end_y) = (x0 as i64 + side as i64 + 1, y0 as i64 + side as i64 + 1);
        canvas.fill(xk, y0 as i64, xk + lw, end_y, col);
        canvas.fill(x0 as i64, yk, end_x, yk + lw, col);
    }
    let subpixel = rng.chance(0.4);
    let bgr = rng.chance(0.3);
    // pencil marks in some empty cells
    let pencil_marks = rng.chance(0.15);
    if pencil_marks {
        let mix = rng.range(0.45, 0.85);
        let col: [f32; 3] = std::array::from_fn(|i| ink[i] * mix + cell_bg[i] * (1.0 - mix));
        let size = cell * rng.range(0.2, 0.3);
        let share = rng.range(0.2, 0.8);
        for (i, &g) in givens.iter().enumerate() {
            if g != 0 || !rng.chance(share) {
                continue;
            }
            let (r, c) = ((i / 9) as f32, (i % 9) as f32);
            for _ in 0..1 + rng.below(5) {
                let n = rng.below(9);
                let at = (
                    x0 + (c + (0.5 + (n % 3) as f32) / 3.0) * cell,
                    y0 + (r + (0.5 + (n / 3) as f32) / 3.0) * cell,
                );
                let ch = char::from(b'1' + n as u8);
                canvas.text(&font, ch, size, at, col, false, false);
            }
        }
    }
    // a number pad under the grid and a title above it
    if mb > 70 && rng.chance(0.7) {
        let size = (mb as f32 * 0.4).min(cell * 0.7);
        for n in 0..9 {
            let at = (
                x0 + (n as f32 + 0.5) * cell,
                y0 + side as f32 + mb as f32 * 0.45,
            );
            canvas.text(&font, char::from(b'1' + n), size, at, ink, subpixel, bgr);
        }
    }
    if mt > 30 {
        let size = rng.range(12.0, 24.0);
        for (i, ch) in "Sudoku 12:34".chars().enumerate() {
            let at = (x0 + 6.0 + i as f32 * size * 0.6, mt as f32 / 2.0);
            canvas.text(&font, ch, size, at, thick, subpixel, bgr);
        }
    }
    // the givens: one size and colour per screen, as apps draw them
    let size = cell * rng.range(0.55, 0.95);
    let (dx, dy) = (rng.range(-0.04, 0.04) * cell, rng.range(-0.06, 0.06) * cell);
    for (i, &g) in givens.iter().enumerate() {
        if g != 0 {
            let (r, c) = ((i / 9) as f32, (i % 9) as f32);
            let at = (x0 + (c + 0.5) * cell + dx, y0 + (r + 0.5) * cell + dy);
            canvas.text(&font, char::from(b'0' + g), size, at, ink, subpixel, bgr);
        }
    }
    let mut picture = canvas.to_image();
    // a browser zoom or a phone screenshot's scaling
    let zoom = if rng.chance(0.3) {
        rng.range(0.7, 1.3)
    } else {
        1.0
    };
    let zoom = if tinted { 1.0 } else { zoom };
    if zoom != 1.0 {
        let (nw, nh) = ((w as f32 * zoom) as u32, (h as f32 * zoom) as u32);
        picture = image::imageops::resize(&picture, nw, nh, image::imageops::FilterType::Triangle);
    }
    let mut bytes = Vec::new();
    let encoding = if rng.chance(0.2) || tinted {
        image::codecs::png::PngEncoder::new(&mut bytes)
            .write_image(
                &picture,
                picture.width(),
                picture.height(),
                image::ExtendedColorType::Rgb8,
            )
            .expect("PNG encodes");
        "PNG".to_string()
    } else {
        let quality = 50 + rng.below(46) as u8;
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality)
            .encode_image(&picture)
            .expect("JPEG encodes");
        format!("JPEG q{quality}")
    };
    DrawnScreen {
        bytes,
        givens: givens
            .iter()
            .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
            .collect(),
        dark,
        pencil_marks,
        description: format!(
            "screen {k}: {font_name} {:.0} px in a {side} px grid{}{}{}, {encoding}",
            size,
            if pencil_marks { ", pencil marks" } else { "" },
            if subpixel { ", sub-pixel" } else { "" },
            if zoom != 1.0 { ", zoomed" } else { "" },
        ),
    }
}
