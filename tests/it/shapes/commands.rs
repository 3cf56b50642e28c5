//! The commands on every shape, as a user runs them.

use crate::common::sudolens;

/// Runs `sudolens` with `args`; (exit code, stdout, stderr).
pub(super) fn run(args: &[&str]) -> (i32, String, String) {
    let out = sudolens(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn generate_then_solve_hint_explain_and_rate_an_x_sudoku() {
    let dir = tempfile_dir("x");
    let (code, text, err) = run(&[
        "generate", "--shape", "x", "--level", "medium", "--seed", "4",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with("shape: x\n"), "{text}");
    let file = dir.join("x.txt");
    std::fs::write(&file, &text).unwrap();
    let path = file.to_str().unwrap();
    let (code, solved, err) = run(&["solve", path]);
    assert_eq!(code, 0, "{err}");
    let solution = solved.trim();
    assert_eq!(solution.len(), 81);
    for d in [0usize, 1] {
        let mut diagonal: Vec<char> = (0..9)
            .map(|i| solution.as_bytes()[if d == 0 { i * 10 } else { i * 8 + 8 }] as char)
            .collect();
        diagonal.sort();
        assert_eq!(
            diagonal.iter().collect::<String>(),
            "123456789",
            "{solution}"
        );
    }
    // The same line without its header is a classic with several solutions...
    let line = text.lines().nth(1).unwrap();
    let (code, _, _) = run(&["solve", line]);
    assert_eq!(
        code, 4,
        "a classic reading of an X-Sudoku has several solutions"
    );
    // ...and the X it is with --shape.
    let (code, again, _) = run(&["solve", "--shape", "x", line]);
    assert_eq!((code, again.trim()), (0, solution));
    let (code, hint, err) = run(&["hint", "--json", path]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(hint.trim()).unwrap();
    assert_eq!(v["shape"], "x");
    let (code, explained, err) = run(&["explain", "--brief", path]);
    assert_eq!(code, 0, "{err}");
    assert!(explained.contains("solved by logic"), "{explained}");
    let (code, rated, err) = run(&["rate", "--json", path]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(rated.trim()).unwrap();
    assert_eq!(
        (v["shape"].as_str(), v["level"].as_str()),
        (Some("x"), Some("Medium"))
    );
}

#[test]
fn a_16x16_and_a_jigsaw_are_generated_and_solved_from_their_files() {
    let dir = tempfile_dir("big");
    let (code, text, err) = run(&[
        "generate", "--shape", "16x16", "--level", "easy", "--seed", "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(text.lines().count(), 17, "a header and 16 rows: {text}");
    let file = dir.join("hex.txt");
    std::fs::write(&file, &text).unwrap();
    let (code, solved, err) = run(&["solve", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(solved.lines().count(), 16);
    assert!(
        solved.lines().all(|l| l.len() == 16 && !l.contains('.')),
        "{solved}"
    );
    let (code, hint, err) = run(&["hint", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(hint.starts_with("Technique: "), "{hint}");
    // Two jigsaws, each with its own regions.
    let (code, text, err) = run(&[
        "generate", "--shape", "jigsaw", "--count", "2", "--level", "easy", "--seed", "9",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(text.matches("regions:").count(), 2, "{text}");
    let file = dir.join("jigsaw.txt");
    std::fs::write(&file, &text).unwrap();
    let (code, solved, err) = run(&["solve", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(solved.lines().count(), 2);
}

#[test]
fn shape_errors_name_the_line_and_the_shape() {
    let (code, _, err) = run(&["solve", "--shape", "hexagon", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("'hexagon' is not a shape"), "{err}");
    let (code, _, err) = run(&["solve", "--shape", "jigsaw", &".".repeat(81)]);
    assert_eq!(code, 2);
    assert!(err.contains("regions"), "{err}");
    let (code, out, _) = run(&["solve", "shape: 6x6\n123456\n"]);
    assert_eq!(code, 2);
    assert!(out.contains("line 2"), "{out}");
}

#[test]
fn sudokupad_links_and_f_puzzles_json_are_written_and_read() {
    let dir = tempfile_dir("exchange");
    let (code, links, err) = run(&[
        "generate",
        "--shape",
        "jigsaw+x",
        "--level",
        "easy",
        "--seed",
        "3",
        "--format",
        "sudokupad",
    ]);
    assert_eq!(code, 0, "{err}");
    let link = links.trim();
    assert!(link.starts_with("https://sudokupad.app/fpuzzles"), "{link}");
    let (code, text, _) = run(&[
        "generate", "--shape", "jigsaw+x", "--level", "easy", "--seed", "3",
    ]);
    assert_eq!(code, 0);
    let file = dir.join("j.txt");
    std::fs::write(&file, &text).unwrap();
    let (_, from_text, _) = run(&["solve", file.to_str().unwrap()]);
    let (code, from_link, err) = run(&["solve", link]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(from_link, from_text, "the link is the same puzzle");
    let (code, json, err) = run(&[
        "generate", "--shape", "x", "--level", "easy", "--seed", "3", "--format", "fpuzzles",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(
        (doc["size"].as_u64(), doc["diagonal+"].as_bool()),
        (Some(9), Some(true))
    );
    let file = dir.join("x.json");
    std::fs::write(&file, json.trim()).unwrap();
    let (code, _, err) = run(&["solve", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (code, hint, err) = run(&["hint", "--json", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(hint.contains("\"shape\":\"x\""), "{hint}");
}

pub(super) fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudolens-shapes-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
