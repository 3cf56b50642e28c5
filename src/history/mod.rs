//! The game history: every game played, kept in an SQLite database in the
//! data folder, for the statistics and to recognise a puzzle played before.
//!
//! It lives in the library, not in the window, because more than the
//! window reads it: the command line and the web page can open the same
//! file. Nothing here draws or speaks; Pip's words about it are in `hint`.
//!
//! * One row per game ([`NewGame`]): the puzzle and its canonical form
//!   (so that a puzzle turned, mirrored or relabelled is still the same
//!   one), where it came from ([`Origin`]), its level, when it started and
//!   finished, the time played, the hints with how far each was read, Solve
//!   used or not, and the mistakes shown.
//! * One row per finished duel with Pip ([`FinishedDuel`]), for the duel
//!   statistics per Pip strength.
//! * The file is in WAL mode with `synchronous = FULL`: a killed process
//!   loses at most the write it was making, and readers never block the
//!   writer. Its schema is migrated through `PRAGMA user_version` (see
//!   `schema.rs`); a file from a newer sudolens is left untouched.
//! * A file that is not a database, or a damaged one, is never deleted:
//!   [`History::open_or_start_over`] moves it aside with its WAL
//!   (`history.damaged-20261123-184500.sqlite3`) and starts a new one. A
//!   locked or unwritable file is reported as such ([`HistoryError`]), and
//!   the caller plays on without a history. The [`Recorder`] waits out a
//!   lock: what it was sent meanwhile is written when the lock goes.
//! * One writer at a time: within a process, the [`Recorder`] thread owns
//!   the connection that writes; between processes (two windows, the
//!   command line), SQLite's own locks serialise the writers, each waiting
//!   up to [`BUSY_TIMEOUT`] for the other.
//!
//! ```
//! use sudolens::grid::Grid;
//! use sudolens::history::{History, NewGame, Origin, GameProgress};
//!
//! let dir = std::env::temp_dir().join(format!("sudolens-history-doc-{}", std::process::id()));
//! let mut history = History::open(&dir.join("history.sqlite3")).unwrap();
//! let puzzle = Grid::parse(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//! ).unwrap();
//! let game = NewGame::new(puzzle, Origin::Pasted, 1_747_000_000, 0).unwrap();
//! let id = history.start(&game).unwrap();
//! let done = GameProgress { seconds_played: 840, finished_at: Some(1_747_000_900), ..GameProgress::default() };
//! history.update(id, &done).unwrap();
//! let past = history.played_before(&game.canonical, None).unwrap();
//! assert_eq!(past[0].seconds_played, 840);
//! assert!(past[0].solved());
//! # drop(history);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

mod duels;
mod recorder;
mod schema;
mod shapes;
mod stats;

pub use duels::{DuelId, DuelStats, FinishedDuel, PastDuel};
pub use recorder::{GameStart, Recorder, Report, Request};
pub use schema::VERSION;
pub use stats::{
    streaks, DailyToday, GameLine, GameResult, LevelStats, ShapeStats, SolveTime, Statistics,
    Streaks,
};

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{params, Connection, ErrorCode, OptionalExtension};

use crate::generate::{canonical_form, Date};
use crate::grid::{Grid, Shape, ShapedGrid};
use crate::logic::{Level, Technique};
use schema::Migrated;

/// The database's file name in the data folder.
pub const FILE_NAME: &str = "history.sqlite3";

/// How long a write waits for another process's write to finish before the
/// database counts as locked.
pub const BUSY_TIMEOUT: Duration = Duration::from_millis(1500);

/// A game's row number in the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub i64);

/// Where a game's puzzle came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Made by the generator from this seed (at the level the game records).
    Generated { seed: u64 },
    /// The puzzle of the day of this date.
    Daily(Date),
    /// Read from a photo, by the photo's name.
    Photo(String),
    /// Opened from a puzzle file or a saved game, by the file's name.
    File(String),
    /// Pasted.
    Pasted,
    /// A game already under way when it reached the history (an autosave
    /// from before the history existed): where it began is not known.
    Saved,
}

impl Origin {
    /// The two columns that store it.
    fn columns(&self) -> (&'static str, Option<String>) {
        match self {
            Origin::Generated { seed } => ("generated", Some(seed.to_string())),
            Origin::Daily(date) => ("daily", Some(date.to_string())),
            Origin::Photo(name) => ("photo", Some(name.clone())),
            Origin::File(name) => ("file", Some(name.clone())),
            Origin::Pasted => ("paste", None),
            Origin::Saved => ("saved", None),
        }
    }

    /// Back from the columns; `None` for a row this build cannot read.
    fn from_columns(kind: &str, detail: Option<String>) -> Option<Origin> {
        Some(match kind {
            "generated" => Origin::Generated {
                seed: detail?.parse().ok()?,
            },
            "daily" => Origin::Daily(detail?.parse().ok()?),
            "photo" => Origin::Photo(detail.unwrap_or_default()),
            "file" => Origin::File(detail.unwrap_or_default()),
            "paste" => Origin::Pasted,
            "saved" => Origin::Saved,
            _ => return None,
        })
    }
}

/// A game about to be recorded: a proper puzzle (one solution), with what
/// the history keeps about it from the start.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// The givens, in their shape.
    pub puzzle: ShapedGrid,
    /// The canonical form of the givens (see [`canonical_form`]): the
    /// classic's; another shape's is its givens.
    pub canonical: ShapedGrid,
    pub origin: Origin,
    pub level: Level,
    /// The rating's score of the hardest step.
    pub score: f32,
    /// Unix seconds.
    pub started_at: i64,
    /// Seconds already played (a saved game continued).
    pub seconds_played: u64,
}

impl NewGame {
    /// A game of the classic `puzzle`, rated and put in canonical form here
    /// (a few milliseconds: call it off the UI thread). `None` when the
    /// puzzle has no solution or several: that is not a game to record.
    pub fn new(
        puzzle: Grid,
        origin: Origin,
        started_at: i64,
        seconds_played: u64,
    ) -> Option<NewGame> {
        let puzzle = ShapedGrid::from_grid(Shape::classic(), &puzzle)?;
        NewGame::of(puzzle, origin, started_at, seconds_played)
    }

    /// [`NewGame::new`] in any shape (X, Hyper, jigsaw, 6×6, 16×16...):
    /// checked and rated by its rules. Only the classic has a canonical form
    /// (a variant's houses do not survive every turn and swap): a variant's
    /// is its givens.
    pub fn of(
        puzzle: ShapedGrid,
        origin: Origin,
        started_at: i64,
        seconds_played: u64,
    ) -> Option<NewGame> {
        let shape = puzzle.shape().clone();
        let (rating, canonical) = if shape.is_9x9() {
            let grid = puzzle.to_grid()?;
            if !crate::solver::verdict_in(&shape, &grid).is_unique() {
                return None;
            }
            if shape.is_classic() {
                let canonical = ShapedGrid::from_grid(shape, &canonical_form(&grid))?;
                (crate::logic::rate_grid(&grid), canonical)
            } else {
                let path = crate::logic::solve_path_in(&shape, &grid).ok()?;
                (crate::logic::rate(&path), puzzle.clone())
            }
        } else {
            if crate::solver::count_shaped(&shape, puzzle.values(), 2) != 1 {
                return None;
            }
            let path = crate::logic::sized::solve_path_sized(&shape, puzzle.values())?;
            (crate::logic::sized::rate_sized(&path), puzzle.clone())
        };
        Some(NewGame {
            canonical,
            puzzle,
            origin,
            level: rating.level,
            score: rating.score,
            started_at,
            seconds_played,
        })
    }
}

/// One hint asked during a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HintRecord {
    /// The technique of the step shown; `None` when not known.
    pub technique: Option<Technique>,
    /// Its depth: how many lines of the hint the player read (1: only the
    /// nudge where to look); `None` when not known.
    pub depth: Option<u32>,
    /// How many lines the hint has, when known.
    pub lines: Option<u32>,
    /// Pip played the step on the board.
    pub played: bool,
}

/// Where a game stands: written over the previous state each time, so that
/// a write lost with a killed process is made good by the next one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameProgress {
    pub seconds_played: u64,
    /// Distinct wrong entries pointed out to the player.
    pub mistakes: u32,
    /// Solve revealed the solution.
    pub solve_used: bool,
    /// Every hint asked so far, in order.
    pub hints: Vec<HintRecord>,
    /// The most cells filled beyond the givens at any time (moves made,
    /// Pip's Apply included, Solve's not).
    pub moves: u32,
    /// Unix seconds when the grid was completed (by the player or by Solve).
    /// Once a game is finished, its time played and finish stay as they were.
    pub finished_at: Option<i64>,
}

/// A game from the history.
#[derive(Clone, Debug, PartialEq)]
pub struct PastGame {
    pub id: GameId,
    /// The givens in their shape (a classic for the games recorded before
    /// shapes were).
    pub puzzle: ShapedGrid,
    pub origin: Origin,
    pub level: Level,
    pub started_at: i64,
    /// The local calendar date it started.
    pub started_on: Date,
    /// When it was finished (Unix seconds, and the local date).
    pub finished: Option<(i64, Date)>,
    pub seconds_played: u64,
    pub solve_used: bool,
    pub hints: u32,
    /// The most cells filled beyond the givens; `None` for a game recorded
    /// before moves were (schema 3 and older).
    pub moves: Option<u32>,
    /// Hints whose step Pip played on the board.
    pub pip_moves: u32,
}

impl PastGame {
    /// The player completed the grid without Solve.
    pub fn solved(&self) -> bool {
        self.finished.is_some() && !self.solve_used
    }

    /// A game, not a puzzle opened and dropped: a move made and more than
    /// [`PLAYED_SECONDS`] (or the grid completed by the player). A game
    /// recorded before moves were counts on its time alone.
    pub fn played(&self) -> bool {
        if self.solved() {
            return true;
        }
        self.moves.is_none_or(|m| m > 0)
            && (self.finished.is_some() || self.seconds_played > PLAYED_SECONDS)
    }

    /// Solve was used, or Pip played most of the moves (hints applied):
    /// counted apart, never a best time.
    pub fn assisted(&self) -> bool {
        // Unknown (an older game), or none written (a finished game always
        // has some): measured against the cells to fill.
        let moves = self
            .moves
            .filter(|&m| m > 0)
            .unwrap_or_else(|| (self.puzzle.values().len() - self.puzzle.filled_count()) as u32)
            .max(1);
        self.solve_used || 2 * self.pip_moves > moves
    }
}

/// Seconds of play, with a move made, before a game counts as played.
pub const PLAYED_SECONDS: u64 = 10;

/// Why the history cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file is not a database, or a damaged one.
    Damaged,
    /// Another process holds it locked for longer than [`BUSY_TIMEOUT`].
    Locked,
    /// It was written by a newer sudolens, whose tables this one does not know.
    Newer,
    /// It cannot be created, opened or written (permissions, a full disk...).
    Unavailable,
}

/// The history cannot be used, and why; play goes on without it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryError {
    pub kind: ErrorKind,
    pub path: PathBuf,
    /// SQLite's or the system's words.
    pub detail: String,
    /// Where a damaged file was moved, when it could be.
    pub set_aside: Option<PathBuf>,
}

impl std::fmt::Display for HistoryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.kind {
            ErrorKind::Damaged => "is damaged",
            ErrorKind::Locked => "is locked by another program",
            ErrorKind::Newer => "was written by a newer sudolens",
            ErrorKind::Unavailable => "cannot be used",
        };
        write!(f, "{} {what}: {}", self.path.display(), self.detail)?;
        if let Some(aside) = &self.set_aside {
            write!(f, " (kept as {})", aside.display())?;
        }
        Ok(())
    }
}

impl std::error::Error for HistoryError {}

/// The kind of an SQLite error, for the player.
fn kind_of(e: &rusqlite::Error) -> ErrorKind {
    match e.sqlite_error_code() {
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => ErrorKind::Damaged,
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => ErrorKind::Locked,
        _ => ErrorKind::Unavailable,
    }
}

/// An open game history.
pub struct History {
    conn: Connection,
    path: PathBuf,
}

impl History {
    /// Opens the history at `path`, creating it (and its folder) when
    /// missing, and migrating an older one. A damaged file is reported, not
    /// touched: see [`History::open_or_start_over`].
    pub fn open(path: &Path) -> Result<History, HistoryError> {
        let fail = |kind, detail: String| HistoryError {
            kind,
            path: path.to_path_buf(),
            detail,
            set_aside: None,
        };
        let sql = |e: rusqlite::Error| fail(kind_of(&e), e.to_string());
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| fail(ErrorKind::Unavailable, e.to_string()))?;
        }
        check(path).map_err(|(kind, detail)| fail(kind, detail))?;
        let mut conn = Connection::open(path).map_err(sql)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(sql)?;
        let mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(sql)?;
        if !mode.eq_ignore_ascii_case("wal") {
            let why = format!("the journal stays in {mode} mode");
            return Err(fail(ErrorKind::Unavailable, why));
        }
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(sql)?;
        conn.pragma_update(None, "foreign_keys", true)
            .map_err(sql)?;
        match schema::migrate_to(&mut conn, schema::VERSION).map_err(sql)? {
            Migrated::Current { .. } => {}
            Migrated::Newer { version } => {
                let why = format!(
                    "schema version {version}; this sudolens knows up to {}",
                    schema::VERSION
                );
                return Err(fail(ErrorKind::Newer, why));
            }
        }
        Ok(History {
            conn,
            path: path.to_path_buf(),
        })
    }

    /// [`History::open`], and when the file is damaged: moves it aside with
    /// its WAL and shared-memory files (never deleting them) and starts a
    /// new history. Returns where the damaged file went, if it did.
    pub fn open_or_start_over(path: &Path) -> Result<(History, Option<PathBuf>), HistoryError> {
        match History::open(path) {
            Ok(h) => Ok((h, None)),
            Err(e) if e.kind == ErrorKind::Damaged => {
                let aside = set_aside(path).map_err(|io| HistoryError {
                    detail: format!("{}; it could not be moved aside: {io}", e.detail),
                    ..e.clone()
                })?;
                match History::open(path) {
                    Ok(h) => Ok((h, Some(aside))),
                    Err(again) => Err(HistoryError {
                        set_aside: Some(aside),
                        ..again
                    }),
                }
            }
            Err(e) => Err(e),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn error(&self, e: rusqlite::Error) -> HistoryError {
        HistoryError {
            kind: kind_of(&e),
            path: self.path.clone(),
            detail: e.to_string(),
            set_aside: None,
        }
    }

    /// Records a new game; returns its id.
    pub fn start(&mut self, game: &NewGame) -> Result<GameId, HistoryError> {
        let (origin, detail) = game.origin.columns();
        let (shape, layout) = shapes::shape_columns(game.puzzle.shape());
        self.conn
            .execute(
                "INSERT INTO games (puzzle, canonical, origin, origin_detail, level, score,
                                    started_at, seconds_played, moves, shape, layout)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0, ?9, ?10)",
                params![
                    game.puzzle.to_line(),
                    game.canonical.to_line(),
                    origin,
                    detail,
                    game.level.id(),
                    f64::from(game.score),
                    game.started_at,
                    game.seconds_played as i64,
                    shape,
                    layout,
                ],
            )
            .map_err(|e| self.error(e))?;
        Ok(GameId(self.conn.last_insert_rowid()))
    }

    /// The latest unfinished game of exactly this puzzle (in its shape), to
    /// go on recording it when a saved game of it is opened again.
    pub fn unfinished(&self, puzzle: &ShapedGrid) -> Result<Option<GameId>, HistoryError> {
        let (shape, layout) = shapes::shape_columns(puzzle.shape());
        self.conn
            .query_row(
                "SELECT id FROM games WHERE puzzle = ?1 AND shape = ?2 AND layout IS ?3
                     AND finished_at IS NULL
                 ORDER BY started_at DESC, id DESC LIMIT 1",
                params![puzzle.to_line(), shape, layout],
                |r| r.get(0).map(GameId),
            )
            .optional()
            .map_err(|e| self.error(e))
    }

    /// Writes where game `id` stands, in one transaction.
    pub fn update(&mut self, id: GameId, progress: &GameProgress) -> Result<(), HistoryError> {
        let path = self.path.clone();
        let err = |e: rusqlite::Error| HistoryError {
            kind: kind_of(&e),
            path: path.clone(),
            detail: e.to_string(),
            set_aside: None,
        };
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(err)?;
        // Every right-hand side reads the row as it was: the update that
        // finishes a game still writes its time.
        tx.execute(
            "UPDATE games SET
                 seconds_played = CASE WHEN finished_at IS NULL THEN ?2 ELSE seconds_played END,
                 mistakes = max(mistakes, ?3),
                 solve_used = max(solve_used, ?4),
                 finished_at = coalesce(finished_at, ?5),
                 moves = max(coalesce(moves, 0), ?6)
             WHERE id = ?1",
            params![
                id.0,
                progress.seconds_played as i64,
                progress.mistakes,
                progress.solve_used,
                progress.finished_at,
                progress.moves,
            ],
        )
        .map_err(err)?;
        for (i, hint) in progress.hints.iter().enumerate() {
            tx.execute(
                "INSERT INTO hints (game_id, seq, technique, depth, lines, played)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (game_id, seq) DO UPDATE SET
                     technique = coalesce(excluded.technique, technique),
                     depth = max(coalesce(depth, 0), coalesce(excluded.depth, 0)),
                     lines = coalesce(excluded.lines, lines),
                     played = max(played, excluded.played)",
                params![
                    id.0,
                    i as i64 + 1,
                    hint.technique.map(Technique::id),
                    hint.depth,
                    hint.lines,
                    hint.played,
                ],
            )
            .map_err(err)?;
        }
        tx.commit().map_err(err)
    }

    /// The games of the puzzle whose canonical form is `canonical` (the same
    /// puzzle in the same shape, perhaps turned, mirrored or relabelled),
    /// latest first, leaving out `except`.
    pub fn played_before(
        &self,
        canonical: &ShapedGrid,
        except: Option<GameId>,
    ) -> Result<Vec<PastGame>, HistoryError> {
        let (shape, layout) = shapes::shape_columns(canonical.shape());
        self.past_games(
            "WHERE canonical = ?1 AND shape = ?3 AND layout IS ?4 AND id != ?2
             ORDER BY coalesce(finished_at, started_at) DESC, id DESC",
            params![
                canonical.to_line(),
                except.map_or(0, |g| g.0),
                shape,
                layout
            ],
        )
    }

    /// Every game, oldest first.
    pub fn games(&self) -> Result<Vec<PastGame>, HistoryError> {
        self.past_games("ORDER BY started_at, id", [])
    }

    fn past_games(
        &self,
        filter: &str,
        params: impl rusqlite::Params,
    ) -> Result<Vec<PastGame>, HistoryError> {
        let sql = format!(
            "SELECT id, puzzle, origin, origin_detail, level, started_at, finished_at,
                    seconds_played, solve_used,
                    date(started_at, 'unixepoch', 'localtime'),
                    date(finished_at, 'unixepoch', 'localtime'),
                    (SELECT count(*) FROM hints WHERE game_id = games.id),
                    moves,
                    (SELECT count(*) FROM hints WHERE game_id = games.id AND played),
                    shape, layout
             FROM games {filter}"
        );
        let mut stmt = self.conn.prepare(&sql).map_err(|e| self.error(e))?;
        let rows = stmt
            .query_map(params, |r| {
                Ok(RawGame {
                    id: r.get(0)?,
                    puzzle: r.get(1)?,
                    origin: r.get(2)?,
                    detail: r.get(3)?,
                    level: r.get(4)?,
                    started_at: r.get(5)?,
                    finished_at: r.get(6)?,
                    seconds_played: r.get(7)?,
                    solve_used: r.get(8)?,
                    started_on: r.get(9)?,
                    finished_on: r.get(10)?,
                    hints: r.get(11)?,
                    moves: r.get(12)?,
                    pip_moves: r.get(13)?,
                    shape: r.get(14)?,
                    layout: r.get(15)?,
                })
            })
            .map_err(|e| self.error(e))?;
        let mut games = Vec::new();
        for row in rows {
            let raw = row.map_err(|e| self.error(e))?;
            // A row this build cannot read (written by hand, or by a newer
            // sudolens at the same schema) is left out, not fatal.
            match raw.game() {
                Some(g) => games.push(g),
                None => log::warn!("history: game {} cannot be read; left out", raw.id),
            }
        }
        Ok(games)
    }

    /// The per-level statistics and the daily streak, as of `today` (the
    /// date of the puzzle of the day, UTC).
    pub fn statistics(&self, today: Date) -> Result<Statistics, HistoryError> {
        let games = self.games()?;
        let mut stmt = self
            .conn
            .prepare(
                "SELECT games.level, hints.depth, count(*) FROM hints
                 JOIN games ON games.id = hints.game_id GROUP BY 1, 2",
            )
            .map_err(|e| self.error(e))?;
        let depths = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, Option<u32>>(1)?,
                    r.get::<_, u32>(2)?,
                ))
            })
            .map_err(|e| self.error(e))?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| self.error(e))?;
        let depths = depths
            .into_iter()
            .filter_map(|(level, depth, n)| Some((level.parse().ok()?, depth, n)))
            .collect::<Vec<_>>();
        let duels: Vec<FinishedDuel> = self.duels()?.into_iter().map(|d| d.duel).collect();
        Ok(Statistics::of(&games, &depths, today).with_duels(&duels))
    }
}

/// Today's date in the local time zone, as the history's dates are (SQLite's
/// `localtime`, the one place the program meets the time zone); the UTC
/// date if that fails.
pub fn local_today() -> Date {
    let local = || -> Option<Date> {
        let conn = Connection::open_in_memory().ok()?;
        let day: String = conn
            .query_row("SELECT date('now', 'localtime')", [], |r| r.get(0))
            .ok()?;
        day.parse().ok()
    };
    local().unwrap_or_else(Date::today_utc)
}

/// Checks an existing file before it is opened for writing: that it is a
/// database, whole, and of a schema this build knows. Read-only, so that
/// SQLite neither checkpoints a WAL into a damaged file nor deletes it on
/// closing: whatever is found damaged is kept as it was.
fn check(path: &Path) -> Result<(), (ErrorKind, String)> {
    if !path.exists() {
        return Ok(());
    }
    let sql = |e: rusqlite::Error| (kind_of(&e), e.to_string());
    let flags =
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(sql)?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(sql)?;
    // A file that is not a database fails on its first read, here.
    let verdict: String = conn
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .map_err(sql)?;
    if verdict != "ok" {
        return Err((ErrorKind::Damaged, verdict));
    }
    let version = schema::version(&conn).map_err(sql)?;
    if version > schema::VERSION {
        let why = format!(
            "schema version {version}; this sudolens knows up to {}",
            schema::VERSION
        );
        return Err((ErrorKind::Newer, why));
    }
    Ok(())
}

/// A row as stored, before it is checked.
struct RawGame {
    id: i64,
    puzzle: String,
    origin: String,
    detail: Option<String>,
    level: String,
    started_at: i64,
    finished_at: Option<i64>,
    seconds_played: i64,
    solve_used: bool,
    started_on: Option<String>,
    finished_on: Option<String>,
    hints: u32,
    moves: Option<u32>,
    pip_moves: u32,
    shape: String,
    layout: Option<String>,
}

impl RawGame {
    fn game(&self) -> Option<PastGame> {
        let finished = match (self.finished_at, &self.finished_on) {
            (Some(at), Some(on)) => Some((at, on.parse().ok()?)),
            _ => None,
        };
        Some(PastGame {
            id: GameId(self.id),
            puzzle: shapes::puzzle_of_line(
                shapes::shape_of_columns(&self.shape, self.layout.as_deref())?,
                &self.puzzle,
            )?,
            origin: Origin::from_columns(&self.origin, self.detail.clone())?,
            level: self.level.parse().ok()?,
            started_at: self.started_at,
            started_on: self.started_on.as_deref()?.parse().ok()?,
            finished,
            seconds_played: u64::try_from(self.seconds_played).ok()?,
            solve_used: self.solve_used,
            hints: self.hints,
            moves: self.moves,
            pip_moves: self.pip_moves,
        })
    }
}

/// Moves a damaged database aside with its `-wal` and `-shm` files, which
/// keep their suffix after the new name so that SQLite would read them
/// together again. Returns the new name of the main file.
fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let aside = crate::files::set_aside(path, "damaged")?;
    for suffix in ["-wal", "-shm"] {
        let companion = with_suffix(path, suffix);
        // Left beside a new database, an old WAL would be read into it.
        let to = with_suffix(&aside, suffix);
        if companion.exists() && !crate::files::move_unless_taken(&companion, &to)? {
            let taken = format!("{} exists already", to.display());
            return Err(std::io::Error::new(
                std::io::ErrorKind::AlreadyExists,
                taken,
            ));
        }
    }
    Ok(aside)
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

#[cfg(test)]
mod sizes_tests;
#[cfg(test)]
mod tests;
