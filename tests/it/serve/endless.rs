//! The endless carpet through the API, as the page plays it: a new carpet
//! and its first view, a hint and Check judged by the carpet's solution,
//! the view moved when the selection leaves the middle grid (the entries
//! kept in the carpet's text), and a carpet or a view that is not one
//! refused with what is wrong.

use super::{generous, start};
use crate::http::Site;
use serde_json::{json, Value};
use sudolens::generate::endless::EndlessPlay;

fn new_carpet(site: &Site) -> Value {
    let r = site.get("/api/new?shape=endless&level=easy&seed=11&lang=en");
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()
}

/// The carpet's digit in each cell of the view its text is at.
fn solution(carpet: &str) -> Vec<u8> {
    EndlessPlay::resume(carpet).unwrap().solution().to_vec()
}

/// A board request on the view, with `entries`, naming the carpet.
fn board(view: &Value, entries: &str) -> Value {
    json!({
        "shape": view["shape"],
        "givens": view["givens"],
        "entries": entries,
        "endless": view["carpet"],
        "lang": "en",
    })
}

fn with_entry(entries: &str, cell: usize, digit: u8) -> String {
    let mut e: Vec<char> = entries.chars().collect();
    e[cell] = char::from(b'0' + digit);
    e.into_iter().collect()
}

#[test]
fn an_endless_carpet_is_played_through_the_api_by_the_carpet_s_solution() {
    let (_server, site) = start(generous());
    let info = site.get("/api/info").json();
    let endless = info["shapes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "endless")
        .expect("New offers the endless carpet");
    assert_eq!(endless["levels"], json!(["easy", "medium", "hard"]));

    let new = new_carpet(&site);
    let view = &new["endless"];
    assert_eq!(new["shape"]["name"], "carpet-3");
    assert_eq!(new["givens"], view["givens"]);
    assert_eq!(new["givens"].as_str().unwrap().chars().count(), 441);
    let middle: Vec<usize> = serde_json::from_value(view["middle"].clone()).unwrap();
    assert_eq!(middle.len(), 81);
    assert_eq!(
        view["place"]["en"],
        "Now on the start grid; the grids around it are ready."
    );
    assert!(view["place"]["fr"].as_str().unwrap().contains("départ"));
    let welcome = new["said"][0]["lines"][0]["text"].as_str().unwrap();
    assert!(welcome.contains("endless carpet"), "{welcome}");
    assert_eq!(new["said"][0]["other"]["lang"], "fr");

    // Hint: a step by the carpet's solution, never "several solutions"
    let carpet = view["carpet"].as_str().unwrap();
    let right = solution(carpet);
    let entries = view["entries"].as_str().unwrap().to_string();
    let hint = site.post_json("/api/hint", &board(view, &entries)).json();
    let step = hint["said"].as_array().unwrap().last().unwrap();
    assert_eq!(step["kind"], "step", "{hint}");
    for p in hint["step"]["placements"].as_array().unwrap() {
        let name = p["cell"].as_str().unwrap();
        let (r, c) = name[1..].split_once('c').unwrap();
        let i = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        assert_eq!(p["digit"].as_u64(), Some(u64::from(right[i])), "{name}");
    }

    // Check: a wrong digit in the middle grid is crossed out
    let open = view["selected"].as_u64().unwrap() as usize;
    assert!(middle.contains(&open));
    let wrong = if right[open] == 9 { 8 } else { 9 };
    let check = site
        .post_json(
            "/api/check",
            &board(view, &with_entry(&entries, open, wrong)),
        )
        .json();
    assert_eq!(check["crossed"].as_array().unwrap().len(), 1, "{check}");
    let check = site
        .post_json(
            "/api/check",
            &board(view, &with_entry(&entries, open, right[open])),
        )
        .json();
    assert_eq!(check["crossed"], json!([]), "{check}");

    // Moving: within the middle grid the view stays; into the grid to the
    // right it moves six columns, and back again the entry is still there
    let written = with_entry(&entries, open, right[open]);
    let move_to = |view: &Value, entries: &str, selected: usize| -> Value {
        let r = site.post_json(
            "/api/endless/move",
            &json!({"carpet": view["carpet"], "entries": entries, "notes": vec![""; 441], "selected": selected}),
        );
        assert_eq!(r.status, 200, "{}", r.text());
        r.json()
    };
    let stay = move_to(view, &written, open);
    assert_eq!(stay["moved"], false);
    assert_eq!(stay["entries"].as_str().unwrap(), written);
    // row 10, column 16 of the plane: the grid to the right
    let cell_at = |r: usize, c: usize| -> usize {
        let positions: Vec<(usize, usize)> =
            serde_json::from_value(new["shape"]["plane"]["positions"].clone()).unwrap();
        positions.iter().position(|&p| p == (r, c)).unwrap()
    };
    let moved = move_to(view, &written, cell_at(10, 16));
    assert_eq!(moved["moved"], true);
    assert_eq!(moved["shift"], json!([0, -6]));
    assert!(moved["place"]["en"].as_str().unwrap().contains("1 right"));
    assert_ne!(moved["givens"], view["givens"]);
    let selected = moved["selected"].as_u64().unwrap() as usize;
    assert!(
        serde_json::from_value::<Vec<usize>>(moved["middle"].clone())
            .unwrap()
            .contains(&selected)
    );
    let back = move_to(&moved, moved["entries"].as_str().unwrap(), cell_at(10, 2));
    assert_eq!(back["moved"], true);
    assert_eq!(back["givens"], view["givens"]);
    let kept = back["entries"].as_str().unwrap().chars().nth(open).unwrap();
    assert_eq!(kept, char::from(b'0' + right[open]), "the entry came back");

    // the middle grid filled: wrong, no cheer; with its solution, Pip cheers
    let filled = |digit: &dyn Fn(usize) -> u8| -> String {
        let givens: Vec<char> = view["givens"].as_str().unwrap().chars().collect();
        (0..441)
            .map(|i| match middle.contains(&i) && givens[i] == '.' {
                true => char::from(b'0' + digit(i)),
                false => '.',
            })
            .collect()
    };
    let cheer = |entries: &str| -> Value {
        let r = site.post_json(
            "/api/endless/move",
            &json!({"lang": "en", "carpet": view["carpet"], "entries": entries, "notes": vec![""; 441], "selected": open}),
        );
        assert_eq!(r.status, 200, "{}", r.text());
        r.json()
    };
    let swapped = cheer(&filled(&|i| if i == open { wrong } else { right[i] }));
    assert_eq!(swapped["said"], json!([]), "{swapped}");
    let solved = cheer(&filled(&|i| right[i]));
    assert_eq!(solved["moved"], false);
    let text = solved["said"][0]["lines"][0]["text"].as_str().unwrap();
    assert!(text.contains("Grid solved"), "{text}");

    // a hint on the moved view names it too
    let hint = site
        .post_json(
            "/api/hint",
            &board(&moved, moved["entries"].as_str().unwrap()),
        )
        .json();
    let kind = &hint["said"].as_array().unwrap().last().unwrap()["kind"];
    assert!(kind == "step" || kind == "wrong_entries", "{hint}");

    // refusals name what is wrong
    let mut bad = board(view, &entries);
    bad["endless"] = json!("sudolens-endless 1\nnonsense");
    let r = site.post_json("/api/hint", &bad);
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.text().contains("line"), "{}", r.text());
    let mut other = board(&moved, &entries);
    other["endless"] = view["carpet"].clone();
    let r = site.post_json("/api/check", &other);
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.text().contains("carpet's view"), "{}", r.text());
}
