//! The generator's random numbers: SplitMix64, written out here so that a
//! seed gives the same stream on every machine and with every version of
//! every dependency (a crate's generator may change its stream in a minor
//! release; this one is pinned by the reference outputs in the tests).
//!
//! SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
//! generators", OOPSLA 2014; the generator of Java's `SplittableRandom`)
//! adds a constant to a 64-bit state and hashes it: 2^64 period, passes
//! BigCrush, and needs nothing but integer arithmetic, so no decision
//! depends on floating point.

/// A small deterministic pseudorandom generator.
#[derive(Clone, Debug)]
pub(crate) struct Rng {
    state: u64,
}

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n > 0`), without modulo bias: Lemire's
    /// multiply-and-shift with rejection ("Fast random integer generation in
    /// an interval", 2019).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let n = n as u64;
        // 2^64 mod n: products whose low half falls under it are rejected.
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as usize;
            }
        }
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_splitmix64s_reference_stream() {
        // The first outputs of SplitMix64 from state 0, as printed by the
        // reference C implementation (prng.di.unimi.it/splitmix64.c).
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(rng.next_u64(), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 9];
        for _ in 0..9000 {
            seen[rng.below(9)] += 1;
        }
        // Each value about 1000 times: far from 0 and from 9000.
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn a_shuffle_is_a_permutation_and_depends_on_the_seed() {
        let shuffled = |seed| {
            let mut v: Vec<u8> = (0..20).collect();
            Rng::new(seed).shuffle(&mut v);
            v
        };
        let mut sorted = shuffled(1);
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<u8>>());
        assert_eq!(shuffled(1), shuffled(1));
        assert_ne!(shuffled(1), shuffled(2));
    }
}
