//! ONNX nodes as layers: each operator's inputs, attributes and shapes checked, and anything
//! this crate does not implement refused by name.

use crate::layers::{Conv, Dense, Layer, MaxPool};
use crate::network::Shape;
use crate::onnx::{self, AttributeValue, Graph, Node};
use crate::ModelError;

pub(crate) fn refuse(node: &Node, what: impl std::fmt::Display) -> ModelError {
    ModelError::Unsupported(format!(
        "ONNX node {:?} ({}): {what}",
        node.name, node.op_type
    ))
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
pub(crate) fn build_layer(
    g: &Graph,
    node: &Node,
    shape: Shape,
) -> Result<(Layer, Shape), ModelError> {
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
