use super::*;

fn board() -> Board {
    Board::new(Grid::parse(crate::test_puzzles::HARD_17).unwrap())
}

#[test]
fn givens_are_protected() {
    let mut b = board();
    let err = b.set_entry(Cell::new(0, 0), 3).unwrap_err();
    assert_eq!(
        err.to_string(),
        "r1c1 holds the given 4, which cannot be changed"
    );
    assert_eq!(b.value(Cell::new(0, 0)), 4);
    assert!(!b.can_undo());
}

#[test]
fn entries_notes_undo_redo() {
    let mut b = board();
    let c = Cell::new(0, 1);
    b.toggle_note(Cell::new(0, 2), 1).unwrap();
    b.toggle_note(Cell::new(0, 2), 2).unwrap();
    b.set_entry(c, 1).unwrap();
    assert_eq!(b.value(c), 1);
    assert_eq!(
        b.notes(Cell::new(0, 2)).to_string(),
        "2",
        "peer note 1 removed"
    );
    b.undo();
    assert_eq!(b.value(c), 0);
    assert_eq!(b.notes(Cell::new(0, 2)).to_string(), "12");
    b.redo();
    assert_eq!(b.value(c), 1);
    assert_eq!(b.entries().filled_count(), 1);
    assert_eq!(b.grid().filled_count(), 18);
    // A new move clears the redo stack.
    b.undo();
    b.set_entry(c, 6).unwrap();
    assert!(!b.can_redo());
}

#[test]
fn fill_notes_and_reset_are_single_moves() {
    let mut b = board();
    b.fill_notes(None);
    assert_eq!(b.history().len(), 1);
    assert_eq!(
        b.notes(Cell::new(0, 1)),
        b.grid().candidates(Cell::new(0, 1))
    );
    b.set_entry(Cell::new(0, 1), 1).unwrap();
    b.reset();
    assert_eq!(b.grid(), *b.givens());
    assert!(b.notes(Cell::new(0, 1)).is_empty());
    b.undo();
    assert_eq!(b.value(Cell::new(0, 1)), 1);
    // A no-op records nothing.
    let n = b.history().len();
    b.set_entry(Cell::new(0, 1), 1).unwrap();
    assert_eq!(b.history().len(), n);
}

#[test]
fn filling_notes_keeps_the_players_sound_eliminations() {
    let mut b = board();
    let solution = crate::solver::solve(b.givens()).unwrap();
    let cell = Cell::new(0, 1);
    let possible = b.grid().candidates(cell);
    let answer = solution.get(cell);
    // The player crossed out a digit that is not the answer, and wrote
    // a digit that a given in the row already rules out.
    let wrong_guess = possible.iter().find(|&d| d != answer).unwrap();
    let ruled_out = (1..=9).find(|&d| !possible.contains(d)).unwrap();
    let mut mine = possible;
    mine.remove(wrong_guess);
    mine.insert(ruled_out);
    b.set_notes(cell, mine).unwrap();
    // In another cell the player crossed out the answer itself.
    let other = Cell::new(1, 0);
    let mut theirs = b.grid().candidates(other);
    theirs.remove(solution.get(other));
    b.set_notes(other, theirs).unwrap();

    let restored = b.fill_notes(Some(&solution));
    let mut kept = possible;
    kept.remove(wrong_guess);
    assert_eq!(
        b.notes(cell),
        kept,
        "sound elimination kept, impossible digit gone"
    );
    assert_eq!(restored, vec![(other, solution.get(other))]);
    assert_eq!(
        b.notes(other),
        b.grid().candidates(other),
        "the answer is back"
    );
    let untouched = Cell::new(8, 8);
    assert_eq!(b.notes(untouched), b.grid().candidates(untouched));
    // Without a solution to judge by, every elimination is kept.
    b.undo();
    assert!(b.fill_notes(None).is_empty());
    assert!(!b.notes(other).contains(solution.get(other)));
}

#[test]
fn entries_from_a_photo() {
    let b = board();
    let mut entries = Grid::empty();
    entries.set(Cell::new(0, 1), 2);
    let b2 = Board::with_entries(*b.givens(), &entries).unwrap();
    assert_eq!(b2.value(Cell::new(0, 1)), 2);
    assert!(!b2.can_undo());
    entries.set(Cell::new(0, 0), 2);
    assert!(Board::with_entries(*b.givens(), &entries).is_err());
}

/// A 16×16 board: symbols past 9, notes up to 16, undo, and the save file
/// that writes them back (moves by cell index, notes past 9 as letters).
#[test]
fn a_16x16_board_plays_and_saves_whole() {
    let shape = Shape::parse_name("16x16").unwrap();
    let mut values = vec![0u8; 256];
    values[0] = 16;
    let puzzle = ShapedGrid::new(shape, values).unwrap();
    let mut b = Board::of_shaped(&puzzle);
    assert_eq!(b.cell_count(), 256);
    b.toggle_note_at(255, 16).unwrap();
    b.toggle_note_at(255, 10).unwrap();
    b.set_entry_at(200, 12).unwrap();
    assert_eq!(b.value_at(200), 12);
    assert_eq!(b.notes_at(255).to_string(), "AG");
    // a peer's note of the value written goes
    b.set_entry_at(240, 16).unwrap();
    assert_eq!(b.notes_at(255).to_string(), "A");
    b.undo();
    assert_eq!(b.notes_at(255).to_string(), "AG");
    assert_eq!(
        b.set_entry_at(0, 3).unwrap_err().to_string(),
        "r1c1 holds the given 16, which cannot be changed"
    );
    assert!(b.set_entry_at(1, 17).is_err());
    let saved = crate::grid::SavedGame::new(b.clone(), 12);
    let back = crate::grid::SavedGame::from_json(&saved.to_json()).unwrap();
    assert_eq!(back.board, b);
    let mut again = back.board;
    assert!(again.redo().is_some());
    assert_eq!(again.value_at(240), 16);
}

/// A classic save file of the first version, whose moves name their
/// cells (`"r1c2"`), still loads.
#[test]
fn a_first_version_save_file_still_loads() {
    let mut b = board();
    b.set_entry(Cell::new(0, 1), 1).unwrap();
    let json = crate::grid::SavedGame::new(b.clone(), 5)
        .to_json()
        .replace("\"version\": 2", "\"version\": 1")
        .replace("\"cell\": 1,", "\"cell\": \"r1c2\",");
    assert!(json.contains("\"r1c2\""), "{json}");
    let back = crate::grid::SavedGame::from_json(&json).unwrap();
    assert_eq!(back.board, b);
}
