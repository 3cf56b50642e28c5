//! Everything the player can ask for from menus and keys, and the keyboard
//! shortcuts, listed once for the input handling and the Help window.

use egui::{Key, KeyboardShortcut, Modifiers};

use super::i18n::{level_text, Lang, Texts};
use crate::hint::Notation;
use crate::logic::Level;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A new puzzle made at this level.
    New(Level),
    /// Today's puzzle of the day.
    Daily,
    /// The shape new puzzles are made in (a radio choice of Game > New).
    NewShape(super::new_game::NewShape),
    Statistics,
    /// Game → Continue: the games kept, to go back to one.
    Continue,
    /// Game → Duel with Pip: the duel's setup.
    Duel,
    Open,
    /// The menu bar's photo button (and the welcome's): Open, for a photo.
    Photo,
    /// Game → Use your phone: the phone panel and its server.
    UsePhone,
    Save,
    SaveAs,
    NextFromFile,
    Quit,
    Undo,
    Redo,
    Reset,
    FillNotes,
    ClearNotes,
    ToggleNotes,
    Solve,
    Check,
    /// The next logical step, explained.
    Hint,
    /// Play the step shown (if any) and explain the next one.
    StepByStep,
    Pause,
    Help,
    /// The technique guide (Help > Techniques).
    Techniques,
    Language(Lang),
    /// How Pip names cells: plain or compact.
    Notation(Notation),
    /// Hints stop at the nudge until the player asks for more (a switch).
    HintBudget,
}

const fn ks(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(modifiers, key)
}

const CMD_SHIFT: Modifiers = Modifiers {
    alt: false,
    ctrl: false,
    shift: true,
    mac_cmd: false,
    command: true,
};

/// Shortcuts, most specific first (Ctrl+Shift+Z before Ctrl+Z: egui
/// matches a shortcut even when extra Shift is held).
pub(super) const SHORTCUTS: &[(Command, KeyboardShortcut)] = &[
    (Command::Redo, ks(CMD_SHIFT, Key::Z)),
    (Command::SaveAs, ks(CMD_SHIFT, Key::S)),
    (Command::Undo, ks(Modifiers::COMMAND, Key::Z)),
    (Command::Redo, ks(Modifiers::COMMAND, Key::Y)),
    (Command::Reset, ks(Modifiers::COMMAND, Key::R)),
    (Command::Solve, ks(Modifiers::COMMAND, Key::F)),
    (Command::Check, ks(Modifiers::COMMAND, Key::K)),
    (Command::StepByStep, ks(Modifiers::COMMAND, Key::P)),
    (Command::Open, ks(Modifiers::COMMAND, Key::O)),
    (Command::Save, ks(Modifiers::COMMAND, Key::S)),
    (Command::New(Level::Medium), ks(Modifiers::COMMAND, Key::N)),
    (Command::FillNotes, ks(Modifiers::COMMAND, Key::M)),
    (Command::Quit, ks(Modifiers::COMMAND, Key::Q)),
    (Command::Help, ks(Modifiers::NONE, Key::F1)),
    (Command::ToggleNotes, ks(Modifiers::NONE, Key::N)),
    (Command::Pause, ks(Modifiers::NONE, Key::P)),
    (Command::Hint, ks(Modifiers::NONE, Key::H)),
];

/// The shortcut shown for `command` (the last listed, e.g. Ctrl+Y for redo).
pub(super) fn shortcut(command: Command) -> Option<KeyboardShortcut> {
    SHORTCUTS
        .iter()
        .rev()
        .find(|(c, _)| *c == command)
        .map(|(_, s)| *s)
}

impl Command {
    /// The command's name in menus and the Help window.
    pub(crate) fn label(self, t: &Texts) -> String {
        match self {
            Command::New(level) => format!("{} ({})", t.new_game, level_text(t, level)),
            Command::Daily => t.puzzle_of_the_day.into(),
            Command::NewShape(shape) => shape.label(t),
            Command::Statistics => t.statistics.into(),
            Command::Continue => t.kept_menu.into(),
            Command::Duel => t.duel_with_pip.into(),
            Command::Open => t.open.into(),
            Command::Photo => t.photo_button.into(),
            Command::UsePhone => t.use_phone.into(),
            Command::Save => t.save.into(),
            Command::SaveAs => t.save_as.into(),
            Command::NextFromFile => t.next_from_file.into(),
            Command::Quit => t.quit.into(),
            Command::Undo => t.undo.into(),
            Command::Redo => t.redo.into(),
            Command::Reset => t.reset.into(),
            Command::FillNotes => t.fill_notes.into(),
            Command::ClearNotes => t.clear_notes.into(),
            Command::ToggleNotes => t.notes_mode.into(),
            Command::Solve => t.solve_all.into(),
            Command::Check => t.check.into(),
            Command::Hint => t.hint.into(),
            Command::StepByStep => t.step_by_step.into(),
            Command::Pause => t.pause.into(),
            Command::Help => t.help_shortcuts.into(),
            Command::Techniques => t.techniques.into(),
            Command::Notation(Notation::Plain) => t.notation_plain.into(),
            Command::Notation(Notation::Compact) => t.notation_compact.into(),
            Command::HintBudget => t.hint_budget.into(),
            Command::Language(Lang::En) => "English".into(),
            Command::Language(Lang::Fr) => "Français".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_shortcut_is_used_twice() {
        for (i, (_, a)) in SHORTCUTS.iter().enumerate() {
            for (_, b) in &SHORTCUTS[i + 1..] {
                assert!(a != b, "{a:?} is bound twice");
            }
        }
        assert_eq!(
            shortcut(Command::Undo),
            Some(ks(Modifiers::COMMAND, Key::Z))
        );
    }
}
