//! Photo import speed and accuracy: `cargo bench --bench vision`.
//!
//! Single thread, model load timed separately. Speed on the synthetic samples (and a 12 MP
//! upscale of one), accuracy on `../shared/photos` when present, split into the held-out part
//! (photo number a multiple of 5, never trained on) and all photos; synthetic screenshots
//! from `tests/data/screens`, or from `$SUDOLENS_SCREENS_DIR` (a larger set made by
//! `models/train/gen_screens.py`, see that folder's README).

#[path = "../tests/common/big_photo.rs"]
mod big_photo;
#[path = "../tests/common/dataset.rs"]
mod dataset;
#[path = "../tests/common/screens.rs"]
mod screens;

use dataset::labelled_photos;
use std::path::Path;
use std::time::Instant;
use sudolens::vision::{self, DigitModel, ImportOptions};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let t = Instant::now();
    let model = DigitModel::bundled().expect("model loads");
    println!("model load: {:.1} ms", t.elapsed().as_secs_f64() * 1000.0);
    let opts = ImportOptions::default();

    let big_jpeg = big_photo::twelve_megapixel_jpeg(root);
    let times: Vec<f64> = (0..5)
        .map(|_| {
            vision::import_bytes(&big_jpeg, &model, &opts)
                .unwrap()
                .timings_ms
                .total
        })
        .collect();
    println!(
        "12 MP photo (4000x3000 JPEG): median {:.1} ms over 5 runs",
        median(times)
    );

    let screens_dir = std::env::var_os("SUDOLENS_SCREENS_DIR")
        .map_or_else(|| root.join("tests/data/screens"), Into::into);
    let all_screens = screens::screens(&screens_dir);
    let read_right: Vec<bool> = all_screens
        .iter()
        .map(|s| screens::read_screen(s, &model).is_ok())
        .collect();
    let right = read_right.iter().filter(|&&ok| ok).count();
    let dark: Vec<bool> = all_screens
        .iter()
        .zip(&read_right)
        .filter(|(s, _)| s.theme == "dark")
        .map(|(_, &ok)| ok)
        .collect();
    println!(
        "synthetic screens ({}): {right}/{} = {:.1}% read right (every given, upright, none \
         taken for handwriting); dark theme {}/{}",
        screens_dir.display(),
        all_screens.len(),
        100.0 * right as f64 / all_screens.len().max(1) as f64,
        dark.iter().filter(|&&ok| ok).count(),
        dark.len()
    );

    let photos = labelled_photos(&root.join("../shared/photos"));
    if photos.is_empty() {
        println!("notice: ../shared/photos absent, accuracy not measured");
        return;
    }
    let mut times = Vec::new();
    let mut stages: Vec<vision::Timings> = Vec::new();
    // [held-out, all] x [printed, handwritten] x [cells right, cells, grids right, grids]
    let mut tally = [[[0usize; 4]; 2]; 2];
    // [held-out, all]: right entries reported as the player's mistake
    let mut false_flags = [0usize; 2];
    // the surest misreading of an entry on the training split: the data
    // `interpret::MISTAKE_SURE` is chosen from
    let mut surest_misreading = 0f32;
    for p in &photos {
        let (right, total, flags) = match vision::import_path(&p.path, &model, &opts) {
            Ok(r) => {
                times.push(r.timings_ms.total);
                stages.push(r.timings_ms.clone());
                if !p.is_validation() {
                    for (_, confidence, really_wrong) in p.disagreeing_entries(&r) {
                        if !really_wrong {
                            surest_misreading = surest_misreading.max(confidence);
                        }
                    }
                }
                (p.cells_right(&r), 81, p.false_mistake_flags(&r).len())
            }
            Err(_) => (0, 81, 0),
        };
        for (split, counts) in tally.iter_mut().enumerate() {
            if split == 0 && !p.is_validation() {
                continue;
            }
            false_flags[split] += flags;
            let t = &mut counts[usize::from(p.handwritten)];
            t[0] += right;
            t[1] += total;
            t[2] += usize::from(right == 81);
            t[3] += 1;
        }
    }
    println!(
        "dataset photos (640x480 to 1632x1224): median {:.1} ms per photo",
        median(times)
    );
    // where the time goes: each stage's own median, so they need not add up to the total
    let stage = |f: fn(&vision::Timings) -> f64| median(stages.iter().map(f).collect());
    println!(
        "  stage medians (ms): decode {:.1}, detect {:.1}, refine {:.1}, warp {:.1}, \
         classify {:.1}, orientation {:.1}, rules {:.1}",
        stage(|t| t.decode),
        stage(|t| t.detect),
        stage(|t| t.refine),
        stage(|t| t.warp),
        stage(|t| t.classify),
        stage(|t| t.orientation),
        stage(|t| t.rules),
    );
    println!(
        "training split: the surest misread entry that disagrees with the solution had \
         confidence {surest_misreading:.5} (likely mistakes need {})",
        vision::MISTAKE_SURE
    );
    for (split, name) in [(0, "held-out"), (1, "all")] {
        for (kind, kname) in [(0, "printed"), (1, "handwritten")] {
            let t = tally[split][kind];
            println!(
                "{name} {kname}: cells {}/{} = {:.2}%, grids fully right {}/{} = {:.1}%",
                t[0],
                t[1],
                100.0 * t[0] as f64 / t[1].max(1) as f64,
                t[2],
                t[3],
                100.0 * t[2] as f64 / t[3].max(1) as f64
            );
        }
        println!(
            "{name}: false mistake flags (right entries reported as mistakes) {}",
            false_flags[split]
        );
    }
}
