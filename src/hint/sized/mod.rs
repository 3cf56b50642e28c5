//! Pip's words for the sized engine's steps ([`crate::logic::sized`]), on
//! grids of any size: cells named in the shape's terms ("row 11, column
//! 14" or "r11c14"), houses as the 9×9 words name them ("the main
//! diagonal", "region 4", "box 2"), values as the puzzle writes them (a
//! hexadoku's `0`–`F`, or 1–16). One file per family, as in the engine.

mod chains;
mod fish;
mod forcing;
mod intersections;
mod nested;
mod singles;
mod subsets;
mod wings;

use super::words::{capitalised, list, list_of_phrases, technique_name, technique_rule, unit_name};
use super::{Lang, Line, Paragraph, ParagraphKind, Wording};
use crate::grid::{Shape, Symbols, Unit};
use crate::logic::sized::{SizedCandidate, SizedPattern, SizedStep};

/// The words of one puzzle: the player's wording, and the grid's side and
/// symbols that cells and values are named by.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Names {
    pub w: Wording,
    side: usize,
    symbols: Symbols,
}

impl Names {
    pub fn new(shape: &Shape, w: Wording) -> Names {
        Names {
            w,
            side: shape.side(),
            symbols: shape.symbols(),
        }
    }

    pub fn lang(self) -> Lang {
        self.w.lang
    }

    /// "row 11, column 14", "ligne 11, colonne 14" or "r11c14".
    pub fn cell(self, cell: u16) -> String {
        let (r, c) = (
            usize::from(cell) / self.side + 1,
            usize::from(cell) % self.side + 1,
        );
        match (self.w.plain(), self.w.lang) {
            (false, _) => format!("r{r}c{c}"),
            (true, Lang::En) => format!("row {r}, column {c}"),
            (true, Lang::Fr) => format!("ligne {r}, colonne {c}"),
        }
    }

    pub fn cells(self, cells: &[u16]) -> String {
        let named: Vec<String> = cells.iter().map(|&c| self.cell(c)).collect();
        if self.w.plain() {
            list_of_phrases(&named, self.w.lang)
        } else {
            list(&named, self.w.lang)
        }
    }

    /// A value as the puzzle writes it: "12", or "B" in a hexadoku.
    pub fn value(self, v: u8) -> String {
        self.symbols.name_of(v)
    }

    pub fn values(self, vs: &[u8]) -> String {
        let named: Vec<String> = vs.iter().map(|&v| self.value(v)).collect();
        list(&named, self.w.lang)
    }

    pub fn unit(self, u: Unit) -> String {
        unit_name(u, self.w)
    }

    pub fn units(self, us: &[Unit]) -> String {
        let named: Vec<String> = us.iter().map(|&u| self.unit(u)).collect();
        list(&named, self.w.lang)
    }

    /// "row 2, column 3 is 7" / "ligne 2, colonne 3 vaut 7".
    pub fn is(self, c: SizedCandidate) -> String {
        let (cell, v) = (self.cell(c.cell), self.value(c.value));
        say!(self.w, "{cell} is {v}", "{cell} vaut {v}")
    }

    /// "row 2, column 3 is not 7" / "ligne 2, colonne 3 ne vaut pas 7".
    pub fn is_not(self, c: SizedCandidate) -> String {
        let (cell, v) = (self.cell(c.cell), self.value(c.value));
        say!(self.w, "{cell} is not {v}", "{cell} ne vaut pas {v}")
    }
}

fn text(t: String) -> Line {
    Line {
        text: capitalised(t),
        ..Line::default()
    }
}

/// A sized step's lines for a reader: the technique and its rule, the
/// evidence, the conclusion. Sized grids are not drawn by the 9×9 board,
/// so the lines carry no highlights.
pub fn sized_paragraph(step: &SizedStep, shape: &Shape, w: impl Into<Wording>) -> Paragraph {
    let names = Names::new(shape, w.into());
    let (name, rule) = (
        technique_name(step.technique, names.w),
        family_rule(step, names.w)
            .unwrap_or_else(|| technique_rule(step.technique, names.w).into()),
    );
    let mut lines = vec![text(say!(
        names.w,
        "Technique: {name}. {rule}",
        "Technique : {name}. {rule}"
    ))];
    lines.extend(evidence(step, names).into_iter().map(text));
    lines.push(text(conclusion(step, names)));
    Paragraph {
        kind: ParagraphKind::Step,
        lines,
    }
}

/// The rule, for the families whose 9×9 rule names boxes and lines where
/// a sized step may use any two houses.
fn family_rule(step: &SizedStep, w: Wording) -> Option<String> {
    match step.pattern {
        SizedPattern::Intersection { .. } => Some(intersections::RULE.say(w)),
        _ => None,
    }
}

/// A rule in both languages.
pub(crate) struct Rule {
    en: &'static str,
    fr: &'static str,
}

impl Rule {
    fn say(&self, w: Wording) -> String {
        match w.lang {
            Lang::En => self.en.into(),
            Lang::Fr => self.fr.into(),
        }
    }
}

fn evidence(step: &SizedStep, n: Names) -> Vec<String> {
    match &step.pattern {
        SizedPattern::FullHouse { house } => singles::full_house(*house, n),
        SizedPattern::HiddenSingle { house } => singles::hidden_single(*house, step, n),
        SizedPattern::NakedSingle => singles::naked_single(step, n),
        SizedPattern::Intersection {
            value,
            base,
            cover,
            cells,
        } => intersections::locked(*value, *base, *cover, cells, n),
        SizedPattern::Subset {
            house,
            cells,
            values,
            hidden,
        } => subsets::subset(*house, cells, values, *hidden, n),
        SizedPattern::Fish {
            value,
            base,
            cover,
            corners,
        } => fish::fish(*value, base, cover, corners, n),
        &SizedPattern::Wing {
            pivot,
            pincers,
            value,
        } => wings::wing(pivot, pincers, value, n),
        SizedPattern::Chain { nodes } => chains::chain(nodes, n),
        SizedPattern::CellForcing {
            cell,
            branches,
            target,
        } => forcing::cell_forcing(*cell, branches, *target, n),
        SizedPattern::Contradiction {
            supposed,
            placed,
            broken,
        } => forcing::contradiction(*supposed, placed, *broken, n),
        SizedPattern::NestedContradiction {
            supposed,
            placed,
            cuts,
            broken,
        } => nested::nested_contradiction(*supposed, placed, cuts, *broken, n),
    }
}

fn conclusion(step: &SizedStep, n: Names) -> String {
    let mut parts: Vec<String> = step.placements.iter().map(|&p| n.is(p)).collect();
    // Eliminations grouped by value: "7 can be removed from r2c3 and r2c5".
    let mut groups: Vec<(u8, Vec<u16>)> = Vec::new();
    for e in &step.eliminations {
        match groups.iter_mut().find(|g| g.0 == e.value) {
            Some(g) => g.1.push(e.cell),
            None => groups.push((e.value, vec![e.cell])),
        }
    }
    for (v, cells) in groups {
        let (v, cl) = (n.value(v), n.cells(&cells));
        parts.push(say!(
            n.w,
            "{v} can be removed from {cl}",
            "on peut retirer {v} de {cl}"
        ));
    }
    let all = parts.join(super::words::semicolon(n.lang()));
    say!(n.w, "So {all}.", "Donc {all}.")
}

/// A sized step in one line, as `explain` heads each step: "Hidden Single
/// (1.2): row 11, column 4 = 12" or "... r11c4=12".
pub fn sized_summary(step: &SizedStep, shape: &Shape, w: impl Into<Wording>) -> String {
    let n = Names::new(shape, w.into());
    let name = technique_name(step.technique, n.w);
    let (eq, ne) = if n.w.plain() {
        (" = ", " ≠ ")
    } else {
        ("=", "<>")
    };
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|p| format!("{}{eq}{}", n.cell(p.cell), n.value(p.value)))
        .collect();
    parts.extend(
        step.eliminations
            .iter()
            .map(|e| format!("{}{ne}{}", n.cell(e.cell), n.value(e.value))),
    );
    let colon = match n.lang() {
        Lang::En => ":",
        Lang::Fr => " :",
    };
    format!("{name} ({:.1}){colon} {}", step.score, parts.join("; "))
}

/// What Pip says of a sized grid already complete.
pub fn sized_solved(w: impl Into<Wording>) -> Paragraph {
    Paragraph {
        kind: ParagraphKind::Solved,
        lines: vec![text(say!(
            w.into(),
            "Solved! Every house holds each value once.",
            "Résolu ! Chaque zone contient chaque valeur une fois."
        ))],
    }
}

/// What Pip says when the sized engine finds no step on a proper puzzle.
pub fn sized_stuck(w: impl Into<Wording>) -> Paragraph {
    Paragraph {
        kind: ParagraphKind::Stuck,
        lines: vec![text(say!(
            w.into(),
            "I can't find a logical step here.",
            "Je ne trouve pas d'étape logique ici."
        ))],
    }
}

#[cfg(test)]
mod tests;
