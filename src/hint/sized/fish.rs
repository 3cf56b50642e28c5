//! Fish on a sized grid: X-Wing, Swordfish, Jellyfish.

use super::Names;
use crate::grid::Unit;

pub(super) fn fish(
    value: u8,
    base: &[Unit],
    cover: &[Unit],
    corners: &[u16],
    n: Names,
) -> Vec<String> {
    let (v, b, c, cl, k) = (
        n.value(value),
        n.units(base),
        n.units(cover),
        n.cells(corners),
        base.len(),
    );
    vec![
        say!(
            n.w,
            "In {b}, {v} can only go in {cl}, which lie in {c}.",
            "Dans {b}, {v} ne peut aller qu'en {cl}, qui sont dans {c}."
        ),
        say!(
            n.w,
            "Those {k} lines need {k} different {v}s, and they all fall in {c}: the {v}s of {c} are those.",
            "Ces {k} lignes veulent {k} {v} différents, tous dans {c} : ce sont les {v} de {c}."
        ),
    ]
}
