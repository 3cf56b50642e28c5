//! Which way is up, on photos of newspapers whose print the dataset's newspaper does not use
//! (`tests/data/newspapers`: pages Chromium drew, photographed by a simulated camera, made by
//! `models/train/browser_newspapers.py`). Each photo is read as taken and turned by each
//! quarter turn: every given right, none taken for handwriting, and the turn that undoes it.

use crate::common::map_in_parallel;
use crate::screens::committed;
use sudolens::vision::{self, DigitModel, ImportOptions};

#[test]
fn newspaper_photos_in_other_fonts_read_right_whichever_way_up() {
    // newspaper0167 (a serif at a regular weight, small in its cells) read upside down as it
    // lay: its turned print looked like handwriting, which the model read with more
    // confidence than the print. newspaper0094, upside down or sideways, was left as it lay:
    // its nine clearest digits (6s, 9s, 5s) read plausibly upside down, and its flat,
    // noiseless paper passed for a screenshot's
    let photos = committed("newspapers", 2);
    let model = DigitModel::bundled().unwrap();
    let cases: Vec<(usize, u16)> = (0..photos.len())
        .flat_map(|k| [0, 90, 180, 270].map(|turn| (k, turn)))
        .collect();
    let outcomes = map_in_parallel(&cases, |&(k, turn)| {
        let photo = image::open(&photos[k].path).unwrap();
        // turned anticlockwise by `turn`, the photo needs `turn` clockwise to be upright
        let taken = match turn {
            90 => photo.rotate270(),
            180 => photo.rotate180(),
            270 => photo.rotate90(),
            _ => photo,
        };
        let mut png = std::io::Cursor::new(Vec::new());
        taken.write_to(&mut png, image::ImageFormat::Png).unwrap();
        let read = vision::import_bytes(png.get_ref(), &model, &ImportOptions::default());
        let name = photos[k].path.file_name().unwrap().to_string_lossy();
        match read {
            Err(e) => Err(format!("{name} turned {turn}: {e}")),
            Ok(r) if r.orientation != turn => Err(format!(
                "{name} turned {turn}: read as turned {}",
                r.orientation
            )),
            Ok(r) if r.givens.to_line() != photos[k].givens || r.entries.filled_count() > 0 => {
                Err(format!(
                    "{name} turned {turn}: givens {}, entries {}",
                    r.givens.to_line(),
                    r.entries.to_line()
                ))
            }
            Ok(_) => Ok(()),
        }
    });
    let misses: Vec<String> = outcomes.into_iter().filter_map(Result::err).collect();
    assert!(misses.is_empty(), "{misses:#?}");
}
