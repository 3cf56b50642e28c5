//! `sudolens import`: read Sudoku photos. One photo prints the grid; several print one line
//! each and a summary, scored against `.dat` ground truth files lying beside the photos.

use super::bad_input;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use sudolens::vision::{self, CellKind, DigitModel, ImportOptions, ImportResult};

#[derive(Args)]
pub struct ImportArgs {
    /// Photos of Sudoku grids (JPEG, PNG, WebP or BMP).
    #[arg(required = true)]
    photos: Vec<PathBuf>,
    /// Print the full result as JSON (one object per line for several photos).
    #[arg(long)]
    json: bool,
    /// Write the pipeline's stages as PNG files into this folder.
    #[arg(long, value_name = "DIR")]
    debug_dir: Option<PathBuf>,
}

/// Exit code when at least one photo could not be read.
const EXIT_IMPORT_FAILED: u8 = 3;

pub fn run(args: &ImportArgs) -> ExitCode {
    let t = Instant::now();
    let model = match DigitModel::bundled() {
        Ok(m) => m,
        Err(e) => return bad_input(&e.to_string()),
    };
    let load_ms = t.elapsed().as_secs_f64() * 1000.0;
    if args.photos.len() == 1 {
        let opts = ImportOptions {
            debug_dir: args.debug_dir.clone(),
            ..Default::default()
        };
        let path = &args.photos[0];
        return match vision::import_path(path, &model, &opts) {
            Ok(r) if args.json => {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&r).expect("result serialises")
                );
                ExitCode::SUCCESS
            }
            Ok(r) => {
                print_one(&r, load_ms);
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("sudolens: {}: {e}", path.display());
                ExitCode::from(EXIT_IMPORT_FAILED)
            }
        };
    }
    run_many(args, &model, load_ms)
}

fn print_one(r: &ImportResult, load_ms: f64) {
    println!(
        "Grid ({}):",
        if r.entries.contains(|c| c != '.') {
            "printed givens, handwritten entries in brackets"
        } else {
            "printed givens"
        }
    );
    for row in 0..9 {
        if row % 3 == 0 {
            println!("+-------------+-------------+-------------+");
        }
        let mut line = String::new();
        for col in 0..9 {
            if col % 3 == 0 {
                line.push_str("| ");
            }
            let c = &r.cells[row * 9 + col];
            let text = match c.kind {
                CellKind::Empty => " . ".to_string(),
                CellKind::Printed => format!(" {} ", c.digit),
                CellKind::Handwritten => format!("[{}]", c.digit),
            };
            line.push_str(&text);
            line.push(' ');
        }
        println!("{line}|");
    }
    println!("+-------------+-------------+-------------+");
    println!("givens:  {}", r.givens);
    println!("entries: {}", r.entries);
    if r.uncertain.is_empty() {
        println!("uncertain cells: none");
    } else {
        println!("uncertain cells (please check): {}", r.uncertain.join(" "));
    }
    let mistakes: Vec<&str> = r
        .cells
        .iter()
        .filter(|c| c.likely_mistake)
        .map(|c| c.cell.as_str())
        .collect();
    if !mistakes.is_empty() {
        println!(
            "handwritten entries that disagree with the solution: {}",
            mistakes.join(" ")
        );
    }
    let verdict = match r.verdict.as_str() {
        "unique" => "a proper puzzle (exactly one solution)",
        "multiple" => "several solutions: a given is probably missing",
        _ => "no solution: a given is probably misread",
    };
    println!("verdict: {verdict}");
    if r.orientation != 0 {
        println!(
            "the photo was turned {} degrees to read it upright",
            r.orientation
        );
    }
    println!(
        "time: {:.0} ms (model load {:.0} ms, not included)",
        r.timings_ms.total, load_ms
    );
}

fn run_many(args: &ImportArgs, model: &DigitModel, load_ms: f64) -> ExitCode {
    let start = Instant::now();
    let (mut failed, mut scored, mut grids_right, mut cells_right) = (0, 0, 0, 0);
    let mut times = Vec::new();
    for path in &args.photos {
        let opts = ImportOptions {
            debug_dir: args
                .debug_dir
                .as_ref()
                .map(|d| d.join(path.file_stem().unwrap_or_default())),
            ..Default::default()
        };
        match vision::import_path(path, model, &opts) {
            Ok(r) => {
                times.push(r.timings_ms.total);
                let truth = vision::dataset::read_dat(&path.with_extension("dat"));
                let score = truth.map(|t| (0..81).filter(|&i| r.cells[i].digit == t[i]).count());
                if args.json {
                    println!("{}", serde_json::to_string(&r).expect("result serialises"));
                } else {
                    let s = score
                        .map(|n| format!("  {n}/81 cells right"))
                        .unwrap_or_default();
                    println!(
                        "{}: {} {} {} {:.0} ms{s}",
                        path.display(),
                        r.givens,
                        r.verdict,
                        r.uncertain.len(),
                        r.timings_ms.total
                    );
                }
                if let Some(n) = score {
                    scored += 1;
                    cells_right += n;
                    grids_right += usize::from(n == 81);
                }
            }
            Err(e) => {
                failed += 1;
                println!("{}: error: {e}", path.display());
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    eprintln!(
        "{} photos, {} failed; {:.1} photos/s; median {:.0} ms per photo (model load {:.0} ms)",
        args.photos.len(),
        failed,
        args.photos.len() as f64 / secs,
        median,
        load_ms
    );
    if scored > 0 {
        eprintln!(
            "against .dat ground truth: {grids_right}/{scored} grids fully right, {cells_right}/{} cells right ({:.2}%)",
            scored * 81,
            100.0 * cells_right as f64 / (scored * 81) as f64
        );
    }
    if failed > 0 {
        ExitCode::from(EXIT_IMPORT_FAILED)
    } else {
        ExitCode::SUCCESS
    }
}
