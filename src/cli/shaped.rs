//! The commands on every shape: a file whose header names its shape, or
//! `--shape NAME` on a puzzle argument or file. The classic 81-character
//! line without either goes the classic way; everything else comes here.

use super::hint::{step_json, texts};
use super::output::{Ending, Output};
use super::{bad_input, Exit};
use std::io::Read;
use std::ops::ControlFlow;
use std::process::ExitCode;
use sudolens::generate::{generate_shaped, random_shape, Options};
use sudolens::grid::{
    from_fpuzzles, from_link, has_shape_header, is_fpuzzles_json, is_link, parse_shaped,
    to_fpuzzles, to_link, Board, LinkSite, ShapeName, ShapedEntry, ShapedErrorKind, ShapedGrid,
    ShapedParseError,
};
use sudolens::hint::{for_reading, invalid_grid, summary, verdict_summary, Wording};
use sudolens::logic::{rate, solve_path_in};
use sudolens::solver::{solutions_shaped, verdict_in, Verdict};

/// The largest shaped file read: a 16×16 block is about 300 bytes, so
/// this holds tens of thousands of puzzles while refusing a runaway input.
const MAX_SHAPED_BYTES: u64 = 16 * 1024 * 1024;

/// The puzzles of a shaped input and where they came from.
pub struct ShapedSource {
    pub name: String,
    pub entries: Vec<ShapedEntry>,
}

/// The shape the command line names, checked: `Ok(None)` for none or the
/// classic (the classic path reads the input).
pub fn shape_option(name: Option<&str>) -> Result<Option<ShapeName>, String> {
    let Some(name) = name else {
        return Ok(None);
    };
    let parsed = ShapeName::parse(name).map_err(|e| format!("--shape: {e}"))?;
    Ok((parsed != ShapeName::parse("classic").map_err(|e| e.to_string())?).then_some(parsed))
}

/// Reads `arg` (a file, `-`, or the puzzle itself) as shaped puzzles when
/// its text has a `shape:` header or `--shape` names a variant;
/// `Ok(None)` leaves it to the classic path.
pub fn read_shaped(arg: &str, shape: Option<&str>) -> Result<Option<ShapedSource>, String> {
    if let Some(source) = read_exchange(arg)? {
        return Ok(Some(source));
    }
    let option = shape_option(shape)?;
    let (name, text) = if arg == "-" {
        if option.is_none() {
            // Standard input cannot be read twice: only --shape sends it here.
            return Ok(None);
        }
        (
            "standard input".to_string(),
            read_capped(std::io::stdin().lock(), "standard input")?,
        )
    } else {
        match std::fs::metadata(arg) {
            Ok(meta) if meta.is_file() => {
                if option.is_none() && !starts_with_header(arg)? {
                    return Ok(None);
                }
                let file =
                    std::fs::File::open(arg).map_err(|e| format!("{arg}: cannot open: {e}"))?;
                (arg.to_string(), read_capped(file, arg)?)
            }
            _ => {
                if option.is_none() && !has_shape_header(arg) {
                    return Ok(None);
                }
                ("argument".to_string(), arg.to_string())
            }
        }
    };
    let text = match (&option, has_shape_header(&text)) {
        (Some(opt), true) => {
            let declared = parse_shaped(&text).map_err(|e| format!("{name}: {e}"))?;
            if let Some(Ok(first)) = declared.first().map(|e| &e.grid) {
                let said = first.shape().spec().name_parts();
                if said != *opt {
                    return Err(format!(
                        "{name}: the file says its shape is {}, --shape says another",
                        first.shape().name()
                    ));
                }
            }
            text
        }
        (Some(_), false) => format!("shape: {}\n{text}", shape.unwrap_or("classic")),
        (None, _) => text,
    };
    let entries = parse_shaped(&text).map_err(|e| format!("{name}: {e}"))?;
    if entries.is_empty() {
        return Err(format!("{name}: no grid found after the shape's header"));
    }
    Ok(Some(ShapedSource { name, entries }))
}

/// An f-puzzles JSON document or f-puzzles / SudokuPad links (one per
/// line), as the argument itself or a file's content; `Ok(None)` for
/// anything else.
fn read_exchange(arg: &str) -> Result<Option<ShapedSource>, String> {
    let (name, text) = match std::fs::metadata(arg) {
        Ok(meta) if meta.is_file() => {
            let head = read_head(arg)?;
            if !is_link(&head) && !is_fpuzzles_json(&head) {
                return Ok(None);
            }
            let file = std::fs::File::open(arg).map_err(|e| format!("{arg}: cannot open: {e}"))?;
            (arg.to_string(), read_capped(file, arg)?)
        }
        _ if arg != "-" && (is_link(arg) || is_fpuzzles_json(arg)) => {
            ("argument".to_string(), arg.to_string())
        }
        _ => return Ok(None),
    };
    let entries = if is_fpuzzles_json(&text) {
        let grid = from_fpuzzles(&text).map_err(|e| format!("{name}: {e}"))?;
        vec![ShapedEntry {
            line: 1,
            grid: Ok(grid),
        }]
    } else {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| ShapedEntry {
                line: i + 1,
                grid: from_link(l).map_err(|e| ShapedParseError {
                    line: i + 1,
                    kind: ShapedErrorKind::Exchange(e),
                }),
            })
            .collect()
    };
    Ok(Some(ShapedSource { name, entries }))
}

/// The first few kilobytes of a file, as text.
fn read_head(path: &str) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: cannot open: {e}"))?;
    let mut head = Vec::new();
    file.take(4096)
        .read_to_end(&mut head)
        .map_err(|e| format!("{path}: cannot be read: {e}"))?;
    Ok(String::from_utf8_lossy(&head).into_owned())
}

/// Whether a file opens with a `shape:` header, from its first few
/// kilobytes only: a classic batch of a million lines is then streamed by
/// the classic path, never held here.
fn starts_with_header(path: &str) -> Result<bool, String> {
    Ok(has_shape_header(&read_head(path)?))
}

/// Reads at most [`MAX_SHAPED_BYTES`] of text, refusing more.
fn read_capped(reader: impl Read, name: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_SHAPED_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: cannot be read: {e}"))?;
    if bytes.len() as u64 > MAX_SHAPED_BYTES {
        return Err(format!(
            "{name}: more than the {MAX_SHAPED_BYTES} bytes a file of shaped puzzles may hold"
        ));
    }
    String::from_utf8(bytes).map_err(|e| format!("{name}: not a text file: {e}"))
}

/// The one puzzle `hint`, `explain` and a single `solve` take.
fn one(source: ShapedSource, command: &str) -> Result<ShapedGrid, ExitCode> {
    let name = source.name;
    let mut entries = source.entries.into_iter();
    match (entries.next(), entries.next()) {
        (Some(entry), None) => entry.grid.map_err(|e| bad_input(&format!("{name}: {e}"))),
        _ => Err(bad_input(&format!(
            "{name}: {command} takes one puzzle, not a file of many"
        ))),
    }
}

/// A shaped grid's verdict, on any size: the solution, or why not.
pub(super) enum ShapedVerdict {
    Unique(ShapedGrid),
    NoSolution(String),
    Multiple,
}

pub(super) fn shaped_verdict(grid: &ShapedGrid, words: Wording) -> ShapedVerdict {
    if let Some(g) = grid.to_grid() {
        return match verdict_in(grid.shape(), &g) {
            Verdict::Unique(s) => match ShapedGrid::from_grid(grid.shape().clone(), &s) {
                Some(s) => ShapedVerdict::Unique(s),
                None => ShapedVerdict::Multiple,
            },
            v @ Verdict::NoSolution { .. } => ShapedVerdict::NoSolution(verdict_summary(&v, words)),
            Verdict::Multiple(_) => ShapedVerdict::Multiple,
        };
    }
    match solutions_shaped(grid.shape(), grid.values(), 2) {
        (1, mut found) => match found
            .pop()
            .and_then(|v| ShapedGrid::new(grid.shape().clone(), v))
        {
            Some(s) => ShapedVerdict::Unique(s),
            None => ShapedVerdict::Multiple,
        },
        (0, _) => ShapedVerdict::NoSolution("no solution: the givens contradict each other".into()),
        _ => ShapedVerdict::Multiple,
    }
}

/// A solution as `solve` prints it: one line for a grid that fits, rows
/// and a blank line after for a larger one.
fn solution_text(grid: &ShapedGrid) -> String {
    if grid.fits_on_a_line() {
        grid.to_line()
    } else {
        grid.to_rows()
    }
}

/// `solve` on shaped puzzles: one solution (or reason) per puzzle.
pub fn solve(source: ShapedSource, words: Wording) -> ExitCode {
    let mut out = Output::stdout();
    let many = source.entries.len() > 1;
    let (mut solved, mut failed) = (0usize, 0usize);
    let mut last = Exit::Ok;
    for entry in &source.entries {
        let text = match &entry.grid {
            Err(e) => {
                last = Exit::BadInput;
                format!("error: {e}")
            }
            Ok(grid) => match shaped_verdict(grid, words) {
                ShapedVerdict::Unique(s) => {
                    solved += 1;
                    solution_text(&s)
                }
                ShapedVerdict::NoSolution(why) => {
                    last = Exit::NoSolution;
                    format!("error: line {}: {why}", entry.line)
                }
                ShapedVerdict::Multiple => {
                    last = Exit::Multiple;
                    format!(
                        "error: line {}: several solutions: a given is probably missing",
                        entry.line
                    )
                }
            },
        };
        if text.starts_with("error") {
            failed += 1;
        }
        out.line(text.trim_end());
        if out.failed() {
            break;
        }
    }
    if out.end() == Ending::Failed {
        return Exit::WriteFailed.into();
    }
    if many {
        say_err!(
            "{}: {} puzzles, {solved} solved, {failed} failed",
            source.name,
            source.entries.len()
        );
        return if failed == 0 {
            Exit::Ok
        } else {
            Exit::BatchFailures
        }
        .into();
    }
    last.into()
}

/// `hint` on a shaped puzzle: Pip's next step on the shape's houses.
pub fn hint(source: ShapedSource, words: Wording, json: bool) -> ExitCode {
    let shaped = match one(source, "hint") {
        Ok(g) => g,
        Err(code) => return code,
    };
    let Some(grid) = shaped.to_grid() else {
        let verdict = shaped_verdict(&shaped, words);
        return super::sized::hint(&shaped, verdict, words, json);
    };
    let Some(board) = Board::in_shape(shaped.shape().clone(), grid) else {
        return Exit::Internal.into();
    };
    let name = shaped.shape().name();
    super::hint::say_outcome(&board, words, json, Some(&name))
}

/// `explain` on a shaped puzzle: every step on the shape's houses.
pub fn explain(source: ShapedSource, words: Wording, json: bool, brief: bool) -> ExitCode {
    let shaped = match one(source, "explain") {
        Ok(g) => g,
        Err(code) => return code,
    };
    let Some(grid) = shaped.to_grid() else {
        let verdict = shaped_verdict(&shaped, words);
        return super::sized::explain(&shaped, verdict, words, (json, brief));
    };
    let shape = shaped.shape();
    let mut out = Output::stdout();
    let v = verdict_in(shape, &grid);
    if !v.is_unique() {
        for line in texts(invalid_grid(&grid, &v, words)) {
            out.line(line);
        }
        return out.finish(Exit::for_verdict(&v));
    }
    let Ok(path) = solve_path_in(shape, &grid) else {
        return Exit::Internal.into();
    };
    let steps = path
        .steps
        .iter()
        .map(|step| Explained {
            summary: summary(step, words),
            lines: texts(for_reading(step, words)),
            json: step_json(step, words),
        })
        .collect();
    let puzzle = grid.to_line();
    print_explained(
        out,
        (shape, &puzzle),
        steps,
        path.solved_by_logic,
        (json, brief),
    )
}

/// One step as `explain` prints it: its summary, its lines, its JSON.
pub(super) struct Explained {
    pub summary: String,
    pub lines: Vec<String>,
    pub json: serde_json::Value,
}

/// `explain`'s output on any shape: the puzzle, then each step's summary
/// and lines (or one JSON object), then how it ended.
pub(super) fn print_explained(
    mut out: Output,
    (shape, puzzle): (&sudolens::grid::Shape, &str),
    steps: Vec<Explained>,
    solved: bool,
    (json, brief): (bool, bool),
) -> ExitCode {
    let code = if solved { Exit::Ok } else { Exit::Stuck };
    if json {
        let steps: Vec<serde_json::Value> = steps.into_iter().map(|s| s.json).collect();
        out.line(serde_json::json!({
            "shape": shape.name(),
            "puzzle": puzzle,
            "steps": steps,
            "solved_by_logic": solved,
        }));
        return out.finish(code);
    }
    let count = steps.len();
    out.line(format_args!("{puzzle} ({})", shape.name()));
    for (i, step) in steps.into_iter().enumerate() {
        out.line(format_args!("{:3}. {}", i + 1, step.summary));
        if !brief {
            for line in step.lines {
                out.line(format_args!("       {line}"));
            }
        }
    }
    let end = if solved {
        "solved by logic"
    } else {
        "logic stopped before the end"
    };
    out.line(format_args!("{count} steps, {end}"));
    out.finish(code)
}

/// `rate` on shaped puzzles: level, score and hardest technique per line.
pub fn rate_all(source: ShapedSource, json: bool) -> ExitCode {
    let words = Wording::default();
    let mut out = Output::stdout();
    let mut failed = 0usize;
    let total = source.entries.len();
    for entry in source.entries {
        let grid = match entry.grid {
            Ok(g) => g,
            Err(e) => {
                failed += 1;
                out.line(format_args!("error: {e}"));
                continue;
            }
        };
        let r = match grid.to_grid() {
            Some(g) if !verdict_in(grid.shape(), &g).is_unique() => {
                Err("not a proper puzzle (no single solution)".to_string())
            }
            Some(g) => solve_path_in(grid.shape(), &g)
                .map(|path| rate(&path))
                .map_err(|e| e.to_string()),
            None => super::sized::rate(&grid, shaped_verdict(&grid, words)),
        };
        let r = match r {
            Ok(r) => r,
            Err(why) => {
                failed += 1;
                out.line(format_args!("error: line {}: {why}", entry.line));
                continue;
            }
        };
        let hardest = r.hardest.map_or("none", |t| t.id());
        if json {
            let v = serde_json::json!({
                "shape": grid.shape().name(),
                "puzzle": grid.to_line(),
                "level": r.level.id(),
                "score": r.score,
                "hardest": hardest,
                "steps": r.steps,
                "solved_by_logic": r.solved_by_logic,
            });
            out.line(v);
        } else {
            out.line(format_args!(
                "{} {} {:.1} {hardest}",
                grid.to_line(),
                r.level.id(),
                r.score
            ));
        }
        if out.failed() {
            break;
        }
        if !r.solved_by_logic {
            failed += 1;
        }
    }
    out.finish(match (failed, total) {
        (0, _) => Exit::Ok,
        (_, 1) => Exit::Stuck,
        _ => Exit::BatchFailures,
    })
}

/// How `generate` writes each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The shaped text format (the 81-character line for a classic).
    Text,
    /// f-puzzles JSON, one document per line.
    FPuzzles,
    /// A link that opens the puzzle in SudokuPad.
    SudokuPad,
    /// A link that opens the puzzle in f-puzzles.
    FPuzzlesLink,
}

pub fn parse_format(s: &str) -> Result<Format, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "text" => Ok(Format::Text),
        "fpuzzles" | "f-puzzles" => Ok(Format::FPuzzles),
        "sudokupad" => Ok(Format::SudokuPad),
        "f-puzzles-link" | "fpuzzles-link" => Ok(Format::FPuzzlesLink),
        _ => Err(format!(
            "unknown format '{s}' (use text, fpuzzles, sudokupad or f-puzzles-link)"
        )),
    }
}

/// What `generate` prints: JSON objects or puzzles in a format.
#[derive(Clone, Copy, Debug)]
pub struct Printed {
    pub json: bool,
    pub format: Format,
}

/// `generate --shape`: `count` puzzles from seeds `seed`, `seed + 1`...
/// In text, a fixed geometry's header is printed once, then one puzzle per
/// line (or per block of rows, a blank line apart, for grids past 81
/// cells); a jigsaw or an odd/even, whose maps are drawn for each puzzle,
/// has a header each, a blank line apart. `--json`: one object per line;
/// the exchange formats: one document or link per line.
pub fn generate(
    name: ShapeName,
    options: &Options,
    (seed, count): (u64, u64),
    output: Printed,
) -> ExitCode {
    if let (Some(o), false) = (name.overlap, output.json || output.format == Format::Text) {
        // f-puzzles documents and their links hold one square grid.
        return bad_input(&format!(
            "--format: {o} is written in the text format only (f-puzzles holds one square grid)"
        ));
    }
    let mut out = Output::stdout();
    let own_maps = name.jigsaw || name.odd_even;
    for i in 0..count {
        let seed = seed.wrapping_add(i);
        let shape = match random_shape(name, seed) {
            Ok(shape) => shape,
            Err(e) => return bad_input(&format!("--shape: {e}")),
        };
        let made = match generate_shaped(&shape, options, seed, |_| ControlFlow::Continue(())) {
            Ok(made) => made,
            Err(e) => return bad_input(&e.to_string()),
        };
        let text = match (output.json, output.format) {
            (true, _) => format!("{}\n", generated_json(&shape, &made)),
            (false, Format::FPuzzles) => format!("{}\n", to_fpuzzles(&made.puzzle)),
            (false, Format::SudokuPad) => {
                format!("{}\n", to_link(&made.puzzle, LinkSite::SudokuPad))
            }
            (false, Format::FPuzzlesLink) => {
                format!("{}\n", to_link(&made.puzzle, LinkSite::FPuzzles))
            }
            (false, Format::Text) => {
                let mut text = String::new();
                if i == 0 || own_maps {
                    if i > 0 {
                        text.push('\n');
                    }
                    text.push_str(&made.puzzle.header());
                }
                if made.puzzle.fits_on_a_line() {
                    text.push_str(&made.puzzle.to_line());
                    text.push('\n');
                } else {
                    if i > 0 && !own_maps {
                        text.push('\n');
                    }
                    text.push_str(&made.puzzle.to_rows());
                }
                text
            }
        };
        out.text(&text);
        out.flush();
        if out.failed() {
            break;
        }
    }
    out.finish(Exit::Ok)
}

/// One generated puzzle as `generate --json` prints it.
fn generated_json(
    shape: &sudolens::grid::Shape,
    made: &sudolens::generate::GeneratedShaped,
) -> serde_json::Value {
    let rating = made.rating.as_ref();
    let mut v = serde_json::json!({
        "shape": shape.name(),
        "puzzle": made.puzzle.to_line(),
        "solution": made.solution.to_line(),
        "level": made.level,
        "score": rating.map(|r| r.score),
        "hardest": rating.and_then(|r| r.hardest),
        "seed": made.seed,
    });
    if let Some(map) = shape.region_map() {
        v["regions"] = serde_json::json!(map.iter().map(|r| r + 1).collect::<Vec<_>>());
    }
    if let Some(p) = &shape.spec().parity {
        v["shaded"] = serde_json::json!(p.shaded);
        v["shaded_even"] = serde_json::json!(p.shaded_even);
    }
    v
}
