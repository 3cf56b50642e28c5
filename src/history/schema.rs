//! The database's tables, and the migrations that bring any older file up
//! to them. A file's `PRAGMA user_version` is the number of migrations it
//! has had; each migration runs in its own transaction with the version
//! bump, so a killed process leaves a file at one version or the next,
//! never between.

use rusqlite::{Connection, OptionalExtension, TransactionBehavior};

/// Schema 1: one row per game. Hints were a count.
const GAMES: &str = "
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    -- the givens, 81 characters, '.' for an empty cell
    puzzle TEXT NOT NULL CHECK (length(puzzle) = 81),
    -- the canonical form of the givens, to recognise a puzzle in disguise
    canonical TEXT NOT NULL CHECK (length(canonical) = 81),
    -- generated, daily, photo, file, paste or saved
    origin TEXT NOT NULL,
    -- the seed, the daily date (YYYY-MM-DD) or the file's name
    origin_detail TEXT,
    -- the rating when the game started: Easy ... Extreme, and its score
    level TEXT NOT NULL,
    score REAL NOT NULL,
    -- Unix seconds
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    seconds_played INTEGER NOT NULL DEFAULT 0,
    solve_used INTEGER NOT NULL DEFAULT 0,
    -- distinct wrong entries shown to the player
    mistakes INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX games_by_canonical ON games (canonical);
CREATE INDEX games_by_puzzle ON games (puzzle);
";

/// Schema 2: each hint is a row, with its technique and how far the player
/// read it (issue 16's hint budget counts how deep each hint went). The
/// hints counted by schema 1 become rows of unknown technique and depth.
/// The column holds [`crate::logic::Technique::id`] (the SQL comment's
/// `Technique::name` is its old name; the text stays, since SQLite keeps it
/// in every database's schema).
const HINT_ROWS: &str = "
CREATE TABLE hints (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- 1, 2, ... in the order asked
    seq INTEGER NOT NULL,
    -- the technique's name (Technique::name), NULL when not known
    technique TEXT,
    -- its depth: lines of the hint the player read (1: only the nudge where
    -- to look), out of the lines it has; NULL when not known
    depth INTEGER,
    lines INTEGER,
    -- Pip played the step on the board (Apply, or Next past its last line)
    played INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
WITH RECURSIVE n(i) AS (
    SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < (SELECT max(hints) FROM games)
)
INSERT INTO hints (game_id, seq) SELECT games.id, n.i FROM games JOIN n ON n.i <= games.hints;
ALTER TABLE games DROP COLUMN hints;
";

/// Schema 3: one row per finished duel with Pip. The outcome is the duel
/// files' JSON (`duel::DuelResult`); Pip's strength and the winner (`player`,
/// `pip`, NULL for a draw) are repeated as columns for queries by hand.
const DUELS: &str = "
CREATE TABLE duels (
    id INTEGER PRIMARY KEY,
    -- Unix seconds
    finished_at INTEGER NOT NULL,
    -- beginner, club or master
    strength TEXT NOT NULL,
    winner TEXT CHECK (winner IN ('player', 'pip')),
    outcome TEXT NOT NULL
);
";

/// Schema 4: the cells the player (or Pip's Apply) had filled at most, so
/// that a game opened and left untouched is not counted as played. NULL in
/// the games recorded before: not known, and those count as before.
const MOVES: &str = "
ALTER TABLE games ADD COLUMN moves INTEGER;
";

/// Schema 5: each game's shape (issue 29), by the name the command line
/// gives it (`classic`, `x`, `x+hyper`, `jigsaw`...), so that statistics
/// keep the variants apart. Every game recorded before was a classic.
const SHAPES: &str = "
ALTER TABLE games ADD COLUMN shape TEXT NOT NULL DEFAULT 'classic';
";

/// Schema 6: games of every size (issue 29). The puzzle and its canonical
/// form are one character per cell of the shape (16 for a 4×4 to 256 for a
/// 16×16), in its symbols; `layout` is the shape's header when its name
/// alone does not give it back (a jigsaw's regions, odd/even's shaded
/// cells, hexadecimal symbols; see `shapes.rs`). SQLite cannot drop a
/// CHECK, so the table is built again and the rows copied, ids kept, with
/// the foreign keys off so that dropping the old table leaves the hints
/// alone ([`migrate_to`]).
const SIZES: &str = "
CREATE TABLE games_v6 (
    id INTEGER PRIMARY KEY,
    -- the givens, one character per cell, '.' for an empty cell
    puzzle TEXT NOT NULL CHECK (length(puzzle) IN (16, 36, 81, 144, 256)),
    -- the canonical form of the givens (a classic's; other shapes' givens)
    canonical TEXT NOT NULL CHECK (length(canonical) = length(puzzle)),
    origin TEXT NOT NULL,
    origin_detail TEXT,
    level TEXT NOT NULL,
    score REAL NOT NULL,
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    seconds_played INTEGER NOT NULL DEFAULT 0,
    solve_used INTEGER NOT NULL DEFAULT 0,
    mistakes INTEGER NOT NULL DEFAULT 0,
    moves INTEGER,
    shape TEXT NOT NULL DEFAULT 'classic',
    -- the shape's header, maps included, when its name does not give it
    layout TEXT
);
INSERT INTO games_v6 (id, puzzle, canonical, origin, origin_detail, level, score, started_at,
                      finished_at, seconds_played, solve_used, mistakes, moves, shape)
SELECT id, puzzle, canonical, origin, origin_detail, level, score, started_at,
       finished_at, seconds_played, solve_used, mistakes, moves, shape FROM games;
DROP TABLE games;
ALTER TABLE games_v6 RENAME TO games;
CREATE INDEX games_by_canonical ON games (canonical);
CREATE INDEX games_by_puzzle ON games (puzzle);
";

/// Schema 7: overlapping grids (issue 34). A samurai's givens are 369
/// characters, a 3×3 carpet's 441: the puzzle may be any length up to the
/// largest overlapping shape ([`crate::grid::MAX_OVERLAP_CELLS`], 512).
/// The table is built again as for schema 6, ids and columns kept.
const OVERLAPS: &str = "
CREATE TABLE games_v7 (
    id INTEGER PRIMARY KEY,
    -- the givens, one character per cell in the shape's reading order
    puzzle TEXT NOT NULL CHECK (length(puzzle) BETWEEN 16 AND 512),
    canonical TEXT NOT NULL CHECK (length(canonical) = length(puzzle)),
    origin TEXT NOT NULL,
    origin_detail TEXT,
    level TEXT NOT NULL,
    score REAL NOT NULL,
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    seconds_played INTEGER NOT NULL DEFAULT 0,
    solve_used INTEGER NOT NULL DEFAULT 0,
    mistakes INTEGER NOT NULL DEFAULT 0,
    moves INTEGER,
    shape TEXT NOT NULL DEFAULT 'classic',
    layout TEXT
);
INSERT INTO games_v7 (id, puzzle, canonical, origin, origin_detail, level, score, started_at,
                      finished_at, seconds_played, solve_used, mistakes, moves, shape, layout)
SELECT id, puzzle, canonical, origin, origin_detail, level, score, started_at,
       finished_at, seconds_played, solve_used, mistakes, moves, shape, layout FROM games;
DROP TABLE games;
ALTER TABLE games_v7 RENAME TO games;
CREATE INDEX games_by_canonical ON games (canonical);
CREATE INDEX games_by_puzzle ON games (puzzle);
";

/// Every migration, oldest first: a file at version `v` has had the first
/// `v`. Append, never edit: files in the field are at every version.
pub(super) const MIGRATIONS: &[&str] = &[GAMES, HINT_ROWS, DUELS, MOVES, SHAPES, SIZES, OVERLAPS];

/// The version this build writes.
pub const VERSION: u32 = MIGRATIONS.len() as u32;

/// What [`migrate`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Migrated {
    /// The file is at [`VERSION`] now (`from` is where it was).
    Current { from: u32 },
    /// The file was made by a newer sudolens: left untouched.
    Newer { version: u32 },
}

/// The file's schema version.
pub(super) fn version(conn: &Connection) -> rusqlite::Result<u32> {
    conn.pragma_query_value(None, "user_version", |row| row.get(0))
}

/// Brings the file up to `target` (at most [`VERSION`]), one migration per
/// transaction. Tests stop early to make an older file.
pub(super) fn migrate_to(conn: &mut Connection, target: u32) -> rusqlite::Result<Migrated> {
    let from = version(conn)?;
    if from > VERSION {
        return Ok(Migrated::Newer { version: from });
    }
    // A table built again is dropped first, and with the foreign keys on
    // that drop would delete every row that refers to it (the hints). The
    // setting cannot change inside a transaction: it is set around them,
    // and every migration checks the keys itself before it commits.
    let keys: bool = conn.pragma_query_value(None, "foreign_keys", |r| r.get(0))?;
    conn.pragma_update(None, "foreign_keys", false)?;
    let migrated = run_migrations(conn, from, target);
    conn.pragma_update(None, "foreign_keys", keys)?;
    migrated
}

fn run_migrations(conn: &mut Connection, from: u32, target: u32) -> rusqlite::Result<Migrated> {
    for (done, sql) in MIGRATIONS.iter().enumerate().take(target as usize) {
        let next = done as u32 + 1;
        if next <= from {
            continue;
        }
        // IMMEDIATE: the write lock first, so that two processes opening an
        // old file together migrate it once, one after the other.
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        // Another process may have migrated it while this one waited.
        if version(&tx)? >= next {
            continue;
        }
        tx.execute_batch(sql)?;
        let broken: Option<String> = tx
            .query_row("PRAGMA foreign_key_check", [], |r| r.get(0))
            .optional()?;
        if let Some(table) = broken {
            // Rolled back as the transaction drops: the file stays as it was.
            return Err(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY),
                Some(format!("migration {next} left a dangling row in {table}")),
            ));
        }
        tx.pragma_update(None, "user_version", next)?;
        tx.commit()?;
    }
    Ok(Migrated::Current { from })
}
