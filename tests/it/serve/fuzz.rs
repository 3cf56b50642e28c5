//! A fuzz-style pass over every endpoint: random bodies, mangled boards,
//! wrong methods, huge headers, bad query strings and paths. Each answer
//! must be a 4xx (or a 2xx for a mangled board that is still a board),
//! never a 5xx or a dropped connection, and the server answers at the end.
//! Deterministic: the same seed sends the same requests.

use super::{generous, sample, start};
use crate::common::HARD;
use crate::http::{request, Reply, Site};
use serde_json::json;

/// xorshift64*: enough randomness for inputs, and reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

const GETS: [&str; 3] = ["/", "/api/info", "/api/new"];
const POSTS: [&str; 7] = [
    "/api/hint",
    "/api/check",
    "/api/solve",
    "/api/start",
    "/api/import",
    "/api/photo",
    "/api/window/photo",
];

fn send(site: &Site, method: &str, target: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
    request(site.addr, method, target, headers, body)
        .unwrap_or_else(|e| panic!("{method} {target}: no answer ({e})"))
}

fn assert_client_error(r: &Reply, what: &str) {
    assert!(
        (400..500).contains(&r.status),
        "{what}: {} {}",
        r.status,
        r.text()
    );
}

/// A valid board request with one field mangled.
fn mangled_board(rng: &mut Rng) -> serde_json::Value {
    let mut b =
        json!({"givens": HARD, "entries": ".".repeat(81), "notes": vec![""; 81], "lang": "en"});
    let field = ["givens", "entries", "notes", "lang", "readings"][rng.below(5)];
    let junk = match rng.below(8) {
        0 => json!(null),
        1 => json!(12345),
        2 => {
            let n = rng.below(3000);
            json!("x".repeat(n))
        }
        3 => json!(String::from_utf8_lossy(&rng.bytes(81)).into_owned()),
        4 => json!([1, 2, 3]),
        5 => json!({"nested": {"deep": [true]}}),
        6 => json!(vec!["123456789"; 81]),
        _ => json!("9".repeat(81)),
    };
    b[field] = junk;
    b
}

#[test]
fn every_endpoint_survives_random_and_broken_requests() {
    let (_server, site) = start(generous());
    let mut rng = Rng(0x5EED_1234_ABCD_0042);
    let t = site.token.clone();

    // Random bodies to every POST endpoint.
    for round in 0..12 {
        for path in POSTS {
            let n = rng.below(5000);
            let body = rng.bytes(n);
            let ct = [
                "application/json",
                "image/jpeg",
                "text/plain",
                "application/octet-stream",
            ][rng.below(4)];
            let r = site.post(path, ct, &body);
            assert_client_error(&r, &format!("round {round}: random body to {path}"));
            assert!(
                r.header("content-type").is_some_and(|c| c.contains("json")),
                "{path}: a JSON error"
            );
        }
    }
    // Mangled boards: a 4xx, or an answer when the board is still one.
    for _ in 0..60 {
        let path = POSTS[rng.below(4)];
        let r = site.post_json(path, &mangled_board(&mut rng));
        assert!(r.status < 500, "{path}: {} {}", r.status, r.text());
    }
    // Truncated and bit-flipped photos.
    let photo = sample("printed_serif.jpg");
    for _ in 0..6 {
        let mut p = photo.clone();
        match rng.below(2) {
            0 => {
                let n = rng.below(p.len());
                p.truncate(n)
            }
            _ => {
                for _ in 0..50 {
                    let i = rng.below(p.len());
                    let x = rng.next() as u8;
                    p[i] ^= x;
                }
            }
        }
        let r = site.post("/api/import", "image/jpeg", &p);
        assert!(r.status < 500, "a mangled photo: {} {}", r.status, r.text());
    }

    // Wrong methods.
    for path in POSTS {
        for method in ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            let r = send(&site, method, &site.with_token(path), &[], &[]);
            assert_eq!(r.status, 405, "{method} {path}");
        }
    }
    for path in GETS {
        for method in ["POST", "PUT", "DELETE"] {
            let r = send(&site, method, &site.with_token(path), &[], b"{}");
            assert_eq!(r.status, 405, "{method} {path}");
        }
    }

    // Huge headers: one enormous, and very many.
    let huge = "x".repeat(200_000);
    let r = request(
        site.addr,
        "GET",
        &site.with_token("/api/info"),
        &[("X-Huge", &huge)],
        &[],
    );
    if let Ok(r) = r {
        assert_client_error(&r, "a 200 KB header");
    }
    let names: Vec<String> = (0..300).map(|i| format!("X-H{i}")).collect();
    let many: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "v")).collect();
    if let Ok(r) = request(site.addr, "GET", &site.with_token("/api/info"), &many, &[]) {
        assert_client_error(&r, "300 headers");
    }
    let long_path = format!("/api/{}?t={t}", "a".repeat(100_000));
    if let Ok(r) = request(site.addr, "GET", &long_path, &[], &[]) {
        assert_client_error(&r, "a 100 KB path");
    }

    // Bad query strings and paths.
    let queries = [
        format!("/api/new?t={t}&level=%ZZ"),
        format!("/api/new?t={t}&level=%FF%FE"),
        format!("/api/new?t={t}&seed=-1"),
        format!("/api/new?t={t}&seed=99999999999999999999999999"),
        format!("/api/new?t={t}&level=easy&level=hard"),
        format!("/api/new?t={t}&level"),
        format!("/api/new?t={t}&&&=&="),
        format!("/api/info?t={t}&lang[]=x"),
        format!("/api/new?t={t}&level=../../etc/passwd"),
        format!("/api/photo?t={t}&name=%00%01"),
        format!("/s/{t}/..%2F..%2FCargo.toml"),
        format!("/s/{t}/%00"),
        format!("/api/../s/{t}/app.js/../../../Cargo.toml"),
        format!("/api/info/?t={t}"),
    ];
    for q in &queries {
        let method = if q.starts_with("/api/photo") {
            "POST"
        } else {
            "GET"
        };
        let r = send(&site, method, q, &[], b"");
        assert!(
            (400..500).contains(&r.status) || r.status == 200,
            "{q}: {} {}",
            r.status,
            r.text()
        );
        assert!(!r.text().contains("[package]"), "{q} served a file");
    }
    // Malformed request lines get a 4xx from the HTTP parser, or a close.
    for raw in [
        "GARBAGE\r\n\r\n",
        "GET\r\n\r\n",
        "GET /api/info HTTP/1.1\r\nBad Header\r\n\r\n",
    ] {
        let mut s = std::net::TcpStream::connect(site.addr).unwrap();
        s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .unwrap();
        use std::io::Write;
        s.write_all(raw.as_bytes()).unwrap();
        if let Ok(r) = crate::http::read_reply(&mut s) {
            assert_client_error(&r, raw);
        }
    }

    // The server still answers.
    assert_eq!(site.get("/api/info").status, 200);
    let (r, _) = site.post_photo_until_served("/api/import", &photo);
    assert_eq!(r.status, 200);
}
