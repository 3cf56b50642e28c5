//! Pip's words for X-Chains, XY-Chains and AIC, and for one chain link,
//! which every technique told link by link shares.

use super::words::{cell, unit_name, TechniqueWords};
use super::{shown, Line, Wording};
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
];

/// A chain from `start` false to `end` true, one line per link: so one
/// of the two ends is true.
pub(super) fn either_end<'a>(
    start: Candidate,
    links: impl Iterator<Item = &'a Link>,
    end: Candidate,
    lang: Wording,
) -> Vec<Line> {
    let (sc, sd) = (cell(start.cell, lang), start.digit);
    let mut out = vec![shown(
        say!(
            lang,
            "Suppose {sc} is not {sd}.",
            "Suppose que {sc} ne vaut pas {sd}."
        ),
        vec![start.cell],
        vec![start],
        vec![],
        vec![],
    )];
    out.extend(links.map(|l| link_line(l, lang, false)));
    let (ec, ed) = (cell(end.cell, lang), end.digit);
    out.push(shown(
        say!(
            lang,
            "So either {sc} is {sd} or {ec} is {ed}: one of the two ends is true.",
            "Donc soit {sc} vaut {sd}, soit {ec} vaut {ed} : l'un des deux bouts est vrai."
        ),
        vec![start.cell, end.cell],
        vec![start, end],
        vec![],
        vec![],
    ));
    out
}

/// One chain link as one line, drawn on the board as it is read; with
/// `coloring`, a strong link in a unit is told as two opposite colours.
pub(super) fn link_line(l: &Link, lang: Wording, coloring: bool) -> Line {
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
    };
    let units = match l.why {
        Why::Unit(u) | Why::LastPlace(u) => vec![u],
        _ => vec![],
    };
    shown(text, vec![l.to.cell], vec![l.from, l.to], vec![], units)
}
