//! `sudolens import`: read Sudoku photos. One photo prints the grid; several print one line
//! each and a summary, scored against `.dat` ground truth files lying beside the photos.

use super::output::Ending;
use super::{bad_input, Exit, Output};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use sudolens::grid::Cell;
use sudolens::solver::Verdict;
use sudolens::vision::{self, CellKind, DigitModel, ImportError, ImportOptions, ImportResult};

#[derive(Args)]
pub struct ImportArgs {
    /// Photos of Sudoku grids (JPEG, PNG, WebP or BMP).
    #[arg(required = true)]
    photos: Vec<PathBuf>,
    /// Print one JSON object per photo, one per line, each with its "file": the full result,
    /// or {"file", "error", "kind"} for a photo that could not be read.
    #[arg(long)]
    json: bool,
    /// Write the pipeline's stages as PNG files into this folder (created if missing; one
    /// subfolder per photo when there are several).
    #[arg(long, value_name = "DIR")]
    debug_dir: Option<PathBuf>,
    /// Threads the photos are read on (default: one per core); the output
    /// keeps their order. Each thread holds one decoded photo at a time.
    #[arg(long, short = 'j', value_parser = super::jobs::parse_jobs)]
    jobs: Option<usize>,
}

type PhotoOutcome = Result<ImportResult, ImportError>;

/// The exit code of one photo, from the table in `cli/mod.rs`: a photo read is judged by
/// the verdict on its givens, as `solve` judges a puzzle.
fn exit_for(outcome: &PhotoOutcome) -> Exit {
    match outcome {
        Ok(r) => match r.verdict {
            Verdict::Unique(_) => Exit::Ok,
            Verdict::Multiple(_) => Exit::Multiple,
            Verdict::NoSolution { .. } => Exit::NoSolution,
        },
        Err(ImportError::NoGrid) => Exit::NoGrid,
        Err(ImportError::Model(_)) => Exit::Internal,
        Err(_) => Exit::BadInput,
    }
}

/// One photo as a JSON line: its result or its error, always with its file.
fn json_line(path: &Path, outcome: &PhotoOutcome) -> String {
    vision::outcome_json(&path.display().to_string(), outcome).to_string()
}

/// The debug folder is checked before any photo is read, so that a bad folder is blamed on
/// the folder: a file of that name is refused, a missing folder created.
fn prepare_debug_dir(dir: &Path) -> Result<(), String> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(format!(
            "--debug-dir {}: not a folder (a file has that name)",
            dir.display()
        )),
        Err(_) => std::fs::create_dir_all(dir).map_err(|e| {
            format!(
                "--debug-dir {}: cannot create the folder: {e}",
                dir.display()
            )
        }),
    }
}

pub fn run(args: &ImportArgs) -> ExitCode {
    if let Some(dir) = &args.debug_dir {
        if let Err(e) = prepare_debug_dir(dir) {
            return bad_input(&e);
        }
    }
    let t = Instant::now();
    let model = match DigitModel::bundled() {
        Ok(m) => m,
        Err(e) => {
            say_err!("error: {e}");
            return Exit::Internal.into();
        }
    };
    let load_ms = t.elapsed().as_secs_f64() * 1000.0;
    if args.photos.len() == 1 {
        let opts = ImportOptions {
            debug_dir: args.debug_dir.clone(),
            ..Default::default()
        };
        let path = &args.photos[0];
        let outcome = vision::import_path(path, &model, &opts);
        let mut out = Output::stdout();
        match &outcome {
            _ if args.json => out.line(json_line(path, &outcome)),
            Ok(r) => print_one(&mut out, r, load_ms),
            Err(e) => say_err!("error: {}: {e}", path.display()),
        }
        return out.finish(exit_for(&outcome));
    }
    run_many(args, &model, load_ms)
}

/// A cell's reading in three characters: ` 5 ` printed, `[5]` handwritten.
fn reading_text(c: &vision::CellReading) -> String {
    match c.kind {
        CellKind::Empty => " . ".to_string(),
        CellKind::Printed => format!(" {} ", c.digit),
        CellKind::Handwritten => format!("[{}]", c.digit),
    }
}

/// The readings of overlapping grids (a samurai) on their plane: each cell
/// where it lies, the holes between grids blank, a space between boxes.
fn print_plane(out: &mut Output, r: &ImportResult) {
    let (rows, cols) = r.shape.plane_size();
    for row in 0..rows {
        if row > 0 && row % 3 == 0 {
            out.line("");
        }
        let mut line = String::new();
        for col in 0..cols {
            if col > 0 && col % 3 == 0 {
                line.push(' ');
            }
            match r.shape.cell_at(row, col).and_then(|i| r.cells.get(i)) {
                Some(c) => line.push_str(&reading_text(c)),
                None => line.push_str("   "),
            }
        }
        out.line(line.trim_end());
    }
}

fn print_one(out: &mut Output, r: &ImportResult, load_ms: f64) {
    out.line(format_args!(
        "Grid ({}):",
        if r.shaped_entries.filled_count() > 0 {
            "printed givens, handwritten entries in brackets"
        } else {
            "printed givens"
        }
    ));
    if r.shape.overlap().is_some() {
        print_plane(out, r);
    } else {
        print_lattice(out, r);
    }
    print_summary(out, r, load_ms);
}

/// The readings of one grid, boxes ruled.
fn print_lattice(out: &mut Output, r: &ImportResult) {
    let size = r.shape.spec().size;
    let (side, box_rows, box_cols) = (
        usize::from(size.side),
        usize::from(size.box_rows),
        usize::from(size.box_cols),
    );
    // a box's cells are four characters wide, plus the space after its bar
    let rule = {
        let mut rule = String::from("+");
        for _ in 0..side / box_cols {
            rule.push_str(&"-".repeat(4 * box_cols + 1));
            rule.push('+');
        }
        rule
    };
    for row in 0..side {
        if row.is_multiple_of(box_rows) {
            out.line(&rule);
        }
        let mut line = String::new();
        for col in 0..side {
            if col.is_multiple_of(box_cols) {
                line.push_str("| ");
            }
            let Some(c) = r.cells.get(row * side + col) else {
                continue;
            };
            line.push_str(&reading_text(c));
            line.push(' ');
        }
        out.line(format_args!("{line}|"));
    }
    out.line(&rule);
}

/// The lines under the board: the shape, the givens and entries, what to
/// check, the verdict and the time.
fn print_summary(out: &mut Output, r: &ImportResult, load_ms: f64) {
    if !r.shape.is_classic() {
        out.line(format_args!("shape:   {}", r.shape.name()));
    }
    out.line(format_args!("givens:  {}", r.shaped_givens.to_line()));
    out.line(format_args!("entries: {}", r.shaped_entries.to_line()));
    if r.uncertain.is_empty() {
        out.line("uncertain cells: none");
    } else if r.shape.overlap().is_some() {
        // a cell two grids share is named in both, so that either finds it
        let names: Vec<String> = (r.cells.iter().enumerate())
            .filter(|(_, c)| c.uncertain)
            .map(|(i, _)| sudolens::hint::cell_on_shape(&r.shape, i, sudolens::hint::Lang::En))
            .collect();
        out.line(format_args!(
            "uncertain cells (please check): {}",
            names.join(" | ")
        ));
    } else {
        out.line(format_args!(
            "uncertain cells (please check): {}",
            cell_list(&r.uncertain)
        ));
    }
    let mistakes: Vec<Cell> = r
        .cells
        .iter()
        .filter(|c| c.likely_mistake)
        .map(|c| c.cell)
        .collect();
    if !mistakes.is_empty() {
        out.line(format_args!(
            "entries read clearly that disagree with the solution (is each what you wrote?): {}",
            cell_list(&mistakes)
        ));
    }
    let verdict = match r.verdict {
        Verdict::Unique(_) => "a proper puzzle (exactly one solution)",
        Verdict::Multiple(_) => "several solutions: a given is probably missing",
        Verdict::NoSolution { .. } => "no solution: a given is probably misread",
    };
    out.line(format_args!("verdict: {verdict}"));
    if r.orientation != 0 {
        out.line(format_args!(
            "the photo was turned {} degrees to read it upright",
            r.orientation
        ));
    }
    out.line(format_args!(
        "time: {:.0} ms (model load {:.0} ms, not included)",
        r.timings_ms.total, load_ms
    ));
}

/// Cells as `r1c1 r2c5 ...`.
fn cell_list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
    names.join(" ")
}

/// Scores a reading against the `.dat` ground truth beside the photo, if any: cells right.
fn score(path: &Path, r: &ImportResult) -> Option<usize> {
    let truth = vision::read_dat(&path.with_extension("dat"))?;
    (r.cells.len() == truth.len()).then(|| {
        r.cells
            .iter()
            .zip(&truth)
            .filter(|(c, t)| c.digit == **t)
            .count()
    })
}

fn run_many<'a>(args: &'a ImportArgs, model: &DigitModel, load_ms: f64) -> ExitCode {
    let start = Instant::now();
    let (mut failed, mut scored, mut grids_right, mut cells_right) = (0, 0, 0, 0);
    let mut times = Vec::new();
    let mut out = Output::stdout();
    let work = |path: &'a PathBuf| {
        let opts = ImportOptions {
            debug_dir: args
                .debug_dir
                .as_ref()
                .map(|d| d.join(path.file_stem().unwrap_or_default())),
            ..Default::default()
        };
        let outcome = vision::import_path(path, model, &opts);
        let right = outcome.as_ref().ok().and_then(|r| score(path, r));
        (path, outcome, right)
    };
    let jobs = args.jobs.unwrap_or_else(super::jobs::default_jobs);
    // A photo at a time per thread: each takes long enough to be its own
    // chunk, and a thread holds one decoded photo at most.
    super::jobs::ordered(
        args.photos.iter(),
        jobs,
        1,
        work,
        |(path, outcome, right)| {
            if exit_for(&outcome) != Exit::Ok {
                failed += 1;
            }
            if args.json {
                out.line(json_line(path, &outcome));
            } else {
                match &outcome {
                    Ok(r) => out.line(format_args!(
                        "{}: {} {} {} {:.0} ms{}",
                        path.display(),
                        r.shaped_givens.to_line(),
                        vision::verdict_name(&r.verdict),
                        r.uncertain.len(),
                        r.timings_ms.total,
                        right
                            .map(|n| format!("  {n}/81 cells right"))
                            .unwrap_or_default()
                    )),
                    Err(e) => out.line(format_args!("{}: error: {e}", path.display())),
                }
            }
            // Each photo's line is sent on as it is read: photos are slow.
            out.flush();
            if out.failed() {
                return false;
            }
            if let Ok(r) = &outcome {
                times.push(r.timings_ms.total);
            }
            if let Some(n) = right {
                scored += 1;
                cells_right += n;
                grids_right += usize::from(n == 81);
            }
            true
        },
    );
    // A failed write is said before the summary; a closed pipe ends the
    // run quietly, as asked.
    let ending = out.end();
    if ending == Ending::Closed {
        return ExitCode::SUCCESS;
    }
    let secs = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    say_err!(
        "{} photos, {} failed or not a proper puzzle; {:.1} photos/s; median {:.0} ms per photo (model load {:.0} ms)",
        args.photos.len(),
        failed,
        args.photos.len() as f64 / secs,
        median,
        load_ms
    );
    if scored > 0 {
        say_err!(
            "against .dat ground truth: {grids_right}/{scored} grids fully right, {cells_right}/{} cells right ({:.2}%)",
            scored * 81,
            100.0 * cells_right as f64 / (scored * 81) as f64
        );
    }
    if ending == Ending::Failed {
        Exit::WriteFailed.into()
    } else if failed > 0 {
        Exit::BatchFailures.into()
    } else {
        Exit::Ok.into()
    }
}
