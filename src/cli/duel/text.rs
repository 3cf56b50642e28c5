//! The terminal duel's text: both grids drawn side by side with the score,
//! and the reading of what the player types.

use sudolens::duel::{Action, Answer, Duel, Side};
use sudolens::grid::{Cell, Grid};
use sudolens::hint::{duel as words, Lang};

/// Width of one drawn grid, its row labels included.
const WIDTH: usize = 25;

/// One grid as text lines: a column header, then rows labelled r1 to r9.
fn grid_lines(grid: &Grid) -> Vec<String> {
    let mut lines = vec!["    1 2 3   4 5 6   7 8 9".to_string()];
    for row in 0..9 {
        if row == 3 || row == 6 {
            lines.push("    ------+-------+------".to_string());
        }
        let mut s = format!("r{}  ", row + 1);
        for col in 0..9 {
            if col == 3 || col == 6 {
                s.push_str("| ");
            }
            let d = grid.get(Cell::new(row, col));
            s.push(if d == 0 { '.' } else { (b'0' + d) as char });
            if col < 8 {
                s.push(' ');
            }
        }
        lines.push(s);
    }
    lines
}

/// Who sits where: the player and Pip, or two Pips.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Seats {
    PlayerAndPip,
    TwoPips,
}

/// Both grids side by side, the score of each side and whose turn it is.
pub fn board(duel: &Duel, seats: Seats, lang: Lang) -> String {
    let name = |side| match seats {
        Seats::PlayerAndPip => words::side_name(side, lang),
        Seats::TwoPips => words::seat_name(side),
    };
    let (mine, pips) = match seats {
        Seats::PlayerAndPip => words::grid_titles(lang),
        Seats::TwoPips => (name(Side::Player).to_string(), name(Side::Pip).to_string()),
    };
    let left = grid_lines(&duel.camp(Side::Player).filling);
    let right = grid_lines(&duel.camp(Side::Pip).filling);
    let mut out = format!("{mine:<w$}      {pips}\n", w = WIDTH);
    for (l, r) in left.iter().zip(&right) {
        out.push_str(&format!("{l:<w$}      {r}\n", w = WIDTH));
    }
    for side in [Side::Player, Side::Pip] {
        let camp = duel.camp(side);
        out.push_str(&words::score(
            name(side),
            &camp.tally,
            camp.holes_left(),
            lang,
        ));
        out.push('\n');
    }
    if !duel.is_over() && seats == Seats::PlayerAndPip {
        out.push_str(&words::whose_turn(duel.turn(), lang));
        out.push('\n');
    }
    out
}

/// A move as typed: `r4c9 6`, `r4c9=6`, `6 r4c9`, `joker r4c9`, `j r4c9`.
pub fn parse_move(text: &str) -> Option<Action> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '=' || c == ':' || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let joker = |t: &str| matches!(t.to_ascii_lowercase().as_str(), "joker" | "j");
    let digit = |t: &str| match t.as_bytes() {
        [d @ b'1'..=b'9'] => Some(d - b'0'),
        _ => None,
    };
    match tokens.as_slice() {
        [a, b] if joker(a) => Cell::parse(b).map(|cell| Action::Joker { cell }),
        [a, b] if joker(b) => Cell::parse(a).map(|cell| Action::Joker { cell }),
        [a, b] => match (Cell::parse(a), digit(b), Cell::parse(b), digit(a)) {
            (Some(cell), Some(digit), _, _) | (_, _, Some(cell), Some(digit)) => {
                Some(Action::Place { cell, digit })
            }
            _ => None,
        },
        _ => None,
    }
}

/// An answer to Pip's move: right or wrong (in English or French), or a
/// joker's digit.
pub fn parse_answer(text: &str) -> Option<Answer> {
    let t = text.trim().to_lowercase();
    match t.as_str() {
        "right" | "r" | "yes" | "y" | "juste" | "j" | "oui" | "o" => Some(Answer::Right),
        "wrong" | "w" | "no" | "n" | "faux" | "f" | "non" => Some(Answer::Wrong),
        _ => match t.as_bytes() {
            [d @ b'1'..=b'9'] => Some(Answer::Value(d - b'0')),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_as_players_type_them() {
        let c = Cell::parse("r4c9").unwrap();
        let place = Some(Action::Place { cell: c, digit: 6 });
        for text in ["r4c9 6", "R4C9=6", "  6 r4c9 ", "r4c9: 6"] {
            assert_eq!(parse_move(text), place, "{text}");
        }
        assert_eq!(parse_move("joker r4c9"), Some(Action::Joker { cell: c }));
        assert_eq!(parse_move("r4c9 J"), Some(Action::Joker { cell: c }));
        for text in ["r4c9", "r4c 6", "r4c9 0", "r4c9 66", "joker", "hello there"] {
            assert_eq!(parse_move(text), None, "{text}");
        }
        assert_eq!(parse_answer("Right"), Some(Answer::Right));
        assert_eq!(parse_answer("faux\n"), Some(Answer::Wrong));
        assert_eq!(parse_answer("7"), Some(Answer::Value(7)));
        assert_eq!(parse_answer("maybe"), None);
    }
}
