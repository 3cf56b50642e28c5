//! The duel's setup window: Pip's strength, the level of Pip's grid for
//! the player, who answers Pip, and the player's grid for Pip (made for
//! them, typed or pasted, or read from a photo of a solved grid) with its
//! holes, by count or by clicking. The state is apart from its drawing.

use std::sync::mpsc::{channel, Receiver};

use egui::Ui;

use super::texts::{texts, DuelTexts};
use crate::app::board_view::BoardView;
use crate::app::i18n::fill;
use crate::duel::deal::{self, Dealt, PlayersGrid};
use crate::duel::{Answering, Setup, Strength};
use crate::grid::{Board, Cell, Grid};
use crate::hint::{duel as words, level_name, Wording};
use crate::logic::{Highlights, Level};
use crate::solver::count_solutions;

/// Where the player's grid for Pip comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridSource {
    Make,
    Typed,
    Photo,
}

/// How the holes of a complete grid are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HolesMode {
    Count,
    Clicking,
}

/// What the player did in the setup window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupEvent {
    Start,
    Cancel,
    /// Choose a photo of a solved grid (the app's Open).
    ChoosePhoto,
    /// Resume the autosaved duel instead.
    Resume,
}

/// The player's grid for Pip as chosen so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen {
    /// `None`: by hand, kept on paper.
    pub secret: Option<Grid>,
    /// `None`: as many holes as Pip's grid will have, made at the start.
    pub handed: Option<Grid>,
}

/// The setup window's state.
pub struct DuelSetup {
    pub strength: Strength,
    pub level: Level,
    pub answering: Answering,
    pub source: GridSource,
    pub typed: String,
    /// The grid read from a photo, once the player accepted it.
    pub photo_grid: Option<Grid>,
    /// A photo is being chosen or read for this setup.
    pub awaiting_photo: bool,
    pub holes_mode: HolesMode,
    /// As many holes as Pip's grid for the player.
    pub same_count: bool,
    pub count: usize,
    /// Holes chosen by clicking.
    pub clicked: [bool; 81],
    pub seed: u64,
    /// The grid "make one for me" gives for this seed.
    made: Grid,
    /// Pip's grid being dealt.
    dealing: Option<Receiver<Dealt>>,
    /// An unfinished duel is autosaved.
    pub can_resume: bool,
    /// Whether the handed grid has one completion, for the last grid seen.
    completions: Option<(Grid, bool)>,
}

impl DuelSetup {
    pub fn new(seed: u64, can_resume: bool) -> DuelSetup {
        let made = deal::players_secret(seed);
        DuelSetup {
            strength: Strength::Club,
            level: Level::Easy,
            answering: Answering::Honest,
            source: GridSource::Make,
            typed: String::new(),
            photo_grid: None,
            awaiting_photo: false,
            holes_mode: HolesMode::Count,
            same_count: true,
            count: 50,
            clicked: default_holes(&made, seed),
            seed,
            made,
            dealing: None,
            can_resume,
            completions: None,
        }
    }

    /// The player's grid for Pip as the choices stand, or why not yet.
    pub fn chosen(&self, wording: Wording) -> Result<Chosen, String> {
        let lang = wording.lang;
        let by_hand = self.answering == Answering::ByHand;
        let read = match self.source {
            GridSource::Make => PlayersGrid::Secret(self.made),
            GridSource::Typed => {
                let grid = Grid::parse(&self.typed).map_err(|e| e.to_string())?;
                PlayersGrid::read(grid, by_hand)
                    .map_err(|e| words::players_grid_refused(&e, wording))?
            }
            GridSource::Photo => {
                let grid = self
                    .photo_grid
                    .ok_or_else(|| texts(lang).photo_waiting.to_string())?;
                PlayersGrid::read(grid, by_hand)
                    .map_err(|e| words::players_grid_refused(&e, wording))?
            }
        };
        Ok(match read {
            PlayersGrid::Holed { handed, secret } => Chosen {
                secret,
                handed: Some(handed),
            },
            PlayersGrid::Secret(secret) => Chosen {
                secret: Some(secret),
                handed: match self.holes_mode {
                    HolesMode::Clicking => Some(with_holes(&secret, &self.clicked)),
                    HolesMode::Count if self.same_count => None,
                    HolesMode::Count => Some(deal::holes_by_count(&secret, self.count, self.seed)),
                },
            },
        })
    }

    /// The complete grid whose holes are chosen here, when there is one.
    fn secret_to_hole(&self) -> Option<Grid> {
        let g = self.source_grid()?;
        (g.is_complete() && g.conflicts().is_empty()).then_some(g)
    }

    fn source_grid(&self) -> Option<Grid> {
        match self.source {
            GridSource::Make => Some(self.made),
            GridSource::Typed => Grid::parse(&self.typed).ok(),
            GridSource::Photo => self.photo_grid,
        }
    }

    /// A grid read from a photo for this setup.
    pub fn take_photo(&mut self, grid: Grid) {
        self.photo_grid = Some(grid);
        self.source = GridSource::Photo;
        self.awaiting_photo = false;
        if grid.is_complete() {
            self.clicked = default_holes(&grid, self.seed);
        }
    }

    /// Starts dealing Pip's grid on a thread.
    pub fn start_dealing(&mut self) {
        let (level, seed) = (self.level, self.seed);
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let _ = tx.send(deal::pip_grid(level, seed));
        });
        self.dealing = Some(rx);
    }

    pub fn dealing(&self) -> bool {
        self.dealing.is_some()
    }

    /// The duel's setup once Pip's grid is dealt.
    pub fn dealt(&mut self, wording: Wording) -> Option<Result<Setup, String>> {
        let dealt = self.dealing.as_ref()?.try_recv().ok()?;
        self.dealing = None;
        Some(self.chosen(wording).map(|chosen| {
            let holes = 81 - dealt.puzzle.filled_count();
            let handed = chosen.handed.unwrap_or_else(|| {
                let secret = chosen.secret.expect("holes by count need the secret");
                deal::holes_by_count(&secret, holes, self.seed)
            });
            Setup {
                strength: self.strength,
                answering: self.answering,
                level: Some(dealt.level),
                seed: self.seed,
                pip_secret: dealt.secret,
                pip_handed: dealt.puzzle,
                player_secret: chosen.secret,
                player_handed: handed,
            }
        }))
    }

    /// Whether `handed` has one completion (cached: the window redraws often).
    fn one_completion(&mut self, handed: &Grid) -> bool {
        match self.completions {
            Some((g, unique)) if g == *handed => unique,
            _ => {
                let unique = count_solutions(handed, 2) == 1;
                self.completions = Some((*handed, unique));
                unique
            }
        }
    }

    /// Draws the window; returns what the player did.
    pub fn show(&mut self, ctx: &egui::Context, wording: Wording) -> Option<SetupEvent> {
        let lang = wording.lang;
        let t = texts(lang);
        let mut event = None;
        let mut open = true;
        // Sized to its content: it grows when holes are chosen by clicking.
        egui::Window::new(t.setup_title)
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_width(460.0)
            .show(ctx, |ui| {
                event = self.contents(ui, t, wording);
            });
        if !open {
            event = Some(SetupEvent::Cancel);
        }
        event
    }

    fn contents(&mut self, ui: &mut Ui, t: &DuelTexts, wording: Wording) -> Option<SetupEvent> {
        let lang = wording.lang;
        let mut event = None;
        if self.can_resume && ui.button(t.resume).clicked() {
            event = Some(SetupEvent::Resume);
        }
        ui.strong(t.strength);
        for s in Strength::ALL {
            ui.radio_value(&mut self.strength, s, words::strength_name(s, lang))
                .on_hover_text(words::strength_blurb(s, lang));
        }
        ui.label(egui::RichText::new(words::strength_blurb(self.strength, lang)).weak());
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            ui.strong(t.your_level);
            egui::ComboBox::from_id_salt("duel-level")
                .selected_text(level_name(self.level, lang))
                .show_ui(ui, |ui| {
                    for l in Level::ALL {
                        ui.selectable_value(&mut self.level, l, level_name(l, lang));
                    }
                });
        });
        ui.add_space(6.0);
        ui.strong(t.answering);
        ui.radio_value(&mut self.answering, Answering::Honest, t.honest);
        ui.radio_value(&mut self.answering, Answering::ByHand, t.by_hand);
        ui.add_space(6.0);
        ui.strong(t.your_grid);
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut self.source, GridSource::Make, t.make_one);
            ui.radio_value(&mut self.source, GridSource::Typed, t.type_paste);
            ui.radio_value(&mut self.source, GridSource::Photo, t.from_photo);
        });
        match self.source {
            GridSource::Make => {}
            GridSource::Typed => {
                ui.label(t.paste_here);
                ui.add(
                    egui::TextEdit::multiline(&mut self.typed)
                        .font(egui::TextStyle::Monospace)
                        .desired_rows(3)
                        .desired_width(f32::INFINITY),
                );
            }
            GridSource::Photo => {
                ui.label(egui::RichText::new(t.photo_hint).weak());
                ui.horizontal(|ui| {
                    if ui.button(t.choose_photo).clicked() {
                        event = Some(SetupEvent::ChoosePhoto);
                    }
                    if self.awaiting_photo {
                        ui.label(t.photo_waiting);
                    } else if self.photo_grid.is_some() {
                        ui.label(t.photo_ready);
                    }
                });
            }
        }
        self.holes(ui, t, wording);
        ui.add_space(8.0);
        let ready = self.chosen(wording).is_ok();
        ui.horizontal(|ui| {
            if self.dealing() {
                ui.spinner();
                ui.label(words::pip_dealing(wording.lang));
            } else if ui.add_enabled(ready, egui::Button::new(t.start)).clicked() {
                event = Some(SetupEvent::Start);
            }
            if ui
                .button(crate::app::i18n::Lang::texts(lang).cancel)
                .clicked()
            {
                event = Some(SetupEvent::Cancel);
            }
        });
        event
    }

    /// The holes: by count or by clicking, and what they make of the grid.
    fn holes(&mut self, ui: &mut Ui, t: &DuelTexts, wording: Wording) {
        let secret = self.secret_to_hole();
        if secret.is_some() {
            ui.horizontal(|ui| {
                ui.strong(t.holes);
                ui.radio_value(&mut self.holes_mode, HolesMode::Count, t.by_count);
                ui.radio_value(&mut self.holes_mode, HolesMode::Clicking, t.by_clicking);
            });
        }
        if secret.is_some() && self.holes_mode == HolesMode::Count {
            ui.checkbox(&mut self.same_count, t.same_count);
            ui.add_enabled(
                !self.same_count,
                egui::Slider::new(&mut self.count, 1..=81).text(t.holes),
            );
        }
        if let (Some(secret), HolesMode::Clicking) = (secret, self.holes_mode) {
            ui.label(egui::RichText::new(t.click_hint).weak());
            let board = Board::new(with_holes(&secret, &self.clicked));
            let mut clicked = None;
            let none = Highlights::default();
            ui.add(
                BoardView::new(&board, &mut clicked, &none)
                    .wording(wording)
                    .size(216.0),
            );
            if let Some(c) = clicked {
                self.clicked[c.index()] = !self.clicked[c.index()];
            }
        }
        match self.chosen(wording) {
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            Ok(Chosen {
                handed: Some(handed),
                secret,
            }) => {
                let holes = 81 - handed.filled_count();
                let text = if secret.is_none() {
                    fill(t.secret_on_paper, &[&holes])
                } else {
                    let how = words::completions(self.one_completion(&handed), wording.lang);
                    fill(t.holes_count, &[&holes, &how])
                };
                ui.label(text);
            }
            Ok(_) => {}
        }
    }
}

/// Fifty holes in `grid`, chosen by `seed`: where clicking starts from.
fn default_holes(grid: &Grid, seed: u64) -> [bool; 81] {
    let holed = deal::holes_by_count(grid, 50, seed);
    std::array::from_fn(|i| holed.get(Cell::ALL[i]) == 0)
}

/// `grid` with the cells marked emptied.
fn with_holes(grid: &Grid, holes: &[bool; 81]) -> Grid {
    let mut g = *grid;
    for c in Cell::ALL {
        if holes[c.index()] {
            g.set(c, 0);
        }
    }
    g
}
