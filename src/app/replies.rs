//! The worker's replies (verdicts, hints, applied steps, photos, autosaves,
//! file dialogs), the dialogue's offers, and the import screen's events:
//! what the window does with each.

use std::sync::Arc;

use super::board_view::Marks;
use super::dialogue::{Kind, Line, Offer, Paragraph};
use super::i18n::{count_text, fill, Texts};
use super::import_view::{self, ImportEvent, ImportState};
use super::photo_turn::PhotoTurn;
use super::pip::Mood;
use super::worker::{DialogFor, Purpose, Reply};
use super::{hints, App, ImportScreen, Origin};
use crate::grid::{Board, Cell, Unit};
use crate::solver::{DeadEnd, Verdict};

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
                    if self.tutor.pip.mood() == Mood::Thinking {
                        self.tutor.pip.set_mood(Mood::Idle);
                    }
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
                if std::mem::take(&mut self.tutor.auto_next) && !self.session.board.is_solved() {
                    self.ask_hint(ctx);
                }
            }
            Reply::Autosaved { generation, error } => match error {
                None => self.session.saved_generation = generation,
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
            } => self.on_photo(name, bytes, reread, result, preview, ctx),
            Reply::Dialog { purpose, path } => {
                let Some(path) = path else { return };
                self.chrome.path_window = None;
                match purpose {
                    DialogFor::Open => self.open_path(&path, ctx),
                    DialogFor::Save => self.save_to(&path),
                }
            }
        }
    }

    /// The rule engine's answer: Pip explains it, and Apply waits for a step.
    fn on_hint(&mut self, outcome: crate::logic::Outcome) {
        let paragraph =
            hints::paragraph(crate::hint::for_outcome(&outcome, self.config.lang), "Pip");
        self.tutor.pip.set_mood(match paragraph.kind {
            Kind::Solved => Mood::Cheering,
            Kind::Invalid | Kind::Stuck | Kind::WrongEntries => Mood::Sorry,
            _ => Mood::Idle,
        });
        self.tutor.pending_step = match outcome {
            crate::logic::Outcome::Step(step) => {
                if step.technique == crate::logic::Technique::WrongEntries {
                    self.session.marks.wrong = step.wrong.iter().map(|w| w.cell).collect();
                }
                Some(*step)
            }
            _ => None,
        };
        self.tutor.dialogue.push(paragraph);
    }

    /// Pip's welcome to a new proper puzzle: where it comes from and its level.
    fn welcome(&mut self, origin: Origin, rating: &crate::logic::Rating) {
        let t = self.t();
        let level = crate::hint::level_name(rating.level, self.config.lang);
        let givens = self.session.board.givens().filled_count();
        let text = match &origin {
            Origin::Library => fill(t.pip_new_from_library, &[&level]),
            Origin::Pasted => fill(t.pip_new_pasted, &[&givens, &level]),
            Origin::File(name) => fill(t.pip_new_from_file, &[name, &level]),
        };
        self.tutor.pip.set_mood(Mood::Idle);
        let p = Paragraph::new(Kind::Info, "Pip", vec![Line::plain(text)]);
        self.tutor.dialogue.push(p);
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
            let origin = self.tutor.welcome.take();
            if let (Some(origin), Some(rating)) = (origin, &rating) {
                self.welcome(origin, rating);
            } else if self.tutor.pip.mood() == Mood::Thinking {
                self.tutor.pip.set_mood(Mood::Idle);
            }
        }
        let t = self.t();
        if let Verdict::Unique(solution) = &current {
            match purpose {
                Purpose::Solve => {
                    let edit = self.session.reveal(solution);
                    self.after_edit(edit);
                    self.tutor.pip.set_mood(Mood::Cheering);
                    let line = Line::plain(t.pip_solved_by_me);
                    let p = Paragraph::new(Kind::Solved, "Pip", vec![line]);
                    self.tutor.dialogue.push(p);
                }
                Purpose::Check => {
                    self.session.marks.wrong.clear();
                    self.tutor.pip.set_mood(Mood::Idle);
                    let line = Line::plain(t.pip_check_ok);
                    let p = Paragraph::new(Kind::Info, "Pip", vec![line]);
                    self.tutor.dialogue.push(p);
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
        let t = self.t();
        self.tutor.pip.set_mood(Mood::Sorry);
        let mut lines = Vec::new();
        let mut offers = Vec::new();
        let has_entries = self.session.board.entries().filled_count() > 0;
        match givens {
            Some(Verdict::Unique(solution)) => {
                // The givens are fine: the player's entries are at fault.
                let wrong = self.session.wrong_entries(&solution);
                let marks = Marks {
                    wrong: wrong.clone(),
                    ..Marks::default()
                };
                lines.extend(explain(current, t));
                let names: Vec<String> = wrong.iter().map(|c| c.to_string()).collect();
                let listed = fill(t.pip_entries_wrong, &[&names.join(", ")]);
                lines.push(Line::marked(listed, marks.clone()));
                lines.push(Line::marked(t.pip_offer_reset, marks.clone()));
                if purpose == Purpose::Check && wrong.len() == 1 {
                    let c = wrong[0];
                    let value = self.session.board.value(c);
                    let text = fill(t.pip_check_wrong, &[&c, &value]);
                    lines = vec![Line::marked(text, marks)];
                }
                self.session.marks.wrong = wrong;
                offers = vec![Offer::RemoveWrong, Offer::Reset];
            }
            other => {
                let verdict = other.as_ref().unwrap_or(current);
                lines.extend(explain(verdict, t));
                if other.is_some() || !has_entries {
                    lines.push(Line::plain(t.pip_givens_broken));
                }
                if has_entries {
                    offers.push(Offer::Reset);
                }
            }
        }
        let p = Paragraph::new(Kind::Invalid, t.pip_invalid_title, lines).with_offers(offers);
        self.tutor.dialogue.push(p);
    }

    pub(super) fn on_offer(&mut self, offer: Offer, ctx: &egui::Context) {
        match offer {
            Offer::Apply => {
                if let Some(step) = self.tutor.pending_step.take() {
                    if step.technique == crate::logic::Technique::WrongEntries {
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
        }
        self.tutor.dialogue.clear_offers();
        self.tutor.pip.set_mood(Mood::Idle);
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
            ImportEvent::Cancel => self.import = None,
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
                let givens = screen.state.givens();
                self.tutor.pip.set_mood(Mood::Thinking);
                let generation = self.session.generation;
                self.worker
                    .verdicts(ctx, Purpose::Import, generation, givens, givens);
            }
        }
    }

    /// The import's grid was checked: play it, or tell why not.
    fn finish_import(&mut self, verdict: &Verdict) {
        let Some(screen) = &self.import else { return };
        if !verdict.is_unique() {
            self.tutor.pip.set_mood(Mood::Sorry);
            let p = crate::hint::invalid(verdict, self.config.lang);
            self.tutor.dialogue.push(hints::paragraph(p, "Pip"));
            return;
        }
        let t = self.t();
        match Board::with_entries(screen.state.givens(), &screen.state.entries()) {
            Ok(board) => {
                let name = screen.state.name.clone();
                self.import = None;
                self.start(board, 0.0);
                self.session.game_path = None;
                self.tutor.pip.set_mood(Mood::Idle);
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
        result: Result<Box<crate::vision::ImportResult>, String>,
        preview: Option<(egui::ColorImage, image::metadata::Orientation)>,
        ctx: &egui::Context,
    ) {
        if self.tutor.pip.mood() == Mood::Thinking {
            self.tutor.pip.set_mood(Mood::Idle);
        }
        let t = self.t();
        let read = match result {
            Ok(r) => r,
            Err(e) => {
                if let Some(screen) = &mut self.import {
                    screen.state.busy = false;
                }
                self.tutor.pip.set_mood(Mood::Sorry);
                self.set_status(fill(t.status_photo_failed, &[&name, &e]), true);
                return;
            }
        };
        let readings: [import_view::ReadCell; 81] = std::array::from_fn(|i| {
            let c = &read.cells[i];
            import_view::ReadCell {
                digit: c.digit,
                entry: c.kind == crate::vision::CellKind::Handwritten,
                uncertain: c.uncertain,
            }
        });
        let stored = egui::vec2(read.width as f32, read.height as f32);
        if reread {
            // Corners moved: keep the screen, show what the new outline reads.
            if let Some(screen) = &mut self.import {
                let turn = screen.turn;
                let corners = read.corners;
                screen.state.corners =
                    corners.map(|[x, y]| turn.to_shown(egui::Pos2::new(x as f32, y as f32)));
                screen.state.readings = readings;
                screen.state.busy = false;
            }
        } else {
            let Some((preview, orientation)) = preview else {
                let why = "unreadable image";
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

/// A unit named in the interface language.
fn unit_name(unit: Unit, t: &Texts) -> String {
    match unit {
        Unit::Row(i) => fill(t.unit_row, &[&(i + 1)]),
        Unit::Col(i) => fill(t.unit_col, &[&(i + 1)]),
        Unit::Box(i) => fill(t.unit_box, &[&(i + 1)]),
    }
}

/// Pip's plain-words explanation of a grid that is not a proper puzzle,
/// with the cells concerned highlighted.
pub fn explain(verdict: &Verdict, t: &Texts) -> Vec<Line> {
    match verdict {
        Verdict::Unique(_) => Vec::new(),
        Verdict::NoSolution {
            conflicts,
            dead_end,
        } => {
            let mut lines = vec![Line::plain(t.pip_no_solution)];
            if !conflicts.is_empty() {
                for c in conflicts.iter().take(3) {
                    let cells: Vec<String> = c.cells.iter().map(|c| c.to_string()).collect();
                    lines.push(Line::marked(
                        fill(
                            t.pip_conflict,
                            &[&c.digit, &unit_name(c.unit, t), &cells.join(", ")],
                        ),
                        Marks {
                            cells: c.cells.clone(),
                            units: vec![c.unit],
                            ..Marks::default()
                        },
                    ));
                }
            } else {
                lines.push(match dead_end {
                    Some(DeadEnd::NoCandidate(cell)) => Line::marked(
                        fill(t.pip_dead_end_cell, &[cell]),
                        Marks {
                            cells: vec![*cell],
                            ..Marks::default()
                        },
                    ),
                    Some(DeadEnd::NoPlace(unit, digit)) => Line::marked(
                        fill(t.pip_dead_end_unit, &[digit, &unit_name(*unit, t)]),
                        Marks {
                            units: vec![*unit],
                            ..Marks::default()
                        },
                    ),
                    None => Line::plain(t.pip_contradiction),
                });
            }
            lines
        }
        Verdict::Multiple(sols) => {
            let [a, b] = &**sols;
            let differ: Vec<Cell> = verdict.differing_cells().into_iter().take(4).collect();
            let words: Vec<String> = differ
                .iter()
                .map(|&c| fill(t.pip_can_be, &[&c, &a.get(c), &b.get(c)]))
                .collect();
            vec![Line::marked(
                fill(t.pip_multiple, &[&words.join(", ")]),
                Marks {
                    cells: differ,
                    ..Marks::default()
                },
            )]
        }
    }
}
