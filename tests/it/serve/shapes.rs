//! Every shape through the API: a puzzle made by shape and level, the
//! shape's description sent back with the board, hints that are the sized
//! engine's steps on another size, Solve on a 16×16, a level the shape
//! cannot reach refused, a bad symbol refused with its cell named.

use super::{generous, start};
use crate::http::Site;
use serde_json::{json, Value};
use sudolens::grid::{Board, Shape};

fn all_text(reply: &Value) -> String {
    reply["said"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|p| p["lines"].as_array().cloned().unwrap_or_default())
        .filter_map(|l| l["text"].as_str().map(String::from))
        .collect::<Vec<_>>()
        .join("\n")
}

fn last_said(reply: &Value) -> &Value {
    reply["said"].as_array().unwrap().last().unwrap()
}

fn new_puzzle(site: &Site, query: &str) -> Value {
    let r = site.get(&format!("/api/new?{query}"));
    assert_eq!(r.status, 200, "{query}: {}", r.text());
    r.json()
}

/// The board a reply describes: its shape read back as a request reads it.
fn board_of(new: &Value) -> Board {
    let shape_name = new["shape"]["name"].as_str().unwrap();
    let mut text = format!("shape: {shape_name}\n");
    let side = new["shape"]["side"].as_u64().unwrap() as usize;
    if new["shape"]["jigsaw"] == true {
        text.push_str("regions:\n");
        let map: Vec<u64> = serde_json::from_value(new["shape"]["regions"].clone()).unwrap();
        for row in map.chunks(side) {
            text.extend(
                row.iter()
                    .map(|&r| char::from_digit(r as u32 + 1, 17).unwrap()),
            );
            text.push('\n');
        }
    }
    let shape = sudolens::grid::parse_shape_header(&text).unwrap();
    let count = shape.cell_count();
    Board::from_text_in(
        &shape,
        new["givens"].as_str().unwrap(),
        &".".repeat(count),
        &vec![String::new(); count],
    )
    .unwrap()
}

#[test]
fn a_6x6_round_trips_its_shape_and_its_hint_is_a_sized_step() {
    let (_server, site) = start(generous());
    let info = site.get("/api/info").json();
    let six = info["shapes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "6x6")
        .unwrap_or_else(|| panic!("no 6x6 in {info}"));
    assert!(six["levels"].as_array().unwrap().len() > 1, "{six}");

    let new = new_puzzle(&site, "shape=6x6&level=easy&seed=3&lang=fr");
    let shape = &new["shape"];
    assert_eq!(shape["name"], "6x6");
    assert_eq!(
        (shape["side"].as_u64(), shape["box_rows"].as_u64()),
        (Some(6), Some(2))
    );
    assert_eq!(shape["symbols"], json!(["1", "2", "3", "4", "5", "6"]));
    assert_eq!(shape["houses"].as_array().unwrap().len(), 18);
    let givens = new["givens"].as_str().unwrap();
    assert_eq!(givens.chars().count(), 36, "{new}");
    assert!(
        all_text(&new).contains("6×6"),
        "Pip's welcome in French: {new}"
    );
    let again = new_puzzle(&site, "shape=6x6&level=easy&seed=3");
    assert_eq!(again["givens"], new["givens"], "a seed picks the puzzle");

    // The page sends the description back as it came, with the board.
    let board = json!({"lang": "en", "shape": shape, "givens": givens});
    let hint = site.post_json("/api/hint", &board).json();
    assert_eq!(hint["said"][0]["kind"], "notes", "{hint}");
    assert_eq!(hint["filled_notes"].as_array().unwrap().len(), 36);
    let step = last_said(&hint);
    assert_eq!(step["kind"], "step", "{hint}");
    assert!(step["lines"][0]["text"]
        .as_str()
        .unwrap()
        .starts_with("Technique"));
    let placed = &hint["step"]["placements"][0];
    assert!(
        !step["places"]["placed"].as_array().unwrap().is_empty(),
        "{step}"
    );
    // the step played is the sized engine's, on the board after Apply
    let mut expected = board_of(&new);
    expected.fill_notes_at(None);
    let marks =
        sudolens::logic::sized::SizedMarks::new(expected.shape(), &expected.values()).unwrap();
    let sized = sudolens::logic::sized::next_sized_step(&marks).unwrap();
    assert_eq!(hint["step"]["technique"], json!(sized.technique));
    let cell = expected.place(sized.placements[0].cell.into());
    assert_eq!(placed["cell"], cell.to_string());
    assert_eq!(placed["digit"], sized.placements[0].value);
    let after = hint["after"]["entries"].as_str().unwrap();
    assert_eq!(after.chars().count(), 36);
    let at = usize::from(sized.placements[0].cell);
    assert_eq!(
        after.chars().nth(at).unwrap().to_digit(10),
        Some(u32::from(sized.placements[0].value))
    );

    // the name alone does as well for a shape without maps; French words
    let by_name = json!({"lang": "fr", "shape": "6x6", "givens": givens});
    let hint_fr = site.post_json("/api/hint", &by_name).json();
    assert_eq!(hint_fr["step"], hint["step"]);
    assert_ne!(all_text(&hint_fr), all_text(&hint), "French words");
    let check = site.post_json("/api/check", &by_name).json();
    assert_eq!(last_said(&check)["kind"], "info", "{check}");
}

#[test]
fn a_16x16_is_made_and_solved_in_its_symbols() {
    let (_server, site) = start(generous());
    let new = new_puzzle(&site, "shape=16x16&level=easy&seed=5");
    assert_eq!(new["shape"]["side"], 16);
    assert_eq!(new["shape"]["symbols"][15], "G");
    let givens = new["givens"].as_str().unwrap();
    assert_eq!(givens.chars().count(), 256);
    let board = json!({"shape": new["shape"], "givens": givens});
    let solve = site.post_json("/api/solve", &board).json();
    let solution = solve["solution"]
        .as_str()
        .unwrap_or_else(|| panic!("{solve}"));
    let shape = Shape::parse_name("16x16").unwrap();
    let count = shape.cell_count();
    let solved = Board::from_text_in(
        &shape,
        givens,
        &".".repeat(count),
        &vec![String::new(); count],
    )
    .unwrap();
    let mut filled = solved.clone();
    for (i, ch) in solution.chars().enumerate() {
        let v = shape.symbols().value_of(ch, 16).unwrap();
        if !filled.is_given_at(i) {
            filled.set_entry_at(i, v).unwrap();
        } else {
            assert_eq!(filled.value_at(i), v, "the solution keeps the givens");
        }
    }
    assert!(filled.is_solved(), "{solution}");
    // a wrong entry is crossed out, named as a 16×16 names its cells
    let empty = (0..count).rev().find(|&i| !solved.is_given_at(i)).unwrap();
    let right = shape
        .symbols()
        .value_of(solution.chars().nth(empty).unwrap(), 16)
        .unwrap();
    let wrong = if right == 16 { 15 } else { 16 };
    let mut entries = vec!['.'; count];
    entries[empty] = shape.symbols().char_of(wrong);
    let board =
        json!({"shape": "16x16", "givens": givens, "entries": entries.iter().collect::<String>()});
    let check = site.post_json("/api/check", &board).json();
    assert_eq!(
        check["crossed"],
        json!([solved.place(empty).to_string()]),
        "{check}"
    );
    assert_eq!(check["offers"], json!(["remove_wrong"]));
}

#[test]
fn a_level_the_shape_cannot_reach_is_refused() {
    let (_server, site) = start(generous());
    let r = site.get("/api/new?shape=4x4&level=hard");
    assert_eq!(r.status, 422, "{}", r.text());
    let body = r.json();
    assert_eq!(body["kind"], "level_out_of_reach");
    let error = body["error"].as_str().unwrap();
    assert!(error.contains("4x4") && error.contains("Easy"), "{error}");
    // overlapping grids beyond Hard: refused at once, and for what it is
    let r = site.get("/api/new?shape=samurai&level=expert");
    assert_eq!(r.status, 422, "{}", r.text());
    let error = r.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.contains("seldom") && error.ends_with("(a samurai is made at Easy, Medium, Hard)"),
        "{error}"
    );
    let r = site.get("/api/new?shape=5x5");
    assert_eq!(r.status, 400, "{}", r.text());
}

#[test]
fn a_bad_symbol_names_its_cell() {
    let (_server, site) = start(generous());
    let mut givens: Vec<char> = ".".repeat(36).chars().collect();
    givens[8] = 'Z';
    let board = json!({"shape": "6x6", "givens": givens.iter().collect::<String>()});
    let r = site.post_json("/api/hint", &board);
    assert_eq!(r.status, 422, "{}", r.text());
    let error = r.json()["error"].as_str().unwrap().to_string();
    assert!(error.contains("r2c3") && error.contains("'Z'"), "{error}");
    let r = site.post_json("/api/check", &json!({"shape": "7x7", "givens": ""}));
    assert_eq!(r.status, 422);
    assert_eq!(r.json()["kind"], "bad_shape");
}

#[test]
fn a_jigsaw_round_trips_its_region_map() {
    let (_server, site) = start(generous());
    let new = new_puzzle(&site, "shape=jigsaw&level=easy&seed=2");
    let shape = &new["shape"];
    assert_eq!(shape["jigsaw"], true);
    let regions: Vec<u64> = serde_json::from_value(shape["regions"].clone()).unwrap();
    assert_eq!(regions.len(), 81);
    let boxes: Vec<u64> = (0..81).map(|i| (i / 27) * 3 + (i % 9) / 3).collect();
    assert_ne!(regions, boxes, "a jigsaw's regions are not the boxes");
    // the board is judged by its regions: the map sent back is the one used
    let board = board_of(&new);
    assert_eq!(board.shape().region_map().unwrap().len(), 81);
    let request = json!({"shape": shape, "givens": new["givens"]});
    let solve = site.post_json("/api/solve", &request).json();
    let solution = solve["solution"]
        .as_str()
        .unwrap_or_else(|| panic!("{solve}"));
    let mut filled = board.clone();
    for (i, ch) in solution.chars().enumerate() {
        if !filled.is_given_at(i) {
            filled
                .set_entry_at(i, ch.to_digit(10).unwrap() as u8)
                .unwrap();
        }
    }
    assert!(filled.is_solved(), "solved by the jigsaw's regions");
    // the same givens read as a classic have another answer, or none
    let classic = site
        .post_json("/api/solve", &json!({"givens": new["givens"]}))
        .json();
    assert_ne!(classic.get("solution"), solve.get("solution"));
}
