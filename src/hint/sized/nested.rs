//! Nested contradictions on a sized grid: a supposition whose singles make
//! other candidates impossible, one by one, until the grid breaks.

use super::forcing::{broken_clause, impossible, placements, supposition};
use super::Names;
use crate::logic::sized::{Broken, NestedCut, SizedCandidate};

pub(super) fn nested_contradiction(
    supposed: SizedCandidate,
    placed: &[SizedCandidate],
    cuts: &[NestedCut],
    broken: Broken,
    n: Names,
) -> Vec<String> {
    let mut lines = supposition(supposed, placed, n);
    for cut in cuts {
        lines.push(cut_line(cut, n));
        if !cut.then.is_empty() {
            let then = placements(&cut.then, n);
            lines.push(say!(
                n.w,
                "Without it, the singles force: {then}.",
                "Sans lui, les singletons forcent : {then}."
            ));
        }
    }
    lines.push(impossible(broken, n));
    lines
}

/// "Now row 4, column 2 cannot be 7: with it, the singles would force …,
/// and then box 3 has no place left for 5."
fn cut_line(cut: &NestedCut, n: Names) -> String {
    let (c, v) = (n.cell(cut.excluded.cell), n.value(cut.excluded.value));
    let why = broken_clause(cut.broken, n);
    if cut.placed.is_empty() {
        return say!(
            n.w,
            "Now {c} cannot be {v}: with it, {why}.",
            "Or {c} ne peut pas valoir {v} : avec lui, {why}."
        );
    }
    let then = placements(&cut.placed, n);
    say!(
        n.w,
        "Now {c} cannot be {v}: with it, the singles would force {then}, and then {why}.",
        "Or {c} ne peut pas valoir {v} : avec lui, les singletons forceraient {then}, puis {why}."
    )
}
