//! Where a finder reports what it finds: only the best instance, for the
//! engine's next step, or every instance, for tools that compare the engine
//! with other solvers (HoDoKu's regression library lists one elimination
//! per case, which may be any instance of the technique).

use super::step::Step;

/// The instances a finder found, ranked by a key (lower is better).
pub(crate) struct Instances {
    all: bool,
    steps: Vec<(u32, Step)>,
}

impl Instances {
    /// Keeps the best instance only; finders stop as soon as they may.
    pub(crate) fn best() -> Instances {
        Instances {
            all: false,
            steps: Vec::new(),
        }
    }

    /// Keeps every instance.
    pub(crate) fn all() -> Instances {
        Instances {
            all: true,
            steps: Vec::new(),
        }
    }

    /// Whether every instance is wanted (finders then go on after a find).
    pub(crate) fn wants_all(&self) -> bool {
        self.all
    }

    /// Records an instance that needs no ranking; `true` when the finder
    /// may stop (only one is wanted).
    pub(crate) fn add(&mut self, step: Step) -> bool {
        self.offer(0, step);
        !self.all
    }

    /// Records an instance ranked by `key`: when only the best is wanted, it
    /// replaces the one kept if its key is lower.
    pub(crate) fn offer(&mut self, key: u32, step: Step) {
        if self.all {
            self.steps.push((key, step));
        } else if self.steps.first().is_none_or(|(k, _)| key < *k) {
            self.steps.clear();
            self.steps.push((key, step));
        }
    }

    /// One is found and only one is wanted: the finder may stop.
    pub(crate) fn done(&self) -> bool {
        !self.all && !self.steps.is_empty()
    }

    /// The key of the best instance kept so far.
    pub(crate) fn best_key(&self) -> Option<u32> {
        self.steps.iter().map(|(k, _)| *k).min()
    }

    /// The best instance (the first found among equals).
    pub(crate) fn into_best(self) -> Option<Step> {
        let mut best: Option<(u32, Step)> = None;
        for (k, s) in self.steps {
            if best.as_ref().is_none_or(|(b, _)| k < *b) {
                best = Some((k, s));
            }
        }
        best.map(|(_, s)| s)
    }

    /// Every instance, in the order found.
    pub(crate) fn into_all(self) -> Vec<Step> {
        self.steps.into_iter().map(|(_, s)| s).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Pattern, Technique};

    fn step(t: Technique) -> Step {
        Step::new(t, Pattern::WrongEntries)
    }

    #[test]
    fn best_keeps_the_lowest_key_and_all_keeps_everything() {
        let mut best = Instances::best();
        best.offer(5, step(Technique::XChain));
        assert!(best.done());
        best.offer(3, step(Technique::XyChain));
        best.offer(3, step(Technique::Aic));
        best.offer(9, step(Technique::AlsXz));
        assert_eq!(best.best_key(), Some(3));
        assert_eq!(best.into_best().unwrap().technique, Technique::XyChain);

        let mut all = Instances::all();
        assert!(!all.add(step(Technique::XChain)));
        all.offer(1, step(Technique::Aic));
        assert!(!all.done());
        assert_eq!(all.into_all().len(), 2);
    }
}
