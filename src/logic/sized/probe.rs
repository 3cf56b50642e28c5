//! A quick yes-or-no answer to "does this supposition break the grid by
//! singles alone?", for the searches that ask it thousands of times (the
//! nested contradictions). The told chains still come from
//! [`super::forcing`]'s `follow`, which records every placement in order;
//! this one only answers.
//!
//! Algorithm: the supposition is placed on a scratch copy of the
//! candidates, then the consequences spread by a worklist instead of
//! rescanning the grid: a value placed leaves its peers (a peer left with
//! one candidate is queued, with none the grid breaks), and each value
//! taken from a cell marks that cell's houses for that value; a marked
//! house with no place left for a value it lacks breaks the grid, with one
//! place queues it. Singles reach the same fixed point in any order, so
//! the answer is the one `follow` gives.

use super::marks::{bit, Geometry, SizedMarks};
use super::step::SizedCandidate;

/// Scratch buffers, reused from one question to the next.
#[derive(Default)]
pub(super) struct Probe {
    values: Vec<u8>,
    cands: Vec<u32>,
    queue: Vec<SizedCandidate>,
    marked: Vec<(u16, u8)>,
    asked: u64,
}

impl Probe {
    /// How many questions this probe has answered.
    pub fn asked(&self) -> u64 {
        self.asked
    }

    /// Whether placing `supposed` on `m` and following the singles leaves
    /// a cell with no candidate, or a house with no place for a value.
    pub fn breaks(&mut self, m: &SizedMarks, supposed: SizedCandidate) -> bool {
        self.asked += 1;
        self.values.clear();
        self.values.extend_from_slice(m.values());
        self.cands.clear();
        self.cands.extend_from_slice(m.all_candidates());
        self.queue.clear();
        self.marked.clear();
        self.queue.push(supposed);
        let g = m.geometry();
        loop {
            while let Some(c) = self.queue.pop() {
                if !self.place(g, c) {
                    return true;
                }
            }
            if self.marked.is_empty() {
                return false;
            }
            while let Some((house, v)) = self.marked.pop() {
                match self.places_left(g, house, v) {
                    Left::Placed | Left::Several => {}
                    Left::None => return true,
                    Left::One(cell) => self.queue.push(SizedCandidate::new(cell, v)),
                }
            }
        }
    }

    /// Places `c` and spreads it to its peers; `false` when the grid breaks.
    fn place(&mut self, g: &Geometry, c: SizedCandidate) -> bool {
        let i = usize::from(c.cell);
        let b = bit(c.value);
        if self.values[i] != 0 {
            return self.values[i] == c.value;
        }
        if self.cands[i] & b == 0 {
            return false;
        }
        let others = self.cands[i] & !b;
        self.values[i] = c.value;
        self.cands[i] = 0;
        for &h in &g.houses_of[i] {
            let mut rest = others;
            while rest != 0 {
                let w = rest.trailing_zeros() as u8 + 1;
                rest &= rest - 1;
                self.marked.push((h, w));
            }
        }
        for p in g.peers[i].iter() {
            let pi = usize::from(p);
            if self.cands[pi] & b == 0 {
                continue;
            }
            self.cands[pi] &= !b;
            match self.cands[pi].count_ones() {
                0 => return false,
                1 => {
                    let v = self.cands[pi].trailing_zeros() as u8 + 1;
                    self.queue.push(SizedCandidate::new(p, v));
                }
                _ => {}
            }
            for &h in &g.houses_of[pi] {
                self.marked.push((h, c.value));
            }
        }
        true
    }

    fn places_left(&self, g: &Geometry, house: u16, v: u8) -> Left {
        let b = bit(v);
        let mut left = Left::None;
        for &c in &g.house_cells[usize::from(house)] {
            let i = usize::from(c);
            if self.values[i] == v {
                return Left::Placed;
            }
            if self.cands[i] & b != 0 {
                left = match left {
                    Left::None => Left::One(c),
                    _ => Left::Several,
                };
            }
        }
        left
    }
}

/// A house's places left for a value.
enum Left {
    Placed,
    None,
    One(u16),
    Several,
}
