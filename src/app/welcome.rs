//! The first start's welcome (issue 30): with no game kept yet, the board's
//! place shows the three ways in (a photo of the player's grid, a new puzzle
//! at a chosen level, a pasted one) instead of starting a clock on a puzzle
//! nobody asked for. Pip names them in its bubble; the welcome ends when a
//! game starts, however it came.
//!
//! The state ([`Welcome`]) is apart from its drawing ([`WelcomeView`]); the
//! app acts on what the view returns ([`WelcomeEvent`]).

use egui::{RichText, Ui};

use super::i18n::{level_text, Texts};
use super::App;
use crate::logic::Level;

/// The welcome while it is shown.
#[derive(Clone, Debug, Default)]
pub(crate) struct Welcome {
    /// The paste box's text, while it is open (Ctrl+V outside it plays a
    /// copied puzzle at once, as anywhere in the window).
    paste: Option<String>,
    /// The paste box just opened: the keyboard goes to it, so the player
    /// can paste or type at once.
    focus_paste: bool,
}

/// A way in the player took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum WelcomeEvent {
    Photo,
    New(Level),
    /// Play the text of the paste box.
    Paste(String),
}

/// The welcome drawn into the board's place.
pub(crate) struct WelcomeView<'a> {
    pub welcome: &'a mut Welcome,
    pub t: &'static Texts,
}

impl WelcomeView<'_> {
    pub(super) fn show(self, ui: &mut Ui) -> Option<WelcomeEvent> {
        let t = self.t;
        let mut event = None;
        let big = |text: &str| egui::Button::new(RichText::new(text).size(18.0));
        ui.vertical_centered(|ui| {
            ui.set_max_width(520.0);
            ui.add_space(24.0);
            ui.heading(t.welcome_title);
            ui.add_space(18.0);
            ui.group(|ui| {
                ui.set_width(ui.available_width());
                if ui.add(big(t.welcome_photo)).clicked() {
                    event = Some(WelcomeEvent::Photo);
                }
                ui.label(t.welcome_photo_why);
            });
            ui.add_space(10.0);
            ui.group(|ui| {
                ui.set_width(ui.available_width());
                ui.label(RichText::new(t.welcome_new).size(18.0));
                ui.label(t.welcome_new_why);
                ui.horizontal_wrapped(|ui| {
                    for level in Level::ALL {
                        let shown = level_text(t, level);
                        let button = ui.button(shown);
                        // Named whole for a screen reader ("New puzzle: Easy"),
                        // apart from Game > New's and the duel's levels.
                        button.widget_info(|| {
                            let name = super::i18n::fill(t.welcome_new_level, &[&shown]);
                            egui::WidgetInfo::labeled(egui::Role::Button, true, name)
                        });
                        if button.clicked() {
                            event = Some(WelcomeEvent::New(level));
                        }
                    }
                });
            });
            ui.add_space(10.0);
            ui.group(|ui| {
                ui.set_width(ui.available_width());
                let welcome = &mut *self.welcome;
                if ui.add(big(t.welcome_paste)).clicked() && welcome.paste.is_none() {
                    welcome.paste = Some(String::new());
                    welcome.focus_paste = true;
                }
                ui.label(t.welcome_paste_why);
                if let Some(text) = &mut welcome.paste {
                    let name = ui.label(t.welcome_paste_field);
                    let edit = egui::TextEdit::multiline(text)
                        .desired_rows(3)
                        .desired_width(f32::INFINITY)
                        .font(egui::TextStyle::Monospace);
                    let field = ui.add(edit).labelled_by(name.id);
                    // Asked for once the click that opened the box is over:
                    // a click in progress hands the focus back to where it
                    // lands (the button), not to the box.
                    let clicking = ui.input(|i| i.pointer.any_down() || i.pointer.any_click());
                    if welcome.focus_paste && !clicking {
                        field.request_focus();
                        welcome.focus_paste = false;
                    }
                    let ready = !text.trim().is_empty();
                    if ui
                        .add_enabled(ready, egui::Button::new(t.welcome_paste_play))
                        .clicked()
                    {
                        event = Some(WelcomeEvent::Paste(text.clone()));
                    }
                }
            });
        });
        event
    }
}

impl App {
    /// The welcome in the board's place, while there is one; `false` when
    /// the board is to be drawn.
    pub(super) fn welcome_central(&mut self, ui: &mut Ui) -> bool {
        let t = self.t();
        let Some(welcome) = &mut self.chrome.welcome else {
            return false;
        };
        let event = egui::ScrollArea::vertical()
            .show(ui, |ui| WelcomeView { welcome, t }.show(ui))
            .inner;
        let ctx = ui.ctx().clone();
        match event {
            Some(WelcomeEvent::Photo) => {
                self.run_command(super::commands::Command::Photo, &ctx);
            }
            Some(WelcomeEvent::New(level)) => {
                self.run_command(super::commands::Command::New(level), &ctx);
            }
            Some(WelcomeEvent::Paste(text)) => self.paste_text(&text, &ctx),
            None => {}
        }
        true
    }

    /// Whether the first start's welcome is shown (no game yet).
    pub fn welcome_shown(&self) -> bool {
        self.chrome.welcome.is_some()
    }
}
