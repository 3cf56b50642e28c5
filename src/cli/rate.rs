//! `sudolens rate`: level, score and hardest technique of each puzzle, and
//! with `--bench` the engine's timings (the figures quoted for issue 3).

use super::{bad_input, read_source};
use clap::Args;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;
use sudolens::grid::{Grid, Puzzles};
use sudolens::logic::{rate, Level, Path, Rating, Technique};

#[derive(Args)]
pub struct RateArgs {
    /// An 81-character puzzle, a file with one puzzle per line, or `-`.
    puzzle: String,
    /// One JSON object per puzzle.
    #[arg(long)]
    json: bool,
    /// Time every step: next_step percentiles and full-path percentiles.
    #[arg(long)]
    bench: bool,
    /// Check every step against the exact solution (soundness over whole
    /// sets); any wrong conclusion is printed and fails the run.
    #[arg(long)]
    check: bool,
}

/// The first conclusion of the path that contradicts the solution.
fn unsound(path: &Path, solution: &Grid) -> Option<String> {
    for step in &path.steps {
        if let Some(p) = step
            .placements
            .iter()
            .find(|p| solution.get(p.cell) != p.digit)
        {
            return Some(format!("{step}: places {} in {}", p.digit, p.cell));
        }
        if let Some(c) = step.eliminated().find(|c| solution.get(c.cell) == c.digit) {
            return Some(format!(
                "{step}: removes the true {} from {}",
                c.digit, c.cell
            ));
        }
    }
    None
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn line_for(grid: &Grid, r: &Rating, json: bool) -> String {
    if json {
        serde_json::json!({
            "puzzle": grid.to_line(),
            "level": r.level,
            "score": r.score,
            "hardest": r.hardest,
            "steps": r.steps,
            "solved_by_logic": r.solved_by_logic,
        })
        .to_string()
    } else {
        format!(
            "{}  {:<7} {:>4.1}  {}{}",
            grid.to_line(),
            r.level.name(),
            r.score,
            r.hardest,
            if r.solved_by_logic {
                ""
            } else {
                "  (logic stopped)"
            }
        )
    }
}

pub fn run(args: &RateArgs) -> ExitCode {
    let source = match read_source(&args.puzzle) {
        Ok(s) => s,
        Err(e) => return bad_input(&e),
    };
    let lines: Vec<(usize, Result<Grid, String>)> = match source.puzzles {
        Puzzles::Single(g) => vec![(1, Ok(g))],
        Puzzles::Many(many) => many
            .into_iter()
            .map(|l| (l.line, l.grid.map_err(|e| e.to_string())))
            .collect(),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let start = Instant::now();
    let (mut rated, mut unsolved, mut bad, mut wrong) = (0usize, 0usize, 0usize, 0usize);
    let mut levels = [0usize; 6];
    let mut hardest = std::collections::BTreeMap::<Technique, usize>::new();
    let (mut step_times, mut path_times) = (Vec::new(), Vec::new());
    for (n, grid) in &lines {
        let grid = match grid {
            Ok(g) if sudolens::solver::count_solutions(g, 2) == 1 => *g,
            Ok(g) => {
                bad += 1;
                let msg = format!("line {n}: {}", sudolens::solver::verdict(g));
                let text = if args.json {
                    serde_json::json!({"puzzle": g.to_line(), "error": msg}).to_string()
                } else {
                    format!("error: {msg}")
                };
                if writeln!(out, "{text}").is_err() {
                    return ExitCode::SUCCESS;
                }
                continue;
            }
            Err(e) => {
                bad += 1;
                let text = if args.json {
                    serde_json::json!({"puzzle": null, "error": format!("line {n}: {e}")})
                        .to_string()
                } else {
                    format!("error: line {n}: {e}")
                };
                if writeln!(out, "{text}").is_err() {
                    return ExitCode::SUCCESS;
                }
                continue;
            }
        };
        let t = Instant::now();
        let path =
            sudolens::logic::solve_path_timed(&grid, |d| step_times.push(d.as_secs_f64() * 1e3));
        path_times.push(t.elapsed().as_secs_f64() * 1e3);
        if args.check {
            let solution = sudolens::solver::solve(&grid).unwrap_or_default();
            if let Some(e) = unsound(&path, &solution) {
                wrong += 1;
                eprintln!("UNSOUND {}: {e}", grid.to_line());
            }
        }
        let r = rate(&path);
        rated += 1;
        if !r.solved_by_logic {
            unsolved += 1;
        }
        levels[Level::ALL.iter().position(|&l| l == r.level).unwrap_or(0)] += 1;
        *hardest.entry(r.hardest).or_default() += 1;
        if writeln!(out, "{}", line_for(&grid, &r, args.json)).is_err() {
            return ExitCode::SUCCESS;
        }
    }
    let _ = out.flush();
    let secs = start.elapsed().as_secs_f64();
    let level_text: Vec<String> = Level::ALL
        .iter()
        .zip(levels)
        .filter(|(_, n)| *n > 0)
        .map(|(l, n)| format!("{l} {n}"))
        .collect();
    eprintln!(
        "{}: {rated} rated ({}), {unsolved} not solved by logic, {bad} bad lines, {:.1} puzzles/s",
        source.name,
        level_text.join(", "),
        rated as f64 / secs.max(1e-9)
    );
    if args.check {
        eprintln!("soundness: {wrong} puzzles with a wrong conclusion");
    }
    if args.bench {
        step_times.sort_by(f64::total_cmp);
        path_times.sort_by(f64::total_cmp);
        eprintln!(
            "next_step: {} calls, median {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            step_times.len(),
            percentile(&step_times, 0.5),
            percentile(&step_times, 0.9),
            percentile(&step_times, 0.99),
            step_times.last().copied().unwrap_or(0.0)
        );
        eprintln!(
            "full path: {} puzzles, median {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            path_times.len(),
            percentile(&path_times, 0.5),
            percentile(&path_times, 0.9),
            percentile(&path_times, 0.99),
            path_times.last().copied().unwrap_or(0.0)
        );
        let counts: Vec<String> = hardest.iter().map(|(t, n)| format!("{t} {n}")).collect();
        eprintln!("hardest technique: {}", counts.join(", "));
    }
    if unsolved == 0 && bad == 0 && wrong == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
