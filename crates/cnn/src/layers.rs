//! The layers a network runs and their forward passes, on float32 samples laid out channel
//! by channel, row by row (ONNX's NCHW).

use crate::matmul::matmul_add;
use crate::network::Shape;

/// A 2-D convolution, bias added and optionally followed by Relu.
#[derive(Debug)]
pub(crate) struct Conv {
    /// `[out][in][ky][kx]`, i.e. one row of `in · kh · kw` weights per output channel.
    pub(crate) weights: Vec<f32>,
    pub(crate) bias: Vec<f32>,
    pub(crate) kernel: [usize; 2],
    pub(crate) strides: [usize; 2],
    /// Top, left, bottom, right.
    pub(crate) pads: [usize; 4],
    pub(crate) relu: bool,
}

/// Max pooling over a window, without padding.
#[derive(Debug)]
pub(crate) struct MaxPool {
    pub(crate) kernel: [usize; 2],
    pub(crate) strides: [usize; 2],
}

/// `y = x · W + b` on flat vectors, optionally followed by Relu.
#[derive(Debug)]
pub(crate) struct Dense {
    /// `[in][out]` (ONNX's `B` with transB = 0), scaled by Gemm's alpha.
    pub(crate) weights: Vec<f32>,
    /// Scaled by Gemm's beta.
    pub(crate) bias: Vec<f32>,
    /// Where each row of `weights` starts, for [`matmul_add`].
    pub(crate) rows: Vec<usize>,
    pub(crate) relu: bool,
}

#[derive(Debug)]
pub(crate) enum Layer {
    Conv(Conv),
    MaxPool(MaxPool),
    Relu,
    /// The samples are already flat in memory: only the shape changes.
    Flatten,
    Dense(Dense),
    Softmax,
}

/// Convolution as a matrix product: `out[co][p] = bias[co] + Σ_k weights[co][k] · in_k[p]`,
/// `k` running over the taps `(ci, ky, kx)` and `in_k[p]` being the input pixel under tap `k`
/// for output pixel `p` (zero in the padding); the weights are exactly the rows of that
/// product's left matrix. Relu follows if fused.
pub(crate) fn conv(c: &Conv, x: &[f32], shape: Shape, samples: usize) -> Vec<f32> {
    let mut out = if c.strides == [1, 1] {
        conv_shifted(c, x, shape, samples)
    } else {
        conv_im2col(c, x, shape, samples)
    };
    if c.relu {
        relu(&mut out);
    }
    out
}

/// A stride-1 convolution without im2col: the input is copied once into zero-padded planes
/// of width `pw = w + pl + pr`, and the output computed on that width too (its last `pw - ow`
/// columns are discarded). Then the row of tap `(ci, ky, kx)` in the product is the padded
/// plane `ci` itself, read from `ky · pw + kx`: a shifted view, no copy, and the whole padded
/// input stays in the first-level cache.
fn conv_shifted(c: &Conv, x: &[f32], shape: Shape, samples: usize) -> Vec<f32> {
    let Shape::Image(ci, h, w) = shape else {
        unreachable!("checked when built")
    };
    let [kh, kw] = c.kernel;
    let [pt, pl, pb, pr] = c.pads;
    let (ph, pw) = (h + pt + pb, w + pl + pr);
    let (oh, ow) = (ph - kh + 1, pw - kw + 1);
    let (co, plane, n) = (c.bias.len(), ph * pw, (ph - kh + 1) * pw);
    let rows: Vec<usize> = (0..ci * kh * kw)
        .map(|k| (k / (kh * kw)) * plane + (k / kw % kh) * pw + k % kw)
        .collect();
    // the discarded columns of the last output row read up to kw - 1 values past the planes
    let mut padded = vec![0.0f32; ci * plane + kw];
    let mut wide = vec![0.0f32; co * n];
    let mut out = vec![0.0f32; samples * co * oh * ow];
    for (xs, os) in x
        .chunks_exact(ci * h * w)
        .zip(out.chunks_exact_mut(co * oh * ow))
    {
        // only the interior is written: the padding stays zero from one sample to the next
        for (src, dst) in xs.chunks_exact(h * w).zip(padded.chunks_exact_mut(plane)) {
            for (s, d) in src.chunks_exact(w).zip(dst[pt * pw..].chunks_exact_mut(pw)) {
                d[pl..pl + w].copy_from_slice(s);
            }
        }
        for (o, b) in wide.chunks_exact_mut(n).zip(&c.bias) {
            o.fill(*b);
        }
        matmul_add(&c.weights, &padded, &rows, &mut wide, co, n);
        for (src, dst) in wide.chunks_exact(pw).zip(os.chunks_exact_mut(ow)) {
            dst.copy_from_slice(&src[..ow]);
        }
    }
    out
}

/// Any other convolution, by im2col: per sample, `col[(ci, ky, kx)][(oy, ox)]` holds the
/// input pixel under that tap for that output pixel (zero in the padding), and the product
/// reads its rows.
fn conv_im2col(c: &Conv, x: &[f32], shape: Shape, samples: usize) -> Vec<f32> {
    let Shape::Image(ci, h, w) = shape else {
        unreachable!("checked when built")
    };
    let [kh, kw] = c.kernel;
    let [sy, sx] = c.strides;
    let [pt, pl, pb, pr] = c.pads;
    let oh = (h + pt + pb - kh) / sy + 1;
    let ow = (w + pl + pr - kw) / sx + 1;
    let (co, kk, p) = (c.bias.len(), ci * kh * kw, oh * ow);
    let rows: Vec<usize> = (0..kk).map(|k| k * p).collect();
    let mut col = vec![0.0f32; kk * p];
    let mut out = vec![0.0f32; samples * co * p];
    for (xs, os) in x.chunks_exact(ci * h * w).zip(out.chunks_exact_mut(co * p)) {
        for (k, row) in col.chunks_exact_mut(p).enumerate() {
            let (ch, ky, kx) = (k / (kh * kw), k / kw % kh, k % kw);
            for (oy, dst) in row.chunks_exact_mut(ow).enumerate() {
                let iy = (oy * sy + ky).wrapping_sub(pt);
                if iy >= h {
                    dst.fill(0.0);
                    continue;
                }
                let src = &xs[(ch * h + iy) * w..][..w];
                for (ox, d) in dst.iter_mut().enumerate() {
                    let ix = (ox * sx + kx).wrapping_sub(pl);
                    *d = if ix < w { src[ix] } else { 0.0 };
                }
            }
        }
        for (o, b) in os.chunks_exact_mut(p).zip(&c.bias) {
            o.fill(*b);
        }
        matmul_add(&c.weights, &col, &rows, os, co, p);
    }
    out
}

/// Max pooling: each output is the largest input under its window (no padding, so every
/// window lies inside the input).
///
/// Row by row of the output: the row starts at -∞, then each of the window's taps `(ky, kx)`
/// takes its maximum with the input row `oy · sy + ky` read from `kx` in steps of `sx`, a
/// loop over contiguous outputs that the compiler vectorises (a maximum is exact, so the
/// order of the taps changes nothing).
pub(crate) fn max_pool(pool: &MaxPool, x: &[f32], shape: Shape, samples: usize) -> Vec<f32> {
    let Shape::Image(c, h, w) = shape else {
        unreachable!("checked when built")
    };
    let ([kh, kw], [sy, sx]) = (pool.kernel, pool.strides);
    let (oh, ow) = ((h - kh) / sy + 1, (w - kw) / sx + 1);
    let mut out = vec![0.0f32; samples * c * oh * ow];
    for (plane, o) in x.chunks_exact(h * w).zip(out.chunks_exact_mut(oh * ow)) {
        for (oy, orow) in o.chunks_exact_mut(ow).enumerate() {
            orow.fill(f32::NEG_INFINITY);
            for ky in 0..kh {
                let row = &plane[(oy * sy + ky) * w..][..w];
                if kw == sx {
                    // windows side by side (a 1x2 pooling of stride 2): output `ox` takes
                    // chunk `ox` of the row, all its taps at once
                    for (m, win) in orow.iter_mut().zip(row[..ow * sx].chunks_exact(sx)) {
                        for &v in win {
                            *m = if v > *m { v } else { *m };
                        }
                    }
                    continue;
                }
                for kx in 0..kw {
                    if sx == 1 {
                        for (m, &v) in orow.iter_mut().zip(&row[kx..]) {
                            *m = if v > *m { v } else { *m };
                        }
                    } else {
                        for (m, &v) in orow.iter_mut().zip(row[kx..].iter().step_by(sx)) {
                            *m = if v > *m { v } else { *m };
                        }
                    }
                }
            }
        }
    }
    out
}

/// Relu in place: `max(x, 0)`, written as a comparison the compiler vectorises.
pub(crate) fn relu(x: &mut [f32]) {
    x.iter_mut()
        .for_each(|v| *v = if *v > 0.0 { *v } else { 0.0 });
}

/// `y[s] = x[s] · weights + bias` for each sample `s` (one matrix product for the batch),
/// then Relu if fused.
pub(crate) fn dense(d: &Dense, x: &[f32], samples: usize) -> Vec<f32> {
    let n = d.bias.len();
    let mut y: Vec<f32> = (0..samples).flat_map(|_| d.bias.iter().copied()).collect();
    matmul_add(x, &d.weights, &d.rows, &mut y, samples, n);
    if d.relu {
        relu(&mut y);
    }
    y
}

/// Softmax of each `len`-long row: `exp(x - max) / Σ exp(x - max)` (the max subtracted so that
/// no exponential overflows).
pub(crate) fn softmax(x: &mut [f32], len: usize) {
    for row in x.chunks_exact_mut(len) {
        let max = row.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
        let mut sum = 0.0;
        for v in row.iter_mut() {
            *v = (*v - max).exp();
            sum += *v;
        }
        row.iter_mut().for_each(|v| *v /= sum);
    }
}
