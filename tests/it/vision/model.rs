//! The Rust side of the model contract: each bundled ONNX network run by our runtime
//! (crates/cnn) gives the outputs the training framework gave, and the Rust tile normalisation equals the Python one,
//! on reference tiles saved by models/train/train.py.

use std::path::{Path, PathBuf};
use sudolens::vision::{
    normalize_tile, DigitModel, BUNDLED_ONNX, CLASSES, SECOND_OPINION_ONNX, TILE_LEN,
};

/// The reference files of the first network; the second network's are in `second_opinion/`.
fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("models/testdata")
}

fn f32s(dir: &Path, name: &str) -> Vec<f32> {
    let b = std::fs::read(dir.join(name)).unwrap();
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn tiles() -> Vec<[u8; TILE_LEN]> {
    let b = std::fs::read(testdata().join("ref_tiles.u8")).unwrap();
    assert_eq!(b.len() % TILE_LEN, 0);
    b.chunks_exact(TILE_LEN)
        .map(|c| c.try_into().unwrap())
        .collect()
}

#[test]
fn rust_normalisation_equals_the_training_preprocessing() {
    let tiles = tiles();
    let inputs = f32s(&testdata(), "ref_inputs.f32");
    assert!(tiles.len() >= 4);
    assert_eq!(inputs.len(), tiles.len() * TILE_LEN);
    for (k, t) in tiles.iter().enumerate() {
        let x = normalize_tile(t);
        let want = &inputs[k * TILE_LEN..(k + 1) * TILE_LEN];
        for (a, b) in x.iter().zip(want) {
            assert!((a - b).abs() <= 1e-6, "tile {k}: {a} vs {b}");
        }
    }
}

#[test]
fn the_network_matches_the_training_framework() {
    matches_on(&BUNDLED_ONNX, &testdata());
}

#[test]
fn the_second_network_matches_the_training_framework() {
    matches_on(&SECOND_OPINION_ONNX, &testdata().join("second_opinion"));
}

/// The network `onnx`, run on the reference inputs in `dir`, gives the training
/// framework's probabilities, and reads the reference tiles as labelled.
fn matches_on(onnx: &[u8], dir: &Path) {
    let model = DigitModel::from_bytes(onnx).unwrap();
    let inputs = f32s(dir, "ref_inputs.f32");
    let want = f32s(dir, "ref_probs.f32");
    let batch: Vec<[f32; TILE_LEN]> = inputs
        .chunks_exact(TILE_LEN)
        .map(|c| c.try_into().unwrap())
        .collect();
    let got = model.classify(&batch).unwrap();
    assert_eq!(got.len() * CLASSES, want.len());
    for (k, p) in got.iter().enumerate() {
        for (c, (a, b)) in p.iter().zip(&want[k * CLASSES..]).enumerate() {
            assert!(
                (a - b).abs() < 1e-4,
                "tile {k} class {c}: Rust {a} vs training {b}"
            );
        }
    }
    // and the reference tiles are read as labelled (the fixtures are not all one class)
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("ref_meta.json")).unwrap()).unwrap();
    let labels: Vec<usize> = meta["labels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as usize)
        .collect();
    let right = got
        .iter()
        .zip(&labels)
        .filter(|(p, &l)| {
            p.iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .unwrap()
                .0
                == l
        })
        .count();
    assert!(
        right + 1 >= labels.len(),
        "{right} of {} reference tiles read right",
        labels.len()
    );
}

#[test]
fn the_model_is_small() {
    // the budget for the bundled model: both networks together under 2 MB
    let both = BUNDLED_ONNX.len() + SECOND_OPINION_ONNX.len();
    assert!(both < 2_000_000, "{both} bytes");
}

#[test]
fn the_bundled_reader_has_a_second_opinion() {
    let model = DigitModel::bundled().unwrap();
    let one = [normalize_tile(&[255; TILE_LEN])];
    assert!(model.second_opinion(&one).unwrap().is_some());
    let alone = DigitModel::from_bytes(&BUNDLED_ONNX).unwrap();
    assert!(alone.second_opinion(&one).unwrap().is_none());
}

/// The networks embedded (deflated by build.rs, inflated at load) are the files in
/// `models/` byte for byte.
#[test]
fn the_embedded_networks_are_the_model_files() {
    let models = Path::new(env!("CARGO_MANIFEST_DIR")).join("models");
    assert_eq!(
        *BUNDLED_ONNX,
        std::fs::read(models.join("digits.onnx")).unwrap()
    );
    assert_eq!(
        *SECOND_OPINION_ONNX,
        std::fs::read(models.join("second_opinion.onnx")).unwrap()
    );
}
