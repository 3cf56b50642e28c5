//! The web server (`sudolens serve`, `sudolens::serve`) over real HTTP on
//! loopback: the token, the game's endpoints, photos, the limits, no
//! lock-out without the token (floods, a slowloris, foreign hosts and
//! origins), a fuzz-style pass over every endpoint, and memory under
//! concurrent 12 MP and 100 MP uploads. The page itself is driven in a browser by
//! `scripts/browser_tests.sh`.

mod api;
mod endless;
mod fuzz;
mod limits;
mod lockout;
#[cfg(target_os = "linux")]
mod memory;
mod overlap;
mod photos;
mod shapes;

use crate::http::Site;
use sudolens::serve::{Limits, Server, ServerConfig};

/// A server on a free loopback port with `limits`, and its site.
pub fn start(limits: Limits) -> (Server, Site) {
    start_with(ServerConfig {
        port: 0,
        limits,
        ..ServerConfig::default()
    })
}

pub fn start_with(config: ServerConfig) -> (Server, Site) {
    let server = Server::start(config).expect("the server starts on loopback");
    let site = Site::from_url(server.url());
    (server, site)
}

/// Limits for tests that send many requests quickly: no rate limit in the way.
pub fn generous() -> Limits {
    Limits {
        burst: 1e6,
        per_second: 1e6,
        ..Limits::default()
    }
}

/// A sample photo's bytes.
pub fn sample(name: &str) -> Vec<u8> {
    std::fs::read(crate::common::samples().join(name)).unwrap()
}
