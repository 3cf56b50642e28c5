//! `hint`, `explain`, `rate` and `generate` on the sizes the 9×9 engine
//! does not read: a 6×6 and a 16×16, as a user runs them.

use super::commands::{run, tempfile_dir};

/// Generates one puzzle of `shape` at `level` into a file; its path.
fn generated(shape: &str, level: &str, seed: &str) -> String {
    let (code, text, err) = run(&[
        "generate", "--shape", shape, "--level", level, "--seed", seed,
    ]);
    assert_eq!(code, 0, "{shape} {level}: {err}");
    assert!(text.starts_with(&format!("shape: {shape}\n")), "{text}");
    let file = tempfile_dir("sized").join(format!("{shape}-{level}-{seed}.txt"));
    std::fs::write(&file, &text).unwrap();
    file.to_str().unwrap().to_string()
}

#[test]
fn a_6x6_is_hinted_in_both_languages_explained_and_rated_at_its_level() {
    let path = generated("6x6", "hard", "1");
    let (code, rated, err) = run(&["rate", "--json", &path]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(rated.trim()).unwrap();
    assert_eq!(
        (
            v["shape"].as_str(),
            v["level"].as_str(),
            v["solved_by_logic"].as_bool()
        ),
        (Some("6x6"), Some("Hard"), Some(true)),
        "{rated}"
    );
    let (code, en, err) = run(&["hint", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(en.starts_with("Technique: "), "{en}");
    assert!(en.contains("row ") && en.contains(", column "), "{en}");
    let (code, fr, err) = run(&["hint", "--lang", "fr", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(fr.starts_with("Technique : "), "{fr}");
    assert!(fr.contains("ligne ") && fr.contains(", colonne "), "{fr}");
    let (code, compact, _) = run(&["hint", "--notation", "compact", &path]);
    assert_eq!(code, 0);
    assert!(
        compact.contains('r') && !compact.contains("row "),
        "{compact}"
    );
    let (code, explained, err) = run(&["explain", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(explained.contains("solved by logic"), "{explained}");
    let (code, json, _) = run(&["hint", "--json", &path]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["shape"], "6x6");
    assert!(
        v["lines"].as_array().is_some_and(|l| !l.is_empty()),
        "{json}"
    );
}

#[test]
fn a_16x16_is_hinted_explained_and_rated() {
    let path = generated("16x16", "easy", "2");
    let (code, en, err) = run(&["hint", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(en.starts_with("Technique: "), "{en}");
    let (code, fr, err) = run(&["hint", "--lang", "fr", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(fr.starts_with("Technique : "), "{fr}");
    let (code, explained, err) = run(&["explain", "--brief", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(explained.contains("solved by logic"), "{explained}");
    let (code, rated, err) = run(&["rate", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(rated.contains(" Easy "), "{rated}");
}

#[test]
fn a_level_a_size_cannot_reach_is_refused_by_name() {
    let (code, _, err) = run(&[
        "generate", "--shape", "4x4", "--level", "extreme", "--seed", "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no 4x4 puzzle is Extreme"), "{err}");
}
