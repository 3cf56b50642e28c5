//! Intersections of any two houses on a sized grid: a box and a row, a
//! diagonal and a box, a region and a column.

use super::{Names, Rule};
use crate::grid::Unit;

pub(super) const RULE: Rule = Rule {
    en: "When every place of a value in one house lies in a second house too, the value leaves the rest of the second house.",
    fr: "Quand toutes les places d'une valeur dans une zone sont aussi dans une deuxième zone, la valeur quitte le reste de la deuxième zone.",
};

pub(super) fn locked(value: u8, base: Unit, cover: Unit, cells: &[u16], n: Names) -> Vec<String> {
    let (v, from, to, cl) = (n.value(value), n.unit(base), n.unit(cover), n.cells(cells));
    let de_to = crate::hint::words::de(&to);
    let mut lines = vec![
        say!(
            n.w,
            "In {from}, {v} can only go in {cl}, which all lie in {to}.",
            "Dans {from}, {v} ne peut aller qu'en {cl}, qui sont toutes dans {to}."
        ),
        say!(
            n.w,
            "Whichever of them gets the {v}, it is the {v} of {to} too.",
            "Quelle que soit celle qui reçoit le {v}, c'est aussi le {v} {de_to}."
        ),
    ];
    lines.extend(crossing(base, cover, n));
    lines
}

/// On overlapping grids, when the two houses do not lie in the same grids
/// (a box the top-left and the centre grids share, a row of the centre
/// grid): the house they share named in each grid, and that the step
/// crosses from one grid into another through it.
fn crossing(base: Unit, cover: Unit, n: Names) -> Option<String> {
    if n.grids_of_unit(base) == n.grids_of_unit(cover) {
        return None;
    }
    let (shared, unit) = match (n.shared(base), n.shared(cover)) {
        (Some(s), _) => (s, base),
        (None, Some(s)) => (s, cover),
        (None, None) => return None,
    };
    let boxed = matches!(unit, Unit::Box(_));
    Some(match (n.lang(), boxed) {
        (crate::hint::Lang::En, true) => format!(
            "{shared} are one box, shared by their grids: through it this step crosses from one grid into the other."
        ),
        (crate::hint::Lang::En, false) => format!(
            "{shared} are one house, shared by their grids: through it this step crosses from one grid into the other."
        ),
        (crate::hint::Lang::Fr, true) => format!(
            "{shared} ne font qu'un bloc, partagé par leurs grilles : par lui, cette étape passe d'une grille à l'autre."
        ),
        (crate::hint::Lang::Fr, false) => format!(
            "{shared} ne font qu'une zone, partagée par leurs grilles : par elle, cette étape passe d'une grille à l'autre."
        ),
    })
}
