//! Standard output, checked: every command writes its results through
//! [`Output`], so that a write that fails (a full disk, an I/O error) ends
//! the command with its cause on stderr and exit code 74 instead of a panic
//! (`println!` panics) or a silent exit 0. A closed pipe (`| head`) stays
//! quiet: the reader asked for no more.

use super::Exit;
use std::fmt::Display;
use std::io::{BufWriter, ErrorKind, StdoutLock, Write};
use std::process::ExitCode;
use sudolens::files::io_words;

/// A command's standard output. The first failed write is kept, and every
/// write after it is skipped, so that a command can write all its lines and
/// learn at [`Output::finish`] whether they arrived; a batch asks
/// [`Output::failed`] after each line to stop at once.
pub struct Output {
    out: BufWriter<StdoutLock<'static>>,
    error: Option<std::io::Error>,
}

impl Output {
    pub fn stdout() -> Output {
        Output {
            out: BufWriter::new(std::io::stdout().lock()),
            error: None,
        }
    }

    /// Writes `text` and a newline (unless a write failed already).
    pub fn line(&mut self, text: impl Display) {
        if self.error.is_none() {
            if let Err(e) = writeln!(self.out, "{text}") {
                self.error = Some(e);
            }
        }
    }

    /// Writes `text` as it is, no newline added.
    pub fn text(&mut self, text: impl Display) {
        if self.error.is_none() {
            if let Err(e) = write!(self.out, "{text}") {
                self.error = Some(e);
            }
        }
    }

    /// Sends what is buffered on, so that a reader sees each result as it
    /// is made (a slow batch, an interactive prompt).
    pub fn flush(&mut self) {
        if self.error.is_none() {
            if let Err(e) = self.out.flush() {
                self.error = Some(e);
            }
        }
    }

    /// Whether a write has failed: a batch stops there.
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// Ends the output: flushes it, and returns `code` when every write
    /// arrived (or the pipe was closed: see [`Ending::Closed`]), else
    /// [`Exit::WriteFailed`] with the cause said on stderr.
    pub fn finish(mut self, code: Exit) -> ExitCode {
        match self.end() {
            Ending::Written | Ending::Closed => code.into(),
            Ending::Failed => Exit::WriteFailed.into(),
        }
    }

    /// Flushes what is left and tells how the output ended; a failure is
    /// said on stderr here, so that a batch says it before its summary.
    pub fn end(&mut self) -> Ending {
        self.flush();
        match &self.error {
            None => Ending::Written,
            Some(e) if e.kind() == ErrorKind::BrokenPipe => Ending::Closed,
            Some(e) => {
                write_failed("standard output", e);
                Ending::Failed
            }
        }
    }
}

/// How a command's output ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every line arrived.
    Written,
    /// The reader went away (`| head`): it asked for no more, so nothing
    /// is said (SIGPIPE, restored in `main`, usually ends the process
    /// before this is seen).
    Closed,
    /// A write failed, and was said on stderr.
    Failed,
}

/// Says that writing `what` failed and why, and returns exit code 74.
pub fn write_failed(what: &str, e: &std::io::Error) -> ExitCode {
    say_err!("error: cannot write to {what}: {}", io_words(e));
    Exit::WriteFailed.into()
}
