//! Naked and hidden subsets on a sized grid.

use super::Names;
use crate::grid::Unit;

pub(super) fn subset(
    house: Unit,
    cells: &[u16],
    values: &[u8],
    hidden: bool,
    n: Names,
) -> Vec<String> {
    let (h, cl, vl, k) = (n.unit(house), n.cells(cells), n.values(values), cells.len());
    if hidden {
        vec![say!(
            n.w,
            "In {h}, the values {vl} can only go in {cl}: these {k} cells hold them, and nothing else.",
            "Dans {h}, les valeurs {vl} ne peuvent aller qu'en {cl} : ces {k} cases les prennent, et rien d'autre."
        )]
    } else {
        vec![say!(
            n.w,
            "In {h}, the {k} cells {cl} hold only the values {vl} between them: those values go there, not elsewhere in {h}.",
            "Dans {h}, les {k} cases {cl} n'ont que les valeurs {vl} à elles toutes : ces valeurs y vont, pas ailleurs dans {h}."
        )]
    }
}
