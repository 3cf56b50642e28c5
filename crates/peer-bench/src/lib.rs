//! Benchmark-only helpers: tdoku's solver behind a safe call (when the
//! build found it in `../shared/peers`), and the process's CPU clock.

/// What a peer answered for one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeerAnswer {
    /// Solutions found, up to the limit asked.
    pub count: usize,
    /// The solution as 81 ASCII digits (filled when asked for one solution
    /// and one was found).
    pub solution: [u8; 81],
}

/// tdoku (Tom Dillon, BSD 2-Clause), compiled by this crate's build script.
pub mod tdoku {
    use super::PeerAnswer;

    /// Whether tdoku was compiled into this build.
    pub const AVAILABLE: bool = cfg!(tdoku);

    #[cfg(tdoku)]
    extern "C" {
        fn TdokuSolverDpllTriadSimd(
            input: *const std::ffi::c_char,
            limit: usize,
            configuration: u32,
            solution: *mut std::ffi::c_char,
            num_guesses: *mut usize,
        ) -> usize;
    }

    /// Solves `puzzle` (81 ASCII bytes, `.` for empty cells, as tdoku
    /// requires), counting up to `limit`. `None` when tdoku is not built.
    #[inline]
    pub fn solve(puzzle: &[u8; 81], limit: usize) -> Option<PeerAnswer> {
        #[cfg(tdoku)]
        {
            // tdoku reads byte 81 to tell a plain puzzle from a pencil-mark
            // one: a terminating zero says plain.
            let mut input = [0u8; 82];
            input[..81].copy_from_slice(puzzle);
            let mut solution = [0u8; 81];
            let mut guesses = 0usize;
            // SAFETY: `input` is 82 readable bytes (tdoku reads 81 plus the
            // one that tells the format), `solution` 81 writable bytes, the
            // guess counter a valid `usize`; tdoku keeps no pointer after
            // returning. It keeps global state, so the bench calls it from
            // one thread only.
            let count = unsafe {
                TdokuSolverDpllTriadSimd(
                    input.as_ptr().cast(),
                    limit,
                    0,
                    solution.as_mut_ptr().cast(),
                    &mut guesses,
                )
            };
            Some(PeerAnswer { count, solution })
        }
        #[cfg(not(tdoku))]
        {
            let _ = (puzzle, limit);
            None
        }
    }
}

/// The CPU time this process has used, in seconds (the wall clock on
/// platforms without a process CPU clock).
pub fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid, writable timespec for the call.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
        if rc == 0 {
            return t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9;
        }
    }
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}
