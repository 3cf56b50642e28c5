//! The networks' layers and forward pass, built from an ONNX graph ([`crate::onnx`]).
//!
//! Supported: a chain of Conv (2-D, any kernel, strides and explicit pads; no groups or
//! dilations), Relu, MaxPool (2-D, no padding), Flatten (axis 1), Gemm (the weights and bias
//! constant) and Softmax (over the last axis), from the input to the one output. Anything
//! else (another operator, an attribute or a value this module does not implement, a branch,
//! shapes that do not fit) is refused with a [`ModelError::Unsupported`] that names it, so a file
//! this code would run wrongly never runs.
//!
//! Tensors are float32, each sample laid out channel by channel, row by row (ONNX's NCHW),
//! so that Flatten is a no-op. The layers up to the first one on flat vectors run one sample
//! at a time (its activations stay in cache); the dense layers run on the whole batch (the
//! weights are read once a batch).

use crate::matmul::matmul_add;
use crate::onnx::{self, AttributeValue, Graph, Node};
use crate::ModelError;

fn refuse(node: &Node, what: impl std::fmt::Display) -> ModelError {
    ModelError::Unsupported(format!(
        "ONNX node {:?} ({}): {what}",
        node.name, node.op_type
    ))
}

/// The shape of one sample between two layers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    /// Channels, height, width.
    Image(usize, usize, usize),
    /// A flat vector of this length.
    Flat(usize),
}

impl Shape {
    /// The number of values of one sample.
    pub fn size(self) -> usize {
        match self {
            Shape::Image(c, h, w) => c * h * w,
            Shape::Flat(n) => n,
        }
    }
}

/// A 2-D convolution, bias added and optionally followed by Relu.
#[derive(Debug)]
struct Conv {
    /// `[out][in][ky][kx]`, i.e. one row of `in · kh · kw` weights per output channel.
    weights: Vec<f32>,
    bias: Vec<f32>,
    kernel: [usize; 2],
    strides: [usize; 2],
    /// Top, left, bottom, right.
    pads: [usize; 4],
    relu: bool,
}

/// Max pooling over a window, without padding.
#[derive(Debug)]
struct MaxPool {
    kernel: [usize; 2],
    strides: [usize; 2],
}

/// `y = x · W + b` on flat vectors, optionally followed by Relu.
#[derive(Debug)]
struct Dense {
    /// `[in][out]` (ONNX's `B` with transB = 0), scaled by Gemm's alpha.
    weights: Vec<f32>,
    /// Scaled by Gemm's beta.
    bias: Vec<f32>,
    /// Where each row of `weights` starts, for [`matmul_add`].
    rows: Vec<usize>,
    relu: bool,
}

#[derive(Debug)]
enum Layer {
    Conv(Conv),
    MaxPool(MaxPool),
    Relu,
    /// The samples are already flat in memory: only the shape changes.
    Flatten,
    Dense(Dense),
    Softmax,
}

/// A network ready to run: its layers and the shape of each one's input.
#[derive(Debug)]
pub struct Network {
    layers: Vec<(Layer, Shape)>,
    input: Shape,
    output: Shape,
}

impl Network {
    /// Reads an ONNX file and builds its network (see the module's list of what runs).
    pub fn from_onnx(bytes: &[u8]) -> Result<Network, ModelError> {
        Network::from_graph(&onnx::read_model(bytes)?)
    }

    /// Builds the network of a graph, checking it is a chain this module can run.
    ///
    /// The chain starts at the one graph input that is not an initializer; each node takes
    /// the previous node's output as its first input and constants as the others; the last
    /// node's output is the graph's one output. Shapes are followed from the declared input
    /// shape (`[N, C, H, W]`, the batch `N` free) and every weight is checked against them.
    pub fn from_graph(g: &Graph) -> Result<Network, ModelError> {
        let model_err = |m: &str| ModelError::Unsupported(format!("graph: {m}"));
        let inputs: Vec<_> = g
            .inputs
            .iter()
            .filter(|i| g.initializer(&i.name).is_none())
            .collect();
        let [input] = inputs[..] else {
            return Err(model_err(&format!("{} inputs, expected one", inputs.len())));
        };
        let input_shape = match input.dims[..] {
            // (at most 2²⁴ values a sample: this is a reader for small networks)
            [_, Some(c), Some(h), Some(w)]
                if c.checked_mul(h)
                    .and_then(|ch| ch.checked_mul(w))
                    .is_some_and(|n| (1..=1 << 24).contains(&n)) =>
            {
                Shape::Image(c, h, w)
            }
            _ => {
                return Err(model_err(&format!(
                    "input {:?} has shape {:?}, expected [N, C, H, W] with C, H, W fixed",
                    input.name, input.dims
                )))
            }
        };
        let [output] = &g.outputs[..] else {
            return Err(model_err(&format!(
                "{} outputs, expected one",
                g.outputs.len()
            )));
        };
        let mut current = input.name.as_str();
        let mut shape = input_shape;
        let mut layers: Vec<(Layer, Shape)> = Vec::new();
        for node in &g.nodes {
            if !(node.domain.is_empty() || node.domain == "ai.onnx") {
                return Err(refuse(
                    node,
                    format_args!("operator domain {:?}", node.domain),
                ));
            }
            if node.inputs.first().map(String::as_str) != Some(current) {
                return Err(refuse(
                    node,
                    format_args!("does not take {current:?}: only a chain of operators runs"),
                ));
            }
            let [out] = &node.outputs[..] else {
                return Err(refuse(node, format_args!("{} outputs", node.outputs.len())));
            };
            let (layer, next) = build_layer(g, node, shape)?;
            if next.size() == 0 {
                return Err(refuse(node, "empty output"));
            }
            // a Relu right after a Conv or Gemm runs inside it
            match (layer, layers.last_mut()) {
                (Layer::Relu, Some((Layer::Conv(c), _))) if !c.relu => c.relu = true,
                (Layer::Relu, Some((Layer::Dense(d), _))) if !d.relu => d.relu = true,
                (layer, _) => layers.push((layer, shape)),
            }
            shape = next;
            current = out;
        }
        if current != output.name {
            return Err(model_err(&format!(
                "the chain ends at {current:?}, not at the output {:?}",
                output.name
            )));
        }
        Ok(Network {
            layers,
            input: input_shape,
            output: shape,
        })
    }

    /// The shape of one input sample.
    pub fn input_shape(&self) -> Shape {
        self.input
    }

    /// The shape of one output sample.
    pub fn output_shape(&self) -> Shape {
        self.output
    }

    /// Runs the network on `input`, `samples` samples of [`Network::input_shape`] one after
    /// the other, and returns their outputs the same way.
    ///
    /// The layers before the first flat one run sample by sample, the rest on the batch.
    ///
    /// # Panics
    /// If `input.len()` is not `samples` times the input length.
    pub fn run(&self, input: &[f32], samples: usize) -> Vec<f32> {
        assert_eq!(input.len(), samples * self.input.size());
        let split = self
            .layers
            .iter()
            .position(|(_, s)| matches!(s, Shape::Flat(_)))
            .unwrap_or(self.layers.len());
        let (per_sample, batched) = self.layers.split_at(split);
        let mid_len = batched.first().map_or(self.output, |l| l.1).size();
        let mut mid = Vec::with_capacity(samples * mid_len);
        for x in input.chunks_exact(self.input.size()) {
            mid.extend(run_layers(per_sample, x.to_vec(), 1));
        }
        run_layers(batched, mid, samples)
    }
}

fn run_layers(layers: &[(Layer, Shape)], mut x: Vec<f32>, samples: usize) -> Vec<f32> {
    for (layer, shape) in layers {
        x = match layer {
            Layer::Conv(c) => conv(c, &x, *shape, samples),
            Layer::MaxPool(p) => max_pool(p, &x, *shape, samples),
            Layer::Relu => {
                relu(&mut x);
                x
            }
            Layer::Flatten => x,
            Layer::Dense(d) => dense(d, &x, samples),
            Layer::Softmax => {
                softmax(&mut x, shape.size());
                x
            }
        }
    }
    x
}

/// A node's integer attributes and the ones it may have, to refuse the others by name.
struct Attrs<'a> {
    node: &'a Node,
}

impl<'a> Attrs<'a> {
    /// Refuses any attribute not in `known`.
    fn only(node: &'a Node, known: &[&str]) -> Result<Attrs<'a>, ModelError> {
        if let Some(a) = node
            .attributes
            .iter()
            .find(|a| !known.contains(&a.name.as_str()))
        {
            return Err(refuse(
                node,
                format_args!("unsupported attribute {:?}", a.name),
            ));
        }
        Ok(Attrs { node })
    }

    fn get(&self, name: &str) -> Option<&'a AttributeValue> {
        self.node
            .attributes
            .iter()
            .find(|a| a.name == name)
            .map(|a| &a.value)
    }

    fn int(&self, name: &str, default: i64) -> Result<i64, ModelError> {
        match self.get(name) {
            None => Ok(default),
            Some(AttributeValue::Int(i)) => Ok(*i),
            Some(v) => Err(refuse(self.node, format_args!("attribute {name} is {v:?}"))),
        }
    }

    fn float(&self, name: &str, default: f32) -> Result<f32, ModelError> {
        match self.get(name) {
            None => Ok(default),
            Some(AttributeValue::Float(f)) => Ok(*f),
            Some(v) => Err(refuse(self.node, format_args!("attribute {name} is {v:?}"))),
        }
    }

    /// A list of `N` integers in `0..=65535` (`default` when absent): sizes, strides and pads
    /// of small images, bounded so that no shape arithmetic overflows.
    fn ints<const N: usize>(
        &self,
        name: &str,
        default: [usize; N],
    ) -> Result<[usize; N], ModelError> {
        match self.get(name) {
            None => Ok(default),
            Some(AttributeValue::Ints(v)) => v
                .iter()
                .map(|&i| (0..=65535).contains(&i).then_some(i as usize))
                .collect::<Option<Vec<_>>>()
                .and_then(|v| v.try_into().ok())
                .ok_or_else(|| {
                    refuse(
                        self.node,
                        format_args!("attribute {name} = {v:?}, expected {N} values in 0..=65535"),
                    )
                }),
            Some(v) => Err(refuse(self.node, format_args!("attribute {name} is {v:?}"))),
        }
    }

    /// `auto_pad` absent or NOTSET (explicit pads).
    fn no_auto_pad(&self) -> Result<(), ModelError> {
        match self.get("auto_pad") {
            None => Ok(()),
            Some(AttributeValue::Bytes(b)) if b == b"NOTSET" => Ok(()),
            Some(v) => Err(refuse(self.node, format_args!("auto_pad {v:?}"))),
        }
    }
}

/// The constant input `index` of a node, with its dimensions.
fn constant<'g>(
    g: &'g Graph,
    node: &Node,
    index: usize,
) -> Result<Option<&'g onnx::Tensor>, ModelError> {
    match node.inputs.get(index) {
        None => Ok(None),
        Some(name) if name.is_empty() => Ok(None),
        Some(name) => g
            .initializer(name)
            .map(Some)
            .ok_or_else(|| refuse(node, format_args!("input {name:?} is not a constant"))),
    }
}

/// The output size of a window sliding along `len` (padded by `pad`) in steps of `stride`.
fn slide(len: usize, pad: usize, kernel: usize, stride: usize) -> Option<usize> {
    let padded = len + pad;
    (stride > 0 && kernel > 0 && padded >= kernel).then(|| (padded - kernel) / stride + 1)
}

/// One node as a layer, with the shape of its output.
fn build_layer(g: &Graph, node: &Node, shape: Shape) -> Result<(Layer, Shape), ModelError> {
    let arity = |lo: usize, hi: usize| {
        if (lo..=hi).contains(&node.inputs.len()) {
            Ok(())
        } else {
            Err(refuse(node, format_args!("{} inputs", node.inputs.len())))
        }
    };
    let image = || match shape {
        Shape::Image(c, h, w) => Ok((c, h, w)),
        Shape::Flat(_) => Err(refuse(node, "needs an image input, got a flat one")),
    };
    match node.op_type.as_str() {
        "Conv" => {
            arity(2, 3)?;
            let a = Attrs::only(
                node,
                &[
                    "auto_pad",
                    "dilations",
                    "group",
                    "kernel_shape",
                    "pads",
                    "strides",
                ],
            )?;
            a.no_auto_pad()?;
            let (c, h, w) = image()?;
            let weights = constant(g, node, 1)?.ok_or_else(|| refuse(node, "no weights"))?;
            let [co, ci, kh, kw] = weights.dims[..] else {
                return Err(refuse(
                    node,
                    format_args!("weights of shape {:?}", weights.dims),
                ));
            };
            if ci != c {
                return Err(refuse(
                    node,
                    format_args!("{ci} input channels, the input has {c}"),
                ));
            }
            if a.int("group", 1)? != 1 || a.ints("dilations", [1, 1])? != [1, 1] {
                return Err(refuse(node, "grouped or dilated convolution"));
            }
            let kernel = a.ints("kernel_shape", [kh, kw])?;
            if kernel != [kh, kw] {
                return Err(refuse(
                    node,
                    format_args!("kernel_shape {kernel:?} ≠ weights"),
                ));
            }
            let strides = a.ints("strides", [1, 1])?;
            let pads = a.ints("pads", [0; 4])?;
            let bias = match constant(g, node, 2)? {
                Some(b) if b.dims == [co] => b.data.clone(),
                Some(b) => return Err(refuse(node, format_args!("bias of shape {:?}", b.dims))),
                None => vec![0.0; co],
            };
            let (oh, ow) = match (
                slide(h, pads[0] + pads[2], kh, strides[0]),
                slide(w, pads[1] + pads[3], kw, strides[1]),
            ) {
                (Some(oh), Some(ow)) => (oh, ow),
                _ => return Err(refuse(node, format_args!("kernel larger than {h}x{w}"))),
            };
            let conv = Conv {
                weights: weights.data.clone(),
                bias,
                kernel,
                strides,
                pads,
                relu: false,
            };
            Ok((Layer::Conv(conv), Shape::Image(co, oh, ow)))
        }
        "MaxPool" => {
            arity(1, 1)?;
            let a = Attrs::only(
                node,
                &[
                    "auto_pad",
                    "ceil_mode",
                    "dilations",
                    "kernel_shape",
                    "pads",
                    "storage_order",
                    "strides",
                ],
            )?;
            a.no_auto_pad()?;
            let (c, h, w) = image()?;
            if a.int("ceil_mode", 0)? != 0
                || a.int("storage_order", 0)? != 0
                || a.ints("dilations", [1, 1])? != [1, 1]
                || a.ints("pads", [0; 4])? != [0; 4]
            {
                return Err(refuse(node, "ceil mode, storage order, dilations or pads"));
            }
            let kernel = a.ints("kernel_shape", [0, 0])?;
            let strides = a.ints("strides", [1, 1])?;
            match (
                slide(h, 0, kernel[0], strides[0]),
                slide(w, 0, kernel[1], strides[1]),
            ) {
                (Some(oh), Some(ow)) => Ok((
                    Layer::MaxPool(MaxPool { kernel, strides }),
                    Shape::Image(c, oh, ow),
                )),
                _ => Err(refuse(node, format_args!("window {kernel:?} on {h}x{w}"))),
            }
        }
        "Relu" => {
            arity(1, 1)?;
            Attrs::only(node, &[])?;
            Ok((Layer::Relu, shape))
        }
        "Flatten" => {
            arity(1, 1)?;
            let a = Attrs::only(node, &["axis"])?;
            if a.int("axis", 1)? != 1 {
                return Err(refuse(node, "axis other than 1"));
            }
            Ok((Layer::Flatten, Shape::Flat(shape.size())))
        }
        "Gemm" => {
            arity(2, 3)?;
            let a = Attrs::only(node, &["alpha", "beta", "transA", "transB"])?;
            let Shape::Flat(k) = shape else {
                return Err(refuse(node, "needs a flat input (a Flatten before it)"));
            };
            if a.int("transA", 0)? != 0 {
                return Err(refuse(node, "transA"));
            }
            let (alpha, beta) = (a.float("alpha", 1.0)?, a.float("beta", 1.0)?);
            let b = constant(g, node, 1)?.ok_or_else(|| refuse(node, "no weights"))?;
            let trans_b = match a.int("transB", 0)? {
                0 => false,
                1 => true,
                t => return Err(refuse(node, format_args!("transB = {t}"))),
            };
            let (bk, n) = match (&b.dims[..], trans_b) {
                (&[bk, n], false) => (bk, n),
                (&[n, bk], true) => (bk, n),
                _ => return Err(refuse(node, format_args!("weights of shape {:?}", b.dims))),
            };
            if bk != k {
                return Err(refuse(
                    node,
                    format_args!("weights for {bk} inputs, given {k}"),
                ));
            }
            let weights = (0..k * n)
                .map(|kj| {
                    let (kk, j) = (kj / n, kj % n);
                    alpha
                        * if trans_b {
                            b.data[j * k + kk]
                        } else {
                            b.data[kj]
                        }
                })
                .collect();
            let bias = match constant(g, node, 2)? {
                None => vec![0.0; n],
                Some(c) if c.dims == [n] || c.dims == [1, n] => {
                    c.data.iter().map(|v| beta * v).collect()
                }
                Some(c) => return Err(refuse(node, format_args!("bias of shape {:?}", c.dims))),
            };
            Ok((
                Layer::Dense(Dense {
                    weights,
                    bias,
                    rows: (0..k).map(|kk| kk * n).collect(),
                    relu: false,
                }),
                Shape::Flat(n),
            ))
        }
        "Softmax" => {
            arity(1, 1)?;
            let a = Attrs::only(node, &["axis"])?;
            match (shape, a.int("axis", -1)?) {
                (Shape::Flat(_), -1 | 1) => Ok((Layer::Softmax, shape)),
                (_, axis) => Err(refuse(node, format_args!("axis {axis} on {shape:?}"))),
            }
        }
        op => Err(refuse(node, format_args!("unsupported operator {op}"))),
    }
}

/// Convolution as a matrix product: `out[co][p] = bias[co] + Σ_k weights[co][k] · in_k[p]`,
/// `k` running over the taps `(ci, ky, kx)` and `in_k[p]` being the input pixel under tap `k`
/// for output pixel `p` (zero in the padding); the weights are exactly the rows of that
/// product's left matrix. Relu follows if fused.
fn conv(c: &Conv, x: &[f32], shape: Shape, samples: usize) -> Vec<f32> {
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
fn max_pool(pool: &MaxPool, x: &[f32], shape: Shape, samples: usize) -> Vec<f32> {
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
fn relu(x: &mut [f32]) {
    x.iter_mut()
        .for_each(|v| *v = if *v > 0.0 { *v } else { 0.0 });
}

/// `y[s] = x[s] · weights + bias` for each sample `s` (one matrix product for the batch),
/// then Relu if fused.
fn dense(d: &Dense, x: &[f32], samples: usize) -> Vec<f32> {
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
fn softmax(x: &mut [f32], len: usize) {
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
