//! The token, the security headers, the page's files, a whole game played
//! through the game's endpoints, and a nested chain's inner chains in its
//! hint.

use super::{generous, start};
use crate::common::{HARD, HARD_SOLUTION};
use crate::http::request;
use serde_json::{json, Value};
use sudolens::grid::{Board, Grid};

#[test]
fn every_request_needs_the_token() {
    let (_server, site) = start(generous());
    let wrong: String = site
        .token
        .chars()
        .map(|c| if c == 'A' { 'B' } else { 'A' })
        .collect();
    let paths = [
        "/",
        "/api/info",
        "/api/new",
        "/s/TOKEN/app.js",
        "/favicon.ico",
    ];
    for path in paths {
        let bare = path.replace("TOKEN", &wrong);
        let r = request(site.addr, "GET", &bare, &[], &[]).unwrap();
        assert_eq!(r.status, 401, "{path} without the token: {}", r.text());
        let sep = if bare.contains('?') { '&' } else { '?' };
        let guessed = format!("{bare}{sep}t={wrong}");
        let r = request(site.addr, "GET", &guessed, &[], &[]).unwrap();
        assert_eq!(
            r.status, 401,
            "{path} with a wrong token of the right length"
        );
    }
    let r = request(site.addr, "POST", "/api/hint", &[], b"{}").unwrap();
    assert_eq!(r.status, 401);
    assert_eq!(r.json()["kind"], "unauthorized");
    let prefix = &site.token[..site.token.len() - 1];
    let r = request(site.addr, "GET", &format!("/api/info?t={prefix}"), &[], &[]).unwrap();
    assert_eq!(r.status, 401, "a prefix of the token is no token");

    // the token in the query, in a header, or in the page's file paths
    assert_eq!(site.get("/api/info").status, 200);
    let bearer = format!("Bearer {}", site.token);
    let r = request(
        site.addr,
        "GET",
        "/api/info",
        &[("Authorization", &bearer)],
        &[],
    )
    .unwrap();
    assert_eq!(r.status, 200);
    let page = site.get("/");
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    let base = format!("<base href=\"/s/{}/\">", site.token);
    assert!(page.text().contains(&base), "{}", page.text());
    let js = request(
        site.addr,
        "GET",
        &format!("/s/{}/app.js", site.token),
        &[],
        &[],
    )
    .unwrap();
    assert_eq!(js.status, 200);
    assert!(js
        .header("content-type")
        .unwrap()
        .starts_with("text/javascript"));
}

#[test]
fn every_answer_carries_strict_security_headers() {
    let (_server, site) = start(generous());
    let refused = request(site.addr, "GET", "/api/info", &[], &[]).unwrap();
    for r in [
        site.get("/"),
        site.get("/api/info"),
        site.get("/nowhere"),
        refused,
    ] {
        let csp = r.header("content-security-policy").expect("a CSP");
        assert!(csp.contains("default-src 'none'"), "{csp}");
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("unsafe"),
            "{csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(r.header("referrer-policy"), Some("no-referrer"));
        assert_eq!(r.header("x-frame-options"), Some("DENY"));
    }
    let api = site.get("/api/info");
    assert_eq!(api.header("cache-control"), Some("no-store"));
}

#[test]
fn the_page_is_served_from_the_binary_and_nothing_else() {
    let (_server, site) = start(generous());
    let token = &site.token;
    for name in [
        "app.js",
        "api.js",
        "board.js",
        "game.js",
        "style.css",
        "pip.svg",
    ] {
        let r = request(site.addr, "GET", &format!("/s/{token}/{name}"), &[], &[]).unwrap();
        assert_eq!(r.status, 200, "{name}");
        // no file of the page names another origin
        let text = r.text();
        assert!(
            !text.contains("https://"),
            "{name} fetches from the internet"
        );
    }
    for sneaky in [
        "../Cargo.toml",
        "..%2fCargo.toml",
        "%2e%2e%2fCargo.toml",
        "index.html",
        "",
    ] {
        let r = request(site.addr, "GET", &format!("/s/{token}/{sneaky}"), &[], &[]).unwrap();
        assert!(r.status == 404 || r.status == 400, "{sneaky}: {}", r.status);
        assert!(!r.text().contains("[package]"), "{sneaky} served a file");
    }
    let here = env!("CARGO_MANIFEST_DIR");
    let r = site.get("/api/nowhere");
    assert_eq!(r.status, 404);
    assert!(!r.text().contains(here), "no path echoed: {}", r.text());
}

/// A board request for `board` in `lang`.
fn board_json(board: &Board, lang: &str) -> Value {
    let notes: Vec<String> = sudolens::grid::Cell::ALL
        .iter()
        .map(|&c| board.notes(c).to_string())
        .collect();
    json!({
        "lang": lang,
        "givens": board.givens().to_line(),
        "entries": board.entries().to_line(),
        "notes": notes,
    })
}

/// The board the server sent back (`after`, or the notes it filled).
fn board_from(givens: &str, state: &Value) -> Board {
    let notes: Vec<String> = state["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect();
    Board::from_text(givens, state["entries"].as_str().unwrap(), &notes).unwrap()
}

fn last_said(r: &Value) -> &Value {
    r["said"].as_array().unwrap().last().unwrap()
}

fn all_text(r: &Value) -> String {
    r["said"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["lines"].as_array().unwrap())
        .map(|l| l["text"].as_str().unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_game_plays_through_the_api_new_hint_apply_check_solve() {
    let (_server, site) = start(generous());
    let info = site.get("/api/info?lang=fr").json();
    let levels: Vec<&str> = info["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_str().unwrap())
        .collect();
    assert!(levels.contains(&"easy") && levels.len() >= 5, "{levels:?}");
    assert_eq!(info["limits"]["max_upload_bytes"], 25_000_000);
    assert!(info["said"]["intro"]["lines"][0]["text"]
        .as_str()
        .unwrap()
        .contains("Pip"));
    assert!(info["said"]["too_large"]["lines"][0]["text"]
        .as_str()
        .unwrap()
        .contains("25 Mo"));

    let new = site.get("/api/new?level=easy&seed=7&lang=en").json();
    let givens = new["givens"].as_str().unwrap().to_string();
    let grid = Grid::parse(&givens).unwrap();
    assert!(sudolens::solver::verdict(&grid).is_unique());
    assert_eq!(new["level"], "easy");
    assert!(last_said(&new)["lines"][0]["text"]
        .as_str()
        .unwrap()
        .contains("puzzle"));
    let same = site.get("/api/new?level=easy&seed=7").json();
    assert_eq!(same["givens"], new["givens"], "a seed picks the puzzle");

    // Hint: with no notes Pip pencils them in first, then explains a step
    // line by line, each line with its highlights; Apply gives the board.
    let board = Board::new(grid);
    let hint = site
        .post_json("/api/hint", &board_json(&board, "en"))
        .json();
    assert!(hint["filled_notes"].is_array(), "{hint}");
    let said = hint["said"].as_array().unwrap();
    assert_eq!(said[0]["kind"], "notes");
    let step = last_said(&hint);
    assert_eq!(step["kind"], "step");
    assert_eq!(step["title"], "Pip");
    let lines = step["lines"].as_array().unwrap();
    assert!(lines.len() >= 4, "{step}");
    assert!(!lines[0]["highlights"]["units"]
        .as_array()
        .unwrap()
        .is_empty());
    assert!(lines.last().unwrap()["text"]
        .as_str()
        .unwrap()
        .contains("Apply"));
    let placed = &hint["step"]["placements"][0];
    let after = board_from(&givens, &hint["after"]);
    let cell = sudolens::grid::Cell::parse(placed["cell"].as_str().unwrap()).unwrap();
    assert_eq!(
        u64::from(after.value(cell)),
        placed["digit"].as_u64().unwrap()
    );

    // Check: all right so far; a wrong entry is pointed at, and crossed out.
    let check = site
        .post_json("/api/check", &board_json(&after, "en"))
        .json();
    assert!(all_text(&check).contains("Everything you wrote so far is right"));
    let solution = *sudolens::solver::verdict(&grid).solution().unwrap();
    let mut wrong = after.clone();
    let empty = sudolens::grid::Cell::ALL
        .into_iter()
        .find(|&c| wrong.value(c) == 0 && grid.get(c) == 0)
        .unwrap();
    let bad = (1..=9)
        .find(|&d| d != solution.get(empty) && wrong.grid().candidates(empty).contains(d))
        .unwrap_or(if solution.get(empty) == 1 { 2 } else { 1 });
    wrong.set_entry(empty, bad).unwrap();
    let check = site
        .post_json("/api/check", &board_json(&wrong, "fr"))
        .json();
    assert_eq!(check["crossed"], json!([empty.to_string()]), "{check}");
    assert_eq!(check["offers"], json!(["remove_wrong", "reset"]));
    // The page's sentences name cells plainly (the compact name is the JSON's).
    let plain = format!("ligne {}, colonne {}", empty.row() + 1, empty.col() + 1);
    assert!(all_text(&check).contains(&plain), "{check}");
    assert!(all_text(&check).contains("solution"), "in French: {check}");
    let hint = site
        .post_json("/api/hint", &board_json(&wrong, "en"))
        .json();
    assert_eq!(last_said(&hint)["kind"], "wrong_entries");
    assert_eq!(hint["crossed"], json!([empty.to_string()]));

    // The same wrong entry read from a photo is asked about, not crossed out.
    let mut with_readings = board_json(&wrong, "en");
    let mut readings = Grid::empty();
    readings.set(empty, bad);
    with_readings["readings"] = json!(readings.to_line());
    let hint = site.post_json("/api/hint", &with_readings).json();
    assert_eq!(hint["asking"], true);
    assert_eq!(hint["crossed"], json!([]));
    assert!(all_text(&hint).contains("From your photo"));

    // Solve: the whole solution; a broken board is explained instead.
    let solve = site
        .post_json("/api/solve", &board_json(&after, "en"))
        .json();
    assert_eq!(solve["solution"], solution.to_line());
    // the page's Undo is a button: a phone has no Ctrl+Z
    let said = all_text(&solve);
    assert!(said.contains("Undo") && !said.contains("Ctrl"), "{said}");
    let solve = site
        .post_json("/api/solve", &board_json(&wrong, "en"))
        .json();
    assert!(solve.get("solution").is_none(), "{solve}");
    assert_eq!(last_said(&solve)["kind"], "invalid");
}

#[test]
fn start_judges_a_grid_before_it_is_played() {
    let (_server, site) = start(generous());
    let ok = site
        .post_json(
            "/api/start",
            &json!({"givens": HARD, "name": "/secret/path/IMG_1.jpg"}),
        )
        .json();
    assert_eq!(ok["ok"], true);
    let welcome = all_text(&ok);
    assert!(
        welcome.contains("IMG_1.jpg") && !welcome.contains("/secret"),
        "{welcome}"
    );
    let mut two = Grid::parse(HARD).unwrap();
    two.set(sudolens::grid::Cell::new(0, 1), 4);
    let broken = site
        .post_json(
            "/api/start",
            &json!({"givens": two.to_line(), "lang": "fr"}),
        )
        .json();
    assert_eq!(broken["ok"], false);
    assert_eq!(last_said(&broken)["kind"], "invalid");
    // entries on the givens' cells are refused with the cell named
    let r = site.post_json(
        "/api/start",
        &json!({"givens": HARD, "entries": HARD_SOLUTION}),
    );
    assert_eq!(r.status, 422);
    assert!(r.json()["error"].as_str().unwrap().contains("r1c1"));
}

#[test]
fn bad_boards_are_refused_with_what_is_wrong() {
    let (_server, site) = start(generous());
    let cases = [
        (json!({"givens": "123"}), "givens"),
        (
            json!({"givens": HARD, "entries": "x".repeat(81)}),
            "entries",
        ),
        (json!({"givens": HARD, "notes": ["1"]}), "notes"),
        (
            json!({"givens": HARD, "readings": "9".repeat(80)}),
            "readings",
        ),
    ];
    for (body, what) in cases {
        for path in ["/api/hint", "/api/check", "/api/solve"] {
            let r = site.post_json(path, &body);
            assert_eq!(r.status, 422, "{path} {body}");
            let j = r.json();
            assert_eq!(j["kind"], "bad_board");
            assert!(j["error"].as_str().unwrap().contains(what), "{j}");
        }
    }
    let r = site.post("/api/hint", "application/json", b"{not json");
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["kind"], "bad_request");
    let r = site.post("/api/hint", "text/plain", b"{}");
    assert_eq!(r.status, 415);
    let r = site.get("/api/new?level=impossible");
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].as_str().unwrap().contains("easy"));
}

#[test]
fn stopping_the_server_frees_its_port() {
    let (server, site) = start(generous());
    assert_eq!(site.get("/api/info").status, 200);
    server.stop();
    assert!(
        std::net::TcpStream::connect(site.addr).is_err(),
        "nothing listens any more"
    );
}

#[test]
fn new_makes_a_puzzle_rated_at_each_level_asked() {
    let (_server, site) = start(generous());
    for (id, level) in [
        ("easy", sudolens::logic::Level::Easy),
        ("hard", sudolens::logic::Level::Hard),
    ] {
        let r = site.get(&format!("/api/new?level={id}&lang=fr"));
        assert_eq!(r.status, 200, "{id}");
        let new = r.json();
        let grid = Grid::parse(new["givens"].as_str().unwrap()).unwrap();
        assert_eq!(sudolens::solver::count_solutions(&grid, 2), 1, "{id}");
        assert_eq!(sudolens::logic::rate_grid(&grid).level, level, "{id}");
        assert_eq!(new["level"], id);
    }
    for bad in ["very_hard", "diabolical", "7"] {
        let r = site.get(&format!("/api/new?level={bad}"));
        assert_eq!(r.status, 400, "{bad}");
        let j = r.json();
        assert_eq!(j["kind"], "bad_query");
        let error = j["error"].as_str().unwrap();
        for level in ["easy", "medium", "hard", "expert", "master", "extreme"] {
            assert!(error.contains(level), "{error}");
        }
    }
}

/// A board whose next step is a nested forcing chain (a saved game).
fn nested_chain_board() -> Board {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/games/nested_forcing_chain.json");
    sudolens::grid::SavedGame::read(&path).unwrap().board
}

#[test]
fn a_nested_chains_hint_carries_the_inner_chains_its_lines_name() {
    let (_server, site) = start(generous());
    let board = nested_chain_board();
    for (lang, back) in [("en", "Back to the chain"), ("fr", "Retour à la chaîne")] {
        let hint = site
            .post_json("/api/hint", &board_json(&board, lang))
            .json();
        assert_eq!(hint["step"]["technique"], "Nested Forcing Chain");
        let step = last_said(&hint);
        assert_eq!(step["back"], back);
        let numbers: Vec<u64> = step["inner"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                assert!(!c["lines"].as_array().unwrap().is_empty(), "{c}");
                assert!(c["more"]
                    .as_str()
                    .unwrap()
                    .ends_with(&c["number"].to_string()));
                c["number"].as_u64().unwrap()
            })
            .collect();
        // The page puts More on the lines that name them, and only those.
        let mut named: Vec<u64> = step["lines"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|l| l["inner"].as_array().cloned().unwrap_or_default())
            .map(|k| k.as_u64().unwrap())
            .collect();
        named.sort();
        assert_eq!(named, numbers, "{lang}");
        assert!(numbers.len() >= 2);
    }
}

/// `said`'s paragraph as the page shows it in one language: `other` holds
/// it in the other language, and the switch shows that one.
fn told(said: &Value) -> Value {
    let mut told = said.clone();
    let map = told.as_object_mut().unwrap();
    map.remove("other");
    map.remove("places");
    told
}

#[test]
fn every_paragraph_comes_in_both_languages_for_the_page_s_switch() {
    let (_server, site) = start(generous());
    let chain = nested_chain_board();
    let easy = Grid::parse(
        site.get("/api/new?level=easy&seed=3").json()["givens"]
            .as_str()
            .unwrap(),
    )
    .unwrap();
    let replies = |lang: &str| {
        vec![
            site.post_json("/api/hint", &board_json(&chain, lang))
                .json(),
            site.post_json("/api/hint", &board_json(&Board::new(easy), lang))
                .json(),
            site.post_json("/api/check", &board_json(&chain, lang))
                .json(),
            site.get(&format!("/api/new?level=easy&seed=3&lang={lang}"))
                .json(),
            site.get(&format!("/api/new?level=easy&shape=6x6&seed=3&lang={lang}"))
                .json(),
        ]
    };
    let (en, fr) = (replies("en"), replies("fr"));
    for (e, f) in en.iter().zip(&fr) {
        let (e, f) = (e["said"].as_array().unwrap(), f["said"].as_array().unwrap());
        assert_eq!(e.len(), f.len());
        for (e, f) in e.iter().zip(f) {
            assert_eq!((&e["lang"], &f["lang"]), (&json!("en"), &json!("fr")));
            assert_eq!(e["other"], told(f), "English's other is the French");
            assert_eq!(f["other"], told(e), "French's other is the English");
            assert_ne!(e["lines"], f["lines"]);
        }
    }
    // the standing lines too
    let info = site.get("/api/info?lang=fr").json();
    let intro = &info["said"]["intro"];
    assert_eq!(intro["other"]["lang"], "en");
    assert!(intro["other"]["lines"][0]["text"]
        .as_str()
        .unwrap()
        .contains("Pip"));
}
