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

/// The images committed in `tests/data/<folder>`, checked to be all `count` of them (a
/// truth.txt that lost a line must not shrink a test quietly).
#[allow(dead_code)] // the tests' alone: the bench reads a folder it may be given instead
pub fn committed(folder: &str, count: usize) -> Vec<Screen> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(folder);
    let all = screens(&dir);
    assert_eq!(
        all.len(),
        count,
        "tests/data/{folder}/truth.txt lists every image"
    );
    all
}

/// Why a screenshot was not read right. One screen can miss in several ways; each way is
/// counted once per screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MissClass {
    /// No grid found (or the import failed otherwise).
    NoGrid,
    /// The grid was turned.
    Turned,
    /// A printed given read as the player's handwriting.
    GivenAsHandwriting,
    /// A given read as another digit.
    GivenMisread,
    /// A given read as an empty cell.
    GivenMissed,
    /// An empty cell (with or without pencil marks) read as a given or an entry.
    EmptyAsDigit,
}

impl MissClass {
    pub const ALL: [MissClass; 6] = [
        MissClass::NoGrid,
        MissClass::Turned,
        MissClass::GivenAsHandwriting,
        MissClass::GivenMisread,
        MissClass::GivenMissed,
        MissClass::EmptyAsDigit,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MissClass::NoGrid => "grid not found",
            MissClass::Turned => "turned",
            MissClass::GivenAsHandwriting => "given taken for handwriting",
            MissClass::GivenMisread => "given misread",
            MissClass::GivenMissed => "given missed",
            MissClass::EmptyAsDigit => "empty cell read as a digit",
        }
    }
}

/// A screenshot read wrong: the ways it went wrong and what was read.
#[derive(Clone, Debug)]
pub struct Miss {
    pub classes: Vec<MissClass>,
    pub text: String,
}

impl std::fmt::Display for Miss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// How a committed screenshot was read: right (every given, no handwriting, not turned), or
/// what went wrong.
pub fn read_screen(screen: &Screen, model: &DigitModel) -> Result<(), Miss> {
    let r = vision::import_path(&screen.path, model, &ImportOptions::default()).map_err(no_grid)?;
    judge(&r, &screen.givens)
}

/// The same for a screenshot drawn at run time.
pub fn read_drawn(screen: &DrawnScreen, model: &DigitModel) -> Result<(), Miss> {
    let r =
        vision::import_bytes(&screen.bytes, model, &ImportOptions::default()).map_err(no_grid)?;
    judge(&r, &screen.givens)
}

fn no_grid(e: vision::ImportError) -> Miss {
    Miss {
        classes: vec![MissClass::NoGrid],
        text: e.to_string(),
    }
}

fn judge(r: &ImportResult, givens: &str) -> Result<(), Miss> {
    let mut wrong = Vec::new();
    let mut classes = Vec::new();
    let read = r.givens.to_line();
    if read != givens {
        wrong.push(format!("givens {read}"));
    }
    let entries = r.entries.to_line();
    for ((want, got), entry) in givens.chars().zip(read.chars()).zip(entries.chars()) {
        let class = match (want, got, entry) {
            ('.', '.', '.') => continue,
            ('.', _, _) => MissClass::EmptyAsDigit,
            (_, '.', '.') => MissClass::GivenMissed,
            (_, '.', _) => MissClass::GivenAsHandwriting,
            (w, g, _) if w != g => MissClass::GivenMisread,
            _ => continue,
        };
        classes.push(class);
    }
    if r.entries.filled_count() > 0 {
        wrong.push(format!(
            "{} digits taken for handwriting",
            r.entries.filled_count()
        ));
    }
    if r.orientation != 0 {
        wrong.push(format!("turned {} degrees", r.orientation));
        classes = vec![MissClass::Turned];
    }
    classes.sort();
    classes.dedup();
    if wrong.is_empty() {
        Ok(())
    } else {
        let names: Vec<&str> = classes.iter().map(|c| c.name()).collect();
        Err(Miss {
            text: format!("[{}] {}", names.join(", "), wrong.join("; ")),
            classes,
        })
    }
}

/// "grid not found 2, given misread 1, ...": how many screens missed in each way, from
/// the misses of a set of screens.
pub fn miss_classes<'a>(misses: impl Iterator<Item = &'a Miss>) -> String {
    let mut counts = [0usize; MissClass::ALL.len()];
    for m in misses {
        for c in &m.classes {
            counts[MissClass::ALL.iter().position(|a| a == c).unwrap_or(0)] += 1;
        }
    }
    let parts: Vec<String> = MissClass::ALL
        .iter()
        .zip(counts)
        .map(|(c, n)| format!("{} {n}", c.name()))
        .collect();
    parts.join(", ")
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
