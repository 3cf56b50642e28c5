//! Pip's chain hints (issue 33): a nested forcing chain's inner chains open
//! on More, and the board draws only the branch of a forcing chain being
//! read. Each test opens a board where the chain is the next step
//! (`tests/data/games`), so that the debug engine finds it at once.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudolens::hint::{inner_chains, Lang};
use sudolens::logic::{Link, Technique};

use super::common::*;

/// A copy of `tests/data/games/NAME` opened (a copy: the window saves the
/// game it plays), and Pip's hint on it, which is `technique`.
fn hint_on(dir: &TestDir, name: &str, technique: Technique) -> Window {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let path = dir.join(name);
    std::fs::copy(data.join(name), &path).unwrap();
    let mut h = open_window(dir);
    open_file(&mut h, &path);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let told = h
        .state()
        .dialogue()
        .current()
        .and_then(|(p, _)| p.step.as_ref().map(|s| s.technique));
    assert_eq!(told, Some(technique));
    h
}

#[test]
fn more_opens_a_nested_chains_inner_chain() {
    let dir = TestDir::new("inner");
    let mut h = hint_on(
        &dir,
        "nested_forcing_chain.json",
        Technique::NestedForcingChain,
    );
    let step = step_being_read(&h);
    assert!(
        h.query_by_label_contains("More: inner chain").is_none(),
        "nothing to open on the nudge"
    );
    // On to the first line that names an inner chain.
    while h
        .state()
        .dialogue()
        .current_line()
        .unwrap()
        .inner
        .is_empty()
    {
        click_frames(&mut h, "Next >", 2);
    }
    let naming = h.state().dialogue().current_line().unwrap().clone();
    let k = naming.inner[0];
    let of = |lang| {
        inner_chains(&step, lang)
            .into_iter()
            .find(|c| c.number == k)
            .unwrap()
    };
    let chain = of(Lang::En);
    let first = &chain.lines[0].text;
    assert!(h.query_by_label(first).is_none(), "told on request only");
    click(&mut h, &chain.more);
    h.step();
    assert!(h.query_by_label(first).is_some(), "More opened {first:?}");
    assert!(h.query_by_label(&chain.title).is_some());
    assert!(
        h.query_by_label(&naming.text).is_none(),
        "shown in place of the chain's lines"
    );
    let board = h.state().board_highlights().0;
    assert_eq!(
        board.links,
        chain.lines.last().unwrap().highlights.links,
        "the board draws the inner chain"
    );
    click(&mut h, "Back to the chain");
    h.step();
    assert!(h.query_by_label(first).is_none(), "Back closed it");
    assert!(
        h.query_by_label(&naming.text).is_some(),
        "back on the chain"
    );

    choose_french(&mut h);
    h.run_steps(3);
    let chain = of(Lang::Fr);
    click(&mut h, &chain.more);
    h.step();
    assert!(
        h.query_by_label(&chain.lines[0].text).is_some(),
        "in French"
    );
    assert!(h.query_by_label("Retour à la chaîne").is_some());
}

#[test]
fn the_board_draws_only_the_branch_being_read() {
    let dir = TestDir::new("branch");
    let mut h = hint_on(&dir, "unit_forcing_chain.json", Technique::UnitForcingChain);
    let mut branches = 0;
    let mut before: Vec<Link> = Vec::new();
    loop {
        let (p, i) = h.state().dialogue().current().unwrap();
        let line = p.lines[i].clone();
        let last = i + 1 == p.lines.len();
        let own = line.highlights.links.clone();
        // The last line shows the whole chain, every branch.
        if !own.is_empty() && !last {
            // A line whose links leave out the last line's starts a branch.
            if !before.iter().all(|l| own.contains(l)) || before.is_empty() {
                branches += 1;
            }
            let drawn = h.state().board_highlights().0.links;
            assert_eq!(
                drawn,
                own,
                "line {}, {:?}: the board draws this branch's links, no other's",
                i + 1,
                line.text
            );
            before = own;
        }
        if last {
            break;
        }
        click_frames(&mut h, "Next >", 2);
    }
    assert!(branches >= 3, "a case per place of the digit: {branches}");
}
