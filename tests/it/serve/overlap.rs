//! Overlapping grids through the API, as the page plays them: a samurai
//! made with its plane (where each cell lies, which grids hold it), a move
//! in a box two grids share judged by both grids, and a hint that is the
//! sized engine's step, its highlights naming cells past the first 81.

use super::{generous, start};
use crate::http::Site;
use serde_json::{json, Value};
use sudolens::grid::Shape;

fn new_puzzle(site: &Site, query: &str) -> Value {
    let r = site.get(&format!("/api/new?{query}"));
    assert_eq!(r.status, 200, "{query}: {}", r.text());
    r.json()
}

/// A cell's name on the wire: its index, nine to a row, as the server
/// names every cell of a 9-symbol shape (a samurai's cell 100 is r12c2).
fn place(index: usize) -> String {
    format!("r{}c{}", index / 9 + 1, index % 9 + 1)
}

/// The index a place on the wire names.
fn index_of(name: &str) -> usize {
    let (r, c) = name[1..].split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
}

#[test]
fn a_samurai_is_made_with_its_plane_and_played_across_its_shared_boxes() {
    let (_server, site) = start(generous());
    let info = site.get("/api/info").json();
    let ids: Vec<&str> = info["shapes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["id"].as_str())
        .collect();
    for id in [
        "samurai",
        "twin",
        "sohei",
        "windmill",
        "flower",
        "carpet-2-dense",
    ] {
        assert!(ids.contains(&id), "New offers {id}: {ids:?}");
    }

    let new = new_puzzle(&site, "shape=samurai&level=easy&seed=4&lang=en");
    let shape_info = &new["shape"];
    let samurai = Shape::parse_name("samurai").unwrap();
    assert_eq!(shape_info["name"], "samurai");
    assert_eq!(shape_info["cell_count"], 369);
    let givens = new["givens"].as_str().unwrap();
    assert_eq!(givens.chars().count(), 369);
    let plane = &shape_info["plane"];
    assert_eq!(
        (plane["rows"].as_u64(), plane["cols"].as_u64()),
        (Some(21), Some(21))
    );
    assert_eq!(plane["wraps"], false);
    let positions: Vec<(usize, usize)> =
        serde_json::from_value(plane["positions"].clone()).unwrap();
    assert_eq!(positions.len(), 369);
    for (i, &p) in positions.iter().enumerate() {
        assert_eq!(p, samurai.position(i), "cell {i}'s place on the plane");
    }
    let grids = plane["grids"].as_array().unwrap();
    let centre = json!({"name": "centre", "number": 3, "top": 6, "left": 6});
    assert_eq!(grids[2], centre, "{grids:?}");
    let memberships: Vec<Vec<(u8, u8, u8)>> =
        serde_json::from_value(plane["memberships"].clone()).unwrap();
    let shared: Vec<usize> = (0..369).filter(|&i| memberships[i].len() == 2).collect();
    assert_eq!(shared.len(), 4 * 9, "the centre's four corner boxes");

    let solve = site
        .post_json(
            "/api/solve",
            &json!({"shape": shape_info, "givens": givens}),
        )
        .json();
    let solution: Vec<char> = solve["solution"]
        .as_str()
        .unwrap_or_else(|| panic!("{solve}"))
        .chars()
        .collect();
    assert_eq!(solution.len(), 369);

    // a move in a shared box, past the first grid's cells: the top-right
    // grid's bottom-left box is the centre's top-right one
    let cell = *shared
        .iter()
        .rev()
        .find(|&&i| givens.as_bytes()[i] == b'.')
        .expect("an empty cell in a shared box");
    assert!(cell > 81, "{cell}");
    let entries = |v: char| {
        let mut e = vec!['.'; 369];
        e[cell] = v;
        e.into_iter().collect::<String>()
    };
    let right = solution[cell];
    let wrong = if right == '9' { '8' } else { '9' };
    let board = |v: char| json!({"shape": shape_info, "givens": givens, "entries": entries(v)});
    let check = site.post_json("/api/check", &board(wrong)).json();
    assert_eq!(check["crossed"], json!([place(cell)]), "{check}");
    assert_eq!(check["offers"], json!(["remove_wrong"]));
    let check = site.post_json("/api/check", &board(right)).json();
    assert_eq!(check["crossed"], json!([]), "{check}");

    // a hint after the right move: the sized engine's step, told with the
    // grids' names, its cells named past the first 81, Apply keeping the move
    let hint = site.post_json("/api/hint", &board(right)).json();
    let step = hint["said"].as_array().unwrap().last().unwrap();
    assert_eq!(step["kind"], "step", "{hint}");
    let text: String = step["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["text"].as_str())
        .collect();
    assert!(text.contains("grid"), "Pip names the grid: {text}");
    let places = &step["places"];
    let shown: Vec<usize> = places["cells"]
        .as_array()
        .unwrap()
        .iter()
        .chain(
            places["placed"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| &p["cell"]),
        )
        .map(|c| index_of(c.as_str().unwrap()))
        .collect();
    assert!(!shown.is_empty(), "{step}");
    assert!(shown.iter().all(|&i| i < 369), "{shown:?}");
    let houses: Vec<&str> = shape_info["houses"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|h| h["name"].as_str())
        .collect();
    for unit in places["units"].as_array().unwrap() {
        assert!(
            houses.contains(&unit.as_str().unwrap()),
            "{unit} is a house"
        );
    }
    let after: Vec<char> = hint["after"]["entries"].as_str().unwrap().chars().collect();
    assert_eq!(after.len(), 369);
    assert_eq!(after[cell], right, "the move kept");
    for p in hint["step"]["placements"].as_array().unwrap() {
        let at = index_of(p["cell"].as_str().unwrap());
        assert_eq!(
            after[at].to_digit(10),
            p["digit"].as_u64().map(|d| d as u32),
            "placed"
        );
        assert_eq!(after[at], solution[at], "the step is right");
    }
}

#[test]
fn an_overlapping_shape_that_does_not_exist_is_refused() {
    let (_server, site) = start(generous());
    let r = site.get("/api/new?shape=torus-2-dense");
    assert_eq!(r.status, 400, "{}", r.text());
    let r = site.post_json("/api/check", &json!({"shape": "carpet-1", "givens": ""}));
    assert_eq!(r.status, 422, "{}", r.text());
    assert_eq!(r.json()["kind"], "bad_shape");
}
