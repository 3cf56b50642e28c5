//! The file picker, drawn in the window itself: it works on every desktop,
//! where the system's dialog (rfd) needed a desktop portal or zenity and,
//! without one, Browse… silently did nothing. It speaks the player's
//! language and opens where the player's files are.
//!
//! Not a crate's: egui-file-dialog 0.15 is built on egui 0.36, and
//! egui_file 0.29 draws emoji (📂, 🗀) that egui 0.37's bundled fonts do
//! not have, so its title and icons would be empty boxes.

use std::path::{Path, PathBuf};

use egui::{Key, RichText};

use super::i18n::Texts;
use super::worker::DialogFor;
use crate::hint::{io_reason, Lang};

/// What Open lists besides folders: puzzle files, saved games and photos.
const OPENED: &[&str] = &[
    "txt", "sdk", "ss", "sdm", "json", "png", "jpg", "jpeg", "webp", "bmp",
];

/// One line of the folder's list.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    name: String,
    is_dir: bool,
}

/// The picker while it is open: the folder shown, its list, and the file
/// name chosen or typed.
pub(crate) struct FilePicker {
    purpose: DialogFor,
    lang: Lang,
    folder: PathBuf,
    entries: Vec<Entry>,
    file_name: String,
    /// Why the folder could not be listed, in the player's words.
    error: Option<String>,
}

/// How the picker ended this frame.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Picked {
    Path(PathBuf),
    Cancelled,
}

impl FilePicker {
    /// A picker for `purpose`, opened in `start` (a save's file name given
    /// as `file_name`).
    pub(crate) fn new(purpose: DialogFor, start: &Path, file_name: &str, lang: Lang) -> Self {
        let mut picker = FilePicker {
            purpose,
            lang,
            folder: PathBuf::new(),
            entries: Vec::new(),
            file_name: match purpose {
                DialogFor::Save => file_name.to_string(),
                DialogFor::Open => String::new(),
            },
            error: None,
        };
        picker.enter(start.to_path_buf());
        picker
    }

    /// Shows `folder`: its sub-folders first, then the files this purpose
    /// reads or writes, each by name; hidden ones (".name") are left out.
    fn enter(&mut self, folder: PathBuf) {
        let folder = std::fs::canonicalize(&folder).unwrap_or(folder);
        match std::fs::read_dir(&folder) {
            Ok(list) => {
                let mut entries: Vec<Entry> = list
                    .filter_map(|e| e.ok())
                    .filter_map(|e| {
                        let name = e.file_name().to_string_lossy().into_owned();
                        let is_dir = e.path().is_dir();
                        let listed =
                            !name.starts_with('.') && (is_dir || self.lists(Path::new(&name)));
                        listed.then_some(Entry { name, is_dir })
                    })
                    .collect();
                entries.sort_by_key(|e| (!e.is_dir, e.name.to_lowercase()));
                self.entries = entries;
                self.error = None;
            }
            Err(e) => {
                self.entries.clear();
                self.error = Some(io_reason(&e, self.lang));
            }
        }
        self.folder = folder;
    }

    /// Whether the file `p` is listed: for Open what sudolens reads (its
    /// content decides how, never its name), for Save its games.
    fn lists(&self, p: &Path) -> bool {
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        match self.purpose {
            DialogFor::Open => OPENED.iter().any(|o| o.eq_ignore_ascii_case(ext)),
            DialogFor::Save => ext.eq_ignore_ascii_case("json"),
        }
    }

    /// The path the file name stands for: a name in the folder shown, or
    /// a whole path typed ("~" is the home folder).
    fn chosen(&self) -> PathBuf {
        let typed = expand_home(self.file_name.trim(), home_dir().as_deref());
        if typed.is_absolute() {
            typed
        } else {
            self.folder.join(typed)
        }
    }

    /// Draws the picker; `Some` once the player picked a file or left.
    pub(crate) fn show(&mut self, ctx: &egui::Context, t: &Texts) -> Option<Picked> {
        let title = match self.purpose {
            DialogFor::Open => t.path_open_title,
            DialogFor::Save => t.path_save_title,
        };
        let mut go: Option<PathBuf> = None;
        let mut open_folder: Option<PathBuf> = None;
        let mut cancel = ctx.input(|i| i.key_pressed(Key::Escape));
        let mut open = true;
        egui::Window::new(title)
            .id(egui::Id::unique("sudolens file picker"))
            .open(&mut open)
            .collapsible(false)
            .default_size([520.0, 380.0])
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    let up = self.folder.parent().map(Path::to_path_buf);
                    if ui
                        .add_enabled(up.is_some(), egui::Button::new(t.picker_parent))
                        .clicked()
                    {
                        open_folder = up;
                    }
                    if let Some(home) = home_dir() {
                        if ui.button(t.picker_home).clicked() {
                            open_folder = Some(home);
                        }
                    }
                    ui.label(RichText::new(self.folder.display().to_string()).monospace());
                });
                ui.separator();
                // A list of steady height: the window does not jump as
                // folders of different lengths are entered.
                egui::ScrollArea::vertical()
                    .max_height(240.0)
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        if let Some(e) = &self.error {
                            ui.colored_label(ui.visuals().error_fg_color, e);
                        } else if self.entries.is_empty() {
                            ui.label(RichText::new(t.picker_nothing).weak());
                        }
                        for entry in &self.entries {
                            let shown = if entry.is_dir {
                                format!("{}/", entry.name)
                            } else {
                                entry.name.clone()
                            };
                            let selected = !entry.is_dir && entry.name == self.file_name;
                            let r = ui.selectable_label(selected, shown);
                            if r.clicked() && entry.is_dir {
                                open_folder = Some(self.folder.join(&entry.name));
                            } else if r.clicked() {
                                self.file_name = entry.name.clone();
                            }
                            if r.double_clicked() && !entry.is_dir {
                                go = Some(self.folder.join(&entry.name));
                            }
                        }
                    });
                ui.separator();
                ui.horizontal(|ui| {
                    ui.label(t.path_label);
                    let edit = ui
                        .add(egui::TextEdit::singleline(&mut self.file_name).desired_width(300.0));
                    if edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                        go = Some(self.chosen());
                    }
                });
                ui.horizontal(|ui| {
                    let label = match self.purpose {
                        DialogFor::Open => t.picker_open,
                        DialogFor::Save => t.picker_save,
                    };
                    let ready = !self.file_name.trim().is_empty();
                    if ui.add_enabled(ready, egui::Button::new(label)).clicked() {
                        go = Some(self.chosen());
                    }
                    if ui.button(t.cancel).clicked() {
                        cancel = true;
                    }
                });
            });
        if let Some(folder) = open_folder {
            self.enter(folder);
            return None;
        }
        if !open || cancel {
            return Some(Picked::Cancelled);
        }
        match go {
            // A folder typed or chosen is opened, not picked.
            Some(path) if path.is_dir() => {
                self.file_name.clear();
                self.enter(path);
                None
            }
            Some(path) => Some(Picked::Path(path)),
            None => None,
        }
    }
}

/// A typed path with a leading `~` made the player's home folder, as a
/// shell would: "~/Documents/grid.txt".
pub(crate) fn expand_home(text: &str, home: Option<&Path>) -> PathBuf {
    let rest = match text.strip_prefix('~') {
        Some(r) if r.is_empty() || r.starts_with('/') || r.starts_with('\\') => r,
        _ => return PathBuf::from(text),
    };
    match home {
        Some(h) => h.join(rest.trim_start_matches(['/', '\\'])),
        None => PathBuf::from(text),
    }
}

/// The player's home folder, where `~` leads.
pub(crate) fn home_dir() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leading_tilde_is_the_home_folder_and_nothing_else_is_touched() {
        let home = Path::new("/home/ada");
        let h = Some(home);
        assert_eq!(expand_home("~", h), home);
        assert_eq!(expand_home("~/grids/a.txt", h), home.join("grids/a.txt"));
        assert_eq!(expand_home("~ada/a.txt", h), PathBuf::from("~ada/a.txt"));
        assert_eq!(
            expand_home("/tmp/~/a.txt", h),
            PathBuf::from("/tmp/~/a.txt")
        );
        assert_eq!(expand_home("a~b.txt", h), PathBuf::from("a~b.txt"));
        assert_eq!(expand_home("~/a.txt", None), PathBuf::from("~/a.txt"));
    }

    #[test]
    fn a_folder_lists_its_folders_first_then_what_the_purpose_reads() {
        let dir = std::env::temp_dir().join(format!("sudolens-picker-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("Zeta")).unwrap();
        std::fs::create_dir_all(dir.join(".hidden")).unwrap();
        for f in ["b.txt", "a.JPG", "c.pdf", "game.json", ".secret.txt"] {
            std::fs::write(dir.join(f), b"x").unwrap();
        }
        let names = |p: &FilePicker| p.entries.iter().map(|e| e.name.clone()).collect::<Vec<_>>();
        let open = FilePicker::new(DialogFor::Open, &dir, "", Lang::En);
        assert_eq!(names(&open), ["Zeta", "a.JPG", "b.txt", "game.json"]);
        let save = FilePicker::new(DialogFor::Save, &dir, "mine.json", Lang::En);
        assert_eq!(names(&save), ["Zeta", "game.json"]);
        assert_eq!(
            save.chosen(),
            std::fs::canonicalize(&dir).unwrap().join("mine.json")
        );
        let missing = FilePicker::new(DialogFor::Open, &dir.join("gone"), "", Lang::Fr);
        assert_eq!(
            missing.error.as_deref(),
            Some("aucun fichier ni dossier de ce nom")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
