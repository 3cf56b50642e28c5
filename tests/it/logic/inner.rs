//! A nested forcing chain names its inner chains in one line each and tells
//! them on request (issue 33): each line carries the numbers of the inner
//! chains it names, so that the window and the page put More on it.

use std::path::Path;
use sudolens::grid::SavedGame;
use sudolens::hint::{for_reading, inner_chains, Lang};
use sudolens::logic::{next_outcome, NextStep, Technique};

/// The board of `tests/data/games/nested_forcing_chain.json`, where the
/// next step is a nested forcing chain.
fn nested_chain_step() -> sudolens::logic::Step {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games/nested_forcing_chain.json");
    let game = SavedGame::read(&path).unwrap();
    let NextStep::Step(step) = next_outcome(&game.board) else {
        panic!("a step on the nested chain's board");
    };
    assert_eq!(step.technique, Technique::NestedForcingChain);
    *step
}

#[test]
fn the_lines_that_name_inner_chains_carry_their_numbers() {
    let step = nested_chain_step();
    for (lang, word) in [(Lang::En, "inner chain"), (Lang::Fr, "intérieure")] {
        let told = for_reading(&step, lang);
        let inner = inner_chains(&step, lang);
        assert!(inner.len() >= 2, "{inner:?}");
        // Every inner chain is named by a line of the step or of another
        // inner chain, and opened from there.
        let mut named: Vec<usize> = told
            .lines
            .iter()
            .chain(inner.iter().flat_map(|c| &c.lines))
            .flat_map(|l| {
                if !l.inner.is_empty() {
                    assert!(l.text.contains(word), "{lang:?}: {}", l.text);
                    // Numbers are listed with commas, not semicolons.
                    assert!(!l.text.contains(';'), "{}", l.text);
                    for k in &l.inner {
                        assert!(l.text.contains(&k.to_string()), "{}", l.text);
                    }
                }
                l.inner.clone()
            })
            .collect();
        named.sort();
        named.dedup();
        let numbers: Vec<usize> = inner.iter().map(|c| c.number).collect();
        assert_eq!(named, numbers, "{lang:?}");
        for c in &inner {
            assert!(c.more.contains(&c.number.to_string()), "{}", c.more);
            assert!(
                !c.lines.is_empty() && c.title.to_lowercase().contains(word),
                "{}",
                c.title
            );
        }
    }
}
