//! Files in and out of the window: opening puzzles, saved games and photos
//! (by their content, never their name), pasting, saving, and the autosave.

use std::path::Path;
use std::sync::Arc;

use super::i18n::{count_text, fill};
use super::path_window::PathWindow;
use super::pip::Mood;
use super::worker::DialogFor;
use super::App;
use crate::grid::{has_shape_header, parse_shaped, Board, Grid, Puzzles, SavedGame};
use crate::hint::{self, PuzzleSource};

use super::dialogue::Remark;

impl App {
    /// Opens the path window (Open, Save as), and the file picker over it
    /// unless the configuration asks for the typed path alone.
    pub(super) fn open_path_window(
        &mut self,
        purpose: DialogFor,
        text: String,
        _ctx: &egui::Context,
    ) {
        self.chrome.path_window = Some(PathWindow::new(purpose, text));
        if self.config.file_picker {
            self.open_file_picker();
        }
    }

    /// Sends a photo to the importer; the correction screen opens when it
    /// has been read.
    pub(super) fn read_photo(&mut self, name: String, bytes: Vec<u8>, ctx: &egui::Context) {
        let t = self.t();
        if self.worker.busy() {
            self.set_status(t.status_busy, false);
            return;
        }
        self.set_status(fill(t.status_photo_reading, &[&name]), false);
        self.remark(Remark::PhotoReadingStarted);
        self.tutor.pip.set_mood(Mood::Thinking);
        self.worker.read_photo(ctx, name, Arc::new(bytes), None);
    }

    /// A pasted picture, read as a photo.
    pub(super) fn paste_image(&mut self, image: &egui::ColorImage, ctx: &egui::Context) {
        let name = self.t().pasted_photo.to_string();
        match encode_png(image) {
            Ok(bytes) => self.read_photo(name, bytes, ctx),
            Err(e) => {
                let t = self.t();
                self.set_status(fill(t.status_photo_failed, &[&name, &e]), true);
            }
        }
    }

    /// Opens a puzzle file, a saved game, or a photo.
    pub fn open_path(&mut self, path: &Path, ctx: &egui::Context) {
        let t = self.t();
        let shown = path.display().to_string();
        let bytes = match read_capped(path, self.config.lang) {
            Ok(b) => b,
            Err(e) => {
                self.set_status(fill(t.status_open_failed, &[&shown, &e]), true);
                return;
            }
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or(shown.clone());
        if is_image(&bytes) {
            self.read_photo(name, bytes, ctx);
            return;
        }
        if self.open_duel_file(path, &bytes) {
            return;
        }
        let looks_like_save = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
        if looks_like_save && self.open_endless_file(path) {
            return;
        }
        if looks_like_save {
            match SavedGame::read(path) {
                Ok(game) => {
                    self.start(game.board, game.elapsed_seconds as f64);
                    self.kept_source("file", Some(name.clone()));
                    self.record_resumed_game(crate::history::Origin::File(name));
                    self.session.game_path = Some(path.to_path_buf());
                    self.session.file.puzzles.clear();
                    self.set_status(fill(t.status_loaded, &[&shown]), false);
                }
                Err(e) => self.set_status(hint::save_error(&e, self.config.lang), true),
            }
            return;
        }
        if self.open_shaped(&bytes, &name, PuzzleSource::File(name.clone()), ctx) {
            return;
        }
        match crate::grid::read_puzzles(&bytes) {
            Err(e) => {
                let why = hint::parse_error(&e, self.config.lang);
                self.set_status(fill(t.status_open_failed, &[&shown, &why]), true);
            }
            Ok(puzzles) => self.load_puzzles(puzzles, &name, PuzzleSource::File(name.clone()), ctx),
        }
    }

    /// A text whose header names its shape (`shape: 6x6`, `shape: x`, a
    /// jigsaw's regions...): its first puzzle is played on that shape.
    /// `false` when the text has no such header (a classic file).
    fn open_shaped(
        &mut self,
        bytes: &[u8],
        name: &str,
        origin: PuzzleSource,
        ctx: &egui::Context,
    ) -> bool {
        let Some(text) = std::str::from_utf8(bytes)
            .ok()
            .filter(|t| has_shape_header(t))
        else {
            return false;
        };
        let t = self.t();
        let entries = match parse_shaped(text) {
            Ok(entries) => entries,
            Err(e) => {
                self.set_status(fill(t.status_open_failed, &[&name, &e]), true);
                return true;
            }
        };
        let count = entries.len();
        let Some(first) = entries.into_iter().find_map(|e| e.grid.ok()) else {
            let why = t.status_no_puzzle_in_file;
            self.set_status(fill(t.status_open_failed, &[&name, &why]), true);
            return true;
        };
        self.session.file.puzzles.clear();
        if first.shape().is_9x9() {
            self.new_board(Board::of_shaped(&first), origin, ctx);
        } else if let Err(refused) = self.start_sized_file(&first, origin) {
            let why: Vec<&str> = refused.lines.iter().map(|l| l.text.as_str()).collect();
            self.set_status(fill(t.status_open_failed, &[&name, &why.join(" ")]), true);
            return true;
        }
        let loaded = if count > 1 {
            fill(t.status_file_puzzles, &[&name, &1, &count])
        } else {
            fill(t.status_loaded, &[&name])
        };
        self.set_status(loaded, false);
        true
    }

    /// Plays a puzzle of another size than 9×9 from a file, once the
    /// exact solver has found it proper; Pip welcomes it with its level.
    /// A puzzle without one solution is refused with Pip's words.
    fn start_sized_file(
        &mut self,
        puzzle: &crate::grid::ShapedGrid,
        origin: PuzzleSource,
    ) -> Result<(), hint::Paragraph> {
        let (shape, values) = (puzzle.shape(), puzzle.values());
        match crate::solver::count_shaped(shape, values, 2) {
            0 => return Err(hint::no_solution_on_this_size(shape, self.wording())),
            1 => {}
            _ => return Err(hint::several_solutions_on_this_size(shape, self.wording())),
        }
        let level =
            crate::logic::sized::rate_sized_within(shape, values, crate::logic::Level::Extreme)
                .map_or(crate::logic::Level::Extreme, |r| r.level);
        self.start(Board::of_shaped(puzzle), 0.0);
        self.session.game_path = None;
        self.tutor.pip.set_mood(Mood::Idle);
        self.say(hint::sized_welcome(
            shape,
            puzzle.filled_count(),
            level,
            self.wording(),
        ));
        self.record_new_game(super::record::origin_of(&origin));
        self.kept_level(level);
        Ok(())
    }

    /// Plays the first of `puzzles`, read from the file `name` or pasted.
    fn load_puzzles(
        &mut self,
        puzzles: Puzzles,
        name: &str,
        origin: PuzzleSource,
        ctx: &egui::Context,
    ) {
        let t = self.t();
        match puzzles {
            Puzzles::Single(grid) => {
                self.session.file.puzzles.clear();
                self.new_puzzle(grid, origin, ctx);
                self.set_status(fill(t.status_loaded, &[&name]), false);
            }
            Puzzles::Many(lines) => {
                let bad: Vec<_> = lines.iter().filter(|l| l.grid.is_err()).collect();
                let good: Vec<Grid> = lines.iter().filter_map(|l| l.grid.clone().ok()).collect();
                if good.is_empty() {
                    let why = t.status_no_puzzle_in_file;
                    self.set_status(fill(t.status_open_failed, &[&name, &why]), true);
                    return;
                }
                let mut text = fill(t.status_file_puzzles, &[&name, &1, &good.len()]);
                if let Some(first) = bad.first() {
                    let err = first.grid.clone().unwrap_err();
                    let err = hint::parse_error(&err, self.config.lang);
                    text.push_str(". ");
                    let template = count_text(bad.len(), "", t.status_bad_line, t.status_bad_lines);
                    text.push_str(&fill(template, &[&bad.len(), &first.line, &err]));
                }
                let first = good[0];
                self.session.file = super::session::PuzzleFile {
                    name: name.to_string(),
                    puzzles: good,
                    index: 0,
                };
                self.new_puzzle(first, origin, ctx);
                self.set_status(text, !bad.is_empty());
            }
        }
    }

    /// The next puzzle of the many-puzzle file open, from the first after the last.
    pub(super) fn next_from_file(&mut self, ctx: &egui::Context) {
        let file = &mut self.session.file;
        if file.puzzles.is_empty() {
            return;
        }
        file.index = (file.index + 1) % file.puzzles.len();
        let (grid, name) = (file.puzzles[file.index], file.name.clone());
        let (count, index) = (file.puzzles.len(), file.index);
        self.new_puzzle(grid, PuzzleSource::File(name.clone()), ctx);
        let t = self.t();
        self.set_status(
            fill(t.status_file_puzzles, &[&name, &(index + 1), &count]),
            false,
        );
    }

    /// Pasted text: a puzzle in any of the text formats.
    pub fn paste_text(&mut self, text: &str, ctx: &egui::Context) {
        let t = self.t();
        if self.open_shaped(text.as_bytes(), t.status_pasted, PuzzleSource::Pasted, ctx) {
            return;
        }
        match crate::grid::read_puzzles(text.as_bytes()) {
            Ok(p) => self.load_puzzles(p, t.status_pasted, PuzzleSource::Pasted, ctx),
            Err(e) => {
                let why = hint::parse_error(&e, self.config.lang);
                self.set_status(fill(t.status_paste_failed, &[&why]), true);
            }
        }
    }

    /// An endless carpet saved with File → Save: played again from where
    /// it was left. `false` when the file is not one.
    fn open_endless_file(&mut self, path: &Path) -> bool {
        let Ok(kept) = crate::kept::KeptGame::read(path) else {
            return false;
        };
        let Some(text) = &kept.info.endless else {
            return false;
        };
        let Ok(play) = crate::generate::endless::EndlessPlay::resume(text) else {
            return false; // `KeptGame::read` read it already
        };
        let (seed, level) = (play.seed(), play.level());
        let elapsed = kept.game.elapsed_seconds as f64;
        self.start_endless(play, Some((kept.game.board, elapsed)));
        self.kept_source("endless", Some(seed.to_string()));
        self.kept_level(level);
        self.session.game_path = Some(path.to_path_buf());
        let t = self.t();
        self.set_status(fill(t.status_loaded, &[&path.display()]), false);
        true
    }

    /// Saves the game to `path` (atomic write) and remembers the path. An
    /// endless carpet is written with its carpet (as its kept file is), so
    /// that it opens again as the carpet and not as one view of it.
    pub fn save_to(&mut self, path: &Path) {
        if self.save_duel_to(path) {
            return;
        }
        let t = self.t();
        let written = if self.session.endless.is_some() {
            match self.kept_now() {
                Some((kept, version)) => {
                    crate::grid::write_save(path, version, &kept.to_json()).map(|_| ())
                }
                None => Ok(()),
            }
        } else {
            let (game, _) = self.session.snapshot();
            game.write(path)
        };
        match written {
            Ok(()) => {
                self.session.game_path = Some(path.to_path_buf());
                self.set_status(fill(t.status_saved, &[&path.display()]), false);
                self.exit.saved_elsewhere();
            }
            Err(e) => {
                let why = hint::save_error(&e, self.config.lang);
                self.set_status(fill(t.status_save_failed, &[&why]), true);
            }
        }
    }

    /// Writes the autosave now (on close): the duel shown, and the game
    /// to its kept file (see `library`), creating the data folder if
    /// needed. Returns the error message for the player, if any.
    pub fn autosave(&mut self) -> Option<String> {
        if let Some(e) = self.autosave_duel_now() {
            log::warn!("the duel was not saved on exit: {e}");
        }
        self.flush_history();
        self.keep_now()
    }
}

/// A pasted image as PNG bytes, the form the importer reads.
fn encode_png(image: &egui::ColorImage) -> Result<Vec<u8>, String> {
    let [w, h] = image.size;
    let raw: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|c| c.to_srgba_unmultiplied())
        .collect();
    let rgba = image::RgbaImage::from_raw(w as u32, h as u32, raw)
        .ok_or_else(|| "the pasted image has no pixels".to_string())?;
    let mut out = std::io::Cursor::new(Vec::new());
    rgba.write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| e.to_string())?;
    Ok(out.into_inner())
}

/// Whether a file is a picture, by its content, never its name: a photo
/// named `.txt` is still read as a photo, and a puzzle named `.jpg` as a
/// puzzle. Any picture goes to the importer, which reads JPEG, PNG, WebP and
/// BMP and names the format of any other (GIF, TIFF, HEIC...) in its refusal.
fn is_image(bytes: &[u8]) -> bool {
    // HEIC/AVIF: an ISO media `ftyp` box, which `image` does not know.
    let iso_media = bytes.len() >= 12 && &bytes[4..8] == b"ftyp";
    image::guess_format(bytes).is_ok() || iso_media
}

/// Largest file the window opens: far above any phone photo or puzzle
/// collection, far below what would exhaust memory when read at once.
const MAX_OPEN_BYTES: u64 = 100 * 1024 * 1024;

/// Reads a file the player opened, refusing folders and files too large to
/// be a photo or a puzzle collection before reading them.
fn read_capped(path: &Path, lang: hint::Lang) -> Result<Vec<u8>, String> {
    let t = lang.texts();
    let meta = std::fs::metadata(path).map_err(|e| hint::io_reason(&e, lang))?;
    if meta.is_dir() {
        return Err(t.open_a_folder.to_string());
    }
    if meta.len() > MAX_OPEN_BYTES {
        let (size, cap) = (
            (meta.len() / (1024 * 1024)).to_string(),
            (MAX_OPEN_BYTES / (1024 * 1024)).to_string(),
        );
        return Err(fill(t.open_too_large, &[&size, &cap]));
    }
    if meta.len() == 0 {
        return Err(t.open_empty.to_string());
    }
    std::fs::read(path).map_err(|e| hint::io_reason(&e, lang))
}
