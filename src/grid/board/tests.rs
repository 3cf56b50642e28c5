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
