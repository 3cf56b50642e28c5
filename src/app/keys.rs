//! Key and shortcut names in the player's language, for the menus and the
//! Help window: egui names keys in English only ("Shift", "Escape"), where
//! a French keyboard says « Maj », « Échap ». On a Mac the modifiers are
//! the symbols every Mac shows (⌘, ⇧), which need no translation.

use egui::{Key, KeyboardShortcut, ModifierNames};

use super::i18n::Lang;

/// A key's name as printed on the keyboard of `lang`'s players.
pub(crate) fn key_name(key: Key, lang: Lang) -> &'static str {
    match (lang, key) {
        (Lang::Fr, Key::Escape) => "Échap",
        (Lang::Fr, Key::Enter) => "Entrée",
        (Lang::Fr, Key::Delete) => "Suppr",
        (Lang::Fr, Key::Backspace) => "Retour arrière",
        (Lang::Fr, Key::PageDown) => "Pg suiv",
        (Lang::Fr, Key::PageUp) => "Pg préc",
        (Lang::Fr, Key::Space) => "Espace",
        (Lang::En, Key::Escape) => "Esc",
        (Lang::En, Key::PageDown) => "Page Down",
        (Lang::En, Key::PageUp) => "Page Up",
        (_, key) => key.name(),
    }
}

/// The Shift key's name: « Maj » on French keyboards.
pub(crate) fn shift_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Shift",
        Lang::Fr => "Maj",
    }
}

/// A shortcut as the menus and Help show it: "Ctrl+Shift+Z" in English,
/// "Ctrl+Maj+Z" in French, "⇧⌘Z" on a Mac.
pub(crate) fn shortcut_text(shortcut: &KeyboardShortcut, lang: Lang, mac: bool) -> String {
    let KeyboardShortcut {
        modifiers,
        logical_key,
    } = *shortcut;
    if mac {
        let mods = ModifierNames::SYMBOLS.format(&modifiers, true);
        return format!("{mods}{}", key_name(logical_key, lang));
    }
    let mut parts: Vec<&str> = Vec::new();
    if modifiers.ctrl || modifiers.command {
        parts.push("Ctrl");
    }
    if modifiers.alt {
        parts.push("Alt");
    }
    if modifiers.shift {
        parts.push(shift_name(lang));
    }
    parts.push(key_name(logical_key, lang));
    parts.join("+")
}

/// Whether shortcuts are shown the Mac way in this window.
pub(crate) fn is_mac(ctx: &egui::Context) -> bool {
    ctx.os() == egui::os::OperatingSystem::Mac
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::Modifiers;

    #[test]
    fn shortcuts_are_named_in_the_players_language() {
        let redo = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        assert_eq!(shortcut_text(&redo, Lang::En, false), "Ctrl+Shift+Z");
        assert_eq!(shortcut_text(&redo, Lang::Fr, false), "Ctrl+Maj+Z");
        let esc = KeyboardShortcut::new(Modifiers::NONE, Key::Escape);
        assert_eq!(shortcut_text(&esc, Lang::Fr, false), "Échap");
        assert_eq!(shortcut_text(&esc, Lang::En, false), "Esc");
        let enter = KeyboardShortcut::new(Modifiers::NONE, Key::Enter);
        assert_eq!(shortcut_text(&enter, Lang::Fr, false), "Entrée");
    }
}
