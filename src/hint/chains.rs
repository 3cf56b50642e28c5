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

/// What a link says, apart: its claim ("r4c2 is 4") and the reason for it
/// ("the only other place for 4 in row 4"), so that Pip can say a link on
/// its own line or fold an elimination into the placement it allows.
struct Said {
    claim: String,
    reason: Option<String>,
    line: Line,
}

impl Said {
    /// "Then r4c2 is 4: the only other place for 4 in row 4."
    fn alone(self, lang: Wording) -> Line {
        let Said {
            claim,
            reason,
            mut line,
        } = self;
        line.text = match reason {
            Some(r) => say!(lang, "Then {claim}: {r}.", "Alors {claim} : {r}."),
            None => say!(lang, "Then {claim}.", "Alors {claim}."),
        };
        line
    }
}

/// A link with a group or an almost locked set at one end, or both.
fn group_link_said(l: &Link, lang: Wording) -> Said {
    let (fd, td) = (l.from.digit, l.to.digit);
    let claim = match l.kind {
        LinkKind::Strong => node_is(l.to_cells, td, lang),
        LinkKind::Weak => node_is_not(l.to_cells, td, lang),
    };
    let from_list = cells(&l.from_cells.to_vec(), lang);
    let reason = match (l.kind, l.why) {
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
            Some(say!(
                lang,
                "{al} hold only {dl}, one digit more than cells, so without {fd} they are locked on the others",
                "{al} ne contiennent que {dl}, un chiffre de plus que de cases, donc sans {fd} elles sont bloquées sur les autres"
            ))
        }
        (LinkKind::Strong, Why::Unit(u)) if l.to_cells.len() == 1 => {
            let un = unit_name(u, lang);
            Some(say!(
                lang,
                "the only other place for {td} in {un}",
                "la seule autre place du {td} dans {un}"
            ))
        }
        (LinkKind::Strong, Why::Unit(u)) => {
            let un = unit_name(u, lang);
            Some(say!(
                lang,
                "the only other places for {td} in {un}",
                "les seules autres places du {td} dans {un}"
            ))
        }
        (LinkKind::Weak, Why::Unit(u)) => {
            let un = unit_name(u, lang);
            Some(say!(
                lang,
                "they share {un} with {from_list}",
                "elles partagent {un} avec {from_list}"
            ))
        }
        (LinkKind::Weak, Why::Sees) => Some(say!(
            lang,
            "each of them sees every one of {from_list}",
            "chacune voit toutes les cases {from_list}"
        )),
        _ => None,
    };
    let units = match l.why {
        Why::Unit(u) => vec![u],
        _ => vec![],
    };
    let mut cands: Vec<Candidate> = end_cands(l.from_cells, fd)
        .chain(end_cands(l.to_cells, td))
        .collect();
    cands.sort();
    Said {
        claim,
        reason,
        line: shown(String::new(), l.to_cells.to_vec(), cands, vec![], units),
    }
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
    let mut out = supposed_then(from, start.digit, &links, lang);
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
    let mut out = supposed_then(from, sd, &links, lang);
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

/// A chain told from its start, its supposition opening the first line:
/// "Suppose r1c2 is not 5; then r1c7 is 5: the only other place for 5 in
/// row 1."
fn supposed_then(from: CellSet, d: u8, links: &[&Link], lang: Wording) -> Vec<Line> {
    let s_false = node_is_not(from, d, lang);
    let mut out = links_lines(links, lang);
    let Some(first) = out.first_mut() else {
        return vec![shown(
            say!(lang, "Suppose {s_false}.", "Suppose que {s_false}."),
            from.to_vec(),
            end_cands(from, d).collect(),
            vec![],
            vec![],
        )];
    };
    let rest = then_lowercase(&first.text, lang);
    first.text = say!(
        lang,
        "Suppose {s_false}; {rest}",
        "Suppose que {s_false} ; {rest}"
    );
    let h = &mut first.highlights;
    h.cells = from.iter().chain(h.cells.drain(..)).collect();
    h.cells.dedup();
    h.candidates.extend(end_cands(from, d));
    h.candidates.sort();
    h.candidates.dedup();
    out
}

/// "Then r1c2 ..." as it goes on after a semicolon: "then r1c2 ...".
fn then_lowercase(text: &str, lang: Wording) -> String {
    let (upper, lower) = match lang.lang {
        super::Lang::Fr => ("Alors ", "alors "),
        super::Lang::En => ("Then ", "then "),
    };
    match text.strip_prefix(upper) {
        Some(rest) => format!("{lower}{rest}"),
        None => text.to_string(),
    }
}

/// One chain link as one line, drawn on the board as it is read; with
/// `coloring`, a strong link in a unit is told as two opposite colours.
pub(super) fn link_line(l: &Link, lang: Wording, coloring: bool) -> Line {
    if let (true, LinkKind::Strong, Why::Unit(u), false) = (coloring, l.kind, l.why, l.is_grouped())
    {
        let (fc, fd, tc) = (cell(l.from.cell, lang), l.from.digit, cell(l.to.cell, lang));
        let un = unit_name(u, lang);
        return shown(
            say!(
                lang,
                "{fc} and {tc} are the only places for {fd} in {un}: opposite colours.",
                "{fc} et {tc} sont les seules places du {fd} dans {un} : couleurs opposées."
            ),
            vec![l.to.cell],
            vec![l.from, l.to],
            vec![],
            vec![u],
        );
    }
    if let Why::Nested(_) = l.why {
        let (tc, td) = (cell(l.to.cell, lang), l.to.digit);
        return shown(
            say!(
                lang,
                "So {tc} is not {td}: supposing it leads to a contradiction.",
                "Donc {tc} ne vaut pas {td} : le supposer mène à une contradiction."
            ),
            vec![l.to.cell],
            vec![l.from, l.to],
            vec![],
            vec![],
        );
    }
    link_said(l, lang).alone(lang)
}

/// A chain's links as Pip says them: an elimination is folded into the
/// placement it allows ("Then r4c5 is not 4 (it holds 6), so r4c2 is 4:
/// the only other place for 4 in row 4."), the way a person says the
/// step, so each line moves the chain on by a placement.
pub(super) fn links_lines(links: &[&Link], lang: Wording) -> Vec<Line> {
    let mut out = Vec::with_capacity(links.len());
    let mut i = 0;
    while i < links.len() {
        let l = links[i];
        match links.get(i + 1) {
            Some(next) if folds(l, next) => {
                out.push(folded(link_said(l, lang), link_said(next, lang), lang));
                i += 2;
            }
            _ => {
                out.push(link_line(l, lang, false));
                i += 1;
            }
        }
    }
    out
}

/// Whether `weak` is the elimination that leaves `strong` forced: it
/// ends where the strong link starts.
fn folds(weak: &Link, strong: &Link) -> bool {
    weak.kind == LinkKind::Weak
        && strong.kind == LinkKind::Strong
        && !matches!(weak.why, Why::Nested(_))
        && !matches!(strong.why, Why::Nested(_))
        && weak.to == strong.from
        && weak.to_cells == strong.from_cells
}

/// An elimination and the placement it allows, in one line.
fn folded(weak: Said, strong: Said, lang: Wording) -> Line {
    let (wc, sc) = (weak.claim, strong.claim);
    let first = match weak.reason {
        Some(r) => format!("{wc} ({r})"),
        None => wc,
    };
    let text = match strong.reason {
        Some(r) => say!(
            lang,
            "Then {first}, so {sc}: {r}.",
            "Alors {first}, donc {sc} : {r}."
        ),
        None => say!(lang, "Then {first}, so {sc}.", "Alors {first}, donc {sc}."),
    };
    let mut line = strong.line;
    let h = &mut line.highlights;
    let w = weak.line.highlights;
    h.cells = w.cells.into_iter().chain(h.cells.drain(..)).collect();
    h.cells.dedup();
    h.candidates.extend(w.candidates);
    h.candidates.sort();
    h.candidates.dedup();
    h.units = w.units.into_iter().chain(h.units.drain(..)).collect();
    h.units.dedup();
    line.text = text;
    line
}

/// One link's claim and reason.
fn link_said(l: &Link, lang: Wording) -> Said {
    if l.is_grouped() || matches!(l.why, Why::Als { .. } | Why::Sees) {
        return group_link_said(l, lang);
    }
    let (fc, fd) = (cell(l.from.cell, lang), l.from.digit);
    let (tc, td) = (cell(l.to.cell, lang), l.to.digit);
    let claim = match l.kind {
        LinkKind::Strong => say!(lang, "{tc} is {td}", "{tc} vaut {td}"),
        LinkKind::Weak => say!(lang, "{tc} is not {td}", "{tc} ne vaut pas {td}"),
    };
    let reason = match (l.kind, l.why) {
        (LinkKind::Strong, Why::Cell) => Some(say!(
            lang,
            "its only other candidate",
            "son seul autre candidat"
        )),
        (LinkKind::Strong, Why::Unit(u)) => {
            let un = unit_name(u, lang);
            Some(say!(
                lang,
                "the only other place for {td} in {un}",
                "la seule autre place du {td} dans {un}"
            ))
        }
        (LinkKind::Strong, Why::LastCandidate) => Some(say!(
            lang,
            "no other candidate is left in it",
            "il ne lui reste aucun autre candidat"
        )),
        (LinkKind::Strong, Why::LastPlace(u)) => {
            let un = unit_name(u, lang);
            Some(say!(
                lang,
                "the last place for {td} in {un}",
                "la dernière place du {td} dans {un}"
            ))
        }
        // The same cell: "r4c5 is not 4: it already holds 6".
        (LinkKind::Weak, Why::Cell) => {
            Some(say!(lang, "it already holds {fd}", "elle vaut déjà {fd}"))
        }
        (LinkKind::Weak, Why::Unit(u) | Why::LastPlace(u)) => {
            let un = unit_name(u, lang);
            Some(say!(
                lang,
                "it shares {un} with {fc}",
                "elle partage {un} avec {fc}"
            ))
        }
        (LinkKind::Weak, Why::LastCandidate) => None,
        (_, Why::Nested(_)) => Some(say!(
            lang,
            "supposing it leads to a contradiction",
            "le supposer mène à une contradiction"
        )),
        (_, Why::Als { .. } | Why::Sees) => return group_link_said(l, lang),
    };
    let units = match l.why {
        Why::Unit(u) | Why::LastPlace(u) => vec![u],
        _ => vec![],
    };
    Said {
        claim,
        reason,
        line: shown(
            String::new(),
            vec![l.to.cell],
            vec![l.from, l.to],
            vec![],
            units,
        ),
    }
}
