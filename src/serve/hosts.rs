//! Which `Host` and `Origin` a request may name.
//!
//! A web page on another site cannot read this server's answers, but by DNS
//! rebinding (its own name made to point at 127.0.0.1 or at this machine's
//! LAN address) it can make the browser send requests that look
//! same-origin to it. Those carry the other site's name in `Host`: only the
//! address the server printed, a loopback name, or the LAN address it
//! serves on are this server's. A page that is not this server's own and
//! posts to it carries a foreign `Origin` (or `null`): refused too.

use std::net::{IpAddr, SocketAddr};

/// The names this server answers to, and its port.
#[derive(Clone, Debug)]
pub struct Hosts {
    names: Vec<String>,
    port: u16,
}

/// Why a request's `Host` or `Origin` was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Foreign {
    /// `Host` is not one of this server's names (or is missing).
    Host,
    /// `Origin` is another site's page (or `null`).
    Origin,
}

/// An address as it appears in a URL's host: IPv6 in brackets.
fn url_host(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

impl Hosts {
    /// The names of a server listening on `addr`: its own address, the
    /// loopback names, and, when it listens on every interface, the LAN
    /// address as well.
    pub fn of(addr: SocketAddr, lan: Option<IpAddr>) -> Hosts {
        let mut names: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        names.push(url_host(addr.ip()));
        if addr.ip().is_unspecified() {
            names.extend(lan.map(url_host));
        }
        names.dedup();
        Hosts {
            names,
            port: addr.port(),
        }
    }

    /// Whether `authority` (`host[:port]`, as in `Host`) names this server.
    pub fn is_ours(&self, authority: &str) -> bool {
        let authority = authority.trim();
        // the port follows the last colon outside an IPv6 address's brackets
        let (host, port) = match authority.rfind(':') {
            Some(i) if !authority[i..].contains(']') => {
                (&authority[..i], Some(&authority[i + 1..]))
            }
            _ => (authority, None),
        };
        let port_ok = match port {
            Some(p) => p.parse::<u16>().ok() == Some(self.port),
            // a browser leaves out the scheme's default port only
            None => self.port == 80,
        };
        let host = host.trim_end_matches('.');
        port_ok && self.names.iter().any(|n| n.eq_ignore_ascii_case(host))
    }

    /// Checks a request's `Host` (required) and `Origin` (when present: a
    /// browser sends it with every POST and every request from another site).
    pub fn check(&self, host: Option<&str>, origin: Option<&str>) -> Result<(), Foreign> {
        if !host.is_some_and(|h| self.is_ours(h)) {
            return Err(Foreign::Host);
        }
        if let Some(origin) = origin {
            let ours = origin
                .trim()
                .strip_prefix("http://")
                .is_some_and(|authority| self.is_ours(authority));
            if !ours {
                return Err(Foreign::Origin);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_servers_own_names_and_port_are_ours() {
        let hosts = Hosts::of("127.0.0.1:8137".parse().unwrap(), None);
        for ok in [
            "127.0.0.1:8137",
            "localhost:8137",
            "LOCALHOST:8137",
            "[::1]:8137",
        ] {
            assert!(hosts.is_ours(ok), "{ok}");
        }
        for foreign in [
            "evil.example:8137",
            "127.0.0.1:8138",
            "127.0.0.1",
            "localhost.evil.example:8137",
            "",
            ":8137",
            "127.0.0.1:8137:8137",
        ] {
            assert!(!hosts.is_ours(foreign), "{foreign}");
        }
        let lan = Hosts::of("192.168.1.20:8137".parse().unwrap(), None);
        assert!(lan.is_ours("192.168.1.20:8137"));
        assert!(!lan.is_ours("192.168.1.21:8137"));
        let everywhere = Hosts::of(
            "0.0.0.0:80".parse().unwrap(),
            Some("10.1.2.3".parse().unwrap()),
        );
        assert!(everywhere.is_ours("10.1.2.3"), "port 80 may go unsaid");
        let v6 = Hosts::of("[fe80::1]:9000".parse().unwrap(), None);
        assert!(v6.is_ours("[fe80::1]:9000"));
        assert!(!v6.is_ours("[fe80::2]:9000"));
    }

    #[test]
    fn a_foreign_origin_or_host_is_refused() {
        let hosts = Hosts::of("127.0.0.1:8137".parse().unwrap(), None);
        let host = Some("127.0.0.1:8137");
        assert_eq!(hosts.check(host, None), Ok(()));
        assert_eq!(hosts.check(host, Some("http://127.0.0.1:8137")), Ok(()));
        assert_eq!(hosts.check(host, Some("http://localhost:8137")), Ok(()));
        for origin in [
            "http://evil.example",
            "null",
            "https://127.0.0.1:8137",
            "http://127.0.0.1:9",
        ] {
            assert_eq!(
                hosts.check(host, Some(origin)),
                Err(Foreign::Origin),
                "{origin}"
            );
        }
        assert_eq!(hosts.check(None, None), Err(Foreign::Host));
        assert_eq!(
            hosts.check(Some("evil.example:8137"), None),
            Err(Foreign::Host)
        );
    }
}
