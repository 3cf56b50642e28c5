//! Singles on a sized grid.

use super::Names;
use crate::grid::Unit;
use crate::logic::sized::SizedStep;

pub(super) fn full_house(house: Unit, n: Names) -> Vec<String> {
    let h = n.unit(house);
    vec![say!(
        n.w,
        "{h} has one empty cell left: it takes the one value {h} still lacks.",
        "{h} n'a plus qu'une case vide : elle reçoit la seule valeur qui manque."
    )]
}

/// One line per placement of `step`, from its value and cell's names.
fn per_placement(
    step: &SizedStep,
    n: Names,
    say: impl Fn(String, String) -> String,
) -> Vec<String> {
    step.placements
        .iter()
        .map(|p| say(n.value(p.value), n.cell(p.cell)))
        .collect()
}

pub(super) fn hidden_single(house: Unit, step: &SizedStep, n: Names) -> Vec<String> {
    let h = n.unit(house);
    per_placement(step, n, |v, c| {
        say!(
                n.w,
                "In {h}, {v} has only one place left: {c}; every other cell of {h} is filled or sees a {v}.",
                "Dans {h}, {v} n'a plus qu'une place : {c} ; les autres cases sont remplies ou voient un {v}."
            )
    })
}

pub(super) fn naked_single(step: &SizedStep, n: Names) -> Vec<String> {
    per_placement(step, n, |v, c| {
        say!(
                n.w,
                "{c} sees every other value in its row, column and houses: only {v} is left.",
                "{c} voit toutes les autres valeurs dans sa ligne, sa colonne et ses zones : il ne reste que {v}."
            )
    })
}
