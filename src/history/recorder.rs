//! The history's own thread: it opens the database, writes what it is sent
//! in order, and reports back, so that the window (or any caller) never
//! waits on the disk, a lock or the canonical form. It owns the only
//! connection of the process that writes: one writer at a time.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::Duration;

use super::{
    ErrorKind, GameId, History, HistoryError, NewGame, Origin, PastGame, Progress, Statistics,
};
use crate::generate::Date;
use crate::grid::Grid;

/// A game as it begins: what the history needs to record it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStart {
    /// The givens.
    pub puzzle: Grid,
    pub origin: Origin,
    /// Unix seconds.
    pub started_at: i64,
    /// Seconds already played (a saved game continued).
    pub seconds_played: u64,
}

impl GameStart {
    /// The game rated and put in canonical form; `None` when its puzzle
    /// has no solution or several (not a game to record).
    fn rated(self) -> Option<NewGame> {
        NewGame::new(
            self.puzzle,
            self.origin,
            self.started_at,
            self.seconds_played,
        )
    }
}

/// What the recorder is asked to do. Games are named by a `key` of the
/// caller's choosing; the recorder maps it to the game's row.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// A new game. Recorded only when its puzzle has one solution; reported
    /// as [`Report::PlayedBefore`] when a game of the same puzzle, even in
    /// disguise, is in the history.
    Start { key: u64, game: GameStart },
    /// A game under way comes back (a saved game opened, the autosave
    /// restored): recording goes on in the latest unfinished game of this
    /// puzzle, or in a new one when there is none.
    Resume { key: u64, game: GameStart },
    /// Where game `key` stands now.
    Progress { key: u64, progress: Progress },
    /// The statistics, as of `today` (the puzzle of the day's date).
    Statistics { today: Date },
}

/// What the recorder tells back.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// The history is open. A damaged file was found and moved aside
    /// first, and a new history begun, when `set_aside` says where it went.
    Opened {
        set_aside: Option<PathBuf>,
    },
    /// The history is off from now on, and why. Play goes on.
    Off(HistoryError),
    /// The game `key` just started is a puzzle played before: those games,
    /// latest first.
    PlayedBefore {
        key: u64,
        puzzle: Grid,
        past: Vec<PastGame>,
    },
    Statistics(Statistics),
}

/// The recorder thread, seen from its owner.
pub struct Recorder {
    requests: Option<Sender<Request>>,
    reports: Receiver<Report>,
    done: Receiver<()>,
    /// The thread stopped without saying why (it panicked): said once.
    lost: bool,
}

/// How long dropping a [`Recorder`] waits for its last writes.
const LAST_WRITES: Duration = Duration::from_secs(4);

impl Recorder {
    /// Starts the thread on the database at `path`; `wake` is called after
    /// each report (the window asks for a repaint there).
    pub fn start(path: PathBuf, wake: impl Fn() + Send + 'static) -> Recorder {
        let (requests, inbox) = channel();
        let (outbox, reports) = channel();
        let (finished, done) = channel();
        std::thread::Builder::new()
            .name("history".into())
            .spawn(move || {
                run(&path, inbox, &|r| {
                    let _ = outbox.send(r);
                    wake();
                });
                let _ = finished.send(());
            })
            .expect("a thread for the history");
        Recorder {
            requests: Some(requests),
            reports,
            done,
            lost: false,
        }
    }

    pub fn send(&self, request: Request) {
        if let Some(tx) = &self.requests {
            let _ = tx.send(request);
        }
    }

    /// The reports so far, without waiting.
    pub fn poll(&mut self) -> Vec<Report> {
        let mut out = Vec::new();
        loop {
            match self.reports.try_recv() {
                Ok(r) => out.push(r),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    let ended = matches!(self.done.try_recv(), Ok(()));
                    if !ended && !std::mem::replace(&mut self.lost, true) {
                        out.push(Report::Off(HistoryError {
                            kind: ErrorKind::Unavailable,
                            path: PathBuf::new(),
                            detail: "the history stopped unexpectedly".into(),
                            set_aside: None,
                        }));
                    }
                    break;
                }
            }
        }
        out
    }
}

impl Drop for Recorder {
    /// Lets the thread write what it was sent, for a few seconds at most:
    /// a locked database must not hold the window open.
    fn drop(&mut self) {
        drop(self.requests.take());
        match self.done.recv_timeout(LAST_WRITES) {
            Ok(()) | Err(RecvTimeoutError::Disconnected) => {}
            Err(RecvTimeoutError::Timeout) => log::warn!("history: the last writes did not finish"),
        }
    }
}

/// The thread: opens the history, then serves requests until every sender
/// is gone. A failure turns the history off for the rest of the session;
/// a database found damaged on the way is closed and moved aside.
fn run(path: &std::path::Path, inbox: Receiver<Request>, report: &dyn Fn(Report)) {
    let mut history = match History::open_or_start_over(path) {
        Ok((h, set_aside)) => {
            report(Report::Opened { set_aside });
            Some(h)
        }
        Err(e) => {
            report(Report::Off(e));
            None
        }
    };
    let mut games = HashMap::new();
    for request in inbox {
        let Some(h) = history.as_mut() else { continue };
        let Err(mut e) = serve(h, &mut games, request, report) else {
            continue;
        };
        history = None; // closes the connection before the file moves
        if e.kind == ErrorKind::Damaged {
            match super::set_aside(path) {
                Ok(aside) => e.set_aside = Some(aside),
                Err(io) => e.detail = format!("{}; it could not be moved aside: {io}", e.detail),
            }
        }
        log::warn!("history off: {e}");
        report(Report::Off(e));
    }
}

fn serve(
    h: &mut History,
    games: &mut HashMap<u64, GameId>,
    request: Request,
    report: &dyn Fn(Report),
) -> Result<(), HistoryError> {
    match request {
        Request::Start { key, game } => {
            let puzzle = game.puzzle;
            let Some(game) = game.rated() else {
                return Ok(()); // not a proper puzzle: not a game
            };
            let past = h.played_before(&game.canonical, None)?;
            games.insert(key, h.start(&game)?);
            if !past.is_empty() {
                report(Report::PlayedBefore { key, puzzle, past });
            }
        }
        Request::Resume { key, game } => {
            let id = match h.unfinished(&game.puzzle)? {
                Some(id) => id,
                None => match game.rated() {
                    Some(game) => h.start(&game)?,
                    None => return Ok(()),
                },
            };
            games.insert(key, id);
        }
        Request::Progress { key, progress } => {
            if let Some(&id) = games.get(&key) {
                h.update(id, &progress)?;
            }
        }
        Request::Statistics { today } => report(Report::Statistics(h.statistics(today)?)),
    }
    Ok(())
}
