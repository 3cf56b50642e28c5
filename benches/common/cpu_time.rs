//! The benches' clock: the CPU time of the thread that runs the work, so
//! that other work on a shared machine does not count (wall-clock time
//! where the platform has no per-thread clock).

use std::time::{Duration, Instant};

/// The CPU time this thread has used.
#[cfg(unix)]
pub fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Elsewhere, wall-clock time stands in for it.
#[cfg(not(unix))]
pub fn thread_cpu() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

/// Runs `f`, returning its result, its CPU time and its wall time.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let (cpu, wall) = (thread_cpu(), Instant::now());
    let out = f();
    (
        out,
        (thread_cpu() - cpu).as_secs_f64(),
        wall.elapsed().as_secs_f64(),
    )
}
