//! Batches on every core: the items of a batch are worked on by `--jobs`
//! threads and their results written in the batch's order.
//!
//! The reading stays on the calling thread (standard input is not `Send`),
//! which hands out chunks of items; the workers send back each chunk's
//! results, and the calling thread writes them in order. At most
//! [`AHEAD`] chunks per thread are read past the one being written, so a
//! batch of any length takes flat memory, and a slow item (an Extreme
//! puzzle, a large photo) holds back the writing, not the reading of the
//! whole file.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;

/// Chunks read ahead per thread, past the one being written: enough to
/// keep every thread busy while one chunk is slow.
const AHEAD: usize = 4;

/// The threads a batch uses when `--jobs` is not given: one per core.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// `--jobs N`: at least 1.
pub fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("at least 1 thread is needed".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{s}' is not a number of threads")),
    }
}

/// Runs `work` on each item of `items` on `jobs` threads, `chunk` items
/// at a time, and hands each result to `emit` in the items' order. `emit`
/// returns `false` to stop (a write failed, or the reader went away): no
/// further item is read, and the threads stop after the item they are on.
/// With one job the items are worked on in turn on the calling thread.
///
/// ```ignore
/// let mut out = Vec::new();
/// ordered((1..=5).map(|n| n * 10), 2, 2, |n| n + 1, |r| {
///     out.push(r);
///     true
/// });
/// assert_eq!(out, [11, 21, 31, 41, 51]);
/// ```
pub fn ordered<T, R>(
    items: impl Iterator<Item = T>,
    jobs: usize,
    chunk: usize,
    work: impl Fn(T) -> R + Sync,
    mut emit: impl FnMut(R) -> bool,
) where
    T: Send,
    R: Send,
{
    if jobs <= 1 {
        for item in items {
            if !emit(work(item)) {
                return;
            }
        }
        return;
    }
    let chunk = chunk.max(1);
    let stop = AtomicBool::new(false);
    let (task_tx, task_rx) = mpsc::channel::<(usize, Vec<T>)>();
    let (done_tx, done_rx) = mpsc::channel::<(usize, Vec<R>)>();
    let task_rx = Mutex::new(task_rx);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (task_rx, done_tx, work, stop) = (&task_rx, done_tx.clone(), &work, &stop);
            scope.spawn(move || loop {
                // The lock is held only to take a chunk, never while working.
                let next = task_rx.lock().ok().and_then(|rx| rx.recv().ok());
                let Some((i, items)) = next else { return };
                let mut results = Vec::with_capacity(items.len());
                for item in items {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    results.push(work(item));
                }
                if done_tx.send((i, results)).is_err() {
                    return;
                }
            });
        }
        drop(done_tx);
        let mut items = items.fuse();
        let (mut sent, mut written) = (0usize, 0usize);
        let mut waiting: BTreeMap<usize, Vec<R>> = BTreeMap::new();
        'batch: loop {
            while sent - written < AHEAD * jobs {
                let part: Vec<T> = items.by_ref().take(chunk).collect();
                if part.is_empty() || task_tx.send((sent, part)).is_err() {
                    break;
                }
                sent += 1;
            }
            if written == sent {
                break;
            }
            let Ok((i, results)) = done_rx.recv() else {
                break;
            };
            waiting.insert(i, results);
            while let Some(results) = waiting.remove(&written) {
                written += 1;
                for r in results {
                    if !emit(r) {
                        break 'batch;
                    }
                }
            }
        }
        stop.store(true, Ordering::Relaxed);
        drop(task_tx);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn results_come_in_the_items_order_whatever_each_takes() {
        // Early items take longest, so they finish last.
        let work = |n: u64| {
            std::thread::sleep(std::time::Duration::from_micros((40 - n) * 200));
            n * 2
        };
        for (jobs, chunk) in [(1, 1), (2, 1), (3, 2), (4, 7)] {
            let mut out = Vec::new();
            ordered(0..40u64, jobs, chunk, work, |r| {
                out.push(r);
                true
            });
            assert_eq!(
                out,
                (0..40).map(|n| n * 2).collect::<Vec<_>>(),
                "{jobs} jobs"
            );
        }
    }

    #[test]
    fn reading_stays_a_bounded_distance_ahead_of_writing() {
        let read = AtomicUsize::new(0);
        let items = (0..10_000).inspect(|_| {
            read.fetch_add(1, Ordering::Relaxed);
        });
        let mut written = 0usize;
        let mut most_ahead = 0usize;
        ordered(
            items,
            2,
            3,
            |n: usize| n,
            |_| {
                written += 1;
                most_ahead = most_ahead.max(read.load(Ordering::Relaxed) - written);
                true
            },
        );
        assert_eq!(written, 10_000);
        // AHEAD chunks per thread, of 3 items, plus the chunk being written.
        assert!(
            most_ahead <= (AHEAD * 2 + 1) * 3,
            "{most_ahead} items read ahead"
        );
    }

    #[test]
    fn a_refused_result_stops_the_reading() {
        let read = AtomicUsize::new(0);
        let items = (0..1_000_000).inspect(|_| {
            read.fetch_add(1, Ordering::Relaxed);
        });
        let mut written = 0;
        ordered(
            items,
            2,
            4,
            |n: usize| n,
            |_| {
                written += 1;
                written < 10
            },
        );
        assert_eq!(written, 10);
        assert!(read.load(Ordering::Relaxed) < 100);
    }

    #[test]
    fn zero_jobs_are_refused() {
        assert!(parse_jobs("0").is_err());
        assert!(parse_jobs("x").is_err());
        assert_eq!(parse_jobs("3"), Ok(3));
    }
}
