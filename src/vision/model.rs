//! The bundled digit classifier, run by our own small ONNX runtime (the `sudolens-cnn` crate,
//! crates/cnn; no Python at run time).

use super::cells::{CELL, TILE_LEN};
use super::error::ImportError;
use super::CellKind;
use std::sync::LazyLock;
use sudolens_cnn::Shape;

/// The trained network (`models/digits.onnx`), embedded so the binary works from any
/// directory; deflated in the binary by `build.rs`, inflated at first use.
pub static BUNDLED_ONNX: LazyLock<Vec<u8>> = LazyLock::new(|| {
    inflate(include_bytes!(concat!(
        env!("OUT_DIR"),
        "/digits.onnx.deflate"
    )))
});

/// The second network the second look asks ([`DigitModel::second_opinion`]), embedded too
/// (`models/second_opinion.onnx`).
pub static SECOND_OPINION_ONNX: LazyLock<Vec<u8>> = LazyLock::new(|| {
    inflate(include_bytes!(concat!(
        env!("OUT_DIR"),
        "/second_opinion.onnx.deflate"
    )))
});

/// A network's bytes from their deflated form. Bytes that do not inflate (a broken
/// build) give none: the ONNX reader then refuses them as a model error, which the
/// photo import reports.
fn inflate(deflated: &[u8]) -> Vec<u8> {
    miniz_oxide::inflate::decompress_to_vec(deflated).unwrap_or_default()
}

/// Number of output classes: 0 empty, 1..=9 printed digit, 10..=18 handwritten digit + 9.
pub const CLASSES: usize = 19;

/// The digit (0 for none) and kind an output class stands for (see [`CLASSES`]).
pub(crate) fn class_reading(class: usize) -> (u8, CellKind) {
    match class {
        0 => (0, CellKind::Empty),
        1..=9 => (class as u8, CellKind::Printed),
        _ => ((class - 9) as u8, CellKind::Handwritten),
    }
}

/// Tiles per inference run: the dense layers read their weights once a batch, and the
/// batch's activations stay in cache.
const BATCH: usize = 9;

/// The cell reader: the bundled network, and a second network trained apart that the second
/// look also asks about the cells the first one doubts.
pub struct DigitModel {
    first: Network,
    second_opinion: Option<Network>,
}

impl DigitModel {
    /// Both bundled networks.
    pub fn bundled() -> Result<DigitModel, ImportError> {
        DigitModel::from_bytes(&BUNDLED_ONNX)?.with_second_opinion(&SECOND_OPINION_ONNX)
    }

    /// One network (an ONNX file with this module's interface), without a second opinion.
    pub fn from_bytes(onnx: &[u8]) -> Result<DigitModel, ImportError> {
        Ok(DigitModel {
            first: Network::from_bytes(onnx)?,
            second_opinion: None,
        })
    }

    /// The same reader with `onnx` as its second opinion (see [`DigitModel::second_opinion`]).
    pub fn with_second_opinion(self, onnx: &[u8]) -> Result<DigitModel, ImportError> {
        Ok(DigitModel {
            second_opinion: Some(Network::from_bytes(onnx)?),
            ..self
        })
    }

    /// Class probabilities for each normalised tile, by the first network.
    pub fn classify(&self, inputs: &[[f32; TILE_LEN]]) -> Result<Vec<[f32; CLASSES]>, ImportError> {
        self.first.classify(inputs)
    }

    /// Class probabilities for each normalised tile by the second network, if the reader has
    /// one. Two networks trained apart (other draws of the synthetic cells, another
    /// initialisation) rarely make the same mistake on an unusual stroke, so where the first
    /// one doubts, their mean is a better reading than the first's alone (models/README.md,
    /// "A second opinion").
    pub fn second_opinion(
        &self,
        inputs: &[[f32; TILE_LEN]],
    ) -> Result<Option<Vec<[f32; CLASSES]>>, ImportError> {
        self.second_opinion
            .as_ref()
            .map(|n| n.classify(inputs))
            .transpose()
    }
}

/// One ONNX network with this module's interface: `[N, 1, CELL, CELL]` in, `[N, CLASSES]` out.
struct Network(sudolens_cnn::Network);

impl Network {
    fn from_bytes(onnx: &[u8]) -> Result<Network, ImportError> {
        let net = sudolens_cnn::Network::from_onnx(onnx)
            .map_err(|e| ImportError::Model(e.to_string()))?;
        let tile = Shape::Image(1, CELL as usize, CELL as usize);
        if net.input_shape() != tile || net.output_shape() != Shape::Flat(CLASSES) {
            return Err(ImportError::Model(format!(
                "the network reads {:?} into {:?}, expected {tile:?} into {:?}",
                net.input_shape(),
                net.output_shape(),
                Shape::Flat(CLASSES)
            )));
        }
        Ok(Network(net))
    }

    /// Class probabilities for each normalised tile, run in small batches.
    fn classify(&self, inputs: &[[f32; TILE_LEN]]) -> Result<Vec<[f32; CLASSES]>, ImportError> {
        let mut out = Vec::with_capacity(inputs.len());
        for c in inputs.chunks(BATCH) {
            let flat: Vec<f32> = c.iter().flatten().copied().collect();
            let probs = self.0.run(&flat, c.len());
            out.extend(
                probs
                    .chunks_exact(CLASSES)
                    .map(|p| std::array::from_fn(|i| p[i])),
            );
        }
        Ok(out)
    }
}
