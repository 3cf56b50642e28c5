//! Accuracy floors on the real newspaper photos in `../shared/photos` (not in the repository:
//! skipped with a notice when absent). The floors sit a little under the measured figures so
//! a regression fails while photo-to-photo noise does not; no right entry may ever be
//! reported as the player's mistake. See models/README.md for the figures.

use crate::common::{map_in_parallel, WORKERS};
use crate::labelled::{labelled_photos, DatasetReport, LabelledPhoto, Split};
use std::path::Path;
use std::time::Instant;
use sudolens::vision::{self, DigitModel, ImportOptions, ImportResult};

/// An ONNX file to read the photos with instead of the bundled first network: how a retrained
/// candidate is measured on the validation photos before it is bundled (models/train/README.md).
const CANDIDATE_MODEL_ENV: &str = "SUDOLENS_CANDIDATE_MODEL";
/// The same for the second look's second network; `none` reads without a second opinion.
const CANDIDATE_SECOND_ENV: &str = "SUDOLENS_CANDIDATE_SECOND_MODEL";

/// The bundled reader, or the candidate networks the environment names.
fn model_to_measure() -> DigitModel {
    let read = |path: &std::ffi::OsStr| {
        eprintln!("network: {} (not the bundled one)", path.to_string_lossy());
        std::fs::read(path).expect("the candidate network is readable")
    };
    let first = std::env::var_os(CANDIDATE_MODEL_ENV).map(|p| read(&p));
    let model = DigitModel::from_bytes(first.as_deref().unwrap_or(&vision::BUNDLED_ONNX))
        .expect("the first network loads");
    match std::env::var_os(CANDIDATE_SECOND_ENV) {
        Some(p) if p == "none" => Ok(model),
        Some(p) => model.with_second_opinion(&read(&p)),
        None => model.with_second_opinion(&vision::SECOND_OPINION_ONNX),
    }
    .expect("the second network loads")
}

/// Every photo's reading (or why it failed), in the order of `photos`.
fn read_all(
    photos: &[LabelledPhoto],
    model: &DigitModel,
    opts: &ImportOptions,
) -> Vec<Result<ImportResult, String>> {
    map_in_parallel(photos, |p| {
        vision::import_path(&p.path, model, opts).map_err(|e| e.to_string())
    })
}

#[test]
fn dataset_accuracy_floor() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/photos");
    let photos = labelled_photos(&root);
    if photos.is_empty() {
        eprintln!(
            "notice: {} has no labelled photos; dataset accuracy not checked",
            root.display()
        );
        return;
    }
    // candidates are measured without rebuilding (the floors below still apply)
    let model = model_to_measure();
    let opts = ImportOptions::default();
    let t = Instant::now();
    let readings = read_all(&photos, &model, &opts);
    eprintln!(
        "{} photos read by {WORKERS} threads in {:.1} s",
        photos.len(),
        t.elapsed().as_secs_f64()
    );
    let mut report = DatasetReport::default();
    for (p, reading) in photos.iter().zip(&readings) {
        report.add(p, reading.as_ref().map_err(Clone::clone));
    }
    eprintln!("not fully right: {:#?}", report.not_fully_right);
    eprintln!(
        "cells read wrong (training and validation photos only): {:#?}",
        report.wrong_cells
    );
    eprintln!(
        "entries that disagree with the solution: {:#?}",
        report.disagreeing
    );
    for line in report.summary() {
        eprintln!("{line}");
    }
    assert!(
        report.false_flags.is_empty(),
        "right entries reported as the player's mistake: {:?}",
        report.false_flags
    );
    let all = Split::ALL;
    let (printed, handwritten) = (report.tally(&all, false), report.tally(&all, true));
    assert!(
        printed.cells_pct() >= PRINTED_CELLS_FLOOR,
        "printed cells below the floor"
    );
    assert!(
        printed.grids_pct() >= PRINTED_GRIDS_FLOOR,
        "printed grids below the floor"
    );
    assert!(
        handwritten.cells_pct() >= HANDWRITTEN_CELLS_FLOOR,
        "handwritten cells below the floor"
    );
    assert!(
        handwritten.grids_pct() >= HANDWRITTEN_GRIDS_FLOOR,
        "handwritten grids below the floor"
    );
    let held_out = [Split::HeldOut];
    assert!(
        report.tally(&held_out, false).grids_right >= HELD_OUT_PRINTED_GRIDS_FLOOR,
        "held-out printed grids below the floor"
    );
    assert!(
        report.tally(&held_out, true).grids_right >= HELD_OUT_HANDWRITTEN_GRIDS_FLOOR,
        "held-out handwritten grids below the floor"
    );
}

// Measured 2026-11-26 on all 319 photos with the calibrated model (digit and
// printed/handwritten tag, a photo whose grid is not found counts 0/81), after the grid's
// glyphs settle the tiles in doubt between printed and handwritten (`vision::appearance`), a
// photo without the player's handwriting takes a lone doubtful stroke for print or paper
// (`interpret::LONE_ENTRY_ODDS`), a cell of a photo the player writes in is an entry when its
// handwritten classes together outweigh the empty one, and entries take the solution's digit
// at odds of 792 (`repair::ENTRY_PRIOR`): printed 100% cells, 160/160 grids; handwritten
// 99.85% cells, 154/159 = 96.9% grids; held-out printed 30/30, handwritten 28/30 grids
// (before, with odds of 72 and the likeliest class alone: printed 158/160, handwritten
// 99.81% cells, 147/159 grids, held-out 29/30 and 26/30). The goal for held-out
// handwritten grids is 29/30. The floors on all photos leave a photo of slack; the held-out
// ones sit at the measured figures. With the second network in the second look (26 Nov, later):
// handwritten cells 99.88% (held-out 99.92%), the grids as before. With the second network
// refitted with the validation photos (27 Nov): handwritten 99.95% cells, 155/159 grids;
// held-out handwritten 29/30 grids, 99.96% cells: the goal is now the floor.
const PRINTED_CELLS_FLOOR: f64 = 99.9;
const PRINTED_GRIDS_FLOOR: f64 = 99.3;
const HANDWRITTEN_CELLS_FLOOR: f64 = 99.8;
const HANDWRITTEN_GRIDS_FLOOR: f64 = 96.8;
const HELD_OUT_PRINTED_GRIDS_FLOOR: usize = 30;
const HELD_OUT_HANDWRITTEN_GRIDS_FLOOR: usize = 29;
