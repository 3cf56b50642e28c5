//! What a step found, as named fields: each technique family reports its
//! pattern as one [`Pattern`] variant (the model is the `sudoku` crate's
//! `Deduction` enum), and chains as ordered [`Link`]s. Pip's lines are built
//! from these fields, never from the position of a cell in a list.

use crate::grid::{Cell, Unit};
use serde::Serialize;
use std::fmt;

/// One digit in one cell: a pencil mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Candidate {
    pub cell: Cell,
    pub digit: u8,
}

impl Candidate {
    pub fn new(cell: Cell, digit: u8) -> Candidate {
        Candidate { cell, digit }
    }
}

/// Forum notation `r3c4=5`, which players read more easily than `5r3c4`.
impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell, self.digit)
    }
}

/// Strong: if `from` is false, `to` is true. Weak: if `from` is true, `to`
/// is false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    Strong,
    Weak,
}

/// Why a link holds, so each link can be said in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "of")]
pub enum Why {
    /// Two candidates of one cell (bivalue for a strong link).
    Cell,
    /// One digit in two cells of a unit (the only two places for a strong link).
    Unit(Unit),
    /// The cell has no other candidate left on this line of reasoning.
    LastCandidate,
    /// The digit has no other place left in the unit on this line of reasoning.
    LastPlace(Unit),
    /// Supposing the target true leads to a contradiction, proved by the
    /// step's chain with this index.
    Nested(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    pub from: Candidate,
    pub to: Candidate,
    pub kind: LinkKind,
    pub why: Why,
}

impl Link {
    /// The unit a link lives in (its first cell's box for a cell link).
    pub(crate) fn why_unit(&self) -> Unit {
        match self.why {
            Why::Unit(u) | Why::LastPlace(u) => u,
            _ => Unit::Box(self.from.cell.box_index() as u8),
        }
    }
}

/// How a line of reasoning ends in an impossible grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Contradiction {
    /// A cell is left without a candidate.
    EmptyCell { cell: Cell },
    /// A digit has no place left in a unit.
    NoPlace { unit: Unit, digit: u8 },
    /// A candidate would have to be both true and false.
    Both { candidate: Candidate },
}

/// The supposition a forcing chain starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Premise {
    pub candidate: Candidate,
    /// Supposed true (`r4c5 were 7`) or false (`r4c5 were not 7`).
    pub on: bool,
}

/// An ordered chain of links; `premise` is set for forcing chains.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chain {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub premise: Option<Premise>,
    pub links: Vec<Link>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contradiction: Option<Contradiction>,
}

/// An almost locked set: `cells` of one `unit` holding one digit more than
/// cells (`digits`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AlsSet {
    pub cells: Vec<Cell>,
    pub digits: Vec<u8>,
    pub unit: Unit,
}

/// What makes a unique rectangle's corners that carry extra candidates
/// give something away.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum RectangleKind {
    /// One corner has extras: it cannot keep either digit of the pair.
    Type1,
    /// Two corners carry the same one extra digit `z`: one of them is `z`.
    Type2 { z: u8 },
    /// The extras (`digits`) act as one more cell, which with `cells` of
    /// `unit` forms a naked subset.
    Type3 {
        unit: Unit,
        cells: Vec<Cell>,
        digits: Vec<u8>,
    },
    /// `locked`, a digit of the pair, has no place in `unit` but the two
    /// corners with extras, so the pair's other digit leaves them.
    Type4 { unit: Unit, locked: u8 },
}

/// `digit` in `box_unit` lies only on `row` and `col` (at `cross`); a strong
/// link in `link` from `near` (on one of them) to `far` rules it out of
/// `target`, which sees `far` and the line through the box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EmptyRectangle {
    pub digit: u8,
    pub box_unit: Unit,
    pub row: Unit,
    pub col: Unit,
    pub cross: Vec<Cell>,
    pub link: Unit,
    pub near: Cell,
    pub far: Cell,
    pub target: Cell,
}

/// Where a forcing chain's cases come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "from")]
pub enum ForcingSource {
    /// Every candidate of `cell`.
    Cell { cell: Cell },
    /// Every place of `digit` in `unit`.
    Unit { unit: Unit, digit: u8 },
}

/// The pattern behind a step, by technique family.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "name")]
pub enum Pattern {
    /// The player's digits that differ from the solution, listed in
    /// `Step::wrong`.
    WrongEntries,
    /// `cell` is the last empty cell of `unit` and takes the `digit` it lacks.
    FullHouse { unit: Unit, cell: Cell, digit: u8 },
    /// `digit` fits only in `cell` of `unit`: placed copies of it in
    /// `blockers` rule out the unit's other empty cells, but for those in
    /// `noted`, where an earlier step or the player's notes removed it.
    HiddenSingle {
        unit: Unit,
        cell: Cell,
        digit: u8,
        blockers: Vec<Cell>,
        noted: Vec<Cell>,
    },
    /// `cell` has `digit` as its only candidate: the digits it does not
    /// see placed, `noted`, were removed by earlier steps or notes.
    NakedSingle {
        cell: Cell,
        digit: u8,
        noted: Vec<u8>,
    },
    /// `digit` lies only in `cells` of `base`, which all lie in `cover` too
    /// (pointing: a box and a line; claiming: a line and a box).
    Locked {
        digit: u8,
        base: Unit,
        cover: Unit,
        cells: Vec<Cell>,
    },
    /// `cells` hold only `digits` between them, so the other cells of
    /// `units` (every unit holding them all) lose those digits.
    NakedSubset {
        cells: Vec<Cell>,
        digits: Vec<u8>,
        units: Vec<Unit>,
    },
    /// `digits` fit only in `cells` of `unit`, which keep only them.
    HiddenSubset {
        cells: Vec<Cell>,
        digits: Vec<u8>,
        unit: Unit,
    },
    /// `digit` in the `base` lines lies only in the `cover` lines, apart
    /// from `fins` (none for a basic fish).
    Fish {
        digit: u8,
        base: Vec<Unit>,
        cover: Vec<Unit>,
        fins: Vec<Cell>,
    },
    /// The pivot holds x and y (XY-Wing) or x, y and z (XYZ-Wing); the first
    /// pincer holds x and z, the second y and z: one of them is `z`.
    Wing {
        pivot: Cell,
        pincers: [Cell; 2],
        x: u8,
        y: u8,
        z: u8,
    },
    /// `cells` both hold only `x` and `y`; `link` is a strong link on `x`
    /// in `unit`, its first end seeing the first cell, its second the second.
    WWing {
        cells: [Cell; 2],
        link: [Cell; 2],
        unit: Unit,
        x: u8,
        y: u8,
    },
    /// Skyscraper, 2-String Kite, Turbot Fish: two strong links on `digit`
    /// (in the `strong` units) joined by a weak one; the chain is
    /// `Step::chains`, and one of its `ends` holds the digit.
    Turbot {
        digit: u8,
        strong: [Unit; 2],
        ends: [Cell; 2],
    },
    /// An empty rectangle and the strong link it works with.
    EmptyRectangle(EmptyRectangle),
    /// The strong links of `digit` (`Step::chains`) colour its cells in two
    /// `colours`; `wrap` when one colour sees itself (and is false), else
    /// cells seeing both colours lose the digit.
    Coloring {
        digit: u8,
        colours: [Vec<Cell>; 2],
        wrap: bool,
    },
    /// Four `corners` on two rows, columns and boxes that all hold `pair`;
    /// `extra` are the corners with more candidates.
    Rectangle {
        corners: [Cell; 4],
        pair: [u8; 2],
        extra: Vec<Cell>,
        kind: RectangleKind,
    },
    /// Every open cell but `cell` has two candidates; `digit` appears three
    /// times in its units.
    Bug { cell: Cell, digit: u8 },
    /// X-Chain, XY-Chain, AIC: the chain (`Step::chains`) from `start` false
    /// to `end` true.
    Chain { start: Candidate, end: Candidate },
    /// Two almost locked sets with a restricted common digit `x`; cells that
    /// see every `z` of both lose it.
    Als {
        x: u8,
        z: Vec<u8>,
        sets: [AlsSet; 2],
    },
    /// Supposing `premise` leads to an impossible grid (`Step::chains`: the
    /// main chain first, then the smaller contradictions it uses).
    Contradiction { premise: Premise },
    /// Every case of `source` (one chain each in `Step::chains`) forces the
    /// same conclusion.
    Forcing { source: ForcingSource },
}
