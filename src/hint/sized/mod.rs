//! Pip's words for the sized engine's steps ([`crate::logic::sized`]), on
//! grids of any size: cells named in the shape's terms ("row 11, column
//! 14" or "r11c14"), houses as the 9×9 words name them ("the main
//! diagonal", "region 4", "box 2"), values as the puzzle writes them (a
//! hexadoku's `0`–`F`, or 1–16). One file per family, as in the engine.
//!
//! On overlapping grids (a samurai, a carpet) a cell and a house are named
//! in a grid: "the top-left grid, row 7, column 8", "row 7 of the centre
//! grid", "box 1 of grid 2" ("TL:r7c8", "C:r7" compact). A cell or a box
//! two grids share is named in the grid the step is about, the one
//! holding most of its cells.

mod chains;
mod fish;
mod forcing;
mod intersections;
mod nested;
mod singles;
mod subsets;
mod wings;

use super::words::{
    capitalised, grid_name, list, list_of_phrases, technique_name, technique_rule, unit_name,
};
use super::{Lang, Line, Paragraph, ParagraphKind, Wording};
use crate::grid::{Shape, Symbols, Unit};
use crate::logic::sized::{SizedCandidate, SizedPattern, SizedStep};

/// The words of one puzzle: the player's wording, and the shape whose
/// cells and values are named (its side, its symbols, its grids).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Names<'a> {
    pub w: Wording,
    shape: &'a Shape,
    side: usize,
    symbols: Symbols,
    /// On overlapping grids, the grid a step is about: a shared cell or
    /// box is named in it.
    focus: Option<u8>,
}

impl<'a> Names<'a> {
    pub fn new(shape: &'a Shape, w: Wording) -> Names<'a> {
        Names {
            w,
            shape,
            side: shape.side(),
            symbols: shape.symbols(),
            focus: None,
        }
    }

    /// The names for telling `step`: on overlapping grids, shared cells
    /// and boxes named in the grid holding most of the step's cells and
    /// houses (the first such grid on a tie).
    pub fn for_step(shape: &'a Shape, w: Wording, step: &SizedStep) -> Names<'a> {
        let mut names = Names::new(shape, w);
        if shape.grids().is_empty() {
            return names;
        }
        let focus = step.focus();
        let mut score = vec![0usize; shape.grids().len()];
        let cells = focus
            .cells
            .iter()
            .copied()
            .chain(focus.placed.iter().map(|p| p.cell))
            .chain(focus.removed.iter().map(|e| e.cell));
        for cell in cells {
            for &(g, _, _) in shape.grids_of(usize::from(cell)) {
                score[usize::from(g)] += 1;
            }
        }
        for unit in focus.houses {
            if let Some(h) = shape.house_index(unit) {
                for &(g, _) in shape.house_grids(h) {
                    score[usize::from(g)] += 1;
                }
            }
        }
        let best = score.iter().copied().max().unwrap_or(0);
        names.focus = score.iter().position(|&s| s == best).map(|g| g as u8);
        names
    }

    pub fn lang(self) -> Lang {
        self.w.lang
    }

    /// A grid of overlapping ones: "the top-left grid", "la grille 2",
    /// compact "TL", "G2".
    pub fn grid(self, g: u8) -> String {
        grid_name(self.shape.grids()[usize::from(g)].name, self.w)
    }

    /// The grid a shared thing is named in: the step's grid when it is
    /// one of those holding it, else the first.
    fn pick<T: Copy>(self, held: &[T], grid_of: impl Fn(T) -> u8) -> Option<T> {
        held.iter()
            .copied()
            .find(|&x| Some(grid_of(x)) == self.focus)
            .or_else(|| held.first().copied())
    }

    /// "row 11, column 14", "ligne 11, colonne 14" or "r11c14"; on
    /// overlapping grids "the top-left grid, row 7, column 8" or
    /// "TL:r7c8".
    pub fn cell(self, cell: u16) -> String {
        let in_grid = self.pick(self.shape.grids_of(usize::from(cell)), |m| m.0);
        let (grid, r, c) = match in_grid {
            Some((g, r, c)) => (Some(g), usize::from(r) + 1, usize::from(c) + 1),
            None => (
                None,
                usize::from(cell) / self.side + 1,
                usize::from(cell) % self.side + 1,
            ),
        };
        let named = match (self.w.plain(), self.w.lang) {
            (false, _) => format!("r{r}c{c}"),
            (true, Lang::En) => format!("row {r}, column {c}"),
            (true, Lang::Fr) => format!("ligne {r}, colonne {c}"),
        };
        match (grid, self.w.plain()) {
            (None, _) => named,
            (Some(g), true) => format!("{}, {named}", self.grid(g)),
            (Some(g), false) => format!("{}:{named}", self.grid(g)),
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

    /// A house: "row 3", "the main diagonal"; on overlapping grids "row
    /// 7 of the top-left grid" ("la ligne 7 de la grille en haut à
    /// gauche", "TL:r7"), a shared box named in the step's grid.
    pub fn unit(self, u: Unit) -> String {
        let house = (!self.shape.grids().is_empty())
            .then(|| self.shape.house_index(u))
            .flatten();
        let Some((g, local)) = house.and_then(|h| self.pick(self.shape.house_grids(h), |n| n.0))
        else {
            return unit_name(u, self.w);
        };
        let own = match u {
            Unit::Row(_) => Unit::Row(local),
            Unit::Col(_) => Unit::Col(local),
            _ => Unit::Box(local),
        };
        let name = unit_name(own, self.w);
        match (self.w.plain(), self.w.lang) {
            (true, Lang::En) => format!("{name} of {}", self.grid(g)),
            (true, Lang::Fr) => format!("{name} de {}", self.grid(g)),
            (false, _) => format!("{}:{name}", self.grid(g)),
        }
    }

    /// On overlapping grids, a house two grids or more share, named in
    /// each of them: "box 9 of the top-left grid and box 1 of the centre
    /// grid"; `None` for a house of one grid.
    pub fn shared(self, u: Unit) -> Option<String> {
        let grids = self.grids_of_unit(u);
        if grids.len() < 2 {
            return None;
        }
        let named: Vec<String> = grids
            .iter()
            .map(|&g| {
                Names {
                    focus: Some(g),
                    ..self
                }
                .unit(u)
            })
            .collect();
        Some(list(&named, self.w.lang))
    }

    /// The grids holding a house (empty for one grid).
    pub fn grids_of_unit(self, u: Unit) -> Vec<u8> {
        self.shape
            .house_index(u)
            .map(|h| self.shape.house_grids(h).iter().map(|&(g, _)| g).collect())
            .unwrap_or_default()
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

/// The name of cell `index` of any shape, as a hint names it; a cell two
/// grids share is named in each ("the top-left grid, row 7, column 7; the
/// centre grid, row 1, column 1"), so that a player hearing it finds it
/// from either grid.
pub fn cell_on_shape(shape: &Shape, index: usize, w: impl Into<Wording>) -> String {
    let names = Names::new(shape, w.into());
    let grids = shape.grids_of(index);
    if grids.len() < 2 {
        return names.cell(index as u16);
    }
    let each: Vec<String> = grids
        .iter()
        .map(|&(g, _, _)| Names {
            focus: Some(g),
            ..names
        })
        .map(|n| n.cell(index as u16))
        .collect();
    each.join("; ")
}

/// A sized step's lines for a reader: the technique and its rule, the
/// evidence, the conclusion. Sized grids are not drawn by the 9×9 board,
/// so the lines carry no highlights.
pub fn sized_paragraph(step: &SizedStep, shape: &Shape, w: impl Into<Wording>) -> Paragraph {
    let names = Names::for_step(shape, w.into(), step);
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
    let n = Names::for_step(shape, w.into(), step);
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
