//! Pip's words for forcing chains: a supposition told link by link (a
//! nested proof before the link it proves) down to the impossible grid, or
//! every case of a cell or unit down to the same conclusion.

use super::chains::link_line;
use super::words::{cell, unit_name, TechniqueWords};
use super::{shown, Lang, Line, Wording};
use crate::logic::{Chain, Contradiction, ForcingSource, Technique, Why};
use serde::Serialize;

mod told;

use told::{facts, is_told, told_lines};

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
    // A told forcing chain's cases each end on the conclusion, and the
    // technique's rule already says why that settles it.
    if numbered && !chains.iter().all(is_told) {
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
pub(super) fn premise_line(
    out: &mut Vec<Line>,
    chain: &Chain,
    i: usize,
    numbered: bool,
    lang: Wording,
) {
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

/// A nested forcing chain's inner chain, told on request: what More opens
/// in the window and on the page, and `explain --verbose` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InnerChain {
    /// Its number, as the lines that name it say it ("inner chain 2") and
    /// carry it ([`Line::inner`]).
    pub number: usize,
    /// "Inner chain 2", over its lines.
    pub title: String,
    /// "More: inner chain 2", the control that opens it.
    pub more: String,
    /// The chain told from its supposition to its contradiction.
    pub lines: Vec<Line>,
}

/// The control that closes an inner chain, back to the chain that names it.
pub fn back_to_chain(lang: Lang) -> String {
    say!(lang, "Back to the chain", "Retour à la chaîne")
}

/// The inner chains of a nested forcing chain, each as its own lines
/// ("More" in the window, `explain --verbose`): the number a line names
/// (inner chain 1, 2, ...) and the chain told from its supposition.
pub(super) fn inner_chains(chains: &[Chain], lang: Wording) -> Vec<InnerChain> {
    (1..chains.len())
        .filter(|&k| {
            chains
                .iter()
                .any(|c| c.links.iter().any(|l| l.why == Why::Nested(k)))
        })
        .map(|k| {
            let mut lines = Vec::new();
            chain_lines(&mut lines, chains, k, false, lang);
            InnerChain {
                number: k,
                title: say!(lang, "Inner chain {k}", "Chaîne intérieure {k}"),
                more: say!(
                    lang,
                    "More: inner chain {k}",
                    "Plus : chaîne intérieure {k}"
                ),
                lines,
            }
        })
        .collect()
}

/// How a chain ends: the impossible grid, with the facts it rests on.
pub(super) fn ending(out: &mut Vec<Line>, chain: &Chain, lang: Wording) {
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
