//! Photos over HTTP: `POST /api/import` answers what `sudolens import
//! --json` prints, the page's `POST /api/photo` adds Pip's words, broken
//! uploads get clear JSON errors, and the window's endpoint hands photos on.

use super::{generous, sample, start, start_with};
use crate::common::samples;
use std::sync::{Arc, Mutex};
use sudolens::serve::{PhonePhoto, ServerConfig};

/// The JSON without what differs between two runs (times) or by design
/// (`file`: the CLI prints the path it was given, the server the name).
fn comparable(mut v: serde_json::Value) -> serde_json::Value {
    let o = v.as_object_mut().unwrap();
    o.remove("timings_ms");
    o.remove("file");
    v
}

#[test]
fn import_answers_exactly_what_the_command_line_prints() {
    let (_server, site) = start(generous());
    for name in [
        "printed_serif.jpg",
        "handwritten_sideways.jpg",
        "printed_blurry.webp",
    ] {
        let path = samples().join(name);
        let out = crate::common::sudolens(&["import", "--json", path.to_str().unwrap()]);
        let cli: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let r = site.post(
            &format!("/api/import?name={name}"),
            "image/jpeg",
            &sample(name),
        );
        assert_eq!(r.status, 200, "{name}: {}", r.text());
        let served = r.json();
        assert_eq!(served["file"], name, "the name, never a path");
        assert_eq!(comparable(served), comparable(cli), "{name}");
    }
}

#[test]
fn a_photo_for_the_page_comes_with_pip_and_each_cells_choices() {
    let (_server, site) = start(generous());
    let r = site.post(
        "/api/photo?name=handwritten_sideways.jpg&lang=fr",
        "image/jpeg",
        &sample("handwritten_sideways.jpg"),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let j = r.json();
    assert_eq!(j["import"]["verdict"], "unique");
    assert_ne!(j["import"]["orientation"], 0, "a sideways photo");
    assert_eq!(j["cells"].as_array().unwrap().len(), 81);
    let first = &j["said"][0]["lines"][0]["text"];
    assert!(
        first.as_str().unwrap().starts_with("J'ai trouvé"),
        "{first}"
    );
    // and in English too, for the page's language switch
    assert_eq!(j["said"][0]["lang"], "fr");
    assert_eq!(j["said"][0]["other"]["lang"], "en");
    let other = j["said"][0]["other"]["lines"][0]["text"].as_str().unwrap();
    assert!(other.starts_with("I found"), "{other}");
    assert!(j["level"].is_string());
    // every cell has its question; a filled one offers its digit
    let cells = j["import"]["cells"].as_array().unwrap();
    for (i, help) in j["cells"].as_array().unwrap().iter().enumerate() {
        for lang in ["en", "fr"] {
            let question = help["question"][lang].as_str().unwrap();
            assert!(!question.is_empty(), "cell {i}, {lang}");
        }
        assert_ne!(help["question"]["en"], help["question"]["fr"], "cell {i}");
        let digit = cells[i]["digit"].as_u64().unwrap();
        let choices: Vec<u64> = help["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        assert!(choices.contains(&digit), "cell {i}: {choices:?}");
    }
}

#[test]
fn a_malformed_image_gets_a_clear_json_error() {
    let (_server, site) = start(generous());
    let mut cut = sample("printed_serif.jpg");
    cut.truncate(cut.len() / 3);
    let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;".to_vec();
    let cases: [(&[u8], u16, &str, &str); 4] = [
        (b"this is not a photo", 415, "not_an_image", "not an image"),
        (&gif, 415, "unsupported_format", "GIF"),
        (&cut, 422, "damaged", "damaged"),
        (b"", 422, "empty_file", "empty"),
    ];
    for (body, status, kind, words) in cases {
        let r = site.post("/api/import?name=x.jpg", "image/jpeg", body);
        assert_eq!(r.status, status, "{kind}: {}", r.text());
        let j = r.json();
        assert_eq!(j["kind"], kind);
        assert_eq!(j["file"], "x.jpg");
        assert!(j["error"].as_str().unwrap().contains(words), "{j}");
        // the page's endpoint says it in Pip's words, in its language
        let r = site.post("/api/photo?lang=fr", "image/jpeg", body);
        assert_eq!(r.status, status);
        let j = r.json();
        assert_eq!(j["import"]["kind"], kind);
        assert_eq!(j["said"][0]["kind"], "invalid");
    }
    // a photo with no grid in it: said plainly
    let blank = crate::common::png(640, 480, |x, y| 230 - ((x + y) % 3) as u8);
    let r = site.post("/api/photo?lang=en", "image/png", &blank);
    assert_eq!(r.status, 422);
    let j = r.json();
    assert_eq!(j["import"]["kind"], "no_grid");
    let text = j["said"][0]["lines"][0]["text"].as_str().unwrap();
    assert!(text.contains("couldn't find a Sudoku grid"), "{text}");
}

#[test]
fn a_photo_too_many_pixels_is_refused_from_its_header() {
    let (_server, site) = start(generous());
    // a BMP header announcing 20000 x 20000 pixels, with no pixel data: over
    // the server's cap, half the command line's
    let bmp = crate::common::bmp_header(20_000, 20_000);
    let r = site.post("/api/photo?lang=en", "image/bmp", &bmp);
    assert_eq!(r.status, 413);
    let j = r.json();
    assert_eq!(j["import"]["kind"], "too_many_pixels");
    let text = j["said"][0]["lines"][0]["text"].as_str().unwrap();
    assert!(
        text.contains("too large") && text.contains("50 megapixels"),
        "{text}"
    );
}

#[test]
fn the_windows_endpoint_hands_photos_to_the_window() {
    let received: Arc<Mutex<Vec<PhonePhoto>>> = Arc::default();
    let sink = received.clone();
    let (_server, site) = start_with(ServerConfig {
        port: 0,
        limits: super::generous(),
        window: Some(Arc::new(move |p| sink.lock().unwrap().push(p))),
        ..ServerConfig::default()
    });
    assert_eq!(site.get("/api/info").json()["window"], true);
    let photo = sample("printed_serif.jpg");
    let r = site.post(
        "/api/window/photo?name=C:%5Cfakepath%5Cgrid.jpg&lang=en",
        "image/jpeg",
        &photo,
    );
    assert_eq!(r.status, 202, "{}", r.text());
    assert!(r.json()["said"][0]["lines"][0]["text"]
        .as_str()
        .unwrap()
        .contains("computer"));
    let r = site.post("/api/window/photo?lang=en", "image/jpeg", b"not a photo");
    assert_eq!(r.status, 415, "refused on the phone, never sent on");
    let got = received.lock().unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].name, "grid.jpg");
    assert_eq!(got[0].bytes, photo);

    // a server started without a window has no such endpoint
    let (_plain, site) = start(generous());
    assert_eq!(site.get("/api/info").json()["window"], false);
    let r = site.post("/api/window/photo", "image/jpeg", &photo);
    assert_eq!(r.status, 404);
    assert_eq!(r.json()["kind"], "no_window");
}
