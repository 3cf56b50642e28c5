//! `sudolens import` as a script runs it: one JSON object per photo, each with its file,
//! errors included (issue 11, defect 9), and the exit codes of the table.

use crate::common::samples;
use std::process::{Command, Output};

fn import(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .arg("import")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn json_is_one_object_per_photo_with_its_file_errors_included() {
    let dir = std::env::temp_dir().join(format!("sudolens-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.jpg");
    std::fs::write(&empty, b"").unwrap();
    let good = samples().join("printed_serif.jpg");
    let (good, empty) = (good.to_str().unwrap(), empty.to_str().unwrap());

    let out = import(&["--json", good, empty]);
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 2, "{}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(rows[0]["file"], good);
    assert_eq!(rows[0]["verdict"], "unique");
    assert!(rows[0]["givens"].is_string() && rows[0]["cells"].is_array());
    assert_eq!(rows[1]["file"], empty);
    assert_eq!(rows[1]["kind"], "empty_file");
    assert!(rows[1]["error"].as_str().unwrap().contains("empty"));
    assert_eq!(out.status.code(), Some(1), "a batch with a failure");

    // one photo: the same shape, on one line
    let out = import(&["--json", good]);
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["file"], good);
    assert_eq!(out.status.code(), Some(0));
    let out = import(&["--json", empty]);
    assert_eq!(json_lines(&out)[0]["kind"], "empty_file");
    assert_eq!(out.status.code(), Some(2));
}
