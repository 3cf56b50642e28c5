//! The labelled newspaper photos of `../shared/photos` (the Wicht-Hennebert dataset, never
//! committed) and the figures measured on them, shared by `tests/it/vision/dataset.rs` and
//! `benches/vision.rs` (which includes this file by its path).

use std::path::{Path, PathBuf};
use sudolens::grid::{Cell, Grid};
use sudolens::vision::{read_dat, CellKind, ImportResult};

/// The part of the dataset a photo belongs to, by its number (models/README.md): the model
/// trains on the training split, every setting is chosen on the validation split, and the
/// held-out split only measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    Training,
    /// The validation part of the training photos (number ending in 1): never trained on;
    /// the temperature, `MISTAKE_SURE` and the other reading settings are chosen here.
    Validation,
    /// Photo numbers that are multiples of 5: never trained on, never used to choose.
    HeldOut,
}

impl Split {
    pub const ALL: [Split; 3] = [Split::Training, Split::Validation, Split::HeldOut];

    pub fn name(self) -> &'static str {
        match self {
            Split::Training => "training",
            Split::Validation => "validation",
            Split::HeldOut => "held-out",
        }
    }
}

/// One photo with its ground truth.
pub struct LabelledPhoto {
    pub path: PathBuf,
    /// The number in `imageN.jpg`.
    pub id: u32,
    pub handwritten: bool,
    /// Every digit visible in the photo (0 for none).
    pub digits: [u8; 81],
    /// The printed givens (for a handwritten photo, from its printed twin's `.dat`).
    pub printed: [u8; 81],
}

impl LabelledPhoto {
    /// What the cell should be read as.
    pub fn expected(&self, i: usize) -> (u8, CellKind) {
        match (self.digits[i], self.printed[i]) {
            (0, _) => (0, CellKind::Empty),
            (d, 0) => (d, CellKind::Handwritten),
            (d, _) => (d, CellKind::Printed),
        }
    }

    /// Cells read right: digit and printed/handwritten tag.
    pub fn cells_right(&self, r: &ImportResult) -> usize {
        (0..81)
            .filter(|&i| (r.cells[i].digit, r.cells[i].kind) == self.expected(i))
            .count()
    }

    /// The solution of the true givens, if they have one.
    pub fn true_solution(&self) -> Option<Grid> {
        let mut givens = Grid::empty();
        for (cell, &d) in Cell::ALL.iter().zip(&self.printed) {
            givens.set(*cell, d);
        }
        sudolens::solver::solve(&givens)
    }

    /// The entries read as a digit that disagrees with the solution the
    /// reading found, each with the model's confidence and whether the
    /// player really wrote a wrong digit there (else it is a misreading).
    pub fn disagreeing_entries(&self, r: &ImportResult) -> Vec<(Cell, f32, bool)> {
        let (Some(read), Some(truth)) = (r.solution, self.true_solution()) else {
            return Vec::new();
        };
        r.cells
            .iter()
            .filter(|c| c.kind == CellKind::Handwritten && c.digit != read.get(c.cell))
            .map(|c| {
                (
                    c.cell,
                    c.confidence,
                    self.digits[c.cell.index()] != truth.get(c.cell),
                )
            })
            .collect()
    }

    /// False accusations: entries reported as the player's likely mistake
    /// although the digit in the photo is the solution's (the true givens'
    /// solution), or there is no entry at all: the player was right and the
    /// reading was wrong.
    pub fn false_mistake_flags(&self, r: &ImportResult) -> Vec<Cell> {
        let Some(solution) = self.true_solution() else {
            return Vec::new();
        };
        r.cells
            .iter()
            .filter(|c| c.likely_mistake)
            .map(|c| c.cell)
            .filter(|&c| matches!(self.digits[c.index()], d if d == 0 || d == solution.get(c)))
            .collect()
    }

    pub fn split(&self) -> Split {
        if self.id.is_multiple_of(5) {
            Split::HeldOut
        } else if self.id % 10 == 1 {
            Split::Validation
        } else {
            Split::Training
        }
    }
}

/// The labelled photos under `root` (`printed/` and `handwritten/`), sorted by kind and id.
pub fn labelled_photos(root: &Path) -> Vec<LabelledPhoto> {
    let mut out = Vec::new();
    for (dir, handwritten) in [("printed", false), ("handwritten", true)] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            let Some(id) = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_prefix("image")?.strip_suffix(".jpg")?.parse().ok())
            else {
                continue;
            };
            let Some(digits) = read_dat(&path.with_extension("dat")) else {
                continue;
            };
            let printed = if handwritten {
                match read_dat(&root.join("printed").join(format!("image{id}.dat"))) {
                    Some(p) => p,
                    None => continue,
                }
            } else {
                digits
            };
            out.push(LabelledPhoto {
                path,
                id,
                handwritten,
                digits,
                printed,
            });
        }
    }
    out.sort_by_key(|p| (p.handwritten, p.id));
    out
}

/// The cells of `p` that `r` reads wrong, one line each: "training image12 r3c4: is a
/// handwritten 4, read as a handwritten 6 at 0.871; then handwritten 4 0.102, printed 6 0.020".
fn wrong_cells(p: &LabelledPhoto, r: &ImportResult) -> Vec<String> {
    let name = |(digit, kind): (u8, CellKind)| match kind {
        CellKind::Empty => "empty".to_string(),
        CellKind::Printed => format!("printed {digit}"),
        CellKind::Handwritten => format!("handwritten {digit}"),
    };
    r.cells
        .iter()
        .enumerate()
        .filter(|&(i, c)| (c.digit, c.kind) != p.expected(i))
        .map(|(i, c)| {
            let next: Vec<String> = c
                .alternatives
                .iter()
                .map(|a| format!("{} {:.3}", name((a.digit, a.kind)), a.probability))
                .collect();
            format!(
                "{} image{} {}: is {}, read as {} at {:.3}{}; then {}",
                p.split().name(),
                p.id,
                c.cell,
                name(p.expected(i)),
                name((c.digit, c.kind)),
                c.confidence,
                if c.corrected { " (corrected)" } else { "" },
                next.join(", ")
            )
        })
        .collect()
}

/// Cells and grids read right in one group of photos of one kind.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub cells_right: usize,
    pub cells: usize,
    pub grids_right: usize,
    pub grids: usize,
}

impl Tally {
    pub fn cells_pct(&self) -> f64 {
        100.0 * self.cells_right as f64 / self.cells.max(1) as f64
    }

    pub fn grids_pct(&self) -> f64 {
        100.0 * self.grids_right as f64 / self.grids.max(1) as f64
    }
}

/// Upper bounds of the confidence bins of the reliability table.
const BINS: [f32; 6] = [0.5, 0.9, 0.99, 0.999, 0.9999, f32::INFINITY];

/// Everything measured on the dataset photos: per split and kind, the grids and cells read
/// right, the false mistake flags, the entries that disagree with the solution, and how
/// often a reading of each confidence is right (the reliability table).
#[derive(Default)]
pub struct DatasetReport {
    /// [training, validation, held-out] x [printed, handwritten].
    tallies: [[Tally; 2]; 3],
    /// Right entries reported as the player's mistake: "split imageN r1c1".
    pub false_flags: Vec<String>,
    /// Every entry read as a digit the solution disagrees with.
    pub disagreeing: Vec<String>,
    /// Per split, the highest confidence of an entry misread as a digit the solution
    /// disagrees with: what `MISTAKE_SURE` must stay above.
    pub surest_misreading: [f32; 3],
    /// Photos not read fully right, with how many cells were; a held-out photo unnamed.
    pub not_fully_right: Vec<String>,
    /// Each cell read wrong in a training or validation photo: where, what it is, what it was
    /// read as and the model's next readings. Held-out photos are only counted (in
    /// `not_fully_right`): looking at their failures would turn them into design data.
    pub wrong_cells: Vec<String>,
    /// [split][bin]: (cells, confidence sum, right) over cells read or labelled as a digit.
    reliability: [[(usize, f64, usize); BINS.len()]; 3],
}

/// How a photo is named in the report: a held-out photo only by its kind, so that its
/// failures stay a count and never point at a photo to study (or tune to).
fn shown_name(p: &LabelledPhoto) -> String {
    match p.split() {
        Split::HeldOut if p.handwritten => "a held-out handwritten photo".into(),
        Split::HeldOut => "a held-out printed photo".into(),
        _ => p.path.display().to_string(),
    }
}

impl DatasetReport {
    /// Adds the reading of photo `p` (or why it failed).
    pub fn add(&mut self, p: &LabelledPhoto, reading: Result<&ImportResult, String>) {
        let s = p.split() as usize;
        let right = match reading {
            Ok(r) => {
                self.add_reading(p, r);
                p.cells_right(r)
            }
            Err(e) => {
                self.not_fully_right.push(format!("{}: {e}", shown_name(p)));
                0
            }
        };
        if right < 81 {
            self.not_fully_right
                .push(format!("{} {right}/81", shown_name(p)));
        }
        let t = &mut self.tallies[s][usize::from(p.handwritten)];
        t.cells_right += right;
        t.cells += 81;
        t.grids_right += usize::from(right == 81);
        t.grids += 1;
    }

    fn add_reading(&mut self, p: &LabelledPhoto, r: &ImportResult) {
        let split = p.split();
        let s = split as usize;
        if split != Split::HeldOut {
            self.wrong_cells.extend(wrong_cells(p, r));
        }
        for (cell, confidence, really_wrong) in p.disagreeing_entries(r) {
            let what = if really_wrong {
                "wrong entry"
            } else {
                self.surest_misreading[s] = self.surest_misreading[s].max(confidence);
                "misread"
            };
            let place = match split {
                Split::HeldOut => shown_name(p),
                _ => format!("{} image{} {cell}", split.name(), p.id),
            };
            self.disagreeing
                .push(format!("{place}: {what}, confidence {confidence:.5}"));
        }
        for cell in p.false_mistake_flags(r) {
            self.false_flags
                .push(format!("{} image{} {cell}", split.name(), p.id));
        }
        for (i, c) in r.cells.iter().enumerate() {
            let expected = p.expected(i);
            if c.digit == 0 && expected.0 == 0 {
                continue;
            }
            let bin = BINS.iter().position(|&b| c.confidence < b).unwrap_or(0);
            let slot = &mut self.reliability[s][bin];
            slot.0 += 1;
            slot.1 += f64::from(c.confidence);
            slot.2 += usize::from((c.digit, c.kind) == expected);
        }
    }

    /// The tally of the photos of `kind` (printed or handwritten) in `splits`.
    pub fn tally(&self, splits: &[Split], handwritten: bool) -> Tally {
        let mut t = Tally::default();
        for &s in splits {
            let x = self.tallies[s as usize][usize::from(handwritten)];
            t.cells_right += x.cells_right;
            t.cells += x.cells;
            t.grids_right += x.grids_right;
            t.grids += x.grids;
        }
        t
    }

    /// False mistake flags in `split`.
    pub fn false_flags_in(&self, split: Split) -> usize {
        self.false_flags
            .iter()
            .filter(|f| f.starts_with(split.name()))
            .count()
    }

    /// The figures, one line each: per group of photos (all, then each split) the printed
    /// and handwritten cells and grids read right and the false mistake flags; the surest
    /// misreading per split; the reliability table per split.
    pub fn summary(&self) -> Vec<String> {
        let mut out = Vec::new();
        let groups: [(&str, &[Split]); 4] = [
            ("all photos", &Split::ALL),
            ("training", &[Split::Training]),
            ("validation", &[Split::Validation]),
            ("held-out", &[Split::HeldOut]),
        ];
        for (name, splits) in groups {
            let (p, h) = (self.tally(splits, false), self.tally(splits, true));
            let flags: usize = splits.iter().map(|&s| self.false_flags_in(s)).sum();
            out.push(format!(
                "{name}: printed grids fully right {}/{} ({:.1}%), cells {:.2}%; handwritten \
                 grids fully right {}/{} ({:.1}%), cells {:.2}%; false mistake flags {flags}",
                p.grids_right,
                p.grids,
                p.grids_pct(),
                p.cells_pct(),
                h.grids_right,
                h.grids,
                h.grids_pct(),
                h.cells_pct(),
            ));
        }
        for split in Split::ALL {
            out.push(format!(
                "{}: the surest entry misread as a digit the solution disagrees with had \
                 confidence {:.5}",
                split.name(),
                self.surest_misreading[split as usize]
            ));
        }
        for split in Split::ALL {
            out.push(format!(
                "reliability, {} (cells read or labelled as a digit):",
                split.name()
            ));
            let mut lo = 0.0;
            for (&hi, &(n, sum, right)) in BINS.iter().zip(&self.reliability[split as usize]) {
                let range = if hi.is_finite() {
                    format!("[{lo}, {hi})")
                } else {
                    format!("[{lo}, 1]")
                };
                if n > 0 {
                    out.push(format!(
                        "  confidence {range}: {n} cells, mean confidence {:.5}, right {:.5} \
                         ({} wrong)",
                        sum / n as f64,
                        right as f64 / n as f64,
                        n - right
                    ));
                }
                lo = hi;
            }
        }
        out
    }
}
