//! Overlapping grids from the command line: a samurai made from its seed,
//! then solved, hinted, explained and rated from its file with no option
//! (the header names the shape).

use super::commands::{run, tempfile_dir};

#[test]
fn a_samurai_file_is_solved_hinted_explained_and_rated_with_no_option() {
    let (code, text, err) = run(&[
        "generate", "--shape", "samurai", "--level", "easy", "--seed", "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with("shape: samurai\n"), "{text}");
    // The header, then the board: 21 rows, the top and bottom bands with
    // a gap between their two grids.
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), 21, "{text}");
    assert_eq!(rows[0].chars().count(), 21);
    assert_eq!(&rows[0][9..12], "   ", "{text}");
    let file = tempfile_dir("overlap").join("samurai.txt");
    std::fs::write(&file, &text).unwrap();
    let path = file.to_str().unwrap();

    let (code, solved, err) = run(&["solve", path]);
    assert_eq!(code, 0, "{err}");
    let digits: String = solved.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(digits.len(), 369, "{solved}");
    assert!(digits.chars().all(|c| c.is_ascii_digit() && c != '0'));
    // The same cells on one line, named with --shape, solve alike.
    let line: String = rows.concat().chars().filter(|c| *c != ' ').collect();
    let (code, again, err) = run(&["solve", "--shape", "samurai", &line]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, solved);

    let (code, hint, err) = run(&["hint", "--json", path]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(hint.trim()).unwrap();
    assert_eq!(v["shape"], "samurai");
    let said = v["lines"].to_string();
    assert!(said.contains(" grid"), "{said}");
    let (code, fr, err) = run(&["hint", "--lang", "fr", path]);
    assert_eq!(code, 0, "{err}");
    assert!(fr.contains("la grille") || fr.contains("La grille"), "{fr}");

    let (code, explained, err) = run(&["explain", "--brief", path]);
    assert_eq!(code, 0, "{err}");
    assert!(explained.contains("solved by logic"), "{explained}");
    let (code, rated, err) = run(&["rate", "--json", path]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(rated.trim()).unwrap();
    assert_eq!(
        (v["level"].as_str(), v["solved_by_logic"].as_bool()),
        (Some("Easy"), Some(true)),
        "{rated}"
    );
}

#[test]
fn an_impossible_dense_torus_is_refused_with_the_document_s_reason() {
    let (code, _, err) = run(&["solve", "--shape", "torus-4-dense", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("N >= n and N ≡ 0 mod n"), "{err}");
}

#[test]
fn the_sub_carpet_rule_is_kept_unless_the_option_lifts_it() {
    let made = |extra: &[&str]| {
        let mut args = vec![
            "generate", "--shape", "samurai", "--level", "easy", "--seed", "2",
        ];
        args.extend_from_slice(extra);
        let (code, text, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        text
    };
    // Seed 2's first Easy samurai leaves four of its grids solvable alone:
    // by default another is drawn, with the option it is kept.
    assert_ne!(made(&[]), made(&["--allow-solvable-subgrids"]));
    let (code, _, err) = run(&["generate", "--allow-solvable-subgrids"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--shape"), "{err}");
}
