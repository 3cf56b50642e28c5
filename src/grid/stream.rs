//! Puzzle files read as streams. The shape of the input (one grid, or one
//! puzzle per line) is decided from its first lines; a batch is then parsed
//! one line at a time, so a file of ten million puzzles takes no more memory
//! than a file of one, and no line is ever held past [`MAX_LINE_BYTES`].

use super::format::{
    cell_count, header_tokens, is_blank_or_comment, parse_line, GridScanner, ParseError,
    PuzzleLine, Puzzles, MAX_LINE_BYTES,
};
use super::Grid;
use std::collections::VecDeque;
use std::io::{BufRead, ErrorKind};

/// Lines with something to read that decide the shape: a grid drawn as in
/// forum posts spans 13 (9 rows, 2 box separators, a top and a bottom
/// border), so a drawn grid is always seen whole.
const SHAPE_LINES: usize = 13;

/// Most cells a line of a single grid may hold. A row has 9; twice that
/// still reads a mistyped row as part of the grid (and reports it there),
/// while a batch line, with 81 cells or a few more or less, never passes.
const ROW_CELLS_MAX: usize = 18;

/// A line as read: its 1-based number and its text, or why it is not text.
type RawLine = (usize, Result<String, ParseError>);

/// Splits the input into lines without ever holding more than
/// [`MAX_LINE_BYTES`] of one, and checks that each is text.
struct Lines<R> {
    inner: R,
    /// Number of the last line returned.
    number: usize,
    /// Byte offset of the next line in the input.
    offset: u64,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    fn new(inner: R) -> Self {
        Lines {
            inner,
            number: 0,
            offset: 0,
            buf: Vec::new(),
            done: false,
        }
    }

    fn next_line(&mut self) -> Option<RawLine> {
        if self.done {
            return None;
        }
        self.buf.clear();
        let start = self.offset;
        let mut ended = false;
        while !ended {
            let available = match self.inner.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.done = true;
                    self.number += 1;
                    let error = ParseError::Io {
                        line: self.number,
                        message: e.to_string(),
                    };
                    return Some((self.number, Err(error)));
                }
            };
            if available.is_empty() {
                break;
            }
            let newline = available.iter().position(|&b| b == b'\n');
            let take = newline.unwrap_or(available.len());
            if self.buf.len() + take > MAX_LINE_BYTES {
                // Refused at the cap: reading on to the line's end only to
                // say how long it was took 16 s on a 3 GB line and never
                // ended on an endless stream (issue 32, N7). Where the next
                // line starts is unknown without reading that far, so the
                // input ends here, as the message says.
                self.done = true;
                self.number += 1;
                let error = ParseError::LineTooLong { line: self.number };
                return Some((self.number, Err(error)));
            }
            self.buf.extend_from_slice(&available[..take]);
            ended = newline.is_some();
            let used = take + usize::from(ended);
            self.inner.consume(used);
            self.offset += used as u64;
        }
        if !ended && self.buf.is_empty() {
            self.done = true;
            return None;
        }
        self.number += 1;
        Some((self.number, self.decode(start)))
    }

    /// The text of the line in `buf`, which started at byte `start`.
    fn decode(&self, start: u64) -> Result<String, ParseError> {
        let line = self.number;
        let bytes = self.buf.strip_suffix(b"\r").unwrap_or(&self.buf);
        let valid = match std::str::from_utf8(bytes) {
            Ok(_) => bytes.len(),
            Err(e) => e.valid_up_to(),
        };
        // Whichever comes first names the problem: a NUL byte is valid UTF-8
        // but never text, and binary files usually hold one early.
        if let Some(i) = bytes[..valid].iter().position(|&b| b == 0) {
            let column = std::str::from_utf8(&bytes[..i]).map_or(i, |s| s.chars().count()) + 1;
            return Err(ParseError::Binary {
                line,
                column,
                byte: start + i as u64,
            });
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => Ok(text.to_string()),
            Err(e) => Err(ParseError::NotText {
                line,
                byte: start + e.valid_up_to() as u64,
            }),
        }
    }
}

/// A puzzle input opened for reading, see [`open_puzzles`].
pub enum PuzzleStream<R> {
    /// The input holds one grid (possibly drawn over several lines).
    Single(Grid),
    /// One puzzle per line, each parsed as the iterator reaches it.
    Many(PuzzleLines<R>),
}

/// The puzzles of a batch input, one per line with something to read.
pub struct PuzzleLines<R> {
    lines: Lines<R>,
    /// Lines already read to decide the shape, given out first.
    ahead: VecDeque<RawLine>,
}

impl<R: BufRead> Iterator for PuzzleLines<R> {
    type Item = PuzzleLine;

    fn next(&mut self) -> Option<PuzzleLine> {
        loop {
            let (line, text) = match self.ahead.pop_front() {
                Some(raw) => raw,
                None => self.lines.next_line()?,
            };
            return Some(match text {
                Ok(t) if is_blank_or_comment(&t) => continue,
                Ok(t) => PuzzleLine {
                    line,
                    grid: parse_line(&t, line),
                    text: t.trim().to_string(),
                },
                Err(e) => PuzzleLine {
                    line,
                    text: String::new(),
                    grid: Err(e),
                },
            });
        }
    }
}

/// Opens a puzzle input: one grid drawn over any number of lines, or one
/// 81-cell puzzle per line (anything after the 81 cells is ignored; lines
/// starting with `#` or `//` are comments).
///
/// The shape is decided from the first [`SHAPE_LINES`] lines with something
/// to read. The input is one grid when it looks like one: it starts with a
/// `3 3` box-size header, holds a single line, or all those lines hold at
/// most [`ROW_CELLS_MAX`] cells, as the rows of a grid do. Anything else is
/// a batch, where each line stands alone: a first line with 80 cells is that
/// line's error, not the whole file's.
///
/// The input itself is refused only when its first line is not text (a
/// binary file), is empty, or is a single grid that does not parse.
pub fn open_puzzles<R: BufRead>(reader: R) -> Result<PuzzleStream<R>, ParseError> {
    let mut lines = Lines::new(reader);
    let mut ahead = VecDeque::new();
    let mut at_end = false;
    while ahead.len() < SHAPE_LINES {
        match lines.next_line() {
            None => {
                at_end = true;
                break;
            }
            Some((_, Ok(text))) if is_blank_or_comment(&text) => {}
            Some(raw) => ahead.push_back(raw),
        }
    }
    match ahead.front() {
        None => return Err(ParseError::Empty),
        Some((_, Err(e))) => return Err(e.clone()),
        Some((_, Ok(_))) => {}
    }
    if looks_like_one_grid(&ahead, at_end) {
        single_grid(ahead, lines).map(PuzzleStream::Single)
    } else {
        Ok(PuzzleStream::Many(PuzzleLines { lines, ahead }))
    }
}

fn looks_like_one_grid(ahead: &VecDeque<RawLine>, at_end: bool) -> bool {
    let mut texts = ahead.iter().filter_map(|(_, t)| t.as_ref().ok());
    let first_is_header = texts.next().is_some_and(|t| header_tokens(t).is_some());
    first_is_header
        || (at_end && ahead.len() == 1)
        || ahead
            .iter()
            .filter_map(|(_, t)| t.as_ref().ok())
            .all(|t| cell_count(t) <= ROW_CELLS_MAX)
}

/// Reads the one grid of the input: the lines looked at, then the rest,
/// stopping at the first error.
fn single_grid<R: BufRead>(
    ahead: VecDeque<RawLine>,
    mut lines: Lines<R>,
) -> Result<Grid, ParseError> {
    let mut scanner = GridScanner::default();
    let rest = std::iter::from_fn(|| lines.next_line());
    for (line, text) in ahead.into_iter().chain(rest) {
        let go_on = match text {
            Ok(t) => scanner.feed(line, &t),
            Err(e) => {
                scanner.fail(e);
                false
            }
        };
        if !go_on {
            break;
        }
    }
    scanner.finish()
}

/// Reads a whole puzzle input held in memory (a pasted text, a small file):
/// [`open_puzzles`] with every line of a batch collected.
pub fn read_puzzles(bytes: &[u8]) -> Result<Puzzles, ParseError> {
    Ok(match open_puzzles(bytes)? {
        PuzzleStream::Single(grid) => Puzzles::Single(grid),
        PuzzleStream::Many(lines) => Puzzles::Many(lines.collect()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle line, as a file of many puzzles holds one.
    const LINE: &str = crate::test_puzzles::HARD_17;

    fn grid() -> Grid {
        Grid::parse(LINE).unwrap()
    }

    #[test]
    fn a_bad_first_line_is_that_lines_error_alone() {
        // issue 11, defect 5: read as one grid of 81080 cells before
        let mut text = format!("{}\n", &LINE[..80]);
        for _ in 0..1000 {
            text.push_str(LINE);
            text.push('\n');
        }
        let Puzzles::Many(lines) = read_puzzles(text.as_bytes()).unwrap() else {
            panic!("expected a batch");
        };
        assert_eq!(lines.len(), 1001);
        assert_eq!(lines[0].grid, Err(ParseError::WrongCount { found: 80 }));
        assert!(lines[1..].iter().all(|l| l.grid == Ok(grid())));
        assert_eq!(lines[1000].line, 1001);
    }

    #[test]
    fn grids_that_look_like_one_stay_one() {
        let g = grid();
        let shapes = [
            g.to_grid_text(),
            format!("3 3\n{}", g.to_grid_text()),
            g.to_pretty(),
            format!("# from a forum\n\n{}\n", g.to_pretty()),
            format!("{LINE}\n"),
            format!("{}\r\n", g.to_grid_text().replace('\n', "\r\n")),
        ];
        for text in shapes {
            assert_eq!(
                read_puzzles(text.as_bytes()),
                Ok(Puzzles::Single(g)),
                "{text}"
            );
        }
        // one grid, mistyped: the grid's error, not one per row
        let mut bad = g.to_grid_text();
        bad.insert(0, '7');
        assert_eq!(
            read_puzzles(bad.as_bytes()),
            Err(ParseError::WrongCount { found: 82 })
        );
    }

    #[test]
    fn binary_data_is_named_by_line_column_and_byte() {
        let text = format!("{LINE}\n{LINE}\nab\0cd\n");
        let Puzzles::Many(lines) = read_puzzles(text.as_bytes()).unwrap() else {
            panic!("expected a batch");
        };
        let byte = 2 * 82 + 2;
        assert_eq!(
            lines[2].grid,
            Err(ParseError::Binary {
                line: 3,
                column: 3,
                byte
            })
        );
        let e = read_puzzles(b"\x89PNG\r\n\x1a\n\0\0").unwrap_err();
        assert_eq!(e, ParseError::NotText { line: 1, byte: 0 });
        let e = read_puzzles(b"12\0").unwrap_err();
        assert!(e.to_string().contains("NUL byte"), "{e}");
        assert!(!e.to_string().contains("UTF-8"), "{e}");
    }

    #[test]
    fn a_line_past_the_cap_ends_the_input_without_reading_it() {
        let mut text = format!("{LINE}\n").into_bytes();
        text.extend(std::iter::repeat_n(b'1', MAX_LINE_BYTES * 3));
        text.extend_from_slice(format!("\n{LINE}\n").as_bytes());
        let mut stream = match open_puzzles(&text[..]).unwrap() {
            PuzzleStream::Many(lines) => lines,
            PuzzleStream::Single(_) => panic!("expected a batch"),
        };
        assert!(stream.next().unwrap().grid.is_ok());
        let long = stream.next().unwrap();
        assert_eq!(long.grid, Err(ParseError::LineTooLong { line: 2 }));
        assert!(stream.lines.buf.capacity() <= 2 * MAX_LINE_BYTES);
        assert!(stream.next().is_none(), "the input ends at the long line");
    }

    /// Issue 32, N7: `solve - </dev/zero` never returned, reading on to
    /// the end of a line that has none.
    #[test]
    fn an_endless_line_is_refused_at_the_cap() {
        /// An endless stream of one byte that counts what was read of it.
        struct Endless(std::rc::Rc<std::cell::Cell<u64>>);
        impl std::io::Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                buf.fill(b'1');
                self.0.set(self.0.get() + buf.len() as u64);
                // Past a gigabyte, the reader would have hung: fail instead.
                if self.0.get() > 1 << 30 {
                    return Err(std::io::Error::other("read a gigabyte of one line"));
                }
                Ok(buf.len())
            }
        }
        let read = std::rc::Rc::new(std::cell::Cell::new(0));
        let reader = std::io::BufReader::new(Endless(read.clone()));
        let Err(e) = open_puzzles(reader) else {
            panic!("an endless line is no puzzle");
        };
        assert_eq!(e, ParseError::LineTooLong { line: 1 });
        assert!(
            e.to_string().contains(&format!("{MAX_LINE_BYTES} bytes")),
            "{e}"
        );
        assert!(
            read.get() <= 2 * MAX_LINE_BYTES as u64,
            "{} bytes read",
            read.get()
        );
    }

    #[test]
    fn a_read_failure_ends_the_batch_with_its_line() {
        struct Failing(usize);
        impl std::io::Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                if self.0 == 0 {
                    return Err(std::io::Error::other("disk gone"));
                }
                self.0 -= 1;
                let line = format!("{LINE}\n");
                buf[..82].copy_from_slice(line.as_bytes());
                Ok(82)
            }
        }
        let reader = std::io::BufReader::with_capacity(82, Failing(2));
        let PuzzleStream::Many(lines) = open_puzzles(reader).unwrap() else {
            panic!("expected a batch");
        };
        let lines: Vec<PuzzleLine> = lines.collect();
        assert_eq!(lines.len(), 3);
        assert!(matches!(
            &lines[2].grid,
            Err(ParseError::Io { line: 3, .. })
        ));
    }
}
