//! `sudolens duel` in a terminal: moves typed on standard input, input
//! errors explained, refused moves free, Ctrl+D (the input's end) leaving
//! cleanly, a whole game, answers by hand, saving and resuming, and Pip
//! against Pip.

use crate::common::{sudolens, text, SOLVED};
use std::io::Write;
use std::process::{Command, Output, Stdio};
use sudolens::grid::Cell;

/// Runs `sudolens duel` with `args`, typing `input`, then closing the input
/// as Ctrl+D does.
fn duel(args: &[&str], input: &str) -> Output {
    duel_in(&data_dir("scratch"), args, input)
}

/// A data folder of this test run's own, so that duels are recorded there
/// and never in the user's history.
fn data_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sudolens-it-duel-data-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// [`duel`], with the history in `data` (`input` may be any bytes).
pub(super) fn duel_in(data: &std::path::Path, args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .env("SUDOLENS_DATA_DIR", data)
        .arg("duel")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The duel may stop before it reads everything (a refused --save).
    let _ = child.stdin.take().unwrap().write_all(input.as_ref());
    child.wait_with_output().unwrap()
}

/// Compact names by default (as moves are typed); `--notation plain` names
/// cells in words, a sentence opening on one with a capital.
#[test]
fn the_terminal_duel_names_cells_in_the_notation_asked() {
    let pip = sudolens::duel::deal::pip_grid(sudolens::logic::Level::Easy, 7).puzzle;
    let given = Cell::ALL.into_iter().find(|&c| pip.get(c) != 0).unwrap();
    let args = ["--seed", "7", "--level", "easy", "--pip", "beginner"];
    let input = format!("{given} 5\n");
    let held = pip.get(given);
    let compact = text(&duel(&args, &input).stdout);
    assert!(
        compact.contains(&format!("{given} already holds {held}: it is not a hole.")),
        "{compact}"
    );
    let plain_args = [&args[..], &["--notation", "plain"]].concat();
    let plain = text(&duel(&plain_args, &input).stdout);
    let name = format!("Row {}, column {}", given.row() + 1, given.col() + 1);
    assert!(
        plain.contains(&format!("{name} already holds {held}: it is not a hole.")),
        "{plain}"
    );
}

#[test]
fn input_errors_are_explained_refused_moves_are_free_and_ctrl_d_leaves() {
    // The grid Pip hands the player with seed 7: a given, and a hole with a
    // digit of its row.
    let pip = sudolens::duel::deal::pip_grid(sudolens::logic::Level::Easy, 7).puzzle;
    let given = Cell::ALL.into_iter().find(|&c| pip.get(c) != 0).unwrap();
    let hole = Cell::ALL
        .into_iter()
        .find(|&c| pip.get(c) == 0 && c.peers().iter().any(|&p| pip.get(p) != 0))
        .unwrap();
    let seen = *hole.peers().iter().find(|&&p| pip.get(p) != 0).unwrap();
    let input = format!(
        "hello\n{given} 5\nr4c9\njoker {given}\n{hole} {}\n",
        pip.get(seen)
    );
    let out = duel(
        &["--seed", "7", "--level", "easy", "--pip", "beginner"],
        &input,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Pip says: Let's duel!"), "{s}");
    assert!(s.contains("'hello' is not a move: type a cell and a digit (r4c9 6)"));
    let not_a_hole = format!(
        "{given} already holds {}: it is not a hole. No penalty.",
        pip.get(given)
    );
    assert_eq!(s.matches(&not_a_hole).count(), 2, "{s}");
    assert!(s.contains("'r4c9' is not a move"));
    let in_unit = format!("{} is already in ", pip.get(seen));
    assert!(
        s.contains(&in_unit)
            && s.contains(&format!("in {seen}: it cannot go in {hole}. No penalty.")),
        "{s}"
    );
    assert!(s.contains("You: 0 penalty points"));
    assert!(
        s.trim_end()
            .ends_with("Duel left unfinished. See you soon!"),
        "{s}"
    );
    // In French, Pip speaks French, prefix included, and says tu.
    let out = duel(&["--seed", "7", "--lang", "fr"], "bonjour\n");
    let s = text(&out.stdout);
    assert!(
        s.contains("Pip dit : En garde ! Je t'ai donné une grille"),
        "{s}"
    );
    assert!(!s.contains("Pip says"), "{s}");
    assert!(s.contains("« bonjour » n'est pas un coup"), "{s}");
}

/// `joker rXcY` for every cell: the holes are answered, the rest refused.
fn every_joker() -> String {
    (1..=9)
        .flat_map(|r| (1..=9).map(move |c| format!("joker r{r}c{c}\n")))
        .collect()
}

#[test]
fn a_whole_duel_in_the_terminal() {
    let out = duel(
        &[
            "--seed", "3", "--level", "easy", "--pip", "club", "--holes", "20",
        ],
        &every_joker(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Pip says: Joker: r"), "{s}");
    assert!(s.contains("Pip says: I put "), "Pip tells its moves");
    assert!(s.contains("Pip says: Both grids are complete!"), "{s}");
    assert!(s.contains("Pip says: I win, 0 to "), "{s}");
    assert!(!s.contains("Duel left unfinished"));
}

#[test]
fn a_duel_finished_in_the_terminal_goes_into_the_history() {
    use sudolens::duel::{Side, Strength};
    use sudolens::history::{History, FILE_NAME};
    let data = data_dir("history");
    let _ = std::fs::remove_file(data.join(FILE_NAME));
    let args = [
        "--seed", "5", "--level", "easy", "--pip", "beginner", "--holes", "12",
    ];
    let out = duel_in(&data, &args, every_joker());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Left unfinished (Ctrl+D at once): not a duel to record.
    let left = duel_in(&data, &args, "");
    assert!(text(&left.stdout).contains("Duel left unfinished"));
    let history = History::open(&data.join(FILE_NAME)).unwrap();
    let duels = history.duels().unwrap();
    assert_eq!(duels.len(), 1, "{duels:?}");
    let o = &duels[0].duel.outcome;
    assert_eq!(o.strength, Strength::Beginner);
    assert_eq!(o.player.wrong, 0, "only jokers were played");
    assert!(o.player.jokers > 0);
    assert_eq!(o.winner, Some(Side::Pip), "{o:?}");
    drop(history);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn pip_catches_a_lie_when_answered_by_hand() {
    // Four holes, each with one possible value: Pip's first move is forced.
    let grid = ".72451869691827354458936.715437689127895.2436126394587215689743937145628864273.95";
    let out = duel(
        &[
            "--seed",
            "3",
            "--level",
            "easy",
            "--by-hand",
            "--grid",
            grid,
        ],
        &format!(
            "{}n\n",
            every_joker().lines().take(9).collect::<Vec<_>>().join("\n") + "\n"
        ),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Answer right or wrong."), "{s}");
    assert!(s.contains("Pip says: You said "), "{s}");
    assert!(
        s.contains("That is cheating: the duel ends here, and I win."),
        "{s}"
    );
}

#[test]
fn a_duel_saved_on_every_move_resumes_where_it_stopped() {
    let dir = std::env::temp_dir().join(format!("sudolens-it-duel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("duel.json");
    let path = file.to_str().unwrap();
    let first = duel(
        &["--seed", "11", "--level", "easy", "--save", path],
        &every_joker()
            .lines()
            .take(12)
            .collect::<Vec<_>>()
            .join("\n"),
    );
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let s = text(&first.stdout);
    assert!(s.contains(&format!("saved in {path}")), "{s}");
    let saved = sudolens::duel::Duel::read(&file).unwrap();
    let jokers = saved.camp(sudolens::duel::Side::Player).tally.jokers;
    assert!(jokers > 0);
    let again = duel(&["--resume", path], "");
    let s = text(&again.stdout);
    assert!(!s.contains("Let's duel!"), "no welcome on resume: {s}");
    let you = format!("and {jokers} joker");
    assert!(s.contains(&you), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pip_against_pip_prints_every_move_and_the_final_score() {
    let out = sudolens(&[
        "duel",
        "--pip-vs-pip",
        "--seed",
        "4",
        "--level",
        "easy",
        "--pip",
        "beginner",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("#1 Pip 1\nPip 1: "), "{s}");
    assert!(s.contains("Pip 2: "));
    assert!(
        s.contains("Joker: what is in") || s.contains("I take a joker"),
        "{s}"
    );
    assert!(
        s.lines()
            .last()
            .unwrap()
            .starts_with("Final score: Pip 1, "),
        "{s}"
    );

    let many = sudolens(&[
        "duel",
        "--pip-vs-pip",
        "--games",
        "3",
        "--seed",
        "9",
        "--holes",
        "30",
        "--level",
        "easy",
    ]);
    assert_eq!(many.status.code(), Some(0), "{}", text(&many.stderr));
    let s = text(&many.stdout);
    assert!(s.contains("averages over 3 games"), "{s}");
    for strength in ["beginner", "club", "master"] {
        let games = s
            .lines()
            .filter(|l| l.starts_with(char::is_numeric))
            .filter(|l| l.split_whitespace().nth(1) == Some(strength));
        assert_eq!(games.count(), 3, "{s}");
        assert!(s.lines().any(|l| l.starts_with(strength)), "averages: {s}");
    }
    assert!(
        s.contains("forced values the secret contradicted: 0"),
        "{s}"
    );
    assert!(s.contains("jokers master <= club <= beginner in"), "{s}");
}

#[test]
fn bad_duel_options_are_usage_errors() {
    let out = sudolens(&["duel", "--pip", "grandmaster"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown strength 'grandmaster'"));
    let out = sudolens(&["duel", "--level", "impossible"]);
    assert_eq!(out.status.code(), Some(2));
    let mut repeated = SOLVED.to_string();
    repeated.replace_range(0..1, &SOLVED[1..2]);
    let out = sudolens(&["duel", "--grid", &repeated]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("--grid: This grid holds 8 more than once in r1 (r1c1 and r1c2)"),
        "{err}"
    );
    let out = sudolens(&["duel", "--holes", "0"]);
    assert_eq!(out.status.code(), Some(2));
}
