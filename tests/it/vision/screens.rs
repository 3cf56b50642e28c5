//! Synthetic screenshots: thin light fonts, sub-pixel fringes, light and dark themes, app
//! shading, JPEG artefacts, in font families no training data shows. Each must read exactly,
//! upright and with no digit taken for handwriting. The committed ones
//! (`tests/data/screens`) and those drawn at run time (`tests/common/screen_maker.rs`) each
//! have a floor a little under what the bundled model reaches, so a regression fails.

use crate::screen_maker::{self, TEST_SCREENS};
use crate::screens::{read_drawn, read_screen, screens, summary};
use std::path::Path;
use sudolens::vision::DigitModel;

/// Committed screens read right by the bundled model, of [`COMMITTED_SCREENS`].
const COMMITTED_RIGHT_FLOOR: usize = 38;
const COMMITTED_SCREENS: usize = 40;
/// Screens drawn at run time read right, of [`TEST_SCREENS`].
const DRAWN_RIGHT_FLOOR: usize = 90;

#[test]
fn committed_synthetic_screenshots_read_right() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/screens");
    let all = screens(&dir);
    assert_eq!(
        all.len(),
        COMMITTED_SCREENS,
        "tests/data/screens/truth.txt lists every screen"
    );
    let model = DigitModel::bundled().unwrap();
    let mut outcomes = Vec::new();
    for s in &all {
        let outcome = read_screen(s, &model);
        if let Err(why) = &outcome {
            eprintln!("{} ({}): {why}", s.path.display(), s.theme);
        }
        outcomes.push((s.theme.clone(), outcome.is_ok()));
    }
    eprintln!("committed synthetic screens: {}", summary(&outcomes));
    let right = outcomes.iter().filter(|o| o.1).count();
    assert!(right >= COMMITTED_RIGHT_FLOOR, "{right} screens right");
}

#[test]
fn synthetic_screenshots_drawn_at_run_time_read_right() {
    let model = DigitModel::bundled().unwrap();
    let mut outcomes = Vec::new();
    for k in 0..TEST_SCREENS {
        let s = screen_maker::draw(k);
        let outcome = read_drawn(&s, &model);
        if let Err(why) = &outcome {
            eprintln!("{} ({}): {why}", s.description, s.theme());
        }
        outcomes.push((s.theme().to_string(), outcome.is_ok()));
    }
    eprintln!(
        "synthetic screens drawn at run time: {}",
        summary(&outcomes)
    );
    let right = outcomes.iter().filter(|o| o.1).count();
    assert!(right >= DRAWN_RIGHT_FLOOR, "{right} screens right");
}

#[test]
fn drawn_screens_are_deterministic_and_varied() {
    let a = screen_maker::draw(3);
    assert_eq!(a.bytes, screen_maker::draw(3).bytes);
    assert_eq!(a.givens.len(), 81);
    let themes: Vec<&str> = (0..20).map(|k| screen_maker::draw(k).theme()).collect();
    assert!(themes.contains(&"dark") && themes.contains(&"light"));
}
