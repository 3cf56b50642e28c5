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
        if cut.inner.is_empty() {
            lines.push(cut_line(cut, n));
        } else {
            lines.extend(deep_cut_lines(cut, n));
        }
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

/// A cut that is a supposition of its own, told inside the first one:
/// "Now … cannot be 3 either, by a supposition inside this one: if it
/// were, …", then its own cuts, each "Inside that, …", then "… so …
/// cannot be 3."
fn deep_cut_lines(cut: &NestedCut, n: Names) -> Vec<String> {
    let (c, v) = (n.cell(cut.excluded.cell), n.value(cut.excluded.value));
    let mut lines = vec![if cut.placed.is_empty() {
        say!(
            n.w,
            "Now {c} cannot be {v} either, by a supposition inside this one: suppose it were.",
            "Or {c} ne peut pas valoir {v} non plus, par une supposition dans celle-ci : supposons qu'il le vaille."
        )
    } else {
        let then = placements(&cut.placed, n);
        say!(
            n.w,
            "Now {c} cannot be {v} either, by a supposition inside this one: if it were, the singles would force {then}.",
            "Or {c} ne peut pas valoir {v} non plus, par une supposition dans celle-ci : s'il le valait, les singletons forceraient {then}."
        )
    }];
    for inner in &cut.inner {
        let clause = cut_clause(inner, n);
        lines.push(say!(n.w, "Inside that, {clause}", "Dans ce cas, {clause}"));
        if !inner.then.is_empty() {
            let then = placements(&inner.then, n);
            lines.push(say!(
                n.w,
                "Inside that, without it, the singles would force: {then}.",
                "Dans ce cas, sans lui, les singletons forceraient : {then}."
            ));
        }
    }
    let why = broken_clause(cut.broken, n);
    lines.push(say!(
        n.w,
        "And then {why}: so {c} cannot be {v}.",
        "Et alors {why} : donc {c} ne peut pas valoir {v}."
    ));
    lines
}

/// "Now row 4, column 2 cannot be 7: with it, the singles would force …,
/// and then box 3 has no place left for 5."
fn cut_line(cut: &NestedCut, n: Names) -> String {
    let clause = cut_clause(cut, n);
    say!(n.w, "Now {clause}", "Or {clause}")
}

/// "row 4, column 2 cannot be 7: with it, …, and then box 3 has no place
/// left for 5."
fn cut_clause(cut: &NestedCut, n: Names) -> String {
    let (c, v) = (n.cell(cut.excluded.cell), n.value(cut.excluded.value));
    let why = broken_clause(cut.broken, n);
    if cut.placed.is_empty() {
        return say!(
            n.w,
            "{c} cannot be {v}: with it, {why}.",
            "{c} ne peut pas valoir {v} : avec lui, {why}."
        );
    }
    let then = placements(&cut.placed, n);
    say!(
        n.w,
        "{c} cannot be {v}: with it, the singles would force {then}, and then {why}.",
        "{c} ne peut pas valoir {v} : avec lui, les singletons forceraient {then}, puis {why}."
    )
}
