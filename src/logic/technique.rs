//! The technique table: every technique once, easiest first, with its
//! stable key and its base score. What players read about a technique (its
//! name and the rule it teaches, in English and French) is words, so it
//! lives with Pip's other words in `hint` (`hint::technique_name`).

use serde::{Serialize, Serializer};

/// Declares [`Technique`], [`Technique::ALL`], [`Technique::id`] and
/// [`Technique::base_score`] from one list, so the four cannot drift apart.
macro_rules! techniques {
    ($($(#[$doc:meta])* $t:ident = $id:literal, $score:literal;)*) => {
        /// Solving techniques, easiest first (the order the engine tries them).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Technique {
            $($(#[$doc])* $t,)*
        }

        impl Technique {
            /// Every technique, easiest first.
            pub const ALL: [Technique; [$(stringify!($t)),*].len()] = [$(Technique::$t),*];

            /// The technique's stable key, the string that stands for it
            /// wherever it is stored or exchanged: the JSON of `rate`,
            /// `generate`, `hint --json` and the web API, the history
            /// database, duel save files and the guide's examples file. The
            /// keys were the English names when they were first written, and
            /// `hint::technique_name` still says them as the English names
            /// (one list of those words, not two), but a key never changes
            /// once written: stored files read it back.
            pub fn id(self) -> &'static str {
                match self {
                    $(Technique::$t => $id,)*
                }
            }

            /// Difficulty on the Sudoku Explainer scale for the simplest
            /// instance; a step may score higher (hidden singles in a line,
            /// long chains).
            pub fn base_score(self) -> f32 {
                match self {
                    $(Technique::$t => $score,)*
                }
            }
        }
    };
}

techniques! {
    /// Not a technique: the player's entries disagree with the solution.
    WrongEntries = "Wrong Entries", 0.0;
    FullHouse = "Full House", 1.0;
    HiddenSingle = "Hidden Single", 1.2;
    NakedSingle = "Naked Single", 2.3;
    Pointing = "Pointing Candidates", 2.6;
    Claiming = "Claiming Candidates", 2.8;
    NakedPair = "Naked Pair", 3.0;
    XWing = "X-Wing", 3.2;
    HiddenPair = "Hidden Pair", 3.4;
    NakedTriple = "Naked Triple", 3.6;
    Swordfish = "Swordfish", 3.8;
    HiddenTriple = "Hidden Triple", 4.0;
    Skyscraper = "Skyscraper", 4.0;
    TwoStringKite = "2-String Kite", 4.1;
    FinnedXWing = "Finned X-Wing", 4.2;
    XyWing = "XY-Wing", 4.2;
    TurbotFish = "Turbot Fish", 4.2;
    EmptyRectangle = "Empty Rectangle", 4.3;
    FinnedSwordfish = "Finned Swordfish", 4.3;
    /// A finned X-Wing missing a corner: the fin box holds only the fin.
    SashimiXWing = "Sashimi X-Wing", 4.3;
    XyzWing = "XYZ-Wing", 4.4;
    WWing = "W-Wing", 4.4;
    SashimiSwordfish = "Sashimi Swordfish", 4.4;
    UniqueRectangle1 = "Unique Rectangle Type 1", 4.5;
    SimpleColoring = "Simple Colouring", 4.5;
    UniqueRectangle2 = "Unique Rectangle Type 2", 4.6;
    UniqueRectangle4 = "Unique Rectangle Type 4", 4.6;
    UniqueRectangle3 = "Unique Rectangle Type 3", 4.7;
    NakedQuad = "Naked Quad", 5.0;
    Jellyfish = "Jellyfish", 5.2;
    HiddenQuad = "Hidden Quad", 5.4;
    FinnedJellyfish = "Finned Jellyfish", 5.5;
    SashimiJellyfish = "Sashimi Jellyfish", 5.6;
    Bug1 = "BUG+1", 5.6;
    /// Two sets on the crossing of a box and a line, with the cells of the
    /// crossing (HoDoKu rates it between the wings and the chains).
    SueDeCoq = "Sue de Coq", 5.8;
    XChain = "X-Chain", 6.5;
    XyChain = "XY-Chain", 6.6;
    AlsXz = "ALS-XZ", 6.8;
    Aic = "Alternating Inference Chain", 7.0;
    /// An AIC or nice loop whose nodes may be groups of two or three cells.
    GroupedAic = "Grouped AIC", 7.2;
    /// Three almost locked sets, two restricted digits (ALS-XY-Wing).
    AlsXyWing = "ALS-XY-Wing", 7.3;
    /// A chain of four or more almost locked sets.
    AlsChain = "ALS Chain", 7.5;
    /// A cell whose every candidate sees an almost locked set (a petal),
    /// the petals sharing one more digit.
    DeathBlossom = "Death Blossom", 7.6;
    /// An AIC whose nodes may be groups and almost locked sets.
    AlsAic = "ALS AIC", 7.8;
    /// Every candidate of a cell leads to one conclusion (a verity: it is
    /// proved both ways, so it comes before the contradictions).
    CellForcingChain = "Cell Forcing Chain", 8.3;
    /// Every place of a digit in a unit leads to one conclusion.
    UnitForcingChain = "Unit Forcing Chain", 8.4;
    Contradiction = "Contradiction Chain", 8.5;
    NestedForcingChain = "Nested Forcing Chain", 9.5;
}

impl Technique {
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
        matches!(
            self,
            Technique::XChain
                | Technique::XyChain
                | Technique::Aic
                | Technique::GroupedAic
                | Technique::AlsChain
                | Technique::AlsAic
                | Technique::CellForcingChain
                | Technique::UnitForcingChain
                | Technique::Contradiction
                | Technique::NestedForcingChain
        )
    }

    /// Forcing chains: one or more suppositions followed through their
    /// forced consequences (told as a path, one paragraph per branch).
    pub fn is_forcing(self) -> bool {
        matches!(
            self,
            Technique::CellForcingChain
                | Technique::UnitForcingChain
                | Technique::Contradiction
                | Technique::NestedForcingChain
        )
    }

    /// Forcing chains that end in an impossible grid: "suppose this; then
    /// ... impossible", the least human kind of step, tried last.
    pub fn is_contradiction(self) -> bool {
        matches!(
            self,
            Technique::Contradiction | Technique::NestedForcingChain
        )
    }
}

impl Technique {
    /// The technique whose stable key ([`Technique::id`]) is `id`.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.id() == id)
    }
}

/// Written by its stable key ([`Technique::id`]).
impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_each_technique_once_in_teaching_order() {
        assert_eq!(Technique::ALL.len(), 48);
        assert!(Technique::ALL.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Technique::XWing.id(), "X-Wing");
        assert_eq!(Technique::from_id("X-Wing"), Some(Technique::XWing));
        assert_eq!(Technique::from_id("X-wing"), None);
        assert_eq!(Technique::AlsXz.base_score(), 6.8);
    }
}
