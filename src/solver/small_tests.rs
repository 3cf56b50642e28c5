//! The small-grid path of the exact solver ([`super::small`]) against the
//! general search it stands in for: on generated 4×4 and 6×6 puzzles and
//! their variants, each also broken on purpose (givens emptied for several
//! solutions, a given changed or doubled for none), both must give the
//! same counts, the same first solutions and stop at the same node budget.
//! The 9×9 bitboard path is checked alongside for the solutions it finds.

use super::count_shaped;
use super::shaped::{natural_order, search, search_general};
use crate::generate::rng::Rng;
use crate::grid::Shape;

/// Puzzles of `shape` from the generator's seed `seed`: the puzzle
/// (one solution), the same with a few more givens emptied and a sparse
/// part of its solution (several), with a given changed (mostly none),
/// with two equal givens in a house (none), and the empty grid.
fn puzzles_of(shape: &Shape, seed: u64, rng: &mut Rng) -> Vec<Vec<u8>> {
    use crate::generate::{generate_shaped, Options};
    use crate::logic::Level;
    use std::ops::ControlFlow;
    let made = generate_shaped(shape, &Options::new(Level::Easy), seed, |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    let puzzle = made.puzzle.values().to_vec();
    let solution = made.solution.values().to_vec();
    let n = shape.cell_count();
    let givens: Vec<usize> = (0..n).filter(|&i| puzzle[i] != 0).collect();
    let mut out = vec![puzzle.clone(), vec![0; n]];
    for more in [1, 2, 4] {
        let mut dug = puzzle.clone();
        for _ in 0..more {
            dug[givens[rng.below(givens.len())]] = 0;
        }
        out.push(dug);
    }
    for keep in [n / 3, n / 5] {
        let mut sparse = vec![0; n];
        for _ in 0..keep {
            let i = rng.below(n);
            sparse[i] = solution[i];
        }
        out.push(sparse);
    }
    for _ in 0..4 {
        // Another digit in a given's cell, clashing with no given.
        let mut changed = puzzle.clone();
        let i = givens[rng.below(givens.len())];
        let seen = shape
            .peers_of(i)
            .iter()
            .fold(0u32, |m, &p| match puzzle[p as usize] {
                0 => m,
                v => m | 1 << (v - 1),
            });
        let free = shape.allowed_bits(i) & !seen & !(1 << (puzzle[i] - 1));
        if free != 0 {
            changed[i] = free.trailing_zeros() as u8 + 1;
            out.push(changed);
        }
    }
    let mut clash = puzzle.clone();
    let peer = shape.peers_of(givens[0])[0] as usize;
    clash[peer] = puzzle[givens[0]];
    out.push(clash);
    out
}

/// Whether `sol` is a solution of `puzzle` on `shape`.
fn solves(shape: &Shape, puzzle: &[u8], sol: &[u8]) -> bool {
    let keeps = puzzle.iter().zip(sol).all(|(&p, &s)| p == 0 || p == s);
    let allowed = (0..sol.len()).all(|i| shape.allowed_bits(i) & 1 << (sol[i] - 1) != 0);
    let houses = shape.houses().iter().all(|h| {
        let seen = h
            .cells
            .iter()
            .fold(0u32, |m, &c| m | 1 << (sol[c as usize] - 1));
        seen.count_ones() as usize == shape.side()
    });
    keeps && allowed && houses
}

#[test]
fn the_bitboard_paths_agree_with_the_general_search() {
    // The 64-cell path visits the general search's states in its order:
    // the same counts, the same solutions first, the same node budget.
    // The 9×9 path (another branch cell) finds the same solutions.
    use crate::generate::random_shape;
    use crate::grid::ShapeName;
    let names = [
        ("4x4", 3),
        ("6x6", 3),
        ("4x4+x", 2),
        ("6x6+x", 2),
        ("4x4+jigsaw", 2),
        ("6x6+jigsaw", 2),
        ("4x4+odd-even", 2),
        ("6x6+odd-even", 2),
        ("6x6+jigsaw+x", 1),
        ("x", 1),
        ("hyper", 1),
        ("jigsaw", 1),
        ("odd-even", 1),
    ];
    let mut rng = Rng::new(29);
    for (name, seeds) in names {
        let mut counts = [0usize; 3];
        for seed in 0..seeds {
            let shape = random_shape(ShapeName::parse(name).unwrap(), seed).unwrap();
            let small = shape.cell_count() <= 64;
            assert_eq!(small, shape.masks64().is_some(), "{name}");
            let side = shape.side() as u8;
            for puzzle in puzzles_of(&shape, seed, &mut rng) {
                let mut orders = vec![natural_order(&shape).to_vec()];
                for _ in 0..2 {
                    let mut order: Vec<u8> = (1..=side).collect();
                    rng.shuffle(&mut order);
                    orders.push(order);
                }
                for limit in [0, 1, 2, 6] {
                    for order in &orders {
                        let fast = search(&shape, &puzzle, limit, order, true, u64::MAX);
                        let general = search_general(&shape, &puzzle, limit, order, true, u64::MAX);
                        let (Ok((count, found)), Ok((n, all))) = (&fast, &general) else {
                            panic!("{name}: no budget was set");
                        };
                        assert!(found.iter().all(|f| solves(&shape, &puzzle, f)), "{name}");
                        if small {
                            assert_eq!(fast, general, "{name} {puzzle:?} {limit} {order:?}");
                        } else {
                            assert_eq!(count, n, "{name} {puzzle:?} {limit}");
                            if *count < limit && *count <= 2 {
                                let mut found = found.clone();
                                let mut all = all.clone();
                                found.sort();
                                all.sort();
                                assert_eq!(found, all, "{name} {puzzle:?}");
                            }
                        }
                        let counted = search(&shape, &puzzle, limit, order, false, u64::MAX);
                        assert_eq!(counted, Ok((*count, Vec::new())), "{name}");
                    }
                }
                let n = count_shaped(&shape, &puzzle, 6);
                counts[n.min(2)] += 1;
                if small {
                    for budget in [1, 2, 3, 5, 8, 13, 30] {
                        let order = &orders[1];
                        assert_eq!(
                            search(&shape, &puzzle, 2, order, false, budget),
                            search_general(&shape, &puzzle, 2, order, false, budget),
                            "{name} {puzzle:?} within {budget}"
                        );
                    }
                }
            }
        }
        assert!(
            counts.iter().all(|&c| c > 0),
            "{name}: puzzles with no, one and several solutions ({counts:?})"
        );
    }
}
