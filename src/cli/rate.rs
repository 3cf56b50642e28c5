//! `sudolens rate`: level, score and hardest technique of each puzzle, and
//! with `--bench` the engine's timings (the figures quoted for issue 3).

use super::output::Ending;
use super::{bad_input, read_source, Exit, Output};
use clap::Args;
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;
use sudolens::grid::{Grid, ParseError, PuzzleLine, PuzzleStream};
use sudolens::hint::{
    for_reading, level_name, technique_name, verdict_summary, Lang, Notation, Wording,
};
use sudolens::logic::{rate, Level, Path, Rating, Technique};
use sudolens::solver::{count_solutions, verdict};

#[derive(Args)]
pub struct RateArgs {
    /// An 81-character puzzle, a file with one puzzle per line, or `-`.
    puzzle: String,
    /// One JSON object per puzzle.
    #[arg(long)]
    json: bool,
    /// Time every step: next_step percentiles and full-path percentiles
    /// (keeps each step's time, 8 bytes a step, until the end).
    #[arg(long)]
    bench: bool,
    /// Check every step against the exact solution (soundness over whole
    /// sets); any wrong conclusion is printed and fails the run.
    #[arg(long)]
    check: bool,
    /// How the reason a puzzle fails names cells and units: plain or compact.
    #[arg(long, default_value = "plain", value_parser = super::hint::parse_notation)]
    notation: Notation,
    /// The puzzles' shape: classic, x, hyper, jigsaw, odd-even (9x9
    /// shapes), combined with + (x+hyper). A file whose header names its
    /// shape needs none.
    #[arg(long)]
    shape: Option<String>,
    #[command(flatten)]
    size: super::shape_size::SizeArgs,
    /// Threads a batch is rated on (default: one per core, or one with
    /// `--bench`, whose timings are of one thread); the output keeps the
    /// file's order.
    #[arg(long, short = 'j', value_parser = super::jobs::parse_jobs)]
    jobs: Option<usize>,
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
    let solved = r.already_solved();
    if json {
        serde_json::json!({
            "puzzle": grid.to_line(),
            "level": if solved { None } else { Some(r.level) },
            "score": r.score,
            "hardest": r.hardest,
            "steps": r.steps,
            "solved_by_logic": r.solved_by_logic,
            "already_solved": solved,
        })
        .to_string()
    } else if solved {
        format!("{}  already solved: no step to rate", grid.to_line())
    } else {
        let hardest = r
            .hardest
            .map_or("no step found", |t| technique_name(t, Lang::En));
        let stopped = if r.solved_by_logic {
            ""
        } else {
            "  (logic stopped)"
        };
        format!(
            "{}  {:<7} {:>4.1}  {hardest}{stopped}",
            grid.to_line(),
            level_name(r.level, Lang::En),
            r.score
        )
    }
}

/// Counts and timings over a run. Everything here has a fixed size except
/// the `--bench` timings, so a batch of any length takes flat memory.
#[derive(Default)]
struct Stats {
    rated: usize,
    already_solved: usize,
    unsolved: usize,
    bad: usize,
    wrong: usize,
    levels: [usize; 6],
    hardest: BTreeMap<Technique, usize>,
    /// Puzzles whose path uses a contradiction anywhere.
    contradiction_used: usize,
    step_times: Vec<f64>,
    path_times: Vec<f64>,
    /// With `--bench`: how many lines Pip takes for each puzzle's hardest
    /// step, and for every step of the forcing techniques, by technique.
    hardest_lines: Vec<usize>,
    forcing_lines: BTreeMap<Technique, Vec<usize>>,
    /// The longest step seen: its lines, technique and puzzle.
    longest: Option<(usize, Technique, String)>,
}

impl Stats {
    /// Adds the figures of `other` (puzzles rated after these).
    fn merge(&mut self, other: Stats) {
        self.rated += other.rated;
        self.already_solved += other.already_solved;
        self.unsolved += other.unsolved;
        self.bad += other.bad;
        self.wrong += other.wrong;
        for (a, b) in self.levels.iter_mut().zip(other.levels) {
            *a += b;
        }
        for (t, n) in other.hardest {
            *self.hardest.entry(t).or_default() += n;
        }
        self.contradiction_used += other.contradiction_used;
        self.step_times.extend(other.step_times);
        self.path_times.extend(other.path_times);
        self.hardest_lines.extend(other.hardest_lines);
        for (t, v) in other.forcing_lines {
            self.forcing_lines.entry(t).or_default().extend(v);
        }
        if let Some(l) = other.longest {
            if self.longest.as_ref().is_none_or(|m| l.0 > m.0) {
                self.longest = Some(l);
            }
        }
    }
}

struct Rater<'a> {
    args: &'a RateArgs,
    stats: Stats,
}

impl Rater<'_> {
    fn error_line(&mut self, puzzle: Option<&Grid>, message: String) -> String {
        self.stats.bad += 1;
        if self.args.json {
            serde_json::json!({"puzzle": puzzle.map(Grid::to_line), "error": message}).to_string()
        } else {
            format!("error: {message}")
        }
    }

    /// Rates one puzzle (line `number` of a batch): its output line and the
    /// exit code it alone would give.
    fn rate_one(
        &mut self,
        number: Option<usize>,
        grid: Result<Grid, ParseError>,
    ) -> (String, Exit) {
        let at = |msg: String| number.map_or(msg.clone(), |n| format!("line {n}: {msg}"));
        let grid = match grid {
            Err(e) => {
                let message = number.map_or(e.to_string(), |n| e.at_line(n));
                return (self.error_line(None, message), Exit::BadInput);
            }
            Ok(g) if count_solutions(&g, 2) != 1 => {
                let v = verdict(&g);
                return (
                    self.error_line(
                        Some(&g),
                        at(verdict_summary(
                            &v,
                            Wording::new(Lang::En, self.args.notation),
                        )),
                    ),
                    Exit::for_verdict(&v),
                );
            }
            Ok(g) => g,
        };
        let path = self.solve(&grid);
        let sound = !self.args.check || self.check(&grid, &path);
        let r = rate(&path);
        self.count(&r);
        if path.steps.iter().any(|s| s.technique.is_contradiction()) {
            self.stats.contradiction_used += 1;
        }
        let exit = match (sound, r.solved_by_logic) {
            (false, _) => Exit::Internal,
            (true, false) => Exit::Stuck,
            (true, true) => Exit::Ok,
        };
        (line_for(&grid, &r, self.args.json), exit)
    }

    fn solve(&mut self, grid: &Grid) -> Path {
        if !self.args.bench {
            return sudolens::logic::solve_path(grid);
        }
        let t = Instant::now();
        let steps = &mut self.stats.step_times;
        let path = sudolens::logic::solve_path_timed(grid, |d| steps.push(d.as_secs_f64() * 1e3));
        self.stats.path_times.push(t.elapsed().as_secs_f64() * 1e3);
        // Pip's words are measured outside the timings.
        self.count_lines(grid, &path);
        path
    }

    /// Whether every step agrees with the exact solution; says so when not.
    fn check(&mut self, grid: &Grid, path: &Path) -> bool {
        let solution = sudolens::solver::solve(grid).unwrap_or_default();
        match unsound(path, &solution) {
            Some(e) => {
                self.stats.wrong += 1;
                say_err!("UNSOUND {}: {e}", grid.to_line());
                false
            }
            None => true,
        }
    }

    /// Lines of Pip's reading of each step (what `explain` prints under it).
    fn count_lines(&mut self, grid: &Grid, path: &Path) {
        let s = &mut self.stats;
        let mut hardest: Option<(f32, usize)> = None;
        for step in &path.steps {
            let n = for_reading(step, Lang::En).lines.len();
            if hardest.is_none_or(|h| step.score > h.0) {
                hardest = Some((step.score, n));
            }
            if step.technique.is_forcing() {
                s.forcing_lines.entry(step.technique).or_default().push(n);
            }
            if s.longest.as_ref().is_none_or(|l| n > l.0) {
                s.longest = Some((n, step.technique, grid.to_line()));
            }
        }
        if let Some((_, n)) = hardest {
            s.hardest_lines.push(n);
        }
    }

    fn count(&mut self, r: &Rating) {
        let s = &mut self.stats;
        s.rated += 1;
        if r.already_solved() {
            s.already_solved += 1;
            return;
        }
        if !r.solved_by_logic {
            s.unsolved += 1;
        }
        s.levels[Level::ALL.iter().position(|&l| l == r.level).unwrap_or(0)] += 1;
        if let Some(t) = r.hardest {
            *s.hardest.entry(t).or_default() += 1;
        }
    }
}

pub fn run(args: &RateArgs) -> ExitCode {
    let shape = match args.size.shape_name(args.shape.as_deref()) {
        Ok(shape) => shape,
        Err(e) => return bad_input(&e),
    };
    match super::shaped::read_shaped(&args.puzzle, shape.as_deref()) {
        Ok(Some(source)) => return super::shaped::rate_all(source, args.json),
        Ok(None) => {}
        Err(e) => return bad_input(&e),
    }
    let source = match read_source(&args.puzzle) {
        Ok(s) => s,
        Err(e) => return bad_input(&e),
    };
    let mut rater = Rater {
        args,
        stats: Stats::default(),
    };
    let mut out = Output::stdout();
    let start = Instant::now();
    let exit = match source.puzzles {
        PuzzleStream::Single(g) => {
            let (text, exit) = rater.rate_one(None, Ok(g));
            out.line(text);
            exit
        }
        PuzzleStream::Many(lines) => {
            let jobs = args.jobs.unwrap_or(if args.bench {
                1
            } else {
                super::jobs::default_jobs()
            });
            // Each puzzle is rated with figures of its own, added to the
            // run's in the file's order.
            let work = |line: PuzzleLine| {
                let mut one = Rater {
                    args,
                    stats: Stats::default(),
                };
                let (text, exit) = one.rate_one(Some(line.line), line.grid);
                (text, exit, one.stats)
            };
            let mut worst = Exit::Ok;
            super::jobs::ordered(lines, jobs, 4, work, |(text, exit, stats)| {
                rater.stats.merge(stats);
                out.line(text);
                worst = match (worst, exit) {
                    (Exit::Internal, _) | (_, Exit::Internal) => Exit::Internal,
                    (_, Exit::Ok) => worst,
                    _ => Exit::BatchFailures,
                };
                !out.failed()
            });
            worst
        }
    };
    // A failed write is said before the summary; a closed pipe (`| head`)
    // ends the run quietly, as asked.
    let ending = out.end();
    if ending == Ending::Closed {
        return ExitCode::SUCCESS;
    }
    summary(
        &source.name,
        args,
        &mut rater.stats,
        start.elapsed().as_secs_f64(),
    );
    match ending {
        Ending::Failed => Exit::WriteFailed.into(),
        _ => exit.into(),
    }
}

fn summary(name: &str, args: &RateArgs, s: &mut Stats, secs: f64) {
    let mut parts: Vec<String> = Level::ALL
        .iter()
        .zip(s.levels)
        .filter(|(_, n)| *n > 0)
        .map(|(&l, n)| format!("{} {n}", level_name(l, Lang::En)))
        .collect();
    if s.already_solved > 0 {
        parts.push(format!("already solved {}", s.already_solved));
    }
    let parts = if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    };
    say_err!(
        "{name}: {} rated{parts}, {} not solved by logic, {} bad lines, {:.1} puzzles/s",
        s.rated,
        s.unsolved,
        s.bad,
        s.rated as f64 / secs.max(1e-9)
    );
    if args.check {
        say_err!("soundness: {} puzzles with a wrong conclusion", s.wrong);
    }
    if args.bench {
        bench_summary(s);
    }
}

fn bench_summary(s: &mut Stats) {
    s.step_times.sort_by(f64::total_cmp);
    s.path_times.sort_by(f64::total_cmp);
    for (what, times) in [("next_step", &s.step_times), ("full path", &s.path_times)] {
        say_err!(
            "{what}: {} {}, median {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            times.len(),
            if what == "next_step" {
                "calls"
            } else {
                "puzzles"
            },
            percentile(times, 0.5),
            percentile(times, 0.9),
            percentile(times, 0.99),
            times.last().copied().unwrap_or(0.0)
        );
    }
    let counts: Vec<String> = (s.hardest.iter())
        .map(|(&t, n)| format!("{} {n}", technique_name(t, Lang::En)))
        .collect();
    say_err!("hardest technique: {}", counts.join(", "));
    let rated = s.rated - s.already_solved;
    let hardest: usize = s
        .hardest
        .iter()
        .filter(|(t, _)| t.is_contradiction())
        .map(|(_, n)| n)
        .sum();
    let share = |n: usize| 100.0 * n as f64 / rated.max(1) as f64;
    say_err!(
        "contradiction (or nested forcing) as the hardest step: {hardest} of {rated} puzzles ({:.1}%); used anywhere on the path: {} ({:.1}%)",
        share(hardest),
        s.contradiction_used,
        share(s.contradiction_used)
    );
    lines_summary(s);
}

/// Pip's lines for the hardest steps: the figures of issue 33.
fn lines_summary(s: &mut Stats) {
    let n = s.hardest_lines.len();
    if n == 0 {
        return;
    }
    s.hardest_lines.sort_unstable();
    let within = s.hardest_lines.iter().filter(|&&l| l <= 15).count();
    let at = |v: &[usize], p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    say_err!(
        "lines of each puzzle's hardest step: at most 15 for {within} of {n} puzzles ({:.1}%), median {}, p90 {}, max {}",
        100.0 * within as f64 / n as f64,
        at(&s.hardest_lines, 0.5),
        at(&s.hardest_lines, 0.9),
        at(&s.hardest_lines, 1.0),
    );
    if let Some((lines, t, puzzle)) = &s.longest {
        say_err!(
            "longest step: {lines} lines, {} in {puzzle}",
            technique_name(*t, Lang::En)
        );
    }
    let per: Vec<String> = s
        .forcing_lines
        .iter_mut()
        .map(|(t, v)| {
            v.sort_unstable();
            format!(
                "{} {} steps median {} max {}",
                technique_name(*t, Lang::En),
                v.len(),
                at(v, 0.5),
                at(v, 1.0)
            )
        })
        .collect();
    say_err!("lines per forcing technique: {}", per.join(", "));
}
