//! Games of every size in the history (schema 6): a 6×6, a hexadecimal
//! 16×16 and a jigsaw are written and read back in their shapes, kept
//! apart from the same givens in another shape, and counted by shape.

use super::*;
use crate::grid::parse_shaped;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sudolens-history-sizes-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn puzzle(text: &str) -> ShapedGrid {
    parse_shaped(text).unwrap().remove(0).grid.unwrap()
}

const SIX: &str = "shape: 6x6\n25.....1....52...46...53....3.....15\n";

const HEX: &str = "shape: 16x16\nsymbols: hex\n\
C B . . . 4 E . . . . . . 8 A .
3 . 8 . . . . A . D 1 . . . . C
E . 6 . 7 . 1 C . . 5 4 3 F . .
7 . . . . 8 . . 3 B . . . E D .
F . . . . . . . 1 7 0 . . . . E
. 7 . . A . . . 4 C . . 8 5 . .
. . B . C . . . . 8 . . F A 7 .
6 . . . 8 9 . . . . . 2 . 4 . .
. . 3 . 0 . . . . . . . . . . 5
. . . . . . . 7 . . 2 . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
";

#[test]
fn games_of_every_size_are_kept_in_their_shapes() {
    let dir = temp_dir("kept");
    let mut h = History::open(&dir.join("history.sqlite3")).unwrap();
    let six = puzzle(SIX);
    let at = 1_747_000_000;
    let game = NewGame::of(six.clone(), Origin::Pasted, at, 0).expect("a proper 6x6");
    assert_eq!(
        game.canonical, six,
        "another size's canonical form is its givens"
    );
    let id = h.start(&game).unwrap();
    let solved = GameProgress {
        seconds_played: 95,
        moves: 20,
        finished_at: Some(at + 95),
        ..GameProgress::default()
    };
    h.update(id, &solved).unwrap();
    let jigsaw = ShapedGrid::from_grid(
        crate::grid::parse_shape_header(&format!(
            "shape: jigsaw\nregions:\n{}",
            crate::test_puzzles::JIGSAW_REGIONS
        ))
        .unwrap(),
        &Grid::empty(),
    )
    .unwrap();
    assert_eq!(
        NewGame::of(jigsaw, Origin::Pasted, at, 0),
        None,
        "an empty grid has many solutions: not a game"
    );
    let games = h.games().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].puzzle, six, "read back as the 6x6 it was");
    assert!(games[0].solved());
    assert_eq!(h.played_before(&six, None).unwrap().len(), 1);
    assert_eq!(h.unfinished(&six).unwrap(), None, "it is finished");
    let stats = h.statistics("2025-05-11".parse().unwrap()).unwrap();
    let by_shape: Vec<(&str, u32, Option<u64>)> = stats
        .shapes
        .iter()
        .map(|s| (s.shape.as_str(), s.games, s.best))
        .collect();
    assert_eq!(by_shape, [("6x6", 1, Some(95))]);
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_shape_whose_name_is_not_enough_is_read_back_whole() {
    // hexadecimal symbols are not in the name "16x16": the layout keeps them
    let dir = temp_dir("hex");
    let mut h = History::open(&dir.join("history.sqlite3")).unwrap();
    let hex = puzzle(HEX);
    assert_eq!(hex.shape().symbols(), crate::grid::Symbols::Hex);
    let game = NewGame {
        canonical: hex.clone(),
        puzzle: hex.clone(),
        origin: Origin::File("hexadoku.txt".into()),
        level: Level::Hard,
        score: 4.0,
        started_at: 1_747_000_000,
        seconds_played: 0,
    };
    let id = h.start(&game).unwrap();
    let games = h.games().unwrap();
    assert_eq!(games[0].puzzle, hex);
    assert_eq!(games[0].puzzle.to_line().len(), 256);
    assert_eq!(h.unfinished(&hex).unwrap(), Some(id));
    // the same givens in digits are another puzzle
    let digits =
        ShapedGrid::new(Shape::parse_name("16x16").unwrap(), hex.values().to_vec()).unwrap();
    assert_eq!(h.unfinished(&digits).unwrap(), None);
    assert!(h.played_before(&digits, None).unwrap().is_empty());
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn schema_5_is_rebuilt_for_sizes_with_its_games_and_hints() {
    let dir = temp_dir("migrate-6");
    let path = dir.join("history.sqlite3");
    {
        let mut conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "foreign_keys", true).unwrap();
        schema::migrate_to(&mut conn, 5).unwrap();
        let g = NewGame::new(
            Grid::parse(crate::test_puzzles::EASY).unwrap(),
            Origin::Pasted,
            1_747_000_000,
            0,
        )
        .unwrap();
        conn.execute(
            "INSERT INTO games (id, puzzle, canonical, origin, level, score, started_at, shape)
             VALUES (7, ?1, ?2, 'paste', 'Easy', 2.0, 1747000000, 'classic')",
            params![g.puzzle.to_line(), g.canonical.to_line()],
        )
        .unwrap();
        conn.execute_batch(
            "INSERT INTO hints (game_id, seq, technique, depth, lines, played)
             VALUES (7, 1, 'hidden-single', 2, 4, 1), (7, 2, NULL, NULL, NULL, 0)",
        )
        .unwrap();
        // schema 5 refused another size
        let six = "25.....1....52...46...53....3.....15";
        assert!(conn
            .execute(
                "INSERT INTO games (puzzle, canonical, origin, level, score, started_at, shape)
                 VALUES (?1, ?1, 'paste', 'Easy', 1.0, 0, '6x6')",
                [six],
            )
            .is_err());
    }
    let h = History::open(&path).unwrap();
    assert_eq!(schema::version(&h.conn).unwrap(), VERSION);
    let games = h.games().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].id, GameId(7), "ids are kept");
    assert_eq!(
        (games[0].hints, games[0].pip_moves),
        (2, 1),
        "hints are kept"
    );
    let keys: bool = h
        .conn
        .pragma_query_value(None, "foreign_keys", |r| r.get(0))
        .unwrap();
    assert!(keys, "the foreign keys are back on");
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

const SAMURAI: &str = "shape: samurai
..8....6.   .........
.6.4.5...   ...795.4.
.9.6..1..   .5.14..3.
..1..7.53   .1......9
......67.   8.3.5...1
.3.......   5...1..68
..6.8.....46...5..7..
..75.38..3........896
5..7..4...........2..
      ..4..2...
      ..7.6.9..
      ...7..8..
..7...........9..6..8
385........7..27.51..
..9..3...92.....3.7..
47..9...2   .......5.
8...3.7.4   .38......
9......1.   27.3..6..
.1..69.3.   ..3..9.7.
.3.452...   ...5.7.6.
.........   .1....9..
";

/// Issue 34: a samurai is a game like any other: kept in its shape (the
/// cross of five grids, not a 9×9) and counted apart in the statistics.
#[test]
fn a_samurai_is_kept_in_its_shape_and_counted_apart() {
    let dir = temp_dir("samurai");
    let mut h = History::open(&dir.join("history.sqlite3")).unwrap();
    let samurai = puzzle(SAMURAI);
    assert_eq!(samurai.shape().cell_count(), 369);
    let at = 1_747_000_000;
    let game = NewGame::of(samurai.clone(), Origin::Pasted, at, 0).expect("a proper samurai");
    let id = h.start(&game).unwrap();
    let solved = GameProgress {
        seconds_played: 1_800,
        moves: 230,
        finished_at: Some(at + 1_800),
        ..GameProgress::default()
    };
    h.update(id, &solved).unwrap();
    let six = puzzle(SIX);
    let id = h
        .start(&NewGame::of(six, Origin::Pasted, at, 0).unwrap())
        .unwrap();
    h.update(
        id,
        &GameProgress {
            seconds_played: 95,
            moves: 20,
            finished_at: Some(at + 95),
            ..GameProgress::default()
        },
    )
    .unwrap();
    let games = h.games().unwrap();
    assert!(
        games.iter().any(|g| g.puzzle == samurai && g.solved()),
        "read back as the samurai it was"
    );
    let stats = h.statistics("2025-05-11".parse().unwrap()).unwrap();
    let mut by_shape: Vec<(&str, u32, Option<u64>)> = stats
        .shapes
        .iter()
        .map(|s| (s.shape.as_str(), s.games, s.best))
        .collect();
    by_shape.sort();
    assert_eq!(
        by_shape,
        [("6x6", 1, Some(95)), ("samurai", 1, Some(1_800))]
    );
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}
