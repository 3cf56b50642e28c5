//! No grid, no answer: noise of every kind, textures, a page of text and grids that are not a
//! Sudoku's are "no Sudoku grid found", never a grid. Every image is made here, from a fixed
//! seed, so each run sees the same pixels.

use crate::screen_maker::{Rng as SplitMix64, GREY_AS_BRIGHT_AS_THE_BLUE, SELECTION_BLUE};
use image::{GrayImage, Luma};
use sudolens::vision::{self, DigitModel, ImportError, ImportOptions};

/// A random stream for the noise images: SplitMix64's numbers as doubles, the same on
/// every run.
struct Rng(SplitMix64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(SplitMix64(seed))
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.0.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Standard normal (Box-Muller).
    fn gauss(&mut self) -> f64 {
        let (u, v) = (self.unit().max(1e-12), self.unit());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}

fn grey(v: f64) -> Luma<u8> {
    Luma([v.round().clamp(0.0, 255.0) as u8])
}

fn field(w: u32, h: u32, mut f: impl FnMut(u32, u32) -> f64) -> GrayImage {
    let mut img = GrayImage::new(w, h);
    for y in 0..h {
        for x in 0..w {
            img.put_pixel(x, y, grey(f(x, y)));
        }
    }
    img
}

fn uniform(w: u32, h: u32, seed: u64) -> GrayImage {
    let mut r = Rng::new(seed);
    field(w, h, |_, _| r.unit() * 256.0)
}

fn gaussian(w: u32, h: u32, seed: u64, mean: f64, sigma: f64) -> GrayImage {
    let mut r = Rng::new(seed);
    field(w, h, |_, _| mean + sigma * r.gauss())
}

fn salt_and_pepper(w: u32, h: u32, seed: u64, paper: f64, share: f64) -> GrayImage {
    let mut r = Rng::new(seed);
    field(w, h, |_, _| match r.unit() {
        u if u < share / 2.0 => 0.0,
        u if u > 1.0 - share / 2.0 => 255.0,
        _ => paper,
    })
}

/// Smooth random blobs: Gaussian noise blurred by three box passes of `radius` each way,
/// stretched to a standard deviation of 50 grey levels around mid-grey.
fn blobs(w: u32, h: u32, seed: u64, radius: usize) -> GrayImage {
    let mut r = Rng::new(seed);
    let (wu, hu) = (w as usize, h as usize);
    let mut v: Vec<f64> = (0..wu * hu).map(|_| r.gauss()).collect();
    for _ in 0..3 {
        box_pass(&mut v, wu, hu, radius, true);
        box_pass(&mut v, wu, hu, radius, false);
    }
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    let sd = (v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / v.len() as f64).sqrt();
    field(w, h, |x, y| {
        128.0 + 50.0 * (v[(y * w + x) as usize] - mean) / sd
    })
}

/// Averages each pixel of the `w` x `h` values `v` with its `radius` neighbours each way along
/// rows (`along_rows`) or columns.
fn box_pass(v: &mut [f64], w: usize, h: usize, radius: usize, along_rows: bool) {
    let (lines, len) = if along_rows { (h, w) } else { (w, h) };
    let at = |line: usize, i: usize| {
        if along_rows {
            line * w + i
        } else {
            i * w + line
        }
    };
    for line in 0..lines {
        let src: Vec<f64> = (0..len).map(|i| v[at(line, i)]).collect();
        for i in 0..len {
            let (a, b) = (i.saturating_sub(radius), (i + radius + 1).min(len));
            v[at(line, i)] = src[a..b].iter().sum::<f64>() / (b - a) as f64;
        }
    }
}

/// A brick wall: pale mortar joints, each course's joints shifted half a brick.
fn bricks(w: u32, h: u32, seed: u64, brick: (u32, u32)) -> GrayImage {
    let mut r = Rng::new(seed);
    let (bw, bh) = brick;
    field(w, h, |x, y| {
        let course = y / bh;
        let shifted = x + (course % 2) * bw / 2;
        if y % bh < 4 || shifted % bw < 4 {
            215.0 + 8.0 * r.gauss()
        } else {
            140.0 + 14.0 * r.gauss()
        }
    })
}

/// A newspaper page: a headline, then columns of text lines, words of random lengths.
fn text_page(w: u32, h: u32, seed: u64) -> GrayImage {
    let mut r = Rng::new(seed);
    // each text line's words: (start, end) in x, per column
    let col_w = (w - 40) / 3;
    let mut words = Vec::new();
    for line in 0..(h - 80) / 18 {
        for col in 0..3 {
            let mut x = 20 + col * col_w;
            while x + 12 < 20 + (col + 1) * col_w - 10 {
                let len = 10 + (r.unit() * 45.0) as u32;
                words.push((line, x, (x + len).min(20 + (col + 1) * col_w - 10)));
                x += len + 6;
            }
        }
    }
    let mut img = GrayImage::from_pixel(w, h, Luma([228]));
    for (line, x0, x1) in words {
        let y0 = 70 + line * 18;
        for y in y0..y0 + 9 {
            for x in x0..x1 {
                // letters: vertical strokes with gaps
                if (x + y0) % 5 < 3 {
                    img.put_pixel(x, y, Luma([35]));
                }
            }
        }
    }
    for y in 15..50 {
        for x in 20..w - 20 {
            if x % 19 < 14 {
                img.put_pixel(x, y, Luma([20]));
            }
        }
    }
    img
}

/// A grid that is not a Sudoku's: `n` x `n` cells, lines every `cell` pixels, some cells
/// filled black (a crossword) when `black` says so.
fn other_grid(n: u32, cell: u32, seed: u64, black: f64) -> GrayImage {
    let mut r = Rng::new(seed);
    let side = n * cell;
    let (w, h) = (side + 100, side + 80);
    let filled: Vec<bool> = (0..n * n).map(|_| r.unit() < black).collect();
    field(w, h, |x, y| {
        let (gx, gy) = (x as i64 - 50, y as i64 - 40);
        if gx < 0 || gy < 0 || gx > side as i64 + 1 || gy > side as i64 + 1 {
            return 232.0;
        }
        let (gx, gy) = (gx as u32, gy as u32);
        let line = gx % cell < 2 || gy % cell < 2;
        let cell_index = (gy / cell).min(n - 1) * n + (gx / cell).min(n - 1);
        if line || filled[cell_index as usize] {
            25.0
        } else {
            232.0
        }
    })
}

/// `img` (a grey drawing of ink on paper) in colour, as a web page might draw it: the paper
/// tinted pale blue and the ink a light grey exactly as bright, so that only the hue tells
/// them apart (the case `vision::load::decode_colour_muted` reads again).
fn tinted(img: &GrayImage) -> image::RgbImage {
    let grey = GREY_AS_BRIGHT_AS_THE_BLUE.round() as u8;
    image::RgbImage::from_fn(img.width(), img.height(), |x, y| {
        image::Rgb(if img.get_pixel(x, y)[0] > 128 {
            SELECTION_BLUE.map(|v| v as u8)
        } else {
            [grey; 3]
        })
    })
}

fn encode(img: &GrayImage, format: image::ImageFormat) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, format).unwrap();
    out.into_inner()
}

#[test]
fn images_without_a_sudoku_grid_have_no_grid() {
    use image::ImageFormat::{Jpeg, Png};
    let images: Vec<(&str, GrayImage, image::ImageFormat)> = vec![
        ("uniform noise", uniform(480, 360, 1), Png),
        ("uniform noise, JPEG", uniform(400, 400, 2), Jpeg),
        ("Gaussian noise", gaussian(480, 360, 3, 128.0, 45.0), Png),
        (
            "dark Gaussian noise",
            gaussian(420, 320, 4, 70.0, 30.0),
            Jpeg,
        ),
        (
            "salt and pepper",
            salt_and_pepper(480, 360, 5, 170.0, 0.1),
            Png,
        ),
        ("fine blobs", blobs(480, 360, 6, 2), Png),
        ("blobs", blobs(480, 360, 7, 6), Jpeg),
        ("large blobs", blobs(400, 400, 8, 16), Png),
        ("brick wall", bricks(480, 360, 9, (64, 28)), Jpeg),
        ("page of text", text_page(560, 420, 10), Jpeg),
        ("crossword", other_grid(15, 24, 11, 0.18), Png),
        ("table of 6 x 6", other_grid(6, 50, 12, 0.0), Png),
    ];
    let mut encoded: Vec<(&str, Vec<u8>)> = images
        .iter()
        .map(|(name, img, format)| (*name, encode(img, *format)))
        .collect();
    for (name, img) in [
        ("crossword in colour", other_grid(15, 24, 13, 0.18)),
        ("table of 6 x 6 in colour", other_grid(6, 50, 14, 0.0)),
        ("page of text in colour", text_page(560, 420, 15)),
    ] {
        let mut png = std::io::Cursor::new(Vec::new());
        tinted(&img).write_to(&mut png, Png).unwrap();
        encoded.push((name, png.into_inner()));
    }
    let model = DigitModel::bundled().unwrap();
    let opts = ImportOptions::default();
    let mut grids = Vec::new();
    for (name, bytes) in &encoded {
        match vision::import_bytes(bytes, &model, &opts) {
            Err(ImportError::NoGrid) => {}
            Err(e) => grids.push(format!("{name}: {e}")),
            Ok(r) => grids.push(format!(
                "{name}: a grid at {:?}, givens {}",
                r.corners, r.givens
            )),
        }
    }
    assert!(grids.is_empty(), "read as grids: {grids:#?}");
}
