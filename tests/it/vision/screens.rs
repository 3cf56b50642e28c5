//! Synthetic screenshots: thin light fonts, sub-pixel fringes, light and dark themes, app
//! shading, JPEG artefacts, in font families no training data shows. Each must read exactly,
//! upright and with no digit taken for handwriting. The committed ones
//! (`tests/data/screens`) and those drawn at run time (`tests/common/screen_maker.rs`) each
//! have a floor a little under what the bundled model reaches, so a regression fails.

use crate::common::map_in_parallel;
use crate::screen_maker::{self, TEST_SCREENS};
use crate::screens::{committed, miss_classes, read_drawn, read_screen, summary};
use std::path::Path;
use sudolens::grid::Cell;
use sudolens::solver::Verdict;
use sudolens::vision::{self, DigitModel, ImportOptions};

/// Committed screens read right by the bundled model, of [`COMMITTED_SCREENS`]: measured 40
/// once the screen's own glyphs settle kinds and pencil marks (`vision::screen_glyphs`), 39
/// before; a screen of slack.
const COMMITTED_RIGHT_FLOOR: usize = 39;
const COMMITTED_SCREENS: usize = 40;
/// Screens drawn at run time read right, of [`TEST_SCREENS`]: measured 99 once a screen's
/// lattice is judged on its plain pixels, lines hidden in a shade of their own colour do not
/// count against it, and an outline one row of buttons off is moved back (98 before, 92
/// before `vision::screen_glyphs`; over the bench's 400, 398 against 394 and 376, and 399
/// once a screen's box lines vouch for thin lines hidden in its shading); a screen of slack.
const DRAWN_RIGHT_FLOOR: usize = 98;

#[test]
fn committed_synthetic_screenshots_read_right() {
    let all = committed("screens", COMMITTED_SCREENS);
    let model = DigitModel::bundled().unwrap();
    let mut outcomes = Vec::new();
    let mut misses = Vec::new();
    let readings = map_in_parallel(&all, |s| read_screen(s, &model));
    for (s, outcome) in all.iter().zip(readings) {
        if let Err(why) = &outcome {
            eprintln!("{} ({}): {why}", s.path.display(), s.theme);
            misses.push(why.clone());
        }
        outcomes.push((s.theme.clone(), outcome.is_ok()));
    }
    eprintln!("committed synthetic screens: {}", summary(&outcomes));
    eprintln!("  misses by class: {}", miss_classes(misses.iter()));
    let right = outcomes.iter().filter(|o| o.1).count();
    assert!(right >= COMMITTED_RIGHT_FLOOR, "{right} screens right");
}

#[test]
fn synthetic_screenshots_drawn_at_run_time_read_right() {
    let model = DigitModel::bundled().unwrap();
    // other screens while iterating: SUDOLENS_DRAWN_SCREENS=400 draws screens 0..400 (the
    // floor scales with them), =400..800 screens the bench never measures, to tune on;
    // SUDOLENS_SCREENS_DUMP=folder writes each missed screen there, to read with
    // `sudolens import --debug-dir`
    let dump = std::env::var_os("SUDOLENS_SCREENS_DUMP").map(std::path::PathBuf::from);
    let range = std::env::var("SUDOLENS_DRAWN_SCREENS")
        .ok()
        .and_then(|v| match v.split_once("..") {
            Some((a, b)) => Some(a.parse().ok()?..b.parse().ok()?),
            None => Some(0..v.parse().ok()?),
        })
        .unwrap_or(0..TEST_SCREENS);
    let count = range.len();
    let mut outcomes = Vec::new();
    let mut misses = Vec::new();
    let mut pencil = (0, 0);
    let screens: Vec<usize> = range.collect();
    let drawn_and_read = map_in_parallel(&screens, |&k| {
        let s = screen_maker::draw(k);
        let outcome = read_drawn(&s, &model);
        (s, outcome)
    });
    for (&k, (s, outcome)) in screens.iter().zip(drawn_and_read) {
        if let Err(why) = &outcome {
            eprintln!("{} ({}): {why}", s.description, s.theme());
            misses.push(why.clone());
            if let Some(dir) = &dump {
                let ext = if s.description.ends_with("PNG") {
                    "png"
                } else {
                    "jpg"
                };
                std::fs::write(dir.join(format!("screen{k}.{ext}")), &s.bytes).unwrap();
            }
        }
        if s.pencil_marks {
            pencil = (pencil.0 + usize::from(outcome.is_ok()), pencil.1 + 1);
        }
        outcomes.push((s.theme().to_string(), outcome.is_ok()));
    }
    eprintln!(
        "synthetic screens drawn at run time: {}; with pencil marks {}/{}",
        summary(&outcomes),
        pencil.0,
        pencil.1
    );
    eprintln!("  misses by class: {}", miss_classes(misses.iter()));
    let right = outcomes.iter().filter(|o| o.1).count();
    assert!(
        right * TEST_SCREENS >= DRAWN_RIGHT_FLOOR * count,
        "{right} screens right of {count}"
    );
}

#[test]
fn a_screen_whose_thin_lines_only_their_hue_shows_reads_right() {
    // every cell tinted pale blue, the thin lines a grey exactly as bright: in plain greys
    // the grid shows its box lines only, and is found once its colour is taken into account
    let model = DigitModel::bundled().unwrap();
    let screens: Vec<usize> = (0..6).collect();
    let read = map_in_parallel(&screens, |&k| {
        let s = screen_maker::draw_tinted(k);
        (s.description.clone(), read_drawn(&s, &model))
    });
    for (description, outcome) in read {
        if let Err(why) = outcome {
            panic!("{description}, tinted: {why}");
        }
    }
}

#[test]
fn drawn_screens_are_deterministic_and_varied() {
    let a = screen_maker::draw(3);
    assert_eq!(a.bytes, screen_maker::draw(3).bytes);
    assert_eq!(a.givens.len(), 81);
    let themes: Vec<&str> = (0..20).map(|k| screen_maker::draw(k).theme()).collect();
    assert!(themes.contains(&"dark") && themes.contains(&"light"));
}

/// Screens that Chromium drew (`tests/data/browser`): web pages laid out by a browser and
/// rasterised by Skia, not by the FreeType code of the other screens, in held-out font
/// families, with a page's title, number pad and a column of newspaper text.
#[test]
fn web_pages_drawn_by_a_browser_read_right() {
    let all = committed("browser", 9);
    let model = DigitModel::bundled().unwrap();
    for (screen, outcome) in all
        .iter()
        .zip(map_in_parallel(&all, |s| read_screen(s, &model)))
    {
        if let Err(why) = outcome {
            panic!("{} ({}): {why}", screen.path.display(), screen.theme);
        }
    }
}

#[test]
fn a_thin_given_as_small_as_pencil_marks_comes_back_by_the_rules_and_is_asked() {
    // r8c4's 3, in Inter at a light weight, fades at its middle stroke: its two halves each
    // look as small as pencil marks. Taken for them, the grid has several solutions; the rules
    // give the 3 back, and the player is asked about it rather than told
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/browser/browser0253.jpg");
    let model = DigitModel::bundled().unwrap();
    let read = vision::import_path(&path, &model, &ImportOptions::default()).unwrap();
    let r8c4 = Cell::new(7, 3);
    assert_eq!(read.givens.get(r8c4), 3);
    assert!(matches!(read.verdict, Verdict::Unique(_)));
    assert!(read.uncertain.contains(&r8c4), "{:?}", read.uncertain);
}
