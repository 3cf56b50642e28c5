//! The labelled newspaper photos of `../shared/photos` (the Wicht-Hennebert dataset, never
//! committed), shared by `tests/it/vision/dataset.rs` and `benches/vision.rs` (which includes
//! this file by its path).

use std::path::{Path, PathBuf};
use sudolens::grid::{Cell, Grid};
use sudolens::vision::{read_dat, CellKind, ImportResult};

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

    /// The held-out part never used for training: every fifth photo by number.
    pub fn is_validation(&self) -> bool {
        self.id.is_multiple_of(5)
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
