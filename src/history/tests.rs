//! The history on real files: written and read back, recognised in
//! disguise, migrated from an older schema, damaged, locked, from a newer
//! sudolens, killed while writing, and through its thread.

use super::*;
use crate::duel::{Answering, Cheat, DuelResult, Ending, Side, Strength, Tally};
use crate::generate::Transformation;
use crate::test_puzzles::{EASY, HARD_17};
use std::sync::mpsc;

/// A fresh folder for one test's database.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudolens-history-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn grid(s: &str) -> Grid {
    Grid::parse(s).unwrap()
}

fn classic(grid: Grid) -> ShapedGrid {
    ShapedGrid::from_grid(Shape::classic(), &grid).unwrap()
}

fn new_game(puzzle: &str, origin: Origin, at: i64) -> NewGame {
    NewGame::new(grid(puzzle), origin, at, 0).unwrap()
}

/// Noon UTC on `date`: the same local date in every time zone within 11 hours of UTC.
fn noon(date: &str) -> i64 {
    date.parse::<Date>().unwrap().days_since_epoch() * 86_400 + 12 * 3600
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn games_are_written_and_read_back() {
    let dir = temp_dir("roundtrip");
    let path = dir.join(FILE_NAME);
    let mut h = History::open(&path).unwrap();
    let daily: Date = "2025-05-12".parse().unwrap();
    let game = new_game(EASY, Origin::Daily(daily), noon("2025-05-12"));
    assert_eq!(game.level, Level::Easy);
    let id = h.start(&game).unwrap();
    let hint = |t, d| HintRecord {
        technique: Some(t),
        depth: Some(d),
        lines: Some(5),
        played: d == 3,
    };
    let mut progress = GameProgress {
        seconds_played: 300,
        mistakes: 1,
        hints: vec![hint(Technique::HiddenSingle, 1)],
        ..GameProgress::default()
    };
    h.update(id, &progress).unwrap();
    // The player reads further into the first hint, asks a second, finishes.
    progress.hints = vec![
        hint(Technique::HiddenSingle, 3),
        hint(Technique::NakedSingle, 2),
    ];
    progress.seconds_played = 840;
    progress.finished_at = Some(noon("2025-05-12") + 900);
    h.update(id, &progress).unwrap();
    // Later writes do not change a finished game's time.
    progress.seconds_played = 999;
    h.update(id, &progress).unwrap();
    drop(h);

    let h = History::open(&path).unwrap();
    let games = h.games().unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.puzzle, classic(grid(EASY)));
    assert_eq!(g.origin, Origin::Daily(daily));
    assert_eq!((g.level, g.seconds_played, g.hints), (Level::Easy, 840, 2));
    assert_eq!(g.started_on, daily);
    assert_eq!(g.finished.map(|f| f.1), Some(daily));
    assert!(g.solved());
    let stats = h.statistics(daily).unwrap();
    let easy = stats.level(Level::Easy);
    assert_eq!((easy.games, easy.solved, easy.best), (1, 1, Some(840)));
    assert_eq!(easy.hints_by_depth, [0, 1, 1], "depths 3 and 2");
    assert_eq!(stats.daily.current, 1);
    let rows: Vec<(String, u32, u32, bool)> = h
        .conn
        .prepare("SELECT technique, depth, lines, played FROM hints ORDER BY seq")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        rows,
        [
            ("Hidden Single".into(), 3, 5, true),
            ("Naked Single".into(), 2, 5, false)
        ]
    );
    // WAL mode, as the module promises.
    let mode: String = h
        .conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_puzzle_in_disguise_is_recognised_and_others_are_not() {
    let dir = temp_dir("disguise");
    let mut h = History::open(&dir.join(FILE_NAME)).unwrap();
    let first = new_game(
        HARD_17,
        Origin::File("paper.sdk".into()),
        noon("2025-05-12"),
    );
    let id = h.start(&first).unwrap();
    let done = GameProgress {
        seconds_played: 14 * 60,
        finished_at: Some(noon("2025-05-12") + 3600),
        ..GameProgress::default()
    };
    h.update(id, &done).unwrap();
    let disguised = Transformation::random(11).apply(&grid(HARD_17));
    assert_ne!(disguised, grid(HARD_17));
    let again = NewGame::new(
        disguised,
        Origin::Photo("IMG_1.jpg".into()),
        noon("2025-06-01"),
        0,
    )
    .unwrap();
    let past = h.played_before(&again.canonical, None).unwrap();
    assert_eq!(past.len(), 1);
    assert_eq!(past[0].origin, Origin::File("paper.sdk".into()));
    assert_eq!(past[0].seconds_played, 14 * 60);
    let other = new_game(EASY, Origin::Pasted, noon("2025-06-01"));
    assert!(h.played_before(&other.canonical, None).unwrap().is_empty());
    // The game itself is left out when asked.
    assert!(h
        .played_before(&first.canonical, Some(id))
        .unwrap()
        .is_empty());
    assert!(
        NewGame::new(Grid::empty(), Origin::Pasted, 0, 0).is_none(),
        "not a proper puzzle"
    );
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Writes into an older file, by hand, an Easy game pasted and solved on
/// 1 May 2025 in 500 seconds; `column` and `value` add a column of that
/// schema (`", hints"`, `", 3"`).
fn insert_easy_game_of_1_may(conn: &Connection, column: &str, value: &str) {
    let game = new_game(EASY, Origin::Pasted, noon("2025-05-01"));
    conn.execute(
        &format!(
            "INSERT INTO games (puzzle, canonical, origin, level, score, started_at,
                                finished_at, seconds_played{column})
             VALUES (?1, ?2, 'paste', 'Easy', 2.0, ?3, ?4, 500{value})"
        ),
        params![
            game.puzzle.to_line(),
            game.canonical.to_line(),
            noon("2025-05-01"),
            noon("2025-05-01") + 600
        ],
    )
    .unwrap();
}

#[test]
fn an_older_schema_is_migrated_with_its_games() {
    let dir = temp_dir("migrate");
    let path = dir.join(FILE_NAME);
    {
        // A file as schema 1 wrote it: hints were a count.
        let mut conn = Connection::open(&path).unwrap();
        assert_eq!(
            schema::migrate_to(&mut conn, 1).unwrap(),
            Migrated::Current { from: 0 }
        );
        assert_eq!(schema::version(&conn).unwrap(), 1);
        insert_easy_game_of_1_may(&conn, ", hints", ", 3");
    }
    let h = History::open(&path).unwrap();
    assert_eq!(schema::version(&h.conn).unwrap(), VERSION);
    let games = h.games().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!((games[0].hints, games[0].seconds_played), (3, 500));
    assert!(games[0].solved());
    let stats = h.statistics("2025-05-01".parse().unwrap()).unwrap();
    let easy = stats.level(Level::Easy);
    assert_eq!(easy.hints_per_game(), Some(3.0));
    assert!(
        easy.hints_by_depth.is_empty(),
        "schema 1 did not know depths"
    );
    drop(h);
    // Opening again changes nothing.
    let h = History::open(&path).unwrap();
    assert_eq!(h.games().unwrap().len(), 1);
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_from_a_newer_sudolens_is_left_alone() {
    let dir = temp_dir("newer");
    let path = dir.join(FILE_NAME);
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;")
            .unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let e = History::open_or_start_over(&path).err().unwrap();
    assert_eq!(e.kind, ErrorKind::Newer, "{e}");
    assert!(e.to_string().contains("99"), "{e}");
    assert!(
        std::fs::read(&path).unwrap() == before,
        "the file was changed"
    );
    assert!(files_in(&dir).iter().all(|f| !f.contains("damaged")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_file_is_kept_aside_with_its_wal_and_a_new_history_begins() {
    let dir = temp_dir("damaged");
    let path = dir.join(FILE_NAME);
    let garbage = b"this is not a database, it only has the right name".repeat(100);
    std::fs::write(&path, &garbage).unwrap();
    std::fs::write(with_suffix(&path, "-wal"), b"an old journal").unwrap();
    let e = History::open(&path).err().unwrap();
    assert_eq!(e.kind, ErrorKind::Damaged, "{e}");
    assert!(
        std::fs::read(&path).unwrap() == garbage,
        "open alone touches nothing"
    );
    assert!(with_suffix(&path, "-wal").exists(), "nor its WAL");

    let (mut h, aside) = History::open_or_start_over(&path).unwrap();
    let aside = aside.expect("moved aside");
    assert!(std::fs::read(&aside).unwrap() == garbage);
    assert_eq!(
        std::fs::read(with_suffix(&aside, "-wal")).unwrap(),
        b"an old journal"
    );
    let name = aside.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("history.damaged-") && name.ends_with(".sqlite3"),
        "{name}"
    );
    // The new history works.
    h.start(&new_game(EASY, Origin::Pasted, 0)).unwrap();
    assert_eq!(h.games().unwrap().len(), 1);
    drop(h);

    // A database damaged inside (a page overwritten) is found too.
    let path2 = dir.join("second.sqlite3");
    {
        let mut h = History::open(&path2).unwrap();
        for i in 0..300 {
            h.start(&new_game(HARD_17, Origin::Pasted, i)).unwrap();
        }
        h.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .unwrap();
    }
    let mut bytes = std::fs::read(&path2).unwrap();
    let page = 4096 * 2;
    assert!(bytes.len() > page + 4096, "{} bytes", bytes.len());
    bytes[page..page + 4096].fill(0xA5);
    std::fs::write(&path2, &bytes).unwrap();
    let e = History::open(&path2).err().unwrap();
    assert_eq!(e.kind, ErrorKind::Damaged, "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_locked_file_is_reported_as_locked() {
    let dir = temp_dir("locked");
    let path = dir.join(FILE_NAME);
    let mut h = History::open(&path).unwrap();
    let id = h.start(&new_game(EASY, Origin::Pasted, 0)).unwrap();
    // Another process holds the write lock and does not let go.
    let other = Connection::open(&path).unwrap();
    other
        .execute_batch("BEGIN IMMEDIATE; UPDATE games SET mistakes = 5;")
        .unwrap();
    let started = std::time::Instant::now();
    let e = h.update(id, &GameProgress::default()).err().unwrap();
    assert_eq!(e.kind, ErrorKind::Locked, "{e}");
    assert!(
        started.elapsed() >= BUSY_TIMEOUT / 2,
        "it waited for the lock first"
    );
    // Readers are not blocked by the writer (WAL).
    assert_eq!(h.games().unwrap().len(), 1);
    other.execute_batch("ROLLBACK").unwrap();
    h.update(id, &GameProgress::default()).unwrap();
    drop((h, other));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Two writers on one file (two windows, or a window and the command
/// line) take turns: every game of both is there.
#[test]
fn two_writers_take_turns() {
    let dir = temp_dir("writers");
    let path = dir.join(FILE_NAME);
    History::open(&path).unwrap();
    let writers: Vec<_> = (0..2)
        .map(|w| {
            let path = path.clone();
            std::thread::spawn(move || {
                let mut h = History::open(&path).unwrap();
                let game = new_game(EASY, Origin::Pasted, 0);
                for i in 0..40 {
                    let id = h.start(&game).unwrap();
                    let p = GameProgress {
                        seconds_played: w * 1000 + i,
                        ..GameProgress::default()
                    };
                    h.update(id, &p).unwrap();
                }
            })
        })
        .collect();
    for w in writers {
        w.join().unwrap();
    }
    let h = History::open(&path).unwrap();
    let games = h.games().unwrap();
    assert_eq!(games.len(), 80);
    let mut times: Vec<u64> = games.iter().map(|g| g.seconds_played).collect();
    times.sort_unstable();
    times.dedup();
    assert_eq!(times.len(), 80, "no update lost");
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Set in the child process of [`a_killed_writer_loses_nothing_committed`].
const CRASH_CHILD_ENV: &str = "SUDOLENS_HISTORY_CRASH_WRITER";

/// The child of the crash test: records games numbered from
/// `$SUDOLENS_HISTORY_CRASH_START` (in their time played) until killed,
/// each started then updated with three hints, printing each number once
/// both writes have returned.
#[test]
fn history_crash_writer_child() {
    let Some(path) = std::env::var_os(CRASH_CHILD_ENV) else {
        return; // a normal test run: nothing to do
    };
    let start: u64 = std::env::var("SUDOLENS_HISTORY_CRASH_START")
        .unwrap()
        .parse()
        .unwrap();
    let mut h = History::open(Path::new(&path)).unwrap();
    let game = new_game(EASY, Origin::Pasted, 0);
    let mut out = std::io::stdout();
    for k in start.. {
        let id = h.start(&game).unwrap();
        let p = GameProgress {
            seconds_played: k,
            hints: vec![HintRecord::default(); 3],
            ..GameProgress::default()
        };
        h.update(id, &p).unwrap();
        use std::io::Write;
        writeln!(out, "{k}").unwrap();
        out.flush().unwrap();
    }
}

/// Kills a process that writes games in a loop at 60 random moments: the
/// database always opens whole (integrity check) and holds every game the
/// child reported written, with its update; a kill loses at most the game
/// being written (started, and perhaps not yet updated).
#[test]
fn a_killed_writer_loses_nothing_committed() {
    let dir = temp_dir("crash");
    let path = dir.join(FILE_NAME);
    History::open(&path).unwrap();
    let (mut next, mut games, mut seed) = (1u64, 0usize, 0x2545_F491_4F6C_DD1Du64);
    for round in 0..60 {
        let wait = crate::test_puzzles::next_wait(&mut seed, 20_000, 60_000);
        let start = next.to_string();
        let env = [
            (CRASH_CHILD_ENV, path.as_os_str()),
            ("SUDOLENS_HISTORY_CRASH_START", start.as_ref()),
        ];
        let reported = crate::test_puzzles::kill_writer_after(
            "history::tests::history_crash_writer_child",
            &env,
            wait,
        )
        .filter(|&k| k >= next);
        let h = History::open(&path).unwrap_or_else(|e| {
            panic!("round {round}: the history does not open after a kill: {e}")
        });
        let check: String = h
            .conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(check, "ok", "round {round}");
        let all = h.games().unwrap();
        let written = reported.map_or(0, |r| (r + 1 - next) as usize);
        assert!(
            all.len() == games + written || all.len() == games + written + 1,
            "round {round}: {} games on disk, {games} before and {written} reported written",
            all.len()
        );
        // Each update is one transaction: a game is either as started
        // (no time, no hint) or whole, never with part of its hints.
        for g in &all {
            assert!(
                g.hints == 3 || (g.hints == 0 && g.seconds_played == 0),
                "round {round}: game {:?} holds part of an update: {} hints, {} s",
                g.id,
                g.hints,
                g.seconds_played
            );
        }
        for k in next..next + written as u64 {
            assert!(
                all.iter().any(|g| g.seconds_played == k && g.hints == 3),
                "round {round}: game {k} was reported written, with its update"
            );
        }
        next += written as u64;
        games = all.len();
    }
    eprintln!(
        "history crash test: {} games written across 60 kills",
        next - 1
    );
    assert!(next > 30, "only {} games in 60 rounds", next - 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The recorder's thread: a game started, a hint, the finish, then the
/// statistics and the recognition of the same puzzle in disguise.
#[test]
fn the_recorder_writes_in_order_and_reports() {
    let dir = temp_dir("recorder");
    let path = dir.join(FILE_NAME);
    let (woken, wakes) = mpsc::channel();
    let mut r = Recorder::start(path.clone(), move || {
        let _ = woken.send(());
    });
    let next = |r: &mut Recorder| loop {
        wakes
            .recv_timeout(Duration::from_secs(20))
            .expect("a report");
        if let Some(report) = r.poll().into_iter().next() {
            return report;
        }
    };
    assert_eq!(next(&mut r), Report::Opened { set_aside: None });
    let at = noon("2025-05-12");
    r.send(Request::Start {
        key: 1,
        game: GameStart {
            puzzle: classic(grid(HARD_17)),
            origin: Origin::Generated { seed: 7 },
            started_at: at,
            seconds_played: 0,
        },
    });
    r.send(Request::Progress {
        key: 1,
        progress: GameProgress {
            seconds_played: 600,
            finished_at: Some(at + 700),
            hints: vec![HintRecord::default()],
            ..GameProgress::default()
        },
    });
    // Not a proper puzzle: not recorded, and nothing breaks.
    r.send(Request::Start {
        key: 2,
        game: GameStart {
            puzzle: classic(Grid::empty()),
            origin: Origin::Pasted,
            started_at: at,
            seconds_played: 0,
        },
    });
    r.send(Request::Progress {
        key: 2,
        progress: GameProgress::default(),
    });
    r.send(Request::Statistics {
        today: "2025-05-12".parse().unwrap(),
    });
    let Report::Statistics(stats) = next(&mut r) else {
        panic!("statistics expected")
    };
    assert_eq!(stats.games(), 1);
    let level = crate::logic::rate_grid(&grid(HARD_17)).level;
    assert_eq!(stats.level(level).best, Some(600));
    let disguised = Transformation::random(3).apply(&grid(HARD_17));
    r.send(Request::Start {
        key: 3,
        game: GameStart {
            puzzle: classic(disguised),
            origin: Origin::Photo("x.jpg".into()),
            started_at: at + 86_400,
            seconds_played: 0,
        },
    });
    let Report::PlayedBefore { key, past, .. } = next(&mut r) else {
        panic!("recognition expected")
    };
    assert_eq!(key, 3);
    assert_eq!(past.len(), 1);
    assert!(past[0].solved() && past[0].seconds_played == 600);
    // A saved game of the new one comes back: the same row goes on.
    r.send(Request::Resume {
        key: 4,
        game: GameStart {
            puzzle: classic(disguised),
            origin: Origin::Saved,
            started_at: at + 2 * 86_400,
            seconds_played: 50,
        },
    });
    r.send(Request::Progress {
        key: 4,
        progress: GameProgress {
            seconds_played: 80,
            moves: 4,
            ..GameProgress::default()
        },
    });
    r.send(Request::Statistics {
        today: "2025-05-14".parse().unwrap(),
    });
    let Report::Statistics(stats) = next(&mut r) else {
        panic!("statistics expected")
    };
    assert_eq!(stats.games(), 2, "resumed, not started again");
    drop(r); // waits for the thread's last writes
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A locked file turns the recorder off without blocking its owner; what
/// it is sent meanwhile is kept, and written whole once the lock goes.
#[test]
fn the_recorder_waits_out_a_lock_and_loses_nothing() {
    let dir = temp_dir("recorder-locked");
    let path = dir.join(FILE_NAME);
    History::open(&path).unwrap();
    let other = Connection::open(&path).unwrap();
    other
        .execute_batch(
            "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; CREATE TABLE held (x); COMMIT;",
        )
        .unwrap();
    let (woken, wakes) = mpsc::channel();
    let mut r = Recorder::start(path.clone(), move || {
        let _ = woken.send(());
    });
    // Every report until `done` holds, waiting for each.
    let until = |r: &mut Recorder, done: &dyn Fn(&[Report]) -> bool| {
        let mut got = Vec::new();
        while !done(&got) {
            wakes
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no more reports after {got:?}"));
            got.extend(r.poll());
        }
        got
    };
    match until(&mut r, &|g| !g.is_empty()).as_slice() {
        [Report::Off(e)] => assert_eq!(e.kind, ErrorKind::Locked, "{e}"),
        other => panic!("{other:?}"),
    }
    // The player goes on meanwhile: a game, two hints, the finish.
    let game = GameStart {
        puzzle: classic(grid(EASY)),
        origin: Origin::Pasted,
        started_at: noon("2025-05-12"),
        seconds_played: 0,
    };
    r.send(Request::Start { key: 1, game });
    let done = GameProgress {
        seconds_played: 600,
        hints: vec![HintRecord::default(); 2],
        finished_at: Some(noon("2025-05-12") + 610),
        ..GameProgress::default()
    };
    r.send(Request::Progress {
        key: 1,
        progress: done,
    });
    r.send(Request::Statistics {
        today: "2025-05-14".parse().unwrap(),
    });
    std::thread::sleep(Duration::from_millis(300));
    assert!(r.poll().is_empty(), "still locked, said once");
    drop(other); // the lock goes
    let got = until(&mut r, &|g| {
        g.iter().any(|x| matches!(x, Report::Statistics(_)))
    });
    assert_eq!(got[0], Report::Opened { set_aside: None }, "{got:?}");
    let Some(Report::Statistics(stats)) = got.last() else {
        panic!("{got:?}")
    };
    let level = crate::logic::rate_grid(&grid(EASY)).level;
    let easy = stats.level(level);
    assert_eq!((easy.games, easy.solved, easy.best), (1, 1, Some(600)));
    assert_eq!(easy.hints_per_game(), Some(2.0));
    drop(r);
    assert!(
        files_in(&dir).iter().all(|f| !f.contains("damaged")),
        "a lock is not damage"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A finished duel with these tallies (wrong values, jokers).
fn duel(
    strength: Strength,
    winner: Option<Side>,
    player: (u32, u32),
    pip: (u32, u32),
) -> DuelResult {
    let tally = |(wrong, jokers): (u32, u32)| Tally {
        wrong,
        jokers,
        moves: 40 + wrong + jokers,
    };
    DuelResult {
        winner,
        ending: Ending::Completed,
        player: tally(player),
        pip: tally(pip),
        strength,
        answering: Answering::Honest,
        level: Some(Level::Medium),
    }
}

#[test]
fn duels_are_written_and_read_back_with_their_statistics() {
    let dir = temp_dir("duels");
    let path = dir.join(FILE_NAME);
    let caught = DuelResult {
        ending: Ending::Cheating {
            cheat: Cheat::NoValueLeft {
                cell: crate::grid::Cell::new(3, 8),
                refused: crate::grid::Candidates::from_iter([4, 7]),
                by_reasoning: true,
            },
        },
        answering: Answering::ByHand,
        level: None,
        ..duel(Strength::Club, Some(Side::Pip), (1, 2), (0, 1))
    };
    let played = [
        duel(Strength::Club, Some(Side::Player), (1, 0), (2, 3)),
        caught.clone(),
        duel(Strength::Master, None, (2, 1), (2, 1)),
    ];
    {
        let mut h = History::open(&path).unwrap();
        for (i, o) in played.iter().enumerate() {
            let d = FinishedDuel {
                outcome: o.clone(),
                finished_at: noon("2025-06-01") + i as i64,
            };
            h.record_duel(&d).unwrap();
        }
    }
    let h = History::open(&path).unwrap();
    let back: Vec<DuelResult> = h
        .duels()
        .unwrap()
        .into_iter()
        .map(|d| d.duel.outcome)
        .collect();
    assert_eq!(back, played, "every detail, the cheat caught included");
    let stats = h.statistics("2025-06-01".parse().unwrap()).unwrap();
    assert_eq!(stats.games(), 0, "duels are not games");
    let club = stats.duels[1];
    assert_eq!(club.strength, Strength::Club);
    assert_eq!((club.played, club.won, club.lost), (2, 1, 1));
    assert_eq!(
        club.average(club.player_penalties),
        Some(2.0),
        "(1 + 3) / 2"
    );
    assert_eq!(club.average(club.player_jokers), Some(1.0));
    assert_eq!(club.average(club.pip_penalties), Some(3.0), "(5 + 1) / 2");
    assert_eq!(club.average(club.pip_jokers), Some(2.0));
    let master = stats.duels[2];
    assert_eq!(
        (master.played, master.won, master.lost),
        (1, 0, 0),
        "a draw"
    );
    assert_eq!(stats.duels[0].played, 0);
    assert_eq!(stats.duels[0].average(0), None);
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_schema_without_duels_is_migrated_with_its_games() {
    let dir = temp_dir("migrate-duels");
    let path = dir.join(FILE_NAME);
    {
        // A file as schema 2 wrote it: games and hints, no duels.
        let mut conn = Connection::open(&path).unwrap();
        schema::migrate_to(&mut conn, 2).unwrap();
        assert_eq!(schema::version(&conn).unwrap(), 2);
        insert_easy_game_of_1_may(&conn, "", "");
        conn.execute(
            "INSERT INTO hints (game_id, seq, depth) VALUES (1, 1, 2)",
            [],
        )
        .unwrap();
    }
    let mut h = History::open(&path).unwrap();
    assert_eq!(schema::version(&h.conn).unwrap(), VERSION);
    let games = h.games().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!((games[0].hints, games[0].seconds_played), (1, 500));
    assert!(h.duels().unwrap().is_empty());
    let won = FinishedDuel {
        outcome: duel(Strength::Beginner, Some(Side::Player), (0, 1), (3, 4)),
        finished_at: noon("2025-05-02"),
    };
    h.record_duel(&won).unwrap();
    let stats = h.statistics("2025-05-02".parse().unwrap()).unwrap();
    assert_eq!(
        stats.level(Level::Easy).solved,
        1,
        "the game is still there"
    );
    assert_eq!(stats.duels[0].won, 1);
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_recorder_records_a_finished_duel() {
    let dir = temp_dir("recorder-duel");
    let path = dir.join(FILE_NAME);
    let (tx, rx) = mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    {
        let recorder = Recorder::start(path.clone(), move || {
            let _ = tx.lock().unwrap().send(());
        });
        let finished = FinishedDuel {
            outcome: duel(Strength::Master, Some(Side::Pip), (4, 2), (1, 0)),
            finished_at: noon("2025-05-03"),
        };
        recorder.send(Request::Duel(finished.clone()));
        recorder.send(Request::Statistics {
            today: "2025-05-03".parse().unwrap(),
        });
        let mut recorder = recorder;
        let mut stats = None;
        while stats.is_none() {
            rx.recv_timeout(std::time::Duration::from_secs(20)).unwrap();
            for r in recorder.poll() {
                if let Report::Statistics(s) = r {
                    stats = Some(s);
                }
            }
        }
        let master = stats.unwrap().duels[2];
        assert_eq!((master.played, master.lost), (1, 1));
    }
    let h = History::open(&path).unwrap();
    assert_eq!(h.duels().unwrap().len(), 1, "written once");
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_schema_without_moves_is_migrated_and_its_games_still_count() {
    let dir = temp_dir("migrate-moves");
    let path = dir.join(FILE_NAME);
    {
        // A file as schema 3 wrote it: no moves column.
        let mut conn = Connection::open(&path).unwrap();
        schema::migrate_to(&mut conn, 3).unwrap();
        assert_eq!(schema::version(&conn).unwrap(), 3);
        insert_easy_game_of_1_may(&conn, "", "");
    }
    let mut h = History::open(&path).unwrap();
    assert_eq!(schema::version(&h.conn).unwrap(), VERSION);
    let games = h.games().unwrap();
    assert_eq!((games.len(), games[0].moves), (1, None), "not known");
    assert!(games[0].played());
    // A new game opened and left: not a game; one with moves: a game.
    let dropped = h
        .start(&new_game(HARD_17, Origin::Pasted, noon("2025-05-02")))
        .unwrap();
    let left = GameProgress {
        seconds_played: 60,
        ..GameProgress::default()
    };
    h.update(dropped, &left).unwrap();
    let today: Date = "2025-05-02".parse().unwrap();
    assert_eq!(h.statistics(today).unwrap().games(), 1);
    let played = GameProgress { moves: 3, ..left };
    h.update(dropped, &played).unwrap();
    assert_eq!(h.games().unwrap()[1].moves, Some(3));
    assert_eq!(h.statistics(today).unwrap().games(), 2);
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 29: a file of schema 4 has no shape column; its games are
/// classics, and statistics keep a later X-Sudoku apart, with its own
/// best time.
#[test]
fn a_schema_without_shapes_is_migrated_and_shapes_are_kept_apart() {
    let dir = temp_dir("migrate-shapes");
    let path = dir.join(FILE_NAME);
    {
        let mut conn = Connection::open(&path).unwrap();
        schema::migrate_to(&mut conn, 4).unwrap();
        assert_eq!(schema::version(&conn).unwrap(), 4);
        insert_easy_game_of_1_may(&conn, ", moves", ", 40");
    }
    let mut h = History::open(&path).unwrap();
    assert_eq!(schema::version(&h.conn).unwrap(), VERSION);
    let games = h.games().unwrap();
    assert!(
        games[0].puzzle.shape().is_classic(),
        "an old game is a classic"
    );
    // an X-Sudoku, solved faster than the classic
    let x = Shape::parse_name("x").unwrap();
    let at = noon("2025-05-02");
    let puzzle = grid(crate::test_puzzles::X_SUDOKU);
    let puzzle = ShapedGrid::from_grid(x, &puzzle).unwrap();
    let game = NewGame::of(puzzle, Origin::Pasted, at, 0).unwrap();
    assert_eq!(game.puzzle.shape().name(), "x");
    let id = h.start(&game).unwrap();
    let solved = GameProgress {
        seconds_played: 200,
        moves: 40,
        finished_at: Some(at + 200),
        ..GameProgress::default()
    };
    h.update(id, &solved).unwrap();
    let today: Date = "2025-05-02".parse().unwrap();
    let stats = h.statistics(today).unwrap();
    let by_shape: Vec<(&str, u32, Option<u64>)> = stats
        .shapes
        .iter()
        .map(|s| (s.shape.as_str(), s.games, s.best))
        .collect();
    assert_eq!(
        by_shape,
        vec![("classic", 1, Some(500)), ("x", 1, Some(200))]
    );
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}
