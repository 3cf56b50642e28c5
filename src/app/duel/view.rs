//! The duel's play screen: the score, then the player's grid (to fill)
//! beside Pip's (its progress on the player's, with its notes), the pad
//! under the player's grid, the answer buttons under Pip's when the player
//! answers by hand, and the result once the duel is over. It draws and
//! returns what the player did; the app acts on it.

use egui::{RichText, Ui};

use super::texts::{texts, DuelTexts};
use super::{DuelMarks, DuelScreen};
use crate::app::board_view::BoardView;
use crate::app::i18n::fill;
use crate::duel::{Action, Answer, Answering, Ending, Side};
use crate::grid::Board;
use crate::hint::{duel as words, Lang, Wording};

/// What the player did on the play screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ViewEvent {
    Digit(u8),
    Erase,
    ToggleNotes,
    Joker,
    Answer(Answer),
    Replay,
    NewDuel,
    Leave,
    /// Resign pressed: the screen asks before it counts.
    AskResign,
    /// The player confirmed: the duel ends as lost.
    Resign,
    /// The player took Resign back.
    KeepPlaying,
}

/// The play screen as drawn this frame.
pub(super) struct DuelView<'a> {
    pub screen: &'a mut DuelScreen,
    /// The marks on each grid: the dialogue's, on the grid its line is about.
    pub marks: DuelMarks,
    /// Replaying Pip's move `k` (from 0) of `n`.
    pub replaying: Option<(usize, usize)>,
    /// The language and the cell names Pip's question uses.
    pub wording: Wording,
}

impl DuelView<'_> {
    pub(super) fn show(self, ui: &mut Ui) -> Option<ViewEvent> {
        let (wording, lang) = (self.wording, self.wording.lang);
        let t = texts(lang);
        let mut event = None;
        let screen = self.screen;
        score_bar(ui, screen, t, lang);
        ui.add_space(6.0);
        let (side, pip_side) = grid_sides(ui.available_size(), screen.duel.is_over());
        let (mine, pips) = words::grid_titles(lang);
        let pip_board = match self.replaying {
            Some((k, _)) => screen.pip_board_before(k),
            None if screen.show_secret => secret_board(screen),
            None => screen.pip_board(),
        };
        let DuelMarks {
            player: player_marks,
            pip: pip_marks,
        } = self.marks;
        let player_refused = screen.duel.camp(Side::Player).refused;
        let pip_refused = match self.replaying {
            // The replay rewinds Pip's grid: today's refusals would be ahead of it.
            Some(_) => [crate::grid::Candidates::NONE; 81],
            None if screen.show_secret => [crate::grid::Candidates::NONE; 81],
            None => screen.duel.camp(Side::Pip).refused,
        };
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(side);
                ui.strong(mine.as_str());
                ui.add(
                    BoardView::new(&screen.board, &mut screen.selected, &player_marks)
                        .name(&mine)
                        .revealed(&screen.revealed_player)
                        .refused(&player_refused)
                        .wording(wording)
                        .size(side),
                );
                if !screen.duel.is_over() {
                    event = event.or(pad(ui, screen, side, t, lang));
                    event = event.or(resign(ui, screen, t));
                }
            });
            ui.add_space(GAP);
            ui.vertical(|ui| {
                ui.set_width(pip_side);
                let title = match self.replaying {
                    Some((k, n)) => fill(t.replaying, &[&(k + 1), &n]),
                    None if screen.show_secret => t.your_secret.to_string(),
                    None => pips,
                };
                ui.strong(title.as_str());
                let mut nothing = None;
                let revealed = if screen.show_secret {
                    [0; 81]
                } else {
                    screen.revealed_pip
                };
                ui.add(
                    BoardView::new(&pip_board, &mut nothing, &pip_marks)
                        .name(&title)
                        .revealed(&revealed)
                        .refused(&pip_refused)
                        .wording(wording)
                        .quiet_selection(true)
                        .size(pip_side),
                );
                event = event.or(answers(ui, screen, t, wording));
            });
        });
        if screen.duel.is_over() {
            ui.add_space(8.0);
            event = event.or(result(ui, screen, t, lang));
        }
        event
    }
}

/// The space between the two grids.
const GAP: f32 = 24.0;

/// What goes under the player's grid while the duel is played: the pad's
/// digits, its buttons and Resign, with their spacing.
const UNDER_PLAYER: f32 = 130.0;

/// What goes under the grids once the duel is over: the result, the tallies
/// and the buttons.
const UNDER_RESULT: f32 = 140.0;

/// The two grids' sides in `avail`: the player's grid, where they play,
/// takes most of the width, Pip's (only watched) the rest; both as large as
/// the height allows, so the duel fills the window (issue 30: two 350 px
/// grids sat in a half-empty window).
pub(crate) fn grid_sides(avail: egui::Vec2, over: bool) -> (f32, f32) {
    let title = 24.0;
    let under = if over { UNDER_RESULT } else { UNDER_PLAYER };
    let tall = (avail.y - title - under).max(160.0);
    let wide = (avail.x - GAP).max(320.0);
    let player = (wide * 0.56).min(tall).max(160.0);
    let pip = (wide - player).min(tall).max(160.0);
    (player, pip)
}

/// Resign, under the pad; once pressed, the question and its two answers.
fn resign(ui: &mut Ui, screen: &DuelScreen, t: &DuelTexts) -> Option<ViewEvent> {
    let mut pressed = None;
    ui.add_space(4.0);
    if screen.confirm_resign {
        ui.label(RichText::new(t.resign_question).strong());
        ui.horizontal(|ui| {
            if ui.button(t.resign_yes).clicked() {
                pressed = Some(ViewEvent::Resign);
            }
            if ui.button(t.resign_no).clicked() {
                pressed = Some(ViewEvent::KeepPlaying);
            }
        });
    } else if ui.button(t.resign).clicked() {
        pressed = Some(ViewEvent::AskResign);
    }
    pressed
}

/// Turns, penalties, jokers, holes left, and whose turn it is.
fn score_bar(ui: &mut Ui, screen: &DuelScreen, t: &DuelTexts, lang: Lang) {
    let duel = &screen.duel;
    ui.horizontal_wrapped(|ui| {
        let played = duel.turns().len();
        let turns = if duel.is_over() {
            fill(t.turns_played, &[&played])
        } else {
            fill(t.turn_n, &[&(played + 1)])
        };
        ui.label(RichText::new(turns).strong());
        for side in [Side::Player, Side::Pip] {
            let camp = duel.camp(side);
            let who = match side {
                Side::Player => words::side_name(side, lang).to_string(),
                Side::Pip => format!("Pip ({})", words::strength_name(duel.strength, lang)),
            };
            ui.separator();
            ui.label(words::score(&who, &camp.tally, camp.holes_left(), lang));
        }
        if !duel.is_over() {
            ui.separator();
            let whose = if screen.pip_busy() {
                words::pip_thinking(lang)
            } else {
                words::whose_turn(duel.turn(), lang)
            };
            ui.label(RichText::new(whose).strong());
        }
    });
}

/// Digits, erase, notes and the joker, under the player's grid.
fn pad(
    ui: &mut Ui,
    screen: &DuelScreen,
    width: f32,
    t: &DuelTexts,
    lang: Lang,
) -> Option<ViewEvent> {
    let mut pressed = None;
    let app = lang.texts();
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        let bw = (width / 9.0 - ui.spacing().item_spacing.x).max(22.0);
        for d in 1..=9u8 {
            let b = egui::Button::new(RichText::new(d.to_string()).size(20.0))
                .min_size(egui::vec2(bw, 32.0));
            if ui.add(b).clicked() {
                pressed = Some(ViewEvent::Digit(d));
            }
        }
    });
    ui.horizontal(|ui| {
        let my_turn = screen.duel.turn() == Side::Player && !screen.pip_busy();
        if ui
            .add_enabled(
                my_turn,
                egui::Button::new(RichText::new(t.joker_key).strong()),
            )
            .clicked()
        {
            pressed = Some(ViewEvent::Joker);
        }
        if ui.button(app.erase).clicked() {
            pressed = Some(ViewEvent::Erase);
        }
        let notes = if screen.notes_mode {
            app.notes_on
        } else {
            app.notes_off
        };
        if ui.selectable_label(screen.notes_mode, notes).clicked() {
            pressed = Some(ViewEvent::ToggleNotes);
        }
    });
    pressed
}

/// By hand: Pip's question and the buttons that answer it; the secret toggle.
fn answers(
    ui: &mut Ui,
    screen: &mut DuelScreen,
    t: &DuelTexts,
    wording: Wording,
) -> Option<ViewEvent> {
    let mut pressed = None;
    if screen.duel.answering != Answering::ByHand {
        return None;
    }
    ui.add_space(6.0);
    if let Some(q) = screen.duel.question() {
        let action = q.thought.action;
        ui.label(RichText::new(words::pip_question(action, wording)).strong());
        match action {
            Action::Place { .. } => {
                ui.horizontal(|ui| {
                    if ui.button(t.right).clicked() {
                        pressed = Some(ViewEvent::Answer(Answer::Right));
                    }
                    if ui.button(t.wrong).clicked() {
                        pressed = Some(ViewEvent::Answer(Answer::Wrong));
                    }
                });
            }
            Action::Joker { .. } => {
                ui.label(t.answer_value);
                ui.horizontal_wrapped(|ui| {
                    for d in 1..=9u8 {
                        let label = format!("{d}");
                        if ui.button(RichText::new(label).size(18.0)).clicked() {
                            pressed = Some(ViewEvent::Answer(Answer::Value(d)));
                        }
                    }
                });
            }
        }
    }
    if screen.duel.camp(Side::Player).secret.is_some() {
        ui.checkbox(&mut screen.show_secret, t.show_secret);
    }
    pressed
}

/// The player's secret as a board (by hand, to answer from).
fn secret_board(screen: &DuelScreen) -> Board {
    let secret = screen
        .duel
        .camp(Side::Player)
        .secret
        .unwrap_or(screen.duel.handed_to(Side::Pip));
    Board::new(secret)
}

/// The end: who won, each side's penalties and jokers, and what next.
fn result(ui: &mut Ui, screen: &DuelScreen, t: &DuelTexts, lang: Lang) -> Option<ViewEvent> {
    let outcome = screen.duel.outcome()?;
    let mut pressed = None;
    let headline = match (&outcome.ending, outcome.winner) {
        (Ending::Cheating { .. }, _) => t.result_cheat,
        (Ending::Resigned, _) => t.result_resigned,
        (_, Some(Side::Player)) => t.result_win,
        (_, Some(Side::Pip)) => t.result_loss,
        (_, None) => t.result_draw,
    };
    ui.heading(headline);
    for side in [Side::Player, Side::Pip] {
        let tally = match side {
            Side::Player => &outcome.player,
            Side::Pip => &outcome.pip,
        };
        let who = words::side_name(side, lang);
        ui.label(format!("{who}: {}", words::tally_text(tally, lang)));
    }
    ui.horizontal(|ui| {
        if ui.button(t.replay).clicked() {
            pressed = Some(ViewEvent::Replay);
        }
        if ui.button(t.new_duel).clicked() {
            pressed = Some(ViewEvent::NewDuel);
        }
        if ui.button(t.leave).clicked() {
            pressed = Some(ViewEvent::Leave);
        }
    });
    pressed
}
