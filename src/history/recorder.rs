//! The history's own thread: it opens the database, writes what it is sent
//! in order, and reports back, so that the window (or any caller) never
//! waits on the disk, a lock or the canonical form. It owns the only
//! connection of the process that writes: one writer at a time.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::Duration;

use super::{
    ErrorKind, FinishedDuel, GameId, GameProgress, History, HistoryError, NewGame, Origin,
    PastGame, Statistics,
};
use crate::generate::Date;
use crate::grid::ShapedGrid;

/// A game as it begins: what the history needs to record it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStart {
    /// The givens, in the shape whose rules they are played by.
    pub puzzle: ShapedGrid,
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
        NewGame::of(
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
    Progress { key: u64, progress: GameProgress },
    /// A duel with Pip is over: recorded once, as sent.
    Duel(FinishedDuel),
    /// The statistics, as of `today` (the puzzle of the day's date).
    Statistics { today: Date },
}

/// What the recorder tells back.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// The history is open (or open again: a lock that turned it off has
    /// gone, and what was sent meanwhile is written). A damaged file was
    /// found and moved aside first, and a new history begun, when
    /// `set_aside` says where it went.
    Opened {
        set_aside: Option<PathBuf>,
    },
    /// The history is off, and why. Play goes on. For a lock
    /// ([`ErrorKind::Locked`]), only until the lock goes: requests are kept
    /// and written then ([`Report::Opened`] follows).
    Off(HistoryError),
    /// The game `key` just started is a puzzle played before: those games,
    /// latest first.
    PlayedBefore {
        key: u64,
        puzzle: ShapedGrid,
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

/// How often the thread tries again while the file is locked.
const RETRY_AFTER: Duration = Duration::from_secs(5);

/// What is still to be written. A lock keeps it here, to be tried again
/// later (every [`RETRY_AFTER`], at each request, and once more at the
/// end): a game is never lost to another program holding the file for a
/// while. Where a game stands is only ever its latest progress, so a
/// backlog keeps one per game.
#[derive(Default)]
struct Backlog {
    /// Games to record, in the order they began: (key, game, resumed).
    starts: Vec<(u64, GameStart, bool)>,
    progress: BTreeMap<u64, GameProgress>,
    /// Duels finished, in order.
    duels: Vec<FinishedDuel>,
    statistics: Option<Date>,
}

impl Backlog {
    fn add(&mut self, request: Request) {
        match request {
            Request::Start { key, game } => self.starts.push((key, game, false)),
            Request::Resume { key, game } => self.starts.push((key, game, true)),
            Request::Progress { key, progress } => {
                self.progress.insert(key, progress);
            }
            Request::Duel(duel) => self.duels.push(duel),
            Request::Statistics { today } => self.statistics = Some(today),
        }
    }

    fn extend(&mut self, request: Option<Request>) {
        if let Some(r) = request {
            self.add(r);
        }
    }
}

/// The thread's state: the database, the games it records, and what is
/// still to be written.
struct Recording<'a> {
    path: &'a std::path::Path,
    history: Option<History>,
    /// The caller's keys and the games' rows.
    games: HashMap<u64, GameId>,
    backlog: Backlog,
    /// The file is locked: the history is off until the lock goes.
    locked: bool,
    /// Off for good (damaged and set aside, newer, unusable).
    gone: bool,
}

/// The thread: opens the history, then writes what it is sent until every
/// sender is gone. A lock pauses the history (reported once) and what was
/// sent meanwhile is written when the lock goes; any other failure turns
/// it off for the rest of the session, and a database found damaged on
/// the way is closed and moved aside.
fn run(path: &std::path::Path, inbox: Receiver<Request>, report: &dyn Fn(Report)) {
    let mut rec = Recording {
        path,
        history: None,
        games: HashMap::new(),
        backlog: Backlog::default(),
        locked: false,
        gone: false,
    };
    rec.catch_up(report);
    loop {
        let request = if rec.locked && !rec.gone {
            match inbox.recv_timeout(RETRY_AFTER) {
                Ok(r) => Some(r),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match inbox.recv() {
                Ok(r) => Some(r),
                Err(_) => break,
            }
        };
        rec.backlog.extend(request);
        // Everything already sent, at once: one write per game.
        while let Ok(r) = inbox.try_recv() {
            rec.backlog.add(r);
        }
        rec.catch_up(report);
    }
    if rec.locked {
        rec.catch_up(report); // a last try before the window closes
    }
}

impl Recording<'_> {
    /// Opens the history if needed and writes the backlog, in order: the
    /// games begun, where each stands, the duels finished, the statistics
    /// asked.
    fn catch_up(&mut self, report: &dyn Fn(Report)) {
        if let Err(e) = self.try_catch_up(report) {
            self.failed(e, report);
        } else if std::mem::take(&mut self.locked) {
            report(Report::Opened { set_aside: None }); // the lock went
        }
    }

    fn try_catch_up(&mut self, report: &dyn Fn(Report)) -> Result<(), HistoryError> {
        if self.gone {
            self.backlog = Backlog::default();
            return Ok(());
        }
        if self.history.is_none() {
            let (h, set_aside) = History::open_or_start_over(self.path)?;
            self.history = Some(h);
            self.locked = false;
            report(Report::Opened { set_aside });
        }
        let Some(h) = self.history.as_mut() else {
            return Ok(());
        };
        while let Some((key, game, resumed)) = self.backlog.starts.first().cloned() {
            begin(h, &mut self.games, key, game, resumed, report)?;
            self.backlog.starts.remove(0);
        }
        while let Some((&key, progress)) = self.backlog.progress.first_key_value() {
            // A key with no game is one not recorded (not a proper puzzle).
            if let Some(&id) = self.games.get(&key) {
                h.update(id, progress)?;
            }
            self.backlog.progress.remove(&key);
        }
        while let Some(duel) = self.backlog.duels.first() {
            h.record_duel(duel)?;
            self.backlog.duels.remove(0);
        }
        if let Some(today) = self.backlog.statistics {
            report(Report::Statistics(h.statistics(today)?));
            self.backlog.statistics = None;
        }
        Ok(())
    }

    /// A write failed: a lock pauses the history (said once); anything
    /// else turns it off for good, setting a damaged file aside.
    fn failed(&mut self, mut e: HistoryError, report: &dyn Fn(Report)) {
        if e.kind == ErrorKind::Locked {
            if !std::mem::replace(&mut self.locked, true) {
                log::warn!("history paused: {e}");
                report(Report::Off(e));
            }
            return;
        }
        self.history = None; // closes the connection before the file moves
        self.gone = true;
        self.locked = false;
        self.backlog = Backlog::default();
        if e.kind == ErrorKind::Damaged && e.set_aside.is_none() {
            match super::set_aside(self.path) {
                Ok(aside) => e.set_aside = Some(aside),
                Err(io) => e.detail = format!("{}; it could not be moved aside: {io}", e.detail),
            }
        }
        log::warn!("history off: {e}");
        report(Report::Off(e));
    }
}

/// Records game `key`: a new game, or the latest unfinished game of its
/// puzzle when `resumed`. Reports a puzzle played before.
fn begin(
    h: &mut History,
    games: &mut HashMap<u64, GameId>,
    key: u64,
    game: GameStart,
    resumed: bool,
    report: &dyn Fn(Report),
) -> Result<(), HistoryError> {
    if resumed {
        if let Some(id) = h.unfinished(&game.puzzle)? {
            games.insert(key, id);
            return Ok(());
        }
    }
    let puzzle = game.puzzle.clone();
    let Some(game) = game.rated() else {
        return Ok(()); // not a proper puzzle: not a game
    };
    let past = if resumed {
        Vec::new()
    } else {
        h.played_before(&game.canonical, None)?
    };
    games.insert(key, h.start(&game)?);
    if !past.is_empty() {
        report(Report::PlayedBefore { key, puzzle, past });
    }
    Ok(())
}
