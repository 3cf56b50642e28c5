//! The Help window: how to play, how to use, and every keyboard shortcut
//! (from the same table the input handling uses, plus the keys read
//! elsewhere: digits, arrows, the dialogue's pages, the duel's), with key
//! names in the player's language.

use egui::{Key, KeyboardShortcut, Modifiers, RichText, Ui};

use super::commands::{Command, SHORTCUTS};
use super::i18n::{Lang, Texts};
use super::keys::{key_name, shift_name, shortcut_text};

/// Every key the window answers to and what it does, in `lang`: one row
/// per command (all its shortcuts on that row), in the order of
/// [`SHORTCUTS`] after the keys of play.
pub(crate) fn shortcut_rows(t: &Texts, lang: Lang, mac: bool) -> Vec<(String, String)> {
    let key = |k: Key| key_name(k, lang).to_string();
    let mut rows: Vec<(String, String)> = vec![
        ("1 – 9".into(), t.key_digit.into()),
        (
            format!("{} + 1 – 9", shift_name(lang)),
            t.key_shift_digit.into(),
        ),
        ("A – G, 0 – F".into(), t.key_symbols.into()),
        (t.key_arrows_name.into(), t.key_arrows.into()),
        (
            format!("{}, {}, 0", key(Key::Delete), key(Key::Backspace)),
            t.key_delete.into(),
        ),
        (
            format!("{} / {}", key(Key::PageDown), key(Key::PageUp)),
            t.key_page.into(),
        ),
    ];
    let mut seen: Vec<Command> = Vec::new();
    for (command, _) in SHORTCUTS {
        if seen.contains(command) {
            continue;
        }
        seen.push(*command);
        let keys: Vec<String> = SHORTCUTS
            .iter()
            .filter(|(c, _)| c == command)
            .map(|(_, s)| shortcut_text(s, lang, mac))
            .collect();
        let what = match command {
            Command::ToggleNotes => t.key_notes.to_string(),
            Command::Pause => t.key_pause.to_string(),
            c => c.label(t),
        };
        rows.push((keys.join(", "), what));
    }
    let paste = KeyboardShortcut::new(Modifiers::COMMAND, Key::V);
    rows.push((shortcut_text(&paste, lang, mac), t.paste.into()));
    // The duel's own keys (read by the duel before the shortcuts).
    rows.push(("J".into(), t.key_joker.into()));
    let answer = match lang {
        Lang::En => "Y / N",
        Lang::Fr => "O / N",
    };
    rows.push((answer.into(), t.key_answer.into()));
    rows.push((key(Key::Escape), t.key_escape.into()));
    rows
}

pub(super) fn show(ui: &mut Ui, t: &Texts, lang: Lang) {
    let mac = super::keys::is_mac(ui.ctx());
    egui::ScrollArea::vertical()
        .max_height(520.0)
        .show(ui, |ui| {
            ui.heading(t.help_play);
            ui.label(t.how_to_play);
            ui.add_space(8.0);
            ui.heading(t.help_use);
            ui.label(t.how_to_use);
            ui.add_space(8.0);
            ui.heading(t.help_shortcuts);
            egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                for (keys, what) in shortcut_rows(t, lang, mac) {
                    ui.label(RichText::new(keys).monospace());
                    ui.label(what);
                    ui.end_row();
                }
            });
            ui.add_space(8.0);
            ui.heading(t.about);
            ui.label(t.about_text);
        });
}

impl super::App {
    /// The Help window, while it is open.
    pub(super) fn help_window(&mut self, ctx: &egui::Context) {
        if self.chrome.help_open {
            let (t, lang) = (self.t(), self.config.lang);
            let mut open = true;
            egui::Window::new(t.menu_help)
                .open(&mut open)
                .default_width(480.0)
                .show(ctx, |ui| show(ui, t, lang));
            self.chrome.help_open = open;
        }
    }
}
