//! Rating a candidate with early rejection. A puzzle's level is the level of
//! its hardest step, so a walk that meets a step above the wanted level can
//! stop there: the puzzle is too hard, whatever follows. The walk takes the
//! rule engine's steps one by one (`logic::next_step_in`) and rates the
//! finished path with `logic::rate`, so the verdict is the rating's own;
//! the generator still confirms each puzzle it returns with
//! `logic::rate_grid` before labelling it.

use crate::grid::Grid;
use crate::logic::{apply_to_state, next_step_in, rate, Level, Path, Pencilmarks, Rating};

/// What the walk learnt about a candidate.
pub(crate) enum Judgement {
    /// The walk reached its end (solved, or logic stopped): the rating.
    Rated(Rating),
    /// A step rated above the ceiling: so is the puzzle.
    Above,
}

/// Walks the easiest-step path of `puzzle` (a proper puzzle: uniqueness
/// techniques assume one solution), stopping at the first step rated above
/// `ceiling`.
pub(crate) fn judge(puzzle: &Grid, ceiling: Level) -> Judgement {
    judge_from(Pencilmarks::from_grid(puzzle), puzzle, ceiling)
}

/// [`judge`] from the candidates of a puzzle of any 9×9 shape.
pub(crate) fn judge_from(mut state: Pencilmarks, puzzle: &Grid, ceiling: Level) -> Judgement {
    let mut steps = Vec::new();
    while let Some(step) = next_step_in(&state) {
        let level = Level::from_score(step.score);
        if level > ceiling {
            return Judgement::Above;
        }
        apply_to_state(&mut state, &step);
        steps.push(step);
    }
    Judgement::Rated(rate(&Path {
        shape: state.shape().clone(),
        puzzle: *puzzle,
        steps,
        solved_by_logic: state.is_solved(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::rate_grid;

    #[test]
    fn a_full_walk_agrees_with_rate_grid_and_a_low_ceiling_stops_early() {
        let hard = Grid::parse(crate::test_puzzles::HARD_17).unwrap();
        let full = rate_grid(&hard);
        match judge(&hard, Level::Extreme) {
            Judgement::Rated(r) => assert_eq!(r, full),
            Judgement::Above => panic!("nothing is above Extreme"),
        }
        assert!(full.level > Level::Easy);
        assert!(matches!(judge(&hard, Level::Easy), Judgement::Above));
    }
}
