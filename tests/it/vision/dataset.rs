//! Accuracy floor on the real newspaper photos in `../shared/photos` (not in the repository:
//! skipped with a notice when absent). The floors sit a little under the measured accuracy so
//! a regression fails while photo-to-photo noise does not; see models/README.md for figures.

use crate::labelled::labelled_photos;
use std::path::Path;
use sudolens::vision::{self, DigitModel, ImportOptions};

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
    let model = DigitModel::bundled().unwrap();
    let opts = ImportOptions::default();
    // [printed, handwritten] x [cells right, cells, grids right, grids]
    let mut tally = [[0usize; 4]; 2];
    // the same for the held-out photos alone (never trained on)
    let mut held_out = [[0usize; 4]; 2];
    let mut failures = Vec::new();
    // [all, held-out] false accusations, listed
    let mut false_flags: [Vec<String>; 2] = Default::default();
    // every entry read as a digit the solution disagrees with, for the
    // mistake threshold (chosen on the training split alone)
    let mut disagreeing = Vec::new();
    for p in &photos {
        let right = match vision::import_path(&p.path, &model, &opts) {
            Ok(r) => {
                for (cell, confidence, really_wrong) in p.disagreeing_entries(&r) {
                    let split = if p.is_validation() {
                        "held-out"
                    } else {
                        "training"
                    };
                    let what = if really_wrong {
                        "wrong entry"
                    } else {
                        "misread"
                    };
                    disagreeing.push(format!(
                        "{split} image{} {cell}: {what}, confidence {confidence:.5}",
                        p.id
                    ));
                }
                for cell in p.false_mistake_flags(&r) {
                    let flag = format!("image{} {cell}", p.id);
                    if p.is_validation() {
                        false_flags[1].push(flag.clone());
                    }
                    false_flags[0].push(flag);
                }
                p.cells_right(&r)
            }
            Err(e) => {
                failures.push(format!("{}: {e}", p.path.display()));
                0
            }
        };
        if right < 81 {
            failures.push(format!("{} {right}/81", p.path.display()));
        }
        let k = usize::from(p.handwritten);
        let mut tables = vec![&mut tally[k]];
        if p.is_validation() {
            tables.push(&mut held_out[k]);
        }
        for t in tables {
            t[0] += right;
            t[1] += 81;
            t[2] += usize::from(right == 81);
            t[3] += 1;
        }
    }
    let pct = |t: &[usize; 4]| 100.0 * t[0] as f64 / t[1].max(1) as f64;
    let grids = |t: &[usize; 4]| 100.0 * t[2] as f64 / t[3].max(1) as f64;
    eprintln!("not fully right: {failures:#?}");
    eprintln!("entries that disagree with the solution: {disagreeing:#?}");
    for (name, t, flags) in [
        ("all photos", &tally, &false_flags[0]),
        ("held-out only", &held_out, &false_flags[1]),
    ] {
        eprintln!(
            "{name}: printed {:.2}% cells, grids fully right {}/{}; handwritten {:.2}% cells, \
             grids fully right {}/{}; false mistake flags {} {flags:?}",
            pct(&t[0]),
            t[0][2],
            t[0][3],
            pct(&t[1]),
            t[1][2],
            t[1][3],
            flags.len(),
        );
    }
    assert!(
        false_flags[0].is_empty(),
        "right entries reported as the player's mistake: {:?}",
        false_flags[0]
    );
    assert!(
        pct(&tally[0]) >= PRINTED_CELLS_FLOOR,
        "printed cells below the floor"
    );
    assert!(
        grids(&tally[0]) >= PRINTED_GRIDS_FLOOR,
        "printed grids below the floor"
    );
    assert!(
        pct(&tally[1]) >= HANDWRITTEN_CELLS_FLOOR,
        "handwritten cells below the floor"
    );
}

// Measured 2026-11-22 on all 319 photos (digit and printed/handwritten tag, a photo whose
// grid is not found counts 0/81): printed 99.93% cells, 157/160 = 98.1% grids; handwritten
// 99.62% cells. The goals are 99.7% / 97% / 99%; the floors leave a photo or two
// of slack under the measured figures.
const PRINTED_CELLS_FLOOR: f64 = 99.7;
const PRINTED_GRIDS_FLOOR: f64 = 96.8;
const HANDWRITTEN_CELLS_FLOOR: f64 = 99.4;
