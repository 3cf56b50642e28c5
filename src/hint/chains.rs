//! Pip's words for X-Chains, XY-Chains, AIC (grouped or not) and nice
//! loops, and for one chain link, which every technique told link by link
//! shares.

use super::words::{cell, cells, digits, unit_name, TechniqueWords};
use super::{shown, Line, Wording};
use crate::grid::CellSet;
use crate::logic::{Candidate, Link, LinkKind, Technique, Why};

const CHAIN_EN: &str = "In a chain of alternating strong and weak links, one of the two ends is true, so candidates seeing both ends are false.";
const CHAIN_FR: &str = "Dans une chaîne alternant liens forts et faibles, l'un des deux bouts est vrai, donc les candidats qui voient les deux bouts sont faux.";

pub(super) const WORDS: &[TechniqueWords] = &[
    TechniqueWords {
        technique: Technique::XChain,
        name_fr: "X-Chaîne",
        rule_en: CHAIN_EN,
        rule_fr: CHAIN_FR,
    },
    TechniqueWords {
        technique: Technique::XyChain,
        name_fr: "XY-Chaîne",
        rule_en: CHAIN_EN,
        rule_fr: CHAIN_FR,
    },
    TechniqueWords {
        technique: Technique::Aic,
        name_fr: "Chaîne d'inférences alternées",
        rule_en: CHAIN_EN,
        rule_fr: CHAIN_FR,
    },
    TechniqueWords {
        technique: Technique::GroupedAic,
        name_fr: "Chaîne d'inférences alternées groupée",
        rule_en: "A chain of alternating strong and weak links, where a link may join a group (a digit's two or three places where a box and a line cross): one of the two ends is true, so candidates seeing both ends are false.",
        rule_fr: "Une chaîne alternant liens forts et faibles, où un lien peut rejoindre un groupe (les deux ou trois places d'un chiffre là où un bloc et une ligne se croisent) : l'un des deux bouts est vrai, donc les candidats qui voient les deux bouts sont faux.",
    },
    TechniqueWords {
        technique: Technique::AlsAic,
        name_fr: "Chaîne d'inférences alternées avec ensembles",
        rule_en: "A chain of alternating strong and weak links that may pass through an almost locked set (N cells with N + 1 digits, locked on the rest without one): one of the two ends is true, so candidates seeing both ends are false.",
        rule_fr: "Une chaîne alternant liens forts et faibles qui peut traverser un ensemble presque bloqué (N cases à N + 1 chiffres, bloquées sur les autres sans l'un d'eux) : l'un des deux bouts est vrai, donc les candidats qui voient les deux bouts sont faux.",
    },
];

/// "r1c2 is 5", or for a group "5 is in one of r1c2 and r1c3".
fn node_is(set: CellSet, d: u8, lang: Wording) -> String {
    let list = cells(&set.to_vec(), lang);
    if set.len() == 1 {
        say!(lang, "{list} is {d}", "{list} vaut {d}")
    } else {
        say!(
            lang,
            "{d} is in one of {list}",
            "{d} est dans l'une des cases {list}"
        )
    }
}

/// "r1c2 is not 5", or for a group "5 is in none of r1c2 and r1c3".
fn node_is_not(set: CellSet, d: u8, lang: Wording) -> String {
    let list = cells(&set.to_vec(), lang);
    if set.len() == 1 {
        say!(lang, "{list} is not {d}", "{list} ne vaut pas {d}")
    } else {
        say!(
            lang,
            "{d} is in none of {list}",
            "{d} n'est dans aucune des cases {list}"
        )
    }
}

/// The candidates of a link's end, for the board.
fn end_cands(set: CellSet, d: u8) -> impl Iterator<Item = Candidate> {
    set.iter().map(move |c| Candidate::new(c, d))
}

/// A link with a group or an almost locked set at one end, or both.
fn group_link_line(l: &Link, lang: Wording) -> Line {
    let (fd, td) = (l.from.digit, l.to.digit);
    let to = match l.kind {
        LinkKind::Strong => node_is(l.to_cells, td, lang),
        LinkKind::Weak => node_is_not(l.to_cells, td, lang),
    };
    let from_list = cells(&l.from_cells.to_vec(), lang);
    let text = match (l.kind, l.why) {
        (
            LinkKind::Strong,
            Why::Als {
                cells: set,
                digits: ds,
            },
        ) => {
            let (al, dl) = (
                cells(&set.to_vec(), lang),
                digits(&ds.iter().collect::<Vec<_>>(), lang),
            );
            say!(
                lang,
                "Then {to}: {al} hold only {dl}, one digit more than cells, so without {fd} they are locked on the others.",
                "Alors {to} : {al} ne contiennent que {dl}, un chiffre de plus que de cases, donc sans {fd} elles sont bloquées sur les autres."
            )
        }
        (LinkKind::Strong, Why::Unit(u)) => {
            let un = unit_name(u, lang);
            say!(
                lang,
                "Then {to}: the only other places for {td} in {un}.",
                "Alors {to} : les seules autres places du {td} dans {un}."
            )
        }
        (LinkKind::Weak, Why::Unit(u)) => {
            let un = unit_name(u, lang);
            say!(
                lang,
                "Then {to}: they share {un} with {from_list}.",
                "Alors {to} : elles partagent {un} avec {from_list}."
            )
        }
        (LinkKind::Weak, Why::Sees) => say!(
            lang,
            "Then {to}: each of them sees every one of {from_list}.",
            "Alors {to} : chacune voit toutes les cases {from_list}."
        ),
        _ => say!(lang, "Then {to}.", "Alors {to}."),
    };
    let units = match l.why {
        Why::Unit(u) => vec![u],
        _ => vec![],
    };
    let mut cands: Vec<Candidate> = end_cands(l.from_cells, fd)
        .chain(end_cands(l.to_cells, td))
        .collect();
    cands.sort();
    shown(text, l.to_cells.to_vec(), cands, vec![], units)
}

/// A continuous nice loop told link by link from `start`, then why every
/// weak link in it is strong.
pub(super) fn nice_loop<'a>(
    start: Candidate,
    links: impl Iterator<Item = &'a Link>,
    lang: Wording,
) -> Vec<Line> {
    let links: Vec<&Link> = links.collect();
    let from = links
        .first()
        .map_or(CellSet::single(start.cell), |l| l.from_cells);
    let mut out = vec![suppose_not(from, start.digit, lang)];
    out.extend(links.iter().map(|l| link_line(l, lang, false)));
    out.push(shown(
        say!(
            lang,
            "The chain comes back to where it started: it is a loop, and going round it the other way works too. So every weak link in it is in fact strong: of its two ends, exactly one is true, and whatever both of them see is false.",
            "La chaîne revient à son point de départ : c'est une boucle, et la parcourir dans l'autre sens marche aussi. Chaque lien faible y est donc fort : de ses deux bouts, exactement un est vrai, et ce que les deux voient est faux."
        ),
        vec![],
        links
            .iter()
            .flat_map(|l| end_cands(l.from_cells, l.from.digit))
            .collect(),
        vec![],
        vec![],
    ));
    out
}

/// A chain from `start` false to `end` true, one line per link: so one
/// of the two ends is true. An end may be a group: the chain then starts
/// or ends on its cells.
pub(super) fn either_end<'a>(
    start: Candidate,
    links: impl Iterator<Item = &'a Link>,
    end: Candidate,
    lang: Wording,
) -> Vec<Line> {
    let links: Vec<&Link> = links.collect();
    let (from, sd, to, ed) = match (links.first(), links.last()) {
        (Some(first), Some(last)) if first.from_cells.len() > 1 || last.to_cells.len() > 1 => (
            first.from_cells,
            first.from.digit,
            last.to_cells,
            last.to.digit,
        ),
        _ => (
            CellSet::single(start.cell),
            start.digit,
            CellSet::single(end.cell),
            end.digit,
        ),
    };
    let mut out = vec![suppose_not(from, sd, lang)];
    out.extend(links.iter().map(|l| link_line(l, lang, false)));
    let (s_true, e_true) = (node_is(from, sd, lang), node_is(to, ed, lang));
    out.push(shown(
        say!(
            lang,
            "So either {s_true} or {e_true}: one of the two ends is true.",
            "Donc soit {s_true}, soit {e_true} : l'un des deux bouts est vrai."
        ),
        from.iter().chain(to.iter()).collect(),
        end_cands(from, sd).chain(end_cands(to, ed)).collect(),
        vec![],
        vec![],
    ));
    out
}

/// The first line of a chain told from its start: "Suppose r1c2 is not 5."
fn suppose_not(from: CellSet, d: u8, lang: Wording) -> Line {
    let s_false = node_is_not(from, d, lang);
    shown(
        say!(lang, "Suppose {s_false}.", "Suppose que {s_false}."),
        from.to_vec(),
        end_cands(from, d).collect(),
        vec![],
        vec![],
    )
}

/// One chain link as one line, drawn on the board as it is read; with
/// `coloring`, a strong link in a unit is told as two opposite colours.
pub(super) fn link_line(l: &Link, lang: Wording, coloring: bool) -> Line {
    if l.is_grouped() || matches!(l.why, Why::Als { .. } | Why::Sees) {
        return group_link_line(l, lang);
    }
    let (fc, fd) = (cell(l.from.cell, lang), l.from.digit);
    let (tc, td) = (cell(l.to.cell, lang), l.to.digit);
    let text = match (l.kind, l.why, coloring) {
        (LinkKind::Strong, Why::Unit(u), true) => {
            let un = unit_name(u, lang);
            say!(
                lang,
                "{fc} and {tc} are the only places for {fd} in {un}: opposite colours.",
                "{fc} et {tc} sont les seules places du {fd} dans {un} : couleurs opposées."
            )
        }
        (LinkKind::Strong, Why::Cell, _) => say!(
            lang,
            "Then {tc} is {td}: its only other candidate.",
            "Alors {tc} vaut {td} : son seul autre candidat."
        ),
        (LinkKind::Strong, Why::Unit(u), _) => {
            let un = unit_name(u, lang);
            say!(
                lang,
                "Then {tc} is {td}: the only other place for {td} in {un}.",
                "Alors {tc} vaut {td} : la seule autre place du {td} dans {un}."
            )
        }
        (LinkKind::Strong, Why::LastCandidate, _) => say!(
            lang,
            "Then {tc} is {td}: no other candidate is left in it.",
            "Alors {tc} vaut {td} : il ne lui reste aucun autre candidat."
        ),
        (LinkKind::Strong, Why::LastPlace(u), _) => {
            let un = unit_name(u, lang);
            say!(
                lang,
                "Then {tc} is {td}: the last place for {td} in {un}.",
                "Alors {tc} vaut {td} : la dernière place du {td} dans {un}."
            )
        }
        (LinkKind::Weak, Why::Cell, _) => say!(
            lang,
            "Then {tc} is not {td}: {fc} already holds {fd}.",
            "Alors {tc} ne vaut pas {td} : {fc} vaut déjà {fd}."
        ),
        (LinkKind::Weak, Why::Unit(u) | Why::LastPlace(u), _) => {
            let un = unit_name(u, lang);
            say!(
                lang,
                "Then {tc} is not {td}: it shares {un} with {fc}.",
                "Alors {tc} ne vaut pas {td} : elle partage {un} avec {fc}."
            )
        }
        (LinkKind::Weak, Why::LastCandidate, _) => say!(
            lang,
            "Then {tc} is not {td}.",
            "Alors {tc} ne vaut pas {td}."
        ),
        (_, Why::Nested(_), _) => say!(
            lang,
            "So {tc} is not {td}: supposing it leads to a contradiction.",
            "Donc {tc} ne vaut pas {td} : le supposer mène à une contradiction."
        ),
        (_, Why::Als { .. } | Why::Sees, _) => return group_link_line(l, lang),
    };
    let units = match l.why {
        Why::Unit(u) | Why::LastPlace(u) => vec![u],
        _ => vec![],
    };
    shown(text, vec![l.to.cell], vec![l.from, l.to], vec![], units)
}
