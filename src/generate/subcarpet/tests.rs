use super::*;
use crate::solver::overlap_tests::random_solution;

fn samurai() -> Shape {
    Shape::parse_name("samurai").unwrap()
}

/// The solution's digits in the centre grid's cells, every other cell
/// open, but for the centre grid's rows `open_rows` (0-based, in it).
fn centre_only(shape: &Shape, solution: &[u8], open_rows: &[u8]) -> Vec<u8> {
    (0..shape.cell_count())
        .map(|i| {
            let in_centre = shape
                .grids_of(i)
                .iter()
                .any(|&(g, r, _)| g == 2 && !open_rows.contains(&r));
            if in_centre {
                solution[i]
            } else {
                0
            }
        })
        .collect()
}

#[test]
fn a_samurai_whose_centre_grid_alone_is_solvable_breaks_the_rule() {
    let shape = samurai();
    let solution = random_solution(&shape, 4);
    // The centre grid given whole: it alone has one solution, and no
    // subset holding an outer grid does.
    let puzzle = centre_only(&shape, &solution, &[]);
    assert_eq!(solvable_sub_carpet(&shape, &puzzle), Some(vec![2]));
    // Its middle band opened: two of those rows swap, so nothing is
    // solvable alone any more.
    let puzzle = centre_only(&shape, &solution, &[3, 4, 5]);
    assert_eq!(solvable_sub_carpet(&shape, &puzzle), None);
}

#[test]
fn a_samurai_checks_its_nineteen_connected_proper_subsets() {
    let subsets = subsets_checked(&samurai());
    // With the centre: 2^4 - 1 sets of outer grids (all four is the
    // whole); without it, the four outer grids alone.
    assert_eq!(subsets.len(), 19);
    assert!(subsets.contains(&vec![2]) && subsets.contains(&vec![0, 1, 2, 3]));
    assert!(!subsets.contains(&vec![0, 1]), "two corners are not linked");
    assert!(subsets.windows(2).all(|w| w[0].len() >= w[1].len()));
}

#[test]
fn big_carpets_check_single_grids_and_linked_pairs_only() {
    let shape = Shape::parse_name("diagonal-3-dense").unwrap();
    // Its three grids are linked two by two: three singles, three pairs.
    assert_eq!(subsets_checked(&shape).len(), 6);
    let carpet = Shape::parse_name("carpet-3").unwrap();
    let subsets = subsets_checked(&carpet);
    // Nine grids, each linked to its eight neighbours (edges and corners):
    // nine singles and twenty pairs, where every connected subset would
    // make 387.
    assert_eq!(subsets.len(), 9 + 20);
    let torus = Shape::parse_name("torus-6-dense").unwrap();
    let subsets = subsets_checked(&torus);
    assert!(subsets.iter().all(|s| s.len() <= 2));
    assert_eq!(subsets.iter().filter(|s| s.len() == 1).count(), 36);
    assert!(subsets.len() > 36);
    assert!(subsets_checked(&Shape::classic()).is_empty());
}

fn generate_samurai(level: crate::logic::Level, seed: u64, allow: bool) -> Vec<u8> {
    let options = crate::generate::Options {
        allow_solvable_subgrids: allow,
        ..crate::generate::Options::new(level)
    };
    let made = crate::generate::generate_shaped(&samurai(), &options, seed, |_| {
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    made.puzzle.values().to_vec()
}

#[test]
fn generated_samurai_leave_no_sub_carpet_solvable_alone() {
    use crate::logic::Level;
    let shape = samurai();
    let sub_carpets = SubCarpets::of(&shape);
    // Seed 2 at Easy breaks the rule when it is lifted (checked below), so
    // these seeds need it.
    for (level, seed) in [
        (Level::Easy, 1),
        (Level::Easy, 2),
        (Level::Easy, 6),
        (Level::Medium, 2),
    ] {
        let puzzle = generate_samurai(level, seed, false);
        assert_eq!(crate::solver::count_shaped(&shape, &puzzle, 2), 1);
        assert_eq!(
            sub_carpets.solvable(&puzzle),
            None,
            "{level:?}, seed {seed}"
        );
    }
    let lifted = generate_samurai(Level::Easy, 2, true);
    assert!(
        sub_carpets.solvable(&lifted).is_some(),
        "the option lifts the rule"
    );
}

#[test]
fn grids_that_make_the_whole_again_are_no_sub_carpet() {
    let kept = |name: &str| -> Vec<Vec<usize>> {
        let shape = Shape::parse_name(name).unwrap();
        SubCarpets::of(&shape)
            .parts
            .iter()
            .filter_map(|p| p.shape.kept_grids().map(<[usize]>::to_vec))
            .collect()
    };
    // The nine grids of a dense torus of three are the same 81 cells.
    assert!(kept("torus-3-dense").is_empty());
    // A flower's centre grid adds no house to its four outer grids.
    let flower = kept("flower");
    assert!(!flower.contains(&vec![0, 1, 3, 4]));
    assert!(flower.contains(&vec![0, 1, 2, 3]) && flower.contains(&vec![2]));
}

#[test]
fn a_search_the_rule_ran_dry_names_the_option_that_lifts_it() {
    use crate::generate::ShapedGenerateError;
    let not_found = |sub_carpet_solvable| ShapedGenerateError::NotFound {
        shape: "flower".into(),
        level: crate::logic::Level::Easy,
        candidates: 9,
        sub_carpet_solvable,
    };
    let said = not_found(4).to_string();
    assert!(
        said.contains("4 at the level left some of the grids solvable"),
        "{said}"
    );
    assert!(said.contains("--allow-solvable-subgrids") && said.ends_with("try another seed"));
    assert!(!not_found(0).to_string().contains("--allow"));
}
