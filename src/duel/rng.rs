//! A small seeded random generator (SplitMix64): the duel's grids and
//! Pip's guesses must come out the same from the same seed on every
//! machine, so that a game can be replayed, resumed and tested.

/// SplitMix64: one 64-bit state, good enough statistics for shuffling
/// cells and picking guesses, and no dependency.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A generator for one purpose of a game: the same seed with two
    /// different `purpose`s gives two unrelated streams.
    pub fn for_purpose(seed: u64, purpose: u64) -> Rng {
        let mut r = Rng(seed ^ purpose.wrapping_mul(0xD1B5_4A32_D192_ED03));
        r.next_u64();
        r
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), without the bias of a plain modulo.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
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
    fn the_same_seed_gives_the_same_numbers() {
        let a: Vec<u64> = (0..5).map(|_| Rng::new(7).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        let mut r = Rng::new(7);
        let mut s = Rng::new(7);
        assert_eq!(
            (0..20).map(|_| r.below(9)).collect::<Vec<_>>(),
            (0..20).map(|_| s.below(9)).collect::<Vec<_>>()
        );
        assert_ne!(
            Rng::for_purpose(1, 1).next_u64(),
            Rng::for_purpose(1, 2).next_u64()
        );
    }

    #[test]
    fn below_covers_its_range_evenly() {
        let mut r = Rng::new(42);
        let mut counts = [0u32; 6];
        for _ in 0..6000 {
            counts[r.below(6)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (850..1150).contains(&c)),
            "{counts:?}"
        );
        let mut v: Vec<u32> = (0..10).collect();
        r.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..10).collect::<Vec<_>>());
    }
}
