//! The JSON save file: givens, entries, notes, the move history and the
//! time played, validated on load so a damaged file is refused with a
//! message that says what is wrong instead of yielding a broken game.

use super::{Board, CellState, Grid, Move, Shape, ShapedGrid};
use crate::files;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

const FORMAT: &str = "sudolens-game";
/// Version 2 writes a move's cell as its index, for boards of every size;
/// version 1 named the cells of a 9×9 (`"r4c7"`), and still reads.
const VERSION: u32 = 2;

/// A game as saved on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    pub board: Board,
    /// Time played, for the game timer.
    pub elapsed_seconds: u64,
}

#[derive(Serialize, Deserialize)]
struct SaveFile {
    format: String,
    version: u32,
    givens: String,
    entries: String,
    /// One string of pencil marks per cell, `""` for none.
    notes: Vec<String>,
    #[serde(default)]
    history: Vec<Move>,
    #[serde(default)]
    redo: Vec<Move>,
    #[serde(default)]
    elapsed_seconds: u64,
    /// The shape's header (`shape: x`, a jigsaw's regions...); absent for
    /// the classic, so files of earlier versions read as they were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shape: Option<String>,
}

/// Why a save file could not be read or written.
#[derive(Debug)]
pub enum SaveError {
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Not JSON, or JSON of another shape (serde's message has line and column).
    Json {
        path: Option<PathBuf>,
        message: String,
    },
    /// Well-formed JSON whose content is not a valid game.
    Invalid {
        path: Option<PathBuf>,
        message: String,
    },
    /// A file larger than any save file (see [`MAX_SAVE_BYTES`]), refused
    /// from its size before it is read; `bytes` is `None` for a stream (a
    /// FIFO) that ran past the cap while it was read.
    TooLarge { path: PathBuf, bytes: Option<u64> },
}

/// The largest save file sudolens reads. A game's file holds its moves,
/// some 200 bytes each pretty-printed: a game of 2,000 moves, notes
/// included, is about 400 KB, and a duel's at most 1,458 turns are less.
/// 16 MB is forty times that, while a 3 GB file (damaged, or not a save
/// at all) is refused at once instead of read whole (issue 32, N4).
pub const MAX_SAVE_BYTES: u64 = 16 * 1024 * 1024;

/// A size in megabytes, for messages.
pub fn megabytes(bytes: u64) -> String {
    format!("{:.0} MB", bytes as f64 / 1_048_576.0)
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = |p: &Option<PathBuf>| match p {
            Some(p) => format!("{}: ", p.display()),
            None => String::new(),
        };
        match self {
            SaveError::Io { path, source } => {
                write!(f, "{}: {}", path.display(), files::io_words(source))
            }
            SaveError::Json { path, message } => {
                write!(f, "{}not a sudolens save file: {message}", prefix(path))
            }
            SaveError::Invalid { path, message } => write!(f, "{}{message}", prefix(path)),
            SaveError::TooLarge { path, bytes } => {
                let size = match bytes {
                    Some(b) => format!("is {}", megabytes(*b)),
                    None => "runs on".to_string(),
                };
                write!(
                    f,
                    "{}: not a sudolens save file: it {size}, more than the {} a save file may be",
                    path.display(),
                    megabytes(MAX_SAVE_BYTES)
                )
            }
        }
    }
}

impl std::error::Error for SaveError {}

impl SaveError {
    /// serde_json's error, the place first (serde_json ends its messages
    /// with "at line L column C"), the way the other parsers of sudolens say it.
    pub(crate) fn from_json_error(e: &serde_json::Error) -> SaveError {
        let mut what = e.to_string();
        if let Some(i) = what.rfind(" at line ") {
            what.truncate(i);
        }
        SaveError::Json {
            path: None,
            message: format!(
                "line {}, column {}: {}",
                e.line(),
                e.column(),
                plain_serde(&what)
            ),
        }
    }

    /// The error, naming the file it came from.
    pub(crate) fn with_path(self, p: &Path) -> SaveError {
        match self {
            SaveError::Json { message, .. } => SaveError::Json {
                path: Some(p.to_path_buf()),
                message,
            },
            SaveError::Invalid { message, .. } => SaveError::Invalid {
                path: Some(p.to_path_buf()),
                message,
            },
            other => other,
        }
    }
}

/// serde's message in plain words: its Rust-style backticks become quotes,
/// and Rust's names of types ("struct DuelFile", "u8", "a sequence")
/// become what a reader of a JSON file knows (issue 32, N13).
fn plain_serde(message: &str) -> String {
    let message = match message.strip_prefix("missing field ") {
        Some(field) => format!("the field {field} is missing"),
        None => message.replace("unknown variant", "unknown value"),
    };
    let words: Vec<String> = message
        .split(' ')
        .map(|word| {
            let (core, tail) = word.split_at(word.trim_end_matches([',', ')']).len());
            let plain = match core {
                "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "isize" => {
                    "a whole number"
                }
                "f32" | "f64" => "a number",
                "sequence" => "list",
                "map" => "object",
                other => other,
            };
            format!("{plain}{tail}")
        })
        .collect();
    let mut text = words.join(" ").replace('`', "\"");
    // "expected struct SaveFile": the name is Rust's; the reader sees an
    // object, or one of a set of values.
    for (kind, thing) in [
        ("internally tagged enum ", "an object with a \"kind\""),
        ("tuple struct ", "a list"),
        ("struct ", "an object"),
        ("enum ", "one of the known values"),
    ] {
        while let Some(i) = text.find(kind) {
            let start = i + kind.len();
            let end = text[start..]
                .find(|c: char| !c.is_alphanumeric() && c != '_')
                .map_or(text.len(), |n| start + n);
            text.replace_range(i..end, thing);
        }
    }
    text
}

/// Well-formed JSON whose content is refused, for `message`.
pub(crate) fn invalid(message: String) -> SaveError {
    SaveError::Invalid {
        path: None,
        message,
    }
}

/// The values of one line of a save file (givens or entries) in `shape`:
/// the classic's 81-character line as [`Grid::parse`] reads it, another
/// shape's cells in its symbols (`.` for an empty cell).
fn values_of_line(line: &str, shape: &Shape) -> Result<Vec<u8>, String> {
    if shape.is_9x9() {
        return Grid::parse(line)
            .map(|g| g.digits().to_vec())
            .map_err(|e| e.to_string());
    }
    let side = shape.side() as u8;
    let values = line
        .chars()
        .enumerate()
        .map(|(i, ch)| {
            shape.symbols().value_of(ch, side).ok_or_else(|| {
                let cell = super::Place {
                    index: i as u16,
                    side,
                };
                format!("{cell}: {ch:?} is not a symbol of a {} grid", shape.name())
            })
        })
        .collect::<Result<Vec<u8>, String>>()?;
    if values.len() != shape.cell_count() {
        return Err(format!(
            "found {} cells, expected {}",
            values.len(),
            shape.cell_count()
        ));
    }
    Ok(values)
}

/// The puzzle of a save file: its givens' line in `shape`.
fn puzzle_of(givens: &str, shape: &Shape) -> Result<ShapedGrid, String> {
    let values = values_of_line(givens, shape).map_err(|e| format!("givens: {e}"))?;
    ShapedGrid::new(shape.clone(), values).ok_or_else(|| "givens: a value too large".to_string())
}

/// The player's cells from the texts a save file holds (and the web page
/// sends): the entries as one line of the shape's cells, the notes as one
/// string of digits per cell. An entry on a given's cell, or a note that
/// is not a symbol of the shape, is refused with the cell named.
fn cells_from_text(
    puzzle: &ShapedGrid,
    entries: &str,
    notes: &[String],
) -> Result<Vec<CellState>, String> {
    let shape = puzzle.shape();
    let entries = values_of_line(entries, shape).map_err(|e| format!("entries: {e}"))?;
    let count = shape.cell_count();
    if notes.len() != count {
        return Err(format!(
            "notes: found {} cells, expected {count}",
            notes.len()
        ));
    }
    let side = shape.side() as u8;
    let mut cells = vec![CellState::default(); count];
    for (i, state) in cells.iter_mut().enumerate() {
        let cell = super::Place {
            index: i as u16,
            side,
        };
        let (g, e) = (puzzle.get(i), entries[i]);
        if g != 0 && e != 0 {
            return Err(format!("{cell} has both the given {g} and the entry {e}"));
        }
        let notes = notes[i]
            .chars()
            .map(|ch| match super::Candidates::digit_of_char(ch) {
                Some(d) if d <= side => Ok(d),
                _ => Err(format!(
                    "notes of {cell}: {ch:?} is not a digit from 1 to {side}"
                )),
            })
            .collect::<Result<_, _>>()?;
        *state = CellState { entry: e, notes };
    }
    Ok(cells)
}

impl Board {
    /// A classic board with no history from its texts: the givens and the
    /// entries as 81-character lines, the notes as 81 strings of digits
    /// (`""` for none), as a save file holds them. The error names the
    /// cell or line.
    pub fn from_text(givens: &str, entries: &str, notes: &[String]) -> Result<Board, String> {
        Board::from_text_in(&Shape::classic(), givens, entries, notes)
    }

    /// [`Board::from_text`] in any shape: the lines in the shape's symbols,
    /// one string of notes per cell (digits past 9 as `A` to `G`).
    pub fn from_text_in(
        shape: &Shape,
        givens: &str,
        entries: &str,
        notes: &[String],
    ) -> Result<Board, String> {
        let puzzle = puzzle_of(givens, shape)?;
        let cells = cells_from_text(&puzzle, entries, notes)?;
        Ok(Board::from_parts(&puzzle, cells, Vec::new(), Vec::new()))
    }

    /// The lines of a save file (and of `sudolens games --json`): the
    /// givens and the entries in the shape's symbols (the classic's as
    /// [`Grid::to_line`] writes them).
    pub fn text_lines(&self) -> (String, String) {
        if self.is_9x9() {
            return (self.givens().to_line(), self.entries().to_line());
        }
        let entries = ShapedGrid::new(self.shape().clone(), self.entry_values())
            .map(|g| g.to_line())
            .unwrap_or_default();
        (self.puzzle().to_line(), entries)
    }
}

impl SavedGame {
    pub fn new(board: Board, elapsed_seconds: u64) -> SavedGame {
        SavedGame {
            board,
            elapsed_seconds,
        }
    }

    pub fn to_json(&self) -> String {
        let b = &self.board;
        let file = SaveFile {
            format: FORMAT.into(),
            version: VERSION,
            givens: b.text_lines().0,
            entries: b.text_lines().1,
            notes: (0..b.cell_count())
                .map(|i| b.notes_at(i).to_string())
                .collect(),
            history: b.history().to_vec(),
            redo: b.redo_stack().to_vec(),
            elapsed_seconds: self.elapsed_seconds,
            shape: (!b.shape().is_classic()).then(|| b.shape().header()),
        };
        serde_json::to_string_pretty(&file).expect("a save file always serialises")
    }

    pub fn from_json(text: &str) -> Result<SavedGame, SaveError> {
        let file: SaveFile = parse_versioned(text, (FORMAT, VERSION, "save"), |f: &SaveFile| {
            (&f.format, f.version)
        })?;
        // the shape first: it says how the lines are written
        let shape = match &file.shape {
            Some(header) => {
                super::parse_shape_header(header).map_err(|e| invalid(format!("shape: {e}")))?
            }
            None => Shape::classic(),
        };
        let puzzle = puzzle_of(&file.givens, &shape).map_err(invalid)?;
        let cells = cells_from_text(&puzzle, &file.entries, &file.notes).map_err(invalid)?;
        let side = shape.side() as u8;
        for mv in file.history.iter().chain(&file.redo) {
            for ch in &mv.changes {
                let cell = super::Place {
                    index: ch.index,
                    side,
                };
                let index = usize::from(ch.index);
                if index >= shape.cell_count() {
                    return Err(invalid(format!(
                        "history: a move edits cell {index}, past the {} cells of the grid",
                        shape.cell_count()
                    )));
                }
                if puzzle.get(index) != 0 {
                    return Err(invalid(format!(
                        "history: a move edits {cell}, which holds a given"
                    )));
                }
                let too_large = |s: &CellState| s.entry > side || s.notes.iter().any(|d| d > side);
                if too_large(&ch.before) || too_large(&ch.after) {
                    return Err(invalid(format!(
                        "history: a move writes a value above {side} in {cell}"
                    )));
                }
            }
        }
        let board = Board::from_parts(&puzzle, cells, file.history, file.redo);
        Ok(SavedGame {
            board,
            elapsed_seconds: file.elapsed_seconds,
        })
    }

    /// Saves atomically: a crash mid-write leaves the previous file intact.
    pub fn write(&self, path: &Path) -> Result<(), SaveError> {
        self.write_version(path, 0).map(|_| ())
    }

    /// Saves atomically as snapshot `version` of the game (see
    /// [`files::write_newest`]): an older snapshot written late, by a
    /// background autosave for example, never replaces a newer one.
    pub fn write_version(&self, path: &Path, version: u64) -> Result<files::Written, SaveError> {
        write_save(path, version, &self.to_json())
    }

    pub fn read(path: &Path) -> Result<SavedGame, SaveError> {
        read_save(path, SavedGame::from_json)
    }
}

/// Writes a save file's `json` atomically as snapshot `version` (see
/// [`files::write_newest`]): the game's and the duel's files alike.
pub(crate) fn write_save(
    path: &Path,
    version: u64,
    json: &str,
) -> Result<files::Written, SaveError> {
    files::write_newest(path, version, json.as_bytes()).map_err(|source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads the save file at `path` with `parse` (a game's or a duel's): an
/// unreadable file, text that is not UTF-8 or content `parse` refuses is
/// an error naming the file.
pub(crate) fn read_save<T>(
    path: &Path,
    parse: impl FnOnce(&str) -> Result<T, SaveError>,
) -> Result<T, SaveError> {
    let bytes = read_capped(path)?;
    let text = String::from_utf8(bytes).map_err(|e| SaveError::Json {
        path: Some(path.to_path_buf()),
        message: format!("invalid UTF-8 at byte {}", e.utf8_error().valid_up_to()),
    })?;
    parse(&text).map_err(|e| e.with_path(path))
}

/// The bytes of the file at `path`, refused from its size when it is past
/// [`MAX_SAVE_BYTES`], and at the cap when it is a stream with no size.
fn read_capped(path: &Path) -> Result<Vec<u8>, SaveError> {
    use std::io::Read;
    let io = |source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    };
    let too_large = |bytes| SaveError::TooLarge {
        path: path.to_path_buf(),
        bytes,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    if size > MAX_SAVE_BYTES {
        return Err(too_large(Some(size)));
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_SAVE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        return Err(too_large(None));
    }
    Ok(bytes)
}

/// A save file's JSON as a `T`, whose `format` and `version` (read by
/// `declared`) must be `kind`'s format and at most its version: a file of
/// another kind, or from a newer sudolens, is refused. `kind`'s third part
/// names the file in that refusal ("save version 3 is newer ...").
pub(crate) fn parse_versioned<T: serde::de::DeserializeOwned>(
    text: &str,
    kind: (&str, u32, &str),
    declared: impl Fn(&T) -> (&str, u32),
) -> Result<T, SaveError> {
    let (format, version, what) = kind;
    let file: T = serde_json::from_str(text).map_err(|e| SaveError::from_json_error(&e))?;
    let (found_format, found_version) = declared(&file);
    if found_format != format {
        return Err(invalid(format!(
            "format is '{found_format}', expected '{format}'"
        )));
    }
    if found_version > version {
        return Err(invalid(format!(
            "{what} version {found_version} is newer than this sudolens understands ({version})"
        )));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    fn game() -> SavedGame {
        let givens = Grid::parse(crate::test_puzzles::HARD_17).unwrap();
        let mut board = Board::new(givens);
        board.fill_notes(None);
        board.set_entry(Cell::new(0, 1), 1).unwrap();
        board.set_entry(Cell::new(0, 2), 2).unwrap();
        board.undo();
        SavedGame::new(board, 95)
    }

    #[test]
    fn json_round_trip_keeps_history() {
        let g = game();
        let back = SavedGame::from_json(&g.to_json()).unwrap();
        assert_eq!(back, g);
        let mut b = back.board;
        assert!(b.redo().is_some());
        assert_eq!(b.value(Cell::new(0, 2)), 2);
    }

    /// A game on overlapping grids is saved and read back whole: a kept
    /// samurai (or an endless carpet's view) was refused on reading, so the
    /// window could not reopen it.
    #[test]
    fn a_game_on_overlapping_grids_is_read_back() {
        let shape = Shape::parse_name("samurai").unwrap();
        let made = crate::generate::generate_shaped(
            &shape,
            &crate::generate::Options::new(crate::logic::Level::Easy),
            3,
            |_| std::ops::ControlFlow::Continue(()),
        )
        .unwrap();
        let mut board = Board::of_shaped(&made.puzzle);
        let open = (0..board.cell_count())
            .find(|&i| board.value_at(i) == 0)
            .unwrap();
        board.set_entry_at(open, made.solution.get(open)).unwrap();
        board.toggle_note_at(open + 1, 4).ok();
        let game = SavedGame::new(board, 12);
        let back = SavedGame::from_json(&game.to_json()).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.board.shape().name(), "samurai");
    }

    #[test]
    fn damaged_files_are_refused_with_reasons() {
        let json = game().to_json();
        let err = SavedGame::from_json("{ not json").unwrap_err();
        assert!(err.to_string().contains("line 1, column 3"), "{err}");
        let bad = json.replacen("\"entries\": \".", "\"entries\": \"5", 1);
        assert_eq!(
            SavedGame::from_json(&bad).unwrap_err().to_string(),
            "r1c1 has both the given 4 and the entry 5"
        );
        let bad = json.replacen("sudolens-game", "other", 1);
        assert!(SavedGame::from_json(&bad)
            .unwrap_err()
            .to_string()
            .contains("format"));
    }

    /// Set in the child process of [`killed_writers_leave_the_old_or_the_new_game`].
    const CRASH_CHILD_ENV: &str = "SUDOLENS_CRASH_WRITER";

    /// The child of the crash test: saves games numbered from
    /// `$SUDOLENS_CRASH_WRITER_START` (in `elapsed_seconds`) until killed,
    /// printing each number once its save has returned.
    #[test]
    fn crash_writer_child() {
        let Some(path) = std::env::var_os(CRASH_CHILD_ENV) else {
            return; // a normal test run: nothing to do
        };
        let start: u64 = std::env::var("SUDOLENS_CRASH_WRITER_START")
            .unwrap()
            .parse()
            .unwrap();
        let board = game().board;
        let mut out = std::io::stdout();
        for k in start.. {
            SavedGame::new(board.clone(), k)
                .write_version(Path::new(&path), k)
                .unwrap();
            use std::io::Write;
            writeln!(out, "{k}").unwrap();
            out.flush().unwrap();
        }
    }

    /// Kills a process that saves in a loop at 200 random moments: the file
    /// on disk is always a whole, valid game, the last one reported saved or
    /// the one being written.
    #[test]
    fn killed_writers_leave_the_old_or_the_new_game() {
        let dir = std::env::temp_dir().join(format!("sudolens-crash-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("autosave.json");
        SavedGame::new(game().board, 0).write(&path).unwrap();
        let (mut on_disk, mut seed) = (0u64, 0x9E37_79B9_7F4A_7C15u64);
        for round in 0..200 {
            let wait = crate::test_puzzles::next_wait(&mut seed, 0, 25_000);
            let start = (on_disk + 1).to_string();
            let env = [
                (CRASH_CHILD_ENV, path.as_os_str()),
                ("SUDOLENS_CRASH_WRITER_START", start.as_ref()),
            ];
            let reported = crate::test_puzzles::kill_writer_after(
                "grid::save::tests::crash_writer_child",
                &env,
                wait,
            )
            .unwrap_or(on_disk);
            let saved = SavedGame::read(&path)
                .unwrap_or_else(|e| panic!("round {round}: a damaged save after a kill: {e}"));
            assert_eq!(saved.board, game().board, "round {round}");
            assert!(
                saved.elapsed_seconds == reported || saved.elapsed_seconds == reported + 1,
                "round {round}: game {} on disk, {reported} reported saved",
                saved.elapsed_seconds
            );
            on_disk = saved.elapsed_seconds;
        }
        eprintln!("crash test: {on_disk} saves completed or cut across 200 kills");
        // The kills must have landed among the writes, not only before them.
        assert!(on_disk >= 50, "only {on_disk} saves in 200 rounds");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn write_then_read_atomically() {
        let dir = std::env::temp_dir().join(format!("sudolens-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.json");
        game().write(&path).unwrap();
        assert_eq!(SavedGame::read(&path).unwrap(), game());
        std::fs::write(&path, b"\x89PNG\0").unwrap();
        let err = SavedGame::read(&path).unwrap_err().to_string();
        assert!(err.starts_with(&path.display().to_string()), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
