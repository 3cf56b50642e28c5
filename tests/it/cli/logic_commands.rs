//! `sudolens hint`, `explain` and `rate` as a user (or another tool) runs
//! them: the JSON field names issue 3 fixes, exit codes, languages.

use crate::common::{sudolens, EASY, SOLVED};
use std::process::Output;

const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).expect("valid JSON on stdout")
}

#[test]
fn hint_gives_the_easiest_step_with_lines() {
    let out = sudolens(&["hint", EASY, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert!(
        v["technique"] == "Full House" || v["technique"] == "Hidden Single",
        "{v}"
    );
    let p = &v["placements"][0];
    assert!(p["cell"].as_str().unwrap().starts_with('r'));
    assert!((1..=9).contains(&p["digit"].as_u64().unwrap()));
    assert!(v["lines"].as_array().unwrap().len() >= 4);
    assert!(v["score"].as_f64().unwrap() <= 1.5);

    let fr = sudolens(&["hint", EASY, "--lang", "fr"]);
    assert!(String::from_utf8_lossy(&fr.stdout).contains("Technique :"));
}

/// Issue 16: plain cell names by default, compact ones on request, in both
/// languages; the JSON fields stay compact whatever the lines say.
#[test]
fn hint_and_explain_take_the_notation() {
    let plain = sudolens(&["hint", EASY, "--json"]);
    let v = json(&plain);
    let cell = v["placements"][0]["cell"].as_str().unwrap().to_string();
    let parsed = sudolens::grid::Cell::parse(&cell).expect("JSON keeps r1c5 cells");
    let (row, col) = (parsed.row() + 1, parsed.col() + 1);
    let lines = v["lines"].to_string();
    assert!(
        lines.contains(&format!("row {row}, column {col}")),
        "{lines}"
    );
    assert!(!lines.contains(&cell), "{lines}");

    let compact = sudolens(&["hint", EASY, "--notation", "compact"]);
    let text = String::from_utf8_lossy(&compact.stdout);
    assert!(
        text.contains(&cell) && !text.contains(&format!("row {row}, column {col}")),
        "{text}"
    );

    let fr = sudolens(&["hint", EASY, "--lang", "fr"]);
    let text = String::from_utf8_lossy(&fr.stdout);
    assert!(
        text.contains(&format!("ligne {row}, colonne {col}")),
        "{text}"
    );

    let out = sudolens(&["explain", EASY, "--brief"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!(": row {row}, column {col} = ")),
        "{text}"
    );
    let out = sudolens(&["explain", EASY, "--brief", "--notation", "compact"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!(": {cell}=")), "{text}");

    let bad = sudolens(&["hint", EASY, "--notation", "forum"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("plain or compact"));
}

#[test]
fn explain_json_has_the_fixed_fields() {
    let out = sudolens(&["explain", HARD, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["puzzle"], HARD);
    assert_eq!(v["solved_by_logic"], true);
    let steps = v["steps"].as_array().unwrap();
    assert!(steps.len() > 50);
    for s in steps {
        assert!(s["technique"].is_string() && s["score"].is_number());
        assert!(s["placements"].is_array() && s["eliminations"].is_array());
        assert!(s["lines"].as_array().is_some_and(|l| !l.is_empty()));
    }
    let elim = steps
        .iter()
        .find_map(|s| {
            s["eliminations"]
                .as_array()
                .filter(|e| !e.is_empty())
                .map(|e| e[0].clone())
        })
        .unwrap();
    assert!(elim["cell"].is_string() && elim["digits"].is_array());
}

#[test]
fn rate_prints_one_object_per_line_and_errors_for_bad_lines() {
    let dir = std::env::temp_dir().join(format!("sudolens-rate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("set.txt");
    let broken = format!("{}1", &EASY[..80]);
    std::fs::write(&file, format!("{EASY}\n{HARD}\n{broken}\n")).unwrap();
    let out = sudolens(&["rate", file.to_str().unwrap(), "--json"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert_eq!(rows[0]["puzzle"], EASY);
    assert!(rows[0]["level"] == "Easy" || rows[0]["level"] == "Medium");
    assert_eq!(rows[1]["solved_by_logic"], true);
    assert!(rows[1]["score"].as_f64().unwrap() >= 6.5, "{}", rows[1]);
    assert!(rows[1]["hardest"].is_string() && rows[1]["steps"].as_u64().unwrap() > 50);
    assert!(rows[2]["error"].is_string(), "{}", rows[2]);
    assert_eq!(out.status.code(), Some(1), "a bad line makes the run fail");
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(summary.contains("puzzles/s"), "{summary}");
}

#[test]
fn hint_on_an_invalid_grid_explains_instead() {
    let bad = format!("44{}", &HARD[2..]);
    let out = sudolens(&["hint", &bad]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stdout).contains("appears twice"));
}

#[test]
fn rate_on_a_solved_grid_says_it_is_solved() {
    // issue 11: a solved grid reported "Full House" as its hardest step
    let out = sudolens(&["rate", SOLVED]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("already solved"), "{text}");
    assert!(!text.contains("Full House"), "{text}");
    let v = json(&sudolens(&["rate", SOLVED, "--json"]));
    assert_eq!(v["already_solved"], true);
    assert!(v["hardest"].is_null() && v["level"].is_null(), "{v}");
    assert_eq!(v["steps"], 0);
}

#[test]
fn hint_on_an_empty_grid_says_it_is_empty() {
    // issue 11: "a digit is probably missing" on a grid with no digit at all
    let empty = ".".repeat(81);
    let out = sudolens(&["hint", &empty]);
    assert_eq!(out.status.code(), Some(4), "several solutions");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("This grid is empty"), "{text}");
    assert!(!text.contains("missing"), "{text}");
    let fr = sudolens(&["hint", &empty, "--lang", "fr"]);
    let text = String::from_utf8_lossy(&fr.stdout);
    assert!(
        text.contains("grille est vide") && !text.contains("manque"),
        "{text}"
    );
    let sparse = format!("123{}", &empty[3..]);
    let text = String::from_utf8_lossy(&sudolens(&["explain", &sparse]).stdout).into_owned();
    assert!(text.contains("only 3 givens"), "{text}");
}

#[test]
fn rate_keeps_going_past_a_bad_first_line() {
    // issue 11, defect 5: the file was read as one grid of thousands of cells
    let dir = std::env::temp_dir().join(format!("sudolens-rate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad_first.txt");
    std::fs::write(&file, format!("{}\n{EASY}\n{SOLVED}\n", &EASY[..80])).unwrap();
    let out = sudolens(&["rate", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], "error: line 1: found 80 cells, expected 81");
    assert!(lines[1].starts_with(EASY), "{text}");
    assert!(lines[2].contains("already solved"), "{text}");
    assert_eq!(out.status.code(), Some(1));
}
