//! Pip's words for a forcing chain told as its path (`logic`'s
//! `forcing/told.rs`): a line per placement, naming the facts its single
//! rests on; placements resting only on facts said before them share a line; a case of a
//! forcing chain opens with its supposition; a nested contradiction is named
//! in one line and told on request.

use super::super::words::{and, cell, list, list_of_phrases, semicolon, unit_name};
use super::super::{shown, Line, Wording};
use super::{ending, premise_line};
use crate::grid::CellSet;
use crate::logic::{Candidate, Chain, Link, LinkKind, Why, FACTS_PER_LINE, PLACEMENTS_PER_LINE};

/// Whether a chain was told by the engine (the placements on the path,
/// each with the facts it rests on) rather than link by link as found.
pub(super) fn is_told(chain: &Chain) -> bool {
    !chain.with.is_empty() || chain.links.iter().any(|l| !l.with.is_empty())
}

/// The facts a told line rests on, by their cells: "4 in r5c1" for a
/// placement (or the supposition), "r3c4 not 7" for a removal; each is
/// the latest fact said about its cell before link `upto`.
pub(super) fn facts(
    chain: &Chain,
    upto: usize,
    with: crate::grid::CellSet,
    lang: Wording,
) -> (String, Vec<Candidate>) {
    let mut phrases = Vec::new();
    let mut cands = Vec::new();
    for c in with.iter() {
        // A cell emptied by nested contradictions: every digit they removed.
        let removed: Vec<u8> = chain.links[..upto]
            .iter()
            .filter(|l| l.to.cell == c && matches!(l.why, Why::Nested(_)))
            .map(|l| l.to.digit)
            .collect();
        if removed.len() > 1
            && !chain.links[..upto]
                .iter()
                .any(|l| l.to.cell == c && l.kind == LinkKind::Strong)
        {
            let (fc, ds) = (
                cell(c, lang),
                super::super::words::digits(&removed, lang.lang),
            );
            phrases.push(say!(lang, "{ds} gone from {fc}", "{ds} retirés de {fc}"));
            cands.extend(removed.iter().map(|&d| Candidate::new(c, d)));
            continue;
        }
        let said = chain.links[..upto]
            .iter()
            .rev()
            .find(|l| {
                l.to.cell == c && (l.kind == LinkKind::Strong || matches!(l.why, Why::Nested(_)))
            })
            .map(|l| (l.to, l.kind == LinkKind::Strong))
            .or_else(|| {
                chain
                    .premise
                    .filter(|p| p.candidate.cell == c)
                    .map(|p| (p.candidate, p.on))
            });
        let Some((f, on)) = said else { continue };
        let (fc, fd) = (cell(f.cell, lang), f.digit);
        phrases.push(if on {
            say!(lang, "{fd} in {fc}", "{fd} en {fc}")
        } else {
            say!(lang, "{fc} not {fd}", "{fc} sans {fd}")
        });
        cands.push(f);
    }
    (list_of_phrases(&phrases, lang.lang), cands)
}

/// A told chain: its supposition, one line per placement (its single's
/// reason naming the facts it rests on), one per candidate a nested
/// contradiction removes (the nested chain itself is told on request),
/// and how it ends.
pub(super) fn told_lines(
    out: &mut Vec<Line>,
    chains: &[Chain],
    i: usize,
    numbered: bool,
    lang: Wording,
) {
    let chain = &chains[i];
    let first = out.len();
    let last = chain.links.len().saturating_sub(1);
    // Placements resting on the same facts, said together: (first link, links).
    let mut group: Option<(usize, Vec<&Link>)> = None;
    // The first link of the run of nested removals the last line says.
    let mut nested_from: Option<usize> = None;
    let flush = |out: &mut Vec<Line>, group: &mut Option<(usize, Vec<&Link>)>| {
        if let Some((j, ls)) = group.take() {
            out.push(placements_line(chain, j, &ls, lang));
        }
    };
    for (j, l) in chain.links.iter().enumerate() {
        if l.kind == LinkKind::Strong && !matches!(l.why, Why::Nested(_)) {
            match &mut group {
                Some((_, ls)) if joins(ls, l) => ls.push(l),
                _ => {
                    flush(out, &mut group);
                    group = Some((j, vec![l]));
                }
            }
            continue;
        }
        if l.kind == LinkKind::Strong || matches!(l.why, Why::Nested(_)) || j == last {
            flush(out, &mut group);
        }
        match (l.kind, l.why) {
            (_, Why::Nested(_)) => {
                // Removals from one cell in a row share a line.
                let start = nested_from.filter(|&s| {
                    chain.links[s..j]
                        .iter()
                        .all(|m| matches!(m.why, Why::Nested(_)) && m.to.cell == l.to.cell)
                });
                let from = match start {
                    Some(s) => {
                        out.pop();
                        s
                    }
                    None => j,
                };
                let ls: Vec<&Link> = chain.links[from..=j].iter().collect();
                out.push(nested_line(&ls, lang));
                nested_from = Some(from);
            }
            (LinkKind::Strong, _) => {}
            // The conclusion of a branch that removes a candidate.
            (LinkKind::Weak, _) if j == last && chain.contradiction.is_none() => {
                let (tc, td) = (cell(l.to.cell, lang), l.to.digit);
                let (with, mut cands) = facts(chain, j, chain.with, lang);
                cands.push(l.to);
                let text = if l.from.cell == l.to.cell {
                    // The placement just said holds the cell: say it there.
                    flush(out, &mut group);
                    if let Some(prev) = out
                        .last_mut()
                        .filter(|p| p.highlights.cells.contains(&l.to.cell))
                    {
                        prev.text.push_str(&say!(
                            lang,
                            " So it is not {td}.",
                            " Elle ne vaut donc pas {td}."
                        ));
                        prev.highlights.candidates.push(l.to);
                        continue;
                    }
                    let fd = l.from.digit;
                    say!(
                        lang,
                        "Then {tc} is not {td}: it is {fd}.",
                        "Alors {tc} ne vaut pas {td} : elle vaut {fd}."
                    )
                } else if let Some(prev) = out[first..].last_mut().filter(|p| {
                    p.highlights.cells.first() == Some(&l.from.cell) && said_last(chain, j, l.from)
                }) {
                    // The placement just said rules it out: say it there.
                    prev.text.push_str(&say!(
                        lang,
                        " So {tc}, which sees it, is not {td}.",
                        " Donc {tc}, qui la voit, ne vaut pas {td}."
                    ));
                    prev.highlights.candidates.push(l.to);
                    continue;
                } else if with.is_empty() {
                    say!(
                        lang,
                        "Then {tc} is not {td}.",
                        "Alors {tc} ne vaut pas {td}."
                    )
                } else {
                    say!(
                        lang,
                        "Then {tc} is not {td}: it sees {with}.",
                        "Alors {tc} ne vaut pas {td} : elle voit {with}."
                    )
                };
                out.push(shown(text, vec![l.to.cell], cands, vec![], vec![]));
            }
            // The elimination that completes the next single: said in it.
            _ => {}
        }
    }
    flush(out, &mut group);
    ending(out, chain, lang);
    branch_links(&mut out[first..], chain);
    // A case of a forcing chain is one short paragraph: its supposition
    // opens its first line ("Case 1: if r2c9 is 7, then ...").
    // A supposition opens the chain's first line: "Case 1: if r2c9 is 7,
    // then ...", "Suppose r9c2 is 6; then ...".
    let Some(p) = chain.premise else {
        return;
    };
    let Some(l) = out.get_mut(first) else {
        return premise_line(out, chain, i, numbered, lang);
    };
    let (pc, pd, k) = (cell(p.candidate.cell, lang), p.candidate.digit, i + 1);
    let rest = lowercase_first(&l.text);
    l.text = match (numbered, p.on) {
        (true, _) => say!(
            lang,
            "Case {k}: if {pc} is {pd}, {rest}",
            "Cas {k} : si {pc} vaut {pd}, {rest}"
        ),
        (false, true) => say!(
            lang,
            "Suppose {pc} is {pd}; {rest}",
            "Suppose que {pc} vaille {pd} ; {rest}"
        ),
        (false, false) => say!(
            lang,
            "Suppose {pc} is not {pd}; {rest}",
            "Suppose que {pc} ne vaille pas {pd} ; {rest}"
        ),
    };
    l.highlights.candidates.push(p.candidate);
    l.highlights.cells.push(p.candidate.cell);
}

/// Whether `c` is the placement said last before link `j`.
fn said_last(chain: &Chain, j: usize, c: Candidate) -> bool {
    chain.links[..j]
        .iter()
        .rev()
        .find(|l| l.kind == LinkKind::Strong || matches!(l.why, Why::Nested(_)))
        .is_some_and(|l| l.kind == LinkKind::Strong && l.to == c)
}

/// Each line of a told branch carries the branch's links read so far (a
/// placement's link with the elimination that triggered it), so the board
/// draws the branch being read and no other.
fn branch_links(lines: &mut [Line], chain: &Chain) {
    let mut seen: Vec<Candidate> = chain.premise.map(|p| p.candidate).into_iter().collect();
    let n = chain.links.len();
    for line in lines.iter_mut() {
        seen.extend(line.highlights.candidates.iter().copied());
        line.highlights.links = (0..n)
            .filter(|&i| {
                let l = &chain.links[i];
                let next_seen = chain.links.get(i + 1).is_some_and(|m| {
                    m.kind == LinkKind::Strong && m.from == l.to && seen.contains(&m.to)
                });
                seen.contains(&l.to) || next_seen
            })
            .map(|i| chain.links[i])
            .collect();
    }
    // The end is read with the whole branch on the board.
    if let Some(line) = lines.last_mut() {
        line.highlights.links = chain.links.clone();
    }
}

/// "Then r1c2 ..." as it goes on a sentence: "then r1c2 ...".
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Whether placement `l` is said in the line of `ls`: it rests on none
/// of them, and the line still names few facts (the engine gathered the
/// placements by the same rule, `logic`'s `forcing/told.rs`).
fn joins(ls: &[&Link], l: &Link) -> bool {
    let ground = ground(ls);
    let placed: CellSet = ls.iter().map(|m| m.to.cell).collect();
    let wider = CellSet::from_mask(ground.mask() | l.with.mask());
    ls.len() < PLACEMENTS_PER_LINE
        && l.with.mask() & placed.mask() == 0
        && (wider.len() == ground.len() || wider.len() <= FACTS_PER_LINE)
}

/// The cells of the facts a line of placements rests on.
fn ground(ls: &[&Link]) -> CellSet {
    CellSet::from_mask(ls.iter().fold(0, |g, m| g | m.with.mask()))
}

/// One or more placements resting on facts said before them, in one line: "Then,
/// with 1 in r9c2: r6c2 is 5, the last place for 5 in c2; and r4c1 is 1,
/// the last place for 1 in c1."
fn placements_line(chain: &Chain, j: usize, ls: &[&Link], lang: Wording) -> Line {
    if let [l] = ls {
        return placement_line(chain, j, l, l.why, lang);
    }
    let (with, mut cands) = facts(chain, j, ground(ls), lang);
    let with = if only_the_supposition(chain, j, ground(ls)) {
        String::new()
    } else {
        with
    };
    let mut units = Vec::new();
    let items: Vec<String> = ls
        .iter()
        .map(|l| {
            let (tc, td) = (cell(l.to.cell, lang), l.to.digit);
            cands.push(l.to);
            match l.why {
                Why::LastPlace(u) => {
                    units.push(u);
                    let un = unit_name(u, lang);
                    say!(
                        lang,
                        "{tc} is {td}, the last place for {td} in {un}",
                        "{tc} vaut {td}, dernière place du {td} dans {un}"
                    )
                }
                _ => say!(
                    lang,
                    "{tc} is {td}, its last candidate",
                    "{tc} vaut {td}, son dernier candidat"
                ),
            }
        })
        .collect();
    // Each item has its own comma ("r6c7 is 6, the last place ..."): the
    // items are set apart by semicolons, even two of them.
    let all = match items.as_slice() {
        [a, b] => {
            let (semi, and) = (semicolon(lang.lang), and(lang.lang));
            format!("{a}{semi}{and} {b}")
        }
        _ => list_of_phrases(&items, lang.lang),
    };
    // Facts of an enclosing supposition are not named again here.
    let text = if with.is_empty() {
        say!(lang, "Then {all}.", "Alors {all}.")
    } else {
        say!(
            lang,
            "Then, with {with}: {all}.",
            "Alors, avec {with} : {all}."
        )
    };
    shown(
        text,
        ls.iter().map(|l| l.to.cell).collect(),
        cands,
        vec![],
        units,
    )
}

/// Whether the facts `with` of link `j` are just the chain's supposition,
/// on its first placement: "Case 1: if r6c1 is 2, then r6c7 is 6, ..."
/// needs no "with 2 in r6c1" after it.
fn only_the_supposition(chain: &Chain, j: usize, with: CellSet) -> bool {
    chain
        .premise
        .is_some_and(|p| p.on && with == CellSet::single(p.candidate.cell))
        && !chain.links[..j].iter().any(|l| l.kind == LinkKind::Strong)
}

/// "Then r5c6 is 3: with 4 in r5c1, it is the last place for 3 in row 5."
fn placement_line(chain: &Chain, j: usize, l: &Link, why: Why, lang: Wording) -> Line {
    let (tc, td) = (cell(l.to.cell, lang), l.to.digit);
    let (with, mut cands) = facts(chain, j, l.with, lang);
    cands.push(l.to);
    // Facts of an enclosing supposition are not named again here, nor the
    // supposition the line opens with.
    let with = if with.is_empty() || only_the_supposition(chain, j, l.with) {
        with
    } else {
        say!(lang, "with {with}, ", "avec {with}, ")
    };
    let (text, units) = match why {
        Why::LastPlace(u) => {
            let un = unit_name(u, lang);
            (
                say!(
                    lang,
                    "Then {tc} is {td}: {with}it is the last place for {td} in {un}.",
                    "Alors {tc} vaut {td} : {with}c'est la dernière place du {td} dans {un}."
                ),
                vec![u],
            )
        }
        _ => (
            say!(
                lang,
                "Then {tc} is {td}: {with}no other candidate is left in it.",
                "Alors {tc} vaut {td} : {with}il ne lui reste aucun autre candidat."
            ),
            vec![],
        ),
    };
    shown(text, vec![l.to.cell], cands, vec![], units)
}

/// A candidate removed by a nested contradiction, named in one line.
fn nested_line(ls: &[&Link], lang: Wording) -> Line {
    let c = ls[0].to.cell;
    let tc = cell(c, lang);
    let ds: Vec<u8> = ls.iter().map(|l| l.to.digit).collect();
    let inner: Vec<usize> = ls
        .iter()
        .filter_map(|l| match l.why {
            Why::Nested(k) => Some(k),
            _ => None,
        })
        .collect();
    let ks: Vec<String> = inner.iter().map(|k| k.to_string()).collect();
    let text = if let ([td], [n]) = (ds.as_slice(), ks.as_slice()) {
        say!(
            lang,
            "So {tc} is not {td}: supposing it is leads to a contradiction (inner chain {n}, told on request).",
            "Donc {tc} ne vaut pas {td} : le supposer mène à une contradiction (chaîne intérieure {n}, racontée sur demande)."
        )
    } else {
        let (dl, nl) = (
            or_list(&ds.iter().map(|d| d.to_string()).collect::<Vec<_>>(), lang),
            list(&ks, lang.lang),
        );
        say!(
            lang,
            "So {tc} is not {dl}: supposing any of them leads to a contradiction (inner chains {nl}, told on request).",
            "Donc {tc} ne vaut {dl} : supposer l'un d'eux mène à une contradiction (chaînes intérieures {nl}, racontées sur demande)."
        )
    };
    let mut line = shown(
        text,
        vec![c],
        ls.iter().map(|l| l.to).collect(),
        vec![],
        vec![],
    );
    // The window and the page open these on request (More).
    line.inner = inner;
    line
}

/// "2, 4 or 6"; in French "ni 2, ni 4, ni 6", after "ne vaut".
fn or_list(items: &[String], lang: Wording) -> String {
    match (lang.lang, items) {
        (_, []) => String::new(),
        (super::super::Lang::Fr, _) => items
            .iter()
            .map(|d| format!("ni {d}"))
            .collect::<Vec<_>>()
            .join(", "),
        (_, [one]) => one.clone(),
        (_, [init @ .., last]) => format!("{} or {last}", init.join(", ")),
    }
}
