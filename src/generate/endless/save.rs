//! The endless carpet's save file: a text file, one fact a line.
//!
//! ```text
//! sudolens endless carpet 1
//! seed 42
//! level Medium
//! at 0 3
//! grid 0 3 Medium 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! tile 0 3 12.4..............................7. 1289,-,-,...
//! ```
//!
//! After the header: the seed and the level, the grid the player was at,
//! then the puzzle of every grid holding an entry or a note (`grid Y X
//! LEVEL GIVENS`, 81 cells, `.` for an open one; kept so that a grid the
//! player has seen reads back as it was), then the player's tiles (`tile
//! Y X ENTRIES NOTES`: the 6 × 6 plane cells from row 6Y, column 6X, in
//! reading order, the entries as 36 cells and the notes as 36 fields
//! separated by commas, each its digits or `-`). The file is written
//! atomically ([`crate::files::write_atomic`]); reading it back names the
//! line of the first thing wrong.

use super::{EndlessCarpet, GridPos, GridPuzzle, Tile, TILE_CELLS};
use crate::grid::{Cell, Grid};
use crate::logic::Level;
use std::fmt;
use std::path::Path;

/// The first line of every save file.
pub const SAVE_HEADER: &str = "sudolens endless carpet 1";

/// The largest save file read, so that a wrong file does not fill memory.
const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// What is wrong on a line of a save file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The first line is not [`SAVE_HEADER`].
    NotACarpet,
    /// A line starting with a word the format does not have.
    UnknownLine(String),
    /// A line with the wrong number of fields.
    Fields {
        expected: usize,
        found: usize,
    },
    /// A number that is not one.
    BadNumber(String),
    BadLevel(String),
    /// A row of cells of the wrong length.
    CellCount {
        expected: usize,
        found: usize,
    },
    /// A character that is no digit in a row of cells or notes.
    BadDigit(char),
    /// A line given twice (`seed`, `level`, `at`, or one grid or tile).
    Repeated(String),
    /// A line the file lacks (reported on the line after the last).
    Missing(&'static str),
    /// The seed's carpet has no solution (never seen).
    NoSolution(u64),
    /// A grid's givens disagree with the seed's solution.
    WrongGivens(GridPos),
    /// An entry or a note on a cell some grid gives.
    OnGiven {
        row: i64,
        col: i64,
    },
}

/// A save file that does not read back: the line (1-based) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndlessParseError {
    pub line: usize,
    pub kind: ParseErrorKind,
}

impl fmt::Display for EndlessParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            ParseErrorKind::NotACarpet => {
                write!(f, "not an endless carpet (expected '{SAVE_HEADER}')")
            }
            ParseErrorKind::UnknownLine(w) => write!(f, "unknown line starting '{w}'"),
            ParseErrorKind::Fields { expected, found } => {
                write!(f, "{found} fields where {expected} were expected")
            }
            ParseErrorKind::BadNumber(s) => write!(f, "'{s}' is not a number"),
            ParseErrorKind::BadLevel(s) => write!(f, "'{s}' is not a level"),
            ParseErrorKind::CellCount { expected, found } => {
                write!(f, "{found} cells where {expected} were expected")
            }
            ParseErrorKind::BadDigit(c) => write!(f, "'{c}' is not a digit from 1 to 9 or '.'"),
            ParseErrorKind::Repeated(what) => write!(f, "{what} is given twice"),
            ParseErrorKind::Missing(what) => write!(f, "the file has no '{what}' line"),
            ParseErrorKind::NoSolution(seed) => write!(f, "seed {seed} gives no carpet"),
            ParseErrorKind::WrongGivens(pos) => {
                write!(f, "the givens of {pos} disagree with the seed's solution")
            }
            ParseErrorKind::OnGiven { row, col } => {
                write!(f, "an entry or note on the given cell ({row}, {col})")
            }
        }
    }
}

impl std::error::Error for EndlessParseError {}

/// A save file that cannot be read or does not read back, with its path.
#[derive(Debug)]
pub struct EndlessLoadError {
    pub path: std::path::PathBuf,
    pub kind: LoadErrorKind,
}

#[derive(Debug)]
pub enum LoadErrorKind {
    Io(std::io::Error),
    TooLarge { bytes: u64 },
    Parse(EndlessParseError),
}

impl fmt::Display for EndlessLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match &self.kind {
            LoadErrorKind::Io(e) => write!(f, "{path}: {}", crate::files::io_words(e)),
            LoadErrorKind::TooLarge { bytes } => write!(
                f,
                "{path}: {bytes} bytes, larger than any carpet save ({MAX_FILE_BYTES})"
            ),
            LoadErrorKind::Parse(e) => write!(f, "{path}: {e}"),
        }
    }
}

impl std::error::Error for EndlessLoadError {}

/// The cells of a row of digits: `.` or `0` for an open one.
fn cell_row(s: &str, expected: usize) -> Result<Vec<u8>, ParseErrorKind> {
    let found = s.chars().count();
    if found != expected {
        return Err(ParseErrorKind::CellCount { expected, found });
    }
    s.chars()
        .map(|ch| match ch {
            '.' | '0' => Ok(0),
            '1'..='9' => Ok(ch as u8 - b'0'),
            _ => Err(ParseErrorKind::BadDigit(ch)),
        })
        .collect()
}

fn number<T: std::str::FromStr>(s: &str) -> Result<T, ParseErrorKind> {
    s.parse()
        .map_err(|_| ParseErrorKind::BadNumber(s.to_string()))
}

fn write_cells(values: impl IntoIterator<Item = u8>) -> String {
    values
        .into_iter()
        .map(|v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

fn write_notes(notes: u16) -> String {
    if notes == 0 {
        return "-".into();
    }
    (1..=9u8)
        .filter(|d| notes & (1 << (d - 1)) != 0)
        .map(|d| char::from(b'0' + d))
        .collect()
}

fn read_notes(s: &str) -> Result<u16, ParseErrorKind> {
    if s == "-" {
        return Ok(0);
    }
    s.chars().try_fold(0u16, |m, ch| match ch {
        '1'..='9' => Ok(m | 1 << (ch as u8 - b'1')),
        _ => Err(ParseErrorKind::BadDigit(ch)),
    })
}

impl EndlessCarpet {
    /// The save file's text: see the [module documentation](self).
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{SAVE_HEADER}\nseed {}\nlevel {}\nat {} {}\n",
            self.seed,
            self.level.id(),
            self.at.y,
            self.at.x
        );
        for pos in self.grids() {
            if !self.is_touched(pos) {
                continue;
            }
            let Some(p) = self.puzzles.get(&pos) else {
                continue;
            };
            out += &format!(
                "grid {} {} {} {}\n",
                pos.y,
                pos.x,
                p.level.id(),
                write_cells(p.givens().digits().iter().copied())
            );
        }
        let mut tiles: Vec<(&GridPos, &Tile)> = self.tiles.iter().collect();
        tiles.sort_by_key(|(p, _)| p.order_key());
        for (pos, t) in tiles {
            let notes: Vec<String> = t.notes.iter().map(|&n| write_notes(n)).collect();
            out += &format!(
                "tile {} {} {} {}\n",
                pos.y,
                pos.x,
                write_cells(t.entries),
                notes.join(",")
            );
        }
        out
    }

    /// Reads a save file's text back; an error names the line.
    pub fn from_text(text: &str) -> Result<EndlessCarpet, EndlessParseError> {
        let err = |line: usize, kind| EndlessParseError { line, kind };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        match lines.next() {
            Some((_, SAVE_HEADER)) => {}
            _ => return Err(err(1, ParseErrorKind::NotACarpet)),
        }
        let (mut seed, mut level, mut at) = (None, None, None);
        let mut grids: Vec<(usize, GridPos, GridPuzzle)> = Vec::new();
        let mut tiles: Vec<(usize, GridPos, Tile)> = Vec::new();
        let mut last = 1;
        for (n, line) in lines {
            last = n;
            if line.is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            let expect = |count: usize| {
                if fields.len() == count {
                    Ok(())
                } else {
                    Err(err(
                        n,
                        ParseErrorKind::Fields {
                            expected: count,
                            found: fields.len(),
                        },
                    ))
                }
            };
            let once = |taken: bool, what: &str| {
                if taken {
                    Err(err(n, ParseErrorKind::Repeated(what.to_string())))
                } else {
                    Ok(())
                }
            };
            let pos = |y: &str, x: &str| -> Result<GridPos, EndlessParseError> {
                Ok(GridPos::new(
                    number(y).map_err(|k| err(n, k))?,
                    number(x).map_err(|k| err(n, k))?,
                ))
            };
            match fields[0] {
                "seed" => {
                    expect(2)?;
                    once(seed.is_some(), "seed")?;
                    seed = Some((n, number::<u64>(fields[1]).map_err(|k| err(n, k))?));
                }
                "level" => {
                    expect(2)?;
                    once(level.is_some(), "level")?;
                    let l: Level = fields[1]
                        .parse()
                        .map_err(|_| err(n, ParseErrorKind::BadLevel(fields[1].into())))?;
                    level = Some(l);
                }
                "at" => {
                    expect(3)?;
                    once(at.is_some(), "at")?;
                    at = Some(pos(fields[1], fields[2])?);
                }
                "grid" => {
                    expect(5)?;
                    let p = pos(fields[1], fields[2])?;
                    once(grids.iter().any(|g| g.1 == p), &p.to_string())?;
                    let l: Level = fields[3]
                        .parse()
                        .map_err(|_| err(n, ParseErrorKind::BadLevel(fields[3].into())))?;
                    let cells = cell_row(fields[4], 81).map_err(|k| err(n, k))?;
                    let givens = Grid::from_digits_lossy(&cells);
                    grids.push((n, p, GridPuzzle::from_givens(&givens, l, true)));
                }
                "tile" => {
                    expect(5)?;
                    let p = pos(fields[1], fields[2])?;
                    once(
                        tiles.iter().any(|t| t.1 == p),
                        &format!("tile ({}, {})", p.y, p.x),
                    )?;
                    let entries = cell_row(fields[3], TILE_CELLS).map_err(|k| err(n, k))?;
                    let notes: Vec<&str> = fields[4].split(',').collect();
                    if notes.len() != TILE_CELLS {
                        return Err(err(
                            n,
                            ParseErrorKind::CellCount {
                                expected: TILE_CELLS,
                                found: notes.len(),
                            },
                        ));
                    }
                    let mut tile = Tile::EMPTY;
                    for i in 0..TILE_CELLS {
                        tile.entries[i] = entries[i];
                        tile.notes[i] = read_notes(notes[i]).map_err(|k| err(n, k))?;
                    }
                    tiles.push((n, p, tile));
                }
                other => return Err(err(n, ParseErrorKind::UnknownLine(other.into()))),
            }
        }
        let missing = |what| err(last + 1, ParseErrorKind::Missing(what));
        let (seed_line, seed) = seed.ok_or_else(|| missing("seed"))?;
        let level = level.ok_or_else(|| missing("level"))?;
        let at = at.ok_or_else(|| missing("at"))?;
        let mut carpet = EndlessCarpet::new(seed, level)
            .map_err(|_| err(seed_line, ParseErrorKind::NoSolution(seed)))?;
        carpet.at = at;
        for (n, pos, puzzle) in grids {
            let solution = carpet.solution(pos);
            let agrees = Cell::ALL.into_iter().all(|c| {
                let g = puzzle.given(c.row(), c.col());
                g == 0 || g == solution.get(c)
            });
            if !agrees {
                return Err(err(n, ParseErrorKind::WrongGivens(pos)));
            }
            carpet.puzzles.insert(pos, puzzle);
        }
        for (n, pos, tile) in tiles {
            for i in 0..TILE_CELLS {
                if tile.entries[i] == 0 && tile.notes[i] == 0 {
                    continue;
                }
                let cell = pos.cell(i / 6, i % 6);
                if carpet.given_at(cell) != 0 {
                    return Err(err(
                        n,
                        ParseErrorKind::OnGiven {
                            row: cell.row,
                            col: cell.col,
                        },
                    ));
                }
            }
            if !tile.is_empty() {
                carpet.tiles.insert(pos, tile);
            }
        }
        Ok(carpet)
    }

    /// Writes the save file atomically (a temporary file, then a rename).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        crate::files::write_atomic(path, self.to_text().as_bytes())
    }

    /// Reads a save file back.
    pub fn load(path: &Path) -> Result<EndlessCarpet, EndlessLoadError> {
        let fail = |kind| EndlessLoadError {
            path: path.to_path_buf(),
            kind,
        };
        let bytes = std::fs::metadata(path)
            .map_err(|e| fail(LoadErrorKind::Io(e)))?
            .len();
        if bytes > MAX_FILE_BYTES {
            return Err(fail(LoadErrorKind::TooLarge { bytes }));
        }
        let text = std::fs::read_to_string(path).map_err(|e| fail(LoadErrorKind::Io(e)))?;
        EndlessCarpet::from_text(&text).map_err(|e| fail(LoadErrorKind::Parse(e)))
    }
}
