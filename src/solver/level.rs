//! The instruction sets the band solver is compiled for, and the choice
//! among them at run time.
//!
//! The search is one piece of Rust, compiled once per level: with the
//! x86-64 levels' instructions (POPCNT, TZCNT, BLSR, ANDN, shifts by
//! register, AVX2's wider vectors for the per-cell candidate counts and
//! the stack check, BMI2's PEXT for a board's mini-rows) its bit loops and
//! table lookups compile tighter. The default target builds
//! for baseline x86-64, so the faster copies are called only when the CPU
//! says it has their features. Everywhere else (aarch64 included, where
//! NEON is baseline anyway) the portable copy runs.

use std::sync::atomic::{AtomicU8, Ordering};

/// One compiled copy of the band solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverLevel {
    /// The default target's instructions: runs everywhere.
    Portable,
    /// x86-64-v2: SSE4.1, SSE4.2, POPCNT.
    X86V2,
    /// x86-64-v3: AVX2, BMI1, BMI2, LZCNT, POPCNT (and v2's).
    X86V3,
    /// x86-64-v3 gathering each board's mini-rows with BMI2's PEXT: only
    /// where PEXT is fast (not on AMD before Zen 3, where it is microcoded
    /// and takes tens of cycles).
    X86V3Pext,
}

impl SolverLevel {
    /// Every level, slowest first.
    pub const ALL: [SolverLevel; 4] = [
        SolverLevel::Portable,
        SolverLevel::X86V2,
        SolverLevel::X86V3,
        SolverLevel::X86V3Pext,
    ];

    /// The copy `solve`, `count_solutions` and `verdict` run: the fastest
    /// this CPU runs, x86-64-v2 excepted (against the portable copy it
    /// gains on some sets and loses on others; benches/solver.rs compares
    /// the preferred copy with the portable one in one run).
    pub fn preferred() -> SolverLevel {
        match SolverLevel::detected() {
            SolverLevel::X86V2 => SolverLevel::Portable,
            level => level,
        }
    }

    /// Whether this CPU can run the level.
    pub fn is_available(self) -> bool {
        available_levels() & (1 << self as u8) != 0
    }

    /// The fastest level this CPU runs.
    pub fn detected() -> SolverLevel {
        let mask = available_levels();
        SolverLevel::ALL
            .into_iter()
            .rev()
            .find(|&l| mask & (1 << l as u8) != 0)
            .unwrap_or(SolverLevel::Portable)
    }

    /// A short name for reports ("portable", "x86-64-v2", "x86-64-v3").
    pub fn name(self) -> &'static str {
        match self {
            SolverLevel::Portable => "portable",
            SolverLevel::X86V2 => "x86-64-v2",
            SolverLevel::X86V3 => "x86-64-v3",
            SolverLevel::X86V3Pext => "x86-64-v3+pext",
        }
    }
}

/// Bit `level as u8` for each level this CPU runs; asked of the CPU once.
fn available_levels() -> u8 {
    static AVAILABLE: AtomicU8 = AtomicU8::new(0);
    let known = AVAILABLE.load(Ordering::Relaxed);
    if known != 0 {
        return known;
    }
    let mask = 1 << SolverLevel::Portable as u8 | x86_levels();
    AVAILABLE.store(mask, Ordering::Relaxed);
    mask
}

/// The bits of the x86-64 levels this CPU runs (none elsewhere).
fn x86_levels() -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        let mut mask = 0;
        if has!("sse4.1") && has!("sse4.2") && has!("popcnt") {
            mask |= 1 << SolverLevel::X86V2 as u8;
            if has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt") {
                mask |= 1 << SolverLevel::X86V3 as u8;
                if fast_pext() {
                    mask |= 1 << SolverLevel::X86V3Pext as u8;
                }
            }
        }
        mask
    }
    #[cfg(not(target_arch = "x86_64"))]
    0
}

/// Whether PEXT is a fast instruction here: everywhere but on AMD (and
/// Hygon) CPUs before Zen 3, family 0x19, which run it as microcode whose
/// time grows with the mask's bits.
#[cfg(target_arch = "x86_64")]
fn fast_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let name = [vendor.ebx, vendor.edx, vendor.ecx];
    let amd = name == [0x6874_7541, 0x6974_6e65, 0x444d_4163] // "AuthenticAMD"
        || name == [0x6f67_7948, 0x6e65_476e, 0x656e_6975]; // "HygonGenuine"
    if !amd {
        return true;
    }
    let eax = __cpuid(1).eax;
    let base = (eax >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((eax >> 20) & 0xff)
    } else {
        base
    };
    family >= 0x19
}
