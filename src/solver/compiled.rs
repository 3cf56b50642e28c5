//! The band solver's compiled copies, one per [`SolverLevel`], and the
//! call that picks one.

use super::bands::{search_body, BandBoards, Compiled};
use super::level::SolverLevel;
use crate::grid::Grid;

/// The copy built for the default target.
#[derive(Clone, Copy)]
struct Portable;

impl Compiled for Portable {
    const POPCNT: bool = false;
    #[inline(always)]
    fn search(self, s: &mut BandBoards, limit: usize, found: &mut [Grid], count: &mut usize) {
        search_portable(s, limit, found, count);
    }
}

fn search_portable(s: &mut BandBoards, limit: usize, found: &mut [Grid], count: &mut usize) {
    search_body(Portable, s, limit, found, count);
}

/// Declares a copy for an x86-64 level: its token (made only once the CPU
/// is known to run the level) and its search compiled with the level's
/// features.
#[cfg(target_arch = "x86_64")]
macro_rules! x86_copy {
    ($token:ident, $search:ident, $level:expr, $features:literal, $pext:literal) => {
        #[derive(Clone, Copy)]
        struct $token(());

        impl $token {
            fn new() -> Option<$token> {
                $level.is_available().then_some($token(()))
            }
        }

        impl Compiled for $token {
            const POPCNT: bool = true;
            const PEXT: bool = $pext;
            #[inline(always)]
            fn search(
                self,
                s: &mut BandBoards,
                limit: usize,
                found: &mut [Grid],
                count: &mut usize,
            ) {
                // SAFETY: a token exists only when `new` found the CPU runs
                // every feature `$search` is compiled with.
                unsafe { $search(self, s, limit, found, count) }
            }
        }

        #[target_feature(enable = $features)]
        fn $search(
            token: $token,
            s: &mut BandBoards,
            limit: usize,
            found: &mut [Grid],
            count: &mut usize,
        ) {
            search_body(token, s, limit, found, count);
        }
    };
}

#[cfg(target_arch = "x86_64")]
x86_copy!(
    X86V2,
    search_x86_v2,
    SolverLevel::X86V2,
    "sse4.1,sse4.2,popcnt",
    false
);
#[cfg(target_arch = "x86_64")]
x86_copy!(
    X86V3,
    search_x86_v3,
    SolverLevel::X86V3,
    "sse4.1,sse4.2,popcnt,avx2,bmi1,bmi2,lzcnt",
    false
);
// The same features; its token exists only where the CPU has them and a
// fast PEXT (SolverLevel::X86V3Pext).
#[cfg(target_arch = "x86_64")]
x86_copy!(
    X86V3Pext,
    search_x86_v3_pext,
    SolverLevel::X86V3Pext,
    "sse4.1,sse4.2,popcnt,avx2,bmi1,bmi2,lzcnt",
    true
);

/// Searches with the copy for `level`, or the portable one when this CPU
/// does not run `level`.
pub(crate) fn search_at(
    level: SolverLevel,
    s: &mut BandBoards,
    limit: usize,
    found: &mut [Grid],
    count: &mut usize,
) {
    match level {
        #[cfg(target_arch = "x86_64")]
        SolverLevel::X86V3Pext => {
            if let Some(token) = X86V3Pext::new() {
                return token.search(s, limit, found, count);
            }
        }
        #[cfg(target_arch = "x86_64")]
        SolverLevel::X86V3 => {
            if let Some(token) = X86V3::new() {
                return token.search(s, limit, found, count);
            }
        }
        #[cfg(target_arch = "x86_64")]
        SolverLevel::X86V2 => {
            if let Some(token) = X86V2::new() {
                return token.search(s, limit, found, count);
            }
        }
        _ => {}
    }
    search_portable(s, limit, found, count);
}
