//! The runtime of sudolens's digit networks: a small ONNX reader ([`onnx`]) and the forward
//! pass of the convolutional networks it describes ([`Network`]), in plain Rust with no
//! dependency.
//!
//! A crate of its own so that the test build can optimise it (`[profile.dev.package]`)
//! without optimising the whole application: the networks run in every photo test.
//!
//! It runs what the bundled networks use (models/README.md, "Interface") and refuses the rest
//! with a [`ModelError`] naming it: a chain of Conv, Relu, MaxPool, Flatten, Gemm and Softmax.

mod layers;
pub mod matmul;
mod network;
mod nodes;
pub mod onnx;

pub use network::{Network, Shape};

/// Why an ONNX file cannot be run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelError {
    /// The bytes are not a well-formed ONNX model (truncated, bad protobuf, inconsistent
    /// tensor sizes).
    Malformed(String),
    /// A well-formed model using something this runtime does not implement (an operator, an
    /// attribute, a data type, a graph that is not a chain, shapes that do not fit).
    Unsupported(String),
}

impl ModelError {
    /// A short stable name of the kind of error.
    pub fn kind(&self) -> &'static str {
        match self {
            ModelError::Malformed(_) => "malformed",
            ModelError::Unsupported(_) => "unsupported",
        }
    }
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelError::Malformed(m) => write!(f, "malformed ONNX file: {m}"),
            ModelError::Unsupported(m) => write!(f, "unsupported ONNX model: {m}"),
        }
    }
}

impl std::error::Error for ModelError {}
