//! No one without the token can lock the player out: a flood of tokenless
//! requests, a slowloris, idle connections, another device's connections
//! (from 127.0.0.2), a page on another site (a foreign `Origin`, or DNS
//! rebinding's foreign `Host`). All traffic is on loopback, bounded in
//! count and time.

use super::{generous, sample, start};
use crate::http::{parse, Reply, Site};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudolens::serve::Limits;

/// Sends `head` (the request line and headers, without the blank line) and
/// `body` on a new connection, and reads the answer to the end.
fn raw(site: &Site, head: &str, body: &[u8]) -> std::io::Result<Reply> {
    let mut s = TcpStream::connect(site.addr)?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    s.write_all(format!("{head}\r\nContent-Length: {}\r\n\r\n", body.len()).as_bytes())?;
    s.write_all(body)?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    parse(&raw).ok_or_else(|| std::io::Error::other("not an HTTP answer"))
}

#[test]
fn a_tokenless_flood_leaves_the_player_served() {
    // the default budgets: 60 requests at once for a client with the token
    let (_server, site) = start(Limits::default());
    let mut refused = [0usize; 2];
    for _ in 0..200 {
        let head = format!(
            "GET /api/info HTTP/1.1\r\nHost: {}\r\nConnection: close",
            site.addr
        );
        let r = raw(&site, &head, b"").unwrap();
        match r.status {
            401 => refused[0] += 1,
            429 => refused[1] += 1,
            other => panic!("a tokenless request answered {other}"),
        }
    }
    let player = site.get("/api/info");
    println!(
        "200 tokenless requests: {} answered 401, {} answered 429; then the player's \
         request: {}",
        refused[0], refused[1], player.status
    );
    assert_eq!(
        player.status,
        200,
        "the player after the flood: {}",
        short(&player)
    );
    assert!(refused[1] > 0, "the tokenless budget runs out");
    // a tokenless client that asks to keep its connection open is closed
    // all the same, as soon as it is answered
    let mut s = TcpStream::connect(site.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
    let head = format!("GET /api/info HTTP/1.1\r\nHost: {}\r\n\r\n", site.addr);
    s.write_all(head.as_bytes()).unwrap();
    let start = Instant::now();
    let mut answer = Vec::new();
    let ended = s.read_to_end(&mut answer).is_ok();
    let r = parse(&answer).expect("an answer");
    assert!(matches!(r.status, 401 | 429), "{}", r.status);
    assert!(
        ended && start.elapsed() < Duration::from_secs(2),
        "the connection stayed open after the answer"
    );
}

/// The start of an answer's body, for a failed assertion's message.
fn short(r: &Reply) -> String {
    r.text().chars().take(300).collect()
}

/// One request with the token on a new connection: its answer and how long
/// it took, or why none came.
fn timed_get(site: &Site, path: &str) -> (Result<Reply, String>, Duration) {
    let start = Instant::now();
    let reply = (|| -> std::io::Result<Reply> {
        let mut s = TcpStream::connect(site.addr)?;
        s.set_read_timeout(Some(Duration::from_secs(5)))?;
        let head = format!(
            "GET {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            site.with_token(path),
            site.addr
        );
        s.write_all(head.as_bytes())?;
        let mut raw = Vec::new();
        s.read_to_end(&mut raw)?;
        parse(&raw).ok_or_else(|| std::io::Error::other("no HTTP answer (connection closed)"))
    })()
    .map_err(|e| e.to_string());
    (reply, start.elapsed())
}

/// Holds `count` connections open on `site`, each sending a header line a
/// few times a second and never finishing its request; a connection the
/// server closes is opened again. Runs until `stop`, at most `limit`;
/// returns how many connections it opened in all.
fn slowloris(site: Site, count: usize, stop: Arc<AtomicBool>, limit: Duration) -> usize {
    let start = Instant::now();
    let open = |site: &Site| -> Option<TcpStream> {
        let mut s = TcpStream::connect(site.addr).ok()?;
        s.set_write_timeout(Some(Duration::from_millis(200))).ok()?;
        let head = format!("GET /api/info HTTP/1.1\r\nHost: {}\r\n", site.addr);
        s.write_all(head.as_bytes()).ok()?;
        Some(s)
    };
    let mut opened = 0;
    let mut held: Vec<Option<TcpStream>> = (0..count).map(|_| None).collect();
    while !stop.load(Ordering::Relaxed) && start.elapsed() < limit {
        for slot in held.iter_mut() {
            let alive = slot
                .as_mut()
                .is_some_and(|s| s.write_all(b"X-Slow: 1\r\n").is_ok());
            if !alive {
                *slot = open(&site);
                opened += 1;
            }
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    opened
}

#[test]
fn two_hundred_slowloris_connections_leave_the_player_answered_within_2_s() {
    let (_server, site) = start(generous());
    let stop = Arc::new(AtomicBool::new(false));
    let attack = {
        let (site, stop) = (site.clone(), stop.clone());
        std::thread::spawn(move || slowloris(site, 200, stop, Duration::from_secs(30)))
    };
    // the attack settles: 200 connections opened, the server full of them
    std::thread::sleep(Duration::from_millis(1500));
    let mut slowest = Duration::ZERO;
    let mut failures = Vec::new();
    for round in 0..12 {
        let (reply, took) = timed_get(&site, "/api/info");
        slowest = slowest.max(took);
        match reply {
            Ok(r) if r.status == 200 && took < Duration::from_secs(2) => {}
            Ok(r) => failures.push(format!("round {round}: {} in {took:?}", r.status)),
            Err(e) => failures.push(format!("round {round}: {e} after {took:?}")),
        }
        std::thread::sleep(Duration::from_millis(400));
    }
    stop.store(true, Ordering::Relaxed);
    let opened = attack.join().unwrap();
    println!(
        "slowloris of 200 connections ({opened} opened in all): 12 requests with the token, \
         {} failed, slowest answer {slowest:?}",
        failures.len()
    );
    assert!(opened >= 200, "the attack ran");
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn an_idle_connection_is_closed_long_before_a_busy_one_would_be() {
    let (_server, site) = start(Limits {
        idle_time: Duration::from_secs(1),
        header_time: Duration::from_secs(20),
        ..generous()
    });
    // a connection that never sends a byte
    let mut silent = TcpStream::connect(site.addr).unwrap();
    silent
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let start = Instant::now();
    let mut buf = Vec::new();
    let _ = silent.read_to_end(&mut buf);
    let took = start.elapsed();
    println!("a silent connection closed after {took:?} (header time 20 s)");
    assert!(took < Duration::from_secs(6), "closed after {took:?}");
    // a request that takes longer than the idle time is not cut off: a photo
    // import is busy for its whole length
    let (r, _) = site.post_photo_until_served("/api/import", &sample("printed_serif.jpg"));
    assert_eq!(r.status, 200, "{}", short(&r));
}

#[test]
fn a_foreign_host_is_refused() {
    let (_server, site) = start(generous());
    let port = site.addr.port();
    let target = site.with_token("/api/info");
    let ask = |host: &str| {
        raw(
            &site,
            &format!("GET {target} HTTP/1.1\r\nHost: {host}"),
            b"",
        )
    };
    for foreign in [
        format!("evil.example:{port}"),
        format!("127.0.0.1.nip.io:{port}"),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
    ] {
        let r = ask(&foreign).unwrap();
        assert_eq!(r.status, 421, "Host: {foreign}: {}", short(&r));
        assert_eq!(r.json()["kind"], "wrong_host");
    }
    // no Host at all (HTTP/1.0 allows it): refused too
    let r = raw(&site, &format!("GET {target} HTTP/1.0"), b"").unwrap();
    assert_eq!(r.status, 421, "{}", short(&r));
    for ours in [
        site.addr.to_string(),
        format!("localhost:{port}"),
        format!("LocalHost:{port}"),
    ] {
        assert_eq!(ask(&ours).unwrap().status, 200, "Host: {ours}");
    }
}

#[test]
fn a_cross_origin_or_text_plain_photo_post_is_refused() {
    let (_server, site) = start(generous());
    let photo = sample("printed_serif.jpg");
    let post = |content_type: &str, origin: Option<&str>| {
        let mut head = format!(
            "POST {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: {content_type}",
            site.with_token("/api/photo?lang=en"),
            site.addr
        );
        if let Some(o) = origin {
            head.push_str(&format!("\r\nOrigin: {o}"));
        }
        raw(&site, &head, &photo).unwrap()
    };
    // what a page on another site can send without the server's leave
    let r = post("text/plain", Some("http://evil.example"));
    assert_eq!(r.status, 403, "{}", short(&r));
    assert_eq!(r.json()["kind"], "foreign_origin");
    let r = post("image/jpeg", Some("null"));
    assert_eq!(
        r.status,
        403,
        "a sandboxed page's null origin: {}",
        short(&r)
    );
    // the same origin, but not an image
    for content_type in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let r = post(content_type, Some(&format!("http://{}", site.addr)));
        assert_eq!(r.status, 415, "{content_type}: {}", short(&r));
        assert_eq!(r.json()["kind"], "not_an_image_upload");
    }
    // the page's own upload
    let r = post("image/jpeg", Some(&format!("http://{}", site.addr)));
    assert_eq!(r.status, 200, "{}", short(&r));
}

/// A connection to `to` from the loopback address `from`: Linux routes all
/// of 127.0.0.0/8 to this machine, so the server sees another device.
#[cfg(target_os = "linux")]
fn connect_from(from: std::net::Ipv4Addr, to: std::net::SocketAddr) -> std::io::Result<TcpStream> {
    use std::os::fd::FromRawFd;
    let std::net::SocketAddr::V4(to) = to else {
        return Err(std::io::Error::other("an IPv4 server"));
    };
    let sockaddr = |ip: std::net::Ipv4Addr, port: u16| libc::sockaddr_in {
        sin_family: libc::AF_INET as libc::sa_family_t,
        sin_port: port.to_be(),
        sin_addr: libc::in_addr {
            s_addr: u32::from(ip).to_be(),
        },
        sin_zero: [0; 8],
    };
    let len = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
    let (local, remote) = (sockaddr(from, 0), sockaddr(*to.ip(), to.port()));
    // SAFETY: a socket of our own, owned by the TcpStream from its creation
    // on (closed by it on every path); the addresses outlive the calls.
    unsafe {
        let fd = libc::socket(libc::AF_INET, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0);
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let stream = TcpStream::from_raw_fd(fd);
        let as_sockaddr = |a: &libc::sockaddr_in| (a as *const libc::sockaddr_in).cast();
        if libc::bind(fd, as_sockaddr(&local), len) != 0
            || libc::connect(fd, as_sockaddr(&remote), len) != 0
        {
            return Err(std::io::Error::last_os_error());
        }
        Ok(stream)
    }
}

#[cfg(target_os = "linux")]
#[test]
fn one_address_holds_only_its_share_of_the_connections() {
    let (_server, site) = start(Limits {
        per_address_connections: 4,
        max_connections: 16,
        idle_time: Duration::from_secs(30),
        header_time: Duration::from_secs(30),
        ..generous()
    });
    // another device opens 8 connections and sends nothing
    let other = std::net::Ipv4Addr::new(127, 0, 0, 2);
    let mut held: Vec<TcpStream> = (0..8)
        .map(|_| {
            let s = connect_from(other, site.addr).expect("a connection from 127.0.0.2");
            // one at a time, so that the oldest are known
            std::thread::sleep(Duration::from_millis(30));
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let closed: Vec<bool> = held
        .iter_mut()
        .map(|s| {
            s.set_read_timeout(Some(Duration::from_millis(200)))
                .unwrap();
            match s.read(&mut [0u8; 1]) {
                Ok(0) => true,
                Ok(_) => false,
                Err(e) => e.kind() == std::io::ErrorKind::ConnectionReset,
            }
        })
        .collect();
    println!("8 idle connections from 127.0.0.2, 4 its share: closed {closed:?}");
    let expected = [true, true, true, true, false, false, false, false];
    assert_eq!(closed, expected, "its four oldest make room for its newest");
    // this address's share is its own: the player on 127.0.0.1 is answered
    assert_eq!(site.get("/api/info").status, 200);
}
