//! Forcing chains on a sized grid: the singles each supposition forces.

use super::Names;
use crate::logic::sized::{Broken, SizedCandidate};

/// The placements of a branch, in order.
pub(super) fn placements(placed: &[SizedCandidate], n: Names) -> String {
    let said: Vec<String> = placed.iter().map(|&p| n.is(p)).collect();
    crate::hint::words::list_of_phrases(&said, n.lang())
}

pub(super) fn cell_forcing(
    cell: u16,
    branches: &[(SizedCandidate, Vec<SizedCandidate>)],
    target: SizedCandidate,
    n: Names,
) -> Vec<String> {
    let c = n.cell(cell);
    let mut lines = vec![say!(
        n.w,
        "Try each candidate of {c} and follow the singles it forces.",
        "Essaie chaque candidat de {c} et suis les singletons qu'il force."
    )];
    for (supposed, branch) in branches {
        let (s, then) = (n.is(*supposed), placements(branch, n));
        lines.push(say!(n.w, "If {s}: {then}.", "Si {s} : {then}."));
    }
    let t = n.is(target);
    lines.push(say!(
        n.w,
        "Every candidate of {c} leads to {t}.",
        "Chaque candidat de {c} mène à {t}."
    ));
    lines
}

pub(super) fn contradiction(
    supposed: SizedCandidate,
    placed: &[SizedCandidate],
    broken: Broken,
    n: Names,
) -> Vec<String> {
    let mut lines = supposition(supposed, placed, n);
    lines.push(impossible(broken, n));
    lines
}

/// "Suppose row 1, column 1 is 5." and the singles that follow, if any.
pub(super) fn supposition(
    supposed: SizedCandidate,
    placed: &[SizedCandidate],
    n: Names,
) -> Vec<String> {
    let s = n.is(supposed);
    let mut lines = vec![say!(n.w, "Suppose {s}.", "Suppose que {s}.")];
    if !placed.is_empty() {
        let then = placements(placed, n);
        lines.push(say!(
            n.w,
            "The singles then force: {then}.",
            "Les singletons forcent alors : {then}."
        ));
    }
    lines
}

/// "Then row 3 has no place left for 7: impossible."
pub(super) fn impossible(broken: Broken, n: Names) -> String {
    let why = broken_clause(broken, n);
    say!(n.w, "Then {why}: impossible.", "Alors {why} : impossible.")
}

/// How the grid breaks: "row 2, column 5 has no candidate left".
pub(super) fn broken_clause(broken: Broken, n: Names) -> String {
    match broken {
        Broken::NoCandidate(cell) => {
            let c = n.cell(cell);
            say!(
                n.w,
                "{c} has no candidate left",
                "{c} n'a plus aucun candidat"
            )
        }
        Broken::NoPlace { house, value } => {
            let (h, v) = (n.unit(house), n.value(value));
            say!(
                n.w,
                "{h} has no place left for {v}",
                "{h} n'a plus de place pour {v}"
            )
        }
    }
}
