//! Pip's words for forcing chains: a supposition told link by link (a
//! nested proof before the link it proves) down to the impossible grid, or
//! every case of a cell or unit down to the same conclusion.

use super::chains::link_line;
use super::words::{cell, list_of_phrases, unit_name, TechniqueWords};
use super::{shown, Line, Wording};
use crate::logic::{Candidate, Chain, Contradiction, ForcingSource, Link, LinkKind, Technique, Why};

pub(super) const WORDS: &[TechniqueWords] = &[
    TechniqueWords {
        technique: Technique::Contradiction,
        name_fr: "Chaîne de contradiction",
        rule_en: "Supposing a candidate true leads, step by forced step, to an impossible grid, so it is false.",
        rule_fr: "Supposer un candidat vrai mène, étape forcée après étape forcée, à une grille impossible : il est donc faux.",
    },
    TechniqueWords {
        technique: Technique::CellForcingChain,
        name_fr: "Chaîne forçante de case",
        rule_en: "Every candidate of a cell leads to the same conclusion, so the conclusion holds.",
        rule_fr: "Chaque candidat d'une case mène à la même conclusion : elle est donc vraie.",
    },
    TechniqueWords {
        technique: Technique::UnitForcingChain,
        name_fr: "Chaîne forçante d'unité",
        rule_en: "Every place for a digit in a unit leads to the same conclusion, so the conclusion holds.",
        rule_fr: "Chaque place d'un chiffre dans une unité mène à la même conclusion : elle est donc vraie.",
    },
    TechniqueWords {
        technique: Technique::NestedForcingChain,
        name_fr: "Chaîne forçante imbriquée",
        rule_en: "Supposing a candidate true leads to an impossible grid, using smaller contradictions along the way, so it is false.",
        rule_fr: "Supposer un candidat vrai mène à une grille impossible, en s'aidant de petites contradictions en chemin : il est donc faux.",
    },
];

/// One supposition down to an impossible grid: `chains[0]`, which cites the
/// smaller contradictions that follow it by their index.
pub(super) fn contradiction(chains: &[Chain], lang: Wording) -> Vec<Line> {
    let mut out = Vec::new();
    chain_lines(&mut out, chains, 0, false, lang);
    out
}

/// Every case of `source`, one chain each, down to the same conclusion.
pub(super) fn forcing(chains: &[Chain], source: ForcingSource, lang: Wording) -> Vec<Line> {
    let mut out = Vec::new();
    let numbered = chains.len() > 1;
    for i in 0..chains.len() {
        chain_lines(&mut out, chains, i, numbered, lang);
    }
    if numbered {
        let units = match source {
            ForcingSource::Unit { unit, .. } => vec![unit],
            ForcingSource::Cell { .. } => vec![],
        };
        out.push(shown(
            say!(
                lang,
                "Every case leads to the same result, so it holds whatever the truth is.",
                "Tous les cas mènent au même résultat : il est donc vrai quoi qu'il arrive."
            ),
            vec![],
            vec![],
            vec![],
            units,
        ));
    }
    out
}

/// Whether a chain was told by the engine (the placements on the path,
/// each with the facts it rests on) rather than link by link as found.
fn is_told(chain: &Chain) -> bool {
    !chain.with.is_empty() || chain.links.iter().any(|l| !l.with.is_empty())
}

/// Chain `i`: its supposition, one line per link (a nested proof is told
/// before the link it proves), and how it ends.
fn chain_lines(out: &mut Vec<Line>, chains: &[Chain], i: usize, numbered: bool, lang: Wording) {
    let chain = &chains[i];
    if is_told(chain) {
        return told_lines(out, chains, i, numbered, lang);
    }
    premise_line(out, chain, i, numbered, lang);
    for l in &chain.links {
        if let Why::Nested(k) = l.why {
            if k != i && k < chains.len() {
                let (tc, td) = (cell(l.to.cell, lang), l.to.digit);
                out.push(shown(
                    say!(
                        lang,
                        "Inside this supposition, test {tc} = {td}:",
                        "Dans cette supposition, teste {tc} = {td} :"
                    ),
                    vec![l.to.cell],
                    vec![l.to],
                    vec![],
                    vec![],
                ));
                chain_lines(out, chains, k, false, lang);
            }
        }
        out.push(link_line(l, lang, false));
    }
    ending(out, chain, lang);
}

/// The supposition a chain starts from, as its first line.
fn premise_line(out: &mut Vec<Line>, chain: &Chain, i: usize, numbered: bool, lang: Wording) {
    if let Some(p) = chain.premise {
        let (pc, pd) = (cell(p.candidate.cell, lang), p.candidate.digit);
        let k = i + 1;
        let text = match (p.on, numbered) {
            (true, true) => say!(
                lang,
                "Case {k}: suppose {pc} is {pd}.",
                "Cas {k} : suppose que {pc} vaut {pd}."
            ),
            (true, false) => say!(
                lang,
                "Suppose {pc} were {pd}.",
                "Suppose que {pc} vaille {pd}."
            ),
            (false, _) => say!(
                lang,
                "Suppose {pc} were not {pd}.",
                "Suppose que {pc} ne vaille pas {pd}."
            ),
        };
        out.push(shown(
            text,
            vec![p.candidate.cell],
            vec![p.candidate],
            vec![],
            vec![],
        ));
    }
}

/// The facts a told line rests on, by their cells: "4 in r5c1" for a
/// placement (or the supposition), "r3c4 not 7" for a removal; each is
/// the latest fact said about its cell before link `upto`.
fn facts(chain: &Chain, upto: usize, with: crate::grid::CellSet, lang: Wording) -> (String, Vec<Candidate>) {
    let mut phrases = Vec::new();
    let mut cands = Vec::new();
    for c in with.iter() {
        // A cell emptied by nested contradictions: every digit they removed.
        let removed: Vec<u8> = chain.links[..upto]
            .iter()
            .filter(|l| l.to.cell == c && matches!(l.why, Why::Nested(_)))
            .map(|l| l.to.digit)
            .collect();
        if removed.len() > 1 && !chain.links[..upto].iter().any(|l| l.to.cell == c && l.kind == LinkKind::Strong) {
            let (fc, ds) = (cell(c, lang), super::words::digits(&removed, lang.lang));
            phrases.push(say!(lang, "{ds} gone from {fc}", "{ds} retirés de {fc}"));
            cands.extend(removed.iter().map(|&d| Candidate::new(c, d)));
            continue;
        }
        let said = chain.links[..upto]
            .iter()
            .rev()
            .find(|l| l.to.cell == c && (l.kind == LinkKind::Strong || matches!(l.why, Why::Nested(_))))
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
fn told_lines(out: &mut Vec<Line>, chains: &[Chain], i: usize, numbered: bool, lang: Wording) {
    let chain = &chains[i];
    let first = out.len();
    if !numbered {
        premise_line(out, chain, i, numbered, lang);
    }
    let last = chain.links.len().saturating_sub(1);
    // Placements resting on the same facts, said together: (first link, links).
    let mut group: Option<(usize, Vec<&Link>)> = None;
    let flush = |out: &mut Vec<Line>, group: &mut Option<(usize, Vec<&Link>)>| {
        if let Some((j, ls)) = group.take() {
            out.push(placements_line(chain, j, &ls, lang));
        }
    };
    for (j, l) in chain.links.iter().enumerate() {
        if l.kind == LinkKind::Strong && !matches!(l.why, Why::Nested(_)) {
            match &mut group {
                Some((_, ls)) if ls[0].with == l.with && ls.len() < GROUP => ls.push(l),
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
            (_, Why::Nested(k)) => out.push(nested_line(l, k, lang)),
            (LinkKind::Strong, _) => {}
            // The conclusion of a branch that removes a candidate.
            (LinkKind::Weak, _) if j == last && chain.contradiction.is_none() => {
                let (tc, td) = (cell(l.to.cell, lang), l.to.digit);
                let (with, mut cands) = facts(chain, j, chain.with, lang);
                cands.push(l.to);
                let text = if l.from.cell == l.to.cell {
                    // The placement just said holds the cell: say it there.
                    flush(out, &mut group);
                    if let Some(prev) = out.last_mut().filter(|p| p.highlights.cells.contains(&l.to.cell)) {
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
                } else {
                    say!(
                        lang,
                        "Then {tc} is not {td}: it sees {with}.",
                        "Alors {tc} ne vaut pas {td} : elle voit {with}."
                    )
                };
                out.push(shown(
                    text,
                    vec![l.to.cell],
                    cands,
                    vec![],
                    vec![],
                ));
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
    if let (true, Some(p), Some(l)) = (numbered, chain.premise, out.get_mut(first)) {
        let (pc, pd, k) = (cell(p.candidate.cell, lang), p.candidate.digit, i + 1);
        let rest = lowercase_first(&l.text);
        l.text = say!(
            lang,
            "Case {k}: if {pc} is {pd}, {rest}",
            "Cas {k} : si {pc} vaut {pd}, {rest}"
        );
        l.highlights.candidates.push(p.candidate);
        l.highlights.cells.push(p.candidate.cell);
    }
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

/// At most this many placements are said in one line.
const GROUP: usize = 3;

/// One or more placements resting on the same facts, in one line: "Then,
/// with 1 in r9c2: r6c2 is 5, the last place for 5 in c2; and r4c1 is 1,
/// the last place for 1 in c1."
fn placements_line(chain: &Chain, j: usize, ls: &[&Link], lang: Wording) -> Line {
    if let [l] = ls {
        return placement_line(chain, j, l, l.why, lang);
    }
    let (with, mut cands) = facts(chain, j, ls[0].with, lang);
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
    let all = list_of_phrases(&items, lang.lang);
    let text = say!(
        lang,
        "Then, with {with}: {all}.",
        "Alors, avec {with} : {all}."
    );
    shown(text, ls.iter().map(|l| l.to.cell).collect(), cands, vec![], units)
}

/// "Then r5c6 is 3: with 4 in r5c1, it is the last place for 3 in row 5."
fn placement_line(chain: &Chain, j: usize, l: &Link, why: Why, lang: Wording) -> Line {
    let (tc, td) = (cell(l.to.cell, lang), l.to.digit);
    let (with, mut cands) = facts(chain, j, l.with, lang);
    cands.push(l.to);
    let (text, units) = match why {
        Why::LastPlace(u) => {
            let un = unit_name(u, lang);
            (
                say!(
                    lang,
                    "Then {tc} is {td}: with {with}, it is the last place for {td} in {un}.",
                    "Alors {tc} vaut {td} : avec {with}, c'est la dernière place du {td} dans {un}."
                ),
                vec![u],
            )
        }
        _ => (
            say!(
                lang,
                "Then {tc} is {td}: with {with}, no other candidate is left in it.",
                "Alors {tc} vaut {td} : avec {with}, il ne lui reste aucun autre candidat."
            ),
            vec![],
        ),
    };
    shown(text, vec![l.to.cell], cands, vec![], units)
}

/// A candidate removed by a nested contradiction, named in one line.
fn nested_line(l: &Link, k: usize, lang: Wording) -> Line {
    let (tc, td) = (cell(l.to.cell, lang), l.to.digit);
    let n = k;
    shown(
        say!(
            lang,
            "So {tc} is not {td}: supposing it is leads to a contradiction (inner chain {n}, told on request).",
            "Donc {tc} ne vaut pas {td} : le supposer mène à une contradiction (chaîne intérieure {n}, racontée sur demande)."
        ),
        vec![l.to.cell],
        vec![l.to],
        vec![],
        vec![],
    )
}

/// The inner chains of a nested forcing chain, each as its own lines
/// ("More" in the window, `explain --verbose`): the number a line names
/// (inner chain 1, 2, ...) and the chain told from its supposition.
pub(super) fn inner_chains(chains: &[Chain], lang: Wording) -> Vec<(usize, Vec<Line>)> {
    (1..chains.len())
        .filter(|&k| chains.iter().any(|c| c.links.iter().any(|l| l.why == Why::Nested(k))))
        .map(|k| {
            let mut out = Vec::new();
            chain_lines(&mut out, chains, k, false, lang);
            (k, out)
        })
        .collect()
}

/// How a chain ends: the impossible grid, with the facts it rests on.
fn ending(out: &mut Vec<Line>, chain: &Chain, lang: Wording) {
    let (with, _) = facts(chain, chain.links.len(), chain.with, lang);
    let with = if with.is_empty() {
        with
    } else {
        say!(lang, " (with {with})", " (avec {with})")
    };
    match chain.contradiction {
        Some(Contradiction::EmptyCell { cell: c }) => out.push(shown(
            {
                let name = cell(c, lang);
                say!(
                    lang,
                    "Then {name} has no candidate left{with}: impossible!",
                    "Alors {name} n'a plus aucun candidat{with} : impossible !"
                )
            },
            vec![c],
            vec![],
            vec![],
            vec![],
        )),
        Some(Contradiction::NoPlace { unit, digit }) => {
            let un = unit_name(unit, lang);
            out.push(shown(
                say!(
                    lang,
                    "Then {digit} has no place left in {un}{with}: impossible!",
                    "Alors {digit} n'a plus de place dans {un}{with} : impossible !"
                ),
                vec![],
                vec![],
                vec![],
                vec![unit],
            ))
        }
        Some(Contradiction::Both { candidate }) => {
            let (c, dd) = (cell(candidate.cell, lang), candidate.digit);
            out.push(shown(
                say!(
                    lang,
                    "Then {c} would have to be {dd} and not {dd} at once: impossible!",
                    "Alors {c} devrait valoir {dd} et ne pas valoir {dd} à la fois : impossible !"
                ),
                vec![candidate.cell],
                vec![candidate],
                vec![],
                vec![],
            ))
        }
        None => {}
    }
}
