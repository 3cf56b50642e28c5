//! The endless carpet in the window (issue 34): the app plays an
//! [`EndlessPlay`] (its state, in `generate::endless::play`) on its board,
//! its camera and Pip's words.

use super::App;
use crate::generate::endless::EndlessPlay;
use crate::grid::Board;

/// How far a new endless carpet is zoomed in: 14 cells across, the middle
/// grid with a box and more of each neighbour around it, so that the
/// carpet reads as going on past the board's edges.
const ENDLESS_ZOOM: f32 = 1.5;

impl App {
    /// Plays the endless carpet `play`: new, or resumed with its view's
    /// board and the seconds played. The view is zoomed in on the middle
    /// grid, the selection on its first open cell.
    pub(super) fn start_endless(&mut self, play: EndlessPlay, resumed: Option<(Board, f64)>) {
        self.session.file.puzzles.clear();
        let (board, elapsed) = resumed.unwrap_or_else(|| (play.board(), 0.0));
        self.start(board, elapsed);
        self.session.game_path = None;
        let spot = play.first_open_in_middle(&self.session.board);
        let shape = self.session.board.shape().clone();
        self.session.spot = Some(spot);
        self.session
            .camera
            .look_at(ENDLESS_ZOOM, shape.position(spot), shape.plane_size());
        // An endless carpet has no end to record: the history and the
        // statistics count the games that have one.
        self.history.game = Default::default();
        let centre = play.centre();
        self.session.endless = Some(Box::new(play));
        let said = crate::hint::endless_moved(centre.y, centre.x, self.wording());
        self.set_status(said, false);
    }

    /// A new endless carpet from Game > New, made on the worker: Pip
    /// welcomes it and says how it grows.
    pub(super) fn start_new_endless(&mut self, play: EndlessPlay) {
        let (seed, level) = (play.seed(), play.level());
        self.start_endless(play, None);
        self.kept_source("endless", Some(seed.to_string()));
        self.kept_level(level);
        self.tutor.pip.set_mood(super::pip::Mood::Idle);
        self.remark(super::dialogue::Remark::EndlessWelcome(level));
    }

    /// After the selection moved: when it left the view's middle grid,
    /// the view is made again around the grid it went into (the grids
    /// ahead made as it goes), and the steps told so far stop pointing at
    /// cells, whose indices changed.
    /// Returns whether the view moved.
    pub(super) fn endless_follow(&mut self) -> bool {
        let Some(spot) = self.session.spot else {
            return false;
        };
        let Some(play) = self.session.endless.as_mut() else {
            return false;
        };
        let Some(moved) = play.follow(&self.session.board, spot) else {
            return false;
        };
        let centre = play.centre();
        self.session.replace_view(moved);
        self.tutor.forget_step();
        self.tutor.dialogue_mut().forget_places();
        let said = crate::hint::endless_moved(centre.y, centre.x, self.wording());
        self.set_status(said, false);
        true
    }

    /// After an edit on the endless carpet: Pip cheers each grid the edit
    /// completed with its solution (the carpet itself never ends).
    pub(super) fn endless_edited(&mut self) {
        let Some(spot) = self.session.selected_index() else {
            return;
        };
        let board = &self.session.board;
        let Some(play) = self.session.endless.as_mut() else {
            return;
        };
        if play.solved_grids_at(board, spot).is_empty() {
            return;
        }
        let count = play.solved_count(board);
        self.tutor.pip.set_mood(super::pip::Mood::Cheering);
        self.remark(super::dialogue::Remark::EndlessGridSolved(count));
    }
}
