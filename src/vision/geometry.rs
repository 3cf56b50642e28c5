//! Plane geometry of the grid: homographies (exact from four points, least squares from many),
//! warping through them, and the quadrilaterals that outline a grid.

use image::GrayImage;

/// A 3x3 projective map `p -> H p` (row-major, f64 for stable fitting).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Homography(pub [f64; 9]);

impl Homography {
    /// The map sending each `from[i]` to `to[i]`; `None` for degenerate (collinear) points.
    pub fn from_4(from: [(f64, f64); 4], to: [(f64, f64); 4]) -> Option<Homography> {
        Homography::fit(&from, &to)
    }

    /// Least-squares homography over `n >= 4` correspondences (DLT with h33 = 1 on
    /// normalised coordinates, so pixel magnitudes do not swamp the conditioning).
    pub fn fit(from: &[(f64, f64)], to: &[(f64, f64)]) -> Option<Homography> {
        if from.len() < 4 || from.len() != to.len() {
            return None;
        }
        let (nf, tf) = normaliser(from);
        let (nt, tt) = normaliser(to);
        let mut ata = [[0f64; 8]; 8];
        let mut atb = [0f64; 8];
        for (p, q) in from.iter().zip(to) {
            let (x, y) = tf.apply(*p);
            let (u, v) = tt.apply(*q);
            let rows = [
                ([x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y], u),
                ([0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y], v),
            ];
            for (r, b) in rows {
                for i in 0..8 {
                    atb[i] += r[i] * b;
                    for j in 0..8 {
                        ata[i][j] += r[i] * r[j];
                    }
                }
            }
        }
        let h = solve_linear(ata, atb)?;
        let hn = Homography([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0]);
        // undo the normalisations: H = Nt^-1 * Hn * Nf
        let full = nt.inverse()?.compose(&hn).compose(&nf);
        Some(full.scaled())
    }

    pub fn apply(&self, (x, y): (f64, f64)) -> (f64, f64) {
        let h = &self.0;
        let w = h[6] * x + h[7] * y + h[8];
        (
            (h[0] * x + h[1] * y + h[2]) / w,
            (h[3] * x + h[4] * y + h[5]) / w,
        )
    }

    /// `self` after `other`: x -> self(other(x)).
    pub fn compose(&self, other: &Homography) -> Homography {
        let (a, b) = (&self.0, &other.0);
        let mut m = [0f64; 9];
        for r in 0..3 {
            for c in 0..3 {
                m[r * 3 + c] = (0..3).map(|k| a[r * 3 + k] * b[k * 3 + c]).sum();
            }
        }
        Homography(m)
    }

    pub fn inverse(&self) -> Option<Homography> {
        let m = &self.0;
        let det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
            + m[2] * (m[3] * m[7] - m[4] * m[6]);
        if det.abs() < 1e-12 || !det.is_finite() {
            return None;
        }
        let inv = [
            m[4] * m[8] - m[5] * m[7],
            m[2] * m[7] - m[1] * m[8],
            m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8],
            m[0] * m[8] - m[2] * m[6],
            m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6],
            m[1] * m[6] - m[0] * m[7],
            m[0] * m[4] - m[1] * m[3],
        ];
        Some(Homography(inv.map(|v| v / det)).scaled())
    }

    fn scaled(self) -> Homography {
        let s = self.0[8];
        if s.abs() > 1e-12 {
            Homography(self.0.map(|v| v / s))
        } else {
            self
        }
    }
}

fn normaliser(pts: &[(f64, f64)]) -> (Homography, Homography) {
    let n = pts.len() as f64;
    let (mx, my) = pts
        .iter()
        .fold((0.0, 0.0), |a, p| (a.0 + p.0 / n, a.1 + p.1 / n));
    let d = pts
        .iter()
        .map(|p| ((p.0 - mx).powi(2) + (p.1 - my).powi(2)).sqrt())
        .sum::<f64>()
        / n;
    let s = if d > 1e-9 {
        std::f64::consts::SQRT_2 / d
    } else {
        1.0
    };
    let h = Homography([s, 0.0, -s * mx, 0.0, s, -s * my, 0.0, 0.0, 1.0]);
    (h, h)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` when singular.
// Gaussian elimination reads as the textbook formula with indices; iterators would hide it.
#[allow(clippy::needless_range_loop)]
pub fn solve_linear<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> Option<[f64; N]> {
    for col in 0..N {
        let piv = (col..N).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[piv][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, piv);
        b.swap(col, piv);
        for r in 0..N {
            if r != col {
                let f = a[r][col] / a[col][col];
                for c in col..N {
                    a[r][c] -= f * a[col][c];
                }
                b[r] -= f * b[col];
            }
        }
    }
    Some(std::array::from_fn(|i| b[i] / a[i][i]))
}

/// Bilinear sample with edge replication; coordinates are pixel centres.
pub fn sample_bilinear(image: &GrayImage, x: f64, y: f64) -> f32 {
    let (w, h) = (image.width() as i64, image.height() as i64);
    let x = x.clamp(0.0, (w - 1) as f64);
    let y = y.clamp(0.0, (h - 1) as f64);
    // clamped to be non-negative, so truncation is the floor, without the libm call that
    // baseline x86-64 makes of `floor` (3% of the dataset photos' reading time went to it)
    let (x0, y0) = (x as i64, y as i64);
    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
    let (tx, ty) = ((x - x0 as f64) as f32, (y - y0 as f64) as f32);
    // Raw indexing, not `get_pixel`: `image`'s generic accessors are instantiated here and,
    // in the debug builds the tests run, cost more than the arithmetic around them.
    let raw = image.as_raw();
    let p = |xx: i64, yy: i64| f32::from(raw[(yy * w + xx) as usize]);
    let top = p(x0, y0) * (1.0 - tx) + p(x1, y0) * tx;
    let bot = p(x0, y1) * (1.0 - tx) + p(x1, y1) * tx;
    top * (1.0 - ty) + bot * ty
}

/// Fills `out` (at `origin` within it, `size` pixels square) by pulling each pixel through
/// `to_src`, which maps output coordinates to source coordinates.
pub fn warp_block(
    src: &GrayImage,
    to_src: &Homography,
    out: &mut GrayImage,
    origin: (u32, u32),
    size: u32,
) {
    let out_width = out.width() as usize;
    let raw = out.as_mut();
    for y in 0..size {
        for x in 0..size {
            let (ox, oy) = (origin.0 + x, origin.1 + y);
            let (sx, sy) = to_src.apply((f64::from(ox), f64::from(oy)));
            let v = sample_bilinear(src, sx, sy);
            raw[oy as usize * out_width + ox as usize] = (v + 0.5) as u8;
        }
    }
}

/// A quadrilateral's corners, clockwise from the top-left (in image coordinates, y down).
pub type Quad = [(f64, f64); 4];

/// The homography sending the canonical square of `side` pixels (corners clockwise from the
/// origin) onto `corners`; `None` for a degenerate outline.
pub fn canonical_to_image(corners: &Quad, side: f64) -> Option<Homography> {
    Homography::from_4(
        [(0.0, 0.0), (side, 0.0), (side, side), (0.0, side)],
        *corners,
    )
}

/// The outline `corners` (clockwise from the top-left) of a 9x9 grid moved by whole cells,
/// `(across, down)`, along its own perspective.
pub fn moved_by_cells(corners: &Quad, (across, down): (i32, i32)) -> Option<Quad> {
    let side = 9.0;
    let h = canonical_to_image(corners, side)?;
    let (dx, dy) = (f64::from(across), f64::from(down));
    Some(
        [(0.0, 0.0), (side, 0.0), (side, side), (0.0, side)]
            .map(|(x, y)| h.apply((x + dx, y + dy))),
    )
}

/// Area of a simple quadrilateral by the shoelace formula: half the absolute sum of the
/// cross products of consecutive corners.
pub fn quad_area(c: &Quad) -> f64 {
    let mut a = 0.0;
    for i in 0..4 {
        let (p, q) = (c[i], c[(i + 1) % 4]);
        a += p.0 * q.1 - q.0 * p.1;
    }
    a.abs() / 2.0
}

/// Whether the quadrilateral is strictly convex: the cross product of each pair of
/// consecutive edges is non-zero and of one sign all the way round (either orientation).
pub fn is_convex(c: &Quad) -> bool {
    let mut sign = 0.0f64;
    for i in 0..4 {
        let (a, b, d) = (c[i], c[(i + 1) % 4], c[(i + 2) % 4]);
        let cross = (b.0 - a.0) * (d.1 - b.1) - (b.1 - a.1) * (d.0 - b.0);
        if cross.abs() < 1e-9 {
            return false;
        }
        if sign != 0.0 && cross.signum() != sign {
            return false;
        }
        sign = cross.signum();
    }
    true
}

/// The mean of the four corners.
pub fn quad_centre(c: &Quad) -> (f64, f64) {
    c.iter()
        .fold((0.0, 0.0), |s, p| (s.0 + p.0 / 4.0, s.1 + p.1 / 4.0))
}

/// Whether `(x, y)` lies inside the convex quadrilateral `c` or on its border: on the same
/// side of all four edges (the sign of each edge's cross product with the point).
pub fn quad_contains(c: &Quad, (x, y): (f64, f64)) -> bool {
    let side = |i: usize| {
        let (p, q) = (c[i], c[(i + 1) % 4]);
        (q.0 - p.0) * (y - p.1) - (q.1 - p.1) * (x - p.0)
    };
    (0..4).all(|i| side(i) >= 0.0) || (0..4).all(|i| side(i) <= 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_point_map_hits_its_control_points() {
        let from = [(0.0, 0.0), (288.0, 0.0), (288.0, 288.0), (0.0, 288.0)];
        let to = [(40.0, 11.0), (579.0, 14.0), (591.0, 463.0), (45.0, 474.0)];
        let h = Homography::from_4(from, to).unwrap();
        for (f, t) in from.iter().zip(&to) {
            let p = h.apply(*f);
            assert!(
                (p.0 - t.0).abs() < 1e-6 && (p.1 - t.1).abs() < 1e-6,
                "{p:?} vs {t:?}"
            );
        }
        let back = h.inverse().unwrap().apply(to[2]);
        assert!((back.0 - 288.0).abs() < 1e-6 && (back.1 - 288.0).abs() < 1e-6);
    }

    #[test]
    fn least_squares_recovers_a_map_from_many_points() {
        let truth = Homography([1.2, 0.1, 30.0, -0.05, 0.9, 12.0, 0.0004, -0.0002, 1.0]);
        let from: Vec<(f64, f64)> = (0..10)
            .flat_map(|i| (0..10).map(move |j| (j as f64 * 32.0, i as f64 * 32.0)))
            .collect();
        let to: Vec<_> = from.iter().map(|p| truth.apply(*p)).collect();
        let h = Homography::fit(&from, &to).unwrap();
        for (a, b) in h.0.iter().zip(truth.0.iter()) {
            assert!((a - b).abs() < 1e-6 * b.abs().max(1.0), "{:?}", h.0);
        }
    }

    #[test]
    fn quadrilaterals_are_measured_and_tested() {
        let square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        assert_eq!(quad_area(&square), 100.0);
        assert!(is_convex(&square));
        assert_eq!(quad_centre(&square), (5.0, 5.0));
        assert!(quad_contains(&square, (9.0, 1.0)));
        assert!(!quad_contains(&square, (11.0, 1.0)));
        // a dart: one corner pushed inside
        let dart = [(0.0, 0.0), (10.0, 0.0), (4.0, 4.0), (0.0, 10.0)];
        assert!(!is_convex(&dart));
        let (x, y) = canonical_to_image(&square, 1.0).unwrap().apply((1.0, 1.0));
        assert!(
            (x - 10.0).abs() < 1e-9 && (y - 10.0).abs() < 1e-9,
            "{x}, {y}"
        );
    }

    #[test]
    fn collinear_points_have_no_homography() {
        let from = [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)];
        assert!(Homography::from_4(from, from).is_none());
    }

    #[test]
    fn an_outline_moves_by_whole_cells_along_its_perspective() {
        let square: Quad = [(10.0, 10.0), (100.0, 10.0), (100.0, 100.0), (10.0, 100.0)];
        let up = moved_by_cells(&square, (0, -1)).unwrap();
        for (a, b) in up
            .iter()
            .zip([(10.0, 0.0), (100.0, 0.0), (100.0, 90.0), (10.0, 90.0)])
        {
            assert!(
                (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9,
                "{up:?}"
            );
        }
        // a grid seen from below: its top cells are smaller, and a cell up is a smaller step
        let tilted: Quad = [(30.0, 10.0), (70.0, 10.0), (100.0, 100.0), (0.0, 100.0)];
        let up = moved_by_cells(&tilted, (0, -1)).unwrap();
        let step_top = tilted[0].1 - up[0].1;
        let step_bottom = tilted[3].1 - up[3].1;
        assert!(step_top > 0.0 && step_top < step_bottom, "{up:?}");
    }
}
