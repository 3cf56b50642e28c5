//! Photo import speed and accuracy: `cargo bench --bench vision`.
//!
//! Single thread, model load timed separately. Speed on the synthetic samples (and a 12 MP
//! upscale of one) and on the dataset photos; accuracy on `../shared/photos` when present,
//! per split (training, its validation part where the settings are chosen, and the held-out
//! photos: number a multiple of 5, never trained on, never used to choose); synthetic
//! screenshots from `tests/data/screens` (or `$SUDOLENS_SCREENS_DIR`) and those drawn at run
//! time (`tests/common/screen_maker.rs`).
//!
//! `SUDOLENS_PEER_MODEL=old.onnx cargo bench --bench vision` also times every photo read with
//! that model, interleaved with the bundled one, and prints the ratio: the machine is shared,
//! so a speed claim compares two models in the same run.

#[path = "../tests/common/big_photo.rs"]
mod big_photo;
#[path = "../tests/common/dataset.rs"]
mod dataset;
#[path = "../tests/common/screen_maker.rs"]
mod screen_maker;
#[path = "../tests/common/screens.rs"]
mod screens;

use dataset::{labelled_photos, DatasetReport};
use std::path::Path;
use std::time::Instant;
use sudolens::vision::{self, DigitModel, ImportOptions, Timings};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Each stage's own median (ms), so they need not add up to the total.
fn stage_medians(stages: &[Timings]) -> String {
    let stage = |f: fn(&Timings) -> f64| median(stages.iter().map(f).collect());
    format!(
        "decode {:.1}, detect {:.1}, refine {:.1}, warp {:.1}, classify {:.1}, orientation \
         {:.1}, rules {:.1}",
        stage(|t| t.decode),
        stage(|t| t.detect),
        stage(|t| t.refine),
        stage(|t| t.warp),
        stage(|t| t.classify),
        stage(|t| t.orientation),
        stage(|t| t.rules),
    )
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let t = Instant::now();
    let model = DigitModel::bundled().expect("model loads");
    println!("model load: {:.1} ms", t.elapsed().as_secs_f64() * 1000.0);
    let peer = std::env::var_os("SUDOLENS_PEER_MODEL").map(|p| {
        let bytes = std::fs::read(&p).expect("SUDOLENS_PEER_MODEL is readable");
        (
            Path::new(&p).display().to_string(),
            DigitModel::from_bytes(&bytes).expect("the peer model loads"),
        )
    });
    let opts = ImportOptions::default();

    let big_jpeg = big_photo::twelve_megapixel_jpeg(root);
    let mut times = Vec::new();
    let mut peer_times = Vec::new();
    for _ in 0..5 {
        let r = vision::import_bytes(&big_jpeg, &model, &opts).unwrap();
        times.push(r.timings_ms.total);
        if let Some((_, m)) = &peer {
            peer_times.push(
                vision::import_bytes(&big_jpeg, m, &opts)
                    .unwrap()
                    .timings_ms
                    .total,
            );
        }
    }
    println!(
        "12 MP photo (4000x3000 JPEG): median {:.1} ms over 5 runs",
        median(times)
    );
    if let Some((name, _)) = &peer {
        println!("  with {name}: median {:.1} ms", median(peer_times));
    }

    classify_figures(root, &model, peer.as_ref());
    screens_figures(root, &model);

    let photos = labelled_photos(&root.join("../shared/photos"));
    if photos.is_empty() {
        println!("notice: ../shared/photos absent, accuracy not measured");
        return;
    }
    let mut times = Vec::new();
    let mut stages = Vec::new();
    let mut peer_times = Vec::new();
    let mut peer_stages = Vec::new();
    let mut report = DatasetReport::default();
    for p in &photos {
        let reading = vision::import_path(&p.path, &model, &opts);
        if let Ok(r) = &reading {
            times.push(r.timings_ms.total);
            stages.push(r.timings_ms.clone());
        }
        report.add(p, reading.as_ref().map_err(|e| e.to_string()));
        if let Some((_, m)) = &peer {
            if let Ok(r) = vision::import_path(&p.path, m, &opts) {
                peer_times.push(r.timings_ms.total);
                peer_stages.push(r.timings_ms);
            }
        }
    }
    let med = median(times);
    println!("dataset photos (640x480 to 1632x1224): median {med:.1} ms per photo");
    println!("  stage medians (ms): {}", stage_medians(&stages));
    if let Some((name, _)) = &peer {
        let peer_med = median(peer_times);
        let classify = |s: &[Timings]| median(s.iter().map(|t| t.classify).collect());
        println!(
            "  with {name}: median {peer_med:.1} ms per photo (bundled / peer = {:.2}; classify \
             stage {:.2}); stage medians (ms): {}",
            med / peer_med,
            classify(&stages) / classify(&peer_stages),
            stage_medians(&peer_stages)
        );
    }
    println!(
        "likely mistakes need confidence {} (interpret::MISTAKE_SURE)",
        vision::MISTAKE_SURE
    );
    for line in report.summary() {
        println!("{line}");
    }
}

/// Synthetic screenshots: the committed ones (or `$SUDOLENS_SCREENS_DIR`) and those drawn
/// at run time.
fn screens_figures(root: &Path, model: &DigitModel) {
    let screens_dir = std::env::var_os("SUDOLENS_SCREENS_DIR")
        .map_or_else(|| root.join("tests/data/screens"), Into::into);
    let committed = screens::screens(&screens_dir);
    let mut misses = Vec::new();
    let outcomes: Vec<(String, bool)> = committed
        .iter()
        .map(|s| {
            let outcome = screens::read_screen(s, model);
            misses.extend(outcome.as_ref().err().cloned());
            (s.theme.clone(), outcome.is_ok())
        })
        .collect();
    println!(
        "synthetic screens ({}): {}",
        screens_dir.display(),
        screens::summary(&outcomes)
    );
    println!(
        "  misses by class: {}",
        screens::miss_classes(misses.iter())
    );
    let mut wrong = Vec::new();
    let mut misses = Vec::new();
    let drawn: Vec<(String, bool)> = (0..screen_maker::BENCH_SCREENS)
        .map(|k| {
            let s = screen_maker::draw(k);
            let outcome = screens::read_drawn(&s, model);
            if let Err(why) = &outcome {
                wrong.push(format!("{}: {why}", s.description));
                misses.push(why.clone());
            }
            (s.theme().to_string(), outcome.is_ok())
        })
        .collect();
    println!(
        "synthetic screens drawn at run time (tests/common/screen_maker.rs): {}",
        screens::summary(&drawn)
    );
    println!(
        "  misses by class: {}",
        screens::miss_classes(misses.iter())
    );
    for w in wrong.iter().take(10) {
        println!("  {w}");
    }
}

/// The classify stage alone (the digit model on a grid's inked cells, the turned readings
/// when the orientation asks for them, and the second look at unsure cells), on the bundled
/// sample photos read [`CLASSIFY_ROUNDS`] times each, the peer model interleaved with the
/// bundled one so that the machine's load hits both alike.
fn classify_figures(root: &Path, model: &DigitModel, peer: Option<&(String, DigitModel)>) {
    let opts = ImportOptions::default();
    let samples: Vec<Vec<u8>> = [
        "printed_serif.jpg",
        "printed_faded.jpg",
        "printed_blurry.webp",
    ]
    .iter()
    .chain(["handwritten_sideways.jpg"].iter())
    .map(|f| std::fs::read(root.join("samples").join(f)).expect("the samples are committed"))
    .collect();
    let classify = |m: &DigitModel, bytes: &[u8]| {
        vision::import_bytes(bytes, m, &opts)
            .expect("the samples read")
            .timings_ms
            .classify
    };
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..CLASSIFY_ROUNDS {
        for bytes in &samples {
            mine.push(classify(model, bytes));
            if let Some((_, m)) = peer {
                theirs.push(classify(m, bytes));
            }
        }
    }
    let med = median(mine);
    print!(
        "classify stage, {} sample photos x {CLASSIFY_ROUNDS}: median {med:.1} ms",
        samples.len()
    );
    match peer {
        Some((name, _)) => {
            let peer_med = median(theirs);
            println!(
                "; with {name}: {peer_med:.1} ms (bundled / peer = {:.2})",
                med / peer_med
            );
        }
        None => println!(),
    }
}

/// Readings of each sample photo timed by [`classify_figures`].
const CLASSIFY_ROUNDS: usize = 15;
