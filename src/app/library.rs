//! Every game kept (issue 30): the game on screen is written to its own
//! file in `games/` (see [`crate::kept`]) while it is played, a new game
//! joins the others instead of replacing one, the window reopens the game
//! played last, and Game → Continue lists the unfinished ones to go back
//! to, or to delete (asked once, undoable until the window closes).
//!
//! [`Library`] is the state; [`ContinueView`] draws the Continue window and
//! returns what the player chose; `impl App` below acts on it.

use egui::{Color32, Ui};

use super::i18n::{fill, level_text, Texts};
use super::App;
use crate::grid::SavedGame;
use crate::history::Origin;
use crate::kept::{self, KeptGame, KeptInfo, Migrated};

/// The games kept, as the window knows them.
pub(crate) struct Library {
    /// What the game on screen is kept as.
    pub(crate) current: KeptInfo,
    /// Games deleted in this window, the last one last: Undo puts it back.
    deleted: Vec<KeptGame>,
    /// The Continue window, while it is open.
    window: Option<ContinueList>,
}

use super::dialogue::Remark;

impl Default for Library {
    fn default() -> Library {
        Library {
            current: KeptInfo::new("saved", None),
            deleted: Vec::new(),
            window: None,
        }
    }
}

/// The Continue window's list, read when it opened (and after each change).
struct ContinueList {
    games: Vec<KeptGame>,
    /// Files that could not be read, each error naming its file.
    errors: Vec<String>,
    /// The game whose deletion is being asked about.
    confirm: Option<String>,
}

/// What the player did in the Continue window.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ContinueEvent {
    Continue(String),
    AskDelete(String),
    Delete(String),
    KeepIt,
    UndoDelete,
    Close,
}

/// Where a game came from, as a kept game's source and name.
pub(crate) fn source_of(origin: &Origin) -> (&'static str, Option<String>) {
    match origin {
        Origin::Generated { seed } => ("generated", Some(seed.to_string())),
        Origin::Daily(date) => ("daily", Some(date.to_string())),
        Origin::Photo(name) => ("photo", Some(name.clone())),
        Origin::File(name) => ("file", Some(name.clone())),
        Origin::Pasted => ("pasted", None),
        Origin::Saved => ("saved", None),
    }
}

/// A kept game's origin again, for the history of a game resumed.
fn origin_of(info: &KeptInfo) -> Origin {
    let name = info.source_name.clone().unwrap_or_default();
    match info.source.as_str() {
        "generated" => match name.parse() {
            Ok(seed) => Origin::Generated { seed },
            Err(_) => Origin::Saved,
        },
        "photo" => Origin::Photo(name),
        "file" => Origin::File(name),
        "pasted" => Origin::Pasted,
        _ => Origin::Saved,
    }
}

/// A kept game's source in the player's words.
fn source_text(info: &KeptInfo, t: &Texts, lang: super::i18n::Lang) -> String {
    let name = info.source_name.as_deref().unwrap_or("");
    // A practice game keeps its technique's key; shown by its name.
    let technique = crate::logic::Technique::from_id(name);
    let name = technique.map_or(name, |k| crate::hint::technique_name(k, lang));
    match info.source.as_str() {
        "generated" => t.kept_generated.into(),
        "daily" => fill(t.kept_daily, &[&name]),
        "photo" => fill(t.kept_photo, &[&name]),
        "file" => fill(t.kept_file, &[&name]),
        "pasted" => t.kept_pasted.into(),
        "endless" => t.kept_endless.into(),
        "practice" => fill(t.kept_practice, &[&name]),
        _ => t.kept_saved.into(),
    }
}

/// `m:ss`, or `h:mm:ss` past an hour.
pub(crate) fn clock_text(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// How long ago `ms` was, in the player's words.
fn ago_text(ms: u64, now_ms: u64, t: &Texts) -> String {
    let minutes = now_ms.saturating_sub(ms) / 60_000;
    match minutes {
        0 => t.kept_just_now.into(),
        m if m < 60 => fill(t.kept_minutes_ago, &[&m]),
        m if m < 48 * 60 => fill(t.kept_hours_ago, &[&(m / 60)]),
        m => fill(t.kept_days_ago, &[&(m / (24 * 60))]),
    }
}

/// The level's name from its key.
fn level_words(key: Option<&str>, t: &Texts) -> &'static str {
    crate::logic::Level::ALL
        .into_iter()
        .find(|l| Some(l.id()) == key)
        .map_or(t.kept_level_unknown, |l| level_text(t, l))
}

/// A small picture of a board: givens dark, the player's entries blue.
fn small_board(ui: &mut Ui, game: &SavedGame, side: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let board = &game.board;
    let n = board.shape().side();
    let cell = side / n as f32;
    painter.rect_filled(rect, 0.0, Color32::WHITE);
    for i in 0..board.cell_count() {
        let color = if board.is_given_at(i) {
            Color32::from_gray(60)
        } else if board.value_at(i) != 0 {
            Color32::from_rgb(90, 140, 220)
        } else {
            continue;
        };
        let min = rect.min + egui::vec2((i % n) as f32 * cell, (i / n) as f32 * cell);
        let r = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(cell * 0.2);
        painter.rect_filled(r, 1.0, color);
    }
    // the box lines: every box_cols columns, every box_rows rows
    let size = board.shape().spec().size;
    let stroke = egui::Stroke::new(1.0, Color32::from_gray(120));
    for i in (0..=n).step_by(usize::from(size.box_cols.max(1))) {
        let d = i as f32 * cell;
        let top = [
            rect.min + egui::vec2(d, 0.0),
            rect.min + egui::vec2(d, side),
        ];
        painter.line_segment(top, stroke);
    }
    for i in (0..=n).step_by(usize::from(size.box_rows.max(1))) {
        let d = i as f32 * cell;
        let left = [
            rect.min + egui::vec2(0.0, d),
            rect.min + egui::vec2(side, d),
        ];
        painter.line_segment(left, stroke);
    }
}

/// The Continue window: one row per unfinished game.
struct ContinueView<'a> {
    list: &'a ContinueList,
    current: &'a str,
    can_undo: bool,
    t: &'static Texts,
    lang: super::i18n::Lang,
}

impl ContinueView<'_> {
    fn show(self, ctx: &egui::Context) -> Option<ContinueEvent> {
        let t = self.t;
        let mut event = None;
        let mut open = true;
        let now = kept::now_ms();
        egui::Window::new(t.kept_title)
            .open(&mut open)
            .collapsible(false)
            .default_width(460.0)
            .show(ctx, |ui| {
                if self.can_undo && ui.button(t.kept_undo_delete).clicked() {
                    event = Some(ContinueEvent::UndoDelete);
                }
                for e in &self.list.errors {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
                let others: Vec<&KeptGame> = self
                    .list
                    .games
                    .iter()
                    .filter(|g| !g.info.finished && g.info.id != self.current)
                    .collect();
                if others.is_empty() {
                    ui.label(t.kept_none);
                }
                egui::ScrollArea::vertical()
                    .max_height(480.0)
                    .show(ui, |ui| {
                        for g in others {
                            ui.separator();
                            ui.horizontal(|ui| {
                                small_board(ui, &g.game, 54.0);
                                ui.vertical(|ui| {
                                    let level = level_words(g.info.level.as_deref(), t);
                                    ui.strong(format!(
                                        "{level} · {}",
                                        source_text(&g.info, t, self.lang)
                                    ));
                                    ui.label(fill(
                                        t.kept_played,
                                        &[
                                            &clock_text(g.game.elapsed_seconds),
                                            &ago_text(g.info.last_played_ms, now, t),
                                        ],
                                    ));
                                    ui.horizontal(|ui| {
                                        let id = g.info.id.clone();
                                        if self.list.confirm.as_deref() == Some(id.as_str()) {
                                            ui.label(t.kept_delete_question);
                                            if ui.button(t.kept_delete_yes).clicked() {
                                                event = Some(ContinueEvent::Delete(id));
                                            } else if ui.button(t.kept_delete_no).clicked() {
                                                event = Some(ContinueEvent::KeepIt);
                                            }
                                        } else {
                                            if ui.button(t.kept_continue).clicked() {
                                                event = Some(ContinueEvent::Continue(id.clone()));
                                            }
                                            if ui.button(t.kept_delete).clicked() {
                                                event = Some(ContinueEvent::AskDelete(id));
                                            }
                                        }
                                    });
                                });
                            });
                        }
                    });
            });
        // Escape closes the list, as it closes a menu; during the delete
        // question it means "keep it".
        let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape));
        if !open || (escape && self.list.confirm.is_none()) {
            event = Some(ContinueEvent::Close);
        } else if escape {
            event = Some(ContinueEvent::KeepIt);
        }
        event
    }
}

impl App {
    /// The game on screen as a kept game, when there is one (a board with
    /// givens). While it is on screen (no duel over it), it is the game
    /// played last.
    pub(super) fn kept_now(&mut self) -> Option<(KeptGame, u64)> {
        if self.session.board.given_values().iter().all(|&v| v == 0) {
            return None;
        }
        if self.duel.screen.is_none() {
            self.library.current.last_played_ms = kept::now_ms();
        }
        let board = &self.session.board;
        match self.session.endless.as_mut() {
            Some(play) => {
                // the carpet has no end: its view filled is not a game won
                self.library.current.finished = false;
                self.library.current.endless = Some(play.save_text(board));
            }
            None => self.library.current.finished = board.is_solved(),
        }
        let (game, version) = self.session.snapshot();
        let info = self.library.current.clone();
        Some((KeptGame { info, game }, version))
    }

    /// The write of the game on screen, for a background autosave or now:
    /// to its kept file, or, in a second window on the folder, to the file
    /// of that window's own (see `claim`).
    pub(super) fn autosave_job(
        &mut self,
    ) -> Option<impl FnOnce() -> Result<(), String> + Send + 'static> {
        let (kept, version) = self.kept_now()?;
        let second = self
            .claim
            .is_second()
            .then(|| self.claim.autosave().to_path_buf());
        let dir = self.config.data_dir.clone();
        Some(move || match second {
            Some(path) => super::storage::write_autosave(&path, &kept.game, version),
            None => {
                super::storage::ensure_dir(&kept::games_dir(&dir)).map_err(|e| e.to_string())?;
                kept.write_version(&dir, version).map_err(|e| e.to_string())
            }
        })
    }

    /// Writes the game on screen now; the error message for the player.
    pub(super) fn keep_now(&mut self) -> Option<String> {
        let job = self.autosave_job()?;
        match job() {
            Ok(()) => {
                self.session.saved_generation = self.session.generation;
                None
            }
            Err(e) => {
                let text = fill(self.t().status_autosave_failed, &[&e]);
                self.set_status(text.clone(), true);
                Some(text)
            }
        }
    }

    /// A game is left for another (see [`App::start`]): it is written, and
    /// the next one is kept under a new id until its source is known. A
    /// generated puzzle left untouched (no move made) is not kept: it can be
    /// made again from its seed, and Continue would fill up with puzzles
    /// only looked at (the first start's, a series of New).
    pub(super) fn leave_game(&mut self) {
        let info = &self.library.current;
        let regenerable = matches!(info.source.as_str(), "generated" | "daily");
        let board = &self.session.board;
        let untouched = match self.session.endless.as_mut() {
            Some(play) => !play.is_touched(board),
            None => !board.can_undo() && !board.can_redo(),
        };
        let regenerable = regenerable || info.source == "endless";
        if regenerable && untouched && !self.claim.is_second() {
            if let Err(e) = kept::delete(&self.config.data_dir, &info.id) {
                log::warn!("an untouched puzzle's file stays: {e}");
            }
        } else {
            self.keep_now();
        }
        self.library.current = KeptInfo::new("saved", None);
    }

    /// Where the game just started came from (see `record`).
    pub(super) fn kept_source(&mut self, source: &str, name: Option<String>) {
        self.library.current.source = source.to_string();
        self.library.current.source_name = name;
    }

    /// The level of the game on screen, once rated.
    pub(super) fn kept_level(&mut self, level: crate::logic::Level) {
        self.library.current.level = Some(level.id().to_string());
    }

    /// At start: the game played last comes back (the old `autosave.json`
    /// made a kept game first). A damaged autosave is set aside and said;
    /// `true` when a game came back, and with it when it was last played.
    pub(super) fn restore_last_game(&mut self) -> Option<u64> {
        let dir = self.config.data_dir.clone();
        match kept::migrate_autosave(&dir) {
            Ok(Migrated::Nothing) => {}
            Ok(Migrated::Kept(_, aside)) => log::info!("autosave.json kept as {}", aside.display()),
            Err(e) => {
                let t = self.t();
                let e = crate::hint::save_error(&e, self.config.lang);
                let path = super::storage::autosave_path(&dir);
                match super::storage::set_aside_damaged(&dir) {
                    Ok(aside) => self
                        .set_status(fill(t.status_restore_failed, &[&e, &aside.display()]), true),
                    Err(io) => self.set_status(
                        fill(t.status_restore_failed_kept, &[&e, &path.display(), &io]),
                        true,
                    ),
                }
            }
        }
        let (games, errors) = kept::list(&dir);
        if let Some(e) = errors.first() {
            let e = crate::hint::save_error(e, self.config.lang);
            self.set_status(fill(self.t().kept_unreadable, &[&e]), true);
        }
        let last = games.into_iter().find(|g| !g.info.finished)?;
        let played = last.info.last_played_ms;
        // What went wrong is said over the game restored (starting a game
        // clears the status of the one before).
        let said = self.chrome.status.take();
        self.continue_game(last);
        if said.is_some() {
            self.chrome.status = said;
        }
        Some(played)
    }

    /// Plays the kept game `kept` again, from where it was left.
    fn continue_game(&mut self, kept: KeptGame) {
        self.duel.screen = None;
        if let Some(text) = &kept.info.endless {
            // read once already when the file was (see `KeptGame::from_json`)
            match crate::generate::endless::EndlessPlay::resume(text) {
                Ok(play) => {
                    let elapsed = kept.game.elapsed_seconds as f64;
                    self.start_endless(play, Some((kept.game.board, elapsed)));
                    self.library.current = kept.info;
                    self.remark(Remark::Restored);
                    return;
                }
                Err(e) => log::warn!("kept {}: its endless carpet, {e}", kept.info.id),
            }
        }
        self.start(kept.game.board, kept.game.elapsed_seconds as f64);
        self.session.game_path = None;
        self.session.file.puzzles.clear();
        let origin = origin_of(&kept.info);
        self.library.current = kept.info;
        self.record_resumed_game(origin);
        self.remark(Remark::Restored);
    }

    /// Game → Continue: opens the list (the game on screen written first,
    /// so that the list is up to date), or closes it.
    pub(super) fn toggle_continue(&mut self) {
        if self.library.window.take().is_some() {
            return;
        }
        self.keep_now();
        self.library.window = Some(self.read_list());
    }

    fn read_list(&self) -> ContinueList {
        let (games, errors) = kept::list(&self.config.data_dir);
        let lang = self.config.lang;
        ContinueList {
            games,
            errors: errors
                .iter()
                .map(|e| crate::hint::save_error(e, lang))
                .collect(),
            confirm: None,
        }
    }

    /// The ids of the games Continue offers now (for tests).
    pub fn continue_offers(&self) -> Option<Vec<String>> {
        let list = self.library.window.as_ref()?;
        let current = &self.library.current.id;
        Some(
            list.games
                .iter()
                .filter(|g| !g.info.finished && &g.info.id != current)
                .map(|g| g.info.id.clone())
                .collect(),
        )
    }

    /// The id of the game on screen as kept.
    pub fn kept_id(&self) -> &str {
        &self.library.current.id
    }

    /// The Continue window, while open.
    pub(super) fn continue_window(&mut self, ctx: &egui::Context) {
        let Some(list) = &self.library.window else {
            return;
        };
        let view = ContinueView {
            list,
            current: &self.library.current.id,
            can_undo: !self.library.deleted.is_empty(),
            t: self.t(),
            lang: self.config.lang,
        };
        let Some(event) = view.show(ctx) else {
            return;
        };
        match event {
            ContinueEvent::Close => self.library.window = None,
            ContinueEvent::Continue(id) => {
                let found = list.games.iter().find(|g| g.info.id == id).cloned();
                self.library.window = None;
                if let Some(game) = found {
                    self.continue_game(game);
                }
            }
            ContinueEvent::AskDelete(id) => {
                if let Some(w) = &mut self.library.window {
                    w.confirm = Some(id);
                }
            }
            ContinueEvent::KeepIt => {
                if let Some(w) = &mut self.library.window {
                    w.confirm = None;
                }
            }
            ContinueEvent::Delete(id) => self.delete_kept(&id),
            ContinueEvent::UndoDelete => self.undo_delete(),
        }
    }

    /// Deletes the kept game `id` (after the question); Undo can bring it back.
    fn delete_kept(&mut self, id: &str) {
        let found = self
            .library
            .window
            .as_ref()
            .and_then(|w| w.games.iter().find(|g| g.info.id == id).cloned());
        let Some(game) = found else { return };
        match kept::delete(&self.config.data_dir, id) {
            Ok(()) => self.library.deleted.push(game),
            Err(e) => {
                let path = kept::path_of(&self.config.data_dir, id);
                let why = fill(self.t().status_open_failed, &[&path.display(), &e]);
                self.set_status(why, true);
            }
        }
        self.library.window = Some(self.read_list());
    }

    /// Brings the game deleted last back.
    fn undo_delete(&mut self) {
        let Some(game) = self.library.deleted.pop() else {
            return;
        };
        if let Err(e) = game.write_version(&self.config.data_dir, 0) {
            let e = crate::hint::save_error(&e, self.config.lang);
            self.set_status(fill(self.t().status_save_failed, &[&e]), true);
            self.library.deleted.push(game);
        }
        self.library.window = Some(self.read_list());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_a_clock() {
        assert_eq!(clock_text(0), "0:00");
        assert_eq!(clock_text(75), "1:15");
        assert_eq!(clock_text(3_725), "1:02:05");
    }

    #[test]
    fn a_source_comes_back_as_the_origin_it_was() {
        for origin in [
            Origin::Generated { seed: 7 },
            Origin::Photo("a.jpg".into()),
            Origin::File("b.txt".into()),
            Origin::Pasted,
        ] {
            let (source, name) = source_of(&origin);
            assert_eq!(origin_of(&KeptInfo::new(source, name)), origin);
        }
    }
}
