//! The worker's replies (verdicts, hints, applied steps, photos, autosaves,
//! file dialogs), the dialogue's offers, and the import screen's events:
//! what the window does with each.

use std::sync::Arc;

use super::dialogue::{DialogueEntry, Offer};
use super::i18n::{count_text, fill};
use super::import_view::{self, ImportEvent, ImportState};
use super::photo_turn::PhotoTurn;
use super::pip::Mood;
use super::tutor::{NotesState, Voice};
use super::worker::{Purpose, Reply};
use super::{App, ImportScreen};
use crate::grid::Board;
use crate::hint::{self, PuzzleSource};
use crate::logic::{NextStep, Technique};
use crate::solver::Verdict;

use super::dialogue::Remark;

impl App {
    pub(super) fn on_reply(&mut self, reply: Reply, ctx: &egui::Context) {
        let current = self.session.generation;
        match reply {
            Reply::Verdicts {
                purpose,
                generation,
                current: verdict,
                givens,
                rating,
            } => {
                if generation != current {
                    self.tutor.stop_thinking(Mood::Idle);
                    return;
                }
                self.on_verdicts(purpose, verdict, givens, rating);
            }
            Reply::Hint {
                generation,
                outcome,
            } => {
                if generation != current {
                    self.tutor.pip.set_mood(Mood::Idle);
                    return;
                }
                self.on_hint(outcome);
            }
            Reply::SizedHint { generation, step } => {
                if generation != current {
                    self.tutor.stop_thinking(Mood::Idle);
                    return;
                }
                if step.is_none() && self.session.endless.is_some() {
                    // the view's rules force nothing: the grids it leans on
                    // lie further back, toward the start
                    self.tutor.stop_thinking(Mood::Idle);
                    self.remark(Remark::EndlessStuck);
                    return;
                }
                let shape = self.session.board.shape().clone();
                let voice = self.voice();
                if let Some(said) = self
                    .tutor
                    .answer_sized_hint(step.map(|s| *s), &shape, voice)
                {
                    self.record_hint(said);
                }
            }
            Reply::Applied {
                generation,
                board,
                step,
            } => {
                if generation != current {
                    return;
                }
                for p in &step.placements {
                    self.session.revealed[p.cell.index()] = p.digit;
                }
                self.session.board = *board;
                let edit = self.session.changed();
                self.after_edit(edit);
                if self.tutor.take_go_on() && !self.session.board.is_solved() {
                    self.ask_hint(ctx);
                }
            }
            Reply::Practice { technique, board } => self.on_practice(technique, board),
            Reply::Autosaved { generation, error } => match error {
                None => {
                    self.session.saved_generation = generation;
                    self.clear_status_of(self.t().status_autosave_failed);
                }
                Some(e) => {
                    let t = self.t();
                    self.set_status(fill(t.status_autosave_failed, &[&e]), true);
                }
            },
            Reply::Photo {
                name,
                bytes,
                reread,
                result,
                preview,
                level,
            } => self.on_photo(name, bytes, reread, (result, level), preview, ctx),
            Reply::Generated { job, result, shape } => self.on_generated(job, result, shape),
        }
    }

    /// The rule engine's answer: Pip explains it (see [`Tutor::answer_hint`]).
    /// Wrong entries come first, those read from the photo asked about:
    /// only the player's own are crossed out.
    ///
    /// [`Tutor::answer_hint`]: super::tutor::Tutor::answer_hint
    fn on_hint(&mut self, outcome: NextStep) {
        let s = &self.session;
        let answer = hint::answers::hint(&outcome, &s.board, &s.photo_readings, self.wording());
        if let NextStep::Step(step) = &outcome {
            if step.technique == Technique::WrongEntries {
                self.session.marks.wrong = answer.crossed.clone();
            }
        }
        let notes = NotesState {
            missing: self.session.notes_missing(),
        };
        if let Some(said) = self.tutor.answer_hint(outcome, answer, notes, self.voice()) {
            self.record_hint(said);
        }
    }

    /// How Pip speaks now (see [`Voice`]).
    pub(super) fn voice(&self) -> Voice {
        Voice {
            wording: self.wording(),
            hint_budget: self.config.hint_budget,
        }
    }

    /// A practice puzzle from the guide's "Try one" is ready: it becomes the
    /// game, and Pip says what to look for.
    fn on_practice(&mut self, technique: Technique, board: Option<Box<Board>>) {
        self.tutor.pip.set_mood(Mood::Idle);
        let Some(board) = board else {
            let t = self.t();
            self.set_status(t.guide_no_example, true);
            return;
        };
        self.start(*board, 0.0);
        self.kept_source("practice", Some(technique.id().to_string()));
        self.session.game_path = None;
        self.session.file.puzzles.clear();
        self.chrome.guide = None;
        self.say(hint::practice(technique, self.config.lang));
    }

    /// Pip's welcome to a new proper puzzle: where it comes from and its level.
    fn welcome(&mut self, source: PuzzleSource, rating: &crate::logic::Rating) {
        let givens = self.session.board.givens().filled_count();
        self.kept_level(rating.level);
        self.tutor.pip.set_mood(Mood::Idle);
        self.say(hint::welcome(&source, givens, rating, self.config.lang));
    }

    fn on_verdicts(
        &mut self,
        purpose: Purpose,
        current: Verdict,
        givens: Option<Verdict>,
        rating: Option<crate::logic::Rating>,
    ) {
        if purpose == Purpose::Import {
            self.finish_import(&current);
            return;
        }
        if purpose == Purpose::Loaded {
            let origin = self.tutor.take_welcome();
            if let (Some(origin), Some(rating)) = (origin, &rating) {
                self.welcome(origin, rating);
            } else {
                self.tutor.stop_thinking(Mood::Idle);
            }
        }
        if let Verdict::Unique(solution) = &current {
            match purpose {
                Purpose::Solve => {
                    self.record_solve_used();
                    let edit = self.session.reveal(solution);
                    self.after_edit(edit);
                    self.tutor.pip.set_mood(Mood::Cheering);
                    self.remark(Remark::SolutionShown);
                }
                Purpose::Check => {
                    self.session.marks.wrong.clear();
                    self.tutor.pip.set_mood(Mood::Idle);
                    self.remark(Remark::EntriesAllRight);
                }
                Purpose::Loaded | Purpose::Import => {}
            }
            return;
        }
        self.explain_invalid(purpose, &current, givens);
    }

    /// Not a proper puzzle as it stands: Pip explains why, and offers to
    /// remove the wrong entries or to reset.
    fn explain_invalid(&mut self, purpose: Purpose, current: &Verdict, givens: Option<Verdict>) {
        let lang = self.config.lang;
        let s = &self.session;
        let check = purpose == Purpose::Check;
        let answer = hint::answers::not_proper(
            &s.board,
            &s.photo_readings,
            current,
            givens.as_ref(),
            check,
            self.wording(),
        );
        // a question about a photo's reading is not a reproach
        let mood = if answer.asking {
            Mood::Idle
        } else {
            Mood::Sorry
        };
        self.tutor.pip.set_mood(mood);
        if givens.as_ref().is_some_and(Verdict::is_unique) {
            self.session.marks.wrong = answer.crossed;
        }
        let offers = answer
            .remedies
            .iter()
            .map(|r| match r {
                hint::answers::Remedy::RemoveWrong => Offer::RemoveWrong,
                hint::answers::Remedy::Reset => Offer::Reset,
            })
            .collect();
        let p = DialogueEntry::new(answer.said, lang).with_offers(offers);
        self.tutor.push(p);
    }

    pub(super) fn on_offer(&mut self, offer: Offer, ctx: &egui::Context) {
        self.tutor.forget_offers();
        self.tutor.pip.set_mood(Mood::Idle);
        match offer {
            Offer::Apply => {
                if let Some(step) = self.tutor.take_sized_step_to_play() {
                    self.record_hint_played();
                    let edit = self.session.play_sized_step(&step);
                    self.after_edit(edit);
                    if self.tutor.take_go_on() && !self.session.board.is_solved() {
                        self.ask_hint(ctx);
                    }
                } else if let Some(step) = self.tutor.take_step_to_play() {
                    self.record_hint_played();
                    if step.technique == Technique::WrongEntries {
                        self.session.marks.wrong.clear();
                    }
                    let board = self.session.board.clone();
                    self.worker.apply(ctx, self.session.generation, board, step);
                }
            }
            Offer::RemoveWrong => {
                let edit = self.session.remove_wrong();
                self.after_edit(edit);
            }
            Offer::Reset => {
                let edit = self.session.reset();
                self.after_edit(edit);
            }
            Offer::FillNotes => {
                // The board changes, so the step is found again on the
                // filled notes; when Pip put back candidates the player had
                // crossed out, it says so first, and Next goes on.
                if !self.fill_notes() {
                    self.ask_hint(ctx);
                }
            }
            Offer::NoNotes => {
                if let Some(said) = self.tutor.decline_notes(self.voice()) {
                    self.record_hint(said);
                }
            }
        }
    }

    // ----- the import screen -----

    /// Shows the import screen with what recognition read (tests open it
    /// directly, with no photo behind it).
    pub fn open_import(&mut self, state: ImportState) {
        let turn = PhotoTurn::upright(state.size);
        self.import = Some(ImportScreen {
            state,
            photo: Arc::new(Vec::new()),
            turn,
        });
    }

    pub(super) fn on_import_event(&mut self, event: ImportEvent, ctx: &egui::Context) {
        match event {
            ImportEvent::Cancel => {
                self.import = None;
                let in_duel = self.duel.screen.is_some();
                self.tutor.pip.set_mood(Mood::Idle);
                self.say(hint::photo_cancelled(in_duel, self.config.lang));
            }
            ImportEvent::ShapeChanged => {
                let Some(screen) = &self.import else { return };
                let (shape, givens) = (screen.state.shape.clone(), screen.state.givens());
                // one exact solve, a few milliseconds: the screen waits for no worker
                let verdict = crate::solver::verdict_in(&shape, &givens);
                self.say(hint::shape_changed(&shape, &verdict, self.config.lang));
            }
            ImportEvent::CornersMoved => {
                let Some(screen) = &mut self.import else {
                    return;
                };
                if self.worker.busy() {
                    return;
                }
                screen.state.busy = true;
                let turn = screen.turn;
                let corners = screen.state.corners.map(|p| {
                    let p = turn.to_stored(p);
                    [f64::from(p.x), f64::from(p.y)]
                });
                let (name, photo) = (screen.state.name.clone(), screen.photo.clone());
                self.worker.read_photo(ctx, name, photo, Some(corners));
            }
            ImportEvent::UseGrid => {
                let Some(screen) = &self.import else { return };
                if self.worker.busy() {
                    let t = self.t();
                    self.set_status(t.status_busy, false);
                    return;
                }
                if !screen.state.shape.is_9x9() {
                    // a 6×6's solutions are counted in a blink: no worker
                    self.finish_sized_import();
                    return;
                }
                let givens = screen.state.givens();
                let shape = screen.state.shape.clone();
                self.tutor.pip.set_mood(Mood::Thinking);
                let generation = self.session.generation;
                self.worker
                    .verdicts(ctx, Purpose::Import, generation, shape, (givens, givens));
            }
        }
    }

    /// The import's grid was checked: play it, or tell why not.
    fn finish_import(&mut self, verdict: &Verdict) {
        let Some(screen) = &self.import else { return };
        if !verdict.is_unique() {
            self.tutor.pip.set_mood(Mood::Sorry);
            self.say(hint::invalid(verdict, self.config.lang));
            return;
        }
        let t = self.t();
        let accepted =
            Board::with_entries(screen.state.givens(), &screen.state.entries()).map(|mut board| {
                board.set_shape(screen.state.shape.clone());
                board
            });
        if let Ok(board) = &accepted {
            if self.duel_takes_photo(board.grid()) {
                return;
            }
        }
        let Some(screen) = &self.import else { return };
        match accepted {
            Ok(board) => {
                let name = screen.state.name.clone();
                let read = screen.state.unconfirmed_entries();
                self.import = None;
                self.start(board, 0.0);
                self.record_new_game(crate::history::Origin::Photo(name.clone()));
                self.session.photo_readings = read;
                self.session.game_path = None;
                self.tutor.pip.set_mood(Mood::Idle);
                self.say(hint::photo_accepted(&name, self.config.lang));
                self.set_status(fill(t.import_accepted, &[&name]), false);
            }
            Err(e) => self.set_status(e.to_string(), true),
        }
    }

    /// The import's grid of another size than 9×9 (a 6×6, a 4×4): play it
    /// with the entries read, or tell why not.
    fn finish_sized_import(&mut self) {
        let Some(screen) = &self.import else { return };
        let puzzle = screen.state.puzzle();
        let shape = puzzle.shape().clone();
        match crate::solver::count_shaped(&shape, puzzle.values(), 2) {
            1 => {}
            0 => {
                self.tutor.pip.set_mood(Mood::Sorry);
                self.say(hint::no_solution_on_this_size(&shape, self.wording()));
                return;
            }
            _ => {
                self.tutor.pip.set_mood(Mood::Sorry);
                self.say(hint::several_solutions_on_this_size(&shape, self.wording()));
                return;
            }
        }
        let t = self.t();
        match Board::of_shaped_with_entries(&puzzle, &screen.state.entry_values()) {
            Ok(board) => {
                let name = screen.state.name.clone();
                self.import = None;
                self.start(board, 0.0);
                self.record_new_game(crate::history::Origin::Photo(name.clone()));
                self.session.game_path = None;
                self.tutor.pip.set_mood(Mood::Idle);
                self.say(hint::photo_accepted(&name, self.config.lang));
                self.set_status(fill(t.import_accepted, &[&name]), false);
            }
            Err(e) => self.set_status(e.to_string(), true),
        }
    }

    /// A photo was read: open the correction screen, or update it after the
    /// corners moved.
    fn on_photo(
        &mut self,
        name: String,
        bytes: Arc<Vec<u8>>,
        reread: bool,
        (result, level): (
            Result<Box<crate::vision::ImportResult>, crate::vision::ImportError>,
            Option<crate::logic::Level>,
        ),
        preview: Option<(egui::ColorImage, image::metadata::Orientation)>,
        ctx: &egui::Context,
    ) {
        self.tutor.stop_thinking(Mood::Idle);
        let t = self.t();
        let read = match result {
            Ok(r) => r,
            Err(e) => {
                if let Some(screen) = &mut self.import {
                    screen.state.busy = false;
                }
                self.tutor.pip.set_mood(Mood::Sorry);
                if matches!(e, crate::vision::ImportError::NoGrid) {
                    self.remark(Remark::NoGridFound);
                }
                let why = hint::import_error(&e, self.config.lang);
                self.set_status(fill(t.status_photo_failed, &[&name, &why]), true);
                return;
            }
        };
        let readings: Vec<import_view::ReadCell> = read
            .cells
            .iter()
            .map(|c| import_view::ReadCell {
                digit: c.digit,
                entry: c.kind == crate::vision::CellKind::Handwritten,
                uncertain: c.uncertain,
                choices: c.likely_digits(read.solution.as_ref()),
                confirmed: false,
                read: None,
            })
            .collect();
        self.say(hint::photo_read(
            &hint::PhotoReading::from_import(&read, level),
            self.config.lang,
        ));
        let stored = egui::vec2(read.width as f32, read.height as f32);
        let result_shape = read.shape.clone();
        if reread {
            // Corners moved: keep the screen, show what the new outline reads.
            if let Some(screen) = &mut self.import {
                let turn = screen.turn;
                let corners = read.corners;
                screen.state.corners =
                    corners.map(|[x, y]| turn.to_shown(egui::Pos2::new(x as f32, y as f32)));
                screen.state.readings = readings;
                screen.state.busy = false;
                screen.state.shape = result_shape;
                screen.state.regions = read.regions.clone();
            }
        } else {
            let Some((preview, orientation)) = preview else {
                let why = t.photo_unreadable;
                self.set_status(fill(t.status_photo_failed, &[&name, &why]), true);
                return;
            };
            let turn = PhotoTurn::new(orientation, stored);
            let corners = read
                .corners
                .map(|[x, y]| turn.to_shown(egui::Pos2::new(x as f32, y as f32)));
            let photo = ctx.load_texture("import-photo", preview, egui::TextureOptions::LINEAR);
            self.import = Some(ImportScreen {
                state: ImportState {
                    photo,
                    size: turn.shown_size(),
                    corners,
                    readings,
                    selected: None,
                    busy: false,
                    name: name.clone(),
                    shape: result_shape,
                    regions: read.regions.clone(),
                },
                photo: bytes,
                turn,
            });
        }
        let n = self
            .import
            .as_ref()
            .map_or(0, |s| s.state.uncertain_count());
        let text = count_text(
            n,
            t.status_photo_read_sure,
            t.status_photo_read_one,
            t.status_photo_read,
        );
        self.set_status(fill(text, &[&name, &n]), false);
    }
}
