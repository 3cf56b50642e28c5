//! The carpet's construction checked on its own terms: every grid of the
//! plane valid, the holders of a cell and the tiles agreeing, the known
//! cells those of the neighbours before.

use super::*;
use crate::solver::count_solutions;

fn is_valid_solution(g: &Grid) -> bool {
    g.is_complete()
        && count_solutions(g, 2) == 1
        && crate::grid::Shape::classic().conflicts(g).is_empty()
}

#[test]
fn every_grid_of_the_plane_is_a_valid_sudoku() {
    // 41 × 41 grids around the start, and a patch far away: the row and
    // column reorderings keep every grid valid, wherever it lies.
    for seed in [1, 2] {
        let plane = SolutionPlane::new(seed).unwrap();
        let far = [(0, 0), (1_000_000, -3_000_000)];
        for (oy, ox) in far {
            for y in -20..=20 {
                for x in -20..=20 {
                    let g = plane.grid(GridPos::new(oy + y, ox + x));
                    assert!(
                        is_valid_solution(&g),
                        "seed {seed}: grid ({}, {})",
                        oy + y,
                        ox + x
                    );
                }
            }
        }
    }
}

#[test]
fn the_plane_is_not_the_bare_torus() {
    // Without the reorderings grid (0, 0) and grid (0, 3) would be equal
    // (18 cells apart); with them, they differ.
    let plane = SolutionPlane::new(3).unwrap();
    let differ =
        (0..4).any(|k| plane.grid(GridPos::new(0, 0)) != plane.grid(GridPos::new(3 * k, 3)));
    assert!(differ);
    assert_ne!(
        SolutionPlane::new(3).unwrap(),
        SolutionPlane::new(4).unwrap()
    );
}

#[test]
fn holders_hold_the_cell_and_the_first_one_comes_first() {
    for row in -14..14 {
        for col in -14..14 {
            let cell = PlaneCell { row, col };
            let holders = cell.holders();
            assert!((1..=4).contains(&holders.len()));
            for &(pos, r, c) in &holders {
                assert_eq!(pos.cell(r.into(), c.into()), cell);
                assert!(r < 9 && c < 9);
            }
            let (first, r, c) = cell.first_holder();
            // For every other holder, the cell is known: shared with the first.
            for &(pos, hr, hc) in &holders {
                let known =
                    known_cells(pos) & (1u128 << (usize::from(hr) * 9 + usize::from(hc))) != 0;
                assert_eq!(known, pos != first, "{cell} in {pos}");
            }
            assert_eq!(
                known_cells(first) & (1u128 << (usize::from(r) * 9 + usize::from(c))),
                0
            );
            let (tile, i) = cell.tile();
            assert_eq!(tile.cell(i / 6, i % 6), cell);
        }
    }
}

#[test]
fn the_start_knows_nothing_and_an_axis_grid_its_inner_column() {
    assert_eq!(known_cells(GridPos::new(0, 0)), 0);
    assert!(GridPos::new(0, 0).neighbours_before().is_empty());
    // Grid (0, 5): the three grids of ring 4 on its left, and nothing else.
    let known = known_cells(GridPos::new(0, 5));
    let left_boxes: u128 = (0..81).filter(|i| i % 9 < 3).fold(0, |m, i| m | 1u128 << i);
    assert_eq!(known, left_boxes);
    // The order is total and strict among neighbours.
    let p = GridPos::new(2, -3);
    for (dy, dx) in NEIGHBOURS {
        let n = GridPos::new(p.y + dy, p.x + dx);
        assert_ne!(n.order_key(), p.order_key());
    }
}

#[test]
fn entries_and_notes_are_refused_on_givens_and_dropped_when_cleared() {
    let mut carpet = EndlessCarpet::new(5, Level::Easy).unwrap();
    let pos = GridPos::new(0, 0);
    let puzzle = carpet.puzzle(pos);
    let given = (0..81).find(|&i| puzzle.given(i / 9, i % 9) != 0).unwrap();
    let open = (0..81).find(|&i| puzzle.given(i / 9, i % 9) == 0).unwrap();
    let given_cell = pos.cell(given / 9, given % 9);
    let open_cell = pos.cell(open / 9, open % 9);
    assert_eq!(
        carpet.set_entry(given_cell, 1),
        Err(EndlessError::Given { cell: given_cell })
    );
    assert!(matches!(
        carpet.set_entry(open_cell, 10),
        Err(EndlessError::BadValue { .. })
    ));
    carpet.set_entry(open_cell, 4).unwrap();
    carpet.set_notes(open_cell, 0b101).unwrap();
    assert_eq!(
        (carpet.entry_at(open_cell), carpet.notes_at(open_cell)),
        (4, 0b101)
    );
    assert!(carpet.is_touched(pos));
    carpet.set_entry(open_cell, 0).unwrap();
    carpet.set_notes(open_cell, 0).unwrap();
    assert_eq!(carpet.tiles_in_memory(), 0);
    assert!(!carpet.is_touched(pos));
}
