//! The server's limits at work: uploads over the cap refused before they
//! are read, imports queued or told to come back, a client's rate, slow
//! headers cut off.

use super::{generous, sample, start};
use crate::http::read_reply;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use sudolens::serve::Limits;

/// Sends the headers of a `length`-byte upload and `sent` bytes of it,
/// then reads the answer without sending more.
fn partial_upload(
    site: &crate::http::Site,
    length: u64,
    sent: usize,
) -> (crate::http::Reply, Duration) {
    let mut s = TcpStream::connect(site.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "POST {} HTTP/1.1\r\nHost: {}\r\nContent-Type: image/jpeg\r\nContent-Length: {length}\r\n\r\n",
        site.with_token("/api/import"),
        site.addr
    );
    let start = Instant::now();
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(&vec![0xAB; sent]).unwrap();
    let reply = read_reply(&mut s).expect("an answer without the rest of the body");
    (reply, start.elapsed())
}

#[test]
fn an_upload_over_the_cap_is_refused_before_its_body_is_read() {
    let (_server, site) = start(generous());
    // A gigabyte announced, 64 KB sent: the answer comes, and the client
    // never has to send the rest.
    let (r, took) = partial_upload(&site, 1_000_000_000, 64 * 1024);
    assert_eq!(r.status, 413, "{}", r.text());
    let j = r.json();
    assert_eq!(j["kind"], "file_too_large");
    assert!(j["error"].as_str().unwrap().contains("25 MB"), "{j}");
    assert!(took < Duration::from_secs(10), "took {took:?}");
    println!("413 for a 1 GB upload after 64 KB sent, in {took:?}");
    // just over the cap, headers only
    let (r, _) = partial_upload(&site, 25_000_001, 0);
    assert_eq!(r.status, 413);
    // the page's endpoint says it in Pip's words
    let mut s = TcpStream::connect(site.addr).unwrap();
    let head = format!(
        "POST {} HTTP/1.1\r\nHost: {}\r\nContent-Type: image/jpeg\r\nContent-Length: 30000000\r\n\r\n",
        site.with_token("/api/photo?lang=fr"),
        site.addr
    );
    s.write_all(head.as_bytes()).unwrap();
    let r = read_reply(&mut s).unwrap();
    assert_eq!(r.status, 413);
    let text = r.json()["said"][0]["lines"][0]["text"].to_string();
    assert!(text.contains("trop grande"), "{text}");
}

#[test]
fn an_upload_with_no_length_is_cut_off_at_the_cap() {
    let (_server, site) = start(Limits {
        max_upload_bytes: 1_000_000,
        ..generous()
    });
    let mut s = TcpStream::connect(site.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "POST {} HTTP/1.1\r\nHost: {}\r\nContent-Type: image/jpeg\r\nTransfer-Encoding: chunked\r\n\r\n",
        site.with_token("/api/import"),
        site.addr
    );
    s.write_all(head.as_bytes()).unwrap();
    // 64 KB chunks until the server answers (it must, past 1 MB)
    let chunk = vec![0x11u8; 64 * 1024];
    for _ in 0..40 {
        let frame = format!("{:x}\r\n", chunk.len());
        if s.write_all(frame.as_bytes()).is_err()
            || s.write_all(&chunk).is_err()
            || s.write_all(b"\r\n").is_err()
        {
            break;
        }
    }
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let r = crate::http::parse(&raw).expect("an answer");
    assert_eq!(r.status, 413, "{}", r.text());
    assert_eq!(r.json()["kind"], "file_too_large");
}

#[test]
fn twenty_imports_at_once_are_all_answered() {
    let (_server, site) = start(generous());
    let photo = std::sync::Arc::new(sample("printed_serif.jpg"));
    let start = Instant::now();
    let handles: Vec<_> = (0..20)
        .map(|_| {
            let (site, photo) = (site.clone(), photo.clone());
            std::thread::spawn(move || site.post_photo_until_served("/api/import", &photo))
        })
        .collect();
    let mut refused = 0;
    for h in handles {
        let (r, busy) = h.join().unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["verdict"], "unique");
        refused += busy;
    }
    println!(
        "20 concurrent imports: all answered in {:?}, {refused} 503s retried",
        start.elapsed()
    );
}

#[test]
fn a_full_import_queue_says_come_back_later() {
    let (_server, site) = start(Limits {
        imports_at_once: 1,
        imports_waiting: 0,
        ..generous()
    });
    // The first upload holds the only place while its body trickles in.
    let mut slow = TcpStream::connect(site.addr).unwrap();
    let head = format!(
        "POST {} HTTP/1.1\r\nHost: {}\r\nContent-Type: image/jpeg\r\nContent-Length: 100000\r\n\r\n",
        site.with_token("/api/import"),
        site.addr
    );
    slow.write_all(head.as_bytes()).unwrap();
    slow.write_all(&[0u8; 1000]).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let r = site.post("/api/import", "image/jpeg", &sample("printed_serif.jpg"));
    assert_eq!(r.status, 503, "{}", r.text());
    assert_eq!(r.json()["kind"], "busy");
    assert!(r.header("retry-after").is_some());
    drop(slow);
    // once the place is free, the photo is read
    let (r, _) = site.post_photo_until_served("/api/import", &sample("printed_serif.jpg"));
    assert_eq!(r.status, 200);
}

#[test]
fn a_client_over_its_rate_is_told_when_to_come_back() {
    let (_server, site) = start(Limits {
        burst: 5.0,
        per_second: 1.0,
        ..Limits::default()
    });
    for _ in 0..5 {
        assert_eq!(site.get("/api/info").status, 200);
    }
    let r = site.get("/api/info");
    assert_eq!(r.status, 429);
    assert_eq!(r.json()["kind"], "too_many_requests");
    assert_eq!(r.header("retry-after"), Some("1"));
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(site.get("/api/info").status, 200, "the bucket refills");
}

#[test]
fn headers_that_never_end_are_cut_off() {
    let (_server, site) = start(Limits {
        header_time: Duration::from_secs(1),
        ..generous()
    });
    let mut s = TcpStream::connect(site.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let start = Instant::now();
    let head = format!("GET /api/info HTTP/1.1\r\nHost: {}\r\n", site.addr);
    s.write_all(head.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(10),
        "the connection stayed open {took:?}"
    );
    if let Some(r) = crate::http::parse(&raw) {
        assert_eq!(r.status, 408);
    }
    assert_eq!(site.get("/api/info").status, 200, "the server goes on");
}

#[test]
fn a_request_over_its_time_limit_is_answered_503_and_the_server_goes_on() {
    // 50 ms is far less than reading a photo takes, even in a release build.
    let (_server, site) = start(Limits {
        request_time: Duration::from_millis(50),
        ..generous()
    });
    let r = site.post(
        "/api/import?name=x.jpg",
        "image/jpeg",
        &sample("printed_serif.jpg"),
    );
    assert_eq!(r.status, 503, "{}", r.text());
    assert_eq!(r.json()["kind"], "timeout");
    assert!(r.header("retry-after").is_some());
    assert_eq!(site.get("/api/info").status, 200, "the server goes on");
}
