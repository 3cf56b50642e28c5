//! `sudolens generate`: new puzzles at a level, or the puzzle of the day,
//! one per line (or one JSON object per line), with a progress line on
//! standard error while a batch takes more than a second.

use super::output::Ending;
use super::{Exit, Output};
use clap::Args;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use sudolens::generate::endless::{EndlessCarpet, GridPos, WINDOW_RADIUS};
use sudolens::generate::{
    generate_with, random_seed, DailyPuzzle, Date, Generated, Options, Symmetry,
};
use sudolens::hint::{level_name, Lang};
use sudolens::logic::Level;

#[derive(Args)]
pub struct GenerateArgs {
    /// The level: easy, medium, hard, expert, master or extreme.
    #[arg(long, value_parser = parse_level, default_value = "medium")]
    level: Level,
    /// How many puzzles (puzzle i uses seed S + i).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// The seed, 0 to 18446744073709551615: the same seed and options give
    /// the same puzzles on every machine. Without it, a random one (shown
    /// per puzzle with --json).
    #[arg(long)]
    seed: Option<u64>,
    /// Where the givens sit: none, rotational (a half turn, the default) or
    /// mirror (left-right).
    #[arg(long, default_value = "rotational")]
    symmetry: Symmetry,
    /// No given can be removed without losing the single solution (with a
    /// symmetry: no given together with its image).
    #[arg(long)]
    minimal: bool,
    /// One JSON object per line: puzzle, solution, level, score, hardest,
    /// seed.
    #[arg(long)]
    json: bool,
    /// The puzzle of the day (the UTC date), or of DATE (YYYY-MM-DD): the
    /// same for everyone; its level follows the weekday (Monday Easy ...
    /// Saturday Extreme, Sunday Medium).
    #[arg(
        long,
        value_name = "DATE",
        num_args = 0..=1,
        default_missing_value = "today",
        value_parser = parse_day,
        conflicts_with_all = ["level", "count", "seed", "symmetry", "minimal", "shape", "allow_solvable_subgrids"]
    )]
    daily: Option<Date>,
    /// The shape: classic, x, hyper, jigsaw, odd-even, 4x4, 6x6, 12x12 or
    /// 16x16, combined with + (x+hyper); or overlapping grids: twin, sohei,
    /// samurai, windmill, flower, diagonal-N, carpet-N, torus-N (-dense
    /// after N, or --size N and --dense). A jigsaw's regions and an
    /// odd/even's shading are drawn from the seed too. Every size is made
    /// at every level it can reach: a 4x4 and a 6x6 odd-even at Easy only
    /// (the singles always solve them). endless: the endless carpet's
    /// 3 x 3 grids around the start, as a carpet-3 (easy, medium or hard;
    /// each grid at the level, given the grids before it).
    #[arg(long)]
    shape: Option<String>,
    #[command(flatten)]
    size: super::shape_size::SizeArgs,
    /// Overlapping grids: also return puzzles in which some of the grids
    /// (with the boxes they share) are solvable on their own. By default
    /// no such sub-carpet is (the carpet generator document's rule).
    #[arg(long, requires = "shape")]
    allow_solvable_subgrids: bool,
    /// How each puzzle is written: text (the shaped text format, or the
    /// 81-character line of a classic), fpuzzles (f-puzzles JSON, one per
    /// line), sudokupad or f-puzzles-link (a link that opens it there).
    #[arg(long, default_value = "text", value_parser = super::shaped::parse_format)]
    format: super::shaped::Format,
}

fn parse_level(s: &str) -> Result<Level, String> {
    s.parse::<Level>().map_err(|e| e.to_string())
}

fn parse_day(s: &str) -> Result<Date, String> {
    if s == "today" {
        return Ok(Date::today_utc());
    }
    s.parse::<Date>().map_err(|e| e.to_string())
}

pub fn run(args: &GenerateArgs) -> ExitCode {
    if args
        .shape
        .as_deref()
        .is_some_and(|s| s.trim().eq_ignore_ascii_case("endless"))
    {
        return endless(args);
    }
    let shaped = args
        .size
        .shape_name(args.shape.as_deref())
        .and_then(|name| super::shaped::shape_option(name.as_deref()))
        .map(|s| {
            // another format than text writes the classic through the shaped path too
            s.or_else(|| {
                (args.format != super::shaped::Format::Text && args.daily.is_none())
                    .then(|| sudolens::grid::ShapeName::parse("classic").ok())
                    .flatten()
            })
        });
    match shaped {
        Ok(Some(shape)) => {
            let options = Options {
                level: args.level,
                symmetry: args.symmetry,
                minimal: args.minimal,
                allow_solvable_subgrids: args.allow_solvable_subgrids,
            };
            let seed = args.seed.unwrap_or_else(random_seed);
            let output = super::shaped::Printed {
                json: args.json,
                format: args.format,
            };
            return super::shaped::generate(shape, &options, (seed, args.count), output);
        }
        Ok(None) => {}
        Err(e) => return super::bad_input(&e),
    }
    let (options, first_seed, count) = match args.daily {
        Some(date) => {
            let daily = DailyPuzzle::for_date(date);
            (daily.options, daily.seed, 1)
        }
        None => (
            Options {
                level: args.level,
                symmetry: args.symmetry,
                minimal: args.minimal,
                allow_solvable_subgrids: false,
            },
            args.seed.unwrap_or_else(random_seed),
            args.count,
        ),
    };
    let mut ticker = Ticker::new(options.level, count);
    let mut out = Output::stdout();
    for i in 0..count {
        let seed = first_seed.wrapping_add(i);
        let made = generate_with(&options, seed, |p| {
            ticker.tick(i, p.candidates);
            std::ops::ControlFlow::Continue(())
        });
        let Ok(made) = made else {
            unreachable!("nothing cancels the command line's generation")
        };
        ticker.done(made.candidates);
        let line = if args.json {
            json_line(&made)
        } else {
            made.puzzle.to_line()
        };
        // Each puzzle is sent on as soon as it is made: a batch can be slow.
        out.line(line);
        out.flush();
        if out.failed() {
            break;
        }
    }
    // A failed write is said before the progress's total; a closed pipe
    // ends the batch quietly (SIGPIPE is restored in main).
    let ending = out.end();
    ticker.finish();
    match ending {
        Ending::Failed => Exit::WriteFailed.into(),
        Ending::Written | Ending::Closed => Exit::Ok.into(),
    }
}

/// `generate --shape endless`: the endless carpet's 3 × 3 grids around the
/// start, as the `carpet-3` the window shows, in the shaped text format
/// (`solve`, `hint`, `rate` and `explain` read it), with a comment line
/// naming the seed and the level that make the same carpet again.
fn endless(args: &GenerateArgs) -> ExitCode {
    if let Err(e) = args.size.shape_name(args.shape.as_deref()) {
        return super::bad_input(&e);
    }
    if !matches!(args.level, Level::Easy | Level::Medium | Level::Hard) {
        return super::bad_input("--level: the endless carpet is made at easy, medium or hard");
    }
    let one_text = args.count == 1 && !args.json && args.format == super::shaped::Format::Text;
    if !one_text || args.minimal || args.allow_solvable_subgrids {
        return super::bad_input(
            "--shape endless prints one window in the text format: no --count, --json, \
             --format, --minimal or --allow-solvable-subgrids",
        );
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    let mut carpet = match EndlessCarpet::new(seed, args.level) {
        Ok(carpet) => carpet,
        Err(e) => return super::bad_input(&e.to_string()),
    };
    let start = GridPos::new(0, 0);
    carpet.ensure_around(start, WINDOW_RADIUS.unsigned_abs());
    let window = carpet.window(start);
    let mut out = Output::stdout();
    // The comment goes after the header: a file is read as shaped when
    // its first line is one.
    out.text(window.values.header());
    out.line(format_args!(
        "// endless carpet, seed {seed}, level {}: the 3 x 3 grids around the start",
        args.level.id()
    ));
    out.text(window.values.to_rows());
    out.finish(Exit::Ok)
}

fn json_line(made: &Generated) -> String {
    serde_json::json!({
        "puzzle": made.puzzle.to_line(),
        "solution": made.solution.to_line(),
        "level": made.rating.level,
        "score": made.rating.score,
        "hardest": made.rating.hardest,
        "seed": made.seed,
    })
    .to_string()
}

/// The progress line: silent for the first second of a batch, then on
/// standard error once a second, rewritten in place on a terminal.
struct Ticker {
    start: Instant,
    last: Option<Instant>,
    level: Level,
    count: u64,
    done: u64,
    candidates: u64,
    terminal: bool,
}

impl Ticker {
    fn new(level: Level, count: u64) -> Ticker {
        Ticker {
            start: Instant::now(),
            last: None,
            level,
            count,
            done: 0,
            candidates: 0,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Called after each candidate of puzzle `index`.
    fn tick(&mut self, index: u64, candidates_so_far: u32) {
        if let Some(line) = self.line_at(Instant::now(), index, candidates_so_far) {
            self.show(&line, false);
        }
    }

    /// The progress line due at `now`, if one is.
    fn line_at(&mut self, now: Instant, index: u64, candidates_so_far: u32) -> Option<String> {
        let since = now.duration_since(self.last.unwrap_or(self.start));
        if since < Duration::from_secs(1) {
            return None;
        }
        self.last = Some(now);
        Some(format!(
            "generating {} puzzles: {} of {} done, puzzle {} after {} candidates ({} in all), {:.0} s",
            level_name(self.level, Lang::En),
            self.done,
            self.count,
            index + 1,
            candidates_so_far,
            self.candidates + u64::from(candidates_so_far),
            now.duration_since(self.start).as_secs_f64()
        ))
    }

    fn done(&mut self, candidates: u32) {
        self.done += 1;
        self.candidates += u64::from(candidates);
    }

    /// Ends the progress with the batch's total, when a line was shown.
    fn finish(&self) {
        if let Some(summary) = self.summary_at(Instant::now()) {
            self.show(&summary, true);
        }
    }

    fn summary_at(&self, now: Instant) -> Option<String> {
        self.last?;
        Some(format!(
            "generated {} {} puzzles from {} candidates in {:.1} s",
            self.done,
            level_name(self.level, Lang::En),
            self.candidates,
            now.duration_since(self.start).as_secs_f64()
        ))
    }

    /// On a terminal each line replaces the last, and only the summary
    /// ends with a newline; elsewhere (a log, a pipe) every line stays.
    fn show(&self, line: &str, last: bool) {
        let mut err = std::io::stderr().lock();
        let _ = match (self.terminal, last) {
            (true, false) => write!(err, "\r\x1b[2K{line}"),
            (true, true) => writeln!(err, "\r\x1b[2K{line}"),
            (false, _) => writeln!(err, "{line}"),
        };
        let _ = err.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_line_waits_a_second_then_comes_once_a_second() {
        let mut ticker = Ticker::new(Level::Extreme, 3);
        let start = ticker.start;
        let at = |ms| start + Duration::from_millis(ms);
        let (t400, t1100, t1500, t2200) = (at(400), at(1100), at(1500), at(2200));
        assert_eq!(ticker.summary_at(t400), None, "no line shown, no summary");
        assert_eq!(ticker.line_at(t400, 0, 12), None);
        let first = ticker.line_at(t1100, 0, 30).expect("due after a second");
        assert_eq!(
            first,
            "generating Extreme puzzles: 0 of 3 done, puzzle 1 after 30 candidates (30 in all), 1 s"
        );
        ticker.done(41);
        assert_eq!(ticker.line_at(t1500, 1, 5), None, "a second since the last");
        let second = ticker.line_at(t2200, 1, 9).expect("due again");
        assert!(second.contains("1 of 3 done, puzzle 2 after 9 candidates (50 in all), 2 s"));
        ticker.done(20);
        ticker.done(7);
        assert_eq!(
            ticker.summary_at(at(3000)).as_deref(),
            Some("generated 3 Extreme puzzles from 68 candidates in 3.0 s")
        );
    }
}
