//! A step of the sized engine: its technique, its pattern as named fields
//! (cells as plain indices, houses as the shape's [`Unit`]s), and what it
//! places or eliminates.

use super::marks::Broken;
use crate::grid::Unit;
use crate::logic::Technique;
use serde::Serialize;

/// A value in a cell: a placement, an elimination, or a chain's node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct SizedCandidate {
    /// The cell's index, row-major.
    pub cell: u16,
    pub value: u8,
}

impl SizedCandidate {
    pub fn new(cell: u16, value: u8) -> SizedCandidate {
        SizedCandidate { cell, value }
    }
}

/// What a step found, in the terms Pip tells it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum SizedPattern {
    /// A house's last empty cell.
    FullHouse { house: Unit },
    /// The one place left for a value in a house.
    HiddenSingle { house: Unit },
    /// A cell with one candidate left.
    NakedSingle,
    /// Every place of `value` in `base` lies in `cover` too, on `cells`:
    /// the value is taken from the rest of `cover`.
    Intersection {
        value: u8,
        base: Unit,
        cover: Unit,
        cells: Vec<u16>,
    },
    /// `cells` of `house` hold exactly `values` between them.
    Subset {
        house: Unit,
        cells: Vec<u16>,
        values: Vec<u8>,
        hidden: bool,
    },
    /// `value`'s places in the `base` houses all lie in the `cover` houses.
    Fish {
        value: u8,
        base: Vec<Unit>,
        cover: Vec<Unit>,
        corners: Vec<u16>,
    },
    /// A pivot and two pincers: whichever holds it, one of them is `value`.
    Wing {
        pivot: u16,
        pincers: [u16; 2],
        value: u8,
    },
    /// An alternating chain: `nodes[0]` is supposed false, then each node
    /// is true and false in turn (strong then weak links), ending on a true
    /// node; so the first or the last node holds.
    Chain { nodes: Vec<SizedCandidate> },
    /// Each supposition of a cell's candidates, followed by the singles,
    /// places `target`.
    CellForcing {
        cell: u16,
        /// Each supposition and the singles it forces, up to `target`.
        branches: Vec<(SizedCandidate, Vec<SizedCandidate>)>,
        target: SizedCandidate,
    },
    /// Supposing `supposed` and following the singles breaks the grid.
    Contradiction {
        supposed: SizedCandidate,
        placed: Vec<SizedCandidate>,
        broken: Broken,
    },
    /// Supposing `supposed`, its singles (`placed`) make each of `cuts`
    /// impossible in turn; without them the grid breaks.
    NestedContradiction {
        supposed: SizedCandidate,
        placed: Vec<SizedCandidate>,
        cuts: Vec<NestedCut>,
        broken: Broken,
    },
}

/// A candidate a nested contradiction excludes inside its supposition:
/// with it the singles (`placed`) break the grid (`broken`), so it goes,
/// and the singles its exclusion forces follow (`then`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NestedCut {
    pub excluded: SizedCandidate,
    pub placed: Vec<SizedCandidate>,
    pub broken: Broken,
    pub then: Vec<SizedCandidate>,
}

/// One explained step on a grid of any shape.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SizedStep {
    pub technique: Technique,
    pub score: f32,
    pub pattern: SizedPattern,
    pub placements: Vec<SizedCandidate>,
    pub eliminations: Vec<SizedCandidate>,
}

impl SizedStep {
    pub(super) fn placing(technique: Technique, pattern: SizedPattern, at: SizedCandidate) -> Self {
        SizedStep {
            technique,
            score: technique.base_score(),
            pattern,
            placements: vec![at],
            eliminations: Vec::new(),
        }
    }

    pub(super) fn eliminating(
        technique: Technique,
        pattern: SizedPattern,
        eliminations: Vec<SizedCandidate>,
    ) -> Self {
        SizedStep {
            technique,
            score: technique.base_score(),
            pattern,
            placements: Vec::new(),
            eliminations,
        }
    }
}

/// Where a step lies on the board, for the board to show it: the houses
/// it reads, the cells of its pattern, and what it concludes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SizedFocus {
    pub houses: Vec<Unit>,
    /// The pattern's cells (indices), conclusions apart.
    pub cells: Vec<u16>,
    pub placed: Vec<SizedCandidate>,
    pub removed: Vec<SizedCandidate>,
}

impl SizedStep {
    /// The houses, cells and conclusions of this step (see [`SizedFocus`]).
    pub fn focus(&self) -> SizedFocus {
        let (houses, cells): (Vec<Unit>, Vec<u16>) = match &self.pattern {
            // a single's pattern is the cell it fills
            SizedPattern::FullHouse { house } | SizedPattern::HiddenSingle { house } => (
                vec![*house],
                self.placements.iter().map(|p| p.cell).collect(),
            ),
            SizedPattern::NakedSingle => {
                (Vec::new(), self.placements.iter().map(|p| p.cell).collect())
            }
            SizedPattern::Intersection {
                base, cover, cells, ..
            } => (vec![*base, *cover], cells.clone()),
            SizedPattern::Subset { house, cells, .. } => (vec![*house], cells.clone()),
            SizedPattern::Fish {
                base,
                cover,
                corners,
                ..
            } => (base.iter().chain(cover).copied().collect(), corners.clone()),
            SizedPattern::Wing { pivot, pincers, .. } => {
                (Vec::new(), vec![*pivot, pincers[0], pincers[1]])
            }
            SizedPattern::Chain { nodes } => {
                let mut cells: Vec<u16> = nodes.iter().map(|n| n.cell).collect();
                cells.dedup();
                (Vec::new(), cells)
            }
            SizedPattern::CellForcing { cell, .. } => (Vec::new(), vec![*cell]),
            SizedPattern::Contradiction { supposed, .. } => (Vec::new(), vec![supposed.cell]),
            SizedPattern::NestedContradiction { supposed, cuts, .. } => {
                let mut cells = vec![supposed.cell];
                cells.extend(cuts.iter().map(|c| c.excluded.cell));
                (Vec::new(), cells)
            }
        };
        SizedFocus {
            houses,
            cells,
            placed: self.placements.clone(),
            removed: self.eliminations.clone(),
        }
    }
}
