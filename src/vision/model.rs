//! The bundled digit classifier, run with tract (no Python at run time).

use super::cells::{CELL, TILE_LEN};
use super::error::ImportError;
use super::CellKind;
use tract_onnx::prelude::*;

/// The trained network, embedded so the binary works from any directory.
pub static BUNDLED_ONNX: &[u8] = include_bytes!("../../models/digits.onnx");

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

/// Tiles per inference run. A whole grid (81) in one run is about twice as slow as runs of
/// nine on this CPU: the activations of a small batch stay in cache.
const BATCH: usize = 9;

pub struct DigitModel {
    plan: std::sync::Arc<TypedRunnableModel>,
}

impl DigitModel {
    pub fn bundled() -> Result<DigitModel, ImportError> {
        DigitModel::from_bytes(BUNDLED_ONNX)
    }

    pub fn from_bytes(onnx: &[u8]) -> Result<DigitModel, ImportError> {
        let err = |e: TractError| ImportError::Model(format!("{e:#}"));
        let model = tract_onnx::onnx()
            .model_for_read(&mut std::io::Cursor::new(onnx))
            .map_err(err)?;
        let plan = model
            .into_optimized()
            .map_err(err)?
            .into_runnable()
            .map_err(err)?;
        Ok(DigitModel { plan })
    }

    /// Class probabilities for each normalised tile, run in small batches.
    pub fn classify(&self, inputs: &[[f32; TILE_LEN]]) -> Result<Vec<[f32; CLASSES]>, ImportError> {
        let mut out = Vec::with_capacity(inputs.len());
        for c in inputs.chunks(BATCH) {
            out.extend(self.classify_batch(c)?);
        }
        Ok(out)
    }

    fn classify_batch(
        &self,
        inputs: &[[f32; TILE_LEN]],
    ) -> Result<Vec<[f32; CLASSES]>, ImportError> {
        if inputs.is_empty() {
            return Ok(Vec::new());
        }
        let err = |e: TractError| ImportError::Model(format!("{e:#}"));
        let flat: Vec<f32> = inputs.iter().flatten().copied().collect();
        let shape = [inputs.len(), 1, CELL as usize, CELL as usize];
        let tensor = Tensor::from_shape(&shape, &flat).map_err(err)?;
        let out = self.plan.run(tvec!(tensor.into())).map_err(err)?;
        let view = out[0].to_plain_array_view::<f32>().map_err(err)?;
        let data = view
            .as_slice()
            .ok_or_else(|| ImportError::Model("non-contiguous output".into()))?;
        if data.len() != inputs.len() * CLASSES {
            return Err(ImportError::Model(format!(
                "expected {} outputs, got {}",
                inputs.len() * CLASSES,
                data.len()
            )));
        }
        Ok(data
            .chunks_exact(CLASSES)
            .map(|c| std::array::from_fn(|i| c[i]))
            .collect())
    }
}
