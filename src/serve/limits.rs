//! What keeps one client, or many, from exhausting the machine: the size
//! and time limits, a rate limit per client address, and the gate that lets
//! only a few photo imports run at once (the rest wait briefly, then are
//! told to come back).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The server's limits. [`Limits::default`] is what `sudolens serve` and the
/// window use; tests shrink some of them.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest photo upload, refused with 413 from its `Content-Length`
    /// before a byte of it is read (and cut off at this size when the
    /// client announces none): 25 MB, above a 50-megapixel phone photo.
    pub max_upload_bytes: u64,
    /// Largest request body of the game's JSON endpoints (a board is under
    /// 2 KB).
    pub max_json_bytes: usize,
    /// Largest image decoded, refused from its header: half of `import`'s
    /// ([`SERVER_MAX_PIXELS`]).
    pub max_pixels: u64,
    /// Photos over this many pixels are read alone, with every import turn
    /// ([`Limits::imports_at_once`]) to themselves.
    pub alone_pixels: u64,
    /// Longest a request may take, from its headers to its answer.
    pub request_time: Duration,
    /// Longest a new puzzle may take to generate (its turn included):
    /// Extreme takes about a second on one core, rarely more than five.
    pub generate_time: Duration,
    /// Longest the request line and headers may take to arrive.
    pub header_time: Duration,
    /// Photo imports that run at the same time (each takes a core).
    pub imports_at_once: usize,
    /// Imports that may wait for a turn beyond those; more get 503 at once.
    pub imports_waiting: usize,
    /// Longest an import waits for its turn before it gets 503.
    pub import_wait: Duration,
    /// Requests a client (one IP address) may make in a burst...
    pub burst: f64,
    /// ...and per second after it.
    pub per_second: f64,
    /// Requests without the token (each refused) a client may make in a
    /// burst, apart from those with it...
    pub tokenless_burst: f64,
    /// ...and per second after it.
    pub tokenless_per_second: f64,
    /// Connections open at once, over every client.
    pub max_connections: usize,
    /// Connections one client address may hold open at once.
    pub per_address_connections: usize,
    /// Longest a connection may stay idle (no request being answered on
    /// it: before its first request is whole, or between two) before it is
    /// closed; shorter than [`Limits::request_time`], which bounds a busy one.
    pub idle_time: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_upload_bytes: 25_000_000,
            max_json_bytes: 64 * 1024,
            max_pixels: SERVER_MAX_PIXELS,
            alone_pixels: 24_000_000,
            request_time: Duration::from_secs(30),
            generate_time: Duration::from_secs(20),
            header_time: Duration::from_secs(10),
            imports_at_once: 2,
            imports_waiting: 8,
            import_wait: Duration::from_secs(10),
            burst: 60.0,
            per_second: 20.0,
            tokenless_burst: 20.0,
            tokenless_per_second: 2.0,
            max_connections: 64,
            per_address_connections: 32,
            idle_time: Duration::from_secs(5),
        }
    }
}

/// The largest photo the server reads: 50 megapixels, half of what the
/// command line and the window read, and still above a 50-megapixel phone
/// photo (8160x6120). A photo costs about 4 bytes a pixel while it is
/// decoded (its colours, then its greys) and the reading more besides: the
/// command line reads one photo for the one person at the keyboard, but the
/// server reads two at once for whoever has the link, so at 100 MP two white
/// PNGs of 316 KB each took it to a gigabyte. With this cap and photos over
/// [`Limits::alone_pixels`] read one at a time, its peak stays under 500 MB.
pub const SERVER_MAX_PIXELS: u64 = 50_000_000;

/// One client's token bucket.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// A token bucket per client address: `burst` requests at once, then
/// `per_second`. The table forgets clients whose bucket is full again, so
/// it cannot grow without bound.
pub struct RateLimiter {
    burst: f64,
    per_second: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// Clients remembered before the full buckets are swept out.
const SWEEP_AT: usize = 4096;

impl RateLimiter {
    pub fn new(burst: f64, per_second: f64) -> RateLimiter {
        RateLimiter {
            burst,
            per_second,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request from `client`'s bucket at time `now`; when it is
    /// empty, says how long until it holds one again.
    pub fn take(&self, client: IpAddr, now: Instant) -> Result<(), Duration> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= SWEEP_AT {
            let (burst, rate) = (self.burst, self.per_second);
            buckets.retain(|_, b| b.tokens + rate * now.duration_since(b.at).as_secs_f64() < burst);
        }
        let b = buckets.entry(client).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let refill = self.per_second * now.saturating_duration_since(b.at).as_secs_f64();
        b.tokens = (b.tokens + refill).min(self.burst);
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - b.tokens) / self.per_second))
        }
    }
}

/// Why an import did not get its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Busy {
    /// Too many are already waiting.
    QueueFull,
    /// It waited [`Limits::import_wait`] without a turn.
    WaitedTooLong,
}

/// Lets [`Limits::imports_at_once`] imports run and as many as
/// [`Limits::imports_waiting`] more wait for a turn; the imports run on
/// threads of their own ([`ImportThreads`]).
pub struct ImportGate {
    queue: Arc<Semaphore>,
    running: Arc<Semaphore>,
    /// Turns in all: what a photo read alone takes.
    turns: u32,
    wait: Duration,
    threads: ImportThreads,
}

/// A job for an import thread.
type Job = Box<dyn FnOnce() + Send>;

/// As many threads as imports may run at once, each taking one import at a
/// time. Not tokio's blocking pool: there, the next import may land on any
/// of a dozen threads, and the allocator keeps each thread's freed memory
/// for that thread, so twenty 12-megapixel imports left the server at 457 MB
/// of resident memory; on the same two threads, each import reuses the
/// memory of the one before.
struct ImportThreads {
    jobs: std::sync::mpsc::Sender<Job>,
}

impl ImportThreads {
    fn new(count: usize) -> ImportThreads {
        let (jobs, queue) = std::sync::mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..count.max(1) {
            let queue = queue.clone();
            let _ = std::thread::Builder::new()
                .name(format!("sudolens-import-{i}"))
                .spawn(move || loop {
                    // the lock is held only while waiting for a job
                    let job = match queue.lock() {
                        Ok(q) => q.recv(),
                        Err(_) => return,
                    };
                    let Ok(job) = job else { return };
                    // a panic fails that import (its answer is dropped), not the thread
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                });
        }
        ImportThreads { jobs }
    }
}

/// A place in the queue: held while the photo is uploaded.
pub struct Ticket(#[allow(dead_code)] OwnedSemaphorePermit);

/// A turn to run: held until the import is over, even when the request has
/// timed out meanwhile (the work itself cannot be cut short).
pub struct ImportTurn {
    _ticket: Ticket,
    _running: OwnedSemaphorePermit,
}

impl ImportGate {
    pub fn new(limits: &Limits) -> ImportGate {
        ImportGate {
            queue: Arc::new(Semaphore::new(
                limits.imports_at_once + limits.imports_waiting,
            )),
            running: Arc::new(Semaphore::new(limits.imports_at_once)),
            turns: u32::try_from(limits.imports_at_once)
                .unwrap_or(u32::MAX)
                .max(1),
            wait: limits.import_wait,
            threads: ImportThreads::new(limits.imports_at_once),
        }
    }

    /// Runs `work` on an import thread with its `turn`, held until it is
    /// done even if the request timed out meanwhile; `None` when it failed.
    pub async fn run<T: Send + 'static>(
        &self,
        turn: ImportTurn,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _turn = turn;
            let _ = answer.send(work());
        });
        self.threads.jobs.send(job).ok()?;
        answered.await.ok()
    }

    /// A place in the queue, or [`Busy::QueueFull`] at once.
    pub fn enter(&self) -> Result<Ticket, Busy> {
        self.queue
            .clone()
            .try_acquire_owned()
            .map(Ticket)
            .map_err(|_| Busy::QueueFull)
    }

    /// Waits for a turn to run, at most [`Limits::import_wait`]; `alone`
    /// takes every turn, so that no other import runs beside it.
    pub async fn turn(&self, ticket: Ticket, alone: bool) -> Result<ImportTurn, Busy> {
        let turns = if alone { self.turns } else { 1 };
        let running =
            tokio::time::timeout(self.wait, self.running.clone().acquire_many_owned(turns))
                .await
                .map_err(|_| Busy::WaitedTooLong)?
                .map_err(|_| Busy::WaitedTooLong)?;
        Ok(ImportTurn {
            _ticket: ticket,
            _running: running,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_a_burst_then_refills_at_its_rate() {
        let limiter = RateLimiter::new(3.0, 2.0);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(limiter.take(a, t0).is_ok());
        }
        let wait = limiter.take(a, t0).unwrap_err();
        assert!((wait.as_secs_f64() - 0.5).abs() < 1e-6, "{wait:?}");
        assert!(limiter.take(b, t0).is_ok(), "clients are apart");
        assert!(limiter.take(a, t0 + Duration::from_millis(500)).is_ok());
        assert!(limiter.take(a, t0 + Duration::from_millis(500)).is_err());
    }

    #[test]
    fn full_buckets_are_forgotten_when_the_table_grows() {
        let limiter = RateLimiter::new(2.0, 1.0);
        let t0 = Instant::now();
        for i in 0..SWEEP_AT as u32 {
            limiter.take(IpAddr::from(i.to_be_bytes()), t0).unwrap();
        }
        let later = t0 + Duration::from_secs(5);
        limiter.take("192.0.2.1".parse().unwrap(), later).unwrap();
        assert_eq!(limiter.buckets.lock().unwrap().len(), 1);
    }

    /// A gate of `at_once` turns and as many places to wait (50 ms at
    /// most), and a runtime to drive it.
    fn gate_and_runtime(at_once: usize) -> (ImportGate, tokio::runtime::Runtime) {
        let limits = Limits {
            imports_at_once: at_once,
            imports_waiting: at_once,
            import_wait: Duration::from_millis(50),
            ..Limits::default()
        };
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        (ImportGate::new(&limits), rt)
    }

    #[test]
    fn the_gate_queues_a_few_and_refuses_the_rest() {
        let (gate, rt) = gate_and_runtime(1);
        rt.block_on(async {
            let first = gate.turn(gate.enter().unwrap(), false).await.unwrap();
            let on =
                |t: ImportTurn| gate.run(t, || std::thread::current().name().map(String::from));
            let waiting = gate.enter().unwrap();
            assert_eq!(gate.enter().err(), Some(Busy::QueueFull));
            assert_eq!(
                gate.turn(waiting, false).await.err(),
                Some(Busy::WaitedTooLong)
            );
            let thread = on(first).await.unwrap();
            assert_eq!(thread.as_deref(), Some("sudolens-import-0"));
            let again = gate.turn(gate.enter().unwrap(), false).await.unwrap();
            let panicked = gate.run(again, || panic!("an import failed")).await;
            assert_eq!(panicked, None::<()>);
            let after = gate.turn(gate.enter().unwrap(), false).await.unwrap();
            assert!(on(after).await.is_some(), "the thread survives a panic");
        });
    }

    #[test]
    fn a_large_photo_is_read_alone() {
        let (gate, rt) = gate_and_runtime(2);
        rt.block_on(async {
            let small = gate.turn(gate.enter().unwrap(), false).await.unwrap();
            let waited = gate.turn(gate.enter().unwrap(), true).await.err();
            assert_eq!(waited, Some(Busy::WaitedTooLong), "one turn is taken");
            drop(small);
            let large = gate.turn(gate.enter().unwrap(), true).await.unwrap();
            let beside = gate.turn(gate.enter().unwrap(), false).await.err();
            assert_eq!(beside, Some(Busy::WaitedTooLong), "nothing runs beside it");
            drop(large);
        });
    }
}
