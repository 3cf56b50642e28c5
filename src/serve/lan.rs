//! The machine's address on the local network, for `serve --lan` and the
//! window's phone panel: the address a phone on the same Wi-Fi reaches.

use std::net::{IpAddr, Ipv4Addr, UdpSocket};

/// The local address the system would send from to reach the outside: a
/// UDP socket "connected" to a public address picks its route, which sends
/// no packet at all, and its local end is the LAN address. `None` when the
/// machine has no route out (no network), or only a loopback one.
///
/// `SUDOLENS_LAN_ADDRESS` names the address instead, so that `--lan` can be
/// tried on a machine with no network (the tests serve on 127.0.0.2).
pub fn lan_address() -> Option<IpAddr> {
    if let Some(ip) = std::env::var("SUDOLENS_LAN_ADDRESS")
        .ok()
        .and_then(|v| v.trim().parse::<IpAddr>().ok())
        .filter(|ip| !ip.is_unspecified())
    {
        return Some(ip);
    }
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    // 192.0.2.1 (TEST-NET-1) is never answered, and nothing is sent to it.
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lan_address_is_never_loopback() {
        // The machine may have no network at all; when it has one, the
        // address is one this machine can listen on.
        if let Some(ip) = lan_address() {
            assert!(!ip.is_loopback());
            assert!(std::net::TcpListener::bind((ip, 0)).is_ok(), "{ip}");
        }
    }
}
