//! `sudolens duel`: Duel with Pip in a terminal, like the console game it
//! comes from. Both grids are drawn in text; the player types `r4c9 6` or
//! `joker r4c9`; input errors are explained and refused moves cost nothing;
//! Ctrl+D leaves cleanly. A duel that ends here goes into the game history
//! in the data folder, as the window's do. `--pip-vs-pip` lets two Pips
//! play instead ([`pip_vs_pip`]), and is not recorded.

mod pip_vs_pip;
mod text;

use super::hint::{one_grid, parse_lang, parse_notation};
use super::{bad_input, Exit};
use clap::Args;
use std::io::{BufRead, ErrorKind, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use sudolens::duel::deal::{self, PlayersGrid};
use sudolens::duel::{Action, Answering, Duel, Setup, Side, Strength};
use sudolens::files::io_words;
use sudolens::grid::Grid;
use sudolens::hint::{duel as words, Lang, Notation, Wording};
use sudolens::logic::Level;

#[derive(Args)]
pub struct DuelArgs {
    /// Pip's strength: beginner, club or master.
    #[arg(long, default_value = "club", value_parser = parse_strength)]
    pip: Strength,
    /// The level of Pip's grid for you: easy, medium, hard, expert, master
    /// or extreme (the grid is labelled with the level it rates at).
    #[arg(long, default_value = "medium", value_parser = parse_level)]
    level: Level,
    /// Holes in your grid for Pip (1 to 81); by default as many as in Pip's
    /// grid for you.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=81))]
    holes: Option<u8>,
    /// Seed of the grids and of Pip's guesses: the same seed, the same duel.
    #[arg(long)]
    seed: Option<u64>,
    /// Your grid for Pip: a complete grid (holes made by --holes), or a grid
    /// with its holes already made; an 81-character line or a file. By
    /// default one is made for you.
    #[arg(long)]
    grid: Option<String>,
    /// Answer Pip's moves yourself (Pip checks the answers for lies).
    #[arg(long)]
    by_hand: bool,
    /// Save the duel to this file after every move (atomically).
    #[arg(long)]
    save: Option<PathBuf>,
    /// Resume the duel saved in this file (the setup options are ignored).
    #[arg(long, conflicts_with_all = ["grid", "pip_vs_pip"])]
    resume: Option<PathBuf>,
    /// Two Pips play each other: every move, the jokers, the penalties and
    /// the final score are printed.
    #[arg(long)]
    pip_vs_pip: bool,
    /// With --pip-vs-pip: play this many games (seeds from --seed on) and
    /// print one line each and the averages; without --pip given, each
    /// strength plays the same grids.
    #[arg(
        long,
        requires = "pip_vs_pip",
        default_value_t = 1,
        value_parser = clap::value_parser!(u32).range(1..)
    )]
    games: u32,
    /// Language of Pip's words: en or fr.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    lang: Lang,
    /// How Pip names cells: compact ("r1c5", the way moves are typed and
    /// the board is labelled; the default here) or plain ("row 1, column 5").
    #[arg(long, default_value = "compact", value_parser = parse_notation)]
    notation: Notation,
}

fn parse_strength(s: &str) -> Result<Strength, String> {
    Strength::parse(s)
        .ok_or_else(|| format!("unknown strength '{s}' (use beginner, club or master)"))
}

fn parse_level(s: &str) -> Result<Level, String> {
    s.parse()
        .map_err(|e: sudolens::logic::UnknownLevel| e.to_string())
}

pub fn run(args: &DuelArgs) -> ExitCode {
    let seed = args.seed.unwrap_or_else(sudolens::generate::random_seed);
    if args.pip_vs_pip {
        // --pip given explicitly or not: clap cannot tell a default apart,
        // so a batch without --pip plays every strength.
        let explicit = std::env::args().any(|a| a == "--pip" || a.starts_with("--pip="));
        let strengths = if explicit || args.games <= 1 {
            vec![args.pip]
        } else {
            Strength::ALL.to_vec()
        };
        let holes = args.holes.map(usize::from);
        return pip_vs_pip::run(&strengths, args.level, holes, seed, args.games, args.lang);
    }
    let duel = match &args.resume {
        Some(path) => match Duel::read(path) {
            Ok(d) => d,
            Err(e) => return bad_input(&e.to_string()),
        },
        None => match new_duel(args, seed) {
            Ok(d) => d,
            Err(code) => return code,
        },
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut game = Game {
        duel,
        wording: Wording::new(args.lang, args.notation),
        save: args.save.clone(),
    };
    // The save file is written before the first move: a path that cannot
    // be written is said now, not after a move the player then loses, and
    // "saved in" is true even when the input ends at once.
    if let Err(stopped) = game.autosave() {
        return stopped.into();
    }
    let was_over = game.duel.is_over();
    let played = game.play(&mut stdin.lock(), &mut out);
    // A duel that ended in this run (not one resumed already over).
    if let (false, Some(outcome)) = (was_over, game.duel.outcome()) {
        record(outcome.clone(), args.lang);
    }
    match played {
        Ok(()) => ExitCode::SUCCESS,
        Err(stopped) => stopped.into(),
    }
}

/// Why a terminal duel stopped before its end.
enum Stopped {
    /// Standard input could not be read (exit 2).
    Unreadable(String),
    /// Standard output or the `--save` file could not be written (exit 74).
    Unwritable(String),
    /// Standard output was closed (`| head`): nothing more to say.
    Closed,
}

impl From<Stopped> for ExitCode {
    fn from(stopped: Stopped) -> ExitCode {
        match stopped {
            Stopped::Unreadable(e) => bad_input(&e),
            Stopped::Unwritable(e) => {
                say_err!("error: {e}");
                Exit::WriteFailed.into()
            }
            Stopped::Closed => ExitCode::SUCCESS,
        }
    }
}

/// A failed write to the terminal, as the duel stops for it.
fn screen(e: std::io::Error) -> Stopped {
    if e.kind() == ErrorKind::BrokenPipe {
        Stopped::Closed
    } else {
        Stopped::Unwritable(format!("cannot write to standard output: {}", io_words(&e)))
    }
}

/// How long the terminal waits for the history before it gives up (the
/// recorder itself waits a few seconds more for its last write).
const HISTORY_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Writes the finished duel into the history through its recorder thread,
/// as the window does. A history that is off is said on stderr; the duel's
/// result is already on screen either way.
fn record(outcome: sudolens::duel::DuelResult, lang: Lang) {
    use sudolens::history::{self, FinishedDuel, Recorder, Report, Request};
    let finished_at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let path = sudolens::files::data_dir().join(history::FILE_NAME);
    let (woke, wake) = std::sync::mpsc::channel();
    let woke = std::sync::Mutex::new(woke);
    let mut recorder = Recorder::start(path, move || {
        let _ = woke.lock().map(|w| w.send(()));
    });
    recorder.send(Request::Duel(FinishedDuel {
        outcome,
        finished_at,
    }));
    // The statistics come after the duel is written: they say it is done.
    recorder.send(Request::Statistics {
        today: history::local_today(),
    });
    let start = std::time::Instant::now();
    while let Some(left) = HISTORY_WAIT.checked_sub(start.elapsed()) {
        if wake.recv_timeout(left).is_err() {
            break;
        }
        for report in recorder.poll() {
            match report {
                Report::Statistics(_) => return,
                Report::Off(e) => {
                    for line in sudolens::hint::history_off(&e, lang).lines {
                        say_err!("{}", line.text);
                    }
                    return;
                }
                _ => {}
            }
        }
    }
}

/// The duel the options ask for.
fn new_duel(args: &DuelArgs, seed: u64) -> Result<Duel, ExitCode> {
    let answering = if args.by_hand {
        Answering::ByHand
    } else {
        Answering::Honest
    };
    let holes = args.holes.map(usize::from);
    let mut setup = Setup::dealt(args.pip, answering, args.level, holes, seed);
    if let Some(arg) = &args.grid {
        let grid = one_grid(arg, "duel --grid")?;
        let holes = holes.unwrap_or(81 - setup.pip_handed.filled_count());
        let (secret, handed) = players_grid(
            grid,
            holes,
            seed,
            args.by_hand,
            Wording::new(args.lang, args.notation),
        )
        .map_err(|e| bad_input(&e))?;
        setup.player_secret = secret;
        setup.player_handed = handed;
    }
    Duel::new(setup).map_err(|e| bad_input(&e.to_string()))
}

/// The player's secret and grid for Pip from `--grid`: a complete grid gets
/// its holes (as many as Pip's grid has, unless `--holes` says); a grid with
/// holes is handed as it is.
fn players_grid(
    grid: Grid,
    holes: usize,
    seed: u64,
    by_hand: bool,
    wording: Wording,
) -> Result<(Option<Grid>, Grid), String> {
    match PlayersGrid::read(grid, by_hand) {
        Ok(PlayersGrid::Secret(secret)) => {
            Ok((Some(secret), deal::holes_by_count(&secret, holes, seed)))
        }
        Ok(PlayersGrid::Holed { handed, secret }) => Ok((secret, handed)),
        Err(e) => Err(format!(
            "--grid: {}",
            words::players_grid_refused(&e, wording)
        )),
    }
}

/// A duel played in the terminal.
struct Game {
    duel: Duel,
    wording: Wording,
    save: Option<PathBuf>,
}

impl Game {
    /// Plays until the duel ends or the input does (Ctrl+D).
    fn play(&mut self, input: &mut impl BufRead, out: &mut impl Write) -> Result<(), Stopped> {
        let (lang, wording) = (self.wording.lang, self.wording);
        let by_hand = self.duel.answering == Answering::ByHand;
        let io = screen;
        if self.duel.turns().is_empty() {
            let (yours, mine) = (
                self.duel.camp(Side::Player).holes_left(),
                self.duel.camp(Side::Pip).holes_left(),
            );
            let hello = words::welcome(
                self.duel.strength,
                self.duel.answering,
                self.duel.level,
                (yours, mine),
                lang,
            );
            for l in hello.lines {
                writeln!(out, "{}", words::pip_says(&l.text, lang)).map_err(io)?;
            }
            writeln!(out, "{}", words::input_help(by_hand, lang)).map_err(io)?;
        }
        // The board is drawn again only once a turn was played.
        let mut shown = usize::MAX;
        while !self.duel.is_over() {
            match self.duel.turn() {
                Side::Player => {
                    if shown != self.duel.turns().len() {
                        shown = self.duel.turns().len();
                        let board = text::board(&self.duel, text::Seats::PlayerAndPip, lang);
                        write!(out, "\n{board}").map_err(io)?;
                    }
                    write!(out, "> ").map_err(io)?;
                    out.flush().map_err(io)?;
                    let Some(line) = read_line(input)? else {
                        return self.leave(out);
                    };
                    self.player_says(&line, out)?;
                }
                Side::Pip => {
                    if !self.pip_moves(input, out)? {
                        return self.leave(out);
                    }
                }
            }
            self.autosave()?;
        }
        let outcome = self.duel.outcome().expect("the duel is over");
        write!(
            out,
            "\n{}",
            text::board(&self.duel, text::Seats::PlayerAndPip, lang)
        )
        .map_err(io)?;
        for l in words::outcome(outcome, wording).lines {
            writeln!(out, "{}", words::pip_says(&l.text, lang)).map_err(io)?;
        }
        Ok(())
    }

    /// The player's line: a move, or help.
    fn player_says(&mut self, line: &Said, out: &mut impl Write) -> Result<(), Stopped> {
        let (lang, wording) = (self.wording.lang, self.wording);
        let io = screen;
        let line = match line {
            Said::Line(line) => line,
            Said::TooLong => {
                let refused = words::line_too_long(MAX_INPUT_LINE, lang);
                return writeln!(out, "{refused}").map_err(io);
            }
        };
        let trimmed = line.trim();
        if trimmed.is_empty() {
            return Ok(());
        }
        if matches!(trimmed, "help" | "?" | "aide") {
            let by_hand = self.duel.answering == Answering::ByHand;
            return writeln!(out, "{}", words::input_help(by_hand, lang)).map_err(io);
        }
        let Some(action) = text::parse_move(trimmed) else {
            return writeln!(out, "{}", words::not_a_move(trimmed, lang)).map_err(io);
        };
        match self.duel.play(action) {
            Ok(turn) => {
                let said = words::player_move(turn, wording);
                writeln!(out, "{}", words::pip_says(&said.text, lang)).map_err(io)
            }
            Err(e) => writeln!(out, "{}", words::move_refused(e, wording)).map_err(io),
        }
    }

    /// Pip's turn: its reasoning and its move, then the answer (the app's,
    /// or the player's by hand). `false` when the input ended first.
    fn pip_moves(
        &mut self,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> Result<bool, Stopped> {
        let (lang, wording) = (self.wording.lang, self.wording);
        let io = screen;
        if self.duel.question().is_none() {
            if let Err(e) = self.duel.pip_turn() {
                return Err(Stopped::Unreadable(format!("Pip could not move: {e}")));
            }
        }
        let Some(question) = self.duel.question().cloned() else {
            // Honest: answered at once (or the duel just ended).
            if let Some(turn) = self.duel.turns().last().filter(|t| t.side == Side::Pip) {
                writeln!(out).map_err(io)?;
                for l in words::pip_turn(turn, self.duel.strength, wording).lines {
                    writeln!(out, "{}", words::pip_says(&l.text, lang)).map_err(io)?;
                }
            }
            return Ok(true);
        };
        let t = &question.thought;
        writeln!(out).map_err(io)?;
        for l in words::pip_reasoning(t.action, t.reason, &t.steps, self.duel.strength, wording) {
            writeln!(out, "{}", words::pip_says(&l.text, lang)).map_err(io)?;
        }
        loop {
            writeln!(
                out,
                "{}",
                words::pip_says(&words::pip_question(t.action, wording), lang)
            )
            .map_err(io)?;
            write!(out, "> ").map_err(io)?;
            out.flush().map_err(io)?;
            let Some(line) = read_line(input)? else {
                return Ok(false);
            };
            let Some(answer) = text::parse_answer(line.text()) else {
                let e = match t.action {
                    Action::Place { .. } => sudolens::duel::AnswerError::RightOrWrong,
                    Action::Joker { .. } => sudolens::duel::AnswerError::ValueExpected,
                };
                writeln!(out, "{}", words::answer_refused(e, lang)).map_err(io)?;
                continue;
            };
            match self.duel.answer(answer) {
                Ok(()) => {
                    if let Some(turn) = self.duel.turns().last() {
                        writeln!(
                            out,
                            "{}",
                            words::pip_says(&words::pip_answered(turn, wording).text, lang)
                        )
                        .map_err(io)?;
                    }
                    return Ok(true);
                }
                Err(e) => writeln!(out, "{}", words::answer_refused(e, lang)).map_err(io)?,
            }
        }
    }

    /// Ctrl+D: the duel stops here, saved when asked.
    fn leave(&mut self, out: &mut impl Write) -> Result<(), Stopped> {
        let io = screen;
        writeln!(out).map_err(io)?;
        writeln!(
            out,
            "{}",
            words::left_unfinished(self.save.as_deref(), self.wording.lang)
        )
        .map_err(io)
    }

    /// Writes the duel to the `--save` file, when there is one.
    fn autosave(&mut self) -> Result<(), Stopped> {
        if let Some(path) = &self.save {
            self.duel
                .write(path)
                .map_err(|e| Stopped::Unwritable(format!("--save {e}")))?;
        }
        Ok(())
    }
}

/// The longest input line the duel reads: a move is a few characters, and
/// a terminal sends at most 4,096 in a line. A longer line (piped in) is
/// refused while it is read, so that it never costs its length in memory.
const MAX_INPUT_LINE: usize = 4096;

/// One line the player typed.
enum Said {
    /// Its text, with any bytes that are not UTF-8 shown as U+FFFD: a
    /// stray byte is a line that is not a move, not the end of the duel.
    Line(String),
    /// A line past [`MAX_INPUT_LINE`], skipped to its end.
    TooLong,
}

impl Said {
    /// The text, empty for a line too long to read.
    fn text(&self) -> &str {
        match self {
            Said::Line(line) => line,
            Said::TooLong => "",
        }
    }
}

/// One line of input, `None` at its end (Ctrl+D).
fn read_line(input: &mut impl BufRead) -> Result<Option<Said>, Stopped> {
    let unreadable =
        |e: std::io::Error| Stopped::Unreadable(format!("cannot read the input: {}", io_words(&e)));
    let mut bytes = Vec::new();
    let read = (&mut *input)
        .take(MAX_INPUT_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(unreadable)?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.len() > MAX_INPUT_LINE && bytes.last() != Some(&b'\n') {
        skip_line(input).map_err(unreadable)?;
        return Ok(Some(Said::TooLong));
    }
    Ok(Some(Said::Line(
        String::from_utf8_lossy(&bytes).into_owned(),
    )))
}

/// Reads past the rest of a line without keeping it.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let available = match input.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(());
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = available.len();
                input.consume(n);
            }
        }
    }
}
