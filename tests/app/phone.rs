//! The phone panel's address (issue 30): it was about 8 px high, could not
//! be copied, and its token mixed `l` and `I`.

use egui::OutputCommand;
use egui_kittest::kittest::Queryable;

use super::common::*;

/// The address is large and selectable, Copy puts it on the clipboard, and
/// its token uses no look-alike characters.
#[test]
fn the_phone_address_is_large_copyable_and_unambiguous() {
    let dir = TestDir::new("phone-address");
    let mut h = open_window(&dir);
    let url = open_phone_panel(&mut h);
    let (_, token) = url.split_once("/?t=").expect("a token in the address");
    // Lower-case Crockford base32: no i, l, o or u, no capitals.
    let alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
    assert!(
        token.chars().all(|c| alphabet.contains(c)),
        "a look-alike character in {token}"
    );
    assert!(token.len() * 5 >= 192, "no less entropy than before");

    let address = h.get_by_label(&url);
    assert!(
        address.rect().height() >= 16.0,
        "the address is {} px high",
        address.rect().height()
    );
    h.get_by_label("Copy the address").click();
    h.step();
    let copied = h
        .output()
        .platform_output
        .commands
        .iter()
        .any(|c| matches!(c, OutputCommand::CopyText(text) if *text == url));
    assert!(copied, "{:?}", h.output().platform_output.commands);
    h.run_steps(2);
    h.get_by_label("Address copied.");
    click_frames(&mut h, "Close (stops the server)", 2);
    assert!(h.state().phone_url().is_none());
}
