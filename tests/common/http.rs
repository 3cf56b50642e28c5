//! A small HTTP/1.1 client on a plain TCP socket, for the web server's tests
//! (`tests/it/serve`) and the window's phone panel test (`tests/app/import.rs`),
//! which include this file by path. Plain sockets, because some tests must
//! send what no well-behaved client sends: half a body, huge headers.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A response: its status, headers (names in lower case) and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON; panics with the body when it is not.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.text()))
    }
}

/// Sends one request (`Connection: close`) and reads the whole response.
pub fn request(
    addr: SocketAddr,
    method: &str,
    target: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> std::io::Result<Reply> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(120)))?;
    let mut head = format!("{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (n, v) in headers {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes())?;
    // A server may answer before the body is all sent (a 413, say) and
    // close: the answer is read all the same, as curl does.
    let sent = s.write_all(body);
    match read_reply(&mut s) {
        Ok(reply) => Ok(reply),
        Err(e) => sent.and(Err(e)),
    }
}

/// Reads a response to the end of the connection.
pub fn read_reply(s: &mut TcpStream) -> std::io::Result<Reply> {
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    parse(&raw).ok_or_else(|| {
        std::io::Error::other(format!(
            "not an HTTP response: {:?}",
            String::from_utf8_lossy(&raw[..raw.len().min(200)])
        ))
    })
}

/// Parses a whole HTTP/1.1 response (body by length, chunks, or to the end).
pub fn parse(raw: &[u8]) -> Option<Reply> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&raw[..end]).ok()?;
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let rest = &raw[end + 4..];
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        dechunk(rest)?
    } else {
        rest.to_vec()
    };
    Some(Reply {
        status,
        headers,
        body,
    })
}

fn dechunk(mut rest: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = rest.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&rest[..line_end]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        rest = &rest[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(rest.get(..size)?);
        rest = rest.get(size + 2..)?;
    }
}

/// A server's address and token, taken from the URL it printed.
#[derive(Clone, Debug)]
pub struct Site {
    pub addr: SocketAddr,
    pub token: String,
}

impl Site {
    /// From `http://127.0.0.1:PORT/?t=TOKEN`.
    pub fn from_url(url: &str) -> Site {
        let rest = url.strip_prefix("http://").expect("an http URL");
        let (host, query) = rest.split_once("/?t=").expect("a token in the URL");
        Site {
            addr: host.parse().expect("an address"),
            token: query.to_string(),
        }
    }

    /// `path` with the token added to its query.
    pub fn with_token(&self, path: &str) -> String {
        let sep = if path.contains('?') { '&' } else { '?' };
        format!("{path}{sep}t={}", self.token)
    }

    pub fn get(&self, path: &str) -> Reply {
        request(self.addr, "GET", &self.with_token(path), &[], &[]).expect("the server answers")
    }

    pub fn post(&self, path: &str, content_type: &str, body: &[u8]) -> Reply {
        request(
            self.addr,
            "POST",
            &self.with_token(path),
            &[("Content-Type", content_type)],
            body,
        )
        .expect("the server answers")
    }

    pub fn post_json(&self, path: &str, body: &serde_json::Value) -> Reply {
        self.post(path, "application/json", body.to_string().as_bytes())
    }

    /// Posts a photo until it gets its turn: a 503 is retried after its
    /// `Retry-After`. Returns the answer and how many 503s came first.
    pub fn post_photo_until_served(&self, path: &str, photo: &[u8]) -> (Reply, usize) {
        let mut refused = 0;
        loop {
            let r = self.post(path, "image/jpeg", photo);
            if r.status != 503 {
                return (r, refused);
            }
            refused += 1;
            assert!(refused < 100, "503 a hundred times");
            let wait: u64 = r
                .header("retry-after")
                .and_then(|s| s.parse().ok())
                .expect("a 503 says when to retry");
            std::thread::sleep(Duration::from_secs(wait));
        }
    }
}
