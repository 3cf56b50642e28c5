//! Colours of the board: a paper-like palette kept in light and dark themes.

use egui::Color32;
pub(super) const PAPER: Color32 = Color32::from_rgb(0xfb, 0xfa, 0xf6);
pub(super) const GIVEN_BG: Color32 = Color32::from_rgb(0xe9, 0xe7, 0xe1);
pub(super) const INK: Color32 = Color32::from_rgb(0x1a, 0x1a, 0x1a);
pub(super) const ENTRY: Color32 = Color32::from_rgb(0x1f, 0x4e, 0x9c);
pub(super) const REVEALED: Color32 = Color32::from_rgb(0x6a, 0x3d, 0x9a);
pub(super) const NOTE: Color32 = Color32::from_rgb(0x55, 0x55, 0x55);
pub(super) const PEER: Color32 = Color32::from_rgb(0xe3, 0xec, 0xf7);
pub(super) const SELECTED: Color32 = Color32::from_rgb(0xbf, 0xd6, 0xf6);
pub(super) const SAME_DIGIT: Color32 = Color32::from_rgb(0x2b, 0x6c, 0xd4);
pub(super) const BLUE: Color32 = Color32::from_rgb(0x00, 0x5a, 0xc8);
pub(super) const BLUE_LIGHT: Color32 = Color32::from_rgb(0xc6, 0xdd, 0xff);
pub(super) const RED: Color32 = Color32::from_rgb(0xc8, 0x1e, 0x1e);
pub(super) const GREEN: Color32 = Color32::from_rgb(0x1b, 0x7f, 0x3b);
pub(super) const UNIT: Color32 = Color32::from_rgb(0xff, 0xf3, 0xc4);
pub(super) const HATCH: Color32 = Color32::from_rgb(0xe0, 0xc8, 0x6a);
pub(super) const LINE: Color32 = Color32::from_rgb(0x9a, 0x9a, 0x9a);
/// The cells of a variant's extra houses (X's diagonals, Hyper's
/// windows), shaded as the newspapers print them.
pub(super) const EXTRA_HOUSE: Color32 = Color32::from_rgb(0xdc, 0xe6, 0xd8);
/// A cell an odd/even puzzle shades.
pub(super) const PARITY: Color32 = Color32::from_rgb(0xc9, 0xc9, 0xc9);
