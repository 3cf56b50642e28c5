use super::*;
use crate::grid::{Shape, ShapeSpec, Size, Symbols};
use crate::hint::Notation;
use crate::logic::sized::{SizedCandidate, SizedPattern, SizedStep};
use crate::logic::Technique;

fn wording(lang: Lang, notation: Notation) -> Wording {
    Wording::new(lang, notation)
}

#[test]
fn cells_houses_and_values_are_named_in_the_shape_s_terms() {
    let hex = Shape::new(ShapeSpec {
        symbols: Symbols::Hex,
        ..ShapeSpec::sized(Size::ALL[4])
    })
    .unwrap();
    let cell = 10 * 16 + 13;
    let en = Names::new(&hex, wording(Lang::En, Notation::Plain));
    assert_eq!(en.cell(cell), "row 11, column 14");
    let fr = Names::new(&hex, wording(Lang::Fr, Notation::Plain));
    assert_eq!(fr.cell(cell), "ligne 11, colonne 14");
    let compact = Names::new(&hex, wording(Lang::En, Notation::Compact));
    assert_eq!(compact.cell(cell), "r11c14");
    // A hexadoku writes the value 11 as "A"; a 16×16 of digits as "11".
    assert_eq!(en.value(11), "A");
    let digits = Shape::parse_name("16x16+x").unwrap();
    let en = Names::new(&digits, wording(Lang::En, Notation::Plain));
    assert_eq!(en.value(11), "11");
    assert_eq!(en.unit(Unit::Diagonal(0)), "the main diagonal");
    assert_eq!(fr.unit(Unit::Box(3)), "le bloc 4");
}

#[test]
fn an_intersection_of_a_diagonal_and_a_box_is_told_in_both_languages() {
    let shape = Shape::parse_name("6x6+x").unwrap();
    let step = SizedStep {
        technique: Technique::Claiming,
        score: 2.8,
        pattern: SizedPattern::Intersection {
            value: 4,
            base: Unit::Diagonal(0),
            cover: Unit::Box(0),
            cells: vec![0, 7],
        },
        placements: Vec::new(),
        eliminations: vec![SizedCandidate::new(2, 4)],
    };
    let en = sized_paragraph(&step, &shape, Lang::En);
    let lines: Vec<&str> = en.lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        lines[1],
        "In the main diagonal, 4 can only go in row 1, column 1 and row 2, column 2, which all lie in box 1."
    );
    assert_eq!(
        lines.last(),
        Some(&"So 4 can be removed from row 1, column 3.")
    );
    let fr = sized_paragraph(&step, &shape, Lang::Fr);
    assert!(
        fr.lines[1]
            .text
            .starts_with("Dans la diagonale principale, 4"),
        "{:?}",
        fr.lines
    );
    assert!(fr.lines[0].text.contains("deuxième zone"), "{:?}", fr.lines);
    assert_eq!(
        sized_summary(&step, &shape, wording(Lang::En, Notation::Compact)),
        "Claiming Candidates (2.8): r1c3<>4"
    );
}

#[test]
fn a_nested_contradiction_is_told_cut_by_cut_in_both_languages() {
    use crate::logic::sized::{Broken, NestedCut};
    let shape = Shape::parse_name("6x6").unwrap();
    let c = SizedCandidate::new;
    let step = SizedStep {
        technique: Technique::NestedForcingChain,
        score: 9.5,
        pattern: SizedPattern::NestedContradiction {
            supposed: c(0, 1),
            placed: vec![c(7, 2)],
            cuts: vec![NestedCut {
                excluded: c(14, 3),
                placed: vec![c(15, 4)],
                broken: Broken::NoPlace {
                    house: Unit::Row(2),
                    value: 5,
                },
                then: vec![c(14, 6)],
            }],
            broken: Broken::NoCandidate(35),
        },
        placements: Vec::new(),
        eliminations: vec![c(0, 1)],
    };
    let en = sized_paragraph(&step, &shape, Lang::En);
    let lines: Vec<&str> = en.lines.iter().map(|l| l.text.as_str()).collect();
    let told = [
        "Suppose row 1, column 1 is 1.",
        "The singles then force: row 2, column 2 is 2.",
        "Now row 3, column 3 cannot be 3: with it, the singles would force row 3, column 4 is 4, and then row 3 has no place left for 5.",
        "Without it, the singles force: row 3, column 3 is 6.",
        "Then row 6, column 6 has no candidate left: impossible.",
    ];
    for line in told {
        assert!(lines.contains(&line), "{line:?} in {lines:?}");
    }
    let fr = sized_paragraph(&step, &shape, Lang::Fr);
    let lines: Vec<&str> = fr.lines.iter().map(|l| l.text.as_str()).collect();
    assert!(
        lines.iter().any(|l| l.starts_with(
            "Or ligne 3, colonne 3 ne peut pas valoir 3 : avec lui, les singletons forceraient"
        )),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Alors ligne 6, colonne 6 n'a plus aucun candidat : impossible."),
        "{lines:?}"
    );
}

/// The house of `shape` that is `kind`'s number `local` in grid `grid`.
fn house_in(shape: &Shape, grid: u8, local: u8, row: bool) -> Unit {
    (0..shape.houses().len())
        .find(|&h| {
            let unit = shape.houses()[h].unit;
            let kind = if row {
                matches!(unit, Unit::Row(_))
            } else {
                matches!(unit, Unit::Box(_))
            };
            kind && shape.house_grids(h).contains(&(grid, local))
        })
        .map(|h| shape.houses()[h].unit)
        .unwrap()
}

#[test]
fn on_a_samurai_cells_and_houses_are_named_in_their_grid() {
    let samurai = Shape::parse_name("samurai").unwrap();
    // Row 7, column 8 of the top-left grid is row 1, column 2 of the centre's.
    let cell = samurai.cell_at(6, 7).unwrap() as u16;
    let en = Names::new(&samurai, wording(Lang::En, Notation::Plain));
    assert_eq!(en.cell(cell), "the top-left grid, row 7, column 8");
    assert_eq!(en.grid(2), "the centre grid");
    let fr = Names::new(&samurai, wording(Lang::Fr, Notation::Plain));
    assert_eq!(
        fr.cell(cell),
        "la grille en haut à gauche, ligne 7, colonne 8"
    );
    let compact = Names::new(&samurai, wording(Lang::En, Notation::Compact));
    assert_eq!(compact.cell(cell), "TL:r7c8");
    let centre_row = house_in(&samurai, 2, 0, true);
    assert_eq!(en.unit(centre_row), "row 1 of the centre grid");
    assert_eq!(fr.unit(centre_row), "la ligne 1 de la grille du centre");
    assert_eq!(compact.unit(centre_row), "C:r1");
    // A step about the centre grid names the shared cell there.
    let step = SizedStep {
        technique: Technique::HiddenSingle,
        score: 1.2,
        pattern: SizedPattern::HiddenSingle { house: centre_row },
        placements: vec![SizedCandidate::new(cell, 5)],
        eliminations: Vec::new(),
    };
    let lines = sized_paragraph(&step, &samurai, Lang::En).lines;
    assert_eq!(
        lines[1].text,
        "In row 1 of the centre grid, 5 has only one place left: the centre grid, row 1, column 2; every other cell of row 1 of the centre grid is filled or sees a 5."
    );
    assert_eq!(
        sized_summary(&step, &samurai, wording(Lang::Fr, Notation::Compact)),
        "Singleton caché (1.2) : C:r1c2=5"
    );
    use crate::grid::GridName;
    use crate::hint::grid_name;
    assert_eq!(
        grid_name(GridName::BottomRight, Lang::Fr),
        "la grille en bas à droite"
    );
    assert_eq!(
        grid_name(GridName::Left, wording(Lang::Fr, Notation::Compact)),
        "G"
    );
    assert_eq!(grid_name(GridName::Numbered(3), Lang::En), "grid 3");
    // A family's grids are numbered.
    let carpet = Shape::parse_name("carpet-2").unwrap();
    let en = Names::new(&carpet, wording(Lang::En, Notation::Plain));
    assert_eq!(en.cell(0), "grid 1, row 1, column 1");
    let fr = Names::new(&carpet, wording(Lang::Fr, Notation::Plain));
    assert_eq!(fr.unit(Unit::Box(0)), "le bloc 1 de la grille 1");
}

#[test]
fn an_elimination_through_a_shared_box_says_it_crosses_grids() {
    let samurai = Shape::parse_name("samurai").unwrap();
    let shared = house_in(&samurai, 2, 0, false);
    let centre_row = house_in(&samurai, 2, 0, true);
    let at = |r, c| samurai.cell_at(r, c).unwrap() as u16;
    let step = SizedStep {
        technique: Technique::Pointing,
        score: 2.6,
        pattern: SizedPattern::Intersection {
            value: 3,
            base: shared,
            cover: centre_row,
            cells: vec![at(6, 6), at(6, 7)],
        },
        placements: Vec::new(),
        eliminations: vec![SizedCandidate::new(at(6, 12), 3)],
    };
    let en: Vec<String> = sized_paragraph(&step, &samurai, Lang::En)
        .lines
        .into_iter()
        .map(|l| l.text)
        .collect();
    assert_eq!(
        en[1],
        "In box 1 of the centre grid, 3 can only go in the centre grid, row 1, column 1 and the centre grid, row 1, column 2, which all lie in row 1 of the centre grid."
    );
    assert_eq!(
        en[3],
        "Box 9 of the top-left grid and box 1 of the centre grid are one box, shared by their grids: through it this step crosses from one grid into the other."
    );
    // (6, 12) is the centre grid's r1c7, and the top-right grid's r7c1.
    assert_eq!(
        en[4],
        "So 3 can be removed from the centre grid, row 1, column 7."
    );
    let fr = sized_paragraph(&step, &samurai, Lang::Fr);
    assert!(
        fr.lines[3]
            .text
            .starts_with("Le bloc 9 de la grille en haut à gauche et le bloc 1 de la grille du centre ne font qu'un bloc"),
        "{:?}",
        fr.lines
    );
}
