//! The matrix product under the networks' convolutions and dense layers: `c += a × b`, with
//! an AVX2 + FMA path chosen at run time and a portable one.
//!
//! The rows of `b` are given by their offsets in one buffer, so they may lie anywhere in it,
//! overlapping too: a convolution passes shifted views of its padded input as the rows, and
//! needs no im2col copy (`network.rs`).
//!
//! Algorithm (register blocking): `c` is cut into blocks of [`MR`] rows × [`NR`] columns; a
//! block's sums live in registers while `k` runs over the shared dimension, each step reading
//! one row segment of `b` (`NR` values, two AVX vectors) and `MR` values of `a`, each
//! broadcast and multiplied into the segment: `MR × NR` multiply-adds for `NR + MR` loads, so
//! the loop is bound by arithmetic, not memory. Column blocks are the outer loop, so the
//! `k × NR` panel of `b` they read stays in the first-level cache while every row block of
//! `a` passes over it. Leftover rows take the same kernel with four, two or one rows;
//! leftover columns (fewer than `NR`) a plain loop.
//!
//! Both paths add the products of one output in the same order (`k` ascending, starting from
//! `c`'s value); they differ only in rounding, the AVX path fusing each multiply-add.

/// Rows of `c` a block holds in registers.
const MR: usize = 6;
/// Columns of `c` a block holds in registers: two vectors of eight floats.
const NR: usize = 16;

/// `c[i][j] += Σₖ a[i][k] · b[rows[k] + j]` for row-major `a` (`m × k`, `k = rows.len()`) and
/// `c` (`m × n`), with the fastest path this CPU has.
///
/// # Panics
/// If a slice is shorter than the shapes say or a row of `b` runs past its end (a bug in the
/// caller, never bad input: the network checks every shape when it is built).
pub fn matmul_add(a: &[f32], b: &[f32], rows: &[usize], c: &mut [f32], m: usize, n: usize) {
    check(a, b, rows, c, m, n);
    #[cfg(target_arch = "x86_64")]
    if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has the features the function is compiled for, and `check` proved
        // every index the kernel forms in bounds.
        unsafe { avx::matmul_add(a, b, rows, c, m, n) };
        return;
    }
    portable_matmul_add(a, b, rows, c, m, n);
}

fn check(a: &[f32], b: &[f32], rows: &[usize], c: &[f32], m: usize, n: usize) {
    assert!(a.len() >= m * rows.len() && c.len() >= m * n);
    assert!(rows.iter().all(|&r| r + n <= b.len()));
}

/// The portable path of [`matmul_add`]: the same blocking, in plain arrays the compiler
/// vectorises for whatever the target has.
pub fn portable_matmul_add(
    a: &[f32],
    b: &[f32],
    rows: &[usize],
    c: &mut [f32],
    m: usize,
    n: usize,
) {
    check(a, b, rows, c, m, n);
    let full = n - n % NR;
    for j in (0..full).step_by(NR) {
        let mut i = 0;
        while i + MR <= m {
            portable_block::<MR>(a, b, rows, c, i, j, n);
            i += MR;
        }
        // the leftover rows in blocks of four, two and one
        while i + 4 <= m {
            portable_block::<4>(a, b, rows, c, i, j, n);
            i += 4;
        }
        while i + 2 <= m {
            portable_block::<2>(a, b, rows, c, i, j, n);
            i += 2;
        }
        while i < m {
            portable_block::<1>(a, b, rows, c, i, j, n);
            i += 1;
        }
    }
    let k = rows.len();
    for i in 0..m {
        for jj in full..n {
            let mut s = c[i * n + jj];
            for (kk, &r) in rows.iter().enumerate() {
                s += a[i * k + kk] * b[r + jj];
            }
            c[i * n + jj] = s;
        }
    }
}

/// One `R × NR` block of `c` at row `i`, column `j`, summed in registers.
#[inline(always)]
fn portable_block<const R: usize>(
    a: &[f32],
    b: &[f32],
    rows: &[usize],
    c: &mut [f32],
    i: usize,
    j: usize,
    n: usize,
) {
    let k = rows.len();
    let mut acc = [[0.0f32; NR]; R];
    for (r, sums) in acc.iter_mut().enumerate() {
        sums.copy_from_slice(&c[(i + r) * n + j..][..NR]);
    }
    for (kk, &row) in rows.iter().enumerate() {
        let bs: &[f32; NR] = b[row + j..][..NR].try_into().unwrap();
        for (r, sums) in acc.iter_mut().enumerate() {
            let w = a[(i + r) * k + kk];
            for (x, &y) in sums.iter_mut().zip(bs) {
                *x += w * y;
            }
        }
    }
    for (r, sums) in acc.iter().enumerate() {
        c[(i + r) * n + j..][..NR].copy_from_slice(sums);
    }
}

#[cfg(target_arch = "x86_64")]
mod avx {
    use super::{MR, NR};
    use std::arch::x86_64::*;

    /// [`super::matmul_add`] with AVX2 vectors and fused multiply-adds.
    ///
    /// # Safety
    /// The CPU must have AVX2 and FMA, and the slices must pass `super::check`.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn matmul_add(
        a: &[f32],
        b: &[f32],
        rows: &[usize],
        c: &mut [f32],
        m: usize,
        n: usize,
    ) {
        let full = n - n % NR;
        for j in (0..full).step_by(NR) {
            let mut i = 0;
            while i + MR <= m {
                block::<MR>(a, b, rows, c, i, j, n);
                i += MR;
            }
            while i + 4 <= m {
                block::<4>(a, b, rows, c, i, j, n);
                i += 4;
            }
            while i + 2 <= m {
                block::<2>(a, b, rows, c, i, j, n);
                i += 2;
            }
            while i < m {
                block::<1>(a, b, rows, c, i, j, n);
                i += 1;
            }
        }
        // the leftover columns with fused multiply-adds too, so that an output's rounding
        // does not depend on where it falls
        let k = rows.len();
        for i in 0..m {
            for jj in full..n {
                let mut s = c[i * n + jj];
                for (kk, &r) in rows.iter().enumerate() {
                    s = a[i * k + kk].mul_add(b[r + jj], s);
                }
                c[i * n + jj] = s;
            }
        }
    }

    /// One `R × NR` block of `c` at row `i`, column `j`: `2R` accumulators, two loads of `b`
    /// and `R` broadcasts of `a` per step of `k`.
    ///
    /// # Safety
    /// As [`matmul_add`], with `i + R ≤ m` and `j + NR ≤ n`.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn block<const R: usize>(
        a: &[f32],
        b: &[f32],
        rows: &[usize],
        c: &mut [f32],
        i: usize,
        j: usize,
        n: usize,
    ) {
        let k = rows.len();
        let cp = c.as_mut_ptr();
        let (ap, bp) = (a.as_ptr(), b.as_ptr());
        let mut acc = [[_mm256_setzero_ps(); 2]; R];
        for (r, sums) in acc.iter_mut().enumerate() {
            let p = cp.add((i + r) * n + j);
            *sums = [_mm256_loadu_ps(p), _mm256_loadu_ps(p.add(8))];
        }
        for (kk, &row) in rows.iter().enumerate() {
            let p = bp.add(row + j);
            let (b0, b1) = (_mm256_loadu_ps(p), _mm256_loadu_ps(p.add(8)));
            for (r, sums) in acc.iter_mut().enumerate() {
                let w = _mm256_broadcast_ss(&*ap.add((i + r) * k + kk));
                sums[0] = _mm256_fmadd_ps(w, b0, sums[0]);
                sums[1] = _mm256_fmadd_ps(w, b1, sums[1]);
            }
        }
        for (r, sums) in acc.iter().enumerate() {
            let p = cp.add((i + r) * n + j);
            _mm256_storeu_ps(p, sums[0]);
            _mm256_storeu_ps(p.add(8), sums[1]);
        }
    }
}
