//! Where puzzles come from: an argument, a file or standard input, opened as
//! a stream so that a file of any size is read one line at a time.

use std::fs::File;
use std::io::{BufRead, BufReader, ErrorKind};
use sudolens::grid::{open_puzzles, Grid, PuzzleStream};

/// Read buffer for puzzle files: large enough that a batch is read in few
/// system calls, small enough not to matter next to the engine.
const READ_BUFFER: usize = 256 * 1024;

/// Puzzles and where they came from, for messages.
pub struct Source {
    pub name: String,
    pub puzzles: PuzzleStream<Box<dyn BufRead>>,
}

/// Reads `arg` as puzzles: `-` is standard input, an existing path is a
/// puzzle file (or a directory, which is said so), anything else must be
/// the puzzle itself. Errors name the file, line and column.
pub fn read_source(arg: &str) -> Result<Source, String> {
    if arg == "-" {
        let stdin: Box<dyn BufRead> = Box::new(BufReader::with_capacity(
            READ_BUFFER,
            std::io::stdin().lock(),
        ));
        return open("standard input", stdin);
    }
    match std::fs::metadata(arg) {
        Ok(meta) if meta.is_dir() => Err(format!(
            "'{arg}' is a directory: give a puzzle file, an 81-character puzzle or - for standard input"
        )),
        Ok(_) => {
            if let Some(message) = super::saved::saved_file_message(arg) {
                return Err(message);
            }
            let file = File::open(arg).map_err(|e| format!("{arg}: cannot open: {e}"))?;
            open(arg, Box::new(BufReader::with_capacity(READ_BUFFER, file)))
        }
        Err(e) if e.kind() != ErrorKind::NotFound => Err(format!("{arg}: {e}")),
        Err(_) => from_argument(arg),
    }
}

fn open(name: &str, reader: Box<dyn BufRead>) -> Result<Source, String> {
    let puzzles = open_puzzles(reader).map_err(|e| format!("{name}: {e}"))?;
    Ok(Source {
        name: name.to_string(),
        puzzles,
    })
}

/// An argument that is no file: the puzzle itself.
fn from_argument(arg: &str) -> Result<Source, String> {
    match Grid::parse(arg) {
        Ok(grid) => Ok(Source {
            name: "argument".to_string(),
            puzzles: PuzzleStream::Single(grid),
        }),
        Err(e) => {
            // A typo in a file name should not read as a bad puzzle.
            let looks_like_path =
                arg.contains(['/', '\\', '.']) && arg.chars().any(|c| c.is_alphabetic());
            Err(if looks_like_path {
                format!("'{arg}' is neither a file that exists nor a puzzle ({e})")
            } else {
                format!("puzzle argument: {e}")
            })
        }
    }
}
