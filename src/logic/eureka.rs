//! Eureka notation, the forums' way of writing a chain: `(4)r5c1 -
//! (4)r5c6 = (3)r5c6`, a node being a digit in parentheses and its cells,
//! `=` a strong link and `-` a weak one. A group in one line is written
//! with the line once (`r5c12`, `r12c5`), any other set of cells in braces
//! (`{r1c1 r2c3}`). A chain that branches (a forcing chain's placements
//! rest on several facts) is written as its runs of consecutive links,
//! separated by `, `.

use super::pattern::{Chain, Link, LinkKind};
use crate::grid::{Cell, CellSet};

/// A chain's links in Eureka notation.
pub fn eureka(chain: &Chain) -> String {
    let mut out = String::new();
    let mut prev: Option<&Link> = None;
    for l in &chain.links {
        let joined = prev.is_some_and(|p| p.to == l.from && p.to_cells == l.from_cells);
        if !joined {
            if prev.is_some() {
                out.push_str(", ");
            }
            out.push_str(&node(l.from.digit, l.from_cells));
        }
        out.push_str(match l.kind {
            LinkKind::Strong => " = ",
            LinkKind::Weak => " - ",
        });
        out.push_str(&node(l.to.digit, l.to_cells));
        prev = Some(l);
    }
    out
}

fn node(digit: u8, cells: CellSet) -> String {
    let cs = cells.to_vec();
    let digits_of =
        |f: fn(Cell) -> usize| -> String { cs.iter().map(|&c| (f(c) + 1).to_string()).collect() };
    let text = match cs.as_slice() {
        [one] => one.to_string(),
        [first, ..] if cs.iter().all(|c| c.row() == first.row()) => {
            format!("r{}c{}", first.row() + 1, digits_of(Cell::col))
        }
        [first, ..] if cs.iter().all(|c| c.col() == first.col()) => {
            format!("r{}c{}", digits_of(Cell::row), first.col() + 1)
        }
        _ => {
            let names: Vec<String> = cs.iter().map(|c| c.to_string()).collect();
            format!("{{{}}}", names.join(" "))
        }
    };
    format!("({digit}){text}")
}

/// One link read back from Eureka notation: each end's digit and cells,
/// and the link's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EurekaLink {
    pub from: (u8, CellSet),
    pub to: (u8, CellSet),
    pub kind: LinkKind,
}

impl From<&Link> for EurekaLink {
    fn from(l: &Link) -> EurekaLink {
        EurekaLink {
            from: (l.from.digit, l.from_cells),
            to: (l.to.digit, l.to_cells),
            kind: l.kind,
        }
    }
}

/// The links a Eureka string writes, or `None` when it is not one.
pub fn parse_eureka(text: &str) -> Option<Vec<EurekaLink>> {
    let mut out = Vec::new();
    if text.trim().is_empty() {
        return Some(out);
    }
    for run in text.split(", ") {
        let mut rest = run.trim();
        let (mut from, after) = parse_node(rest)?;
        rest = after;
        while !rest.is_empty() {
            let (kind, after) = if let Some(a) = rest.strip_prefix(" = ") {
                (LinkKind::Strong, a)
            } else if let Some(a) = rest.strip_prefix(" - ") {
                (LinkKind::Weak, a)
            } else {
                return None;
            };
            let (to, after) = parse_node(after)?;
            out.push(EurekaLink { from, to, kind });
            from = to;
            rest = after;
        }
    }
    Some(out)
}

/// `(d)cells` at the start of `text`, and what follows.
fn parse_node(text: &str) -> Option<((u8, CellSet), &str)> {
    let text = text.strip_prefix('(')?;
    let (d, text) = text.split_once(')')?;
    let digit: u8 = d.parse().ok().filter(|d| (1..=9).contains(d))?;
    if let Some(inner) = text.strip_prefix('{') {
        let (list, rest) = inner.split_once('}')?;
        let cells = list
            .split(' ')
            .map(Cell::parse)
            .collect::<Option<Vec<Cell>>>()?;
        return Some(((digit, cells.into_iter().collect()), rest));
    }
    // rNcM with N or M a run of digits.
    let text = text.strip_prefix('r')?;
    let rows_end = text.find('c')?;
    let rows = &text[..rows_end];
    let after_c = &text[rows_end + 1..];
    let cols_len = after_c
        .find(|ch: char| !ch.is_ascii_digit())
        .unwrap_or(after_c.len());
    let cols = &after_c[..cols_len];
    let index = |ch: char| ch.to_digit(10).filter(|&n| (1..=9).contains(&n));
    let mut cells = Vec::new();
    for r in rows.chars() {
        for c in cols.chars() {
            cells.push(Cell::new(index(r)? as usize - 1, index(c)? as usize - 1));
        }
    }
    if cells.is_empty() || (rows.len() > 1 && cols.len() > 1) {
        return None;
    }
    Some(((digit, cells.into_iter().collect()), &after_c[cols_len..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Candidate, Why};

    #[test]
    fn a_chain_reads_back_the_same() {
        let a = Candidate::new(Cell::new(4, 0), 4);
        let b = Candidate::new(Cell::new(4, 5), 4);
        let c = Candidate::new(Cell::new(4, 5), 3);
        let mut group = Link::new(c, a, LinkKind::Weak, Why::Cell);
        group.to_cells = [Cell::new(4, 0), Cell::new(4, 1)].into_iter().collect();
        let chain = Chain {
            premise: None,
            links: vec![
                Link::new(a, b, LinkKind::Weak, Why::Cell),
                Link::new(b, c, LinkKind::Strong, Why::Cell),
                group,
                Link::new(a, c, LinkKind::Weak, Why::Cell),
            ],
            contradiction: None,
            with: CellSet::EMPTY,
        };
        let text = eureka(&chain);
        assert_eq!(
            text,
            "(4)r5c1 - (4)r5c6 = (3)r5c6 - (4)r5c12, (4)r5c1 - (3)r5c6"
        );
        let back = parse_eureka(&text).unwrap();
        let want: Vec<EurekaLink> = chain.links.iter().map(EurekaLink::from).collect();
        assert_eq!(back, want);
        assert!(parse_eureka("(4)r5c1 = ").is_none());
        assert!(parse_eureka("(0)r5c1").is_none());
    }
}
