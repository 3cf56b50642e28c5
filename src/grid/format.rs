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
    /// The bytes are not UTF-8 text (a binary file, an image...).
    NotText { byte: usize },
    /// A `grilleXX.txt` header announcing boxes other than 3×3.
    UnsupportedBoxSize { line: usize, text: String },
    /// A value above 9 given to [`Grid::from_digits`].
    BadValue { cell: Cell, value: u8 },
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
            ParseError::NotText { byte } => write!(
                f,
                "not a text file: invalid UTF-8 at byte {byte} (is this an image or a binary file?)"
            ),
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
fn header_tokens(line: &str) -> Option<(&str, &str)> {
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

/// Scans the cells of `lines`, numbering lines from `first_line` (1-based).
fn scan_cells<'a>(
    lines: impl Iterator<Item = &'a str>,
    first_line: usize,
) -> Result<Vec<u8>, ParseError> {
    let mut cells = Vec::with_capacity(81);
    for (i, line) in lines.enumerate() {
        if is_comment(line) {
            continue;
        }
        for (j, ch) in line.chars().enumerate() {
            if let Some(v) = cell_value(ch) {
                cells.push(v);
            } else if !is_drawing(ch) {
                return Err(ParseError::BadChar {
                    line: first_line + i,
                    column: j + 1,
                    ch,
                });
            }
        }
    }
    Ok(cells)
}

fn grid_from_cells(cells: Vec<u8>) -> Result<Grid, ParseError> {
    match cells.len() {
        0 => Err(ParseError::Empty),
        81 => {
            let mut digits = [0u8; 81];
            digits.copy_from_slice(&cells);
            Ok(Grid(digits))
        }
        found => Err(ParseError::WrongCount { found }),
    }
}

/// Parses one grid from the whole text (see [`Grid::parse`]).
pub(super) fn parse_grid(text: &str) -> Result<Grid, ParseError> {
    let mut lines: Vec<&str> = text.lines().collect();
    let mut first_line = 1;
    // The header, if any, is the first line that is not blank.
    if let Some(pos) = lines.iter().position(|l| !l.trim().is_empty()) {
        if let Some((a, b)) = header_tokens(lines[pos]) {
            if (a, b) != ("3", "3") {
                return Err(ParseError::UnsupportedBoxSize {
                    line: pos + 1,
                    text: lines[pos].trim().to_string(),
                });
            }
            first_line = pos + 2;
            lines.drain(..=pos);
        }
    }
    grid_from_cells(scan_cells(lines.into_iter(), first_line)?)
}

/// One line of a many-puzzle file: where it was and what it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleLine {
    /// 1-based line number in the file.
    pub line: usize,
    /// The line's text, trimmed.
    pub text: String,
    /// The grid, or what is wrong with this line alone.
    pub grid: Result<Grid, ParseError>,
}

/// The puzzles of a file or argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Puzzles {
    /// The text holds one grid (possibly drawn over several lines).
    Single(Grid),
    /// One puzzle per line; each line parsed on its own so that one bad line
    /// never stops a batch.
    Many(Vec<PuzzleLine>),
}

/// Reads a puzzle file's bytes: one grid drawn over any number of lines, or
/// one 81-cell puzzle per line. Lines whose text starts with `#` are comments.
///
/// The file is a batch when its first puzzle line already holds 81 cells or
/// more; anything else is read as a single grid.
pub fn read_puzzles(bytes: &[u8]) -> Result<Puzzles, ParseError> {
    let text = std::str::from_utf8(bytes).map_err(|e| ParseError::NotText {
        byte: e.valid_up_to(),
    })?;
    if let Some(byte) = text.find('\0') {
        return Err(ParseError::NotText { byte });
    }
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !is_comment(l))
        .collect();
    let Some(&(_, first)) = lines.first() else {
        return Err(ParseError::Empty);
    };
    let first_cells = first.chars().filter(|&c| cell_value(c).is_some()).count();
    if first_cells < 81 || lines.len() == 1 {
        return parse_grid(text).map(Puzzles::Single);
    }
    Ok(Puzzles::Many(
        lines
            .into_iter()
            .map(|(line, l)| PuzzleLine {
                line,
                text: l.trim().to_string(),
                grid: parse_line(l, line),
            })
            .collect(),
    ))
}

/// Parses a line of a batch file. Anything after the 81st cell that is
/// separated by whitespace (ratings, names) is ignored, as puzzle
/// collections often append such fields.
fn parse_line(line: &str, number: usize) -> Result<Grid, ParseError> {
    let mut cells = Vec::with_capacity(81);
    for (j, ch) in line.chars().enumerate() {
        if cells.len() == 81 {
            if ch.is_whitespace() {
                break;
            }
            if cell_value(ch).is_some() {
                cells.push(0); // counts the 82nd cell for the error below
                break;
            }
        }
        if let Some(v) = cell_value(ch) {
            cells.push(v);
        } else if !is_drawing(ch) {
            return Err(ParseError::BadChar {
                line: number,
                column: j + 1,
                ch,
            });
        }
    }
    if cells.len() > 81 {
        let found = line.chars().filter(|&c| cell_value(c).is_some()).count();
        return Err(ParseError::WrongCount { found });
    }
    grid_from_cells(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

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
        assert_eq!(err, ParseError::NotText { byte: 0 });
        assert_eq!(read_puzzles(b"").unwrap_err(), ParseError::Empty);
        assert!(matches!(
            read_puzzles(b"ab\0cd").unwrap_err(),
            ParseError::NotText { byte: 2 }
        ));
    }
}
