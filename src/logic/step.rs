//! The step report: what a technique found, why, and what the board should
//! highlight. The hint dialogue, the board, the rating and the CLI all read
//! this one type.

use crate::grid::{Cell, Unit};
use serde::{Serialize, Serializer};
use std::fmt;

/// Solving techniques, easiest first (the order the engine tries them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// Not a technique: the player's entries disagree with the solution.
    WrongEntries,
    FullHouse,
    HiddenSingle,
    NakedSingle,
    Pointing,
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    Skyscraper,
    TwoStringKite,
    FinnedXWing,
    XyWing,
    TurbotFish,
    EmptyRectangle,
    FinnedSwordfish,
    XyzWing,
    WWing,
    UniqueRectangle1,
    SimpleColoring,
    UniqueRectangle2,
    UniqueRectangle4,
    UniqueRectangle3,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    FinnedJellyfish,
    Bug1,
    XChain,
    XyChain,
    AlsXz,
    Aic,
    Contradiction,
    CellForcingChain,
    UnitForcingChain,
    NestedForcingChain,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 39] = [
        Technique::WrongEntries,
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::FinnedXWing,
        Technique::XyWing,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::FinnedSwordfish,
        Technique::XyzWing,
        Technique::WWing,
        Technique::UniqueRectangle1,
        Technique::SimpleColoring,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle4,
        Technique::UniqueRectangle3,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::FinnedJellyfish,
        Technique::Bug1,
        Technique::XChain,
        Technique::XyChain,
        Technique::AlsXz,
        Technique::Aic,
        Technique::Contradiction,
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::NestedForcingChain,
    ];

    /// The name players know it by.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            WrongEntries => "Wrong Entries",
            FullHouse => "Full House",
            HiddenSingle => "Hidden Single",
            NakedSingle => "Naked Single",
            Pointing => "Pointing Candidates",
            Claiming => "Claiming Candidates",
            NakedPair => "Naked Pair",
            XWing => "X-Wing",
            HiddenPair => "Hidden Pair",
            FinnedXWing => "Finned X-Wing",
            NakedTriple => "Naked Triple",
            Swordfish => "Swordfish",
            HiddenTriple => "Hidden Triple",
            Skyscraper => "Skyscraper",
            TwoStringKite => "2-String Kite",
            XyWing => "XY-Wing",
            TurbotFish => "Turbot Fish",
            EmptyRectangle => "Empty Rectangle",
            FinnedSwordfish => "Finned Swordfish",
            XyzWing => "XYZ-Wing",
            WWing => "W-Wing",
            UniqueRectangle1 => "Unique Rectangle Type 1",
            SimpleColoring => "Simple Colouring",
            UniqueRectangle2 => "Unique Rectangle Type 2",
            UniqueRectangle4 => "Unique Rectangle Type 4",
            UniqueRectangle3 => "Unique Rectangle Type 3",
            NakedQuad => "Naked Quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Hidden Quad",
            FinnedJellyfish => "Finned Jellyfish",
            Bug1 => "BUG+1",
            XChain => "X-Chain",
            XyChain => "XY-Chain",
            AlsXz => "ALS-XZ",
            Aic => "Alternating Inference Chain",
            Contradiction => "Contradiction Chain",
            CellForcingChain => "Cell Forcing Chain",
            UnitForcingChain => "Unit Forcing Chain",
            NestedForcingChain => "Nested Forcing Chain",
        }
    }

    /// Difficulty on the Sudoku Explainer scale for the simplest instance;
    /// a step may score higher (hidden singles in a line, long chains).
    pub fn base_score(self) -> f32 {
        use Technique::*;
        match self {
            WrongEntries => 0.0,
            FullHouse => 1.0,
            HiddenSingle => 1.2,
            NakedSingle => 2.3,
            Pointing => 2.6,
            Claiming => 2.8,
            NakedPair => 3.0,
            XWing => 3.2,
            HiddenPair => 3.4,
            FinnedXWing => 4.2,
            NakedTriple => 3.6,
            Swordfish => 3.8,
            HiddenTriple => 4.0,
            Skyscraper => 4.0,
            TwoStringKite => 4.1,
            XyWing => 4.2,
            TurbotFish => 4.2,
            EmptyRectangle => 4.3,
            FinnedSwordfish => 4.3,
            XyzWing => 4.4,
            WWing => 4.4,
            UniqueRectangle1 => 4.5,
            SimpleColoring => 4.5,
            UniqueRectangle2 => 4.6,
            UniqueRectangle4 => 4.6,
            UniqueRectangle3 => 4.7,
            NakedQuad => 5.0,
            Jellyfish => 5.2,
            HiddenQuad => 5.4,
            FinnedJellyfish => 5.5,
            Bug1 => 5.6,
            XChain => 6.5,
            XyChain => 6.6,
            AlsXz => 6.8,
            Aic => 7.0,
            Contradiction => 8.5,
            CellForcingChain => 8.6,
            UnitForcingChain => 8.7,
            NestedForcingChain => 9.5,
        }
    }

    /// The rule in one sentence (English; `hint` has the translations).
    pub fn rule(self) -> &'static str {
        use Technique::*;
        match self {
            WrongEntries => "A digit that differs from the solution must be erased before any logic can help.",
            FullHouse => "When a unit has one empty cell left, it takes the one missing digit.",
            HiddenSingle => "When a digit fits in only one cell of a unit, it goes there.",
            NakedSingle => "When a cell has only one candidate left, that digit goes there.",
            Pointing => "When a digit's candidates in a box all lie in one row or column, the digit leaves the rest of that line.",
            Claiming => "When a digit's candidates in a row or column all lie in one box, the digit leaves the rest of that box.",
            NakedPair | NakedTriple | NakedQuad => "When N cells of a unit hold only N digits between them, those digits leave the other cells of the unit.",
            HiddenPair | HiddenTriple | HiddenQuad => "When N digits of a unit fit only in the same N cells, those cells keep only these digits.",
            XWing | Swordfish | Jellyfish => "When a digit's candidates in N rows lie in only N columns (or the reverse), it leaves the rest of those columns.",
            FinnedXWing | FinnedSwordfish | FinnedJellyfish => "A fish with extra candidates (fins) in one box still removes the digit from cells that see every fin.",
            Skyscraper | TwoStringKite | TurbotFish => "Two strong links on one digit joined by a weak one: one far end holds the digit, so cells seeing both ends lose it.",
            EmptyRectangle => "A box whose candidates for a digit form a cross works with a strong link outside it: one of two ends holds the digit.",
            XyWing => "A pivot xy sees pincers xz and yz: one pincer must be z, so cells seeing both lose z.",
            XyzWing => "A pivot xyz sees pincers xz and yz: one of the three is z, so cells seeing all three lose z.",
            WWing => "Two cells xy joined by a strong link on x: one of them is y, so cells seeing both lose y.",
            SimpleColoring => "Colour a digit's strong links in two colours: one colour is true, so a colour that clashes is false, and cells seeing both colours lose the digit.",
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 => "Four cells in two rows, columns and boxes must not be left with the same two digits, or the puzzle would have two solutions.",
            Bug1 => "If every cell but one had two candidates the puzzle would have two solutions, so the extra cell takes the digit that appears three times.",
            XChain | XyChain | Aic => "In a chain of alternating strong and weak links, one of the two ends is true, so candidates seeing both ends are false.",
            AlsXz => "Two almost locked sets sharing a restricted digit x: one of them is locked on z, so cells seeing every z of both lose z.",
            Contradiction => "Supposing a candidate true leads, step by forced step, to an impossible grid, so it is false.",
            CellForcingChain => "Every candidate of a cell leads to the same conclusion, so the conclusion holds.",
            UnitForcingChain => "Every place for a digit in a unit leads to the same conclusion, so the conclusion holds.",
            NestedForcingChain => "Supposing a candidate true leads to an impossible grid, using smaller contradictions along the way, so it is false.",
        }
    }

    /// Whether the step is only valid because the puzzle has one solution.
    pub fn needs_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle1
                | Technique::UniqueRectangle2
                | Technique::UniqueRectangle3
                | Technique::UniqueRectangle4
                | Technique::Bug1
        )
    }

    /// Chains and forcing chains: steps told link by link.
    pub fn is_chain(self) -> bool {
        self >= Technique::XChain && self != Technique::AlsXz
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    pub cell: Cell,
    pub digit: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Elimination {
    pub cell: Cell,
    pub digits: Vec<u8>,
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

/// What the board highlights, by role.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Highlights {
    /// Cells that prove the step (blue).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<Cell>,
    /// Candidates that prove the step (blue).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<Candidate>,
    /// Candidates of a second role: fins, the other colour (a second hue).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub secondary: Vec<Candidate>,
    /// Candidates the step deletes (red).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deleted: Vec<Candidate>,
    /// Cells the step fills in.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub placed: Vec<Candidate>,
    /// Units involved (light).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<Unit>,
    /// Chain links in reading order (strong drawn solid, weak dashed).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
}

impl Highlights {
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
            && self.candidates.is_empty()
            && self.secondary.is_empty()
            && self.deleted.is_empty()
            && self.placed.is_empty()
            && self.units.is_empty()
            && self.links.is_empty()
    }
}

/// A wrong entry: the player wrote `digit` in `cell`, the solution has
/// another digit there (which the step does not reveal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WrongEntry {
    pub cell: Cell,
    pub digit: u8,
}

/// One logical step.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    pub technique: Technique,
    pub score: f32,
    pub placements: Vec<Placement>,
    pub eliminations: Vec<Elimination>,
    /// The digits the pattern is about (the pair of a naked pair, the fish
    /// digit, x and y of a wing...).
    pub digits: Vec<u8>,
    /// Where to look first, for the nudge line.
    pub focus: Vec<Unit>,
    /// The base units of a fish or subset (where the pattern lives).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub base: Vec<Unit>,
    /// The cover units of a fish (where it eliminates).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cover: Vec<Unit>,
    pub highlights: Highlights,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chains: Vec<Chain>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub wrong: Vec<WrongEntry>,
}

impl Step {
    /// A step with no conclusions yet; techniques fill the rest.
    pub(crate) fn new(technique: Technique) -> Step {
        Step {
            technique,
            score: technique.base_score(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            digits: Vec::new(),
            focus: Vec::new(),
            base: Vec::new(),
            cover: Vec::new(),
            highlights: Highlights::default(),
            chains: Vec::new(),
            wrong: Vec::new(),
        }
    }

    pub(crate) fn place(&mut self, cell: Cell, digit: u8) {
        if !self.placements.iter().any(|p| p.cell == cell) {
            self.placements.push(Placement { cell, digit });
            self.highlights.placed.push(Candidate::new(cell, digit));
        }
    }

    /// Adds an elimination (merged per cell, digits sorted).
    pub(crate) fn eliminate(&mut self, cell: Cell, digit: u8) {
        let cand = Candidate::new(cell, digit);
        if self.highlights.deleted.contains(&cand) {
            return;
        }
        self.highlights.deleted.push(cand);
        match self.eliminations.iter_mut().find(|e| e.cell == cell) {
            Some(e) => {
                e.digits.push(digit);
                e.digits.sort_unstable();
            }
            None => self.eliminations.push(Elimination {
                cell,
                digits: vec![digit],
            }),
        }
    }

    /// Sorts conclusions into reading order so output is stable.
    pub(crate) fn finish(mut self) -> Step {
        self.eliminations.sort_by_key(|e| e.cell);
        self.placements.sort_by_key(|p| p.cell);
        self.highlights.deleted.sort();
        self.highlights.placed.sort();
        self
    }

    pub fn is_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// Every candidate the step removes.
    pub fn eliminated(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.eliminations
            .iter()
            .flat_map(|e| e.digits.iter().map(move |&d| Candidate::new(e.cell, d)))
    }

    /// "r2c3 ≠ 4, 7; r2c5 = 9", the conclusion in forum notation.
    pub fn conclusion(&self) -> String {
        let mut parts: Vec<String> = self
            .placements
            .iter()
            .map(|p| format!("{}={}", p.cell, p.digit))
            .collect();
        for e in &self.eliminations {
            let ds: Vec<String> = e.digits.iter().map(|d| d.to_string()).collect();
            parts.push(format!("{}<>{}", e.cell, ds.join("")));
        }
        parts.join(", ")
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({:.1}): {}",
            self.technique,
            self.score,
            self.conclusion()
        )
    }
}
