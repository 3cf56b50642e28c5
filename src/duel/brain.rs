//! Pip's reasoning in a duel: from what it knows of the grid it fills (the
//! values confirmed, the values refused, its notes so far), the move of
//! this turn and why, thinking only within its [`Strength`].
//!
//! Pip first plays a value it already proved (its stack of obvious holes).
//! Otherwise it asks the rule engine for the easiest step among the
//! techniques of its strength, again and again: steps that only remove
//! candidates sharpen its notes; the first step that places a value gives
//! the move (the other values it places wait on the stack). When no step is
//! left, a beginner takes a joker; a club player or a master guesses when a
//! guess costs fewer penalties on average than a joker ([`odds`]), and takes
//! the joker otherwise.
//!
//! Pip's steps are sound whatever the completions of the grid: the
//! techniques that assume a single completion are not among a master's, so
//! a value Pip calls forced is in every completion, and so in the secret.

use super::codec::{digits_text, technique_id};
use super::{live, odds};
use super::{Action, Camp, Strength};
use crate::generate::rng::Rng;
use crate::grid::{Candidates, Cell};
use crate::logic::{next_step_among, Pencilmarks, Step, Technique};
use serde::{Deserialize, Serialize};

/// A value proved but not played yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub cell: Cell,
    pub digit: u8,
    #[serde(with = "technique_id")]
    pub technique: Technique,
}

/// Why Pip plays its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Reason {
    /// The value is forced: the step of `technique` placed it this turn.
    Forced {
        #[serde(with = "technique_id")]
        technique: Technique,
    },
    /// The value was proved on an earlier turn, by `technique`, with others.
    Stacked {
        #[serde(with = "technique_id")]
        technique: Technique,
    },
    /// Nothing is certain: a guess among the hole's `options`, cheaper on
    /// average than a joker.
    Guess {
        #[serde(with = "digits_text")]
        options: Candidates,
    },
    /// Nothing is certain and no guess is cheap enough: the hole's
    /// `options`, and the fewest candidates any hole had.
    Joker {
        #[serde(with = "digits_text")]
        options: Candidates,
        fewest: u32,
    },
}

impl Reason {
    /// Whether Pip presents the value as certain.
    pub fn is_forced(self) -> bool {
        matches!(self, Reason::Forced { .. } | Reason::Stacked { .. })
    }
}

/// Pip's move this turn, why, and what it knows after thinking.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    pub action: Action,
    pub reason: Reason,
    /// This turn's steps in order; for a forced value, the last placed it.
    pub steps: Vec<Step>,
    /// Pip's notes after this turn's steps (before the move's answer).
    pub notes: [Candidates; 81],
    /// Values proved and not played yet, after this move.
    pub pending: Vec<Pending>,
}

/// What Pip knows contradicts itself: no value is possible in `cell`. Only
/// lies (by hand) lead here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inconsistent {
    pub cell: Cell,
}

/// Steps Pip takes at most in one turn: each removes a candidate or places
/// a value, so a grid has fewer than 81 * 9 in all.
const MAX_STEPS: usize = 81 * 9;

/// Pip's move for the grid `camp` fills, at `strength`; `seed` picks among
/// equally good guesses and jokers.
pub fn think(camp: &Camp, strength: Strength, seed: u64) -> Result<Thought, Inconsistent> {
    think_with(camp, strength, seed, true)
}

/// [`think`], with or without the shortcut that stops a Master's search
/// where no sound step exists (without: only to test that it changes
/// nothing).
fn think_with(
    camp: &Camp,
    strength: Strength,
    seed: u64,
    shortcut: bool,
) -> Result<Thought, Inconsistent> {
    let mut pending = camp.pending.clone();
    pending.retain(|p| camp.filling.get(p.cell) == 0);
    if !pending.is_empty() {
        let p = pending.remove(0);
        return Ok(Thought {
            action: Action::Place {
                cell: p.cell,
                digit: p.digit,
            },
            reason: Reason::Stacked {
                technique: p.technique,
            },
            steps: Vec::new(),
            notes: camp.notes,
            pending,
        });
    }
    let mut marks = knowledge(camp)?;
    let mut steps = Vec::new();
    while steps.len() < MAX_STEPS {
        // A Master's search finds nothing, slowly, where no sound step exists.
        if shortcut && strength == Strength::Master && live::no_step_possible(&marks) {
            break;
        }
        let Some(step) = next_step_among(&marks, |t| strength.knows(t)) else {
            break;
        };
        if !step.is_progress() {
            break;
        }
        for c in step.eliminated() {
            marks.eliminate(c.cell, c.digit);
        }
        empty_hole(&marks)?;
        let placed = step.placements.clone();
        let technique = step.technique;
        steps.push(step);
        if let Some((first, rest)) = placed.split_first() {
            pending.extend(rest.iter().map(|p| Pending {
                cell: p.cell,
                digit: p.digit,
                technique,
            }));
            return Ok(Thought {
                action: Action::Place {
                    cell: first.cell,
                    digit: first.digit,
                },
                reason: Reason::Forced { technique },
                steps,
                notes: notes_of(&marks),
                pending,
            });
        }
    }
    Ok(stuck(&marks, strength, seed, steps))
}

/// No certain value: a guess or a joker.
fn stuck(marks: &Pencilmarks, strength: Strength, seed: u64, steps: Vec<Step>) -> Thought {
    let mut rng = super::stream(seed, 4);
    let holes: Vec<(Cell, Candidates)> = Cell::ALL
        .iter()
        .filter(|&&c| marks.value(c) == 0)
        .map(|&c| (c, marks.cands(c)))
        .collect();
    let fewest = holes.iter().map(|h| h.1.len()).min().unwrap_or(0);
    let notes = notes_of(marks);
    if strength.guesses() && odds::should_guess(fewest) {
        let (cell, options) = pick(&holes, fewest, &mut rng);
        let digits: Vec<u8> = options.iter().collect();
        let digit = digits[rng.below(digits.len())];
        return Thought {
            action: Action::Place { cell, digit },
            reason: Reason::Guess { options },
            steps,
            notes,
            pending: Vec::new(),
        };
    }
    // A joker where Pip knows least: the hole with the most candidates,
    // whose answer tells it the most.
    let most = holes.iter().map(|h| h.1.len()).max().unwrap_or(0);
    let (cell, options) = pick(&holes, most, &mut rng);
    Thought {
        action: Action::Joker { cell },
        reason: Reason::Joker { options, fewest },
        steps,
        notes,
        pending: Vec::new(),
    }
}

/// One of the holes with `count` candidates, chosen by `rng`.
fn pick(holes: &[(Cell, Candidates)], count: u32, rng: &mut Rng) -> (Cell, Candidates) {
    let ties: Vec<&(Cell, Candidates)> = holes.iter().filter(|h| h.1.len() == count).collect();
    *ties[rng.below(ties.len())]
}

/// What Pip knows, as the rule engine reads it: the confirmed values, and
/// in each hole the notes it kept (the values the rules allow, less those
/// refused and those its reasoning removed).
fn knowledge(camp: &Camp) -> Result<Pencilmarks, Inconsistent> {
    let mut marks = Pencilmarks::from_grid(&camp.filling);
    for cell in Cell::ALL {
        if camp.filling.get(cell) == 0 {
            for d in marks.cands(cell) - camp.notes[cell.index()] {
                marks.eliminate(cell, d);
            }
        }
    }
    empty_hole(&marks)?;
    Ok(marks)
}

fn empty_hole(marks: &Pencilmarks) -> Result<(), Inconsistent> {
    match Cell::ALL
        .iter()
        .find(|&&c| marks.value(c) == 0 && marks.cands(c).is_empty())
    {
        Some(&cell) => Err(Inconsistent { cell }),
        None => Ok(()),
    }
}

fn notes_of(marks: &Pencilmarks) -> [Candidates; 81] {
    std::array::from_fn(|i| marks.cands(Cell::ALL[i]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duel::deal;
    use crate::grid::Grid;

    /// The secret with holes at each rectangle of two digits that can swap
    /// (rows in one band, columns in two stacks, `a b` over `b a`): a grid
    /// with several completions where no value is certain.
    fn swappable_rectangles(secret: &Grid) -> Grid {
        let mut handed = *secret;
        for r1 in 0..9 {
            for r2 in r1 + 1..(r1 / 3 + 1) * 3 {
                for c1 in 0..9 {
                    for c2 in (c1 / 3 + 1) * 3..9 {
                        let cells =
                            [(r1, c1), (r1, c2), (r2, c1), (r2, c2)].map(|(r, c)| Cell::new(r, c));
                        let v = cells.map(|c| secret.get(c));
                        if v[0] == v[3] && v[1] == v[2] && cells.iter().all(|&c| handed.get(c) != 0)
                        {
                            for c in cells {
                                handed.set(c, 0);
                            }
                        }
                    }
                }
            }
        }
        handed
    }

    #[test]
    fn a_masters_shortcut_changes_none_of_its_moves() {
        // Where no value is certain, the Master's move with the shortcut is
        // the full search's; and where one is, too.
        let mut stuck = 0;
        for seed in 0..8 {
            let secret = deal::secret(seed);
            let mut handed = swappable_rectangles(&secret);
            if seed % 2 == 1 {
                handed = deal::holes_by_count(&handed, 81 - handed.filled_count() + 6, seed);
            }
            if handed == secret {
                continue;
            }
            let mut camp = Camp::new(Some(secret), handed, handed);
            camp.fill_notes();
            let fast = think_with(&camp, Strength::Master, seed, true).unwrap();
            let full = think_with(&camp, Strength::Master, seed, false).unwrap();
            assert_eq!(fast, full, "seed {seed}");
            if !fast.reason.is_forced() {
                stuck += 1;
            }
        }
        assert!(stuck >= 2, "the test needs stuck Masters: {stuck}");
    }
}
