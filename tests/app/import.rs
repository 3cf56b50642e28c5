//! Photos: the correction screen (corners, fixes, validation), misread
//! entries, photos with no grid or in the wrong format, EXIF orientation, a
//! real photo end to end, and one sent from a phone to the window's server.

use std::time::{Duration, Instant};

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudolens::app::Mood;
use sudolens::grid::{Cell, Grid};
use sudolens::hint::cell_name;
use sudolens::hint::Lang;

use crate::http;

use super::common::*;

/// The import screen on a synthetic photo (recognition itself is the photo
/// import's job; here the readings start empty and the player types them).
#[test]
fn import_screen_corners_fixes_and_validation() {
    use sudolens::app::ReadCell;
    let dir = TestDir::new("import");
    let mut h = open_window(&dir);
    let mut readings: [ReadCell; 81] = std::array::from_fn(|_| ReadCell::default());
    readings[0] = ReadCell {
        digit: 7,
        entry: false,
        uncertain: true,
        choices: vec![1, 7, 0],
        ..ReadCell::default()
    };
    open_photo_screen(&mut h, readings, [200, 150], 10.0);
    h.run_steps(2);
    h.get_by_label("photo r1c1: 7, printed, uncertain");

    // Drag the top-left corner.
    let handle = h.get_by_label("corner top-left").rect().center();
    h.drag_at(handle);
    h.step();
    h.hover_at(handle + egui::vec2(20.0, 10.0));
    h.step();
    h.drop_at(handle + egui::vec2(20.0, 10.0));
    h.step();
    let moved = h.state().import().unwrap().corners[0];
    assert!(moved.x > 10.5 && moved.y > 10.5, "{moved:?}");

    // Clicking the uncertain cell shows its crop from the photo, enlarged,
    // with Pip's question and the likely digits, the solution's first.
    assert!(h.query_by_label("photo of r1c1, enlarged").is_none());
    click(&mut h, "photo r1c1: 7, printed, uncertain");
    h.get_by_label("photo of r1c1, enlarged");
    h.get_by_label("I read a printed 7 here: is it what the paper shows?");
    click_frames(&mut h, "1", 2);
    h.get_by_label("photo r1c1: 1, printed");
    // Fix the cell, then type the rest of a puzzle's givens.
    press(&mut h, Modifiers::NONE, Key::Delete);
    h.get_by_label("photo r1c1: empty");

    // An almost empty grid has many solutions: Pip says so, the screen stays.
    use_this_grid(&mut h);
    assert!(h.state().import().is_some());
    assert_eq!(h.state().pip_mood(), Mood::Sorry);

    let puzzle = Grid::parse(PUZZLE).unwrap();
    for c in Cell::ALL {
        let d = puzzle.get(c);
        if d != 0 {
            click(&mut h, &format!("photo {c}: empty"));
            press(&mut h, Modifiers::NONE, digit_key(d));
        }
    }
    use_this_grid(&mut h);
    assert!(h.state().import().is_none(), "{:?}", h.state().status());
    assert_eq!(*h.state().board().givens(), puzzle);
}

/// An entry read from a photo that does not fit the solution is asked
/// about, by Hint and by Check, never crossed out as the player's mistake;
/// once the player types over it, it is theirs and is pointed at.
#[test]
fn a_misread_entry_is_a_question_not_a_mistake() {
    use sudolens::app::ReadCell;
    let dir = TestDir::new("misread");
    let mut h = open_window(&dir);
    let puzzle = Grid::parse(EASY).unwrap();
    let c = Cell::ALL.into_iter().find(|&c| puzzle.get(c) == 0).unwrap();
    let misread = wrong_candidate(EASY, c);
    let readings: [ReadCell; 81] = std::array::from_fn(|i| {
        let given = puzzle.get(Cell::ALL[i]);
        ReadCell {
            digit: if Cell::ALL[i] == c { misread } else { given },
            entry: Cell::ALL[i] == c,
            ..ReadCell::default()
        }
    });
    open_photo_screen(&mut h, readings, [90, 90], 0.0);
    h.run_steps(2);
    use_this_grid(&mut h);
    assert!(h.state().import().is_none(), "{:?}", h.state().status());
    assert_eq!(h.state().board().value(c), misread);

    for (modifiers, key) in [(Modifiers::NONE, Key::H), (Modifiers::COMMAND, Key::K)] {
        press(&mut h, modifiers, key);
        wait(&mut h);
        let (p, _) = h.state().dialogue().current().unwrap();
        let text: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
        let read = format!(
            "From your photo I read a {misread} in {}",
            cell_name(c, Lang::En)
        );
        assert!(text[0].starts_with(&read), "{text:?}");
        assert!(text.iter().any(|t| t.contains("Is it what you wrote?")));
        assert!(!text
            .iter()
            .any(|t| t.contains("not right") || t.contains("mistake")));
        assert!(h.state().marks().wrong.is_empty(), "not crossed out");
        assert_ne!(h.state().pip_mood(), Mood::Sorry);
    }

    // Typed by the player: now it is theirs, and Check says so.
    click(&mut h, &format!("{}: {misread}", plain(c)));
    press(&mut h, Modifiers::NONE, Key::Delete);
    h.step();
    h.key_press(digit_key(misread));
    h.step();
    assert_eq!(
        h.state().board().value(c),
        misread,
        "{:?}",
        h.state().status()
    );
    press(&mut h, Modifiers::COMMAND, Key::K);
    wait(&mut h);
    let line = &h.state().dialogue().current_line().unwrap().text;
    assert!(line.contains("does not match the solution"), "{line}");
    assert_eq!(h.state().marks().wrong, vec![c]);
}

/// A photo with no grid in it: Pip says so in plain words, and no grid,
/// no correction screen, appears.
#[test]
fn a_photo_without_a_grid_gets_pips_plain_words() {
    let dir = TestDir::new("nogrid");
    let mut h = open_window(&dir);
    // a blank page: paper, no lines
    let page = image::GrayImage::from_pixel(400, 300, image::Luma([235u8]));
    let path = dir.join("page.png");
    page.save(&path).unwrap();
    open_file(&mut h, &path);
    assert!(h.state().import().is_none());
    let said = &h.state().dialogue().current_line().unwrap().text;
    assert!(said.starts_with("I couldn't find a Sudoku grid"), "{said}");
    assert_eq!(h.state().pip_mood(), Mood::Sorry);
}

/// A real photo end to end: opened, read by the importer, shown on the
/// correction screen, accepted as the new game.
#[test]
fn a_photo_opens_the_correction_screen_and_becomes_the_game() {
    let dir = TestDir::new("photo");
    let mut h = open_window(&dir);
    let (photo, givens) = sample_photo();
    open_file(&mut h, &photo);
    let screen = h.state().import().expect("the correction screen is open");
    assert_eq!(screen.givens(), givens, "{:?}", h.state().status());
    // Pip says what it found while the screen shows the photo
    let said = h.state().dialogue().current().unwrap().0.lines[0]
        .text
        .clone();
    let found = format!("I found {} printed digits", givens.filled_count());
    assert!(said.starts_with(&found), "{said}");
    let paragraphs = h.state().dialogue().paragraphs();
    let before = &paragraphs[paragraphs.len() - 2].lines[0].text;
    assert!(before.starts_with("Let me read your photo"), "{before}");
    h.run_steps(2);
    use_this_grid(&mut h);
    assert!(h.state().import().is_none(), "{:?}", h.state().status());
    assert_eq!(*h.state().board().givens(), givens);
    // Issue 30: the bubble still said "… then press Use this grid".
    h.run_steps(2);
    let said = h.state().dialogue().current_line().unwrap().text.clone();
    assert!(!said.contains("Use this grid"), "a stale bubble: {said}");
    assert!(said.contains("is on the board now"), "{said}");
}

/// Game → Use your phone: the panel shows the page's address as a QR code,
/// a photo uploaded to its server over real HTTP opens the correction screen
/// as a dropped photo does, and closing the panel stops the server.
#[test]
fn a_photo_from_the_phone_opens_the_correction_screen() {
    let dir = TestDir::new("phone");
    let mut h = open_window(&dir);
    let url = open_phone_panel(&mut h);
    assert!(
        url.starts_with("http://127.0.0.1:") && url.contains("/?t="),
        "{url}"
    );
    h.get_by_label(&format!("QR code of the page: {url}"));
    h.get_by_label_contains("Scan this code with your phone");

    let site = http::Site::from_url(&url);
    assert_eq!(site.get("/api/info").json()["window"], true);
    let (photo, givens) = sample_photo();
    let photo = std::fs::read(photo).unwrap();
    let r = site.post(
        "/api/window/photo?name=IMG_0042.jpg&lang=en",
        "image/jpeg",
        &photo,
    );
    assert_eq!(r.status, 202, "{}", r.text());
    let start = Instant::now();
    while h.state().import().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the photo never opened: {:?}",
            h.state().status()
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
        wait(&mut h);
    }
    let screen = h.state().import().unwrap();
    assert_eq!(screen.name, "IMG_0042.jpg");
    assert_eq!(screen.givens(), givens);

    // Closing the panel stops the server.
    click_frames(&mut h, "Close (stops the server)", 2);
    assert!(h.state().phone_url().is_none());
    let start = Instant::now();
    while std::net::TcpStream::connect(site.addr).is_ok() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the server still listens"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `jpeg` with an EXIF APP1 segment saying its pixels must be turned by
/// `orientation` (6: 90° clockwise, as phones store portrait photos).
fn with_exif_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    let mut tiff = b"MM\0*\0\0\0\x08".to_vec();
    tiff.extend_from_slice(&1u16.to_be_bytes()); // one IFD entry
    tiff.extend_from_slice(&0x0112u16.to_be_bytes()); // Orientation
    tiff.extend_from_slice(&3u16.to_be_bytes()); // SHORT
    tiff.extend_from_slice(&1u32.to_be_bytes());
    tiff.extend_from_slice(&orientation.to_be_bytes());
    tiff.extend_from_slice(&[0, 0, 0, 0, 0, 0]); // padding, no next IFD
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&tiff);
    let mut out = jpeg[..2].to_vec(); // SOI
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&app1);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// A portrait phone photo, stored sideways with an EXIF orientation, is
/// shown upright on the correction screen, its outline turned with it;
/// the reading is the same.
#[test]
fn a_sideways_stored_photo_is_previewed_upright() {
    let dir = TestDir::new("exif");
    let (photo, givens) = sample_photo();
    let jpeg = std::fs::read(photo).unwrap();
    let (w, h) = image::load_from_memory(&jpeg)
        .unwrap()
        .into_luma8()
        .dimensions();
    let path = dir.join("portrait.jpg");
    std::fs::write(&path, with_exif_orientation(&jpeg, 6)).unwrap();
    let mut h_ = open_window(&dir);
    h_.state_mut().open_path(&path, &egui::Context::default());
    wait(&mut h_);
    let screen = h_.state().import().expect("the correction screen is open");
    assert_eq!(
        (screen.size.x, screen.size.y),
        (h as f32, w as f32),
        "turned upright"
    );
    for c in screen.corners {
        assert!((0.0..=h as f32).contains(&c.x) && (0.0..=w as f32).contains(&c.y));
    }
    // The top-left corner of the grid, turned 90° clockwise, is now on the right.
    assert!(
        screen.corners[0].x > screen.size.x / 2.0,
        "{:?}",
        screen.corners
    );
    assert_eq!(screen.givens(), givens);
}

/// Photos are told by their content: a GIF is named as such, with the
/// formats that work, whatever its file name says.
#[test]
fn a_gif_is_named_with_the_formats_that_work() {
    let dir = TestDir::new("gif");
    let path = dir.join("grid.txt");
    // A 1x1 GIF89a.
    let gif = b"GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff!\xf9\x04\x01\0\0\0\0,\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;";
    std::fs::write(&path, gif).unwrap();
    let mut h = open_window(&dir);
    h.state_mut().open_path(&path, &egui::Context::default());
    wait(&mut h);
    let status = h.state().status().unwrap().clone();
    assert!(status.error, "{status:?}");
    assert!(
        status.text.contains("GIF") && status.text.contains("JPEG, PNG, WebP or BMP"),
        "{status:?}"
    );
}

/// An X-Sudoku read from a photo: as a classic its printed digits have
/// several solutions; the player picks the X rules on the correction
/// screen, Pip says them, and hints play it to the end on its diagonals.
#[test]
fn an_x_sudoku_from_a_photo_is_read_by_its_rules_and_played_to_the_end() {
    use sudolens::app::ReadCell;
    const X_PUZZLE: &str =
        "........1..2.....7.7..6.4.2....9.7.3.........6.1.8....7.6.5..3.9.....1..3........";
    let dir = TestDir::new("x-photo");
    let mut h = open_window(&dir);
    let puzzle = Grid::parse(X_PUZZLE).unwrap();
    let readings: [ReadCell; 81] = std::array::from_fn(|i| ReadCell {
        digit: puzzle.digits()[i],
        ..ReadCell::default()
    });
    open_photo_screen(&mut h, readings, [90, 90], 0.0);
    h.run_steps(2);
    use_this_grid(&mut h);
    assert!(
        h.state().import().is_some(),
        "as a classic it has several solutions"
    );
    click(&mut h, "X-Sudoku (diagonals)");
    h.run_steps(2);
    let said = pip_said(&h).join(" ");
    assert!(
        said.contains("diagonals hold every digit once too"),
        "{said}"
    );
    assert!(said.contains("exactly one solution"), "{said}");
    use_this_grid(&mut h);
    assert!(h.state().import().is_none(), "{:?}", h.state().status());
    assert_eq!(h.state().board().shape().name(), "x");
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    for _ in 0..300 {
        if h.state().board().is_solved() {
            break;
        }
        press(&mut h, Modifiers::COMMAND, Key::P);
        wait(&mut h);
    }
    let shape = sudolens::grid::Shape::parse_name("x").unwrap();
    let solution = sudolens::solver::solve_shaped(&shape, puzzle.digits()).unwrap();
    assert_eq!(h.state().board().grid().digits().to_vec(), solution);
}
