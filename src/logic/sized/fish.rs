//! Fish on any size: X-Wing, Swordfish and Jellyfish, with rows as the
//! base and columns as the cover, or the other way round.

use super::marks::{CellBits, SizedMarks};
use super::step::{SizedCandidate, SizedPattern, SizedStep};
use crate::grid::Unit;
use crate::logic::Technique;

/// A fish of `k` base lines for one value: its places in `k` rows lie in
/// `k` columns (or in `k` rows for `k` columns), so the value leaves the
/// rest of the cover lines.
///
/// On overlapping grids the lines are every grid's, and the base lines
/// must share no cell (two rows of one grid never do; a row of the
/// top-left grid and one of the centre grid may): then they hold `k`
/// different places of the value, each cover line holds one of them, and
/// the value leaves the rest of the covers, whichever grids they cross.
///
/// `k` is 2 (X-Wing) to 4 (Jellyfish).
pub fn fish(s: &SizedMarks, k: usize) -> Option<SizedStep> {
    assert!((2..=4).contains(&k), "a fish of {k} lines");
    let n = s.side();
    let g = s.geometry();
    for (bases, covers) in [(&g.rows, &g.cols), (&g.cols, &g.rows)] {
        for v in 1..=n as u8 {
            let cover_places: Vec<CellBits> = covers.iter().map(|&c| s.places(c, v)).collect();
            // A base line touching more than `k` cover lines is in no fish.
            let lines: Vec<BaseLine> = bases
                .iter()
                .filter_map(|&house| {
                    let places = s.places(house, v);
                    if !(2..=k as u32).contains(&places.count()) {
                        return None;
                    }
                    let mut touched = Covers::default();
                    for (j, c) in cover_places.iter().enumerate() {
                        if !c.and(places).is_empty() {
                            touched = touched.with(j as u16, k)?;
                        }
                    }
                    Some(BaseLine {
                        house,
                        places,
                        touched,
                    })
                })
                .collect();
            let mut search = FishSearch {
                s,
                lines: &lines,
                cover_places: &cover_places,
                covers,
                k,
                v,
                chosen: Vec::with_capacity(k),
            };
            if let Some(step) = search.walk(0, CellBits::EMPTY, Covers::default()) {
                return Some(step);
            }
        }
    }
    None
}

/// A line that may be a fish's base, for one value.
struct BaseLine {
    house: usize,
    places: CellBits,
    /// The cover lines holding one of its places.
    touched: Covers,
}

/// Up to four cover lines, by their index among the covers.
#[derive(Clone, Copy, Default)]
struct Covers {
    lines: [u16; 4],
    len: usize,
}

impl Covers {
    /// With line `j` too; `None` past `k` lines.
    fn with(mut self, j: u16, k: usize) -> Option<Covers> {
        if self.lines[..self.len].contains(&j) {
            return Some(self);
        }
        if self.len == k.min(4) {
            return None;
        }
        self.lines[self.len] = j;
        self.len += 1;
        Some(self)
    }

    fn union(self, other: Covers, k: usize) -> Option<Covers> {
        other.lines[..other.len]
            .iter()
            .try_fold(self, |all, &j| all.with(j, k))
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.lines[..self.len].iter().map(|&j| usize::from(j))
    }
}

/// The base lines of one value and orientation, chosen in increasing
/// order as every `k`-combination would be, with a branch left as soon as
/// its lines meet or touch more than `k` cover lines: neither ever comes
/// right with more lines, so the first fish found is the one the whole
/// enumeration finds first.
struct FishSearch<'a> {
    s: &'a SizedMarks,
    lines: &'a [BaseLine],
    cover_places: &'a [CellBits],
    covers: &'a [usize],
    k: usize,
    v: u8,
    chosen: Vec<usize>,
}

impl FishSearch<'_> {
    fn walk(&mut self, from: usize, corners: CellBits, touched: Covers) -> Option<SizedStep> {
        if self.chosen.len() == self.k {
            return self.step(corners, touched);
        }
        let house_bits = &self.s.geometry().house_bits;
        for i in from..self.lines.len() {
            if self.lines.len() - i < self.k - self.chosen.len() {
                break;
            }
            let line = &self.lines[i];
            // The base lines must share no cell.
            let apart = self.chosen.iter().all(|&c| {
                house_bits[self.lines[c].house]
                    .and(house_bits[line.house])
                    .is_empty()
            });
            let Some(touched) = touched.union(line.touched, self.k).filter(|_| apart) else {
                continue;
            };
            self.chosen.push(i);
            let found = self.walk(i + 1, corners.or(line.places), touched);
            self.chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The fish of the chosen base lines, when its `k` covers remove a
    /// candidate.
    fn step(&self, corners: CellBits, touched: Covers) -> Option<SizedStep> {
        if touched.len != self.k {
            return None;
        }
        let v = self.v;
        let eliminations: Vec<SizedCandidate> = touched
            .iter()
            .fold(CellBits::EMPTY, |m, j| m.or(self.cover_places[j]))
            .minus(corners)
            .iter()
            .map(|c| SizedCandidate::new(c, v))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let s = self.s;
        // in the covers' order, as they are named
        let mut order: Vec<usize> = touched.iter().collect();
        order.sort_unstable();
        let cover: Vec<usize> = order.iter().map(|&j| self.covers[j]).collect();
        let pattern = SizedPattern::Fish {
            value: v,
            base: self
                .chosen
                .iter()
                .map(|&i| s.unit(self.lines[i].house))
                .collect::<Vec<Unit>>(),
            cover: cover.iter().map(|&h| s.unit(h)).collect(),
            corners: corners.iter().collect(),
        };
        let technique = match self.k {
            2 => Technique::XWing,
            3 => Technique::Swordfish,
            _ => Technique::Jellyfish,
        };
        Some(SizedStep::eliminating(technique, pattern, eliminations))
    }
}
