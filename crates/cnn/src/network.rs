//! A network built from an ONNX graph ([`crate::onnx`]) and run: the chain of layers
//! (`nodes.rs` makes each node a layer, `layers.rs` runs it).
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

use crate::layers::{conv, dense, max_pool, relu, softmax, Layer};
use crate::nodes::{build_layer, refuse};
use crate::onnx::{self, Graph};
use crate::ModelError;

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
