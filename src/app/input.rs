//! The keyboard, the clipboard and dropped files, read into the player's
//! actions. Reading input here and acting on it in the app keeps each
//! shortcut's meaning in one place ([`super::commands::SHORTCUTS`]).

use std::path::PathBuf;

use egui::{Event, Key};

use super::commands::{Command, SHORTCUTS};

/// One thing the player asked for with the keyboard, the clipboard or a drop.
#[derive(Clone, Debug)]
pub(super) enum InputAction {
    Command(Command),
    /// A digit key: an entry, or a note when `note`.
    Digit {
        digit: u8,
        note: bool,
    },
    Erase,
    /// The 0 key or a letter from A to G: a symbol past 9 as the grid
    /// writes it (10 to 16 as A to G; 0 to F on a hexadecimal 16×16,
    /// where 0 is the first symbol), or an erase where 0 is no symbol.
    Symbol {
        ch: char,
        note: bool,
    },
    Move {
        drow: i32,
        dcol: i32,
    },
    /// + or −: a board of overlapping grids zoomed in or out.
    Zoom {
        closer: bool,
    },
    /// Page Down: Pip's next line (or the next step at the end).
    NextLine,
    PreviousLine,
    Paste(String),
    PasteImage(std::sync::Arc<egui::ColorImage>),
    Dropped(PathBuf),
}

/// This frame's actions. Shortcuts are consumed so that egui does not also
/// act on them; keys go to a text field instead while one has the focus.
pub(super) fn read(ctx: &egui::Context, notes_mode: bool) -> Vec<InputAction> {
    // One file at a time: the first of several dropped is opened.
    let mut actions: Vec<InputAction> = ctx.input(|i| {
        let first = i.raw.dropped_files.first();
        first
            .map(|f| InputAction::Dropped(f.path().to_path_buf()))
            .into_iter()
            .collect()
    });
    if ctx.egui_wants_keyboard_input() {
        return actions;
    }
    ctx.input_mut(|i| {
        for (command, shortcut) in SHORTCUTS {
            if i.consume_shortcut(shortcut) {
                actions.push(InputAction::Command(*command));
            }
        }
    });
    for event in ctx.input(|i| i.events.clone()) {
        match event {
            Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } if !modifiers.command => {
                // Shift (or Alt) writes the other kind: a note in number mode.
                let note = notes_mode != (modifiers.shift || modifiers.alt);
                let action = if let Some(digit) = digit_of(key) {
                    InputAction::Digit { digit, note }
                } else if let Some(ch) = symbol_of(key) {
                    InputAction::Symbol { ch, note }
                } else {
                    match key {
                        Key::ArrowUp => InputAction::Move { drow: -1, dcol: 0 },
                        Key::ArrowDown => InputAction::Move { drow: 1, dcol: 0 },
                        Key::ArrowLeft => InputAction::Move { drow: 0, dcol: -1 },
                        Key::ArrowRight => InputAction::Move { drow: 0, dcol: 1 },
                        Key::Plus | Key::Equals => InputAction::Zoom { closer: true },
                        Key::Minus => InputAction::Zoom { closer: false },
                        Key::Delete | Key::Backspace => InputAction::Erase,
                        Key::PageDown => InputAction::NextLine,
                        Key::PageUp => InputAction::PreviousLine,
                        _ => continue,
                    }
                };
                actions.push(action);
            }
            Event::Paste(text) => actions.push(InputAction::Paste(text)),
            Event::PasteImage(image) => actions.push(InputAction::PasteImage(image)),
            _ => {}
        }
    }
    actions
}

fn digit_of(key: Key) -> Option<u8> {
    Some(match key {
        Key::Num1 => 1,
        Key::Num2 => 2,
        Key::Num3 => 3,
        Key::Num4 => 4,
        Key::Num5 => 5,
        Key::Num6 => 6,
        Key::Num7 => 7,
        Key::Num8 => 8,
        Key::Num9 => 9,
        _ => return None,
    })
}

/// The keys of the symbols past 9, and the 0 of a hexadecimal grid.
fn symbol_of(key: Key) -> Option<char> {
    Some(match key {
        Key::Num0 => '0',
        Key::A => 'A',
        Key::B => 'B',
        Key::C => 'C',
        Key::D => 'D',
        Key::E => 'E',
        Key::F => 'F',
        Key::G => 'G',
        _ => return None,
    })
}
