//! The step report: what a technique found, why, and what the board should
//! highlight. The hint dialogue, the board, the rating and the CLI all read
//! this one type.

use super::pattern::{Candidate, Chain, ForcingSource, Link, Pattern, RectangleKind};
use super::technique::Technique;
use crate::grid::{Cell, Unit};
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;
use std::fmt;

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

/// What the board shows of a step, by role; the app picks the colours.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Highlights {
    /// The pattern's cells.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<Cell>,
    /// The candidates that prove the step.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<Candidate>,
    /// Candidates of a second role, told apart from the first: fins, the
    /// other colour, a wing's z, a rectangle's extra digits, the second set.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub secondary: Vec<Candidate>,
    /// Candidates the step removes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deleted: Vec<Candidate>,
    /// Digits the step places.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub placed: Vec<Candidate>,
    /// The units involved.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<Unit>,
    /// Chain links in reading order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
    /// The player's entries that differ from the solution.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub wrong: Vec<Cell>,
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
            && self.wrong.is_empty()
    }
}

/// A wrong entry: the player wrote `digit` in `cell`, the solution has
/// another digit there (which the step does not reveal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WrongEntry {
    pub cell: Cell,
    pub digit: u8,
}

/// One logical step: its conclusions, the pattern that proves them, and
/// what the board shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub technique: Technique,
    pub score: f32,
    pub placements: Vec<Placement>,
    pub eliminations: Vec<Elimination>,
    /// Where to look first, for the nudge line.
    pub focus: Vec<Unit>,
    /// The pattern found, in named fields.
    pub pattern: Pattern,
    pub highlights: Highlights,
    /// The chains of chain techniques and forcing chains, link by link
    /// (also the strong links of the single-digit patterns).
    pub chains: Vec<Chain>,
    /// The player's wrong entries, for a [`Technique::WrongEntries`] step.
    pub wrong: Vec<WrongEntry>,
}

impl Step {
    /// A step with no conclusions yet; techniques fill the rest.
    pub(crate) fn new(technique: Technique, pattern: Pattern) -> Step {
        Step {
            technique,
            score: technique.base_score(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            focus: Vec::new(),
            pattern,
            highlights: Highlights::default(),
            chains: Vec::new(),
            wrong: Vec::new(),
        }
    }

    /// The digits the pattern is about (the pair of a naked pair, the fish
    /// digit, x and y of a wing...).
    pub fn digits(&self) -> Vec<u8> {
        let premise_digit = || {
            self.chains
                .first()
                .and_then(|c| c.premise)
                .map(|p| p.candidate.digit)
                .into_iter()
                .collect()
        };
        match &self.pattern {
            Pattern::WrongEntries => Vec::new(),
            Pattern::FullHouse { digit, .. }
            | Pattern::HiddenSingle { digit, .. }
            | Pattern::NakedSingle { digit, .. }
            | Pattern::Locked { digit, .. }
            | Pattern::Fish { digit, .. }
            | Pattern::Turbot { digit, .. }
            | Pattern::Coloring { digit, .. }
            | Pattern::Bug { digit, .. } => vec![*digit],
            Pattern::EmptyRectangle(er) => vec![er.digit],
            Pattern::NakedSubset { digits, .. } | Pattern::HiddenSubset { digits, .. } => {
                digits.clone()
            }
            Pattern::Wing { x, y, z, .. } => {
                let mut v = vec![*x, *y, *z];
                v.sort_unstable();
                v
            }
            Pattern::WWing { x, y, .. } => vec![*x, *y],
            Pattern::Rectangle { pair, kind, .. } => {
                let mut v = pair.to_vec();
                if let RectangleKind::Type3 { digits, .. } = kind {
                    v.extend(digits);
                }
                v
            }
            Pattern::Chain { .. } | Pattern::NiceLoop { .. } => {
                let mut v: Vec<u8> = self
                    .chains
                    .iter()
                    .flat_map(|c| &c.links)
                    .flat_map(|l| [l.from.digit, l.to.digit])
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            Pattern::Als { x, z, second_x, .. } => {
                let mut v: Vec<u8> = std::iter::once(*x)
                    .chain(*second_x)
                    .chain(z.iter().copied())
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            Pattern::AlsChain { restricted, z, .. } => {
                let mut v: Vec<u8> = restricted.iter().copied().chain([*z]).collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            Pattern::DeathBlossom { petals, z, .. } => {
                let mut v: Vec<u8> = petals.iter().map(|p| p.digit).chain([*z]).collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            Pattern::SueDeCoq { digits, .. } => digits.clone(),
            Pattern::Contradiction { premise } => vec![premise.candidate.digit],
            Pattern::Forcing {
                source: ForcingSource::Unit { digit, .. },
            } => vec![*digit],
            Pattern::Forcing { .. } => premise_digit(),
        }
    }

    /// The units the pattern lives in: a fish's base lines, a subset's
    /// units, the two strong links of a single-digit pattern...
    pub fn base(&self) -> Vec<Unit> {
        match &self.pattern {
            Pattern::FullHouse { unit, .. }
            | Pattern::HiddenSingle { unit, .. }
            | Pattern::HiddenSubset { unit, .. } => vec![*unit],
            Pattern::Locked { base, .. } => vec![*base],
            Pattern::NakedSubset { units, .. } => units.clone(),
            Pattern::Fish { base, .. } => base.clone(),
            Pattern::WWing { unit, .. } => vec![*unit],
            Pattern::Turbot { strong, .. } => strong.to_vec(),
            Pattern::EmptyRectangle(er) => vec![er.box_unit, er.link],
            Pattern::Rectangle {
                kind: RectangleKind::Type3 { unit, .. } | RectangleKind::Type4 { unit, .. },
                ..
            } => vec![*unit],
            Pattern::Als { sets, .. } => vec![sets[0].unit, sets[1].unit],
            Pattern::AlsChain { sets, .. } => sets.iter().map(|s| s.unit).collect(),
            Pattern::DeathBlossom { petals, .. } => petals.iter().map(|p| p.set.unit).collect(),
            Pattern::SueDeCoq { line, box_unit, .. } => vec![*line, *box_unit],
            _ => Vec::new(),
        }
    }

    /// The units a pattern eliminates along: a fish's cover lines, the line
    /// or box of locked candidates, an empty rectangle's row and column.
    pub fn cover(&self) -> Vec<Unit> {
        match &self.pattern {
            Pattern::Locked { cover, .. } => vec![*cover],
            Pattern::Fish { cover, .. } => cover.clone(),
            Pattern::EmptyRectangle(er) => vec![er.row, er.col],
            _ => Vec::new(),
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

/// The step as a log line, in the forum's shorthand: "X-Wing (3.2): r1c5<>4"
/// (the technique by its stable key). Pip's own one-line summary is
/// `hint::summary`.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({:.1}): {}",
            self.technique.id(),
            self.score,
            self.conclusion()
        )
    }
}

/// The JSON shape `hint --json` and `explain --json` print: the summary
/// fields other tools read (`digits`, `base`, `cover` among them), then the
/// typed `pattern`.
impl Serialize for Step {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (base, cover) = (self.base(), self.cover());
        let mut st = s.serialize_struct("Step", 13)?;
        st.serialize_field("technique", &self.technique)?;
        st.serialize_field("score", &self.score)?;
        st.serialize_field("placements", &self.placements)?;
        st.serialize_field("eliminations", &self.eliminations)?;
        st.serialize_field("digits", &self.digits())?;
        st.serialize_field("focus", &self.focus)?;
        if base.is_empty() {
            st.skip_field("base")?;
        } else {
            st.serialize_field("base", &base)?;
        }
        if cover.is_empty() {
            st.skip_field("cover")?;
        } else {
            st.serialize_field("cover", &cover)?;
        }
        st.serialize_field("highlights", &self.highlights)?;
        if self.chains.is_empty() {
            st.skip_field("chains")?;
            st.skip_field("eureka")?;
        } else {
            st.serialize_field("chains", &self.chains)?;
            // Each chain in the forums' notation, in the order of `chains`.
            let eureka: Vec<String> = self.chains.iter().map(super::eureka::eureka).collect();
            st.serialize_field("eureka", &eureka)?;
        }
        if self.wrong.is_empty() {
            st.skip_field("wrong")?;
        } else {
            st.serialize_field("wrong", &self.wrong)?;
        }
        st.serialize_field("pattern", &self.pattern)?;
        st.end()
    }
}
