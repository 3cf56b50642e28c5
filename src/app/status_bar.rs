//! The bottom bar: the clock with its Pause button, a spinner while the
//! solver works, and the last message (errors marked with "(!)" and in red,
//! so that they do not rely on colour alone).

use egui::{RichText, Ui};

use super::i18n::Texts;

/// A message in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

/// The bar as it is drawn this frame.
pub(super) struct StatusBar<'a> {
    pub elapsed_seconds: u64,
    pub paused: bool,
    pub busy: bool,
    pub status: Option<&'a Status>,
}

impl StatusBar<'_> {
    /// Draws the bar; true when Pause (or Resume) was clicked.
    pub(super) fn show(self, ui: &mut Ui, t: &Texts) -> bool {
        let mut pause_clicked = false;
        ui.horizontal(|ui| {
            let secs = self.elapsed_seconds;
            ui.label(RichText::new(format!("{}:{:02}", secs / 60, secs % 60)).monospace())
                .on_hover_text(t.timer_label);
            let pause_label = if self.paused { t.resume } else { t.pause };
            pause_clicked = ui.button(pause_label).clicked();
            ui.separator();
            if self.busy {
                ui.spinner();
            }
            if let Some(s) = self.status {
                let text = if s.error {
                    RichText::new(format!("(!) {}", s.text)).color(ui.visuals().error_fg_color)
                } else {
                    RichText::new(&s.text)
                };
                // Wrapped, not cut at the window's edge: a failure's
                // message names a file and why, and is read whole.
                ui.add(egui::Label::new(text).wrap());
            }
        });
        pause_clicked
    }
}
