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
    vec![
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
    ]
}
