//! The exact solver and the grid formats, against references and properties.

mod format_props;
mod levels;
mod props;

/// Every `step`-th of the first `limit` puzzles of a shared set (in
/// `../shared/puzzles`); `None`, said plainly, when the set is absent.
fn shared_puzzles(name: &str, step: usize, limit: usize) -> Option<Vec<sudolens::grid::Grid>> {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/puzzles")
        .join(format!("{name}.txt"));
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("{} is absent: skipped", path.display());
        return None;
    };
    Some(
        text.lines()
            .filter(|l| l.len() >= 81)
            .take(limit)
            .step_by(step)
            .map(|l| sudolens::grid::Grid::parse(&l[..81]).expect("shared puzzles parse"))
            .collect(),
    )
}
