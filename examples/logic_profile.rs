//! Time spent in each technique finder over a puzzle file:
//! `cargo run --release --example logic_profile -- FILE [COUNT]`.

use std::time::Instant;
use sudolens::grid::Grid;
use sudolens::logic::{apply_to_state, profile_finders, Pencilmarks};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let n: usize = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(200);
    let text = std::fs::read_to_string(path).unwrap();
    let mut totals = vec![(String::new(), 0f64, 0usize); 64];
    let t0 = Instant::now();
    for line in text.lines().take(n) {
        let g = Grid::parse(&line[..81]).unwrap();
        let mut s = Pencilmarks::from_grid(&g);
        loop {
            let (step, times) = profile_finders(&s);
            for (i, (name, t)) in times.into_iter().enumerate() {
                totals[i].0 = name;
                totals[i].1 += t;
                totals[i].2 += 1;
            }
            let Some(step) = step else { break };
            apply_to_state(&mut s, &step);
        }
    }
    println!("total {:.1} ms", t0.elapsed().as_secs_f64() * 1e3);
    for (name, t, c) in totals.iter().filter(|x| x.2 > 0) {
        println!("{name:30} {:9.1} ms {c}", t);
    }
}
