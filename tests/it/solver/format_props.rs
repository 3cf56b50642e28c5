//! Parsers meet arbitrary input: they must answer with a grid or an error,
//! never panic, and every grid they print must read back the same.

use proptest::prelude::*;
use sudolens::grid::{read_puzzles, Board, Cell, Grid, Puzzles, SavedGame};

fn any_grid() -> impl Strategy<Value = Grid> {
    proptest::collection::vec(0u8..=9, 81).prop_map(|v| {
        let mut digits = [0u8; 81];
        digits.copy_from_slice(&v);
        Grid::from_digits(digits).unwrap()
    })
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = read_puzzles(&bytes);
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let _ = Grid::parse(text);
            let _ = SavedGame::from_json(text);
        }
    }

    #[test]
    fn printed_grids_read_back(grid in any_grid()) {
        prop_assert_eq!(Grid::parse(&grid.to_line()).unwrap(), grid);
        prop_assert_eq!(Grid::parse(&grid.to_grid_text()).unwrap(), grid);
        prop_assert_eq!(Grid::parse(&grid.to_pretty()).unwrap(), grid);
        prop_assert_eq!(read_puzzles(grid.to_line().as_bytes()).unwrap(), Puzzles::Single(grid));
    }

    #[test]
    fn saves_read_back(grid in any_grid(), moves in proptest::collection::vec((0usize..81, 0u8..=9, any::<bool>()), 0..30)) {
        let mut board = Board::new(grid);
        for (i, d, note) in moves {
            let cell = Cell::ALL[i];
            // Edits on givens are refused; that is part of what is tested.
            let _ = if note && d > 0 { board.toggle_note(cell, d) } else { board.set_entry(cell, d) };
        }
        board.undo();
        let game = SavedGame::new(board, 12);
        prop_assert_eq!(SavedGame::from_json(&game.to_json()).unwrap(), game);
    }

    #[test]
    fn truncated_saves_are_refused_not_panicking(cut in 0usize..2000) {
        let mut board = Board::new(Grid::empty());
        board.fill_notes(None);
        let json = SavedGame::new(board, 1).to_json();
        let cut = cut.min(json.len().saturating_sub(1));
        prop_assert!(SavedGame::from_json(&json[..cut]).is_err());
    }
}
