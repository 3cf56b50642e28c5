//! The closure's chain rule: alternating inference chains of single
//! candidates, every start at once.

use super::{bits, Marks};
use crate::grid::masks::{ALL_CELLS, PEER_MASKS, UNIT_MASKS};

impl Marks {
    /// Alternating inference chains of single candidates, in bulk: which
    /// candidates each candidate, supposed false, forces true within 23
    /// links, then every placement and elimination those chains prove.
    pub(super) fn chains(&mut self) -> bool {
        // The candidates, numbered.
        let mut id = [u16::MAX; 729];
        let mut cand: Vec<(usize, usize)> = Vec::new();
        for d in 0..9 {
            for c in bits(self.digits[d]) {
                id[c * 9 + d] = cand.len() as u16;
                cand.push((c, d));
            }
        }
        let n = cand.len();
        if n == 0 {
            return false;
        }
        let words = n.div_ceil(64);
        // Strong links (off -> on): the two places of a digit in a unit,
        // the two candidates of a bivalue cell.
        let mut strong: Vec<(u16, u16)> = Vec::new();
        for d in 0..9 {
            for u in UNIT_MASKS {
                let m = self.digits[d] & u;
                if m.count_ones() == 2 {
                    let a = id[m.trailing_zeros() as usize * 9 + d];
                    let b = id[(127 - m.leading_zeros()) as usize * 9 + d];
                    strong.push((a, b));
                    strong.push((b, a));
                }
            }
        }
        for c in bits(ALL_CELLS & !self.filled) {
            let m = self.cells[c];
            if m.count_ones() == 2 {
                let a = id[c * 9 + m.trailing_zeros() as usize];
                let b = id[c * 9 + 15 - m.leading_zeros() as usize];
                strong.push((a, b));
                strong.push((b, a));
            }
        }
        strong.sort_unstable();
        strong.dedup();
        // Weak links (on -> off) are every other candidate of the cell and
        // every place of the digit the cell sees: gathered per target.
        // `off[i]` / `on[i]`: the starts (as bits) reaching candidate i
        // false / true.
        let mut off = vec![0u64; n * words];
        let mut on = vec![0u64; n * words];
        for i in 0..n {
            off[i * words + i / 64] |= 1 << (i % 64);
        }
        let mut next = vec![0u64; words];
        for round in 0..12 {
            let mut changed = false;
            for &(a, b) in &strong {
                let (a, b) = (a as usize, b as usize);
                for w in 0..words {
                    let v = off[a * words + w];
                    let t = &mut on[b * words + w];
                    if v & !*t != 0 {
                        *t |= v;
                        changed = true;
                    }
                }
            }
            if !changed || round == 11 {
                break;
            }
            // off[y] |= on[z] for every z that sees y (same digit) or shares
            // its cell.
            for y in 0..n {
                let (c, d) = cand[y];
                next.iter_mut().for_each(|w| *w = 0);
                for p in bits(self.digits[d] & PEER_MASKS[c]) {
                    let z = id[p * 9 + d] as usize;
                    for w in 0..words {
                        next[w] |= on[z * words + w];
                    }
                }
                for e in bits(u128::from(self.cells[c] & !(1 << d))) {
                    let z = id[c * 9 + e] as usize;
                    for w in 0..words {
                        next[w] |= on[z * words + w];
                    }
                }
                for w in 0..words {
                    off[y * words + w] |= next[w];
                }
            }
        }
        // Placements: a candidate that, supposed false, comes back true.
        let mut place: Vec<(usize, usize)> = Vec::new();
        for (i, &(c, d)) in cand.iter().enumerate() {
            if on[i * words + i / 64] & (1 << (i % 64)) != 0 {
                place.push((c, d));
            }
        }
        // Eliminations: v = (c, d) falls when one end of a chain is a
        // candidate of d seeing c, or another candidate of c, and the other
        // end likewise (see `chains::search::common_victims`).
        let mut victims: Vec<(usize, usize)> = Vec::new();
        let mut ends = vec![0u64; words];
        let mut reached = vec![0u64; words];
        for &(c, d) in &cand {
            ends.iter_mut().for_each(|w| *w = 0);
            reached.iter_mut().for_each(|w| *w = 0);
            for p in bits(self.digits[d] & PEER_MASKS[c]) {
                let z = id[p * 9 + d] as usize;
                ends[z / 64] |= 1 << (z % 64);
                for w in 0..words {
                    reached[w] |= on[z * words + w];
                }
            }
            for e in bits(u128::from(self.cells[c] & !(1 << d))) {
                let z = id[c * 9 + e] as usize;
                ends[z / 64] |= 1 << (z % 64);
                for w in 0..words {
                    reached[w] |= on[z * words + w];
                }
            }
            if (0..words).any(|w| reached[w] & ends[w] != 0) {
                victims.push((c, d));
            }
        }
        let progress = !place.is_empty() || !victims.is_empty();
        for (c, d) in victims {
            self.eliminate(c, d);
        }
        for (c, d) in place {
            if self.cells[c] & (1 << d) != 0 {
                self.place(c, d);
            }
        }
        progress
    }
}
