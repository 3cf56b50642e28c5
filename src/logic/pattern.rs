//! What a step found, as named fields: each technique family reports its
//! pattern as one [`Pattern`] variant (the model is the `sudoku` crate's
//! `Deduction` enum), and chains as ordered [`Link`]s. Pip's lines are built
//! from these fields, never from the position of a cell in a list.

use crate::grid::{Candidates, Cell, CellSet, Unit};
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
    /// `cells` of one unit hold only `digits`, one more digit than cells
    /// (an almost locked set): without the first end's digit they are
    /// locked on the rest, so they hold the second end's digit.
    Als { cells: CellSet, digits: Candidates },
    /// A weak link between two ends of one digit whose cells all see each
    /// other, though no one unit holds them all (the places of a digit in
    /// two almost locked sets).
    Sees,
}

/// One inference of a chain. Each end is a digit in a set of cells: one
/// cell (a candidate), or several cells of one unit told as one node (a
/// group in a box and a line, or the cells of an almost locked set that
/// hold the digit), true when the digit is in one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    /// The first end; for a group, the digit in its first cell.
    pub from: Candidate,
    /// The second end; for a group, the digit in its first cell.
    pub to: Candidate,
    pub kind: LinkKind,
    pub why: Why,
    /// Every cell of the first end (just `from.cell` for a candidate).
    #[serde(skip_serializing_if = "one_cell")]
    pub from_cells: CellSet,
    /// Every cell of the second end (just `to.cell` for a candidate).
    #[serde(skip_serializing_if = "one_cell")]
    pub to_cells: CellSet,
    /// In a told forcing chain, the cells of the facts (placements, or the
    /// supposition) a placement's single rests on: the eliminations they
    /// imply are said in its reason, not as lines of their own.
    #[serde(skip_serializing_if = "no_cell")]
    pub with: CellSet,
}

fn one_cell(set: &CellSet) -> bool {
    set.len() <= 1
}

fn no_cell(set: &CellSet) -> bool {
    set.is_empty()
}

impl Link {
    /// A link between two candidates.
    pub fn new(from: Candidate, to: Candidate, kind: LinkKind, why: Why) -> Link {
        Link {
            from,
            to,
            kind,
            why,
            from_cells: CellSet::single(from.cell),
            to_cells: CellSet::single(to.cell),
            with: CellSet::EMPTY,
        }
    }

    /// Whether an end stands for several cells.
    pub fn is_grouped(&self) -> bool {
        self.from_cells.len() > 1 || self.to_cells.len() > 1
    }

    /// The unit a link lives in (its first cell's box or region for a
    /// cell link).
    pub(crate) fn why_unit(&self, s: &super::Pencilmarks) -> Unit {
        match self.why {
            Why::Unit(u) | Why::LastPlace(u) => u,
            _ => s.region_of(self.from.cell),
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
    /// In a told forcing chain, the cells of the facts its end (the
    /// contradiction, or a conclusion that removes a candidate) rests on.
    #[serde(skip_serializing_if = "no_cell")]
    pub with: CellSet,
}

/// An almost locked set: `cells` of one `unit` holding one digit more than
/// cells (`digits`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AlsSet {
    pub cells: Vec<Cell>,
    pub digits: Vec<u8>,
    pub unit: Unit,
}

/// A petal of a death blossom: the set that holds `digit` when the stem
/// does not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Petal {
    pub digit: u8,
    pub set: AlsSet,
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
    /// X-Chain, XY-Chain, AIC, grouped AIC: the chain (`Step::chains`)
    /// from `start` false to `end` true (for a group, its first cell).
    Chain { start: Candidate, end: Candidate },
    /// A continuous nice loop (`Step::chains`, its last link back to
    /// `start`): going round either way works, so every weak link of it is
    /// in fact strong, and what both ends of a weak link rule out is false.
    NiceLoop { start: Candidate },
    /// Two almost locked sets with a restricted common digit `x`; cells that
    /// see every `z` of both lose it. With a second restricted digit
    /// (`second_x`), both sets are locked: each loses nothing, and every
    /// digit of them leaves the cells that see all its places in them.
    Als {
        x: u8,
        z: Vec<u8>,
        sets: [AlsSet; 2],
        second_x: Option<u8>,
    },
    /// Almost locked sets in a row (`Step::chains` links them), neighbours
    /// sharing the restricted digits `restricted` (one between each pair,
    /// consecutive ones different): if the first set lacks `z`, the last
    /// holds it, so cells that see every `z` of both end sets lose it.
    AlsChain {
        sets: Vec<AlsSet>,
        restricted: Vec<u8>,
        z: u8,
    },
    /// Every candidate of `stem` has a petal, an almost locked set whose
    /// cells holding that digit all see the stem; whichever digit the stem
    /// takes, its petal loses that digit and holds `z`, so cells that see
    /// every `z` of every petal (and the stem, when it holds `z`) lose it.
    DeathBlossom {
        stem: Cell,
        petals: Vec<Petal>,
        z: u8,
    },
    /// `cells`, where `line` and `box_unit` cross, hold `digits`, at least
    /// two more than cells. `line_cells` of the line hold only
    /// `line_digits`, `box_cells` of the box only `box_digits`, none of the
    /// line's: all of them together hold as many digits as cells, so each
    /// digit is placed once among them. The line's digits leave the rest of
    /// the line, the box's the rest of the box, and the crossing's other
    /// digits both.
    SueDeCoq {
        line: Unit,
        box_unit: Unit,
        cells: Vec<Cell>,
        digits: Vec<u8>,
        line_cells: Vec<Cell>,
        line_digits: Vec<u8>,
        box_cells: Vec<Cell>,
        box_digits: Vec<u8>,
    },
    /// Supposing `premise` leads to an impossible grid (`Step::chains`: the
    /// main chain first, then the smaller contradictions it uses).
    Contradiction { premise: Premise },
    /// Every case of `source` (one chain each in `Step::chains`) forces the
    /// same conclusion.
    Forcing { source: ForcingSource },
}
