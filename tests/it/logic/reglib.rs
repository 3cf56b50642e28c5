//! HoDoKu's regression library (`../shared/puzzles/hodoku_reglib-1.3.txt`):
//! one technique case per line, with the pencil marks and the expected
//! eliminations or placements. Each case whose technique we implement is
//! run through that technique's finder alone. Two figures per code: the
//! first instance found concludes exactly what HoDoKu expects, and some
//! instance (`find_all`) concludes at least HoDoKu's elimination (a third
//! column counts exact matches among all); fail cases, `-x`, pass when
//! nothing is found. Per-technique counts are printed
//! (`cargo test --release --test it logic::reglib -- --nocapture`; `REGLIB_SHOW=0600-1`
//! also prints the failing cases of one code) and the share that passes
//! must not drop below what was measured when this was written.

use std::collections::BTreeMap;
use std::path::PathBuf;
use sudolens::grid::{Cell, Grid};
use sudolens::logic::{find_all, find_technique, Candidate, Pencilmarks, Step, Technique};

fn technique(code: &str) -> Option<Technique> {
    use Technique::*;
    Some(match code {
        "0000" => FullHouse,
        "0002" => HiddenSingle,
        "0003" => NakedSingle,
        "0100" => Pointing,
        "0101" => Claiming,
        "0110" | "0200" => NakedPair,
        "0111" | "0201" => NakedTriple,
        "0202" => NakedQuad,
        "0210" => HiddenPair,
        "0211" => HiddenTriple,
        "0212" => HiddenQuad,
        "0300" => XWing,
        "0301" => Swordfish,
        "0302" => Jellyfish,
        "0310" => FinnedXWing,
        "0311" => FinnedSwordfish,
        "0312" => FinnedJellyfish,
        "0320" => SashimiXWing,
        "0321" => SashimiSwordfish,
        "0322" => SashimiJellyfish,
        "0400" => Skyscraper,
        "0401" => TwoStringKite,
        "0402" => EmptyRectangle,
        "0403" => TurbotFish,
        "0500" | "0501" => SimpleColoring,
        "0600" => UniqueRectangle1,
        "0601" => UniqueRectangle2,
        "0602" => UniqueRectangle3,
        "0603" => UniqueRectangle4,
        "0610" => Bug1,
        "0701" => XChain,
        "0702" => XyChain,
        "0706" | "0707" | "0708" => Aic,
        "0709" | "0710" | "0711" => GroupedAic,
        "0800" => XyWing,
        "0801" => XyzWing,
        "0803" => WWing,
        "0901" => AlsXz,
        "0902" => AlsXyWing,
        "0903" => AlsChain,
        "0904" => DeathBlossom,
        "1101" => SueDeCoq,
        _ => return None,
    })
}

/// Another technique of ours that HoDoKu files under `code`: its grouped
/// nice loops and AICs may pass through almost locked sets (HoDoKu allows
/// ALS nodes in chains when it lists all steps, as the library's cases
/// were collected), which the engine names ALS-AIC.
fn also(code: &str) -> Option<Technique> {
    match code {
        "0709" | "0710" | "0711" => Some(Technique::AlsAic),
        _ => None,
    }
}

fn single_digit(t: Technique) -> bool {
    use Technique::*;
    matches!(
        t,
        HiddenSingle
            | Pointing
            | Claiming
            | XWing
            | Swordfish
            | Jellyfish
            | FinnedXWing
            | FinnedSwordfish
            | FinnedJellyfish
            | SashimiXWing
            | SashimiSwordfish
            | SashimiJellyfish
            | Skyscraper
            | TwoStringKite
            | TurbotFish
            | EmptyRectangle
            | SimpleColoring
            | XChain
    )
}

/// `"436 257"` -> r3c6 digit 4, r5c7 digit 2.
fn candidates(field: &str) -> Vec<Candidate> {
    field
        .split_whitespace()
        .filter_map(|t| {
            let b = t.as_bytes();
            (b.len() == 3).then(|| {
                let (d, r, c) = (b[0] - b'0', (b[1] - b'1') as usize, (b[2] - b'1') as usize);
                Candidate::new(Cell::new(r, c), d)
            })
        })
        .collect()
}

fn state(givens: &str, deleted: &str) -> Option<Pencilmarks> {
    let digits: String = givens
        .chars()
        .filter(|&c| c != '+')
        .map(|c| if c == '0' { '.' } else { c })
        .collect();
    let grid = Grid::parse(&digits).ok()?;
    let mut s = Pencilmarks::from_grid(&grid);
    for c in candidates(deleted) {
        s.eliminate(c.cell, c.digit);
    }
    Some(s)
}

#[test]
fn hodoku_regression_library() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles/hodoku_reglib-1.3.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("notice: {} not found, skipped", path.display());
        return;
    };
    // HoDoKu's name for each code, from the file's `#0706: Continuous Nice
    // Loop` headings.
    let names: BTreeMap<&str, &str> = text
        .lines()
        .filter_map(|l| l.strip_prefix('#')?.split_once(": "))
        .filter(|(code, _)| code.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    let mut table: BTreeMap<&str, Counts> = BTreeMap::new();
    for line in text.lines().filter(|l| l.starts_with(':')) {
        let f: Vec<&str> = line.split(':').collect();
        if f.len() < 7 {
            continue;
        }
        let (code, variant) = f[1].split_once('-').unwrap_or((f[1], ""));
        let Some(t) = technique(code) else { continue };
        let Some(mut s) = state(f[3], f[4]) else {
            continue;
        };
        // Single-digit techniques: the case names its digit; hide the other
        // digits so an instance on another digit is not found first.
        let digit = f[2].parse::<u8>().ok().filter(|d| (1..=9).contains(d));
        if let (true, Some(d)) = (single_digit(t), digit) {
            for c in Cell::ALL {
                for o in s.cands(c).iter().filter(|&o| o != d) {
                    s.eliminate(c, o);
                }
            }
        }
        let step = find_technique(t, &s);
        let mut want_elim = candidates(f[5]);
        let mut want_place = candidates(f[6]);
        want_elim.sort();
        want_place.sort();
        let fail_case = variant == "x";
        let exact = |st: &Step| concludes(st, &s, &want_elim, &want_place, Match::Exact);
        let covers = |st: &Step| concludes(st, &s, &want_elim, &want_place, Match::Covers);
        let first_ok = if fail_case {
            step.is_none()
        } else {
            step.as_ref().is_some_and(exact)
        };
        let mut all = find_all(t, &s);
        if let Some(t2) = also(code) {
            all.extend(find_all(t2, &s));
        }
        let (any_ok, any_exact) = if fail_case {
            (all.is_empty(), all.is_empty())
        } else {
            (all.iter().any(covers), all.iter().any(exact))
        };
        if std::env::var("REGLIB_SHOW").is_ok_and(|v| v == f[1] || v == code) {
            if !first_ok {
                eprintln!(
                    "FIRST {line}\n  got {:?} want {want_elim:?} {want_place:?}",
                    step.as_ref().map(|s| s.to_string())
                );
            }
            if !any_ok {
                // The instance sharing most eliminations with HoDoKu's.
                let closest = all
                    .iter()
                    .max_by_key(|st| st.eliminated().filter(|c| want_elim.contains(c)).count());
                eprintln!(
                    "NONE  {line}\n  {} instances, first {:?}, closest {:?}",
                    all.len(),
                    all.first().map(|s| s.to_string()),
                    closest.map(|s| s.to_string())
                );
            }
        }
        let e = table.entry(code).or_default();
        e.first += first_ok as usize;
        e.any += any_ok as usize;
        e.any_exact += any_exact as usize;
        e.cases += 1;
    }
    let mut sum = Counts::default();
    eprintln!(
        "{:44} {:>13} {:>13} {:>13}",
        "HoDoKu code (our technique)", "first matches", "among all", "(exactly)"
    );
    let row = |label: &str, c: &Counts| {
        eprintln!(
            "{label:44} {:>7} / {:3} {:>7} / {:3} {:>7} / {:3}",
            c.first, c.cases, c.any, c.cases, c.any_exact, c.cases
        )
    };
    for (code, c) in &table {
        let ours = technique(code).map_or("", |t| t.id());
        row(
            &format!("{code} {} ({ours})", names.get(code).unwrap_or(&"")),
            c,
        );
        sum.first += c.first;
        sum.any += c.any;
        sum.any_exact += c.any_exact;
        sum.cases += c.cases;
    }
    row("all covered cases", &sum);
    assert!(sum.cases > 0);
    assert!(
        sum.first * 100 >= sum.cases * FIRST_FLOOR_PERCENT,
        "first instance: {}/{} passed",
        sum.first,
        sum.cases
    );
    assert!(
        sum.any * 100 >= sum.cases * ANY_FLOOR_PERCENT,
        "among all instances: {}/{} passed",
        sum.any,
        sum.cases
    );
}

/// Per technique: cases whose first instance concludes exactly what
/// HoDoKu expects, cases where some instance concludes at least that,
/// cases where some instance concludes exactly that, and cases.
#[derive(Default)]
struct Counts {
    first: usize,
    any: usize,
    any_exact: usize,
    cases: usize,
}

/// How a step's conclusion is compared with HoDoKu's.
#[derive(Clone, Copy)]
enum Match {
    /// The same eliminations and placements, no more, no fewer.
    Exact,
    /// At least HoDoKu's: an instance that also removes more (a loop
    /// where HoDoKu lists its chains one by one, type 1 and type 2 AICs on
    /// one pair of ends) still finds HoDoKu's elimination. Every step is
    /// checked sound elsewhere (`soundness.rs`, `rate --check`).
    Covers,
}

/// Whether `st` concludes HoDoKu's eliminations or placements.
fn concludes(
    st: &Step,
    s: &Pencilmarks,
    want_elim: &[Candidate],
    want_place: &[Candidate],
    how: Match,
) -> bool {
    let mut elim: Vec<Candidate> = st.eliminated().collect();
    // HoDoKu writes a placement by BUG+1 as the eliminations of
    // the cell's other candidates.
    if want_place.is_empty() {
        for p in &st.placements {
            elim.extend(
                s.cands(p.cell)
                    .iter()
                    .filter(|&d| d != p.digit)
                    .map(|d| Candidate::new(p.cell, d)),
            );
        }
    }
    elim.sort();
    let mut place: Vec<Candidate> = if want_place.is_empty() {
        Vec::new()
    } else {
        st.placements
            .iter()
            .map(|p| Candidate::new(p.cell, p.digit))
            .collect()
    };
    place.sort();
    match how {
        Match::Exact => elim == want_elim && place == want_place,
        Match::Covers => {
            (!want_elim.is_empty() || !want_place.is_empty())
                && want_elim.iter().all(|c| elim.contains(c))
                && want_place.iter().all(|c| place.contains(c))
        }
    }
}

/// Share of covered cases whose first instance matches: 660 of 927 (71%,
/// the new codes of grouped chains, sets and Sue de Coq included; the
/// engine's first instance is its shortest chain, often not HoDoKu's).
const FIRST_FLOOR_PERCENT: usize = 70;

/// Share of covered cases where some instance concludes at least HoDoKu's
/// elimination: 912 of 927 (98%; 901 exactly), up from 845 (91%) once
/// `find_all` lists sets of up to eight cells and stems of any size, loops
/// from the start supposed true as well as false, chains through sets
/// whose places of the linking digit see each other across units, unique
/// rectangles of type 3 whose subset is locked in the line and the box at
/// once, and HoDoKu's grouped loops and AICs are also looked for among
/// ALS-AICs (they were 44 of the 82 misses). The 15 cases left, by code,
/// with what is known of each (`REGLIB_SHOW=code` prints them with the
/// instance closest to HoDoKu's):
/// - unique rectangles (0600 2, 0601 2, 0602 1, 0603 3): all eight are
///   variant `-2` cases, where the finder sees no rectangle at all; not
///   yet analysed (HoDoKu may count a rectangle with a corner solved or a
///   digit missing in a way the engine does not).
/// - ALS-XY-Chain (0903), 4: in at least one HoDoKu's chain removes two
///   digits at once: its end sets share two digits z besides the
///   restricted ones, and each is in one end set. The engine's chain
///   proves one z at a time (another chain removes the other), a variant
///   still to add to the chain's conclusion.
/// - ALS-XY-Wing (0902), 1; grouped continuous loop (0709), 1; Death
///   Blossom (0904), 1: some instance removes part of HoDoKu's
///   eliminations; not yet analysed.
const ANY_FLOOR_PERCENT: usize = 98;
