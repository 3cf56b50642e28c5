//! The open connections, so that no client without the token can shut the
//! others out by holding connections open (a slowloris, or idle keep-alive
//! connections).
//!
//! Each address may hold [`Limits::per_address_connections`] connections,
//! and all of them together [`Limits::max_connections`]. A connection is
//! *busy* while one of its requests is being answered, *idle* otherwise
//! (before its first request is whole, or between two). When a new
//! connection would pass a cap, the idle connection that has waited longest
//! is closed to make room (from the same address when that address is at
//! its own cap, else from the address holding the most connections); the new
//! one is refused only when every connection in its way is busy. An idle
//! connection is also closed after [`Limits::idle_time`], sooner than a
//! busy request's [`Limits::request_time`].
//!
//! Only a request with the token can stay busy for long: the guard answers
//! every other one at once and closes its connection. So a flood without the
//! token only ever holds idle connections, which the next real client
//! pushes out.
//!
//! On loopback every process is 127.0.0.1, so the per-address cap cannot tell
//! a player's browser from another program on the same machine: there, the
//! eviction of idle connections is what keeps the player in.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

/// A connection's number in the table.
pub type ConnectionId = u64;

/// One open connection.
#[derive(Debug)]
struct Entry {
    ip: IpAddr,
    /// Requests being answered on it now (HTTP/1 answers one at a time, but
    /// nothing here relies on it).
    busy: usize,
    /// When it last became idle (opened, or answered its last request).
    idle_since: Instant,
    /// Told when the connection must close.
    close: Arc<Notify>,
}

/// The table of open connections, behind [`Connections`].
#[derive(Debug, Default)]
struct Table {
    next_id: ConnectionId,
    open: HashMap<ConnectionId, Entry>,
}

/// Why a new connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Its address already holds its share, every one of them busy.
    AddressFull,
    /// The server holds all it may, every one of them busy.
    ServerFull,
}

impl Table {
    fn count(&self, ip: IpAddr) -> usize {
        self.open.values().filter(|e| e.ip == ip).count()
    }

    /// The idle connection that has waited longest among those `from` keeps.
    fn oldest_idle(&self, from: impl Fn(&Entry) -> bool) -> Option<ConnectionId> {
        self.open
            .iter()
            .filter(|(_, e)| e.busy == 0 && from(e))
            .min_by_key(|(id, e)| (e.idle_since, **id))
            .map(|(id, _)| *id)
    }

    /// The connection to close to make room for one more from `ip`: `None`
    /// when there is room already, `Err` when every candidate is busy.
    fn victim(
        &self,
        ip: IpAddr,
        per_address: usize,
        total: usize,
    ) -> Result<Option<ConnectionId>, Refused> {
        if self.count(ip) >= per_address {
            return self
                .oldest_idle(|e| e.ip == ip)
                .map(Some)
                .ok_or(Refused::AddressFull);
        }
        if self.open.len() < total {
            return Ok(None);
        }
        // the address holding the most connections gives one up first
        let mut counts: HashMap<IpAddr, usize> = HashMap::new();
        for e in self.open.values().filter(|e| e.busy == 0) {
            *counts.entry(e.ip).or_default() += 1;
        }
        let heaviest = counts
            .iter()
            .max_by_key(|(ip, n)| (**n, std::cmp::Reverse(**ip)))
            .map(|(ip, _)| *ip)
            .ok_or(Refused::ServerFull)?;
        Ok(self.oldest_idle(|e| e.ip == heaviest))
    }
}

/// The open connections of one server, shared by the accept loop and the
/// connections' tasks.
#[derive(Debug)]
pub struct Connections {
    table: Mutex<Table>,
    per_address: usize,
    total: usize,
    idle_time: Duration,
}

/// A connection admitted: its number and what tells it to close.
pub struct Admitted {
    pub id: ConnectionId,
    pub close: Arc<Notify>,
}

impl Connections {
    pub fn new(per_address: usize, total: usize, idle_time: Duration) -> Arc<Connections> {
        Arc::new(Connections {
            table: Mutex::new(Table::default()),
            per_address: per_address.max(1),
            total: total.max(1),
            idle_time,
        })
    }

    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        // a panic elsewhere leaves a table that is still whole
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Admits a connection from `ip` at `now`, closing an idle one to make
    /// room when a cap is reached.
    pub fn admit(&self, ip: IpAddr, now: Instant) -> Result<Admitted, Refused> {
        let mut table = self.table();
        if let Some(victim) = table.victim(ip, self.per_address, self.total)? {
            if let Some(evicted) = table.open.remove(&victim) {
                evicted.close.notify_one();
            }
        }
        let id = table.next_id;
        table.next_id += 1;
        let close = Arc::new(Notify::new());
        table.open.insert(
            id,
            Entry {
                ip,
                busy: 0,
                idle_since: now,
                close: close.clone(),
            },
        );
        Ok(Admitted { id, close })
    }

    /// A request starts on connection `id`: it is busy until [`Self::finished`].
    pub fn started(&self, id: ConnectionId) {
        if let Some(e) = self.table().open.get_mut(&id) {
            e.busy += 1;
        }
    }

    /// A request on connection `id` was answered (or dropped) at `now`.
    pub fn finished(&self, id: ConnectionId, now: Instant) {
        if let Some(e) = self.table().open.get_mut(&id) {
            e.busy = e.busy.saturating_sub(1);
            if e.busy == 0 {
                e.idle_since = now;
            }
        }
    }

    /// The connection is gone.
    pub fn closed(&self, id: ConnectionId) {
        self.table().open.remove(&id);
    }

    /// When connection `id` is to close for idleness, as things stand: `None`
    /// when it is busy (or gone), else [`Self::idle_time`] after it became idle.
    pub fn idle_deadline(&self, id: ConnectionId) -> Option<Instant> {
        let table = self.table();
        let e = table.open.get(&id)?;
        (e.busy == 0).then(|| e.idle_since + self.idle_time)
    }

    pub fn idle_time(&self) -> Duration {
        self.idle_time
    }
}

/// Marks a request busy for as long as it lives: dropped when the answer
/// is ready, or when the request is abandoned.
pub struct BusyGuard {
    connections: Arc<Connections>,
    id: ConnectionId,
}

impl BusyGuard {
    pub fn new(connections: Arc<Connections>, id: ConnectionId) -> BusyGuard {
        connections.started(id);
        BusyGuard { connections, id }
    }
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        self.connections.finished(self.id, Instant::now());
    }
}

/// Resolves when connection `id` has been idle for the idle time (checked
/// again whenever a deadline passes, as the connection may have been busy
/// in between).
pub async fn idle_too_long(connections: &Connections, id: ConnectionId) {
    loop {
        let wake = match connections.idle_deadline(id) {
            Some(deadline) if deadline <= Instant::now() => return,
            Some(deadline) => deadline,
            None => Instant::now() + connections.idle_time(),
        };
        tokio::time::sleep_until(wake.into()).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, last])
    }

    #[test]
    fn an_address_at_its_cap_gives_up_its_oldest_idle_connection() {
        let c = Connections::new(2, 10, Duration::from_secs(5));
        let t0 = Instant::now();
        let first = c.admit(ip(1), t0).unwrap();
        let second = c.admit(ip(1), t0 + Duration::from_millis(1)).unwrap();
        c.started(second.id);
        // a third from the same address: the first (idle) is closed
        let third = c.admit(ip(1), t0 + Duration::from_millis(2)).unwrap();
        assert!(c.idle_deadline(first.id).is_none(), "the first is gone");
        assert!(c.idle_deadline(third.id).is_some());
        // both left are busy now: a fourth is refused, another address is not
        c.started(third.id);
        assert_eq!(
            c.admit(ip(1), t0).err(),
            Some(Refused::AddressFull),
            "busy connections are never closed for a newcomer"
        );
        assert!(c.admit(ip(2), t0).is_ok());
    }

    #[test]
    fn a_full_server_closes_an_idle_connection_of_the_heaviest_address() {
        let c = Connections::new(3, 4, Duration::from_secs(5));
        let t0 = Instant::now();
        let player = c.admit(ip(1), t0).unwrap();
        let flood: Vec<_> = (1..=3)
            .map(|k| c.admit(ip(9), t0 + Duration::from_millis(k)).unwrap())
            .collect();
        // the player's connection is the oldest idle one, yet the flood's
        // address holds more and gives one up
        let newcomer = c.admit(ip(2), t0 + Duration::from_millis(10)).unwrap();
        assert!(c.idle_deadline(player.id).is_some(), "the player stays");
        assert!(
            c.idle_deadline(flood[0].id).is_none(),
            "the flood's oldest goes"
        );
        // every connection busy: the next is refused
        for a in [&player, &flood[1], &flood[2], &newcomer] {
            c.started(a.id);
        }
        assert_eq!(c.admit(ip(3), t0).err(), Some(Refused::ServerFull));
        c.finished(newcomer.id, t0 + Duration::from_millis(20));
        assert!(
            c.admit(ip(3), t0).is_ok(),
            "an idle one again: room is made"
        );
    }

    #[test]
    fn idle_connections_have_a_deadline_and_busy_ones_none() {
        let idle = Duration::from_secs(5);
        let c = Connections::new(8, 8, idle);
        let t0 = Instant::now();
        let a = c.admit(ip(1), t0).unwrap();
        assert_eq!(c.idle_deadline(a.id), Some(t0 + idle));
        let guard = BusyGuard::new(c.clone(), a.id);
        assert_eq!(c.idle_deadline(a.id), None);
        drop(guard);
        let deadline = c.idle_deadline(a.id).unwrap();
        assert!(deadline > t0 + idle, "idle again from the answer on");
        c.closed(a.id);
        assert_eq!(c.idle_deadline(a.id), None);
    }
}
