//! Text formats: the 81-character line, 9-line grids, forum drawings and
//! `grilleXX.txt` files, one or many puzzles per file.

use super::{Cell, Grid};
use std::fmt;

/// What is wrong with a grid text, and where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A character that is neither a digit, an empty-cell mark nor grid drawing.
    BadChar {
        line: usize,
        column: usize,
        ch: char,
    },
    /// The text holds a number of cells other than 81.
    WrongCount { found: usize },
    /// Nothing but blank lines, comments or grid drawing.
    Empty,
    /// A line whose bytes are not UTF-8 text (a binary file, an image...);
    /// `byte` counts from the start of the input.
    NotText { line: usize, byte: u64 },
    /// A NUL byte: text never holds one, binary data (an image, an archive)
    /// almost always does.
    Binary {
        line: usize,
        column: usize,
        byte: u64,
    },
    /// A line longer than any puzzle line (see [`MAX_LINE_BYTES`]),
    /// refused at that length: the input is not read past it.
    LineTooLong { line: usize },
    /// The input could not be read any further (a failing disk or pipe).
    Io { line: usize, message: String },
    /// A `grilleXX.txt` header announcing boxes other than 3×3.
    UnsupportedBoxSize { line: usize, text: String },
    /// A value above 9 given to [`Grid::from_digits`].
    BadValue { cell: Cell, value: u8 },
}

/// The longest line a puzzle file may hold. A puzzle line is 81 cells plus
/// a few fields (a rating, a name, sometimes the solution), a drawn grid row
/// about 25 characters; 64 KiB leaves room for any of these while a file
/// with no line breaks at all (a binary file, a 3 GB blob) is refused after
/// holding at most this much of it.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

impl ParseError {
    /// The 1-based line the error names in its own message, if any, so that
    /// a batch does not print `line 6: line 6, column 1: ...`.
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::BadChar { line, .. }
            | ParseError::NotText { line, .. }
            | ParseError::Binary { line, .. }
            | ParseError::LineTooLong { line, .. }
            | ParseError::Io { line, .. }
            | ParseError::UnsupportedBoxSize { line, .. } => Some(*line),
            ParseError::WrongCount { .. } | ParseError::Empty | ParseError::BadValue { .. } => None,
        }
    }

    /// The error as a batch reports it for line `number`: prefixed with the
    /// line unless the message already names it.
    pub fn at_line(&self, number: usize) -> String {
        match self.line() {
            Some(_) => self.to_string(),
            None => format!("line {number}: {self}"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::BadChar { line, column, ch } => {
                write!(f, "line {line}, column {column}: {ch:?} is not a digit")
            }
            ParseError::WrongCount { found } => {
                write!(f, "found {found} cells, expected 81")
            }
            ParseError::Empty => write!(f, "no grid found: the input is empty"),
            ParseError::NotText { line, byte } => write!(
                f,
                "line {line}: not a text file: invalid UTF-8 at byte {byte} (is this an image or a binary file?)"
            ),
            ParseError::Binary { line, column, byte } => write!(
                f,
                "line {line}, column {column}: binary data, not text: a NUL byte (byte {byte} of the input)"
            ),
            ParseError::LineTooLong { line } => write!(
                f,
                "line {line} is longer than the {MAX_LINE_BYTES} bytes a puzzle line may hold: the input is not read past it"
            ),
            ParseError::Io { line, message } => {
                write!(f, "line {line}: the input cannot be read further: {message}")
            }
            ParseError::UnsupportedBoxSize { line, text } => write!(
                f,
                "line {line}: header '{text}' announces boxes other than 3x3; only 9x9 Sudoku is supported"
            ),
            ParseError::BadValue { cell, value } => {
                write!(f, "cell {cell}: {value} is not a digit from 0 to 9")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// Characters of grid drawings found in puzzle files and forum posts.
fn is_drawing(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | '-' | '+' | '=')
}

/// The cell value a character stands for, `None` when it is not a cell.
fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        '0' | '.' => Some(0),
        _ => None,
    }
}

/// Whether a line is the `3 3` box-size header of the `grilleXX.txt` format.
pub(super) fn header_tokens(line: &str) -> Option<(&str, &str)> {
    let mut tokens = line.split_whitespace();
    match (tokens.next(), tokens.next(), tokens.next()) {
        (Some(a), Some(b), None)
            if a.chars().all(|c| c.is_ascii_digit()) && b.chars().all(|c| c.is_ascii_digit()) =>
        {
            Some((a, b))
        }
        _ => None,
    }
}

fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('#') || t.starts_with("//")
}

/// How many cells a line holds, counting digits and empty-cell marks only.
pub(super) fn cell_count(line: &str) -> usize {
    line.chars().filter(|&c| cell_value(c).is_some()).count()
}

/// Whether a line holds nothing to read: blank, or a comment.
pub(super) fn is_blank_or_comment(line: &str) -> bool {
    line.trim().is_empty() || is_comment(line)
}

/// Collects one grid from its lines, in order, keeping only the first 81
/// cells and a count: a grid drawn over any number of lines is checked
/// without holding its text.
pub(super) struct GridScanner {
    cells: [u8; 81],
    count: usize,
    /// A line with something to read was seen: a header may only come first.
    started: bool,
    error: Option<ParseError>,
}

impl Default for GridScanner {
    fn default() -> Self {
        GridScanner {
            cells: [0; 81],
            count: 0,
            started: false,
            error: None,
        }
    }
}

impl GridScanner {
    /// Feeds line `number` (1-based). Returns `false` once an error has
    /// decided the outcome, so the caller can stop reading.
    pub(super) fn feed(&mut self, number: usize, line: &str) -> bool {
        if self.error.is_some() {
            return false;
        }
        if is_blank_or_comment(line) {
            return true;
        }
        let first = !std::mem::replace(&mut self.started, true);
        if first {
            if let Some((a, b)) = header_tokens(line) {
                if (a, b) != ("3", "3") {
                    self.fail(ParseError::UnsupportedBoxSize {
                        line: number,
                        text: line.trim().to_string(),
                    });
                    return false;
                }
                return true;
            }
        }
        for (j, ch) in line.chars().enumerate() {
            if let Some(v) = cell_value(ch) {
                if let Some(cell) = self.cells.get_mut(self.count) {
                    *cell = v;
                }
                self.count += 1;
            } else if !is_drawing(ch) {
                self.fail(ParseError::BadChar {
                    line: number,
                    column: j + 1,
                    ch,
                });
                return false;
            }
        }
        true
    }

    /// Records an error found outside the text itself (a line that is not
    /// text, a read failure); the first error wins.
    pub(super) fn fail(&mut self, error: ParseError) {
        self.error.get_or_insert(error);
    }

    pub(super) fn finish(self) -> Result<Grid, ParseError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        match self.count {
            0 => Err(ParseError::Empty),
            81 => Ok(Grid(self.cells)),
            found => Err(ParseError::WrongCount { found }),
        }
    }
}

/// Parses one grid from the whole text (see [`Grid::parse`]). The header,
/// if any, is the first line with something to read.
pub(super) fn parse_grid(text: &str) -> Result<Grid, ParseError> {
    let mut scanner = GridScanner::default();
    for (i, line) in text.lines().enumerate() {
        if !scanner.feed(i + 1, line) {
            break;
        }
    }
    scanner.finish()
}

/// One line of a many-puzzle file: where it was and what it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleLine {
    /// 1-based line number in the file.
    pub line: usize,
    /// The line's text, trimmed (empty when the line is not text).
    pub text: String,
    /// The grid, or what is wrong with this line alone.
    pub grid: Result<Grid, ParseError>,
}

/// The puzzles of a file or argument, all in memory (see
/// [`super::open_puzzles`] to read a large file one line at a time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Puzzles {
    /// The text holds one grid (possibly drawn over several lines).
    Single(Grid),
    /// One puzzle per line; each line parsed on its own so that one bad line
    /// never stops a batch.
    Many(Vec<PuzzleLine>),
}

/// Parses a line of a batch file. Anything after the 81st cell that is
/// separated by whitespace (ratings, names) is ignored, as puzzle
/// collections often append such fields.
pub(super) fn parse_line(line: &str, number: usize) -> Result<Grid, ParseError> {
    let mut cells = [0u8; 81];
    let mut count = 0;
    for (j, ch) in line.chars().enumerate() {
        let value = cell_value(ch);
        if count == 81 {
            if ch.is_whitespace() {
                break;
            }
            if value.is_some() {
                // an 82nd cell: the line is too long, say by how much
                return Err(ParseError::WrongCount {
                    found: cell_count(line),
                });
            }
        }
        match value {
            Some(v) => {
                cells[count] = v;
                count += 1;
            }
            None if is_drawing(ch) => {}
            None => {
                return Err(ParseError::BadChar {
                    line: number,
                    column: j + 1,
                    ch,
                })
            }
        }
    }
    match count {
        0 => Err(ParseError::Empty),
        81 => Ok(Grid(cells)),
        found => Err(ParseError::WrongCount { found }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::read_puzzles;

    const LINE: &str = crate::test_puzzles::HARD_17;

    #[test]
    fn line_round_trip() {
        let g = Grid::parse(LINE).unwrap();
        assert_eq!(g.to_line(), LINE);
        let zeros = LINE.replace('.', "0");
        assert_eq!(Grid::parse(&zeros).unwrap(), g);
    }

    #[test]
    fn nine_line_and_pretty_round_trip() {
        let g = Grid::parse(LINE).unwrap();
        assert_eq!(Grid::parse(&g.to_grid_text()).unwrap(), g);
        assert_eq!(Grid::parse(&g.to_pretty()).unwrap(), g);
    }

    #[test]
    fn grille_header_is_skipped() {
        let g = Grid::parse(LINE).unwrap();
        let text = format!("3 3\n{}", g.to_grid_text());
        assert_eq!(Grid::parse(&text).unwrap(), g);
        let err = Grid::parse(&format!("2 3\n{}", g.to_grid_text())).unwrap_err();
        assert!(matches!(
            err,
            ParseError::UnsupportedBoxSize { line: 1, .. }
        ));
    }

    #[test]
    fn errors_say_where_and_what() {
        let mut text = Grid::parse(LINE).unwrap().to_grid_text();
        text.replace_range(3 * 18 + 6..3 * 18 + 7, "#");
        assert_eq!(
            Grid::parse(&text).unwrap_err().to_string(),
            "line 4, column 7: '#' is not a digit"
        );
        assert_eq!(
            Grid::parse(&LINE[..79]).unwrap_err().to_string(),
            "found 79 cells, expected 81"
        );
        assert_eq!(Grid::parse("  \n").unwrap_err(), ParseError::Empty);
    }

    #[test]
    fn batch_files_keep_bad_lines_apart() {
        let text = format!(
            "# a comment\n{LINE}\n{}\n\n{LINE} 4.5 name\nnot a puzzle\n",
            &LINE[..80]
        );
        let Puzzles::Many(lines) = read_puzzles(text.as_bytes()).unwrap() else {
            panic!("expected a batch");
        };
        assert_eq!(lines.len(), 4);
        assert!(lines[0].grid.is_ok());
        assert_eq!(lines[1].line, 3);
        assert_eq!(lines[1].grid, Err(ParseError::WrongCount { found: 80 }));
        assert!(lines[2].grid.is_ok(), "trailing fields are ignored");
        assert!(matches!(
            lines[3].grid,
            Err(ParseError::BadChar {
                line: 6,
                column: 1,
                ..
            })
        ));
    }

    #[test]
    fn single_grid_files_and_garbage() {
        let g = Grid::parse(LINE).unwrap();
        assert_eq!(
            read_puzzles(g.to_grid_text().as_bytes()).unwrap(),
            Puzzles::Single(g)
        );
        assert_eq!(read_puzzles(LINE.as_bytes()).unwrap(), Puzzles::Single(g));
        let err = read_puzzles(&[0x89, b'P', b'N', b'G', 0, 0]).unwrap_err();
        assert_eq!(err, ParseError::NotText { line: 1, byte: 0 });
        assert_eq!(read_puzzles(b"").unwrap_err(), ParseError::Empty);
        assert_eq!(
            read_puzzles(b"ab\0cd").unwrap_err(),
            ParseError::Binary {
                line: 1,
                column: 3,
                byte: 2
            }
        );
    }
}
