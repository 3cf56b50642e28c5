//! Synthetic screenshots of Sudoku apps and web pages with their truth: the committed ones
//! (`tests/data/screens`, made by `models/train/gen_screens.py --fonts test`) and those drawn
//! at run time (`screen_maker.rs`), shared by `tests/it/vision/screens.rs` and
//! `benches/vision.rs`.

use super::screen_maker::DrawnScreen;
use std::path::{Path, PathBuf};
use sudolens::vision::{self, DigitModel, ImportOptions, ImportResult};

/// One screenshot and the givens it shows.
pub struct Screen {
    pub path: PathBuf,
    pub givens: String,
    /// `light` or `dark`.
    pub theme: String,
}

/// The screenshots listed in `dir/truth.txt` (`name givens81 handwritten
/// theme corners` per line, `#` for comments); none when it is absent.
pub fn screens(dir: &Path) -> Vec<Screen> {
    let Ok(text) = std::fs::read_to_string(dir.join("truth.txt")) else {
        return Vec::new();
    };
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            Some(Screen {
                path: dir.join(fields.first()?),
                givens: fields.get(1)?.to_string(),
                theme: fields.get(3)?.to_string(),
            })
        })
        .collect()
}

/// How a committed screenshot was read: right (every given, no handwriting, not turned), or
/// what went wrong.
pub fn read_screen(screen: &Screen, model: &DigitModel) -> Result<(), String> {
    let r = vision::import_path(&screen.path, model, &ImportOptions::default())
        .map_err(|e| e.to_string())?;
    judge(&r, &screen.givens)
}

/// The same for a screenshot drawn at run time.
pub fn read_drawn(screen: &DrawnScreen, model: &DigitModel) -> Result<(), String> {
    let r = vision::import_bytes(&screen.bytes, model, &ImportOptions::default())
        .map_err(|e| e.to_string())?;
    judge(&r, &screen.givens)
}

fn judge(r: &ImportResult, givens: &str) -> Result<(), String> {
    let mut wrong = Vec::new();
    if r.givens.to_line() != givens {
        wrong.push(format!("givens {}", r.givens.to_line()));
    }
    if r.entries.filled_count() > 0 {
        wrong.push(format!(
            "{} digits taken for handwriting",
            r.entries.filled_count()
        ));
    }
    if r.orientation != 0 {
        wrong.push(format!("turned {} degrees", r.orientation));
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(wrong.join("; "))
    }
}

/// "x/n = p% read right (every given, upright, none taken for handwriting); dark theme
/// x/n", from (theme, read right) pairs.
pub fn summary(outcomes: &[(String, bool)]) -> String {
    let right = outcomes.iter().filter(|o| o.1).count();
    let dark: Vec<bool> = outcomes
        .iter()
        .filter(|o| o.0 == "dark")
        .map(|o| o.1)
        .collect();
    format!(
        "{right}/{} = {:.1}% read right (every given, upright, none taken for handwriting); \
         dark theme {}/{}",
        outcomes.len(),
        100.0 * right as f64 / outcomes.len().max(1) as f64,
        dark.iter().filter(|&&ok| ok).count(),
        dark.len()
    )
}
