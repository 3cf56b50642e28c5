//! The window's side of the game history (`crate::history`): what the
//! current game has been so far (hints and how far each was read, mistakes
//! shown, Solve, the finish), sent to the history's own thread as it
//! changes; and what that thread reports back: a puzzle played before,
//! a history that is off or was started over, the statistics.
//!
//! [`GameRecord`] has no egui in it and is tested alone; the `impl App`
//! block at the end is where the window calls it.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::pip::Mood;
use super::stats_window::StatsWindow;
use super::tutor::HintSaid;
use super::App;
use crate::generate::Date;
use crate::grid::ShapedGrid;
use crate::hint::{self, PuzzleSource};
use crate::history::{
    self, GameProgress, GameStart, HintRecord, Origin, Recorder, Report, Request,
};
use crate::logic::Technique;

/// Seconds of play between two writes of the time played (other changes,
/// a hint or a finish, are written at once).
const TIME_WRITE_SECONDS: u64 = 30;

/// The game being recorded, as the history will store it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// The recorder's name for this game; 0 before any game.
    pub key: u64,
    /// The givens, to tell a report about this game from an older one's.
    pub puzzle: ShapedGrid,
    pub hints: Vec<HintRecord>,
    /// Which dialogue paragraph shows which hint (index into `hints`).
    hint_paragraphs: Vec<(usize, usize)>,
    /// Wrong entries shown to the player: (cell index, the value that was
    /// wrong).
    mistakes: BTreeSet<(usize, u8)>,
    pub solve_used: bool,
    pub finished_at: Option<i64>,
    /// The most cells filled beyond the givens so far (Solve's not counted).
    pub moves: u32,
}

use super::dialogue::Remark;

impl GameRecord {
    /// A new game of `puzzle`, named `key`.
    pub fn new(key: u64, puzzle: ShapedGrid) -> GameRecord {
        GameRecord {
            key,
            puzzle,
            ..GameRecord::default()
        }
    }

    /// A hint of `technique` in `lines` lines is shown as dialogue
    /// paragraph `paragraph`; its first line is read.
    pub fn hint_shown(&mut self, paragraph: usize, technique: Technique, lines: usize) {
        self.hint_paragraphs.push((paragraph, self.hints.len()));
        self.hints.push(HintRecord {
            technique: Some(technique),
            depth: Some(1),
            lines: Some(lines as u32),
            played: false,
        });
    }

    /// Pip played the step of the latest hint (Apply).
    pub fn hint_played(&mut self) {
        if let Some(h) = self.hints.last_mut() {
            h.played = true;
        }
    }

    /// The reader is on `line` of dialogue paragraph `paragraph`: a hint
    /// shown there has been read that deep. Reading back does not undo it.
    pub fn reading(&mut self, paragraph: usize, line: usize) {
        let Some(&(_, i)) = self.hint_paragraphs.iter().find(|(p, _)| *p == paragraph) else {
            return;
        };
        let depth = &mut self.hints[i].depth;
        *depth = Some(depth.unwrap_or(0).max(line as u32 + 1));
    }

    /// These entries were shown as wrong; each (cell, digit) counts once.
    pub fn shown_wrong(&mut self, entries: impl IntoIterator<Item = (usize, u8)>) {
        self.mistakes
            .extend(entries.into_iter().filter(|&(_, d)| d != 0));
    }

    pub fn mistakes(&self) -> u32 {
        self.mistakes.len() as u32
    }

    /// The grid is complete, at Unix second `now`: the first time counts.
    pub fn finished(&mut self, now: i64) {
        self.finished_at.get_or_insert(now);
    }

    /// What the history is told, after `seconds` played.
    pub fn progress(&self, seconds: u64) -> GameProgress {
        GameProgress {
            seconds_played: seconds,
            mistakes: self.mistakes(),
            solve_used: self.solve_used,
            hints: self.hints.clone(),
            moves: self.moves,
            finished_at: self.finished_at,
        }
    }
}

/// Whether the history works, as far as the window knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistoryState {
    Opening,
    On,
    /// Off for this session: what Pip said about it.
    Off(String),
}

/// The history thread and what the window keeps about it.
pub(super) struct HistoryLink {
    recorder: Recorder,
    /// The window's context, known from the first frame: the thread wakes
    /// the window through it when it reports.
    waker: Arc<OnceLock<egui::Context>>,
    pub state: HistoryState,
    next_key: u64,
    pub game: GameRecord,
    /// The last progress sent, and the seconds played then.
    sent: Option<GameProgress>,
    /// The seconds played in the game recorded, as last told to
    /// [`HistoryLink::write`] (each frame): written when the game is left.
    seconds: u64,
    /// Pip's words about a puzzle played before, waiting for the welcome.
    recognised: Option<hint::Paragraph>,
    pub window: StatsWindow,
}

impl HistoryLink {
    /// Starts the history thread on the database in `data_dir`.
    pub(super) fn new(data_dir: &Path) -> HistoryLink {
        let waker: Arc<OnceLock<egui::Context>> = Arc::default();
        let wake = waker.clone();
        let recorder = Recorder::start(data_dir.join(history::FILE_NAME), move || {
            if let Some(ctx) = wake.get() {
                ctx.request_repaint();
            }
        });
        HistoryLink {
            recorder,
            waker,
            state: HistoryState::Opening,
            next_key: 0,
            game: GameRecord::default(),
            sent: None,
            seconds: 0,
            recognised: None,
            window: StatsWindow::default(),
        }
    }

    /// Begins recording a new game (or one under way, when `resumed`).
    fn begin(&mut self, puzzle: ShapedGrid, origin: Origin, seconds: u64, resumed: bool) {
        // The game left (Ctrl+N, an opened file) keeps the time played in
        // it: only closing the window wrote it before (issue 32, N9).
        self.write(self.seconds, true);
        self.next_key += 1;
        let key = self.next_key;
        self.game = GameRecord::new(key, puzzle.clone());
        self.sent = None;
        self.recognised = None;
        let game = GameStart {
            puzzle,
            origin,
            started_at: unix_now() - seconds as i64,
            seconds_played: seconds,
        };
        let request = if resumed {
            Request::Resume { key, game }
        } else {
            Request::Start { key, game }
        };
        self.recorder.send(request);
    }

    /// Sends where the game stands when it changed: at once for a hint, a
    /// mistake, Solve or the finish; every [`TIME_WRITE_SECONDS`] for the
    /// time alone; and always when `now` is asked (closing).
    fn write(&mut self, seconds: u64, now: bool) {
        self.seconds = seconds;
        if self.game.key == 0 {
            return;
        }
        let progress = self.game.progress(seconds);
        let due = match &self.sent {
            None => true,
            Some(last) => {
                let same_but_time = GameProgress {
                    seconds_played: last.seconds_played,
                    ..progress.clone()
                } == *last;
                !same_but_time
                    || seconds >= last.seconds_played + TIME_WRITE_SECONDS
                    || (now && seconds != last.seconds_played)
            }
        };
        if due {
            self.recorder.send(Request::Progress {
                key: self.game.key,
                progress: progress.clone(),
            });
            self.sent = Some(progress);
        }
    }

    /// A duel with Pip is over: into the history, and into the statistics
    /// when they are on screen.
    pub(super) fn record_duel(&mut self, outcome: crate::duel::DuelResult) {
        self.recorder.send(Request::Duel(history::FinishedDuel {
            outcome,
            finished_at: unix_now(),
        }));
        if self.window.open {
            self.ask_statistics();
        }
    }

    /// Asks for the statistics (the window shows them when they come).
    pub(super) fn ask_statistics(&mut self) {
        self.window.waiting = true;
        self.recorder.send(Request::Statistics {
            today: Date::today_utc(),
        });
    }
}

/// Seconds since 1970, by the system clock.
fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// The history's name for where a new puzzle came from.
pub(super) fn origin_of(source: &PuzzleSource) -> Origin {
    match source {
        PuzzleSource::Generated { seed } => Origin::Generated { seed: *seed },
        PuzzleSource::Daily(date) => Origin::Daily(*date),
        PuzzleSource::Pasted => Origin::Pasted,
        PuzzleSource::File(name) => Origin::File(name.clone()),
    }
}

impl App {
    /// A new game starts (after [`App::start`]): the history records it.
    pub(super) fn record_new_game(&mut self, origin: Origin) {
        let (source, name) = super::library::source_of(&origin);
        self.kept_source(source, name);
        let puzzle = self.session.board.puzzle();
        self.history.begin(puzzle, origin, 0, false);
    }

    /// A game under way comes back (a saved game, the autosave): the
    /// history goes on recording it, unless it is finished already.
    pub(super) fn record_resumed_game(&mut self, origin: Origin) {
        let board = &self.session.board;
        if board.is_solved() {
            self.history.game = GameRecord::default();
            return;
        }
        let puzzle = board.puzzle();
        let seconds = self.session.elapsed as u64;
        self.history.begin(puzzle, origin, seconds, true);
    }

    /// Pip has just said a hint: counted, with its technique.
    pub(super) fn record_hint(&mut self, said: HintSaid) {
        let record = &mut self.history.game;
        record.hint_shown(said.paragraph, said.technique, said.lines);
    }

    /// Pip is playing the step of the latest hint (Apply).
    pub(super) fn record_hint_played(&mut self) {
        self.history.game.hint_played();
    }

    /// Solve is revealing the solution of the game recorded.
    pub(super) fn record_solve_used(&mut self) {
        self.history.game.solve_used = true;
    }

    /// Writes the game as it stands now (the window is closing).
    pub(super) fn flush_history(&mut self) {
        self.history.write(self.session.elapsed as u64, true);
    }

    /// Once per frame: the history's reports, and what changed in the game
    /// (how far a hint was read, wrong entries shown, the finish, the time).
    pub(super) fn history_frame(&mut self, ctx: &egui::Context) {
        let _ = self.history.waker.set(ctx.clone());
        for report in self.history.recorder.poll() {
            self.on_history_report(report);
        }
        let (session, record) = (&self.session, &mut self.history.game);
        if let Some((paragraph, line)) = self.tutor.note_reading() {
            record.reading(paragraph, line);
        }
        let board = &session.board;
        if !record.solve_used {
            let filled = (0..board.cell_count())
                .filter(|&i| board.value_at(i) != 0 && !board.is_given_at(i))
                .count();
            record.moves = record.moves.max(filled as u32);
        }
        let wrong = session.marks.wrong.iter().map(|c| c.index());
        let wrong = wrong.chain(session.wrong_spots.iter().copied());
        record.shown_wrong(wrong.map(|i| (i, board.value_at(i))));
        let finishing = board.is_solved() && record.finished_at.is_none() && record.key != 0;
        if finishing {
            record.finished(unix_now());
        }
        self.history.write(self.session.elapsed as u64, false);
        if finishing && self.history.window.open {
            self.history.ask_statistics();
        }
        // A recognised puzzle is told after its welcome.
        if !self.tutor.welcome_due() {
            if let Some(said) = self.history.recognised.take() {
                self.say(said);
            }
        }
    }

    fn on_history_report(&mut self, report: Report) {
        let lang = self.config.lang;
        match report {
            Report::Opened { set_aside } => {
                let was_off = matches!(self.history.state, HistoryState::Off(_));
                self.history.state = HistoryState::On;
                if let Some(aside) = set_aside {
                    self.say(hint::history_started_over(&aside, lang));
                } else if was_off {
                    self.remark(Remark::HistoryBack); // a lock went
                }
            }
            Report::Off(e) => {
                let said = hint::history_off(&e, lang);
                let text = said.lines[0].text.clone();
                self.history.state = HistoryState::Off(text);
                self.history.window.waiting = false;
                if !self.worker.busy() {
                    self.tutor.stop_thinking(Mood::Idle);
                }
                self.say(said);
            }
            Report::PlayedBefore { key, puzzle, past } => {
                if key != self.history.game.key {
                    return; // the player has moved on
                }
                let today = history::local_today();
                self.history.recognised = Some(hint::played_before(&puzzle, &past, today, lang));
            }
            Report::Statistics(stats) => self.history.window.show_statistics(stats),
        }
    }

    /// The Statistics window, when open.
    pub(super) fn statistics_window(&mut self, ctx: &egui::Context) {
        let t = self.t();
        let lang = self.config.lang;
        let off = match &self.history.state {
            HistoryState::Off(why) => Some(why.as_str()),
            _ => None,
        };
        self.history.window.show(ctx, t, lang, off);
    }

    /// Opens or closes the Statistics window.
    pub(super) fn toggle_statistics(&mut self) {
        let w = &mut self.history.window;
        w.open = !w.open;
        if w.open {
            self.history.ask_statistics();
        }
    }

    /// The history's state, for tests.
    pub fn history_state(&self) -> &HistoryState {
        &self.history.state
    }

    /// The statistics the Statistics window shows, once they came.
    pub fn statistics_shown(&self) -> Option<&crate::history::Statistics> {
        self.history.window.statistics()
    }

    /// The game being recorded, for tests.
    pub fn game_record(&self) -> &GameRecord {
        &self.history.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_count_how_far_they_were_read() {
        let mut r = GameRecord::new(1, ShapedGrid::empty(crate::grid::Shape::classic()));
        r.hint_shown(3, Technique::XWing, 6);
        r.reading(3, 0);
        r.reading(3, 4);
        r.reading(3, 1); // paging back
        r.reading(2, 6); // not a hint
        r.hint_shown(5, Technique::HiddenSingle, 4);
        r.hint_played();
        let depths: Vec<Option<u32>> = r.hints.iter().map(|h| h.depth).collect();
        assert_eq!(depths, [Some(5), Some(1)]);
        assert_eq!(r.hints[1].lines, Some(4));
        assert!(!r.hints[0].played && r.hints[1].played);
        assert_eq!(r.hints[0].technique, Some(Technique::XWing));
    }

    #[test]
    fn mistakes_count_once_and_the_first_finish_stays() {
        let mut r = GameRecord::new(1, ShapedGrid::empty(crate::grid::Shape::classic()));
        let c = 1;
        r.shown_wrong([(c, 5), (c, 5), (20, 0)]);
        r.shown_wrong([(c, 6)]);
        assert_eq!(r.mistakes(), 2, "r1c2 was wrong twice, with two digits");
        r.finished(100);
        r.finished(200);
        assert_eq!(r.progress(42).finished_at, Some(100));
        assert_eq!(r.progress(42).seconds_played, 42);
    }
}
